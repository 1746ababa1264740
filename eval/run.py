#!/usr/bin/env python3
"""Benchmark errlint against the Clang Static Analyzer, clang-tidy and cppcheck.

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

A line that a naive tool might flag but that is correct carries `// OK`: it is
counted as a quiet line, so the report can say how many of the lines that must
stay quiet a tool flagged. (Any finding on a line that is neither BUG nor SAME
is a false positive, OK-marked or not.)

Each directory under eval/projects/ is a multi-file project, scored as one
unit of category `project:<name>`: errlint runs once over a compilation
database the script writes (one entry per .cpp), the other tools once per
translation unit, and findings are matched to marked lines by (file, line).

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
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CASES = os.path.join(HERE, "cases")
PROJECTS = os.path.join(HERE, "projects")
KNOWN = os.path.join(HERE, "known.json")
LLVM_BIN = "/usr/lib/llvm-19/bin"
STD = "-std=c++17"

KINDS = ("use-after-close", "double-close")
BUG_RE = re.compile(r"//\s*BUG:\s*(?P<kind>[\w-]+)(?:\s+#(?P<label>\w+))?")
SAME_RE = re.compile(r"//\s*SAME:\s*#?(?P<label>\w+)")
OK_RE = re.compile(r"//\s*OK\b")
DIAG_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?:\d+:)?\s*(?:warning|error):\s*"
    r"(?P<msg>.*?)\s*\[(?P<id>[\w.-]+)\]\s*$")
NOTE_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?:\d+:)?\s*note:\s*(?P<msg>.*?)\s*$")
CPPCHECK_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<id>[\w.-]+): (?P<msg>.*)$")

# Category of a case, from its file-name prefix.
CATEGORIES = {"stdio": "FILE*", "fd": "fd", "fstream": "fstream", "class": "classes",
              "proto": "inferred protocols",
              # The realistic suite (issue 16).
              "dtor": "destructor closes", "shared": "shared owners",
              "container": "containers", "template": "class templates",
              "infer": "inferred behaviour", "guard": "guards", "replace": "replacement",
              "lock": "locks", "except": "exceptions", "failpath": "failure paths",
              "retry": "close retries", "once": "close once",
              "steps": "shutdown steps"}
CATEGORY_ORDER = ["FILE*", "fd", "fstream", "classes", "inferred protocols",
                  "destructor closes", "shared owners", "containers", "class templates",
                  "inferred behaviour", "guards", "replacement", "locks", "exceptions",
                  "failure paths", "close retries", "close once", "shutdown steps"]
PROJECT_SOURCES = (".cpp", ".cc", ".cxx")
PROJECT_FILES = PROJECT_SOURCES + (".h", ".hpp", ".hh")

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
# clang-tidy's use-after-move, with the close functions of the cases' classes
# as InvalidationFunctions: a semicolon-separated list of regular expressions
# matched, unanchored, against the qualified name (hence ^...$ on the free
# functions); for a member function the object is what is invalidated. The
# check follows local variables and parameters only, and (observed with 22.1)
# not a FILE* or int passed by value to fclose()/close().
TIDY_INVALIDATION = ";".join([
    "^::fclose$", "^::close$", "^::pclose$", "^::closedir$",
    "::close$", "::Close$", "::shutdown$", "::disconnect$", "::stop$",
    "::closeAll$", "::closeSession$", "::expire$",
])
TIDY_CHECK = "bugprone-use-after-move"
RELEVANT_TIDY = re.compile(r"used after it was (moved|invalidated|forwarded)", re.I)
# cppcheck ids about closed files and released resources.
RELEVANT_CPPCHECK = {"useClosedFile", "doubleFree", "deallocuse", "deallocDealloc",
                     "doubleClose"}


def parse_markers(where, lines, key, bugs, same, quiet):
    """Record the BUG, SAME and OK markers of `lines` under key(line number)."""
    for no, text in enumerate(lines, 1):
        bug = BUG_RE.search(text)
        if bug:
            if bug.group("kind") not in KINDS:
                raise SystemExit("%s:%d: unknown bug kind '%s' (expected %s)"
                                 % (where, no, bug.group("kind"), " or ".join(KINDS)))
            bugs[key(no)] = (bug.group("kind"), bug.group("label"))
        same_m = SAME_RE.search(text)
        if same_m:
            same[key(no)] = same_m.group("label")
        if OK_RE.search(text):
            if bug or same_m:
                raise SystemExit("%s:%d: a line marked OK cannot also be BUG or SAME"
                                 % (where, no))
            quiet.add(key(no))


def check_labels(where, bugs, same):
    labels = {label for _, label in bugs.values() if label}
    for key, label in same.items():
        if label not in labels:
            raise SystemExit("%s:%s: SAME label '%s' has no BUG line" % (where, key, label))


def find_in(lines, code, occurrence):
    hits = [no for no, text in enumerate(lines, 1) if code in text]
    if occurrence is not None:
        return hits[occurrence - 1] if 0 < occurrence <= len(hits) else None, len(hits)
    return hits[0] if len(hits) == 1 else None, len(hits)


class Case:
    """One case file and its expectations. Marked lines are keyed by line number."""

    is_project = False

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.include = os.path.join(os.path.dirname(path), "include")
        prefix = self.name.split("_", 1)[0]
        if prefix not in CATEGORIES:
            raise SystemExit("%s: unknown category prefix '%s' (expected one of %s)"
                             % (path, prefix, ", ".join(CATEGORIES)))
        self.category = CATEGORIES[prefix]
        self.bugs = {}    # line -> (kind, label)
        self.same = {}    # line -> label
        self.quiet = set()  # lines marked OK
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().splitlines()
        parse_markers(path, self.lines, lambda no: no, self.bugs, self.same, self.quiet)
        check_labels(path, self.bugs, self.same)

    def units(self):
        """The translation units a per-file tool runs on."""
        return [self]

    def key_for(self, file, line, cwd=None):
        """The key of a diagnostic's location, None when it is not in this case."""
        return line if os.path.basename(file) == self.name else None

    def find_line(self, code, occurrence=None, file=None):
        """The line containing `code`: the only one, or the occurrence-th."""
        return find_in(self.lines, code, occurrence)


