"""The browser page (issue 31), in a real browser: Debian's Chromium, headless, driven by
Playwright, every request outside the page's own address aborted.

Depends on the machine, and says so: it needs Chromium, the playwright package and npm
(tests/web_support.py skips without them, or fails when HALFMOON_A11Y_WEB_TESTS is
"required", as in CI). Each page load starts Pyodide: a few seconds warm, up to a
minute cold on a loaded machine; so the tests are few, and each asks a lot of one load.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.lexicon import LEXICONS
from halfmoon_a11y.ui.web import Page
from tests import web_support as web
from tests.solver import winning_line
from tests.web_script import run_scripted

pytestmark = pytest.mark.slow

CODE = "HM1-N-AAAAAAC"  # a deal with a winning line (tests/solver.py)
LINE = [" ".join(move) for move in winning_line(deal(DealCode.parse(CODE)))]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    web.check_tools()
    folder = web.built_page(tmp_path_factory.getbasetemp())
    server = web.Served(folder)
    yield server
    server.close()


@pytest.fixture(scope="module")
def browser(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=web.CHROMIUM, args=web.CHROMIUM_ARGS)
        yield launched
        launched.close()


def context(browser, served, locale="en-GB", record=web.RECORD, workers="block", kept=True):
    """A browser context for the page; `kept`: with this run's kept start, so that its
    pages start as a return visit does (tests/web_support.py), unless the start is the
    test's subject."""
    made = browser.new_context(locale=locale, service_workers=workers)
    web.offline(made, served.url)
    if kept:
        web.seed(browser, made, served)
    made.add_init_script(record)
    return made


def opened(made, url: str):
    page = web.first_page(made)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    web.ready(page)
    web.began_as_seeded(made, page)
    page.errors = errors  # checked by the tests: no script error
    return page


def python_page(language: str, lines: list[str]) -> list[str]:
    """What CPython's page front end says for the same deal and lines: the opening's
    text, then each answer's."""
    front = Page.open(tempfile.mkdtemp(prefix="web-"), [language], code=CODE)
    said = [json.loads(front.opening())["text"]]
    said += [json.loads(front.line(line))["text"] for line in lines]
    return said


def commands(language: str) -> dict[str, str]:
    lexicon = LEXICONS[language]
    return {name: names[0] for name, names in lexicon.command_names.items()}


# -- the same engine ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def engine_page(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    yield page
    made.close()


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_the_engine_in_the_page_says_what_cpython_says(engine_page, language):
    """A whole won game from a known deal, with the commands around it, through the JSON
    lines mode in the page's Pyodide and in CPython: the same objects, message by
    message, state by state (statistics in sqlite3 included)."""
    words = commands(language)
    lines = [words["tops"], *LINE[:5], words["undo"], words["redo"], words["hidden"]]
    lines += [*LINE[5:], words["moves"], words["stats"], words["info"], "xyzzy", "help"]
    request = json.dumps({"code": CODE, "language": language, "lines": lines})
    source = Path(web.ROOT / "tests" / "web_script.py").read_text(encoding="utf-8")
    in_page = engine_page.evaluate(
        """([source, request]) => {
             const py = window.halfmoon.pyodide;
             py.runPython(source);
             return py.globals.get("run_scripted")(request);
           }""",
        [source, request],
    )
    expected = json.loads(run_scripted(request))
    found = json.loads(in_page)
    assert len(found) == len(lines) + 1
    assert found == expected
    won = [e for answer in found for e in answer["events"] if e["type"] == "won"]
    assert len(won) == 1 and found[-1]["state"]["status"] == "won"
    assert engine_page.errors == []


# -- played by ear --------------------------------------------------------------------------


