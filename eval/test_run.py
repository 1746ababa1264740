#!/usr/bin/env python3
"""Tests of eval/run.py: markers, scoring, known entries and the gate."""

import json
import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

RUN_PY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.py")

CASE = textwrap.dedent("""\
    #include <cstdio>
    static void helper(FILE *f) {
      fputs("x", f); // SAME: h
    }
    void g(FILE *f) {
      fclose(f);
      fputs("y", f); // BUG: use-after-close
      helper(f); // BUG: use-after-close #h
      fclose(f); // BUG: double-close
      fputs("z", stdout);
    }
    """)

# A stand-in for errlint: reports a warning on every line listed in the
# environment variable FAKE_LINES ("line:rule,..."), for the file it is given.
# Run as `-p DIR ... --project-root=ROOT`, it checks that DIR holds a
# compilation database and reports FAKE_PROJECT_LINES ("file:line:rule,...",
# files relative to ROOT) with absolute paths.
FAKE = textwrap.dedent("""\
    #!/usr/bin/env python3
    import json, os, sys
    if sys.argv[1] == "-p":
        db = json.load(open(os.path.join(sys.argv[2], "compile_commands.json")))
        assert all(os.path.isabs(e["file"]) for e in db), db
        root = [a for a in sys.argv if a.startswith("--project-root=")][0].split("=", 1)[1]
        items = os.environ.get("FAKE_PROJECT_LINES", "")
        for item in filter(None, items.split(",")):
            file, line, rule = item.split(":")
            print("%s:%s:3: warning: something [errlint-%s]"
                  % (os.path.join(root, file), line, rule))
        sys.exit(1 if items else 0)
    path = sys.argv[1]
    for item in filter(None, os.environ.get("FAKE_LINES", "").split(",")):
        line, rule = item.split(":")
        print("%s:%s:3: warning: something [errlint-%s]" % (path, line, rule))
    sys.exit(1 if os.environ.get("FAKE_LINES") else 0)
    """)

# A two-file project: a helper in util.cpp closes, main.cpp uses after it.
PROJECT_FILES = {
    "include/util.h": "#pragma once\nvoid shut(int fd);\n",
    "src/util.cpp": textwrap.dedent("""\
        #include "util.h"
        #include <unistd.h>
        void shut(int fd) { ::close(fd); }
        """),
    "src/main.cpp": textwrap.dedent("""\
        #include "util.h"
        #include <unistd.h>
        void run(int fd, int other) {
          ::write(fd, "x", 1); // OK
          shut(fd);
          ::write(fd, "y", 1); // BUG: use-after-close
          ::write(other, "z", 1); // OK
        }
        """),
}