class Unit:
    """One translation unit of a project, as the per-file tools see it."""

    def __init__(self, path, include):
        self.path = path
        self.name = os.path.basename(path)
        self.include = include


class Project:
    """A multi-file project under eval/projects/<name>/: its sources, headers
    (in <name>/include) and markers, keyed by "relative/path:line"."""

    is_project = True

    def __init__(self, path):
        self.path = os.path.realpath(path)
        self.name = os.path.basename(self.path)
        self.category = "project:" + self.name
        self.include = os.path.join(self.path, "include")
        self.files = {}   # relative path -> lines
        for root, dirs, names in os.walk(self.path):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "build")
            for n in sorted(names):
                if n.endswith(PROJECT_FILES):
                    full = os.path.join(root, n)
                    rel = os.path.relpath(full, self.path)
                    with open(full, encoding="utf-8") as f:
                        self.files[rel] = f.read().splitlines()
        self.sources = sorted(rel for rel in self.files if rel.endswith(PROJECT_SOURCES))
        if not self.sources:
            raise SystemExit("%s: a project needs at least one %s file"
                             % (path, "/".join(PROJECT_SOURCES)))
        self.bugs, self.same, self.quiet = {}, {}, set()
        for rel, lines in self.files.items():
            parse_markers(os.path.join(path, rel), lines, lambda no, rel=rel: "%s:%d" % (rel, no),
                          self.bugs, self.same, self.quiet)
        check_labels(path, self.bugs, self.same)

    def units(self):
        return [Unit(os.path.join(self.path, rel), self.include) for rel in self.sources]

    def key_for(self, file, line, cwd=None):
        full = os.path.realpath(os.path.join(cwd or self.path, file))
        rel = os.path.relpath(full, self.path)
        return "%s:%d" % (rel, line) if rel in self.files else None

    def find_line(self, code, occurrence=None, file=None):
        if file not in self.files:
            return None, 0
        no, count = find_in(self.files[file], code, occurrence)
        return (None if no is None else "%s:%d" % (file, no)), count

    def compile_commands(self, clang, directory):
        """Write compile_commands.json (absolute paths, one entry per source) into
        `directory`; return its path."""
        entries = [{"directory": self.path, "file": os.path.join(self.path, rel),
                    "arguments": [clang, STD, "-I" + self.include,
                                  "-I" + os.path.join(CASES, "include"), "-c",
                                  os.path.join(self.path, rel), "-o", os.devnull]}
                   for rel in self.sources]
        out = os.path.join(directory, "compile_commands.json")
        with open(out, "w", encoding="utf-8") as f:
            json.dump(entries, f, indent=1)
        return out


