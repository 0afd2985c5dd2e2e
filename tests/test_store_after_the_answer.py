"""Say first, write after: the answer to `new` (a game left, recorded as abandoned) and
to a winning move is given, and the read loop is free to draw the next prompt, before
the statistics are written; a database held by another program never holds them."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.store import results as results_module
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.ui.jsonmode import JsonSink
from halfmoon_a11y.ui.loop import Failures, Turns
from tests.solver import winning_line

CODE = "HM1-N-AAAAAAC"
HELD = 30.0  # the game's wait for a held database, made long: the lock decides the order


class Noted(JsonSink):
    def __init__(self, session, failures, log):
        super().__init__(session, None, failures)
        self.log = log

    def deliver(self, told) -> None:
        self.log.append("said")


@pytest.fixture
def held(paths, monkeypatch):
    """The database, held by another program (BEGIN EXCLUSIVE) until `release`."""
    Statistics(paths.statistics)._connect().close()
    blocker = sqlite3.connect(paths.statistics, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(results_module, "QUICK_TIMEOUT", HELD)
    yield blocker
    blocker.close()


def turns_of(paths, clock, log, monkeypatch):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(CODE), now=clock)
    failures = Failures(session, keeper, None)
    turns = Turns(session, Teller(), Noted(session, failures, log), failures, keeper)
    real = Statistics.write

    def write(self, result, timeout=5.0):
        log.append("write tried")
        real(self, result, timeout)
        log.append("written")

    monkeypatch.setattr(Statistics, "write", write)
    return turns


def line(turns, text, log):
    turns.line(text)
    log.append("line done")  # the prompt is drawn from here


@pytest.mark.parametrize("winning", [False, True], ids=["new", "win"])
def test_the_answer_is_out_before_a_held_database_is_written(
    paths, clock, held, monkeypatch, winning
):
    """Before: the loop wrote the result before its line was done, so the prompt (and
    with it the answer, at a terminal) waited for the held database: 265 ms against
    23 ms at `new`. Now the line is done while the write still waits for the lock."""
    log: list[str] = []
    turns = turns_of(paths, clock, log, monkeypatch)
    moves = winning_line(deal(DealCode.parse(CODE)))
    release = threading.Timer(1.0, held.rollback)  # before the fix: the line waits for this
    if winning:
        for move in moves[:-1]:
            turns.line("pick " + " ".join(move))
        log.clear()
        release.start()
        line(turns, "pick " + " ".join(moves[-1]), log)
    else:
        turns.line("pick " + " ".join(moves[0]))
        turns.line("new")  # asks first: the game has a move
        log.clear()
        release.start()
        line(turns, "new", log)
    try:
        assert log[0] == "said"
        assert "written" not in log[: log.index("line done")]  # the write waits still
        turns.finish()  # the next turn begins here
    finally:
        release.cancel()
    assert log[-1] == "written"
    summary = Statistics(paths.statistics).summary()
    assert (summary.won, summary.abandoned) == ((1, 0) if winning else (0, 1))
