#!/usr/bin/env python3
"""Runs a command and fails unless it exits with the expected code.

Usage: expect_exit.py CODE COMMAND [ARG...]
Standard output and error pass through unchanged, so the result can be
piped to FileCheck while the exit code is checked exactly.
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: expect_exit.py CODE COMMAND [ARG...]\n")
        return 2
    expected = int(sys.argv[1])
    proc = subprocess.run(sys.argv[2:])
    if proc.returncode != expected:
        sys.stderr.write("expect_exit: %s exited with %d, expected %d\n"
                         % (sys.argv[2], proc.returncode, expected))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