def load_projects(directory):
    if not directory or not os.path.isdir(directory):
        return []
    return [Project(os.path.join(directory, n)) for n in sorted(os.listdir(directory))
            if os.path.isdir(os.path.join(directory, n)) and not n.startswith(".")]


def line_key(text):
    """A key from its string form: an int for a case, "file:line" for a project."""
    return int(text) if isinstance(text, int) or str(text).isdigit() else text


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


def parse_diags(text, case, regex, cwd=None):
    """(key, id, message) of the diagnostics on the case's own files."""
    out = []
    for raw in text.splitlines():
        m = regex.match(raw.strip())
        if not m:
            continue
        key = case.key_for(m.group("file"), int(m.group("line")), cwd)
        if key is None:
            continue
        out.append((key, m.group("id"), m.group("msg")))
    return out


class Tool:
    name = ""
    label = ""

    def exe(self):
        return getattr(self, "path", None) or getattr(self, "clang", None)

    def command(self, case):
        raise NotImplementedError

    def project_command(self, project, dbdir):
        """One command for the whole project, or None to run command() per TU."""
        return None

    def findings(self, proc, case, cwd=None):
        """Relevant findings as (key, kind or None, id, message)."""
        raise NotImplementedError

    def ok(self, proc):
        return proc.returncode == 0


class Errlint(Tool):
    name, label = "errlint", "errlint"

    def __init__(self, path, jobs=1):
        self.path = path
        self.jobs = jobs

    def command(self, case):
        return [self.path, case.path, "--cite=none", "--", STD, "-I" + case.include]

    def project_command(self, project, dbdir):
        return [self.path, "-p", dbdir, "--cite=none", "--project-root=" + project.path,
                "-j", str(self.jobs)]

    def ok(self, proc):
        return proc.returncode in (0, 1)

    def findings(self, proc, case, cwd=None):
        """A race finding is at the close made in the function that runs the
        thread; its note at the close that call makes inside (`'stop'
        closes it here`) names the same close one call deeper, and counts
        as a second place of the finding (where a case marks that close), as
        does its note at the use the thread makes (`it uses 'x' here`), where
        cases mark a race's bug.
        So does a callback finding's note at the use inside the callback
        (the finding is at the call that runs it), an executor task's note
        at its use (the finding is at the call that starts it), and a
        use-after-close
        finding's notes at the use inside the callee it reports at the call
        (`'vlog' uses it here`, `through this call in 'closeCache'`): the
        cases mark either the call or the use inside, both the same defect.
        And a double-close finding at a call, whose note is at the second
        close inside the callee (`'rearm' closes it again here`)."""
        out = []
        current = None
        for raw in (proc.stdout + proc.stderr).splitlines():
            line = raw.strip()
            m = DIAG_RE.match(line)
            if m:
                current = None
                key = case.key_for(m.group("file"), int(m.group("line")), cwd)
                rule = m.group("id")
                if key is not None and rule.startswith("errlint-"):
                    current = [key, ERRLINT_KINDS.get(rule), rule, m.group("msg"), []]
                    out.append(current)
                continue
            n = NOTE_RE.match(line)
            if n is None or current is None:
                continue
            note = n.group("msg")
            # A race finding names both ends: the close (one call deeper)
            # and the use on the other thread, where cases mark the bug.
            race_close = (current[2] == "errlint-close-while-in-use"
                          and (note.endswith("closes it here")
                               or (note.startswith(("it uses '", "it calls '"))
                                   and note.endswith("' here"))))
            # A callback run after the close: the finding is at the call
            # that runs it, its note at the use inside the callback.
            callback_use = ("runs a callback that uses" in current[3]
                            and note.startswith("the callback ") and note.endswith(" here"))
            # A task handed to an executor after the close: the finding is
            # at the call that starts it, its note at the use in the task.
            task_use = (current[3].startswith("the executor task started here uses")
                        and note == "the executor task uses it here")
            # A use inside the callee the finding is at the call to.
            callee_use = (current[2] == "errlint-use-after-close"
                          and current[3].startswith("call to '")
                          and " uses '" in current[3]
                          and (note.endswith("' uses it here")
                               or note.startswith("through this call in '")))
            # A second close inside the callee the finding is at the call to.
            callee_close = (current[2] == "errlint-double-close"
                            and note.endswith("' closes it again here"))
            if race_close or callback_use or task_use or callee_use or callee_close:
                alt = case.key_for(n.group("file"), int(n.group("line")), cwd)
                if alt is not None:
                    current[4].append(alt)
        return [tuple(f[:4]) + (tuple(f[4]),) for f in out]


