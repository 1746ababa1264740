#!/usr/bin/env python3
"""Benchmarks `errlint derive --summary` on a generated JSON Lines dataset.

The dataset is made of the test records (test/lit/derive/Inputs and the seed
records) with their ids, slugs, repositories and names varied, so that every
record is drafted and validated afresh (nothing is cached between records).

    bench/derive_bench.py --errlint build/bin/errlint [--records 10000] [--jobs N]

Prints the wall time, the records per second, the CPU time and errlint's
peak RSS. --jobs passes `-j N` (default: errlint's own, one thread per
hardware thread); the CPU time tells how much of the wall time a machine
shared with other work took from it.
"""
import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TEMPLATE_DIRS = [os.path.join(ROOT, "test", "lit", "derive", "Inputs"),
                 os.path.join(ROOT, "rules", "records")]
NAME_FIELDS = ("sourceCode", "exampleFix", "validationCode", "tryCatchPattern")


def templates():
    out = []
    for d in TEMPLATE_DIRS:
        for name in sorted(os.listdir(d)):
            if name.endswith(".json"):
                data = json.load(open(os.path.join(d, name)))
                out.append(data.get("record", data))
    return out


def vary(record, n, rng):
    """A copy of record with a fresh id and renamed receivers."""
    r = dict(record)
    r["id"] = "%016x" % rng.getrandbits(64)
    r["slug"] = "%s-%d" % (record.get("slug", "record"), n)
    r["repo"] = "bench/repo-%d" % (n % 97)
    suffix = str(n % 13)
    for field in NAME_FIELDS:
        if r.get(field):
            # Renames the objects the code calls methods on: pool -> pool7.
            r[field] = re.sub(r"\b([a-z][A-Za-z]*)\.(?=[a-z][A-Za-z]*\()",
                              lambda m: m.group(1) + suffix + ".", r[field])
    return r


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--errlint", required=True)
    p.add_argument("--records", type=int, default=10000)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--keep", help="write the dataset here and keep it")
    p.add_argument("--jobs", type=int,
                   help="pass -j JOBS to errlint derive (default: not passed)")
    a = p.parse_args()
    rng = random.Random(a.seed)
    base = templates()
    tmp = tempfile.mkdtemp(prefix="errlint-derive-bench-")
    data = a.keep or os.path.join(tmp, "dataset.jsonl")
    with open(data, "w") as f:
        for n in range(a.records):
            f.write(json.dumps(vary(base[n % len(base)], n, rng)) + "\n")
    out = os.path.join(tmp, "validated.json")
    cmd = [a.errlint, "derive", "--summary", data, "-o", out]
    if a.jobs is not None:
        cmd[2:2] = ["-j", str(a.jobs)]
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    rss_kb = usage.ru_maxrss
    cpu = usage.ru_utime + usage.ru_stime
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        return proc.returncode
    print("\n".join(proc.stdout.splitlines()[:6]))
    print("records: %d  wall: %.2f s  (%.0f records/s)  CPU: %.2f s  "
          "peak RSS: %.0f MiB"
          % (a.records, wall, a.records / wall, cpu, rss_kb / 1024.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
