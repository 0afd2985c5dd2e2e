"""The page's storage under a hostile browser, in Chromium (tests/web_support.py): storage
evicted under the open page, two tabs without navigator.locks, an IndexedDB that never
answers, and stored records no game wrote. Nothing the player played is lost, and what
the page cannot keep is said."""

from __future__ import annotations

import pytest

from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.web import UNSURE_ALONE
from tests import web_support as web
from tests.test_web_page import CODE, LINE, context, opened

pytestmark = pytest.mark.slow

HOME = "/home/pyodide/halfmoon"


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


def closed(page) -> None:
    """The tab closed once its files are kept."""
    page.evaluate("window.halfmoon.settled()")
    page.close()


# -- evicted -------------------------------------------------------------------------------

PERSIST = """
window.__persisted = 0;
if (navigator.storage && navigator.storage.persist) {
  const real = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => { window.__persisted += 1; return real(); };
}
"""


def test_storage_evicted_under_the_open_page_keeps_the_whole_game(browser, served):
    """The browser clears IndexedDB while the page is open (storage pressure): the moves
    after it are kept, nothing is said, and the page asked for persistent storage."""
    made = context(browser, served, record=PERSIST + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    assert page.evaluate("window.__persisted") == 1
    for line in LINE[:3]:
        web.type_line(page, line)
    cdp = made.new_cdp_session(page)
    origin = served.url.rstrip("/")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
    for line in LINE[3:7]:
        said = web.type_line(page, line)
        assert len(said) == 1 and "Not kept" not in said[0], said
    page.goto(served.url)
    web.ready(page)
    assert web.heard(page)[-1].startswith("Ready. Game resumed, deal HM1 N, A, A, A, A, A, A, C.")
    assert moves(page) == 7
    assert page.errors == []
    made.close()


def test_a_deletion_from_another_page_is_not_blocked_and_the_game_is_kept(browser, served):
    """Another page deletes the game's database (a browser's "clear site data"): IDBFS's
    open connection gives way, and the next answer writes the whole folder again. No
    navigator.storage here: the page starts all the same."""
    made = context(browser, served, record="delete Navigator.prototype.storage;" + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    web.type_line(page, LINE[0])
    other = made.new_page()
    other.goto(served.url + "page.css")
    deleted = other.evaluate(
        """(name) => new Promise((resolve) => {
             const asked = indexedDB.deleteDatabase(name);
             asked.onsuccess = () => resolve("deleted");
             asked.onblocked = () => setTimeout(() => resolve("blocked"), 2000);
           })""",
        HOME,
    )
    assert deleted == "deleted"
    web.type_line(page, LINE[1])
    page.goto(served.url)
    web.ready(page)
    assert moves(page) == 2
    made.close()


# -- two tabs without navigator.locks ------------------------------------------------------

NO_LOCKS = "delete Navigator.prototype.locks;"
NO_LOCAL_STORAGE = (
    "Object.defineProperty(window, 'localStorage', {"
    " get() { throw new DOMException('denied', 'SecurityError'); } });"
)


def test_without_locks_a_second_tab_never_writes_over_the_first(browser, served):
    made = context(browser, served, record=NO_LOCKS + web.RECORD)
    first = opened(made, served.url + f"?code={CODE}")
    assert first.evaluate("typeof navigator.locks") == "undefined"
    for line in LINE[:3]:
        web.type_line(first, line)
    second = opened(made, served.url)
    assert "This tab plays a game of its own and saves nothing" in web.heard(second)[-1]
    for line in LINE[3:6]:
        web.type_line(first, line)
    web.type_line(first, "set sounds off")
    closed(first)
    web.type_line(second, "info")
    second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    closed(second)
    again = opened(made, served.url)
    assert web.heard(again)[-1].startswith("Ready. Game resumed")
    assert moves(again) == 6
    assert again.evaluate("window.halfmoon.page.front.session.settings.sounds") is False
    made.close()


def test_without_locks_a_tab_whose_lease_was_taken_stops_writing_and_says_so(browser, served):
    """The tab slept past its lease and another took it: this one writes no more."""
    made = context(browser, served, record=NO_LOCKS + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:2]:
        web.type_line(page, line)
    page.evaluate(
        "localStorage.setItem('halfmoon-a11y-owner',"
        " JSON.stringify({id: 'another tab', until: Date.now() + 600000}))"
    )
    said = web.type_line(page, LINE[2])
    taken = "Another tab has the game now. This tab saves nothing from now on."
    assert said[-1].endswith(taken) and " ".join(said).count(taken) == 1
    assert len(web.type_line(page, LINE[3])) == 1  # said once
    page.goto(served.url)  # no owner answers: the lease is taken over
    web.ready(page)
    assert moves(page) == 2
    made.close()


def test_without_locks_or_local_storage_the_page_says_it_cannot_know(browser, served):
    """Nothing can tell this tab about the others: it says so, in the player's language,
    and keeps the game."""
    made = context(browser, served, locale="ca-ES", record=NO_LOCKS + NO_LOCAL_STORAGE + web.RECORD)
    page = opened(made, served.url + f"?code={CODE}")
    unsure = Words("ca")._(UNSURE_ALONE)
    assert unsure != UNSURE_ALONE
    assert unsure in web.heard(page)[-1]
    web.type_line(page, LINE[0])
    page.goto(served.url)
    web.ready(page)
    assert moves(page) == 1
    assert unsure in web.heard(page)[-1]
    made.close()


# -- an IndexedDB that never answers -------------------------------------------------------

HANGING = "IDBFactory.prototype.open = function () { return {}; };"
BOUNDS = "window.halfmoonBounds = {...window.halfmoonBounds, storage: 2, load: 5};"


def test_an_indexeddb_that_never_answers_plays_in_memory_and_says_so(browser, served):
    made = context(browser, served, record=BOUNDS + HANGING + web.RECORD)
    page = web.first_page(made)
    page.goto(served.url + f"?code={CODE}")
    page.wait_for_function("window.halfmoon !== undefined", timeout=90_000)
    web.ready(page)
    opening = web.heard(page)[-1]
    assert opening.startswith("Ready. Not kept. This browser could not store the game.")
    assert len(web.type_line(page, LINE[0])) == 1
    assert moves(page) == 1
    made.close()


# -- hostile records -------------------------------------------------------------------------

PLANT = """
async ([name, plant]) => {
  const opened = await new Promise((resolve, reject) => {
    const asked = indexedDB.open(name);
    asked.onsuccess = () => resolve(asked.result);
    asked.onerror = () => reject(asked.error);
  });
  const store = opened.transaction(["FILE_DATA"], "readwrite").objectStore("FILE_DATA");
  const read = (key) => new Promise((resolve) => {
    store.get(key).onsuccess = (e) => resolve(e.target.result);
  });
  const text = (bytes) => new TextDecoder().decode(bytes);
  const bytes = (text) => new TextEncoder().encode(text);
  const deep = (n) => "[".repeat(n) + "]".repeat(n);
  for (const [key, how] of Object.entries(plant)) {
    const now = new Date();
    if (how === "deep-save") {
      store.put({timestamp: now, mode: 0o100644, contents: bytes(deep(10000))}, key);
    } else if (how === "deep-line") {
      const kept = await read(key);
      const lines = text(kept.contents) + deep(30000) + "\\n";
      store.put({timestamp: now, mode: 0o100644, contents: bytes(lines)}, key);
    } else if (how === "fifo") {
      store.put({timestamp: now, mode: 0o010644}, key);
    } else if (how === "empty") {
      store.put({}, key);
    } else {
      store.put({timestamp: now, mode: 0o100644, contents: bytes(how)}, key);
    }
  }
  await new Promise((resolve) => { store.transaction.oncomplete = resolve; });
  opened.close();
  return true;
}
"""


def plant(made, served, records: dict[str, str]) -> None:
    """Records written into the game's database by another page of the same origin,
    while no game page is open."""
    other = made.new_page()
    other.goto(served.url + "page.css")
    other.evaluate(PLANT, [HOME, records])
    other.close()


def test_hostile_records_are_set_aside_said_and_the_game_keeps_saving(browser, served):
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:2]:
        web.type_line(page, line)
    package = page.evaluate(
        "window.halfmoon.pyodide.runPython('import halfmoon_a11y.ui.web as w; w.__file__')"
    )
    closed(page)
    plant(
        made,
        served,
        {
            f"{HOME}/state/game.json.journal": "deep-line",
            f"{HOME}/state/history": "fifo",
            f"{HOME}/config/settings.toml": "empty",
            package: "raise SystemExit('planted')\n",
            "/tmp/planted.txt": "planted",
        },
    )
    page = opened(made, served.url)
    opening = web.heard(page)[-1]
    assert opening.startswith("Ready. Unreadable file config/settings.toml in this browser's")
    for path in ("config/settings.toml", "state/history"):
        said = f"Unreadable file {path} in this browser's storage. It was renamed {path}.bad-"
        assert said in opening, opening
    assert "Journal state/game.json.journal" in opening, opening
    assert "Game resumed, deal HM1 N, A, A, A, A, A, A, C." in opening
    assert moves(page) == 2  # the journal's lines before the one nested 30,000 deep
    assert page.evaluate(f"window.halfmoon.pyodide.FS.analyzePath({package!r}).exists")
    assert "planted" not in page.evaluate(
        f"window.halfmoon.pyodide.FS.readFile({package!r}, {{encoding: 'utf8'}})"
    )
    assert not page.evaluate("window.halfmoon.pyodide.FS.analyzePath('/tmp/planted.txt').exists")
    answer = web.type_line(page, LINE[2])
    assert len(answer) == 1 and "Not kept" not in answer[0]
    closed(page)
    # A saved game nested 10,000 deep: set aside, said, and a new deal that is kept.
    plant(made, served, {f"{HOME}/state/game.json": "deep-save"})
    page = opened(made, served.url)
    opening = web.heard(page)[-1]
    assert "Saved game state/game.json could not be resumed. It was renamed" in opening, opening
    web.type_line(page, "1 2")
    kept = moves(page)
    page.goto(served.url)
    web.ready(page)
    assert web.heard(page)[-1].startswith("Ready. Game resumed"), web.heard(page)[-1]
    assert moves(page) == kept
    assert page.errors == []
    made.close()


def test_a_record_reaching_out_of_the_folder_or_in_the_place_of_one_is_never_the_game(
    browser, served
):
    """A key with ".." reaches the game's own code (the red team ran its own Python so);
    a plain record where the `state` folder goes threw the saved game away and stopped
    all saving. Now the first is never loaded, and the second is kept aside and said."""
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    for line in LINE[:2]:
        web.type_line(page, line)
    package = page.evaluate(
        "window.halfmoon.pyodide.runPython('import halfmoon_a11y.ui.web as w; w.__file__')"
    )
    closed(page)
    climbing = HOME + "/.." * HOME.count("/") + package
    planted = "import js\njs.window.__pwned = 'ran'\nraise SystemExit('planted')\n"
    plant(made, served, {climbing: planted, f"{HOME}/state": "x", f"{HOME}/./data/../x": "y"})
    page = opened(made, served.url)
    assert page.evaluate("window.__pwned === undefined")
    opening = web.heard(page)[-1]
    assert "Unreadable file state in this browser's storage. It was renamed state.bad-" in opening
    assert "Game resumed" in opening, opening
    assert moves(page) == 2
    web.type_line(page, LINE[2])
    closed(page)
    page = opened(made, served.url)
    assert page.evaluate("window.__pwned === undefined")
    assert web.heard(page)[-1].startswith("Ready. Game resumed"), web.heard(page)[-1]
    assert moves(page) == 3
    assert page.errors == []
    made.close()
