#!/usr/bin/env python3
"""errlint's cost next to clang -fsyntax-only and clang-tidy, on one machine.

Measures, over the same translation units and in the same run:
  parse      clang++ -fsyntax-only, one process per TU, N at a time
  cold       errlint with an empty --cache-dir (so storing is counted)
  warm       errlint again, same cache, nothing changed
  tidy       clang-tidy -checks=-*,bugprone-use-after-move (one process)
and, on the generated corpus, errlint with 1 extra generated API profile
against 1,000. Prints a Markdown table of seconds, ratios and peak RSS.

  bench/bench.py --errlint build/bin/errlint --tus 8 --funcs 40 \\
      --self build --self-tus 3 --jobs 1 2

Corpora: a generated one (--tus TUs of --funcs functions each, including
a few standard headers), and errlint's own sources from a build directory
configured with CMAKE_EXPORT_COMPILE_COMMANDS=ON (--self), whose TUs include
clang's headers. The machine may be noisy: compare ratios, not seconds.
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

# The clang and clang-tidy measured beside errlint: those of the LLVM release
# errlint was built against (--llvm), so that both parse with the same clang.
LLVM = "/usr/lib/llvm-19/bin"
RECORD = "c7bc457763aafddb"  # a built-in record the generated rules cite


def run(cmd, cwd=None):
    """Runs cmd; returns (seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        print("warning: %s exited with %d" % (" ".join(cmd[:3]), code),
              file=sys.stderr)
    return time.perf_counter() - start, usage.ru_maxrss / 1024.0


def run_many(cmds, jobs):
    """Runs cmds, jobs at a time; (wall seconds, largest peak RSS)."""
    start = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda c: run(c[0], c[1]), cmds))
    return time.perf_counter() - start, max(r[1] for r in results)


# --- the generated corpus ------------------------------------------------

HEADER = """#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>
struct KafkaProducer { void send(int); void close(); bool ok() const; };
namespace gen {
%s
}
"""

FUNC = """
int f%(t)d_%(i)d(KafkaProducer &p, gen::Api%(k)d &a, std::vector<int> &v) {
  std::map<std::string, int> m;
  int sum = 0;
  for (int x : v) { m[std::to_string(x)] += x; sum += x; }
  if (sum > %(i)d) { p.send(sum); a.write%(k)d(); }
  a.shutdown%(k)d();
  %(bad)s
  return sum + static_cast<int>(m.size());
}
"""


def generate(root, tus, funcs, apis):
    os.makedirs(root, exist_ok=True)
    decls = "\n".join("struct Api%d { void write%d(); void shutdown%d(); };"
                      % (k, k, k) for k in range(apis))
    open(os.path.join(root, "api.h"), "w").write(HEADER % decls)
    db = []
    for t in range(tus):
        body = ['#include "api.h"']
        for i in range(funcs):
            bad = "p.close(); p.send(1);" if i % 10 == 0 else "p.send(0);"
            body.append(FUNC % {"t": t, "i": i, "k": (t + i) % apis,
                                "bad": bad})
        name = os.path.join(root, "tu%03d.cpp" % t)
        open(name, "w").write("\n".join(body))
        db.append({"directory": root, "file": name,
                   "arguments": [LLVM + "/clang++", "-std=c++17", "-c", name,
                                 "-o", name + ".o"]})
    json.dump(db, open(os.path.join(root, "compile_commands.json"), "w"),
              indent=1)
    return [e["file"] for e in db]


def profiles_rule(path, count):
    """A rule of `count` API profiles, each with its own type and methods."""
    profiles = [{"name": "gen-%d" % k, "types": ["gen::Api%d" % k],
                 "close": ["shutdown%d" % k], "use": ["write%d" % k],
                 "consequence": "Generated."} for k in range(count)]
    json.dump({"id": "generated-profiles", "summary": "Generated profiles",
               "severity": "warning", "analysis": "use-after-close",
               "records": [RECORD], "profiles": profiles}, open(path, "w"))


# --- measuring -----------------------------------------------------------

def syntax_only_commands(db_path, files):
    """The database's commands for files, as clang++ -fsyntax-only."""
    cmds = []
    for e in json.load(open(db_path)):
        if os.path.realpath(os.path.join(e["directory"], e["file"])) not in files:
            continue
        args = e.get("arguments") or shlex.split(e["command"])
        out, skip = [LLVM + "/clang++"], False
        for a in args[1:]:
            if skip:
                skip = False
            elif a == "-o":
                skip = True
            elif a != "-c":
                out.append(a)
        cmds.append((out + ["-fsyntax-only", "-w"], e["directory"]))
    return cmds


