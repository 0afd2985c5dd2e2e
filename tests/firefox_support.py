"""Debian's Firefox (firefox-esr), headless, driven over WebDriver BiDi: the protocol
Firefox itself serves on --remote-debugging-port, so that no geckodriver and no browser
download are needed. Only what the page's tests ask: open a page with a script run
before the page's own, evaluate an expression, and close.

Without Firefox these tests are skipped, unless HALFMOON_A11Y_WEB_TESTS=required (as
.ci/run sets, where Firefox is installed): then they fail.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

FIREFOX = os.environ.get("HALFMOON_A11Y_FIREFOX", "/usr/bin/firefox-esr")
START_SECONDS = 60

# A fresh profile that asks nothing of the network: no updates, no telemetry, no
# first-run pages, no remote settings (a closed network refuses them).
PREFS = """
user_pref("app.update.disabledForTesting", true);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("services.settings.server", "http://127.0.0.1:9/");
user_pref("browser.safebrowsing.update.enabled", false);
user_pref("extensions.update.enabled", false);
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class BidiError(RuntimeError):
    pass


class Firefox:
    """One headless Firefox with a fresh profile, and one browsing context."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="halfmoon-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as prefs:
            prefs.write(PREFS)
        port = free_port()
        started = [FIREFOX, "--headless", "--no-remote", "--profile", self.profile]
        self.process = subprocess.Popen(
            [*started, "--remote-debugging-port", str(port), "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.ids = itertools.count(1)
        self.held = contextlib.ExitStack()
        self.socket = self.held.enter_context(self._connect(port))
        self.call("session.new", {"capabilities": {}})
        tree = self.call("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def _connect(self, port: int) -> ClientConnection:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                return connect(f"ws://127.0.0.1:{port}/session", max_size=None)
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.2)

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != number:
                continue  # an event: none is subscribed, but be safe
            if message.get("type") == "error":
                raise BidiError(f"{method}: {message.get('message') or message}")
            result: dict[str, Any] = message["result"]
            return result

    def before_each_page(self, script: str) -> None:
        """Run `script` in every page before the page's own scripts."""
        self.call("script.addPreloadScript", {"functionDeclaration": f"() => {{ {script} }}"})

    def open(self, url: str) -> None:
        params = {"context": self.context, "url": url, "wait": "complete"}
        self.call("browsingContext.navigate", params)

    def evaluate(self, expression: str, wait: bool = True) -> Any:
        """The value of a JavaScript expression in the page, as JSON brings it back."""
        found = self.call(
            "script.evaluate",
            {
                "expression": f"JSON.stringify(({expression}) ?? null)",
                "target": {"context": self.context},
                "awaitPromise": wait,
            },
        )
        if found.get("type") == "exception":
            raise BidiError(str(found.get("exceptionDetails")))
        return json.loads(found["result"]["value"])

    def wait_for(self, expression: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.evaluate(expression, wait=False):
            if time.monotonic() > deadline:
                raise TimeoutError(expression)
            time.sleep(0.1)

    def close(self) -> None:
        try:
            self.call("session.end", {})
            self.held.close()
        except Exception:  # the browser may be gone already: it is closed below anyway
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
