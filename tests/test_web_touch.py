"""The page played by touch (and by Tab and Space): 20 native buttons for the places, in
two headed lists, and buttons for the commands, in Chromium. A whole game is won by
pressing buttons alone, each answer announced once."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from tests import web_support as web
from tests.solver import winning_line

pytestmark = pytest.mark.slow

CODE = "HM1-N-AAAAAAC"  # a deal with a winning line (tests/solver.py)
MOVES = winning_line(deal(DealCode.parse(CODE)))


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


def opened(browser, served, locale="en-GB", before=""):
    made = browser.new_context(locale=locale, service_workers="block")
    web.offline(made, served.url)
    web.seed(browser, made, served)
    made.add_init_script(before + web.RECORD)
    page = web.first_page(made)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served.url + f"?code={CODE}")
    web.ready(page)
    web.began_as_seeded(made, page)
    page.errors = errors
    return made, page


def press(page, selector: str) -> list[str]:
    """Press a button as a finger does (a click); what the page announced for it."""
    before = len(web.heard(page))
    page.locator(selector).click()
    page.wait_for_function(f"window.__heard.length > {before}", timeout=30_000)
    page.evaluate("window.halfmoon.settled()")
    page.wait_for_function("window.halfmoon.quiet()")
    return web.heard(page)[before:]


def place(location: str) -> str:
    key = "reserve" if location.upper().startswith("R") else "piles"
    return f'#{key} button[data-types="{location.upper()}"]'


def test_twenty_named_places_in_two_headed_lists_and_the_commands(browser, served):
    made, page = opened(browser, served, locale="da-DK")
    assert page.get_by_role("heading", name="Bunker").count() == 1
    assert page.get_by_role("heading", name="Reserve").count() == 1
    piles = page.get_by_role("region", name="Bunker").get_by_role("list")
    assert piles.get_by_role("button").count() == 12
    assert page.locator("#reserve button").count() == 8
    names = page.locator("#piles button, #reserve button").all_inner_texts()
    assert names[0] == "ruder tre, bunke 1, 8 kort"
    assert names[12].endswith(", reserve R1")
    assert page.locator("#piles button[aria-pressed=false]").count() == 12
    said = press(page, place("1"))
    assert len(said) == 1 and said[0].startswith("Valgt")
    first = page.locator(place("1"))
    assert first.get_attribute("aria-pressed") == "true"
    assert first.inner_text().endswith(", valgt")
    # focus stays on the pressed button: the list is changed in place, never rebuilt
    assert page.evaluate("document.activeElement.dataset.types") == "1"
    actions = page.locator("#actions button").all_inner_texts()
    assert actions == [
        "Fortryd",
        "Omgør",
        "Gentag",
        "Bord",
        "Øverste kort",
        "Info",
        "Nyt spil",
        "Hjælp",
    ]
    assert page.errors == []
    made.close()


def test_a_whole_game_won_by_pressing_buttons_alone(browser, served):
    # Pressed at once after each answer: the live region's hold (web/game.js), made for
    # a screen reader, would keep each press waiting 250 ms, and is not this test's subject.
    made, page = opened(browser, served, before=web.NO_HOLD)
    presses = 0
    for move in MOVES:
        for location in move:
            said = press(page, place(location))
            assert len(said) == 1, said  # each answer one announcement
            presses += 1
    assert said[0].startswith("Victory.")
    assert len(web.review(page)) == presses + 1  # the opening, then one item a press
    said = press(page, "#actions button >> nth=0")  # undo, by its button
    assert len(said) == 1
    assert page.errors == []
    made.close()


def test_the_command_buttons_answer_as_the_typed_commands(browser, served):
    made, page = opened(browser, served, locale="ca-ES")
    typed = web.type_line(page, "jugables")
    pressed = press(page, '#actions button[data-types="jugables"]')
    assert pressed == typed
    assert page.locator("#actions button").all_inner_texts()[6] == "Partida nova"
    made.close()


def test_at_four_hundred_per_cent_the_page_needs_no_sideways_scrolling(browser, served):
    """400 % zoom of a 1280-pixel window is 320 CSS pixels (WCAG's reflow): the buttons
    wrap into one column and nothing is wider than the window."""
    made = browser.new_context(service_workers="block", viewport={"width": 320, "height": 640})
    web.offline(made, served.url)
    web.seed(browser, made, served)
    made.add_init_script(web.RECORD)
    page = web.first_page(made)
    page.goto(served.url + f"?code={CODE}")
    web.ready(page)
    press(page, place("1"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    made.close()


def test_in_forced_colours_the_selected_card_is_marked_by_more_than_colour(browser, served):
    made = browser.new_context(service_workers="block", forced_colors="active")
    web.offline(made, served.url)
    web.seed(browser, made, served)
    made.add_init_script(web.RECORD)
    page = web.first_page(made)
    page.goto(served.url + f"?code={CODE}")
    web.ready(page)
    press(page, place("1"))
    style = "(b) => [getComputedStyle(b).borderTopStyle, getComputedStyle(b).fontWeight]"
    assert page.locator(place("1")).evaluate(style) == ["double", "700"]
    assert page.locator(place("2")).evaluate(style) == ["solid", "400"]
    made.close()
