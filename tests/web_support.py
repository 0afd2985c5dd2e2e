"""The browser page under test (issue 31): built once a run, served on 127.0.0.1, driven
in Debian's Chromium by Playwright, with every request outside the page's own address
aborted.

These tests need what a browser needs: the `playwright` package (the README's test
command installs it), a Chromium at /usr/bin/chromium (or HALFMOON_A11Y_CHROMIUM) and
npm (the build takes Pyodide from it). Without them they are skipped, unless
HALFMOON_A11Y_WEB_TESTS=required (as .ci/run sets): then they fail.
"""

from __future__ import annotations

import fcntl
import functools
import importlib
import os
import shutil
import sys
import threading
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
REQUIRED = os.environ.get("HALFMOON_A11Y_WEB_TESTS") == "required"
CHROMIUM = os.environ.get("HALFMOON_A11Y_CHROMIUM", "/usr/bin/chromium")
# As the machine's notes advise: no sandbox (root in CI), and none of Chromium's own
# connections to Google, which a closed network refuses.
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The tests' Chromium runs WebAssembly with V8's baseline compiler (Liftoff) alone, never
# optimising it again in the background: the same code, run a little slower, for some
# 15 % less processor time in each page test (61 s against 52 s for test_web_page.py,
# one worker). A test asks what the page does, never how fast: the benchmark
# (benchmarks/web_page.py) measures the browser as a player's runs, with BROWSER_ARGS.
CHROMIUM_ARGS = [*BROWSER_ARGS, "--js-flags=--liftoff-only"]
READY_SECONDS = 240  # a cold start took 15 to 38 s on a loaded 2-core machine

# Every announcement the page makes, recorded: each text the live region is filled with,
# and the page's language then. document.ariaNotify, which the page never calls (a page
# cannot know whether the screen reader hears it), is recorded apart, in __notified.
RECORD = """
window.__heard = [];
window.__langs = []; // the page's language at each announcement
window.__times = []; // when each announcement was written, and when it was emptied
window.__notified = [];
const real = Document.prototype.ariaNotify;
if (real) {
  Document.prototype.ariaNotify = function (text, ...rest) {
    window.__notified.push(String(text));
    return real.call(this, text, ...rest);
  };
}
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announcer");
  new MutationObserver(() => {
    if (region.textContent) {
      window.__heard.push(region.textContent);
      window.__langs.push(document.documentElement.lang);
      window.__times.push([performance.now(), null]);
    } else if (window.__times.length && window.__times.at(-1)[1] === null) {
      window.__times.at(-1)[1] = performance.now();
    }
  }).observe(region, { childList: true, characterData: true, subtree: true });
});
"""
NO_ARIA_NOTIFY = "delete Document.prototype.ariaNotify;"
# The live region's hold (web/game.js's HOLD_MS) none: for tests that press or type at
# once after each answer, and whose subject is not what a screen reader hears of them.
NO_HOLD = "window.halfmoonBounds = {...window.halfmoonBounds, hold: 0};"
# The player's pause before the page keeps its start and its files for offline (web/game.js,
# PAUSE_MS: 2 s with no key pressed) none: for tests that wait for them.
NO_PAUSE = "window.halfmoonBounds = {...window.halfmoonBounds, pause: 0};"


def need(condition: bool, why: str) -> None:
    if not condition:
        if REQUIRED:
            pytest.fail(why)
        pytest.skip(why)


def check_tools() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        need(False, "the playwright package is not installed")
    need(os.path.exists(CHROMIUM), f"no Chromium at {CHROMIUM}")
    need(shutil.which("npm") is not None or (WEB / "node_modules" / "pyodide").exists(), "no npm")