def test_each_answer_is_one_announcement_one_review_item_and_focus_stays(browser, served):
    # "Loading" said at once, however quick the start: its Catalan words are heard
    said_at_once = "window.halfmoonBounds = {loadingSaidAfter: 0};"
    made = context(browser, served, locale="ca-ES", record=said_at_once + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    lines = ["tria 1 8", LINE[0], "cims", "  ", LINE[1], "desfés", "xyzzy", "info"]
    expected = python_page("ca", lines)
    assert web.heard(page)[0].startswith("S'està carregant Half Moon.")
    assert web.heard(page)[1:] == ["A punt. " + expected[0]]
    assert page.evaluate("document.documentElement.lang") == "ca"
    assert page.evaluate("document.activeElement.id") == "command"
    for number, (line, said) in enumerate(zip(lines, expected[1:], strict=True), start=2):
        announced = web.type_line(page, line)
        if line == "info":  # the time played differs: the rest is the same
            assert len(announced) == 1
            assert announced[0].split(". ", 1)[1] == said.split(". ", 1)[1]
        else:
            assert announced == [said], line
        assert len(web.review(page)) == number
        assert page.evaluate("document.activeElement.id") == "command"
    assert web.review(page)[-2] == expected[-2]
    # The language follows the game: the page's words and its lang attribute too, set
    # before the answer is announced, so that it is read in its own language.
    assert web.type_line(page, "idioma danès") == ["Sprog, dansk."]
    assert page.evaluate("document.documentElement.lang") == "da"
    assert page.locator("#status").inner_text() == "Klar."
    assert page.evaluate("window.__langs")[-2:] == ["ca", "da"]
    items = page.locator("#review li")
    assert items.nth(0).get_attribute("lang") == "ca"
    assert items.last.get_attribute("lang") == "da"
    assert page.locator("#command").get_attribute("id") == "command"
    assert page.get_by_label("Kommando", exact=True).count() == 1
    assert page.title() == "Half Moon"
    assert page.errors == []
    made.close()


def test_without_aria_notify_the_live_region_says_each_answer_once(browser, served):
    made = context(browser, served, record=web.NO_ARIA_NOTIFY + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    assert page.evaluate("typeof document.ariaNotify") == "undefined"
    region = page.locator("#announcer")
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("aria-atomic") == "true"
    assert region.get_attribute("aria-relevant") is None
    expected = python_page("en", ["tops", "tops", LINE[0]])
    assert web.heard(page)[-1] == "Ready. " + expected[0]
    for line, said in zip(["tops", "tops", LINE[0]], expected[1:], strict=True):
        assert web.type_line(page, line) == [said]  # the same words twice: said twice
    assert page.locator("#review").get_attribute("aria-live") is None
    made.close()


def test_a_reload_resumes_the_game_with_every_move(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    # The address's deal is open: the address forgets it, so a reload resumes the game.
    assert page.evaluate("location.search") == ""
    for line in LINE[:3]:
        web.type_line(page, line)
    assert page.evaluate("window.halfmoon.page.front.session.game.moves") == 3
    page.goto(served.url)  # no code: the game kept in the browser
    web.ready(page)
    assert web.heard(page)[-1].startswith("Ready. Game resumed, deal HM1 N, A, A, A, A, A, A, C.")
    assert page.evaluate("window.halfmoon.page.front.session.game.moves") == 3
    assert web.type_line(page, "moves") == python_page("en", [*LINE[:3], "moves"])[-1:]
    # The statistics are kept the same way: a game left counts, after a reload too.
    web.type_line(page, "new")
    web.type_line(page, "new")
    counted = web.type_line(page, "stats")
    assert counted[0].startswith("Games played 1. Won 0. Blocked 0. Abandoned 1."), counted
    page.goto(served.url)
    web.ready(page)
    assert web.type_line(page, "stats") == counted
    made.close()


def test_storage_refused_is_said_and_the_game_goes_on(browser, served):
    refuse = (
        "IDBFactory.prototype.open = function () {"
        " throw new DOMException('refused', 'SecurityError'); };"
    )
    made = context(browser, served, record=refuse + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    opening = web.heard(page)[-1]
    assert opening.startswith("Ready. Not kept. This browser could not store the game.")
    assert len(web.type_line(page, LINE[0])) == 1  # the refusal is not said again
    assert len(web.type_line(page, "tops")) == 1
    assert page.evaluate("window.halfmoon.page.front.session.game.moves") == 1
    made.close()


def test_storage_full_is_said_once_and_its_end_too(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    page.evaluate(
        """() => {
             window.__put = IDBObjectStore.prototype.put;
             IDBObjectStore.prototype.put = function () {
               throw new DOMException("full", "QuotaExceededError");
             };
           }"""
    )
    # The storage's news comes a few milliseconds after the answer: within the live
    # region's refill it is joined to the answer, else said just after it; once either way.
    said = " ".join(web.type_line(page, LINE[0]))
    assert said.count("Not kept.") == 1 and said.index("Not kept.") > 0
    said = " ".join(web.type_line(page, LINE[1]))
    assert "kept" not in said.lower()
    page.evaluate("() => { IDBObjectStore.prototype.put = window.__put; }")
    said = " ".join(web.type_line(page, LINE[2]))
    assert said.count("Kept again.") == 1 and said.index("Kept again.") > 0
    made.close()


# -- offline, and accessible by the book ------------------------------------------------


def test_the_page_loads_offline_once_loaded(browser, served):
    quick = web.NO_PAUSE + web.NOT_LOADING  # "Loading" is heard in test_web_page_heard.py
    made = context(browser, served, record=quick + web.RECORD, workers="allow", kept=False)
    page = opened(made, served.url)  # a first visit
    assert page.evaluate("window.halfmoon.offline()") is True  # every file kept
    made.set_offline(True)
    page.reload()
    web.ready(page)
    assert web.heard(page)[-1].startswith("Ready. Game resumed")
    assert len(web.type_line(page, "tops")) == 1
    made.close()


@pytest.mark.parametrize("locale", ["en-GB", "ca-ES", "da-DK"])
def test_axe_finds_no_violation(browser, served, locale):
    made = context(browser, served, locale=locale)
    page = opened(made, served.url + f"?code={CODE}")
    web.type_line(page, LINE[0])
    web.type_line(page, "xyzzy")
    page.add_script_tag(path=str(web.WEB / "node_modules" / "axe-core" / "axe.min.js"))
    violations = page.evaluate(
        "axe.run().then(found => found.violations.map(v => `${v.id}: ${v.help}`))"
    )
    assert violations == []
    made.close()


def test_the_accessibility_tree(browser, served, snapshot_text):
    """The page as a screen reader's tree gives it (Playwright's aria_snapshot): a
    reviewer reads it as a transcript."""
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    web.type_line(page, LINE[0])
    web.type_line(page, "tops")
    assert page.locator("body").aria_snapshot() + "\n" == snapshot_text
    made.close()


# -- sounds and the browser's voice ------------------------------------------------------

LISTEN = """
window.__sounds = [];
const start = AudioBufferSourceNode.prototype.start;
AudioBufferSourceNode.prototype.start = function (...rest) {
  window.__sounds.push(this.buffer ? this.buffer.duration : null);
  return start.apply(this, rest);
};
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (said) => window.__spoken.push([said.text, said.lang, said.rate]);
}
"""


def test_sounds_play_by_the_setting_and_the_voice_only_when_asked(browser, served):
    made = context(browser, served, record=LISTEN + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1].split("?")[0]))
    web.type_line(page, LINE[0])
    page.wait_for_function("window.__sounds.length === 1")
    assert fetched.count("pair.wav") == 1  # made at build time, as the terminal makes it
    assert 0.1 < page.evaluate("window.__sounds[0]") <= 0.15
    web.type_line(page, "set sounds off")
    web.type_line(page, LINE[1])
    page.wait_for_timeout(200)
    assert page.evaluate("window.__sounds.length") == 1
    # Speech auto is silent in a page; the player is told why, and how to hear it.
    assert page.evaluate("window.__spoken") == []
    said = web.type_line(page, "set speech auto")[0]
    assert said.endswith("Type set speech on to hear the browser's voice.")
    assert page.evaluate("window.__spoken") == []
    web.type_line(page, "set speech on")
    answer = web.type_line(page, "code")[0]
    spoken = page.evaluate("window.__spoken")
    assert spoken[-1][1:] == ["en", 1]
    assert spoken[-1][0] != answer and "H M 1" in spoken[-1][0]  # the code spelled out
    web.type_line(page, "set rate 350")
    assert page.evaluate("window.__spoken")[-1][2] == 2
    made.close()


# A full storage said at once (the put throws), or just after the move's answer is shown.
FULL_AT_ONCE = """() => {
  IDBObjectStore.prototype.put = function () {
    throw new DOMException("full", "QuotaExceededError");
  };
}"""
FULL_LATER = """() => {
  IDBObjectStore.prototype.put = function () {
    throw new DOMException("full", "QuotaExceededError");
  };
  // the sync starts once the move's answer is in the live region: the warning comes
  // just after it, however loaded the machine
  const FS = window.halfmoon.pyodide.FS;
  const syncfs = FS.syncfs.bind(FS);
  const region = document.getElementById("announcer");
  FS.syncfs = (populate, done) => {
    const go = () => syncfs(populate, done);
    if (region.textContent) return go();
    new MutationObserver((_, watching) => {
      if (!region.textContent) return;
      watching.disconnect();
      go();
    }).observe(region, { childList: true, characterData: true, subtree: true });
  };
}"""
HOLD_MS = 250  # web/game.js: the least time an answer stays in the live region


@pytest.mark.parametrize("full", [FULL_AT_ONCE, FULL_LATER], ids=["at once", "later"])
def test_without_aria_notify_two_quick_answers_are_each_heard_never_dropped(browser, served, full):
    """A storage warning comes a few milliseconds after the move that met it. Within the
    live region's refill it is said with the move; after it, it waits until the move's
    answer has stayed in the region long enough for the browser to give it to the screen
    reader (seen in CI: the warning emptied the region 5 ms after the move's answer was
    written, which no screen reader would have heard)."""
    made = context(browser, served, record=web.NO_ARIA_NOTIFY + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    expected = python_page("en", [LINE[0]])[-1]
    page.evaluate(full)
    page.wait_for_timeout(HOLD_MS + 50)  # "Ready" has had its time: the move is said at once
    before = len(web.heard(page))
    said = web.type_line(page, LINE[0])
    assert " ".join(said) == (
        expected + " Not kept. This browser could not store the game. You can "
        "play on, but the game is lost when the page closes."
    )
    if full == FULL_LATER:
        assert len(said) == 2
    times = page.evaluate("window.__times")[before:]
    for shown, emptied in times[:-1]:
        assert emptied - shown >= HOLD_MS - 5, times
    made.close()


def test_up_and_down_recall_the_lines_typed(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    web.type_line(page, "tops")
    web.type_line(page, "info")
    field = page.locator("#command")
    field.press("ArrowUp")
    assert field.input_value() == "info"
    field.press("ArrowUp")
    field.press("ArrowUp")
    assert field.input_value() == "tops"
    field.press("ArrowDown")
    field.press("ArrowDown")
    assert field.input_value() == ""
    made.close()


def test_a_page_that_could_not_start_says_so_at_every_enter(browser, served):
    made = context(browser, served, kept=False)  # its wheels fail
    made.route("**/wheels/*", lambda found: found.abort())
    page = web.first_page(made)
    page.goto(served.url)
    failed = "Half Moon could not start in this browser. Reload the page to try again."
    # joined to "Loading" when both come within the live region's refill
    page.wait_for_function(f"window.__heard.some(t => t.includes({failed!r}))", timeout=240_000)
    field = page.locator("#command")
    field.fill("tops")
    field.press("Enter")
    page.wait_for_function(f"window.__heard.filter(t => t.includes({failed!r})).length === 2")
    assert page.evaluate("document.activeElement.id") == "command"
    made.close()


def test_a_second_tab_never_writes_over_the_first_tabs_game(browser, served):
    """The second tab plays a game of its own and saves nothing: its folder in memory,
    older than the first tab's, is never synced over the stored game (found by the
    attack: a second tab's `info` wiped five moves, settings and statistics)."""
    made = context(browser, served)
    first = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:3]:
        web.type_line(first, line)
    second = opened(made, served.url)
    assert "This tab plays a game of its own and saves nothing" in web.heard(second)[-1]
    for line in LINE[3:6]:
        web.type_line(first, line)
    web.type_line(first, "set sounds off")
    first.close()
    web.type_line(second, "info")
    second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    second.evaluate("window.halfmoon.settled()")
    second.close()
    again = opened(made, served.url)
    assert again.evaluate("window.halfmoon.page.front.session.game.moves") == 6
    assert again.evaluate("window.halfmoon.page.front.session.settings.sounds") is False
    made.close()


def test_a_failed_first_read_never_writes_over_the_stored_game(browser, served):
    """IndexedDB fails once when the page opens (Safari's lost connection): the page plays
    in memory and writes nothing, so a reload finds the stored game whole."""
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:3]:
        web.type_line(page, line)
    page.add_init_script(  # this page only, at its next load
        "const open = IDBFactory.prototype.open; let once = true;"
        "IDBFactory.prototype.open = function (...rest) {"
        " if (once) { once = false; throw new DOMException('lost', 'UnknownError'); }"
        " return open.apply(this, rest); };"
    )
    page.goto(served.url)
    web.ready(page)
    assert web.heard(page)[-1].startswith("Ready. Not kept.")
    assert len(web.type_line(page, "tops")) == 1  # no "Kept again": nothing is written
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.evaluate("window.halfmoon.settled()")
    page.close()
    again = opened(made, served.url)
    assert web.heard(again)[-1].startswith("Ready. Game resumed, deal HM1 N, A, A, A, A, A, A, C.")
    assert again.evaluate("window.halfmoon.page.front.session.game.moves") == 3
    made.close()