class StaticAnalyzer(Tool):
    name, label = "csa", "clang --analyze (core,unix)"

    def __init__(self, clang):
        self.clang = clang

    def command(self, case):
        return [self.clang, "--analyze", "-Xclang", "-analyzer-checker=core,unix",
                STD, "-I" + case.include, case.path, "-o", os.devnull]

    def findings(self, proc, case, cwd=None):
        out = []
        for key, checker, msg in parse_diags(proc.stderr, case, DIAG_RE, cwd):
            pattern = RELEVANT_CSA.get(checker)
            if pattern and pattern.search(msg):
                out.append((key, None, checker, msg))
        return out


class ClangTidy(Tool):
    name, label = "tidy22", "clang-tidy-22 (bugprone-use-after-move + InvalidationFunctions)"

    def __init__(self, path):
        self.path = path

    def config(self):
        return ("{Checks: '-*,%s', CheckOptions: {%s.InvalidationFunctions: '%s'}}"
                % (TIDY_CHECK, TIDY_CHECK, TIDY_INVALIDATION))

    def command(self, case):
        return [self.path, "--quiet", "-checks=-*," + TIDY_CHECK, "-config=" + self.config(),
                case.path, "--", STD, "-I" + case.include]

    def findings(self, proc, case, cwd=None):
        return [(key, None, cid, msg)
                for key, cid, msg in parse_diags(proc.stdout + proc.stderr, case, DIAG_RE, cwd)
                if cid == TIDY_CHECK and RELEVANT_TIDY.search(msg)]


class Cppcheck(Tool):
    name, label = "cppcheck", "cppcheck"

    def __init__(self, path):
        self.path = path

    def command(self, case):
        return [self.path, "--enable=warning,style", "--inconclusive", "--std=c++17",
                "--quiet", "--template={file}:{line}: {id}: {message}",
                "-I" + case.include, case.path]

    def findings(self, proc, case, cwd=None):
        return [(key, None, cid, msg)
                for key, cid, msg in parse_diags(proc.stderr, case, CPPCHECK_RE, cwd)
                if cid in RELEVANT_CPPCHECK]


class SyntaxOnly(Tool):
    name, label = "syntax-only", "clang++ -fsyntax-only"

    def __init__(self, clang):
        self.clang = clang

    def command(self, case):
        return [self.clang, "-fsyntax-only", STD, "-I" + case.include, case.path]

    def findings(self, proc, case, cwd=None):
        return []


# --- Scoring -----------------------------------------------------------------

def score(case, findings, strict_kind):
    """TP/FN bug keys and FP finding keys of one tool on one case or project."""
    detected = set()
    fps = {}

    def detects(key, kind):
        if key in case.bugs:
            want, _ = case.bugs[key]
            if not strict_kind or kind == want:
                detected.add(key)
                return True
        elif key in case.same:
            label = case.same[key]
            detected.update(k for k, (want, lab) in case.bugs.items()
                            if lab == label and (not strict_kind or kind == want))
            return True
        return False

    for finding in findings:
        key, kind, fid, msg = finding[:4]
        alternates = finding[4] if len(finding) > 4 else ()
        if detects(key, kind) or any([detects(alt, kind) for alt in alternates]):
            continue
        fps.setdefault(key, "%s: %s" % (fid, msg))
    tp = sorted(detected)
    fn = sorted(k for k in case.bugs if k not in detected)
    return tp, fn, fps


