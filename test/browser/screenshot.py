#!/usr/bin/env python3
"""Saves a screenshot of an HTML report as headless Chromium renders it.

Usage: screenshot.py REPORT.html OUT.png [--width 1280] [--height 1000]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("report")
    p.add_argument("png")
    p.add_argument("--width", type=int, default=1280)
    p.add_argument("--height", type=int, default=1000)
    a = p.parse_args()
    with cdp.Browser(width=a.width, height=a.height) as b:
        b.navigate("file://" + os.path.abspath(a.report))
        errors = b.errors()
        if errors:
            sys.stderr.write("screenshot: the page reported errors: %s\n" % errors)
            return 1
        b.screenshot(a.png)
    print("screenshot: wrote %s" % a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
