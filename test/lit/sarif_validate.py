#!/usr/bin/env python3
"""Validates SARIF files with Microsoft's official validator and GitHub's rules.

Usage: sarif_validate.py MULTITOOL FILE.sarif...

MULTITOOL is the native Sarif.Multitool binary that scripts/setup.sh installs
(CMake finds it as ERRLINT_SARIF_MULTITOOL; '-' when it found none). The script
runs `validate --rule-kind "Sarif;Ghas"` on each file and reads the log it
writes: the multitool exits 0 even when it finds errors. Every result is
printed; the script fails on any error, and on any warning except the one
about the tool's informationUri, which the build leaves out unless
ERRLINT_INFORMATION_URI is set. It installs nothing and never reaches the
network; without the multitool it fails in one line: it never passes without
having validated.
"""
import json
import os
import subprocess
import sys
import tempfile

PACKAGE = "@microsoft/sarif-multitool"
# (rule id, message id) pairs tolerated at warning level.
ALLOWED_WARNINGS = {("SARIF2005", "Warning_ProvideToolnformationUri")}


def multitool(path):
    """The multitool binary, or exit with one line saying what to run."""
    if path == "-" or not os.access(path, os.X_OK):
        sys.exit("sarif_validate: the SARIF multitool (%s) is not installed%s; "
                 "run scripts/setup.sh, then configure the build again"
                 % (PACKAGE, "" if path == "-" else " at " + path))
    return path


def validate(binary, path):
    """Returns the validator's results for one file."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "validation.sarif")
        # The multitool is a .NET program: without ICU it needs the
        # invariant globalization mode, which validation does not mind.
        # It is a single-file bundle that unpacks itself: into the test's own
        # temporary directory, not wherever HOME points.
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1",
                   DOTNET_BUNDLE_EXTRACT_BASE_DIR=os.path.join(tmp, "bundle"))
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
        sys.exit("usage: sarif_validate.py MULTITOOL FILE.sarif...")
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
