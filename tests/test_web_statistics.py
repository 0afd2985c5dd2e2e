"""The page with a statistics database that runs for minutes, in a real browser: the tab
never stalls. The database is planted in the page's folder in IndexedDB, as another
program (or a page of the same origin) could leave it; `stats` answers at once, the
database is set aside and said, and the game's results go on being recorded. Under
Pyodide, SQLite's progress handler bounds every statement as at a terminal."""

from __future__ import annotations

import time

import pytest

from tests import web_support as web
from tests.test_statistics_bounds import ENDLESS_TOTALS, FOREVER
from tests.test_web_page import CODE, LINE, context, opened

pytestmark = pytest.mark.slow

DATABASE = "/home/pyodide/halfmoon/data/statistics.sqlite3"

# Run in the page's Python: a database as the game makes it, with two games, then a view
# that never ends in place of the totals and a trigger that never ends on every game.
PLANT = f"""
import sqlite3
from halfmoon_a11y.store.result import Ending
from halfmoon_a11y.store.statistics import Statistics

for number in range(2):
    Statistics({DATABASE!r}).record("HM1-N-AAAAAAB", Ending.BLOCKED, 1, 1, 9, game=str(number))
connection = sqlite3.connect({DATABASE!r})
connection.executescript('''
    DROP TABLE totals;
    {ENDLESS_TOTALS};
    CREATE TRIGGER slow AFTER INSERT ON games BEGIN SELECT count(*) FROM ({FOREVER}); END;
''')
connection.close()
"""

# The bound itself, under Pyodide: a statement that never ends, stopped; how long it ran.
BOUND = f"""
import sqlite3, time
from halfmoon_a11y.store import bounded

connection = sqlite3.connect(":memory:")
bounded.limit(connection, 0.5)
began = time.monotonic()
try:
    connection.execute({FOREVER!r}).fetchone()
    stopped = False
except sqlite3.OperationalError as error:
    stopped = bounded.stopped(error)
(stopped, time.monotonic() - began)
"""


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


def test_a_database_that_runs_for_minutes_never_stalls_the_tab(browser, served):
    """Before: `stats` never answered, and the tab was stalled for good."""
    made = context(browser, served)
    page = opened(made, served.url + f"?code={CODE}")
    stopped, seconds = page.evaluate(
        "(code) => window.halfmoon.pyodide.runPython(code).toJs()", BOUND
    )
    assert stopped and seconds < 5  # SQLite's progress handler works under Pyodide
    page.evaluate("(code) => window.halfmoon.pyodide.runPython(code)", PLANT)
    page.evaluate(
        "() => new Promise((done) => window.halfmoon.pyodide.FS.syncfs(false, done))"
    )  # into IndexedDB, as the page keeps its files
    page.goto(served.url)  # the page opens the folder with the database in it
    web.ready(page)
    began = time.monotonic()
    said = web.type_line(page, "stats")
    assert time.monotonic() - began < 20  # answered: the tab is not stalled
    assert said[0].startswith("Statistics. No games recorded yet."), said
    assert "could not be read. It was renamed" in said[-1], said
    web.type_line(page, LINE[0])
    web.type_line(page, "new")
    web.type_line(page, "new")  # a game left: recorded, in the new database
    counted = web.type_line(page, "stats")
    assert counted[0].startswith("Games played 1. Won 0. Blocked 0. Abandoned 1."), counted
    assert page.errors == []
    made.close()
