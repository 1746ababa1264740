#!/usr/bin/env python3
"""Measure errlint on the sources, examples and tests of real messaging libraries.

A manual measurement, not a test: it needs the network (Debian's package
archive) and root (apt-get install, apt-get update). See README.md beside it.

Stages, all idempotent (a rerun reuses what an earlier run fetched and
configured; --refetch starts a library over):

  fetch     apt-get source (deb-src enabled if needed) or, when the archive
            has no source tarball for a header-only library, the upstream
            layout rebuilt from its -dev and -doc binary packages
  db        one compile_commands.json per library; TUs that fail
            `clang(++)-19 -fsyntax-only` are dropped and listed
  errlint   errlint -p DB --cite=none -j N, JSON and text reports
  report    summary table and every finding with source context

Standard library only.
"""

import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_ERRLINT = os.path.join(REPO, "build", "bin", "errlint")
CC = "clang-19"
CXX = "clang++-19"

# Packages whose headers the TUs include (plus the tools the script runs).
DEV_PACKAGES = [
    "dpkg-dev", "cmake", "clang-19",
    "librdkafka-dev", "libssl-dev", "libsasl2-dev", "libzstd-dev",
    "liblz4-dev", "zlib1g-dev", "rapidjson-dev", "libcurl4-openssl-dev",
    "libzmq3-dev", "cppzmq-dev", "catch2",
    "libpaho-mqtt-dev", "libpaho-mqttpp-dev",
    "libboost-dev", "libasio-dev", "libwebsocketpp-dev",
    "libpopt-dev",
]