def built_page(base: Path) -> Path:
    """The page built once for the whole run: under xdist every worker's `base` (the
    run's temporary folder) shares its parent, where one worker builds and the others
    wait; in one process, `base` itself."""
    web_build = tool("web_build")
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base

    out = root / "web-build"
    with open(root / "web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "build.json").exists():
            web_build.build(out)
    return out


def tool(name: str) -> ModuleType:
    """A module of tools/ (the page's build and its server)."""
    folder = str(ROOT / "tools")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


class Served:
    """The built page on 127.0.0.1, on a free port, for one test module; and, as
    /__kept-start, this run's kept start (`seed`), which is no file of the page."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.httpd = tool("web_serve").Server(
            ("127.0.0.1", 0), functools.partial(self.files(), directory=str(folder))
        )
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def files(self) -> type:
        kept = str(self.folder.parent / KEPT_START)

        class Files(tool("web_serve").Files):  # type: ignore[misc]
            def translate_path(self, path: str) -> str:
                if path.split("?")[0] == "/__kept-start":
                    return kept
                return super().translate_path(path)

        return Files

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Counted(Served):
    """The built page on 127.0.0.1, counting what it sends: each request's path (with its
    query), status and body bytes, in `sent`. The browser's own HTTP cache then stays on,
    as it is for a player (Playwright's routing, `offline`, turns it off): keep the
    browser off other addresses with `HERMETIC` instead."""

    def __init__(self, folder: Path) -> None:
        self.sent: list[tuple[str, int, int]] = []
        super().__init__(folder)

    def files(self) -> type:
        sent = self.sent

        class Files(super().files()):  # type: ignore[misc]
            def send_response(self, code: int, message: str | None = None) -> None:
                self.status = code
                super().send_response(code, message)

            def copyfile(self, source, outputfile) -> None:
                body = source.read()
                sent.append((self.path, self.status, len(body)))
                outputfile.write(body)

        return Files

    def bodies(self) -> list[tuple[str, int, int]]:
        """Each body sent: (path without the query, status, bytes); 304s send none."""
        return [(path.split("?")[0], status, size) for path, status, size in self.sent]


# Chromium resolving no name but the page's own address: hermetic without routing.
RESOLVE_ONLY_HERE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
HERMETIC = [*CHROMIUM_ARGS, RESOLVE_ONLY_HERE]
HERMETIC_AS_SHIPPED = [*BROWSER_ARGS, RESOLVE_ONLY_HERE]  # for the benchmark


def offline(context, url: str) -> None:
    """Abort every request that is not to the page's own address."""

    def route(found) -> None:
        if found.request.url.startswith(url):
            found.continue_()
        else:
            found.abort()

    context.route("**/*", route)


def ready(page) -> None:
    """Wait until the game can play: the page set window.halfmoon, and its first sync is
    over."""
    page.wait_for_function("window.halfmoon !== undefined", timeout=READY_SECONDS * 1000)
    page.evaluate("window.halfmoon.settled()")
    page.wait_for_function("window.halfmoon.quiet()")  # the opening is in the live region


def heard(page) -> list[str]:
    return list(page.evaluate("window.__heard"))


def type_line(page, line: str) -> list[str]:
    """Type `line` in the command field and press Enter; what the page announced for it,
    once the answer is out and the files are kept (IndexedDB)."""
    before = len(heard(page))
    field = page.locator("#command")
    field.fill(line)
    field.press("Enter")
    page.wait_for_function(f"window.__heard.length > {before}", timeout=30_000)
    page.evaluate("window.halfmoon.settled()")
    page.wait_for_function("window.halfmoon.quiet()")
    page.wait_for_timeout(100)  # a second announcement, if any, would be there by now
    return heard(page)[before:]


def review(page) -> list[str]:
    return list(page.locator("#review li").all_inner_texts())


# -- a kept start, shared by the tests whose subject is not the start ----------------------

# A first visit starts Python afresh (2 to 6 s here); a return visit begins from the
# memory the page kept in Cache Storage (its "kept start", web/game.js), as a player's
# does. Tests of the game, the storage and the announcements need a ready page, not a
# first visit: their context is given the kept start of this run's build before the page
# loads (`seed`), and `opened` checks that the page began from it, so that a kept start
# that stops fitting is found, not silently slow. The tests of starting itself
# (test_web_start.py, the loading and offline tests) start afresh.
NOT_LOADING = "window.halfmoonBounds = {...window.halfmoonBounds, loadingSaidAfter: 600000};"
KEPT_START = "kept-start.bin"  # beside the build, served as /__kept-start
TAKE = """async () => {
  const cache = await caches.open("halfmoon.snapshots");
  const [request] = await cache.keys();
  const bytes = await (await cache.match(request)).blob();
  const key = new URL(request.url);
  await fetch("__kept-start", { method: "POST", body: bytes });
  return key.pathname.slice(1) + key.search;
}"""
PUT = """async (key) => {
  const bytes = await (await fetch("__kept-start")).arrayBuffer();
  const cache = await caches.open("halfmoon.snapshots");
  await cache.put(new URL(key, location.href).href, new Response(bytes));
}"""


def kept_start(browser, served: Served) -> str:
    """This run's kept start, made once by a first visit and shared by every worker (a
    file beside the build, which the test server sends as /__kept-start): its key in
    Cache Storage, relative to the page."""
    root = served.folder.parent
    key_file, bytes_file = root / "kept-start.key", root / KEPT_START
    with open(root / "kept-start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not key_file.exists():
            made = browser.new_context(service_workers="block")
            made.add_init_script(NO_PAUSE)
            offline(made, served.url)
            page = made.new_page()
            page.goto(served.url)
            ready(page)
            assert page.evaluate("window.halfmoon.snapshotKept()") is True
            sent: list[bytes] = []

            def taken(found) -> None:
                sent.append(found.request.post_data_buffer)
                found.fulfill(status=204)

            page.route(served.url + "__kept-start", taken)
            key = page.evaluate(TAKE)
            made.close()
            bytes_file.write_bytes(sent[0])
            key_file.write_text(key, encoding="utf-8")
    return key_file.read_text(encoding="utf-8")


def seed(browser, made, served: Served) -> None:
    """Give the context `made` this run's kept start, before any game page loads in it:
    its pages then start as a return visit does. `opened` checks they did."""
    key = kept_start(browser, served)
    # A return visit's start takes about the 1.5 s after which "Loading" is said: said or
    # not, and then joined to "Ready" or not, by the machine's load. Never said here;
    # test_web_page_heard.py hears it said, and not said, by its bound.
    made.add_init_script(NOT_LOADING)
    tab = made.new_page()
    tab.goto(served.url + "page.css")  # any file of the page's origin
    tab.evaluate(PUT, key)
    # The game's page loads in this tab (`first_page`): its process goes on to serve the
    # page (same site), where a new tab started another (0.45 s of processor time).
    made.seed_tab = tab
    made.seeded = True


def first_page(made):
    """The context's first game page: the seeding's tab where `seed` left one (its
    context's scripts run in it from its next load, as in a new tab), else a new tab."""
    tab = getattr(made, "seed_tab", None)
    if tab is None:
        return made.new_page()
    made.seed_tab = None
    return tab


def began_as_seeded(made, page) -> None:
    """A page of a seeded context began from the kept start (else the tests would pass
    the slow way, and the kept start's failure would go unseen)."""
    if getattr(made, "seeded", False):
        assert page.evaluate("window.halfmoon.restored") is True, "the kept start was not used"