def load_known(cases, path=KNOWN, selected=None):
    """Known errlint misses and false positives: {(case, key): entry}.

    `cases` are every case and project the entries may name (each is checked);
    only the entries of `selected` (default: all of them) are returned. A
    project's entry names it in `case` (its directory name, or
    "project:<name>") and the file, relative to the project, in `file`."""
    if not os.path.exists(path):
        return {}, {}
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as err:
            raise SystemExit("%s:%d:%d: error: %s" % (path, err.lineno, err.colno, err.msg))
    by_name = {}
    for c in cases:
        by_name[c.name] = c
        if c.is_project:
            by_name[c.category] = c
    chosen = None if selected is None else {c.name for c in selected}
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
            if case.is_project:
                if not str(entry.get("file", "")).strip():
                    raise SystemExit("%s: field 'file' is missing or empty (needed for "
                                     "project %s)" % (where, case.name))
                if entry["file"] not in case.files:
                    raise SystemExit("%s: project %s has no file '%s'"
                                     % (where, case.name, entry["file"]))
            elif "file" in entry:
                raise SystemExit("%s: field 'file' is only for projects" % where)
            key, count = case.find_line(entry["code"], entry.get("occurrence"),
                                        entry.get("file"))
            label = case.name if not case.is_project else "%s/%s" % (case.name, entry["file"])
            if key is None:
                raise SystemExit("%s: '%s' matches %d lines of %s (need exactly one, or "
                                 "an 'occurrence' among them)"
                                 % (where, entry["code"], count, label))
            if section == "misses" and key not in case.bugs:
                raise SystemExit("%s: %s:%s is not a BUG line" % (where, case.name, key))
            # A finding of the other kind on a BUG line (a race reported
            # where the line's bug is a double close) is a false positive
            # too; its entry says so with "otherKind".
            if (section == "false_positives" and key in case.bugs
                    and not entry.get("otherKind")):
                raise SystemExit("%s: %s:%s is a BUG line" % (where, case.name, key))
            if chosen is None or case.name in chosen:
                result[section][(case.name, key)] = entry
    return result["misses"], result["false_positives"]


# --- Running -----------------------------------------------------------------

def run_tool(tool, cases, jobs, clang=None):
    """Per-case (and per-project) results of one tool."""
    def one(case):
        cpu_total, secs_total, errors, found = 0.0, 0.0, [], []
        procs = []
        if case.is_project and tool.project_command(case, "") is not None:
            with tempfile.TemporaryDirectory(prefix="eval-%s-" % case.name) as dbdir:
                case.compile_commands(clang or os.path.join(LLVM_BIN, "clang++"), dbdir)
                proc, secs, cpu = run(tool.project_command(case, dbdir), case.path)
            procs.append(proc)
            secs_total, cpu_total = secs, cpu
        else:
            for unit in case.units():
                proc, secs, cpu = run(tool.command(unit), os.path.dirname(unit.path))
                procs.append(proc)
                secs_total += secs
                cpu_total += cpu
        seen = set()
        for proc in procs:
            if not tool.ok(proc):
                errors.append("exit %d: %s" % (proc.returncode,
                                               (proc.stderr or proc.stdout).strip()[-400:]))
            cwd = case.path if case.is_project else None
            for f in tool.findings(proc, case, cwd):
                if f not in seen:
                    seen.add(f)
                    found.append(f)
        # With several cases running at once, a child's CPU time cannot be
        # told apart from its neighbours'.
        res = {"case": case.name, "category": case.category, "seconds": secs_total,
               "cpu_seconds": cpu_total if jobs == 1 else None,
               "quiet": len(case.quiet)}
        if errors:
            res["error"] = "; ".join(errors)
        tp, fn, fps = score(case, found, strict_kind=isinstance(tool, Errlint))
        res.update(bugs=sorted(case.bugs), tp=tp, fn=fn,
                   fp={str(k): v for k, v in sorted(fps.items(), key=lambda kv: str(kv[0]))},
                   fp_quiet=sorted(str(k) for k in fps if k in case.quiet),
                   findings=[{"line": f[0], "kind": f[1], "id": f[2], "message": f[3]}
                             for f in found])
        return res

    # Projects first: they take longest.
    order = sorted(range(len(cases)), key=lambda i: not cases[i].is_project)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        done = dict(zip(order, pool.map(one, [cases[i] for i in order])))
    return [done[i] for i in range(len(cases))]


def category_order(results):
    present = {r["category"] for r in results}
    extra = sorted(c for c in present if c not in CATEGORY_ORDER)
    return [c for c in CATEGORY_ORDER if c in present] + extra


def summarize(results, cases=None):
    rows = {}
    for cat in category_order(results) + ["total"]:
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
            "quiet": sum(r.get("quiet", 0) for r in sel),
            "fp_quiet": sum(len(r.get("fp_quiet", ())) for r in sel),
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


