"""The page's start: from a kept memory snapshot of Python (web/game.js), with its
fallbacks, and a first visit that downloads each file once (web/sw.js). In Debian's
Chromium, headless, with the browser's HTTP cache on (no Playwright routing, which turns
it off): the browser resolves no name but the page's own address instead. How long the
starts take is measured in benchmarks/web_page.py, not here."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest

from halfmoon_a11y.ui.web import Page
from tests import web_support as web

pytestmark = pytest.mark.slow

# The kept start, changed in the page: unpacked by the page, `change` applied to the bytes
# of Pyodide's memory snapshot (`memory`, a Uint8Array), packed by the page and kept again
# under the same key; or its bytes as stored changed (`packed`), its checksum left as it was.
CHANGE_SNAPSHOT = """async ([change, storedChange]) => {
  const cache = await caches.open("halfmoon.snapshots");
  const [key] = await cache.keys();
  let packed = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  if (change) {
    const { files, memory } = await window.halfmoon.keptStart.unpack(packed);
    (new Function("memory", change))(memory);
    packed = await window.halfmoon.keptStart.pack(memory, files);
  } else {
    (new Function("packed", storedChange))(packed);
  }
  await cache.put(key, new Response(packed));
}"""
# Every file of the game's package, read: a restored start has the files of the wheels
# again (Emscripten keeps them outside Python's memory), though it unpacks none.
EVERY_FILE = """
import pathlib, halfmoon_a11y
found = list(pathlib.Path(halfmoon_a11y.__file__).parent.rglob("*.py"))
len(found) > 50 and all(path.read_bytes() for path in found)
"""
KEPT_KEYS = (
    """async () => (await (await caches.open("halfmoon.snapshots")).keys()).map(k => k.url)"""
)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    web.check_tools()
    return web.built_page(tmp_path_factory.getbasetemp())


@pytest.fixture()
def served(built):
    server = web.Counted(built)
    yield server
    server.close()


@pytest.fixture(scope="module")
def driver(built):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(driver):
    launched = driver.chromium.launch(executable_path=web.CHROMIUM, args=web.HERMETIC)
    yield launched
    launched.close()


def started(made, url: str):
    page = web.first_page(made)
    page.warnings = []
    page.on("console", lambda message: page.warnings.append(message.text))
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    web.ready(page)
    return page


def restart(page) -> None:
    page.warnings.clear()
    page.reload()
    web.ready(page)


def context(browser, workers: str = "block"):
    made = browser.new_context(locale="en-GB", service_workers=workers)
    # "Loading", said when a start passes 1.5 s, as a busy machine makes it, is heard in
    # test_web_page_heard.py: here, each start's "Ready" is heard alone.
    made.add_init_script(web.NO_PAUSE + web.NOT_LOADING + web.RECORD)
    return made


def deal_of(said: str) -> str:
    """The deal's code as typed, from the code as said: `HM1 N, X, Z, …` (its letters
    apart, so that a screen reader spells them)."""
    found = re.search(r"deal HM1 N((?:, [A-Z])+)\.", said)
    assert found, said
    return "HM1 N " + found.group(1).replace(", ", "")


def python_says(deal: str, line: str) -> str:
    front = Page.open(tempfile.mkdtemp(prefix="web-"), ["en"], code=deal.replace(" ", "-"))
    front.opening()
    return str(json.loads(front.line(line))["text"])


def test_a_return_visit_starts_from_the_kept_snapshot_with_random_seeded_again(
    browser, served, built
):
    made = context(browser)
    page = started(made, served.url)
    assert page.evaluate("window.halfmoon.restored") is False
    assert page.evaluate("window.halfmoon.snapshotKept()") is True
    assert page.evaluate(KEPT_KEYS) == [
        served.url + "halfmoon-snapshot?v=" + manifest(built)["version"]
    ]
    deals, draws = [], []
    for _ in range(2):
        restart(page)
        assert page.evaluate("window.halfmoon.restored") is True
        assert web.heard(page)[-1].startswith("Ready. Game resumed")
        # A restored memory has the same `random` state at every start, until seeded again.
        draws.append(
            page.evaluate("window.halfmoon.pyodide.runPython('import random; random.random()')")
        )
        deals.append(deal_of(web.type_line(page, "new")[-1]))
        # The restored game plays as CPython's page front end does.
        assert web.type_line(page, "tops") == [python_says(deals[-1], "tops")]
    # The wheels' files are back: every module and catalog of the game, read again.
    assert page.evaluate(f"window.halfmoon.pyodide.runPython(`{EVERY_FILE}`)") is True
    assert web.type_line(page, "lang da") == [python_says(deals[-1], "lang da")]
    assert deals[0] != deals[1]
    assert draws[0] != draws[1]
    assert page.errors == []
    made.close()


@pytest.mark.parametrize(
    ("spoil", "why"),
    [
        # Made by another Pyodide: its build id (bytes 16 to 47 of its header) differs.
        (["memory[16] ^= 0xff;", None], "build id mismatch"),
        # Not a snapshot of Pyodide's at all.
        (["memory.subarray(0, 4096).fill(7);", None], "invalid magic number"),
        # Not what the page keeps.
        ([None, "packed[0] ^= 0xff;"], "not a kept start"),
        # Damaged on the disk: one byte of the memory, stored, changed.
        ([None, "packed[packed.length - 5000] ^= 0x10;"], "damaged bytes"),
    ],
    ids=["another-pyodide", "not-a-snapshot", "not-a-kept-start", "damaged-bytes"],
)
def test_a_snapshot_that_does_not_fit_falls_back_to_a_normal_start(browser, served, spoil, why):
    made = context(browser)
    web.seed(browser, made, served)  # a return visit: the kept start is there
    page = started(made, served.url)
    web.began_as_seeded(made, page)
    page.evaluate(CHANGE_SNAPSHOT, spoil)
    restart(page)
    assert page.evaluate("window.halfmoon.restored") is False
    assert any(why in warning for warning in page.warnings), page.warnings
    assert web.heard(page)[-1].startswith("Ready. Game resumed")
    assert len(web.type_line(page, "tops")) == 1
    # A new snapshot is made and kept in its place, and the next start uses it.
    assert page.evaluate("window.halfmoon.snapshotKept()") is True
    restart(page)
    assert page.evaluate("window.halfmoon.restored") is True
    assert page.errors == []
    made.close()


def test_a_snapshot_of_another_build_is_not_used_and_goes(browser, served):
    made = context(browser)
    web.seed(browser, made, served)
    page = started(made, served.url)
    web.began_as_seeded(made, page)
    other = page.evaluate(
        """async () => {
          const cache = await caches.open("halfmoon.snapshots");
          const [key] = await cache.keys();
          const other = key.url.replace(/v=.*/, "v=0000000000000000");
          await cache.put(other, await cache.match(key));
          await cache.delete(key);
          return other;
        }"""
    )
    restart(page)
    assert page.evaluate("window.halfmoon.restored") is False
    assert page.evaluate("window.halfmoon.snapshotKept()") is True
    assert other not in page.evaluate(KEPT_KEYS)
    made.close()


def manifest(built: Path) -> dict[str, Any]:
    return dict(json.loads((built / "build.json").read_text(encoding="utf-8")))


def test_a_first_visit_downloads_each_file_once(driver, served, built, tmp_path):
    """The page's own loading, and the service worker's copy for offline: each file of
    the build is sent once (a file the page asked without its build's version is asked
    again by the worker, and answered "not modified", with no body); then the page loads
    offline."""
    # A profile on disk, as a player's: a private context's HTTP cache lives in memory,
    # and keeps no file as large as Pyodide's WebAssembly.
    made = driver.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=web.CHROMIUM, args=web.HERMETIC
    )
    made.add_init_script(web.NO_PAUSE + web.NOT_LOADING + web.RECORD)
    page = started(made, served.url)
    assert page.evaluate("window.halfmoon.offline()") is True
    files = manifest(built)["files"]
    sent = [(path, status) for path, status, _ in served.bodies() if status == 200]
    paths = [path for path, _ in sent]
    twice = sorted({path for path in paths if paths.count(path) > 1})
    assert twice == []
    assert {"/" + name for name in files} <= set(paths) | {"/build.json"}
    assert set(paths) <= {"/" + name for name in files} | {"/", "/sw.js"}
    made.set_offline(True)
    restart(page)
    assert web.heard(page)[-1].startswith("Ready. Game resumed")
    made.close()
