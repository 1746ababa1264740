#!/usr/bin/env python3
"""Checks the rule examples the docs show against what errlint reports.

Usage: check_examples.py ERRLINT DIR [ERRLINT-OPTION...]

DIR holds the examples written by `errlint --extract-examples=DIR`, as
DIR/<rule-id>/flagged-N.cpp and DIR/<rule-id>/not-flagged-N.cpp. Each is
analyzed on its own (with the given errlint options, e.g. --rules). A flagged
example must be reported exactly on the lines marked "// flagged", by its own
rule and exit code 1; a not-flagged one must give no finding and exit code 0.
Prints one line per example and fails on the first mismatch it reports.
"""
import os
import re
import subprocess
import sys

DIAG = re.compile(r"^(.*?):(\d+):(\d+): (warning|error): .* \[errlint-([a-z0-9-]+)\]$")
MARKER = "// flagged"


def check(errlint, path, rule, options):
    flagged = not os.path.basename(path).startswith("not-flagged")
    with open(path, encoding="utf-8") as f:
        expected = {(n, rule) for n, line in enumerate(f, 1) if MARKER in line}
    proc = subprocess.run([errlint, path, "--cite=none", *options, "--", "-std=c++17"],
                          capture_output=True, text=True)
    reported = set()
    for line in proc.stdout.splitlines():
        m = DIAG.match(line)
        if m:
            reported.add((int(m.group(2)), m.group(5)))
    problems = []
    want_exit = 1 if flagged else 0
    if proc.returncode != want_exit:
        problems.append("exit code %d, expected %d" % (proc.returncode, want_exit))
    for line, r in sorted(expected - reported):
        problems.append("line %d is marked '%s' but errlint-%s did not report it" % (line, MARKER, r))
    for line, r in sorted(reported - expected):
        problems.append("errlint-%s reported line %d, which is not marked '%s'" % (r, line, MARKER))
    return problems, proc


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    errlint, root, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = checked = 0
    for rule in sorted(os.listdir(root)):
        rule_dir = os.path.join(root, rule)
        for name in sorted(os.listdir(rule_dir)):
            if not name.endswith(".cpp"):
                continue
            checked += 1
            path = os.path.join(rule_dir, name)
            problems, proc = check(errlint, path, rule, options)
            print("%s: %s/%s" % ("FAIL" if problems else "ok", rule, name))
            if problems:
                failures += 1
                for p in problems:
                    print("  %s: %s" % (path, p))
                sys.stdout.write(proc.stdout + proc.stderr)
    print("%d examples checked, %d failed" % (checked, failures))
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
