#!/usr/bin/env python3
"""errlint on a project whose protocols cross files, next to the parse floor.

Generates a project the way real ones are laid out: --classes classes, each
declared in its own header and defined (with a guard-and-throw, so errlint
infers its protocol) in its own .cpp, and --users files that each include
three of the headers and use those classes, some after closing them. It is
generated twice, with the class files named to sort before their users and
after them, and each is measured at each -j:

  parse   clang++ -fsyntax-only over the same TUs, N at a time
  errlint errlint -p DIR -j N --parse-stats (no cache)

and reports errlint / parse, the units analyzed twice (from the saved AST or
parsed again), the saved ASTs' peak temporary disk and errlint's peak RSS.

  bench/crossfile_bench.py --errlint build/bin/errlint [--llvm 19|22]

The machine may be noisy: compare ratios from one run, not seconds.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

HEADER = """#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>
namespace app {
class %(cls)s {
public:
  void send(const std::string &m);
  void flush();
  bool isOpen() const;
  void close();
private:
  bool closed_ = false;
  std::vector<std::string> pending_;
};
} // namespace app
"""

SOURCE = """#include "%(stem)s.h"
#include <stdexcept>
namespace app {
void %(cls)s::send(const std::string &m) {
  if (closed_)
    throw std::runtime_error("%(cls)s closed, cannot send " + m);
  pending_.push_back(m);
}
void %(cls)s::flush() { send("flush"); pending_.clear(); }
bool %(cls)s::isOpen() const { return !closed_; }
void %(cls)s::close() { closed_ = true; }
} // namespace app
"""

USE = """
int use%(n)d_%(k)d(app::%(cls)s &c, const std::vector<std::string> &items) {
  std::map<std::string, int> counts;
  for (const std::string &i : items) { c.send(i); ++counts[i]; }
  c.close();
  %(after)s
  return static_cast<int>(counts.size());
}
"""


def generate(root, classes, users, definers_first):
    """Writes the project; returns its translation units."""
    prefix = "a_" if definers_first else "z_"
    inc = os.path.join(root, "include")
    src = os.path.join(root, "src")
    os.makedirs(inc, exist_ok=True)
    os.makedirs(src, exist_ok=True)
    stems = []
    for c in range(classes):
        stem = "%sclass%02d" % (prefix, c)
        cls = "Conn%02d" % c
        stems.append((stem, cls))
        open(os.path.join(inc, stem + ".h"), "w").write(HEADER % {"cls": cls})
        open(os.path.join(src, stem + ".cpp"), "w").write(
            SOURCE % {"stem": stem, "cls": cls})
    for u in range(users):
        used = [stems[(u * 7 + j * 3) % classes] for j in range(3)]
        body = ['#include "%s.h"' % s for s, _ in used]
        for k, (_, cls) in enumerate(used):
            after = "c.send(\"late\");" if (u + k) % 4 == 0 else \
                "if (c.isOpen()) c.send(\"late\");"
            body.append(USE % {"n": u, "k": k, "cls": cls, "after": after})
        open(os.path.join(src, "m_user%03d.cpp" % u), "w").write(
            "\n".join(body))
    files = sorted(os.path.join(src, f) for f in os.listdir(src))
    db = [{"directory": root, "file": f,
           "arguments": [bench.LLVM + "/clang++", "-std=c++17", "-I", inc,
                         "-c", f, "-o", f + ".o"]} for f in files]
    json.dump(db, open(os.path.join(root, "compile_commands.json"), "w"),
              indent=1)
    return files


def run_errlint(errlint, root, jobs):
    """(seconds, peak RSS MiB, stats text) of one uncached run."""
    with tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        p = subprocess.Popen([errlint, "-p", root, "-j", str(jobs),
                              "--parse-stats", "--format=json",
                              "--fail-on=never"],
                             stdout=subprocess.DEVNULL, stderr=err)
        _, _, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - start
        err.seek(0)
        return seconds, usage.ru_maxrss / 1024.0, err.read()


def twice_and_disk(stats):
    """Units analyzed twice and the saved ASTs' peak MiB, from --parse-stats."""
    twice = sum(int(n) for n in re.findall(
        r"(\d+) (?:analyzed again from the saved AST|parsed again)", stats))
    disk = re.search(r"\(([\d.]+) MiB of temporary disk", stats)
    return twice, float(disk.group(1)) if disk else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--errlint", required=True)
    ap.add_argument("--llvm", choices=["19", "22"], default="19")
    ap.add_argument("--classes", type=int, default=20)
    ap.add_argument("--users", type=int, default=120)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--work", default=None)
    a = ap.parse_args()
    bench.LLVM = "/usr/lib/llvm-%s/bin" % a.llvm
    errlint = os.path.abspath(a.errlint)
    work = a.work or tempfile.mkdtemp(prefix="errlint-crossfile-")
    print("| class files | -j | TUs | parse s | errlint s | errlint / parse "
          "| analyzed twice | saved AST disk MiB | errlint peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for first in (True, False):
        root = os.path.join(work, "first" if first else "last")
        files = generate(root, a.classes, a.users, first)
        db = os.path.join(root, "compile_commands.json")
        parse_cmds = bench.syntax_only_commands(db, set(files))
        for jobs in a.jobs:
            parse, _ = bench.run_many(parse_cmds, jobs)
            seconds, rss, stats = run_errlint(errlint, root, jobs)
            twice, disk = twice_and_disk(stats)
            print("| %s | %d | %d | %.1f | %.1f | %.2fx | %d (%.0f%%) | %.1f "
                  "| %.0f |" % ("sort first" if first else "sort last", jobs,
                                len(files), parse, seconds, seconds / parse,
                                twice, 100.0 * twice / len(files), disk, rss))
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
