"""A small driver for headless Chromium over the DevTools protocol.

It talks to Debian's /usr/bin/chromium through --remote-debugging-pipe
(NUL-separated JSON on file descriptors 3 and 4), so it needs nothing beyond
the Python standard library: no browser download, no websocket package.
The browser runs with the flags the test suite requires (headless, no
sandbox since tests run as root, no GPU, no background networking or
component updates, a fresh profile) and is killed when the driver closes.
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu",
    "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--hide-scrollbars", "--mute-audio",
]


def find_chromium():
    for name in (os.environ.get("ERRLINT_CHROMIUM"), "/usr/bin/chromium",
                 shutil.which("chromium")):
        if name and os.access(name, os.X_OK):
            return name
    raise RuntimeError("chromium not found: install Debian's 'chromium' "
                       "package (scripts/setup.sh does)")


class CdpError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with one page attached."""

    def __init__(self, width=1280, height=900, timeout=60):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="errlint-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()

        def wire_fds():
            # Chromium reads commands on fd 3 and writes replies on fd 4.
            # Move both ends out of the way first: a pipe end may itself be
            # fd 3 or 4.
            reads = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 100)
            writes = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 100)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        self.proc = subprocess.Popen(
            [find_chromium(), *CHROMIUM_FLAGS, "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height),
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire_fds,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.out = to_browser_w
        self.inp = from_browser_r
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": False})

    def close(self):
        try:
            self.proc.kill()
            self.proc.wait(timeout=10)
        finally:
            os.close(self.out)
            os.close(self.inp)
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- protocol ---------------------------------------------------------

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise CdpError("no answer from chromium within %ss" % self.timeout)
            chunk = os.read(self.inp, 1 << 16)
            if not chunk:
                raise CdpError("chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise CdpError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, since=0):
        deadline = time.monotonic() + self.timeout
        while True:
            for e in self.events[since:]:
                if e["method"] == method:
                    return e
            since = len(self.events)
            self.events.append(self._read_message(deadline))

    # -- page -------------------------------------------------------------

    def navigate(self, url):
        """Loads url afresh and waits for its load event (its scripts have
        run). Going through about:blank makes a change of fragment alone a
        real load too."""
        for target in ("about:blank", url):
            mark = len(self.events)
            self.call("Page.navigate", {"url": target})
            self.wait_event("Page.loadEventFired", mark)

    def errors(self):
        """Uncaught exceptions and console errors the page reported."""
        out = []
        for e in self.events:
            if e["method"] == "Runtime.exceptionThrown":
                out.append(json.dumps(e["params"]["exceptionDetails"])[:500])
            elif (e["method"] == "Runtime.consoleAPICalled"
                  and e["params"]["type"] in ("error", "assert")):
                out.append(json.dumps(e["params"]["args"])[:500])
        return out

    def eval(self, expression):
        """The JSON value of a JavaScript expression in the page."""
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True,
            "awaitPromise": True})
        if "exceptionDetails" in result:
            raise CdpError("JavaScript error: %s" % json.dumps(result["exceptionDetails"]))
        return result["result"].get("value")

    def click(self, selector):
        """Clicks the centre of the first element matching selector, as a
        user's mouse would."""
        box = self.eval("""(() => {
            const e = document.querySelector(%s);
            if (!e) return null;
            e.scrollIntoView({block: 'center'});
            const r = e.getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2};
        })()""" % json.dumps(selector))
        if box is None:
            raise CdpError("no element matches %s" % selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {
                "type": kind, "x": box["x"], "y": box["y"],
                "button": "left", "clickCount": 1})
        self.settle()

    def settle(self):
        """Waits until the events an input queued (hashchange, ...) have run
        and the page has painted."""
        self.eval("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")

    def type_into(self, selector, text):
        """Focuses an input and types text, as a user's keyboard would."""
        self.click(selector)
        self.call("Input.insertText", {"text": text})
        self.settle()

    def select(self, selector, value):
        """Picks an option of a <select> the way the browser reports a user's
        choice: the value changes, then 'input' and 'change' fire."""
        ok = self.eval("""(() => {
            const s = document.querySelector(%s);
            if (!s || ![...s.options].some(o => o.value === %s)) return false;
            s.focus();
            s.value = %s;
            s.dispatchEvent(new Event('input', {bubbles: true}));
            s.dispatchEvent(new Event('change', {bubbles: true}));
            return true;
        })()""" % (json.dumps(selector), json.dumps(value), json.dumps(value)))
        if not ok:
            raise CdpError("%s has no option %r" % (selector, value))

    def requests(self):
        """URLs the page asked the network stack for."""
        return [e["params"]["request"]["url"] for e in self.events
                if e["method"] == "Network.requestWillBeSent"]

    def screenshot(self, path, full_page=False):
        params = {"format": "png"}
        if full_page:
            size = self.eval("({w: document.documentElement.scrollWidth,"
                             " h: document.documentElement.scrollHeight})")
            params["clip"] = {"x": 0, "y": 0, "width": size["w"],
                              "height": size["h"], "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