def measure(name, errlint, db_dir, files, jobs, extra=()):
    files = [os.path.realpath(f) for f in files]
    db = os.path.join(db_dir, "compile_commands.json")
    parse = syntax_only_commands(db, set(files))
    cache = tempfile.mkdtemp(prefix="errlint-bench-cache-")
    rows = []
    tidy = None
    for j in jobs:
        p_s, p_rss = run_many(parse, j)
        base = [errlint, "-p", db_dir, "-j", str(j), "--format=json",
                "--fail-on=never"] + list(extra) + files
        shutil.rmtree(cache)
        cold_s, cold_rss = run(base + ["--cache-dir", cache])
        warm_s, _ = run(base + ["--cache-dir", cache])
        if tidy is None:
            tidy = run([LLVM + "/clang-tidy", "-p", db_dir, "--quiet",
                        "-checks=-*,bugprone-use-after-move"] + files)
        rows.append({"corpus": name, "tus": len(files), "jobs": j,
                     "parse": p_s, "parse_rss": p_rss, "cold": cold_s,
                     "cold_rss": cold_rss, "warm": warm_s, "tidy": tidy[0]})
    shutil.rmtree(cache, ignore_errors=True)
    return rows


def table(rows):
    out = ["| corpus | TUs | -j | syntax-only s | errlint cold s | "
           "cold/parse | warm s | warm/cold | clang-tidy (-j1) s | "
           "tidy/parse(-j1) | peak RSS errlint/parse |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    parse1 = {r["corpus"]: r["parse"] for r in rows if r["jobs"] == 1}
    for r in rows:
        tidy_ratio = r["tidy"] / parse1.get(r["corpus"], r["parse"])
        out.append("| %s | %d | %d | %.2f | %.2f | %.2fx | %.2f | %.1f%% | "
                   "%.2f | %.2fx | %.2fx (%.0f / %.0f MiB) |" % (
                       r["corpus"], r["tus"], r["jobs"], r["parse"],
                       r["cold"], r["cold"] / r["parse"], r["warm"],
                       100 * r["warm"] / r["cold"], r["tidy"], tidy_ratio,
                       r["cold_rss"] / r["parse_rss"], r["cold_rss"],
                       r["parse_rss"]))
    by = {(r["corpus"], r["jobs"]): r for r in rows}
    for c in sorted({r["corpus"] for r in rows}):
        if (c, 1) in by and (c, 2) in by:
            out.append("\n%s: errlint cold -j1 / -j2 = %.2fx faster "
                       "(syntax-only: %.2fx)" % (
                           c, by[(c, 1)]["cold"] / by[(c, 2)]["cold"],
                           by[(c, 1)]["parse"] / by[(c, 2)]["parse"]))
    return "\n".join(out)


def add_corpus_args(ap, tus, funcs, self_tus):
    """The options naming errlint and the corpora (cache_bench.py too)."""
    ap.add_argument("--errlint", required=True)
    ap.add_argument("--tus", type=int, default=tus)
    ap.add_argument("--funcs", type=int, default=funcs)
    ap.add_argument("--self", metavar="BUILD_DIR",
                    help="also errlint's own sources, from this build dir")
    ap.add_argument("--self-tus", type=int, default=self_tus)
    ap.add_argument("--llvm", choices=["19", "22"], default="19",
                    help="the LLVM release errlint was built against")


def errlint_sources(build_dir, count):
    """The heaviest of errlint's own TUs: those that include clang's headers."""
    db = os.path.join(build_dir, "compile_commands.json")
    srcs = sorted({os.path.realpath(os.path.join(e["directory"], e["file"]))
                   for e in json.load(open(db))
                   if "/tool/" in e["file"] or "/matchers/" in e["file"]})
    return [s for s in srcs if "clang/" in open(s).read()][:count]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    add_corpus_args(ap, tus=8, funcs=40, self_tus=3)
    ap.add_argument("--profiles", type=int, default=1000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--work", default=None, help="where to generate (temp)")
    a = ap.parse_args()
    global LLVM
    LLVM = "/usr/lib/llvm-%s/bin" % a.llvm
    errlint = os.path.abspath(a.errlint)
    work = a.work or tempfile.mkdtemp(prefix="errlint-bench-")
    gen = os.path.join(work, "gen")
    files = generate(gen, a.tus, a.funcs, apis=20)
    rows = measure("generated", errlint, gen, files, a.jobs)

    if a.self:
        heavy = errlint_sources(a.self, a.self_tus)
        rows += measure("errlint-src", errlint, os.path.abspath(a.self),
                        heavy, a.jobs)
    print(table(rows))

    one, many = (os.path.join(work, "p%d.json" % n) for n in (1, a.profiles))
    profiles_rule(one, 1)
    profiles_rule(many, a.profiles)
    base = [errlint, "-p", gen, "-j", "1", "--format=json", "--fail-on=never"]
    t1, _ = run(base + ["--rules", one] + files)
    tn, _ = run(base + ["--rules", many] + files)
    print("\ngenerated, -j1: %d extra API profiles %.2f s, 1 profile %.2f s: "
          "%.2fx" % (a.profiles, tn, t1, tn / t1))
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