# Each library: Debian source package names to try, how to build its tree
# when the source tarball cannot be had, and which files make its TUs.
# A "set" is (category, globs, language, standard, extra flags); globs are
# relative to the library's root; a "{root}" in a flag is the root.
LIBS = [
    dict(
        name="librdkafka",
        sources=["librdkafka"],
        configure="mklove",
        sets=[
            ("source", ["src/*.c"], "c", "c11", []),
            ("source", ["src-cpp/*.cpp"], "c++", "c++17", []),
            ("example", ["examples/*.c"], "c", "c11", []),
            ("example", ["examples/*.cpp"], "c++", "c++17", []),
            ("test", ["tests/*.c", "tests/*/*.c"], "c", "c11", []),
            ("test", ["tests/*.cpp", "tests/*/*.cpp"], "c++", "c++17", []),
        ],
        flags=["-I{root}", "-I{root}/src", "-I{root}/src-cpp", "-I{root}/tests"],
    ),
    dict(
        name="cppzmq",
        sources=["cppzmq"],
        debs={"cppzmq-dev": [("usr/include", "."),
                             ("usr/share/doc/cppzmq-dev/examples", "examples")]},
        sets=[
            ("example", ["examples/*.cpp"], "c++", "c++17", []),
            ("test", ["tests/*.cpp"], "c++", "c++17", ["-I{root}/tests"]),
        ],
        flags=["-I{root}", "-I/usr/include/catch2"],
    ),
    dict(
        name="amqp-cpp",
        sources=["amqp-cpp", "libamqpcpp", "amqpcpp"],
        sets=[
            ("source", ["src/*.cpp", "src/linux_tcp/*.cpp"], "c++", "c++17", []),
            ("example", ["examples/*.cpp", "examples/*/*.cpp"], "c++", "c++17", []),
            ("test", ["tests/*.cpp", "tests/*/*.cpp"], "c++", "c++17", []),
        ],
        flags=["-I{root}/include", "-I{root}/src"],
    ),
    dict(
        # Debian 12 has no AMQP-CPP; rabbitmq-c is the AMQP 0-9-1 client it has.
        name="librabbitmq",
        note="rabbitmq-c, the AMQP client Debian 12 has (AMQP-CPP is not in it)",
        sources=["librabbitmq"],
        configure="cmake",
        cmake_args=["-DBUILD_EXAMPLES=ON", "-DBUILD_TESTS=ON", "-DBUILD_TOOLS=ON",
                    "-DBUILD_TOOLS_DOCS=OFF", "-DBUILD_API_DOCS=OFF",
                    "-DENABLE_SSL_SUPPORT=ON"],
        # gnu11: the code calls POSIX functions (strdup, clock_gettime,
        # getaddrinfo) without a feature-test macro; its own build uses gnu90.
        sets=[
            ("source", ["librabbitmq/*.c", "librabbitmq/unix/*.c"], "c", "gnu11", []),
            ("example", ["examples/*.c", "examples/unix/*.c", "tools/*.c",
                         "tools/unix/*.c"], "c", "gnu11", []),
            ("test", ["tests/*.c"], "c", "gnu11", []),
        ],
        flags=[],
    ),
    dict(
        name="paho.mqtt.cpp",
        sources=["paho.mqtt.cpp", "paho-mqtt-cpp"],
        sets=[
            ("source", ["src/*.cpp"], "c++", "c++17", []),
            ("example", ["src/samples/*.cpp"], "c++", "c++17", []),
            ("test", ["test/unit/*.cpp"], "c++", "c++17", ["-I{root}/test/unit"]),
        ],
        flags=["-I{root}/src"],
    ),
    dict(
        name="websocketpp",
        sources=["websocketpp"],
        debs={"libwebsocketpp-dev": [("usr/include/websocketpp", "websocketpp")],
              "libwebsocketpp-doc": [("usr/share/doc/libwebsocketpp-dev/examples",
                                      "examples")]},
        sets=[
            ("example", ["examples/**/*.cpp"], "c++", "c++17", []),
            ("test", ["test/**/*.cpp"], "c++", "c++17", ["-DBOOST_TEST_DYN_LINK"]),
        ],
        flags=["-I{root}"],
    ),
    dict(
        name="asio",
        sources=["asio"],
        debs={"libasio-dev": [("usr/include", "include")],
              "libasio-doc": [("usr/share/doc/libasio-dev/examples", "src/examples")]},
        sets=[
            # the C++03 examples are written against Boost (boost::bind, ...)
            ("example", ["src/examples/cpp03/**/*.cpp"], "c++", "c++17",
             ["-DASIO_ENABLE_BOOST"]),
            ("example", ["src/examples/cpp11/**/*.cpp", "src/examples/cpp14/**/*.cpp"],
             "c++", "c++17", []),
            # asio 1.22 detects co_await only through the coroutines TS macro,
            # which clang 19 no longer defines: name the C++20 support.
            ("example", ["src/examples/cpp17/**/*.cpp", "src/examples/cpp20/**/*.cpp"],
             "c++", "c++20", ["-DASIO_HAS_CO_AWAIT", "-DASIO_HAS_STD_COROUTINE"]),
            ("test", ["src/tests/unit/**/*.cpp"], "c++", "c++17",
             ["-I{root}/src/tests/unit"]),
        ],
        flags=["-I{root}/include"],
    ),
]


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def run(cmd, **kw):
    """Run a command, returning CompletedProcess (text, captured)."""
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def sudo():
    return [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else [])


# ---------------------------------------------------------------- apt

def deb_src_enabled():
    return bool(run(["apt-cache", "showsrc", "librdkafka"]).stdout.strip())


def enable_deb_src():
    """Add deb-src entries mirroring the deb ones (Debian 12 layout)."""
    out = []
    d822 = "/etc/apt/sources.list.d/debian.sources"
    if os.path.exists(d822):
        for stanza in open(d822).read().split("\n\n"):
            if re.search(r"^Types:.*\bdeb\b", stanza, re.M) and "deb-src" not in stanza:
                out.append(re.sub(r"^Types:.*$", "Types: deb-src", stanza.strip(), flags=re.M))
        target = "/etc/apt/sources.list.d/errlint-reallibs-src.sources"
        text = "\n\n".join(out) + "\n"
    else:
        lines = []
        if os.path.exists("/etc/apt/sources.list"):
            for line in open("/etc/apt/sources.list"):
                if line.startswith("deb "):
                    lines.append("deb-src " + line[4:])
        target = "/etc/apt/sources.list.d/errlint-reallibs-src.list"
        text = "".join(lines)
    if not text.strip():
        raise SystemExit("no deb entries found to mirror as deb-src")
    log(f"enabling deb-src: {target}")
    p = subprocess.run(sudo() + ["tee", target], input=text, text=True,
                       capture_output=True)
    if p.returncode:
        raise SystemExit(f"could not write {target}: {p.stderr}")
    subprocess.run(sudo() + ["apt-get", "update", "-q"], check=True,
                   stdout=subprocess.DEVNULL)


