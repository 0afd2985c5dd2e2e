"""The page announces every answer in each browser this machine has: Chromium (driven
by Playwright) and Firefox (over WebDriver BiDi, tests/firefox_support.py).

What is checked is what a screen reader is given: each answer written once, whole, into
the live region, and `document.ariaNotify` never called. Orca 43 hears the live region
in both browsers, and hears nothing of ariaNotify in Firefox (docs/web.md has the table
of browsers and screen readers, and how each was heard).
"""

from __future__ import annotations

import json
import os
import tempfile

import pytest

from halfmoon_a11y.ui.web import Page
from tests import web_support as web

pytestmark = pytest.mark.slow

CODE = "HM1-N-AAAAAAC"
LINES = ["tops", "tops", "1", "xyzzy", "info"]

TYPE = """(() => {
  const field = document.getElementById("command");
  field.value = %s;
  document.getElementById("form").requestSubmit();
  return true;
})()"""


def expected() -> list[str]:
    front = Page.open(tempfile.mkdtemp(prefix="web-"), ["en"], code=CODE)
    said = ["Ready. " + json.loads(front.opening())["text"]]
    return said + [json.loads(front.line(line))["text"] for line in LINES]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    web.check_tools()
    server = web.Served(web.built_page(tmp_path_factory.getbasetemp()))
    yield server
    server.close()


def after_loading(heard: list[str]) -> list[str]:
    """What was said after "Loading", which a first visit says after 1.5 s: alone, or
    joined to "Ready" when that came within the region's refill (web/game.js), as a
    start of about 1.5 s makes it."""
    assert heard[0].startswith("Loading Half Moon."), heard[:1]
    ready = heard[0].find(" Ready. ")
    return heard[1:] if ready < 0 else [heard[0][ready + 1 :], *heard[1:]]


def same(heard: list[str], said: list[str]) -> None:
    """The time in `info` moves on: the rest of each answer is word for word."""
    assert len(heard) == len(said), heard
    for got, want in zip(heard, said, strict=True):
        if want.startswith("Time"):
            got, want = got.split(". ", 1)[1], want.split(". ", 1)[1]
        assert got == want


def test_chromium_announces_every_answer_in_the_live_region(served):
    from playwright.sync_api import sync_playwright

    said = expected()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=web.CHROMIUM, args=web.CHROMIUM_ARGS)
        made = browser.new_context(locale="en-GB", service_workers="block")
        web.offline(made, served.url)
        made.add_init_script(web.RECORD)
        page = web.first_page(made)
        page.goto(served.url + f"?code={CODE}")
        web.ready(page)
        for line in LINES:
            before = len(page.evaluate("window.__heard"))
            page.evaluate(TYPE % json.dumps(line))
            page.wait_for_function(f"window.__heard.length > {before}", timeout=30_000)
            page.wait_for_function("window.halfmoon.quiet()")
        page.wait_for_timeout(200)
        heard = page.evaluate("window.__heard")
        same(after_loading(heard), said)
        assert page.evaluate("window.__notified") == []
        # never offered for machine translation: its answers are the game's own words
        assert page.evaluate("document.documentElement.translate") is False
        browser.close()


# navigator.storage.persist() counted: Firefox asks the player in a panel, announced as
# an alert in the middle of the opening; the page never asks it there.
PERSIST_COUNTED = """
window.__persisted = 0;
if (navigator.storage && navigator.storage.persist) {
  navigator.storage.persist = () => {
    window.__persisted += 1;
    return Promise.resolve(false);
  };
}
"""


def test_firefox_announces_every_answer_and_is_never_asked_for_persistent_storage(served):
    """One Firefox game (a Firefox start is the slowest of the page tests): each answer
    in the live region, and no panel asking to keep the storage."""
    from tests import firefox_support

    web.need(os.path.exists(firefox_support.FIREFOX), "no Firefox")
    said = expected()
    firefox = firefox_support.Firefox()
    try:
        firefox.before_each_page(PERSIST_COUNTED + web.RECORD)
        firefox.open(served.url + f"?code={CODE}")
        firefox.wait_for("window.halfmoon !== undefined", web.READY_SECONDS)
        firefox.wait_for("window.halfmoon.quiet()", 30)
        for line in LINES:
            before = len(firefox.evaluate("window.__heard"))
            firefox.evaluate(TYPE % json.dumps(line))
            firefox.wait_for(f"window.__heard.length > {before}", 30)
            firefox.wait_for("window.halfmoon.quiet()", 30)
        heard = firefox.evaluate("window.__heard")
        same(after_loading(heard), said)
        assert firefox.evaluate("window.__notified") == []
        assert firefox.evaluate("window.__persisted") == 0
    finally:
        firefox.close()
