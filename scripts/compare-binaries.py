#!/usr/bin/env python3
"""Shows that two errlint binaries report the same thing, byte for byte.

    scripts/compare-binaries.py OLD-ERRLINT NEW-ERRLINT [--keep DIR]

A refactoring must not change what errlint says. This runs both binaries over
examples/, every case and project of eval/ and the C++ inputs of test/lit/,
in text (with full citations), JSON and SARIF, plus --list-protocols, and
compares standard output, standard error and the exit code of each run.
It prints one line per run that differs (with a unified diff of the first
lines) and exits 1 if any did, 0 when all were identical.
"""
import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STD = "-std=c++17"
FORMATS = [["--format=text", "--cite=full"], ["--format=json"], ["--format=sarif"],
           ["--list-protocols"]]


def project_db(name, sources, include, directory):
    """A compile_commands.json for `sources` in `directory`; returns directory."""
    entries = [{"directory": os.path.dirname(src), "file": src,
                "arguments": ["clang++", STD, "-I" + include, "-c", src, "-o", os.devnull]}
               for src in sources]
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return directory


def inputs(scratch):
    """(label, argument list) of each run, the format options left out."""
    runs = []
    ex = sorted(glob.glob(os.path.join(ROOT, "examples", "*.cpp")))
    runs.append(("examples", ["-p", project_db("examples", ex, os.path.join(ROOT, "examples"),
                                               os.path.join(scratch, "examples")),
                              "--project-root=" + os.path.join(ROOT, "examples"), "-j", "1"]))
    cases = os.path.join(ROOT, "eval", "cases")
    files = sorted(glob.glob(os.path.join(cases, "*.cpp")))
    # One process per category keeps the number of runs small.
    by_cat = {}
    for f in files:
        by_cat.setdefault(os.path.basename(f).split("_")[0], []).append(f)
    for cat, fs in sorted(by_cat.items()):
        runs.append(("eval/cases/" + cat, fs + ["--", STD, "-I" + os.path.join(cases, "include")]))
    for proj in sorted(glob.glob(os.path.join(ROOT, "eval", "projects", "*"))):
        srcs = sorted(p for p in glob.glob(os.path.join(proj, "**", "*.cpp"), recursive=True))
        if not srcs:
            continue
        name = os.path.basename(proj)
        db = project_db(name, srcs, os.path.join(proj, "include"), os.path.join(scratch, name))
        runs.append(("eval/projects/" + name,
                     ["-p", db, "--project-root=" + proj, "-j", "1"]))
    lit = os.path.join(ROOT, "test", "lit")
    dirs = {}
    for f in sorted(glob.glob(os.path.join(lit, "**", "*.cpp"), recursive=True)):
        dirs.setdefault(os.path.relpath(os.path.dirname(f), ROOT), []).append(f)
    for d, fs in sorted(dirs.items()):
        runs.append((d, fs + ["--", STD, "-I" + os.path.join(lit, "Inputs")]))
    return runs


def run(exe, args, cwd):
    p = subprocess.run([exe] + args, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def show(label, what, old, new):
    a = old.decode("utf-8", "replace").splitlines()
    b = new.decode("utf-8", "replace").splitlines()
    print("DIFFERS: %s (%s)" % (label, what))
    for line in list(difflib.unified_diff(a, b, "old", "new", lineterm="", n=1))[:30]:
        print("    " + line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--keep", help="write the scratch compile databases here")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="runs at once")
    opts = ap.parse_args()
    scratch = opts.keep or tempfile.mkdtemp(prefix="errlint-compare-")
    runs = inputs(scratch)
    jobs = []
    for label, args in runs:
        for fmt in FORMATS:
            # Format options go before '--' so they stay errlint's.
            at = args.index("--") if "--" in args else len(args)
            jobs.append(("%s %s" % (label, " ".join(fmt)), args[:at] + fmt + args[at:]))
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.j)) as pool:
        results = list(pool.map(lambda j: (run(opts.old, j[1], ROOT), run(opts.new, j[1], ROOT)),
                                jobs))
    total, differ = len(jobs), 0
    for (tag, _), (old, new) in zip(jobs, results):
        if old == new:
            continue
        differ += 1
        if old[0] != new[0]:
            print("DIFFERS: %s (exit %d -> %d)" % (tag, old[0], new[0]))
        if old[1] != new[1]:
            show(tag, "stdout", old[1], new[1])
        if old[2] != new[2]:
            show(tag, "stderr", old[2], new[2])
    print("%d of %d runs identical (%d inputs x %d formats)"
          % (total - differ, total, len(runs), len(FORMATS)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