def install_dev_packages():
    missing = []
    for p in DEV_PACKAGES:
        q = run(["dpkg-query", "-W", "-f=${Status}", p])
        if "install ok installed" not in q.stdout:
            missing.append(p)
    if missing:
        log("apt-get install " + " ".join(missing))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(sudo() + ["apt-get", "install", "-y", "-q",
                                 "--no-install-recommends"] + missing,
                       check=True, env=env, stdout=subprocess.DEVNULL)
    return missing


def showsrc(name):
    """(package, version) of the newest source package NAME, or None."""
    out = run(["apt-cache", "showsrc", name]).stdout
    best = None
    for stanza in out.split("\n\n"):
        pkg = re.search(r"^Package: (\S+)", stanza, re.M)
        ver = re.search(r"^Version: (\S+)", stanza, re.M)
        if pkg and ver:
            if best is None or run(["dpkg", "--compare-versions", ver.group(1),
                                    "gt", best[1]]).returncode == 0:
                best = (pkg.group(1), ver.group(1))
    return best


def upstream(version):
    v = version.split(":", 1)[-1]
    return v.rsplit("-", 1)[0] if "-" in v else v


def binary_version(pkg):
    out = run(["apt-cache", "policy", pkg]).stdout
    m = re.search(r"Candidate: (\S+)", out)
    return m.group(1) if m and m.group(1) != "(none)" else None


# ---------------------------------------------------------------- fetch

def fetch(lib, work, refetch):
    """Return (root, origin) of the library's tree, or (None, why)."""
    srcdir = os.path.join(work, "src")
    os.makedirs(srcdir, exist_ok=True)
    found = None
    for name in lib["sources"]:
        found = showsrc(name)
        if found:
            break
    if not found:
        return None, ("no Debian source package named " +
                      " or ".join(lib["sources"]) + " (apt-cache showsrc)")
    pkg, ver = found
    root = os.path.join(srcdir, f"{pkg}-{upstream(ver)}")
    debroot = root + ".from-debs"
    if refetch:
        for d in (root, debroot):
            shutil.rmtree(d, ignore_errors=True)
    if os.path.isdir(os.path.join(root, "debian")):
        return root, f"apt-get source {pkg} ({ver})"
    if os.path.isdir(debroot) and not refetch and "debs" in lib:
        return debroot, open(os.path.join(debroot, "ORIGIN.txt")).read().strip()
    log(f"[{lib['name']}] apt-get source {pkg}")
    p = run(["apt-get", "source", "-q", pkg], cwd=srcdir)
    with open(os.path.join(work, "logs", f"apt-get-source-{pkg}.log"), "w") as f:
        f.write(p.stdout + p.stderr)
    if p.returncode == 0 and os.path.isdir(root):
        return root, f"apt-get source {pkg} ({ver})"
    why = "; ".join(re.sub(r"^E: Failed to fetch \S*/|\s*\[IP:[^]]*\]", "", l)
                    for l in p.stderr.splitlines()
                    if l.startswith("E: Failed to fetch") and "some archives" not in l)[:300] or p.stderr.strip()[-300:]
    if "debs" not in lib:
        return None, f"apt-get source {pkg} failed: {why}"
    # Header-only library whose source tarball the archive does not serve:
    # rebuild the upstream layout from the binary packages of the same
    # source version (headers from -dev, examples from -dev or -doc).
    log(f"[{lib['name']}] apt-get source failed ({why}); using binary packages")
    debdir = os.path.join(work, "debs")
    os.makedirs(debdir, exist_ok=True)
    shutil.rmtree(debroot, ignore_errors=True)
    os.makedirs(debroot)
    used = []
    for bpkg, copies in lib["debs"].items():
        for old in glob.glob(os.path.join(debdir, f"{bpkg}_*.deb")):
            os.remove(old)
        d = run(["apt-get", "download", "-q", bpkg], cwd=debdir)
        debs = glob.glob(os.path.join(debdir, f"{bpkg}_*.deb"))
        if d.returncode or not debs:
            return None, f"apt-get source {pkg} failed ({why}) and apt-get download {bpkg} failed"
        x = os.path.join(debdir, bpkg)
        shutil.rmtree(x, ignore_errors=True)
        subprocess.run(["dpkg-deb", "-x", debs[0], x], check=True)
        for src, dst in copies:
            s = os.path.join(x, src)
            t = os.path.normpath(os.path.join(debroot, dst))
            if os.path.isdir(s):
                shutil.copytree(s, t, dirs_exist_ok=True)
        used.append(f"{bpkg} {binary_version(bpkg)}")
    origin = (f"apt-get source {pkg} ({ver}) failed: {why}; rebuilt from binary packages "
              + ", ".join(used) + " (headers and shipped examples; no tests)")
    with open(os.path.join(debroot, "ORIGIN.txt"), "w") as f:
        f.write(origin + "\n")
    return debroot, origin


