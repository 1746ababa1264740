#!/usr/bin/env python3
"""The HTML report, tested in a real browser (Debian's headless Chromium).

1. A report of a real run on examples/: the page renders every finding with
   its code, marks, notes, runtime error, tips and fix; it loads nothing from
   the network and logs no error; typing in the file filter, choosing a
   record and clicking a chart bar change what is shown and the URL fragment;
   a fragment given in the URL filters on load. A screenshot is saved.
2. A report of hostile text (in code, a rule and a record): shown as text,
   never run, and a javascript: link is not made.
3. A thread finding: where the thread starts, where it uses the object and
   the close are highlighted and labelled.
4. A generated report of 5,000 findings (two rules, two severities, twenty
   files in four directories): the page loads, renders one page of findings,
   filters and pages within time limits, and keeps the DOM small.

Usage: report_test.py --errlint BIN --source-root DIR --out DIR
                      [--screenshot PNG] [--findings N]
Prints each check and closes with "N passed, M failed".
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

PASSED = []
FAILED = []


def check(name, ok, detail=""):
    (PASSED if ok else FAILED).append(name)
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name,
                        "" if ok or not detail else " -- %s" % detail))
    sys.stdout.flush()


def check_eq(name, got, want):
    check(name, got == want, "got %r, want %r" % (got, want))


def run_errlint(errlint, args, cwd, want_exit=1):
    start = time.monotonic()
    proc = subprocess.run([errlint, *args], cwd=cwd, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if proc.returncode != want_exit:
        sys.stdout.write(proc.stdout + proc.stderr)
        raise SystemExit("errlint exited with %d, expected %d" % (proc.returncode, want_exit))
    return elapsed


def status(b):
    return b.eval("""(() => {
        const s = document.getElementById('status');
        return {text: s.textContent,
                matching: +s.dataset.matching, total: +s.dataset.total,
                page: +s.dataset.page,
                cards: document.querySelectorAll('#findings article.finding').length,
                hash: location.hash};
    })()""")


# ---- 1. examples/ -------------------------------------------------------------

def examples_report(errlint, root, out):
    report = os.path.join(out, "examples.html")
    run_errlint(errlint, ["examples/streaming_session.cpp", "examples/producer_shutdown.cpp",
                          "examples/shutdown_race.cpp", "examples/main.cpp",
                          "--format=html", "-o", report,
                          "--", "-std=c++17", "-Iexamples/include", "-pthread"], cwd=root)
    return report


def first_card(b):
    return b.eval("""(() => {
        const c = document.querySelector('#findings article.finding');
        const rows = [...c.querySelectorAll('tr')].map(tr => ({
            line: +tr.dataset.line, cls: tr.className,
            num: tr.querySelector('.num').textContent,
            tag: tr.querySelector('.tag').textContent,
            marked: [...tr.querySelectorAll('mark.hl')].map(m => m.textContent)}));
        return {
            rule: c.dataset.rule, file: c.dataset.file,
            badge: c.querySelector('.badge').textContent,
            msg: c.querySelector('h2').textContent,
            where: c.querySelector('.where').textContent,
            hunkFile: c.querySelector('.hunk-file').textContent,
            rows: rows,
            notes: [...c.querySelectorAll('.notes li')].map(l => l.textContent),
            why: c.querySelector('.runtime .why').textContent,
            error: c.querySelector('.record .error').textContent,
            source: c.querySelector('.record .source a').href,
            tips: [...c.querySelectorAll('.record .tips li')].map(l => l.textContent),
            fixSummary: c.querySelector('.record details summary').textContent,
            fix: c.querySelector('.record details pre').textContent};
    })()""")


def test_examples(b, report, screenshot):
    url = "file://" + report
    b.navigate(url)
    s = status(b)
    check_eq("examples: all findings shown", (s["matching"], s["total"], s["cards"]), (4, 4, 4))
    check_eq("examples: status line", s["text"], "Showing 1\u20134 of 4 findings")

    c = first_card(b)
    check_eq("examples: first finding's rule and file", (c["rule"], c["file"]),
             ("send-after-close", "examples/producer_shutdown.cpp"))
    check_eq("examples: severity badge", c["badge"], "warning")
    check_eq("examples: message", c["msg"], "call to 'send' on 'Producer' that may have been closed")
    check_eq("examples: location and function", c["where"],
             "examples/producer_shutdown.cpp:8:14 in messaging::publishAllRisky")
    rows = {r["line"]: r for r in c["rows"]}
    check_eq("examples: code lines around the finding, numbered", sorted(rows), list(range(5, 14)))
    check_eq("examples: line numbers shown", rows[5]["num"], "5")
    check_eq("examples: the use is highlighted", (rows[8]["cls"], rows[8]["tag"], rows[8]["marked"]),
             ("mark-finding", "used here", ["send"]))
    check_eq("examples: the close is highlighted", (rows[10]["cls"], rows[10]["tag"], rows[10]["marked"]),
             ("mark-close", "closed here", ["close"]))
    check_eq("examples: other lines are plain", (rows[9]["cls"], rows[9]["tag"]), ("", ""))
    check_eq("examples: note", c["notes"],
             ["examples/producer_shutdown.cpp:10:16'Producer' is closed here, on an earlier iteration of the loop"])
    check("examples: consequence", c["why"].startswith("Like Kafka's producer"), c["why"])
    check_eq("examples: record's runtime error", c["error"],
             'KafkaException: "Producer closed while send in progress"')
    check("examples: link to the record's source",
          c["source"].startswith("https://github.com/apache/kafka/blob/"), c["source"])
    check_eq("examples: prevention tips", len(c["tips"]), 4)
    check("examples: first tip", c["tips"][0].startswith("Stop submitting records before close()"))
    check_eq("examples: example fix", c["fixSummary"], "Example fix from record c7bc457763aafddb")
    check("examples: example fix text", "scheduler.shutdown();" in c["fix"], c["fix"])

    check_eq("examples: nothing loaded but the page", b.requests(), [url])
    b.screenshot(screenshot)
    check("examples: screenshot saved", os.path.getsize(screenshot) > 10000, screenshot)

    # Typing in the file filter, as a user would.
    b.type_into("#f-file", "producer")
    s = status(b)
    check_eq("filter by file: one finding shown", (s["matching"], s["cards"]), (1, 1))
    check_eq("filter by file: fragment", s["hash"], "#file=producer")
    check_eq("filter by file: status", s["text"], "Showing 1\u20131 of 1 matching findings (4 in all)")
    b.click("#f-clear")
    s = status(b)
    check_eq("clear filters: all shown again", (s["matching"], s["cards"], s["hash"]), (4, 4, ""))
    check_eq("clear filters: file box emptied", b.eval("document.getElementById('f-file').value"), "")

    b.select("#f-record", "2b4805afaf74e9d2")
    s = status(b)
    check_eq("filter by record", (s["matching"], s["hash"]), (3, "#record=2b4805afaf74e9d2"))
    files = b.eval("[...document.querySelectorAll('article.finding')].map(a => a.dataset.file)")
    check_eq("filter by record: its findings", files,
             ["examples/shutdown_race.cpp"] + ["examples/streaming_session.cpp"] * 2)

    # A chart bar is a link that sets its filter.
    b.click("#chart-record a[href='#record=c7bc457763aafddb']")
    s = status(b)
    check_eq("chart bar click filters", (s["matching"], s["hash"]), (2, "#record=c7bc457763aafddb"))
    check_eq("chart bar click updates the control",
             b.eval("document.getElementById('f-record').value"), "c7bc457763aafddb")

    # A fragment in the URL filters on load.
    b.navigate(url + "#file=streaming&record=2b4805afaf74e9d2")
    s = status(b)
    check_eq("fragment filters on load", (s["matching"], s["cards"]), (2, 2))
    check_eq("fragment sets the controls",
             b.eval("[document.getElementById('f-file').value, document.getElementById('f-record').value]"),
             ["streaming", "2b4805afaf74e9d2"])
    b.navigate(url + "#severity=error")
    s = status(b)
    check_eq("no match: nothing shown", (s["matching"], s["cards"]), (0, 0))
    check("no match: says so", b.eval("!!document.querySelector('#findings .empty')"))
    check_eq("examples: no script errors", b.errors(), [])


# ---- 2. hostile text ---------------------------------------------------------

HOSTILE = {
    "a.cpp": "struct Sink { void close(); void push(int); };\n"
             "void f(Sink &s) {\n  s.close();\n"
             "  s.push(1); // </script><img src=x onerror=\"window.pwned=1\">\n}\n",
    "record.json": json.dumps({
        "id": "evil0000", "repo": "<img src=x onerror=\"window.pwned=2\">",
        "errorMessage": "</script><script>window.pwned=3</script>",
        "preventionTips": ["<b onmouseover=\"window.pwned=4\">tip</b>"],
        "exampleFix": "<!-- <script>window.pwned=5</script>",
        "githubUrl": "javascript:window.pwned=6"}),
    "rule.json": json.dumps({
        "id": "push-after-close", "summary": "<i>x</i>", "analysis": "use-after-close",
        "records": ["evil0000"],
        "profiles": [{"name": "sink", "types": ["Sink"], "close": ["close"], "use": ["push"]}]}),
}


def test_hostile(b, errlint, out):
    dir = os.path.join(out, "hostile")
    os.makedirs(dir, exist_ok=True)
    for name, text in HOSTILE.items():
        with open(os.path.join(dir, name), "w") as f:
            f.write(text)
    report = os.path.join(dir, "report.html")
    run_errlint(errlint, ["--records", "record.json", "--rules", "rule.json", "a.cpp",
                          "--format=html", "-o", report, "--", "-std=c++17"], cwd=dir)
    b.navigate("file://" + report)
    b.click("#findings details summary")
    got = b.eval("""({
        pwned: window.pwned || 0,
        scripts: document.scripts.length,
        injected: document.querySelectorAll('img, i, #findings script').length +
            [...document.querySelectorAll('b')].filter(e => !e.closest('.tile')).length,
        code: document.querySelector('tr.mark-finding .src').textContent,
        error: document.querySelector('.record .error').textContent,
        links: document.querySelectorAll('.record .source a').length,
        fix: document.querySelector('.record pre').textContent})""")
    check_eq("hostile: no injected script ran", got["pwned"], 0)
    check_eq("hostile: only the page's own scripts", got["scripts"], 2)
    check_eq("hostile: no injected elements", got["injected"], 0)
    check_eq("hostile: code shown as text", got["code"],
             '  s.push(1); // </script><img src=x onerror="window.pwned=1">')
    check_eq("hostile: record text shown as text", got["error"],
             '"</script><script>window.pwned=3</script>"')
    check_eq("hostile: a javascript: link is not made", got["links"], 0)
    check_eq("hostile: fix shown as text", got["fix"], "<!-- <script>window.pwned=5</script>")
    check_eq("hostile: no script errors", b.errors(), [])


# ---- 3. a thread finding ---------------------------------------------------------

THREADS = """#include <thread>
struct Message { const char *Topic; };
class KafkaProducer {
public:
  void send(const Message &M);
  void close();
};
bool running();