class Fixture(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        os.mkdir(os.path.join(self.dir, "include"))
        self.case_path = self.write("stdio_sample.cpp", CASE)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def known(self, data):
        return self.write("known.json", json.dumps(data))


class MarkerTest(Fixture):
    def test_bugs_labels_and_category(self):
        case = run.Case(self.case_path)
        self.assertEqual(case.category, "FILE*")
        self.assertEqual(case.bugs, {7: ("use-after-close", None), 8: ("use-after-close", "h"),
                                     9: ("double-close", None)})
        self.assertEqual(case.same, {3: "h"})

    def test_ok_lines_are_quiet_lines(self):
        path = self.write("guard_x.cpp", "a(); // OK\nb(); // OK: guarded\nc(); // OKAY\n")
        case = run.Case(path)
        self.assertEqual(case.category, "guards")
        self.assertEqual(case.quiet, {1, 2})

    def test_ok_on_a_bug_line_is_refused(self):
        path = self.write("stdio_bad.cpp", "f(); // BUG: double-close // OK\n")
        with self.assertRaisesRegex(SystemExit, "cannot also be BUG or SAME"):
            run.Case(path)

    def test_new_prefixes_have_categories(self):
        for prefix in ("dtor", "shared", "container", "template", "infer", "guard", "replace",
                       "lock", "except", "failpath", "retry", "once"):
            self.assertIn(run.CATEGORIES[prefix], run.CATEGORY_ORDER)

    def test_unknown_kind_is_refused(self):
        path = self.write("stdio_bad.cpp", "f(); // BUG: use-after-free\n")
        with self.assertRaisesRegex(SystemExit, "stdio_bad.cpp:1: unknown bug kind"):
            run.Case(path)

    def test_same_without_bug_is_refused(self):
        path = self.write("stdio_bad.cpp", "f(); // SAME: nowhere\n")
        with self.assertRaisesRegex(SystemExit, "SAME label 'nowhere' has no BUG line"):
            run.Case(path)

    def test_unknown_prefix_is_refused(self):
        path = self.write("socket_x.cpp", "\n")
        with self.assertRaisesRegex(SystemExit, "unknown category prefix 'socket'"):
            run.Case(path)


class ScoreTest(Fixture):
    def test_matching_kind_same_line_and_false_positive(self):
        case = run.Case(self.case_path)
        findings = [(7, "use-after-close", "r", "m"), (3, "use-after-close", "r", "m"),
                    (10, "use-after-close", "r", "m")]
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual(tp, [7, 8])
        self.assertEqual(fn, [9])
        self.assertEqual(list(fps), [10])

    def test_wrong_kind_counts_only_for_other_tools(self):
        case = run.Case(self.case_path)
        findings = [(9, "use-after-close", "r", "m")]
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual((tp, list(fps)), ([], [9]))
        tp, fn, fps = run.score(case, [(9, None, "unix.Stream", "m")], strict_kind=False)
        self.assertEqual((tp, list(fps)), ([9], []))
        tp, fn, fps = run.score(case, [(3, "double-close", "r", "m")], strict_kind=True)
        self.assertEqual((tp, list(fps)), ([], []))

    def test_race_close_note_is_a_second_place(self):
        path = self.write("lock_race.cpp", "\n".join([
            "void use() {",
            "  c.send(); // BUG: use-after-close #r",
            "}",
            "void stop() {",
            "  c.close(); // SAME: r",
            "}",
            "void run() {",
            "  stop();",
            "}",
            "void other() { stop(); }"]) + "\n")
        case = run.Case(path)
        out = "\n".join([
            path + ":8:3: warning: 'c' is closed while a thread that uses it may still"
            " be running [errlint-close-while-in-use]",
            "    8 |   stop();",
            path + ":5:3: note: 'stop' closes it here",
            path + ":10:16: warning: 'c' is closed while a thread that uses it may still"
            " be running [errlint-close-while-in-use]",
            path + ":1:1: note: 'stop' closes it here",
            path + ":9:1: warning: call to 'x' on 'c' after it was closed"
            " [errlint-use-after-close]",
            path + ":5:3: note: 'stop' closes it here",
            path + ":6:1: warning: call to 'run' runs a callback that uses 'c' after it"
            " was closed [errlint-use-after-close]",
            path + ":2:3: note: the callback calls 'send' on it here"])
        proc = subprocess.CompletedProcess([], 1, out, "")
        findings = run.Errlint("errlint").findings(proc, case)
        self.assertEqual([f[4] for f in findings], [(5,), (1,), (), (2,)])
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual((tp, fn, sorted(fps)), ([2], [], [9, 10]))

    def test_callee_use_notes_are_second_places(self):
        path = self.write("steps_uses.cpp", "\n".join([
            "void cache() {",
            "  pool.async(); // BUG: use-after-close",
            "}",
            "void shutdown() {",
            "  stop();",
            "  cache();",
            "  other();",
            "}"]) + "\n")
        case = run.Case(path)
        out = "\n".join([
            path + ":6:3: warning: call to 'cache' uses 'pool' after it was closed"
            " [errlint-use-after-close]",
            path + ":5:3: note: 'pool' is closed by the call to 'stop' here",
            path + ":1:1: note: 'cache' uses it here",
            path + ":2:3: note: through this call in 'cache'",
            path + ":7:3: warning: call to 'other' on 'pool' after it was closed"
            " [errlint-use-after-close]",
            path + ":2:3: note: 'other' uses it here"])
        proc = subprocess.CompletedProcess([], 1, out, "")
        findings = run.Errlint("errlint").findings(proc, case)
        self.assertEqual([f[4] for f in findings], [(1, 2), ()])
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual((tp, fn, sorted(fps)), ([2], [], [7]))

    def test_callee_second_close_note_is_a_second_place(self):
        path = self.write("retry_rearm.cpp", "\n".join([
            "void rearm(Link &l) {",
            "  l.close(); // SAME: rearm",
            "}",
            "void run(Link &l) {",
            "  l.close();",
            "  rearm(l); // BUG: double-close #rearm",
            "  rearm(l);",
            "}"]) + "\n")
        case = run.Case(path)
        out = "\n".join([
            path + ":7:3: warning: 'rearm' closes 'l' a second time [errlint-double-close]",
            path + ":6:3: note: 'l' was first closed by the call to 'rearm' here",
            path + ":2:5: note: 'rearm' closes it again here",
            path + ":7:3: warning: 'rearm' closes 'l' that may already have been closed"
            " [errlint-use-after-close]",
            path + ":2:5: note: 'rearm' closes it again here"])
        proc = subprocess.CompletedProcess([], 1, out, "")
        findings = run.Errlint("errlint").findings(proc, case)
        # Only a double-close finding's note is a second place.
        self.assertEqual([f[4] for f in findings], [(2,), ()])
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual((tp, fn, sorted(fps)), ([6], [], [7]))

    def test_executor_task_use_note_is_a_second_place(self):
        path = self.write("shared_task.cpp", "\n".join([
            "void quarantine() {",
            "  link->close();",
            "  pool.post([link] {",
            "    link->send(); // BUG: use-after-close",
            "  });",
            "  pool.post([link] { log(); });",
            "}"]) + "\n")
        case = run.Case(path)
        out = "\n".join([
            path + ":3:8: warning: the executor task started here uses 'link' after it"
            " was closed [errlint-use-after-close]",
            path + ":2:9: note: 'link' is closed here",
            path + ":4:11: note: the executor task uses it here",
            path + ":6:8: warning: the executor task started here uses 'link' after it"
            " was closed [errlint-use-after-close]",
            path + ":2:9: note: 'link' is closed here"])
        proc = subprocess.CompletedProcess([], 1, out, "")
        findings = run.Errlint("errlint").findings(proc, case)
        self.assertEqual([f[4] for f in findings], [(4,), ()])
        tp, fn, fps = run.score(case, findings, strict_kind=True)
        self.assertEqual((tp, fn, sorted(fps)), ([4], [], [6]))

    def test_false_positives_out_of_quiet_lines(self):
        path = self.write("guard_q.cpp", "f(); // OK\ng(); // OK\nh();\n")
        case = run.Case(path)
        tool = run.Errlint("errlint")
        tp, fn, fps = run.score(case, [(1, "use-after-close", "r", "m"),
                                       (3, "use-after-close", "r", "m")], strict_kind=True)
        self.assertEqual(sorted(fps), [1, 3])
        result = {"case": case.name, "category": case.category, "seconds": 1.0,
                  "cpu_seconds": None, "quiet": len(case.quiet), "bugs": [], "tp": tp,
                  "fn": fn, "fp": {str(k): v for k, v in fps.items()},
                  "fp_quiet": [str(k) for k in fps if k in case.quiet]}
        rows = run.summarize([result])
        self.assertEqual((rows["guards"]["fp"], rows["guards"]["quiet"],
                          rows["guards"]["fp_quiet"]), (2, 2, 1))
        self.assertEqual(run.fmt_fp(rows["total"]), "2 of 2 quiet lines")
        del tool

    def test_tidy_relevance(self):
        case = run.Case(self.case_path)
        tool = run.ClangTidy("clang-tidy-22")
        out = ("%s:7:9: warning: 'f' used after it was invalidated [bugprone-use-after-move]\n"
               "%s:8:9: warning: 'f' used after it was moved [bugprone-use-after-move]\n"
               "%s:9:9: warning: something else [bugprone-branch-clone]\n"
               % (self.case_path, self.case_path, self.case_path))
        proc = subprocess.CompletedProcess([], 0, out, "")
        self.assertEqual([f[0] for f in tool.findings(proc, case)], [7, 8])
        cmd = tool.command(case)
        self.assertIn("-checks=-*,bugprone-use-after-move", cmd)
        self.assertTrue(any("InvalidationFunctions" in a and "::fclose" in a for a in cmd))

    def test_csa_relevance(self):
        case = run.Case(self.case_path)
        tool = run.StaticAnalyzer("clang++")
        proc = subprocess.CompletedProcess([], 0, "", (
            "%s:7:3: warning: Stream might be already closed. Causes undefined behaviour "
            "[unix.Stream]\n%s:6:3: warning: Stream pointer might be NULL [unix.Stream]\n"
            % (self.case_path, self.case_path)))
        self.assertEqual([f[0] for f in tool.findings(proc, case)], [7])


class KnownTest(Fixture):
    def test_entries_resolve_to_lines(self):
        cases = [run.Case(self.case_path)]
        misses, fps = run.load_known(cases, self.known({
            "misses": [{"case": "stdio_sample.cpp", "code": "fclose(f); // BUG", "why": "w"}],
            "false_positives": [{"case": "stdio_sample.cpp", "code": "fputs(\"z\"",
                                 "why": "w"}]}))
        self.assertEqual(set(misses), {("stdio_sample.cpp", 9)})
        self.assertEqual(set(fps), {("stdio_sample.cpp", 10)})

    def test_occurrence_picks_among_several(self):
        cases = [run.Case(self.case_path)]
        misses, _ = run.load_known(cases, self.known({"misses": [
            {"case": "stdio_sample.cpp", "code": "fclose(f);", "occurrence": 2, "why": "w"}]}))
        self.assertEqual(set(misses), {("stdio_sample.cpp", 9)})

    def test_other_kind_false_positive_on_a_bug_line(self):
        cases = [run.Case(self.case_path)]
        _, fps = run.load_known(cases, self.known({"false_positives": [
            {"case": "stdio_sample.cpp", "code": "fputs(\"y\"", "why": "w",
             "otherKind": True}]}))
        self.assertEqual(len(fps), 1)

    def test_bad_entries_are_refused(self):
        cases = [run.Case(self.case_path)]
        bad = [
            ({"misses": [{"case": "stdio_sample.cpp", "code": "fclose(f); // BUG"}]},
             "field 'why' is missing"),
            ({"misses": [{"case": "stdio_sample.cpp", "code": "fclose(f);", "why": "w"}]},
             "matches 2 lines"),
            ({"misses": [{"case": "stdio_sample.cpp", "code": "fputs(\"z\"", "why": "w"}]},
             "is not a BUG line"),
            ({"false_positives": [{"case": "stdio_sample.cpp", "code": "fputs(\"y\"",
                                   "why": "w"}]}, "is a BUG line"),
            ({"misses": [{"case": "nope.cpp", "code": "x", "why": "w"}]}, "no case named"),
        ]
        for data, message in bad:
            with self.subTest(message=message):
                with self.assertRaisesRegex(SystemExit, message):
                    run.load_known(cases, self.known(data))


class GateTest(Fixture):
    def result(self, tp=(), fn=(), fp=None, error=None):
        r = {"case": "stdio_sample.cpp", "tp": list(tp), "fn": list(fn), "fp": fp or {}}
        if error:
            r["error"] = error
        return r

    def test_clean_and_failing(self):
        cases = [run.Case(self.case_path)]
        self.assertEqual(run.gate([self.result(tp=[7, 8, 9])], cases, {}, {}), [])
        problems = run.gate([self.result(tp=[7, 8], fn=[9], fp={"10": "x"})], cases, {}, {})
        self.assertEqual(len(problems), 2)
        self.assertIn("stdio_sample.cpp:9: bug missed", problems)

    def test_known_entries_excuse_and_go_stale(self):
        cases = [run.Case(self.case_path)]
        misses = {("stdio_sample.cpp", 9): {}}
        fps = {("stdio_sample.cpp", 10): {}}
        ok = [self.result(tp=[7, 8], fn=[9], fp={"10": "x"})]
        self.assertEqual(run.gate(ok, cases, misses, fps), [])
        stale = run.gate([self.result(tp=[7, 8, 9])], cases, misses, fps)
        self.assertEqual(len(stale), 2)
        self.assertTrue(any("now found: remove the entry" in p for p in stale))
        self.assertTrue(any("no longer reported: remove the entry" in p for p in stale))

    def test_unstable_miss_may_be_found(self):
        # A miss one of the LLVM releases finds: neither its miss nor its
        # find fails the gate.
        cases = [run.Case(self.case_path)]
        misses = {("stdio_sample.cpp", 9): {"unstable": True}}
        self.assertEqual(run.gate([self.result(tp=[7, 8], fn=[9])], cases, misses, {}), [])
        self.assertEqual(run.gate([self.result(tp=[7, 8, 9])], cases, misses, {}), [])


class ProjectFixture(Fixture):
    def setUp(self):
        super().setUp()
        self.projects = os.path.join(self.dir, "projects")
        self.project = os.path.join(self.projects, "mini")
        for rel, text in PROJECT_FILES.items():
            full = os.path.join(self.project, rel)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)