# ---------------------------------------------------------------- configure

def configure(lib, root, work):
    """Run the library's configure step; return {file: [flags]} from a
    CMake database (for per-file -D/-I), or {}."""
    kind = lib.get("configure")
    logf = os.path.join(work, "logs", f"configure-{lib['name']}.log")
    if kind == "mklove":
        if not os.path.exists(os.path.join(root, "config.h")):
            log(f"[{lib['name']}] ./configure")
            env = dict(os.environ, CC=CC, CXX=CXX)
            p = run(["./configure"], cwd=root, env=env)
            open(logf, "w").write(p.stdout + p.stderr)
            if p.returncode:
                raise SystemExit(f"{lib['name']}: ./configure failed, see {logf}")
        return {}
    if kind == "cmake":
        build = os.path.join(work, "build", lib["name"])
        db = os.path.join(build, "compile_commands.json")
        if not os.path.exists(db):
            log(f"[{lib['name']}] cmake configure")
            os.makedirs(build, exist_ok=True)
            env = dict(os.environ, CC=CC, CXX=CXX)
            p = run(["cmake", "-S", root, "-B", build, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
                    + lib.get("cmake_args", []), env=env)
            open(logf, "w").write(p.stdout + p.stderr)
            if p.returncode or not os.path.exists(db):
                raise SystemExit(f"{lib['name']}: cmake failed, see {logf}")
        per_file = {}
        for e in json.load(open(db)):
            f = os.path.normpath(os.path.join(e["directory"], e["file"]))
            if f in per_file:
                continue  # shared and static builds list a file twice
            args = e.get("arguments") or shlex.split(e["command"])
            keep, i = [], 1
            while i < len(args):
                a = args[i]
                if a in ("-I", "-D", "-include", "-isystem"):
                    keep += [a, args[i + 1]]
                    i += 2
                    continue
                if a.startswith(("-I", "-D", "-isystem")):
                    keep.append(a)
                i += 1
            per_file[f] = keep
        return per_file
    return {}


# ---------------------------------------------------------------- db

def tu_args(lib, root, f, lang, std, extra, cmake_flags):
    sub = lambda a: a.replace("{root}", root)
    comp = CC if lang == "c" else CXX
    args = [comp, "-x", lang, "-std=" + std]
    args += cmake_flags.get(f, [])
    args += [sub(a) for a in extra + lib["flags"]]
    args += ["-I" + os.path.dirname(f)]
    return args


def syntax_ok(args, f):
    p = run(["nice", "-n", "10"] + args + ["-fsyntax-only", "-w", f])
    first = next((l for l in p.stderr.splitlines() if "error:" in l), p.stderr.strip()[:200])
    return p.returncode == 0, first


def make_db(lib, root, work, jobs):
    cmake_flags = configure(lib, root, work)
    tus, seen = [], set()
    for cat, globs, lang, std, extra in lib["sets"]:
        for g in globs:
            for f in sorted(glob.glob(os.path.join(root, g), recursive=True)):
                f = os.path.normpath(f)
                if f in seen or "/.pc/" in f or "/debian/" in f:
                    continue
                seen.add(f)
                tus.append(dict(file=f, category=cat,
                                args=tu_args(lib, root, f, lang, std, extra, cmake_flags)))
    dbdir = os.path.join(work, "db", lib["name"])
    os.makedirs(dbdir, exist_ok=True)

    def entry(t):
        return {"directory": os.path.dirname(t["file"]), "file": t["file"],
                "arguments": t["args"] + ["-c", t["file"], "-o", "/dev/null"]}

    json.dump([entry(t) for t in tus], open(os.path.join(dbdir, "compile_commands.all.json"), "w"),
              indent=1)
    # Syntax checks are remembered per (arguments, file size and mtime);
    # --refetch forgets them.
    cpath = os.path.join(dbdir, "syntax-cache.json")
    try:
        cache = json.load(open(cpath))
    except (OSError, ValueError):
        cache = {}

    def key(t):
        st = os.stat(t["file"])
        return hashlib.sha256(json.dumps([t["args"], t["file"], st.st_size,
                                          st.st_mtime_ns]).encode()).hexdigest()

    def check(t):
        k = key(t)
        if k not in cache:
            cache[k] = syntax_ok(t["args"], t["file"])
        return tuple(cache[k])

    todo = sum(1 for t in tus if key(t) not in cache)
    log(f"[{lib['name']}] {len(tus)} TUs; clang -fsyntax-only on {todo} not checked before "
        f"({jobs} at a time)")
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(check, tus))
    json.dump(cache, open(cpath, "w"))
    kept = [t for t, (ok, _) in zip(tus, res) if ok]
    dropped = [(t, why) for t, (ok, why) in zip(tus, res) if not ok]
    json.dump([entry(t) for t in kept], open(os.path.join(dbdir, "compile_commands.json"), "w"),
              indent=1)
    with open(os.path.join(dbdir, "dropped.txt"), "w") as f:
        for t, why in dropped:
            f.write(f"{os.path.relpath(t['file'], root)}\t{why}\n")
    cats = {}
    for t in tus:
        c = cats.setdefault(t["category"], [0, 0])
        c[0] += 1
    for t, _ in dropped:
        cats[t["category"]][1] += 1
    return dict(tus=len(tus), dropped=len(dropped), kept=len(kept), categories=cats,
                dbdir=dbdir)