void shutdown(KafkaProducer &Producer) {
  std::thread Worker([&Producer] {
    while (running())
      Producer.send({"t"});
  });
  Producer.close();
  Worker.join();
}
"""


def test_threads(b, errlint, out):
    dir = os.path.join(out, "threads")
    os.makedirs(dir, exist_ok=True)
    with open(os.path.join(dir, "t.cpp"), "w") as f:
        f.write(THREADS)
    report = os.path.join(dir, "report.html")
    run_errlint(errlint, ["t.cpp", "--format=html", "-o", report, "--", "-std=c++17"], cwd=dir)
    b.navigate("file://" + report)
    rows = b.eval("""Object.fromEntries([...document.querySelectorAll('#findings tr')]
        .filter(tr => tr.className)
        .map(tr => [tr.dataset.line, [tr.className, tr.querySelector('.tag').textContent,
                                      [...tr.querySelectorAll('mark.hl')].map(m => m.textContent)]]))""")
    check_eq("threads: the thread start, its use and the close are highlighted", rows, {
        "11": ["mark-thread-start", "thread starts", ["Worker"]],
        "13": ["mark-thread-use", "used by thread", ["send"]],
        "15": ["mark-finding", "closed while in use", ["close"]]})
    check_eq("threads: no script errors", b.errors(), [])


# ---- 4. thousands of findings ---------------------------------------------------

HEADER = """namespace acme {
class DbConnection { public: void close(); void write(int); };
}
class StreamChannel { public: void close(); void send(int); };
"""


def generate_project(dir, findings, dirs=4, files_per_dir=5):
    """Sources with exactly `findings` risky functions, alternating between a
    channel (send-after-close, a warning) and an acme connection
    (write-after-disconnect, an error)."""
    shutil.rmtree(dir, ignore_errors=True)
    os.makedirs(os.path.join(dir, "include"))
    with open(os.path.join(dir, "include", "api.h"), "w") as f:
        f.write(HEADER)
    files = []
    per_file = findings // (dirs * files_per_dir)
    n = 0
    for d in range(1, dirs + 1):
        os.makedirs(os.path.join(dir, "dir%d" % d))
        for k in range(1, files_per_dir + 1):
            path = os.path.join(dir, "dir%d" % d, "file_%d.cpp" % k)
            with open(path, "w") as f:
                f.write('#include "api.h"\n')
                for i in range(per_file):
                    if n % 2 == 0:
                        f.write("void f%d(StreamChannel &c) {\n  c.close();\n  c.send(%d);\n}\n" % (n, n))
                    else:
                        f.write("void f%d(acme::DbConnection &c) {\n  c.close();\n  c.write(%d);\n}\n" % (n, n))
                    n += 1
            files.append(path)
    return files


def test_large(b, errlint, root, out, count):
    project = os.path.join(out, "large")
    files = generate_project(project, count)
    report = os.path.join(out, "large.html")
    rule = os.path.join(root, "test", "lit", "Inputs", "connection-rule.json")
    seconds = run_errlint(errlint, ["--rules", rule, *files, "--format=html", "-o", report,
                                    "--", "-std=c++17", "-I" + os.path.join(project, "include")],
                          cwd=project)
    size = os.path.getsize(report)
    print("large: errlint analyzed %d files and wrote %d findings in %.1f s; report %.1f MB"
          % (len(files), count, seconds, size / 1e6))

    url = "file://" + report
    start = time.monotonic()
    b.navigate(url)
    wall = time.monotonic() - start
    load_ms = b.eval("performance.getEntriesByType('navigation')[0].loadEventEnd")
    print("large: page loaded and rendered in %.0f ms (browser), %.2f s wall" % (load_ms, wall))
    check("large: loads and renders within 10 s", load_ms < 10000, "%.0f ms" % load_ms)
    s = status(b)
    check_eq("large: every finding counted, one page rendered",
             (s["matching"], s["total"], s["cards"]), (count, count, 50))
    pages = (count + 49) // 50
    check_eq("large: pager", b.eval("document.querySelector('#pager .page-of').textContent"),
             "Page 1 of %d" % pages)
    nodes = b.eval("document.getElementsByTagName('*').length")
    check("large: the DOM stays small", nodes < 10000, "%d elements" % nodes)
    print("large: %d DOM elements for %d findings" % (nodes, count))

    def timed(action, selector, event):
        """The time the page spends handling the event that action causes:
        from a capturing listener on window to a listener on the control
        added after the page's own (so it runs once the page has filtered
        and rendered)."""
        b.eval("""(() => {
            window.__timing = null;
            const t = {};
            window.addEventListener(%(e)s, () => { t.start = performance.now(); },
                                    {capture: true, once: true});
            document.querySelector(%(s)s).addEventListener(%(e)s, () => {
                window.__timing = performance.now() - t.start; }, {once: true});
        })()""" % {"e": json.dumps(event), "s": json.dumps(selector)})
        action()
        return b.eval("window.__timing")

    ms = timed(lambda: b.select("#f-rule", "write-after-disconnect"), "#f-rule", "change")
    s = status(b)
    check_eq("large: filter by rule", (s["matching"], s["cards"]), (count // 2, 50))
    check("large: filtering by rule takes under 1 s", ms < 1000, "%.0f ms" % ms)
    print("large: filtering by rule took %.0f ms" % ms)
    rules = b.eval("[...new Set([...document.querySelectorAll('article.finding')].map(a => a.dataset.rule))]")
    check_eq("large: only that rule shown", rules, ["write-after-disconnect"])

    b.select("#f-severity", "warning")
    s = status(b)
    check_eq("large: rule and severity that never meet", (s["matching"], s["cards"]), (0, 0))
    b.select("#f-rule", "")
    s = status(b)
    check_eq("large: filter by severity", s["matching"], count // 2)
    sev = b.eval("[...new Set([...document.querySelectorAll('article.finding')].map(a => a.dataset.severity))]")
    check_eq("large: only warnings shown", sev, ["warning"])

    b.click("#f-clear")
    ms = timed(lambda: b.type_into("#f-file", "dir2/"), "#f-file", "input")
    s = status(b)
    check_eq("large: filter by directory", s["matching"], count // 4)
    check("large: typing a file filter takes under 1 s", ms < 1000, "%.0f ms" % ms)
    print("large: typing a file filter took %.0f ms" % ms)

    ms = timed(lambda: b.click("#pager button[data-page='2']"),
               "#pager button[data-page='2']", "click")
    s = status(b)
    check_eq("large: next page", (s["page"], s["cards"], s["hash"]), (2, 50, "#file=dir2%2F&page=2"))
    check("large: status names the page", s["text"].startswith("Showing 51\u2013100 of"), s["text"])
    check("large: paging takes under 1 s", ms < 1000, "%.0f ms" % ms)
    print("large: turning the page took %.0f ms" % ms)

    b.navigate(url + "#rule=send-after-close&file=dir1/file_3.cpp&page=3")
    s = status(b)
    matching = count // 20 // 2
    check_eq("large: fragment with rule, file and page",
             (s["matching"], s["page"], s["cards"]), (matching, 3, matching - 100))
    check_eq("large: no script errors", b.errors(), [])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--errlint", required=True)
    p.add_argument("--source-root", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--screenshot")
    p.add_argument("--findings", type=int, default=5000)
    a = p.parse_args()
    errlint = os.path.abspath(a.errlint)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    root = os.path.abspath(a.source_root)
    screenshot = os.path.abspath(a.screenshot or os.path.join(out, "report.png"))

    examples = examples_report(errlint, root, out)
    with cdp.Browser(width=1280, height=1000) as b:
        test_examples(b, examples, screenshot)
    with cdp.Browser(width=1280, height=1000) as b:
        test_hostile(b, errlint, out)
        test_threads(b, errlint, out)
    with cdp.Browser(width=1280, height=1000) as b:
        test_large(b, errlint, root, out, a.findings)
    print("screenshot: %s" % screenshot)
    print("%d passed, %d failed" % (len(PASSED), len(FAILED)))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