class ProjectTest(ProjectFixture):
    def test_markers_are_keyed_by_file_and_line(self):
        project = run.Project(self.project)
        self.assertEqual(project.category, "project:mini")
        self.assertEqual(project.sources, ["src/main.cpp", "src/util.cpp"])
        self.assertEqual(project.bugs, {"src/main.cpp:6": ("use-after-close", None)})
        self.assertEqual(project.quiet, {"src/main.cpp:4", "src/main.cpp:7"})
        full = os.path.join(self.project, "src", "main.cpp")
        self.assertEqual(project.key_for(full, 6), "src/main.cpp:6")
        self.assertEqual(project.key_for("src/main.cpp", 6), "src/main.cpp:6")
        self.assertIsNone(project.key_for("/usr/include/stdio.h", 6))

    def test_compile_commands(self):
        project = run.Project(self.project)
        out = project.compile_commands("/usr/bin/clang++", self.dir)
        with open(out, encoding="utf-8") as f:
            entries = json.load(f)
        self.assertEqual(len(entries), 2)
        for entry in entries:
            self.assertTrue(os.path.isabs(entry["file"]))
            self.assertIn("-std=c++17", entry["arguments"])
            self.assertIn("-I" + os.path.join(project.path, "include"), entry["arguments"])

    def test_scoring_by_file_and_line(self):
        project = run.Project(self.project)
        findings = [("src/main.cpp:6", "use-after-close", "r", "m"),
                    ("src/main.cpp:7", "use-after-close", "r", "m"),
                    ("src/util.cpp:3", "double-close", "r", "m")]
        tp, fn, fps = run.score(project, findings, strict_kind=True)
        self.assertEqual((tp, fn, sorted(fps)), (["src/main.cpp:6"], [],
                                                 ["src/main.cpp:7", "src/util.cpp:3"]))

    def test_known_entries_of_projects(self):
        project = run.Project(self.project)
        cases = [run.Case(self.case_path), project]
        misses, fps = run.load_known(cases, self.known({
            "misses": [{"case": "mini", "file": "src/main.cpp", "code": "\"y\"", "why": "w"}],
            "false_positives": [{"case": "project:mini", "file": "src/main.cpp",
                                 "code": "write(other", "why": "w"}]}))
        self.assertEqual(set(misses), {("mini", "src/main.cpp:6")})
        self.assertEqual(set(fps), {("mini", "src/main.cpp:7")})
        bad = [
            ({"misses": [{"case": "mini", "code": "\"y\"", "why": "w"}]}, "field 'file'"),
            ({"misses": [{"case": "mini", "file": "src/nope.cpp", "code": "y", "why": "w"}]},
             "has no file"),
            ({"misses": [{"case": "stdio_sample.cpp", "file": "x.cpp", "code": "fputs(\"y\"",
                          "why": "w"}]}, "only for projects"),
            ({"misses": [{"case": "mini", "file": "src/main.cpp", "code": "write(other",
                          "why": "w"}]}, "is not a BUG line"),
        ]
        for data, message in bad:
            with self.subTest(message=message):
                with self.assertRaisesRegex(SystemExit, message):
                    run.load_known(cases, self.known(data))

    def test_known_entries_of_unselected_units_are_left_out(self):
        project = run.Project(self.project)
        case = run.Case(self.case_path)
        misses, _ = run.load_known([case, project], self.known({"misses": [
            {"case": "mini", "file": "src/main.cpp", "code": "\"y\"", "why": "w"},
            {"case": "stdio_sample.cpp", "code": "fclose(f); // BUG", "why": "w"}]}),
            selected=[case])
        self.assertEqual(set(misses), {("stdio_sample.cpp", 9)})

    def test_gate_with_project_keys(self):
        project = run.Project(self.project)
        result = {"case": "mini", "tp": [], "fn": ["src/main.cpp:6"],
                  "fp": {"src/util.cpp:3": "x"}}
        problems = run.gate([result], [project], {}, {})
        self.assertIn("mini:src/main.cpp:6: bug missed", problems)
        self.assertTrue(any(p.startswith("mini:src/util.cpp:3: false positive") for p in problems))
        self.assertEqual(run.gate([result], [project], {("mini", "src/main.cpp:6"): {}},
                                  {("mini", "src/util.cpp:3"): {}}), [])


