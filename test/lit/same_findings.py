"""Compares the CLI's text output with clang-tidy's, for tidy/parity.test.

Byte for byte, except that clang-tidy 22 prints the source snippet of a note
after the location-less notes that follow it (the citations), where clang-tidy
19 and the CLI print it under the note. With --ignore-snippet-order the
snippet lines are left out of the comparison; every diagnostic line, and its
order, must still be the same.
"""
import difflib
import re
import sys

SNIPPET = re.compile(r"^ +([0-9]+ )?\|")


def lines(path, ignore_snippets):
    with open(path, encoding="utf-8") as f:
        out = f.read().splitlines()
    return [l for l in out if not (ignore_snippets and SNIPPET.match(l))]


def main(argv):
    ignore = "--ignore-snippet-order" in argv
    paths = [a for a in argv if not a.startswith("--")]
    if len(paths) != 2:
        sys.exit("usage: same_findings.py [--ignore-snippet-order] CLI TIDY")
    a, b = (lines(p, ignore) for p in paths)
    if a == b:
        return 0
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
        a, b, paths[0], paths[1], lineterm=""))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
