#!/usr/bin/env python3
"""Benchmark errlint against the Clang Static Analyzer and cppcheck.

Every file in eval/cases/ is a small C++ program. A line with a trailing
`// BUG: use-after-close` or `// BUG: double-close` comment is the offending
call of a bug; every other line is correct code. The script runs each tool on
each case, keeps the findings that belong to the failure class (see
RELEVANT_CSA / RELEVANT_CPPCHECK), and scores them:

* a relevant finding on a BUG line is a true positive (for errlint, its rule
  must also match the BUG kind; the other tools' categories differ, so any
  relevant finding counts);
* a BUG line without one is a false negative;
* a relevant finding on any other line is a false positive.

A bug reached through a helper can carry a label, `// BUG: use-after-close
#name`, and the line inside the helper where a tool that inlines the call
would report it carries `// SAME: name`: a finding there detects that bug and
is never a false positive.

Run with --gate to exit non-zero unless errlint finds every bug with no false
positive, apart from the entries of eval/known.json (each says why).
"""

import argparse
import concurrent.futures
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CASES = os.path.join(HERE, "cases")
KNOWN = os.path.join(HERE, "known.json")
LLVM_BIN = "/usr/lib/llvm-19/bin"
STD = "-std=c++17"

KINDS = ("use-after-close", "double-close")
BUG_RE = re.compile(r"//\s*BUG:\s*(?P<kind>[\w-]+)(?:\s+#(?P<label>\w+))?")
SAME_RE = re.compile(r"//\s*SAME:\s*#?(?P<label>\w+)")
DIAG_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?:\d+:)?\s*(?:warning|error):\s*"
    r"(?P<msg>.*?)\s*\[(?P<id>[\w.-]+)\]\s*$")
CPPCHECK_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<id>[\w.-]+): (?P<msg>.*)$")

# Category of a case, from its file-name prefix.
CATEGORIES = {"stdio": "FILE*", "fd": "fd", "fstream": "fstream", "class": "classes",
              "proto": "inferred protocols"}
CATEGORY_ORDER = ["FILE*", "fd", "fstream", "classes", "inferred protocols"]

# errlint rule -> bug kind.
ERRLINT_KINDS = {
    "errlint-use-after-close": "use-after-close",
    "errlint-send-after-close": "use-after-close",
    "errlint-double-close": "double-close",
    # Reported at the close; the use it races with is the BUG line, and the
    # close is marked SAME.
    "errlint-close-while-in-use": "use-after-close",
}
# The analyzer's findings about closed or released handles. unix.Stream also
# reports NULL streams, leaks, EOF reads and indeterminate positions: those are
# other failure classes and are left out.
RELEVANT_CSA = {
    "unix.Stream": re.compile(r"already closed", re.I),
    "unix.Malloc": re.compile(r"released memory|after it is (freed|released)", re.I),
    "cplusplus.NewDelete": re.compile(r"released memory|after it is (freed|released)", re.I),
}
# cppcheck ids about closed files and released resources.
RELEVANT_CPPCHECK = {"useClosedFile", "doubleFree", "deallocuse", "deallocDealloc",
                     "doubleClose"}


