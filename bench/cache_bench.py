#!/usr/bin/env python3
"""The result cache's speed: cold, warm-local and warm-remote runs.

For each corpus and each kind of cache location, on one machine:
  uncached     errlint without a cache
  cold         an empty cache, filled by the run (storing is counted)
  warm         the filled cache, nothing changed; for Redis and HTTP, from a
               second checkout of the corpus in another directory (another
               CI machine), with nothing local
Locations: a local directory (--cache-dir), a Redis server and an HTTP
server taking PUT (Debian's redis-server and nginx, started here on free
loopback ports and stopped at the end). Every time is also given as a ratio
of the cold run with the local directory.

  bench/cache_bench.py --errlint build/bin/errlint --tus 6 --funcs 30 \\
      --self build --self-tus 2

Corpora: bench.py's generated one, and errlint's own sources (--self, a
build directory configured with CMAKE_EXPORT_COMPILE_COMMANDS=ON; warm
remote runs there use the same checkout with an empty local directory).
The machine may be noisy: compare ratios, not seconds.
"""
import argparse
import os
import shutil
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "test", "lit"))
import bench  # noqa: E402
import with_server  # noqa: E402


class Servers:
    """A redis-server and an nginx on free loopback ports."""

    def __init__(self, work, redis, nginx):
        self.procs = []
        self.redis_port = with_server.free_port()
        args = types.SimpleNamespace(dir=os.path.join(work, "redis"),
                                     redis_server=redis, nginx=nginx)
        self.start(with_server.start_redis(args, self.redis_port),
                   self.redis_port)
        self.http_port = with_server.free_port()
        args.dir = os.path.join(work, "nginx")
        self.start(with_server.start_nginx(args, self.http_port, False),
                   self.http_port)

    def start(self, proc, port):
        self.procs.append(proc)
        if not with_server.wait_until_listening(port, proc):
            self.stop()
            sys.exit("cache_bench: a server did not start on port %d" % port)

    def stop(self):
        for p in self.procs:
            with_server.stop(p)


def errlint_run(errlint, db_dir, files, jobs, cache_args, cwd):
    cmd = [errlint, "-p", db_dir, "-j", str(jobs), "--format=json",
           "--fail-on=never"] + cache_args + files
    return bench.run(cmd, cwd=cwd)[0]


def measure(name, errlint, first, second, jobs, servers, work):
    """first, second: (db_dir, files) of two checkouts (may be the same)."""
    row = {"corpus": name, "tus": len(first[1]), "jobs": jobs}
    run = lambda where, args: errlint_run(errlint, where[0], where[1], jobs,
                                          args, where[0])
    row["uncached"] = run(first, [])
    local = tempfile.mkdtemp(prefix="errlint-cache-", dir=work)
    row["cold"] = run(first, ["--cache-dir", local])
    row["warm-local"] = run(first, ["--cache-dir", local])
    remotes = {
        "redis": "redis://127.0.0.1:%d/%d" % (servers.redis_port,
                                              len(name) % 16),
        "http": "http://127.0.0.1:%d/%s" % (servers.http_port, name),
    }
    for kind, url in remotes.items():
        row["cold-" + kind] = run(first, ["--cache", url])
        empty = tempfile.mkdtemp(prefix="errlint-empty-", dir=work)
        # The second checkout: an empty local directory in front.
        row["warm-" + kind] = run(second, ["--cache-dir", empty,
                                           "--cache", url])
    return row


COLUMNS = ["uncached", "cold", "warm-local", "cold-redis", "warm-redis",
           "cold-http", "warm-http"]


def table(rows):
    head = ("| corpus | TUs | -j | " + " | ".join(c + " s" for c in COLUMNS)
            + " | " + " | ".join(c + "/cold" for c in COLUMNS if c != "cold")
            + " |")
    out = [head, "|" + "---|" * (3 + 2 * len(COLUMNS) - 1)]
    for r in rows:
        cells = [r["corpus"], str(r["tus"]), str(r["jobs"])]
        cells += ["%.2f" % r[c] for c in COLUMNS]
        cells += ["%.3fx" % (r[c] / r["cold"]) for c in COLUMNS if c != "cold"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    bench.add_corpus_args(ap, tus=6, funcs=30, self_tus=2)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1])
    ap.add_argument("--redis-server", default=shutil.which("redis-server"))
    ap.add_argument("--nginx", default=shutil.which("nginx") or
                    "/usr/sbin/nginx")
    a = ap.parse_args()
    bench.LLVM = "/usr/lib/llvm-%s/bin" % a.llvm
    errlint = os.path.abspath(a.errlint)
    # The servers are local: never through a proxy the environment names.
    os.environ["no_proxy"] = os.environ["NO_PROXY"] = "127.0.0.1,localhost"
    work = tempfile.mkdtemp(prefix="errlint-cache-bench-")
    servers = Servers(work, with_server.need("redis-server", a.redis_server),
                      with_server.need("nginx", a.nginx))
    try:
        rows = []
        checkouts = []
        for n in ("one", "two"):
            root = os.path.join(work, n, "gen")
            files = bench.generate(root, a.tus, a.funcs, apis=20)
            os.system("git -C %s init -q" % root)
            checkouts.append((root, files))
        for j in a.jobs:
            rows.append(measure("generated", errlint, checkouts[0],
                                checkouts[1], j, servers, work))
        if a.self:
            build = os.path.abspath(a.self)
            heavy = bench.errlint_sources(build, a.self_tus)
            for j in a.jobs:
                rows.append(measure("errlint-src", errlint, (build, heavy),
                                    (build, heavy), j, servers, work))
        print(table(rows))
    finally:
        servers.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