# ---------------------------------------------------------------- errlint

def run_errlint(lib, root, work, errlint, jobs, dbdir):
    out = os.path.join(work, "results")
    os.makedirs(out, exist_ok=True)
    name = lib["name"]
    cache = os.path.join(work, "cache", name)
    shutil.rmtree(cache, ignore_errors=True)  # a cold first run: its time is the measure
    base = ["nice", "-n", "10", errlint, "-p", dbdir, "--cite=none", "-j", str(jobs),
            f"--project-root={root}", f"--cache-dir={cache}"]
    jpath = os.path.join(out, f"{name}.json")
    log(f"[{name}] errlint (json)")
    t0 = time.monotonic()
    p = run(base + ["--format=json", "-o", jpath])
    secs = time.monotonic() - t0
    open(os.path.join(out, f"{name}.stderr.txt"), "w").write(p.stderr)
    if p.returncode not in (0, 1, 3) or not os.path.exists(jpath):
        raise SystemExit(f"{name}: errlint exited {p.returncode}: {p.stderr[-2000:]}")
    report = json.load(open(jpath))
    # The same findings as clang-style text (and SARIF), from the cache the
    # first run filled: the time above is the cold run's.
    for fmt, ext in (("text", "txt"), ("sarif", "sarif")):
        q = run(base + [f"--format={fmt}", "-o", os.path.join(out, f"{name}.{ext}")])
        if q.returncode not in (0, 1, 3):
            log(f"[{name}] errlint --format={fmt} exited {q.returncode}")
    text = open(os.path.join(out, f"{name}.txt")).read()
    ntext = len(re.findall(r"warning: .*\[errlint-", text))
    if ntext != len(report["findings"]):
        log(f"[{name}] WARNING: text report has {ntext} findings, JSON {len(report['findings'])}")
    return dict(seconds=round(secs, 1), rc=p.returncode, findings=report["findings"],
                incomplete=report.get("incomplete", []),
                files_analyzed=report.get("filesAnalyzed"), root=report.get("projectRoot", root))