class Case:
    """One case file and its expectations."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.include = os.path.join(os.path.dirname(path), "include")
        prefix = self.name.split("_", 1)[0]
        if prefix not in CATEGORIES:
            raise SystemExit("%s: unknown category prefix '%s' (expected one of %s)"
                             % (path, prefix, ", ".join(CATEGORIES)))
        self.category = CATEGORIES[prefix]
        self.lines = []
        self.bugs = {}    # line -> (kind, label)
        self.same = {}    # line -> label
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().splitlines()
        for no, text in enumerate(self.lines, 1):
            bug = BUG_RE.search(text)
            if bug:
                if bug.group("kind") not in KINDS:
                    raise SystemExit("%s:%d: unknown bug kind '%s' (expected %s)"
                                     % (path, no, bug.group("kind"), " or ".join(KINDS)))
                self.bugs[no] = (bug.group("kind"), bug.group("label"))
            same = SAME_RE.search(text)
            if same:
                self.same[no] = same.group("label")
        labels = {label for _, label in self.bugs.values() if label}
        for no, label in self.same.items():
            if label not in labels:
                raise SystemExit("%s:%d: SAME label '%s' has no BUG line" % (path, no, label))

    def find_line(self, code, occurrence=None):
        """The line containing `code`: the only one, or the occurrence-th."""
        hits = [no for no, text in enumerate(self.lines, 1) if code in text]
        if occurrence is not None:
            return hits[occurrence - 1] if 0 < occurrence <= len(hits) else None, len(hits)
        return hits[0] if len(hits) == 1 else None, len(hits)


# --- Tools -------------------------------------------------------------------

def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(cmd, cwd):
    """The finished process, its wall-clock seconds and (run alone) CPU seconds."""
    start, cpu = time.perf_counter(), child_cpu()
    proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, errors="replace")
    return proc, time.perf_counter() - start, child_cpu() - cpu


def parse_diags(text, case, regex):
    """(line, id, message) of the diagnostics on the case file itself."""
    out = []
    for raw in text.splitlines():
        m = regex.match(raw.strip())
        if not m or os.path.basename(m.group("file")) != case.name:
            continue
        out.append((int(m.group("line")), m.group("id"), m.group("msg")))
    return out


class Tool:
    name = ""
    label = ""

    def command(self, case):
        raise NotImplementedError

    def findings(self, proc, case):
        """Relevant findings as (line, kind or None, id, message)."""
        raise NotImplementedError

    def ok(self, proc):
        return proc.returncode == 0


class Errlint(Tool):
    name, label = "errlint", "errlint"

    def __init__(self, path):
        self.path = path

    def command(self, case):
        return [self.path, case.path, "--cite=none", "--", STD, "-I" + case.include]

    def ok(self, proc):
        return proc.returncode in (0, 1)

    def findings(self, proc, case):
        out = []
        for line, rule, msg in parse_diags(proc.stdout + proc.stderr, case, DIAG_RE):
            if rule.startswith("errlint-"):
                out.append((line, ERRLINT_KINDS.get(rule), rule, msg))
        return out


class StaticAnalyzer(Tool):
    name, label = "csa", "clang --analyze (core,unix)"

    def __init__(self, clang):
        self.clang = clang

    def command(self, case):
        return [self.clang, "--analyze", "-Xclang", "-analyzer-checker=core,unix",
                STD, "-I" + case.include, case.path, "-o", os.devnull]

    def findings(self, proc, case):
        out = []
        for line, checker, msg in parse_diags(proc.stderr, case, DIAG_RE):
            pattern = RELEVANT_CSA.get(checker)
            if pattern and pattern.search(msg):
                out.append((line, None, checker, msg))
        return out


class Cppcheck(Tool):
    name, label = "cppcheck", "cppcheck"

    def __init__(self, path):
        self.path = path

    def command(self, case):
        return [self.path, "--enable=warning,style", "--inconclusive", "--std=c++17",
                "--quiet", "--template={file}:{line}: {id}: {message}",
                "-I" + case.include, case.path]

    def findings(self, proc, case):
        return [(line, None, cid, msg)
                for line, cid, msg in parse_diags(proc.stderr, case, CPPCHECK_RE)
                if cid in RELEVANT_CPPCHECK]


class SyntaxOnly(Tool):
    name, label = "syntax-only", "clang++ -fsyntax-only"

    def __init__(self, clang):
        self.clang = clang

    def command(self, case):
        return [self.clang, "-fsyntax-only", STD, "-I" + case.include, case.path]

    def findings(self, proc, case):
        return []


# --- Scoring -----------------------------------------------------------------

def score(case, findings, strict_kind):
    """TP/FN bug lines and FP finding lines of one tool on one case."""
    detected = set()
    fps = {}
    for line, kind, fid, msg in findings:
        if line in case.bugs:
            want, _ = case.bugs[line]
            if not strict_kind or kind == want:
                detected.add(line)
                continue
        elif line in case.same:
            label = case.same[line]
            detected.update(no for no, (want, lab) in case.bugs.items()
                            if lab == label and (not strict_kind or kind == want))
            continue
        fps.setdefault(line, "%s: %s" % (fid, msg))
    tp = sorted(detected)
    fn = sorted(no for no in case.bugs if no not in detected)
    return tp, fn, fps


def load_known(cases, path=KNOWN):
    """Known errlint misses and false positives: {(case, line): entry}."""
    if not os.path.exists(path):
        return {}, {}
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as err:
            raise SystemExit("%s:%d:%d: error: %s" % (path, err.lineno, err.colno, err.msg))
    by_name = {c.name: c for c in cases}
    result = {"misses": {}, "false_positives": {}}
    for section in result:
        for i, entry in enumerate(data.get(section, [])):
            where = "%s: %s[%d]" % (path, section, i)
            for field in ("case", "code", "why"):
                if not str(entry.get(field, "")).strip():
                    raise SystemExit("%s: field '%s' is missing or empty" % (where, field))
            case = by_name.get(entry["case"])
            if case is None:
                raise SystemExit("%s: no case named '%s'" % (where, entry["case"]))
            line, count = case.find_line(entry["code"], entry.get("occurrence"))
            if line is None:
                raise SystemExit("%s: '%s' matches %d lines of %s (need exactly one, or "
                                 "an 'occurrence' among them)"
                                 % (where, entry["code"], count, case.name))
            if section == "misses" and line not in case.bugs:
                raise SystemExit("%s: %s:%d is not a BUG line" % (where, case.name, line))
            if section == "false_positives" and line in case.bugs:
                raise SystemExit("%s: %s:%d is a BUG line" % (where, case.name, line))
            result[section][(case.name, line)] = entry
    return result["misses"], result["false_positives"]


# --- Running -----------------------------------------------------------------

def run_tool(tool, cases, jobs):
    """Per-case results of one tool, and its total time."""
    def one(case):
        proc, secs, cpu = run(tool.command(case), os.path.dirname(case.path))
        # With several cases running at once, a child's CPU time cannot be
        # told apart from its neighbours'.
        res = {"case": case.name, "category": case.category, "seconds": secs,
               "cpu_seconds": cpu if jobs == 1 else None}
        if not tool.ok(proc):
            res["error"] = "exit %d: %s" % (proc.returncode,
                                            (proc.stderr or proc.stdout).strip()[-400:])
        found = tool.findings(proc, case)
        tp, fn, fps = score(case, found, strict_kind=isinstance(tool, Errlint))
        res.update(bugs=sorted(case.bugs), tp=tp, fn=fn,
                   fp={str(k): v for k, v in sorted(fps.items())},
                   findings=[{"line": l, "kind": k, "id": i, "message": m}
                             for l, k, i, m in found])
        return res

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, cases))


def summarize(results, cases):
    rows = {}
    for cat in CATEGORY_ORDER + ["total"]:
        sel = [r for r in results if cat in (r["category"], "total")]
        if not sel:
            continue
        tp = sum(len(r["tp"]) for r in sel)
        fn = sum(len(r["fn"]) for r in sel)
        bugs = tp + fn
        rows[cat] = {
            "cases": len(sel),
            "negative_cases": sum(1 for r in sel if not r["bugs"]),
            "bugs": bugs, "tp": tp, "fn": fn,
            "fp": sum(len(r["fp"]) for r in sel),
            "recall": tp / bugs if bugs else None,
            "seconds": sum(r["seconds"] for r in sel),
            "cpu_seconds": (None if any(r["cpu_seconds"] is None for r in sel)
                            else sum(r["cpu_seconds"] for r in sel)),
        }
    return rows


def fmt_ratio(x):
    return "-" if x is None else "%.0f%%" % (100 * x)


def time_ratio(row, base):
    """The tool's time over clang -fsyntax-only's: CPU time when both have it."""
    if not base:
        return None
    if row["cpu_seconds"] and base["cpu_seconds"]:
        return row["cpu_seconds"] / base["cpu_seconds"]
    return row["seconds"] / base["seconds"]


def print_table(label, rows, baseline):
    print("\n%s" % label)
    print("| category | cases (neg.) | bugs | TP | FN | FP | recall | wall | CPU "
          "| time / syntax-only |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for cat, r in rows.items():
        ratio = time_ratio(r, baseline.get(cat))
        print("| %s | %d (%d) | %d | %d | %d | %d | %s | %.1fs | %s | %s |"
              % (cat, r["cases"], r["negative_cases"], r["bugs"], r["tp"], r["fn"], r["fp"],
                 fmt_ratio(r["recall"]), r["seconds"],
                 "-" if r["cpu_seconds"] is None else "%.1fs" % r["cpu_seconds"],
                 "-" if ratio is None else ("%.2fx" if ratio < 0.1 else "%.1fx") % ratio))


def print_details(name, results, known=()):
    """Every error, miss and false positive; those in `known` are marked."""
    def mark(case, line):
        return " (known)" if (case, int(line)) in known else ""
    for r in results:
        if r.get("error"):
            print("  %s: %s: error: %s" % (name, r["case"], r["error"]))
        for line in r["fn"]:
            print("  %s: %s:%d: missed%s" % (name, r["case"], line, mark(r["case"], line)))
        for line, what in r["fp"].items():
            print("  %s: %s:%s: false positive%s: %s"
                  % (name, r["case"], line, mark(r["case"], line), what))


def gate(results, cases, misses, fps):
    """Problems that fail the gate, known entries taken into account."""
    problems = []
    found_known_miss, seen_known_fp = set(), set()
    for r in results:
        if r.get("error"):
            problems.append("%s: errlint failed: %s" % (r["case"], r["error"]))
        for line in r["fn"]:
            if (r["case"], line) not in misses:
                problems.append("%s:%d: bug missed" % (r["case"], line))
        for line in r["tp"]:
            if (r["case"], line) in misses:
                found_known_miss.add((r["case"], line))
        for line, what in r["fp"].items():
            key = (r["case"], int(line))
            if key in fps:
                seen_known_fp.add(key)
            else:
                problems.append("%s:%s: false positive: %s" % (r["case"], line, what))
    for key in sorted(found_known_miss):
        problems.append("%s:%d: listed as a known miss in eval/known.json but now found: "
                        "remove the entry" % key)
    for key in sorted(set(fps) - seen_known_fp):
        problems.append("%s:%d: listed as a known false positive in eval/known.json but no "
                        "longer reported: remove the entry" % key)
    return problems


def make_tools(args):
    clang = args.clang or os.path.join(LLVM_BIN, "clang++")
    tools = []
    for name in args.tools.split(","):
        name = name.strip()
        if name == "errlint":
            path = args.errlint or os.path.join(ROOT, "build", "bin", "errlint")
            tools.append(Errlint(path))
        elif name == "csa":
            tools.append(StaticAnalyzer(clang))
        elif name == "cppcheck":
            tools.append(Cppcheck(args.cppcheck or shutil.which("cppcheck") or "cppcheck"))
        else:
            raise SystemExit("run.py: unknown tool '%s' (expected errlint, csa, cppcheck)" % name)
    for tool in tools:
        exe = getattr(tool, "path", None) or getattr(tool, "clang", None)
        if not (os.path.isfile(exe) or shutil.which(exe)):
            raise SystemExit("run.py: %s not found at '%s'" % (tool.name, exe))
    return SyntaxOnly(clang), tools


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tools", default="errlint,csa,cppcheck",
                    help="comma-separated: errlint, csa, cppcheck (default: all)")
    ap.add_argument("--errlint", help="errlint binary (default: build/bin/errlint)")
    ap.add_argument("--clang", help="clang++ (default: %s/clang++)" % LLVM_BIN)
    ap.add_argument("--cppcheck", help="cppcheck binary (default: from PATH)")
    ap.add_argument("--json", metavar="OUT", help="write every result to OUT as JSON")
    ap.add_argument("--gate", action="store_true",
                    help="exit 1 unless errlint has no FP and finds every bug not in "
                         "eval/known.json")
    ap.add_argument("--known", default=KNOWN, help="known misses and false positives "
                    "(default: eval/known.json)")
    ap.add_argument("--cases-dir", default=CASES, help="directory of the cases")
    ap.add_argument("--cases", nargs="*", help="only these case files (names or paths)")
    ap.add_argument("--no-baseline", dest="baseline", action="store_false",
                    help="skip the clang -fsyntax-only run the times are compared with")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="cases run in parallel")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and FP")
    args = ap.parse_args()

    names = sorted(n for n in os.listdir(args.cases_dir) if n.endswith(".cpp"))
    if args.cases:
        wanted = {os.path.basename(c) for c in args.cases}
        names = [n for n in names if n in wanted]
    cases = [Case(os.path.join(args.cases_dir, n)) for n in names]
    if not cases:
        raise SystemExit("run.py: no cases")
    misses, known_fps = load_known(cases, args.known)
    syntax, tools = make_tools(args)
    if args.gate and not any(t.name == "errlint" for t in tools):
        raise SystemExit("run.py: --gate needs errlint among --tools")

    print("%d cases (%d negative), %d bugs"
          % (len(cases), sum(1 for c in cases if not c.bugs), sum(len(c.bugs) for c in cases)))
    baseline = {}
    if args.baseline:
        base_results = run_tool(syntax, cases, args.jobs)
        broken = [r for r in base_results if r.get("error")]
        for r in broken:
            print("%s: does not compile: %s" % (r["case"], r["error"]), file=sys.stderr)
        if broken:
            return 2
        baseline = summarize(base_results, cases)
        print("%s (the baseline): %s" % (syntax.label, ", ".join(
            "%s %.1fs wall / %s CPU" % (cat, r["seconds"], "-" if r["cpu_seconds"] is None
                                        else "%.1fs" % r["cpu_seconds"])
            for cat, r in baseline.items())))

    report = {"cases": len(cases), "baseline": baseline, "tools": {}}
    status = 0
    for tool in tools:
        results = run_tool(tool, cases, args.jobs)
        rows = summarize(results, cases)
        print_table(tool.label, rows, baseline)
        if args.verbose or (args.gate and tool.name == "errlint"):
            print_details(tool.name, results,
                          set(misses) | set(known_fps) if tool.name == "errlint" else ())
        report["tools"][tool.name] = {"summary": rows, "cases": results}
        if args.gate and tool.name == "errlint":
            problems = gate(results, cases, misses, known_fps)
            print("\ngate: %d known misses, %d known false positives (eval/known.json)"
                  % (len(misses), len(known_fps)))
            for p in problems:
                print("gate: FAIL: " + p)
            if problems:
                status = 1
            else:
                print("gate: PASS: no false positive, every other bug found")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    return status


if __name__ == "__main__":
    sys.exit(main())
