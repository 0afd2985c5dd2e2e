"""The page while it loads and what its address asks, in Chromium (tests/web_support.py):
a file that never arrives, forty lines typed before the game is ready, and hostile
`?code=` values. The player always hears where things stand, and nothing typed is lost."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from halfmoon_a11y.ui.web import PAGE_WORDS
from tests import web_support as web
from tests.test_web_page import CODE, LINE, context, opened

pytestmark = pytest.mark.slow

LATE = " ".join(PAGE_WORDS["stalled"].split())
BUSY = PAGE_WORDS["busy"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    web.check_tools()
    server = web.Served(web.built_page(tmp_path_factory.getbasetemp()))
    yield server
    server.close()


@pytest.fixture(scope="module")
def browser(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=web.CHROMIUM, args=web.CHROMIUM_ARGS)
        yield launched
        launched.close()


def moves(page) -> int:
    return int(page.evaluate("window.halfmoon.page.front.session.game.moves"))


# -- a file that never arrives -------------------------------------------------------------


def test_a_file_that_never_arrives_is_said_and_the_game_starts_if_it_comes(browser, served):
    """Python's standard library stalls (a network that stops answering): past the bound
    the player hears that loading is late and what to do, at every Enter too; when the
    file comes after all, the game starts as usual."""
    made = context(
        browser, served, record="window.halfmoonBounds = {load: 5};" + web.RECORD, kept=False
    )
    held = []
    made.route(
        "**/python_stdlib.zip*", lambda found: held.append(found)
    )  # never answered, until let go below
    page = web.first_page(made)
    page.goto(served.url + f"?code={CODE}")
    page.wait_for_function(f"window.__heard.includes({LATE!r})", timeout=60_000)
    assert page.locator("#status").inner_text() == LATE
    field = page.locator("#command")
    field.fill("tops")
    field.press("Enter")
    page.wait_for_function(f"window.__heard.filter(t => t.includes({LATE!r})).length >= 2")
    assert BUSY not in " ".join(web.heard(page))
    assert held
    held[0].continue_()
    web.ready(page)
    assert page.locator("#status").inner_text() == "Ready."
    page.wait_for_function("window.__heard.some(t => t.includes('Twos, pile 5.'))")
    # the live region joins answers that come within its refill: the order is kept
    joined = " ".join(web.heard(page))
    assert joined.index("Ready. New game, deal HM1 N, A, A, A, A, A, A, C.") < joined.index(
        "Twos, pile 5."
    )
    assert len(web.review(page)) == 2  # the opening, then the answer to `tops`, kept waiting
    made.close()


# -- forty lines in one burst ----------------------------------------------------------------


def test_forty_lines_typed_before_the_answers_are_each_answered_once_and_kept(browser, served):
    made = context(browser, served, kept=False)  # typed while Python starts
    page = web.first_page(made)
    page.goto(served.url + f"?code={CODE}")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'command'")
    page.keyboard.type("".join(f"{line}\n" for line in LINE[:40]))
    web.ready(page)
    page.wait_for_function("window.halfmoon.page.front.session.game.moves === 40")
    page.evaluate("window.halfmoon.settled()")
    page.wait_for_timeout(200)
    heard = web.heard(page)
    # "Loading" comes 1.5 s after the start: lines typed before it were told "Still
    # loading", and it is then not said at all
    assert heard[0].startswith(("Loading Half Moon.", BUSY))
    assert not any(said.startswith("Loading Half Moon.") for said in heard[1:])
    waited = heard.count(BUSY)
    assert waited <= 1  # said once, however many lines wait
    ready = next(n for n, said in enumerate(heard) if said.startswith("Ready."))
    # Each move's own answer, once and in order; the live region joins answers that
    # come within its refill into one announcement, never drops one.
    items = [item.replace("\n", " ") for item in web.review(page)]
    assert len(items) == 41
    joined = " ".join(heard[ready:])
    position = joined.index(items[0]) + len(items[0])
    for item in items[1:]:
        found = joined.find(item, position)
        assert found >= position, item
        position = found + len(item)
    assert all(joined.count(item) == 1 for item in items[1:] if "removed" in item)
    page.goto(served.url)
    web.ready(page)
    assert moves(page) == 40
    made.close()


# -- hostile codes in the address ----------------------------------------------------------


@pytest.mark.parametrize("code", ["ABCDEFGHIJKLMNOPQRSTUVWX", "HM1-N-ABCDEFGHIJKLMNOPQRSTUVWX"])
def test_a_long_code_is_refused_plainly_and_the_page_is_ready(browser, served, code):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={code}")
    opening = web.heard(page)[-1]
    assert opening.startswith("Ready. Bad deal code,"), opening
    assert "New game, deal HM1 N" in opening
    assert page.locator("#status").inner_text() == "Ready."
    assert len(web.type_line(page, "tops")) == 1
    made.close()


def test_control_characters_in_a_code_are_never_said(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + "?code=" + quote("HM1\x1b[2J\x07-N-AAAAAAC"))
    opening = web.heard(page)[-1]
    assert opening.startswith(
        "Ready. Bad deal code in the page's address. A code looks like HM1-N-ABCDEFG. New game,"
    ), opening
    assert "[2J" not in opening and "\x1b" not in opening and "AAAAAAC" not in opening
    assert all("[2J" not in item for item in web.review(page))
    made.close()


def test_a_code_of_another_deal_keeps_the_game_aside_and_says_so(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:2]:
        web.type_line(page, line)
    page.goto(served.url + "?code=HM1-N-AAAAAAD")
    web.ready(page)
    opening = web.heard(page)[-1]
    assert opening.startswith("Ready. New game, deal HM1 N, A, A, A, A, A, A, D.")
    assert "Game HM1 N, A, A, A, A, A, A, C, with 2 moves, is kept." in opening, opening
    web.type_line(page, "new HM1 N AAAAAAC")
    assert moves(page) == 2
    made.close()