def fmt_fp(row):
    """False positives out of the lines that must stay quiet."""
    return "%d of %d quiet lines" % (row["fp"], row.get("quiet", 0))


def print_table(label, rows, baseline):
    print("\n%s" % label)
    print("| category | cases (neg.) | bugs | TP | FN | FP | recall | wall | CPU "
          "| time / syntax-only |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for cat, r in rows.items():
        ratio = time_ratio(r, baseline.get(cat))
        print("| %s | %d (%d) | %d | %d | %d | %s | %s | %.1fs | %s | %s |"
              % (cat, r["cases"], r["negative_cases"], r["bugs"], r["tp"], r["fn"], fmt_fp(r),
                 fmt_ratio(r["recall"]), r["seconds"],
                 "-" if r["cpu_seconds"] is None else "%.1fs" % r["cpu_seconds"],
                 "-" if ratio is None else ("%.2fx" if ratio < 0.1 else "%.1fx") % ratio))


def print_details(name, results, known=()):
    """Every error, miss and false positive; those in `known` are marked."""
    def mark(case, key):
        return " (known)" if (case, line_key(key)) in known else ""
    for r in results:
        quiet = set(r.get("fp_quiet", ()))
        if r.get("error"):
            print("  %s: %s: error: %s" % (name, r["case"], r["error"]))
        for key in r["fn"]:
            print("  %s: %s:%s: missed%s" % (name, r["case"], key, mark(r["case"], key)))
        for key, what in r["fp"].items():
            print("  %s: %s:%s: false positive%s%s: %s"
                  % (name, r["case"], key, " on an OK line" if key in quiet else "",
                     mark(r["case"], key), what))


def gate(results, cases, misses, fps):
    """Problems that fail the gate, known entries taken into account."""
    problems = []
    found_known_miss, seen_known_fp = set(), set()
    for r in results:
        if r.get("error"):
            problems.append("%s: errlint failed: %s" % (r["case"], r["error"]))
        for key in r["fn"]:
            if (r["case"], line_key(key)) not in misses:
                problems.append("%s:%s: bug missed" % (r["case"], key))
        for key in r["tp"]:
            known_key = (r["case"], line_key(key))
            # A miss that one of the LLVM releases errlint builds for finds
            # ("unstable": the entry says which and why) may be found.
            if known_key in misses and not misses[known_key].get("unstable"):
                found_known_miss.add(known_key)
        for key, what in r["fp"].items():
            known_key = (r["case"], line_key(key))
            if known_key in fps:
                seen_known_fp.add(known_key)
            else:
                problems.append("%s:%s: false positive: %s" % (r["case"], key, what))
    for key in sorted(found_known_miss, key=str):
        problems.append("%s:%s: listed as a known miss in eval/known.json but now found: "
                        "remove the entry" % key)
    for key in sorted(set(fps) - seen_known_fp, key=str):
        problems.append("%s:%s: listed as a known false positive in eval/known.json but no "
                        "longer reported: remove the entry" % key)
    return problems


TOOL_NAMES = ("errlint", "csa", "tidy22", "cppcheck")


def make_tools(args):
    """The baseline and the requested tools; a tool whose binary is missing is
    skipped with a one-line note."""
    clang = args.clang or os.path.join(LLVM_BIN, "clang++")
    tools = []
    for name in args.tools.split(","):
        name = name.strip()
        if name == "errlint":
            path = args.errlint or os.path.join(ROOT, "build", "bin", "errlint")
            tools.append(Errlint(path, max(1, args.jobs)))
        elif name == "csa":
            tools.append(StaticAnalyzer(clang))
        elif name == "tidy22":
            tools.append(ClangTidy(args.clang_tidy or shutil.which("clang-tidy-22")
                                   or "clang-tidy-22"))
        elif name == "cppcheck":
            tools.append(Cppcheck(args.cppcheck or shutil.which("cppcheck") or "cppcheck"))
        else:
            raise SystemExit("run.py: unknown tool '%s' (expected %s)"
                             % (name, ", ".join(TOOL_NAMES)))
    available = []
    for tool in tools:
        exe = tool.exe()
        if os.path.isfile(exe) or shutil.which(exe):
            available.append(tool)
        else:
            print("run.py: %s not found at '%s': skipped" % (tool.name, exe))
    return SyntaxOnly(clang), available


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tools", default="errlint,csa,cppcheck",
                    help="comma-separated: errlint, csa, tidy22, cppcheck "
                         "(default: errlint,csa,cppcheck)")
    ap.add_argument("--errlint", help="errlint binary (default: build/bin/errlint)")
    ap.add_argument("--clang", help="clang++ (default: %s/clang++)" % LLVM_BIN)
    ap.add_argument("--clang-tidy", help="clang-tidy 22 binary (default: clang-tidy-22 "
                    "from PATH)")
    ap.add_argument("--cppcheck", help="cppcheck binary (default: from PATH)")
    ap.add_argument("--json", metavar="OUT", help="write every result to OUT as JSON")
    ap.add_argument("--gate", action="store_true",
                    help="exit 1 unless errlint has no FP and finds every bug not in "
                         "eval/known.json")
    ap.add_argument("--known", default=KNOWN, help="known misses and false positives "
                    "(default: eval/known.json)")
    ap.add_argument("--cases-dir", default=CASES, help="directory of the cases")
    ap.add_argument("--cases", nargs="*", help="only these case files (names or paths)")
    ap.add_argument("--projects-dir", help="directory of the multi-file projects "
                    "(default: eval/projects/ with the default --cases-dir, else none)")
    ap.add_argument("--projects", dest="projects", action="store_true", default=None,
                    help="run the projects (the default, unless --cases is given)")
    ap.add_argument("--no-projects", dest="projects", action="store_false",
                    help="skip the projects")
    ap.add_argument("--no-baseline", dest="baseline", action="store_false",
                    help="skip the clang -fsyntax-only run the times are compared with")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="cases run in parallel")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and FP")
    args = ap.parse_args()

    names = sorted(n for n in os.listdir(args.cases_dir) if n.endswith(".cpp"))
    all_cases = [Case(os.path.join(args.cases_dir, n)) for n in names]
    cases = all_cases
    if args.cases:
        wanted = {os.path.basename(c) for c in args.cases}
        cases = [c for c in all_cases if c.name in wanted]
    projects_dir = args.projects_dir
    if projects_dir is None and os.path.realpath(args.cases_dir) == os.path.realpath(CASES):
        projects_dir = PROJECTS
    all_projects = load_projects(projects_dir)
    run_projects = args.projects if args.projects is not None else not args.cases
    units = cases + (all_projects if run_projects else [])
    if not units:
        raise SystemExit("run.py: no cases")
    misses, known_fps = load_known(all_cases + all_projects, args.known, selected=units)
    syntax, tools = make_tools(args)
    if args.gate and not any(t.name == "errlint" for t in tools):
        raise SystemExit("run.py: --gate needs errlint among --tools")

    projects = [u for u in units if u.is_project]
    print("%d cases (%d negative), %d bugs, %d quiet lines"
          % (len(cases), sum(1 for c in cases if not c.bugs), sum(len(c.bugs) for c in cases),
             sum(len(c.quiet) for c in cases)))
    for p in projects:
        print("project %s: %d translation units, %d files, %d bugs, %d quiet lines"
              % (p.name, len(p.sources), len(p.files), len(p.bugs), len(p.quiet)))
    clang = args.clang or os.path.join(LLVM_BIN, "clang++")
    baseline = {}
    if args.baseline:
        base_results = run_tool(syntax, units, args.jobs, clang)
        broken = [r for r in base_results if r.get("error")]
        for r in broken:
            print("%s: does not compile: %s" % (r["case"], r["error"]), file=sys.stderr)
        if broken:
            return 2
        baseline = summarize(base_results)
        print("%s (the baseline): %s" % (syntax.label, ", ".join(
            "%s %.1fs wall / %s CPU" % (cat, r["seconds"], "-" if r["cpu_seconds"] is None
                                        else "%.1fs" % r["cpu_seconds"])
            for cat, r in baseline.items())))

    report = {"cases": len(cases), "projects": [p.name for p in projects],
              "baseline": baseline, "tools": {}}
    status = 0
    for tool in tools:
        results = run_tool(tool, units, args.jobs, clang)
        rows = summarize(results)
        print_table(tool.label, rows, baseline)
        if args.verbose or (args.gate and tool.name == "errlint"):
            print_details(tool.name, results,
                          set(misses) | set(known_fps) if tool.name == "errlint" else ())
        report["tools"][tool.name] = {"summary": rows, "cases": results}
        if args.gate and tool.name == "errlint":
            problems = gate(results, units, misses, known_fps)
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