# ---------------------------------------------------------------- report

def context(path, lines, radius=3):
    """Source lines around the given line numbers (windows merged)."""
    try:
        src = open(path, errors="replace").read().splitlines()
    except OSError:
        return [f"    (cannot read {path})"]
    wins = sorted((max(1, l - radius), min(len(src), l + radius)) for l in lines)
    merged = []
    for a, b in wins:
        if merged and a <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    out = []
    for i, (a, b) in enumerate(merged):
        if i:
            out.append("    ...")
        for n in range(a, b + 1):
            mark = ">" if n in lines else " "
            out.append(f"  {mark}{n:5d} | {src[n - 1]}")
    return out


def finding_block(idx, lib, f, root):
    absf = lambda p: p if os.path.isabs(p) else os.path.join(root, p)
    lines = [f"[{idx}] {lib} {f['file']}:{f['line']}:{f['column']}: "
             f"errlint-{f['rule']}: {f['message']}"]
    if f.get("function"):
        lines.append(f"    in {f['function']}")
    same = [f["line"]]
    other = []
    for n in f.get("notes", []):
        loc = f" ({n['file']}:{n['line']})" if n.get("file") else ""
        lines.append(f"    note [{n.get('kind', '')}]: {n['message']}{loc}")
        if n.get("file") == f["file"]:
            same.append(n["line"])
        elif n.get("file"):
            other.append(n)
    lines += context(absf(f["file"]), sorted(set(same)))
    for n in other:
        lines.append(f"    {n['file']}:")
        lines += context(absf(n["file"]), [n["line"]])
    return "\n".join(lines)


