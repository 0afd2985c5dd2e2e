"""What a screen reader hears of the page around the answers, in Chromium (and Firefox
where it differs): the list of what was said survives a reload, "Loading" only when
loading is slow, no hint read out at a language switch. (No permission panel in the
middle of Firefox's opening: test_web_browsers.py, in its one Firefox game.)"""

from __future__ import annotations

import pytest

from tests import web_support as web

pytestmark = pytest.mark.slow

CODE = "HM1-N-AAAAAAC"


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


def opened(browser, served, before: str = "", address: str = f"?code={CODE}"):
    """A page begun from this run's kept start (tests/web_support.py): none of these
    tests is about a first visit's start."""
    made = browser.new_context(locale="en-GB", service_workers="block")
    web.offline(made, served.url)
    web.seed(browser, made, served)
    made.add_init_script(before + web.RECORD)
    page = web.first_page(made)
    page.goto(served.url + address)
    web.ready(page)
    web.began_as_seeded(made, page)
    return made, page


def test_the_list_of_what_was_said_survives_a_reload(browser, served):
    made, page = opened(browser, served)
    web.type_line(page, "tops")
    web.type_line(page, "idioma danès")
    before = web.review(page)
    assert len(before) == 3
    page.reload()
    web.ready(page)
    after = web.review(page)
    assert after[:3] == before  # what was said, then the game resumed
    assert len(after) == 4 and after[3].startswith("Klar.")
    items = page.locator("#review li")
    assert [items.nth(n).get_attribute("lang") for n in range(4)] == ["en", "en", "da", "da"]
    made.close()


def test_a_stored_list_that_is_not_one_is_ignored(browser, served):
    garbage = 'sessionStorage.setItem("halfmoon-a11y-review", "[{\\"text\\": 3}, 7, null]");'
    made, page = opened(browser, served, before=garbage)
    assert len(web.review(page)) == 1  # the opening alone
    made.close()


def test_loading_is_said_only_when_it_is_slow(browser, served):
    made, page = opened(
        browser, served, before="window.halfmoonBounds = {loadingSaidAfter: 600000};"
    )
    heard = web.heard(page)
    assert heard[0].startswith("Ready. New game"), heard
    made.close()
    made, page = opened(browser, served, before="window.halfmoonBounds = {loadingSaidAfter: 0};")
    assert web.heard(page)[0].startswith("Loading Half Moon.")
    made.close()


def test_the_hint_stops_describing_the_field_once_the_game_answers(browser, served):
    made, page = opened(browser, served)
    field = page.locator("#command")
    assert field.get_attribute("aria-describedby") is None
    assert web.type_line(page, "lang da") == ["Sprog, dansk."]
    assert page.locator("#hint").inner_text().startswith("Skriv en kommando")
    made.close()


def test_the_page_is_in_the_players_language_before_the_game_loads(browser, served):
    """Read by a screen reader while it is parsed: with game.js held back, the page is
    already in Catalan, so nothing is read in English and then again in Catalan."""
    made = browser.new_context(locale="ca-ES", service_workers="block")
    web.offline(made, served.url)
    made.route("**/game.js*", lambda found: found.abort())
    page = web.first_page(made)
    page.goto(served.url)
    assert page.evaluate("document.documentElement.lang") == "ca"
    assert page.locator("#label").inner_text() == "Ordre"
    assert page.locator("#hint").inner_text().startswith("Escriu una ordre")
    assert page.locator("#status").inner_text().startswith("S'està carregant")
    made.close()
