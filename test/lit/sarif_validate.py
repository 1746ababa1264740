#!/usr/bin/env python3
"""Validates SARIF files with Microsoft's official validator and GitHub's rules.

Usage: sarif_validate.py NPM_PREFIX FILE.sarif...

Installs @microsoft/sarif-multitool with npm into NPM_PREFIX on first use,
runs `validate --rule-kind "Sarif;Ghas"` on each file and reads the log it
writes: the multitool exits 0 even when it finds errors. Every result is
printed; the script fails on any error, and on any warning except the one
about the tool's informationUri, which the build leaves out unless
ERRLINT_INFORMATION_URI is set. Without npm it fails loudly: it never passes
without having validated.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile

PACKAGE = "@microsoft/sarif-multitool"
# (rule id, message id) pairs tolerated at warning level.
ALLOWED_WARNINGS = {("SARIF2005", "Warning_ProvideToolnformationUri")}


def multitool(prefix):
    """The native multitool binary, installing the package when needed."""
    platform = {"linux": "linux", "darwin": "darwin", "win32": "win32"}.get(
        sys.platform, sys.platform)
    exe = "Sarif.Multitool.exe" if platform == "win32" else "Sarif.Multitool"
    binary = os.path.join(prefix, "node_modules", "@microsoft",
                          "sarif-multitool-" + platform, exe)
    os.makedirs(prefix, exist_ok=True)
    # Tests run in parallel: one installation at a time.
    with open(os.path.join(prefix, ".install.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(binary):
            npm = shutil.which("npm")
            if not npm:
                sys.exit("sarif_validate: npm is not installed; it is needed "
                         "to install " + PACKAGE + " (the SARIF test cannot "
                         "pass without validating)")
            proc = subprocess.run(
                [npm, "install", "--no-audit", "--no-fund", "--prefix",
                 prefix, PACKAGE],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if proc.returncode != 0 or not os.path.exists(binary):
                sys.exit("sarif_validate: 'npm install %s' failed:\n%s"
                         % (PACKAGE, proc.stdout))
    if not os.access(binary, os.X_OK):
        os.chmod(binary, 0o755)
    return binary


def validate(binary, path):
    """Returns the validator's results for one file."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "validation.sarif")
        # The multitool is a .NET program: without ICU it needs the
        # invariant globalization mode, which validation does not mind.
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1")
        proc = subprocess.run(
            [binary, "validate", "--rule-kind", "Sarif;Ghas", "--level",
             "Error;Warning;Note", "--output", log, path],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=env)
        if not os.path.exists(log):
            sys.exit("sarif_validate: the validator wrote no log (exit %d):\n%s"
                     % (proc.returncode, proc.stdout))
        with open(log, encoding="utf-8-sig") as f:
            data = json.load(f)
    results = []
    for run in data.get("runs", []):
        templates = {
            rule["id"]: {k: v.get("text", "") for k, v in
                         rule.get("messageStrings", {}).items()}
            for rule in run.get("tool", {}).get("driver", {}).get("rules", [])}
        for note in (run.get("invocations") or [{}])[0].get(
                "toolExecutionNotifications", []):
            if note.get("level") == "error":
                results.append(("error", "tool", "", note["message"]["text"]))
        for r in run.get("results", []):
            rule = r.get("ruleId", "?")
            msg = r.get("message", {})
            text = msg.get("text") or templates.get(rule, {}).get(
                msg.get("id"), msg.get("id", ""))
            for i, arg in enumerate(msg.get("arguments", [])):
                text = text.replace("{%d}" % i, str(arg))
            results.append((r.get("level", "warning"), rule,
                            msg.get("id", ""), text))
    return results


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: sarif_validate.py NPM_PREFIX FILE.sarif...")
    binary = multitool(sys.argv[1])
    failed = False
    for path in sys.argv[2:]:
        for level, rule, msg_id, text in validate(binary, path):
            bad = level == "error" or (
                level == "warning" and (rule, msg_id) not in ALLOWED_WARNINGS)
            failed = failed or bad
            print("%s: %s %s %s: %s" % (path, "FAIL" if bad else "ok",
                                        level, rule, text))
        print("%s: validated with %s (Sarif;Ghas)" % (path, PACKAGE))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