def table(rows, rules):
    head = ["library", "TUs", "dropped", "analyzed"] + rules + ["findings", "incomplete", "time s"]
    body = []
    for r in rows:
        if r.get("skipped"):
            body.append([r["name"], "-", "-", "-"] + ["-"] * len(rules) + ["-", "-", "-"])
            continue
        by = r.get("by_rule", {})
        body.append([r["name"], str(r["tus"]), str(r["dropped"]), str(r["kept"])]
                    + [str(by.get(x, 0)) for x in rules]
                    + [str(sum(by.values())), str(len(r.get("incomplete", []))),
                       str(r.get("seconds", "-"))])
    w = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(head)]
    fmt = lambda cells: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(cells)) + " |"
    out = [fmt(head), "|" + "|".join("-" * (x + 2) for x in w) + "|"]
    out += [fmt(b) for b in body]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default="/tmp/reallibs", help="work dir (default /tmp/reallibs)")
    ap.add_argument("--errlint", default=DEFAULT_ERRLINT, help="errlint binary")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="errlint -j and parallel syntax checks (default 2)")
    ap.add_argument("--only", action="append", metavar="LIB",
                    help="only this library (repeatable): " + ", ".join(l["name"] for l in LIBS))
    ap.add_argument("--no-apt", action="store_true",
                    help="no apt-get update/install (the packages are already there)")
    ap.add_argument("--refetch", action="store_true", help="fetch and configure again")
    ap.add_argument("--db-only", action="store_true", help="stop after the databases")
    args = ap.parse_args()

    work = os.path.abspath(args.work)
    os.makedirs(os.path.join(work, "logs"), exist_ok=True)
    if not os.access(args.errlint, os.X_OK):
        raise SystemExit(f"no errlint binary at {args.errlint} (build it first)")
    libs = [l for l in LIBS if not args.only or l["name"] in args.only]
    if args.only and len(libs) != len(args.only):
        raise SystemExit("unknown library in --only")

    if not args.no_apt:
        if not deb_src_enabled():
            enable_deb_src()
        else:
            subprocess.run(sudo() + ["apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
        install_dev_packages()

    # Measure a copy: the build directory may be rebuilt while this runs.
    snapdir = os.path.join(work, "errlint-bin")
    os.makedirs(snapdir, exist_ok=True)
    snap = os.path.join(snapdir, "errlint")
    shutil.copy2(args.errlint, snap + ".tmp")
    os.replace(snap + ".tmp", snap)
    sha = hashlib.sha256(open(snap, "rb").read()).hexdigest()[:16]
    v = run([snap, "--version"])
    if v.returncode:
        raise SystemExit(f"{args.errlint} does not run (being rebuilt?): {v.stderr}")
    version = " ".join(v.stdout.split())
    git = run(["git", "-C", REPO, "describe", "--always", "--dirty"]).stdout.strip()
    args.errlint = snap
    rows, blocks = [], []
    for lib in libs:
        name = lib["name"]
        if args.refetch:
            shutil.rmtree(os.path.join(work, "build", name), ignore_errors=True)
            shutil.rmtree(os.path.join(work, "db", name), ignore_errors=True)
        root, origin = fetch(lib, work, args.refetch)
        row = dict(name=name, origin=origin, note=lib.get("note", ""))
        if root is None:
            log(f"[{name}] skipped: {origin}")
            row["skipped"] = True
            rows.append(row)
            continue
        row["root"] = root
        row.update(make_db(lib, root, work, args.jobs))
        log(f"[{name}] {row['kept']} of {row['tus']} TUs compile ({row['dropped']} dropped)")
        if not args.db_only and row["kept"]:
            r = run_errlint(lib, root, work, args.errlint, args.jobs, row["dbdir"])
            row.update(seconds=r["seconds"], rc=r["rc"], incomplete=r["incomplete"],
                       files_analyzed=r["files_analyzed"])
            by = {}
            for f in r["findings"]:
                by[f["rule"]] = by.get(f["rule"], 0) + 1
            row["by_rule"] = by
            row["findings"] = r["findings"]
            for f in r["findings"]:
                blocks.append(finding_block(len(blocks) + 1, name, f, r["root"]))
            log(f"[{name}] {len(r['findings'])} findings in {r['seconds']} s")
        rows.append(row)

    rules = sorted({k for r in rows for k in r.get("by_rule", {})})
    out = []
    out.append(f"errlint: {version}, sha256 {sha}..., copied from the build of {REPO} at "
               f"{git or '?'}; -j {args.jobs}; work dir {work}")
    out.append("")
    out.append(table(rows, rules))
    out.append("")
    out.append("TUs: in the database; dropped: failed clang -fsyntax-only "
               "(db/LIB/dropped.txt); time: the errlint run, wall clock.")
    out.append("")
    for r in rows:
        cats = ", ".join(f"{c} {n}" + (f" (-{d})" if d else "")
                         for c, (n, d) in r.get("categories", {}).items())
        out.append(f"- {r['name']}: {r['origin']}" + (f"; {r['note']}" if r["note"] else "")
                   + (f"; TUs by kind: {cats}" if cats else ""))
        for inc in r.get("incomplete", []):
            out.append(f"    incomplete: {inc['file']}: {inc['reason']}")
    out.append("")
    out.append(f"Findings ({len(blocks)}), each with 3 lines of context "
               "('>' marks the finding and the lines its notes point at):")
    out.append("")
    out += [b + "\n" for b in blocks]
    text = "\n".join(out)
    print(text)
    res = os.path.join(work, "results")
    os.makedirs(res, exist_ok=True)
    suffix = "-" + "+".join(args.only) if args.only else ""
    open(os.path.join(res, f"summary{suffix}.txt"), "w").write(text + "\n")
    json.dump(dict(errlint=version, sha256=sha, git=git, jobs=args.jobs, libraries=rows),
              open(os.path.join(res, f"summary{suffix}.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
