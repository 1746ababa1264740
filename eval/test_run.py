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
FAKE = textwrap.dedent("""\
    #!/usr/bin/env python3
    import os, sys
    path = sys.argv[1]
    for item in filter(None, os.environ.get("FAKE_LINES", "").split(",")):
        line, rule = item.split(":")
        print("%s:%s:3: warning: something [errlint-%s]" % (path, line, rule))
    sys.exit(1 if os.environ.get("FAKE_LINES") else 0)
    """)


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


class EndToEndTest(Fixture):
    def gate(self, lines):
        fake = self.write("fake-errlint", FAKE)
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        env = dict(os.environ, FAKE_LINES=lines)
        return subprocess.run(
            [sys.executable, RUN_PY, "--tools", "errlint", "--gate", "--no-baseline",
             "--errlint", fake, "--cases-dir", self.dir, "--known",
             os.path.join(self.dir, "none.json")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)

    def test_perfect_tool_passes(self):
        proc = self.gate("7:use-after-close,8:send-after-close,9:double-close")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("gate: PASS", proc.stdout)
        self.assertIn("| FILE* | 1 (0) | 3 | 3 | 0 | 0 | 100% |", proc.stdout)

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