class EndToEndTest(ProjectFixture):
    def gate(self, lines, project_lines=None, extra=(), tools="errlint"):
        fake = self.write("fake-errlint", FAKE)
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        env = dict(os.environ, FAKE_LINES=lines, FAKE_PROJECT_LINES=project_lines or "")
        projects = (["--projects-dir", self.projects] if project_lines is not None else [])
        return subprocess.run(
            [sys.executable, RUN_PY, "--tools", tools, "--gate", "--no-baseline",
             "--errlint", fake, "--cases-dir", self.dir, "--known",
             os.path.join(self.dir, "none.json")] + projects + list(extra),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)

    PERFECT = "7:use-after-close,8:send-after-close,9:double-close"

    def test_project_in_the_gate(self):
        proc = self.gate(self.PERFECT, "src/main.cpp:6:use-after-close")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("| project:mini | 1 (0) | 1 | 1 | 0 | 0 of 2 quiet lines | 100% |",
                      proc.stdout)
        proc = self.gate(self.PERFECT, "src/main.cpp:4:use-after-close")
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("gate: FAIL: mini:src/main.cpp:6: bug missed", proc.stdout)
        self.assertIn("gate: FAIL: mini:src/main.cpp:4: false positive", proc.stdout)

    def test_no_projects_skips_them(self):
        proc = self.gate(self.PERFECT, "src/main.cpp:4:use-after-close", ["--no-projects"])
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertNotIn("project:mini", proc.stdout)

    def test_missing_tool_is_skipped(self):
        proc = self.gate(self.PERFECT, extra=["--clang-tidy", "/nonexistent/clang-tidy-22"],
                         tools="errlint,tidy22")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("run.py: tidy22 not found at '/nonexistent/clang-tidy-22': skipped",
                      proc.stdout)

    def test_perfect_tool_passes(self):
        proc = self.gate("7:use-after-close,8:send-after-close,9:double-close")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("gate: PASS", proc.stdout)
        self.assertIn("| FILE* | 1 (0) | 3 | 3 | 0 | 0 of 0 quiet lines | 100% |", proc.stdout)

    def test_a_miss_fails(self):
        proc = self.gate("7:use-after-close,8:use-after-close")
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("gate: FAIL: stdio_sample.cpp:9: bug missed", proc.stdout)

    def test_a_false_positive_fails(self):
        proc = self.gate("7:use-after-close,8:use-after-close,9:double-close,"
                         "10:use-after-close")
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("gate: FAIL: stdio_sample.cpp:10: false positive", proc.stdout)


if __name__ == "__main__":
    unittest.main()
