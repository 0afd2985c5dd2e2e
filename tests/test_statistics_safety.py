"""Issue 18, point 5: a busy database never holds the winning move and the win is
recorded later; a garbage database is set aside once and a new one started; a row of
the wrong type never stops `stats`; the database is private."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.answers import StatsShown
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.result import Ending
from halfmoon_a11y.store.results import Results
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics
from tests.solver import winning_line
from tests.support import play
from tests.test_statistics import WINNABLE, win


def win_events(session, clock, code):
    """Win `code`: the events of the winning move."""
    play(session, f"new {code}")
    for move in winning_line(deal(DealCode.parse(code))):
        events = play(session, "pick " + " ".join(move))
        clock.advance(1)
    assert session.game.status == "won"
    return events


def start(paths, clock, code=None):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(code) if code else None, now=clock)
    return session, keeper


def hold(path):
    """Another connection that holds the database's write lock until it is closed."""
    Statistics(path)._connect().close()  # the database and its table exist (`stats` alone
    # makes none since issue 28)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    return blocker


def keeper_of(session):
    return session.store


def summary(paths):
    return Statistics(paths.statistics).summary()


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_a_busy_database_does_not_hold_the_winning_move(paths, clock):
    """Before: the winning move waited 5 s, said the statistics failed, and the win was
    never recorded."""
    session, keeper = start(paths, clock)
    blocker = hold(paths.statistics)
    began = time.monotonic()
    win(session, clock, WINNABLE[0], 1)
    took = time.monotonic() - began
    assert took < 2.0  # the whole game, 48 moves, the win among them
    assert session.game.status == "won"
    pending = json.loads(Path(keeper.disk.results.pending_path).read_text())
    assert [item[1] for item in pending] == ["won"]
    blocker.close()
    keeper.flush_results()  # leaving: the database takes it now
    assert (summary(paths).played, summary(paths).won) == (1, 1)
    assert not os.path.exists(keeper.disk.results.pending_path)


def test_a_queued_win_is_recorded_by_the_next_run_once(paths, clock):
    session, keeper = start(paths, clock)
    blocker = hold(paths.statistics)
    win(session, clock, WINNABLE[0], 1)
    keeper.flush_results()  # still busy: it waits in its file
    keeper.close()  # then a kill: nothing more
    blocker.close()
    assert summary(paths).played == 0
    session, keeper = start(paths, clock)
    events = play(session, "stats")
    [shown] = [e for e in events if isinstance(e, StatsShown)]
    assert (shown.summary.played, shown.summary.won) == (1, 1)
    Results(paths.statistics).flush(force=True)  # written once, whatever is asked again
    assert summary(paths).played == 1


def test_stats_while_busy_counts_the_queued_win(paths, clock):
    session, _ = start(paths, clock)
    blocker = hold(paths.statistics)
    win(session, clock, WINNABLE[0], 1)
    events = play(session, "stats")  # still busy: the queued win is counted all the same
    [shown] = [e for e in events if isinstance(e, StatsShown)]
    assert (shown.summary.played, shown.summary.won) == (1, 1)
    assert summary(paths).played == 0
    blocker.close()


def test_a_garbage_database_is_set_aside_once_and_a_new_one_started(paths, clock):
    """Before: it was never moved aside, so no later game was recorded."""
    paths.statistics.parent.mkdir(parents=True)
    paths.statistics.write_bytes(b"not a database at all " * 200)
    session, _ = start(paths, clock)
    events = win_events(session, clock, WINNABLE[0])
    # the win is recorded once "Victory" is out (issue 28): what that met, said next
    assert not [e for e in events if isinstance(e, StorageProblem)]
    problems = [e for e in play(session, "pick 1") if isinstance(e, StorageProblem)]
    assert [p.problem for p in problems] == [Problem.STATS_UNREADABLE]
    aside = problems[0].aside
    assert aside is not None and Path(aside).read_bytes().startswith(b"not a database")
    assert (summary(paths).played, summary(paths).won) == (1, 1)
    paths.statistics.write_bytes(b"garbage again " * 200)  # once a run: not again
    play(session, f"new {WINNABLE[1]}")
    events = win_events(session, clock, WINNABLE[1])
    assert not [e for e in events if isinstance(e, StorageProblem)]
    problems = [e for e in play(session, "pick 1") if isinstance(e, StorageProblem)]
    assert [p.problem for p in problems] == [Problem.STATS_FAILED]
    pending = json.loads(Path(keeper_of(session).disk.results.pending_path).read_text())
    assert [item[1] for item in pending] == ["won"]  # not lost: it waits in the queue


def test_a_row_of_the_wrong_type_never_stops_stats(paths, clock):
    """Before: text in `seconds` made min() compare text with numbers: a crash."""
    statistics = Statistics(paths.statistics)
    statistics.record("HM1-N-AAAAAAC", Ending.WON, 520, 48, 60, "a1")
    connection = sqlite3.connect(paths.statistics, isolation_level=None)
    connection.execute("PRAGMA ignore_check_constraints = 1")  # as a hand edit would
    rows = [
        ("won", "soon", "b2"),
        ("won", -5, "d4"),
        ("won", 1e300, "e5"),
        ("won", b"\x00", "c3"),
        ("lost", 10, "f6"),
        (42, 10, "g7"),
    ]
    for result, seconds, game in rows:
        connection.execute(
            "INSERT INTO games (code, result, score, moves, seconds, finished_at, game)"
            " VALUES ('x', ?, 0, 0, ?, 'now', ?)",
            (result, seconds, game),
        )
    connection.close()
    session, _ = start(paths, clock)
    events = play(session, "stats")
    [shown] = [e for e in events if isinstance(e, StatsShown)]
    assert (shown.summary.played, shown.summary.won, shown.summary.best_seconds) == (5, 5, 60)


def test_the_database_is_private(paths, clock):
    old = os.umask(0)
    try:
        Statistics(paths.statistics).record("HM1-N-AAAAAAC", Ending.WON, 520, 48, 60, "a1")
    finally:
        os.umask(old)
    folder = paths.statistics.parent
    assert folder.stat().st_mode & 0o777 == 0o700
    for name in os.listdir(folder):
        assert (folder / name).stat().st_mode & 0o777 == 0o600, name


def test_an_older_database_readable_by_others_is_made_private(paths):
    paths.statistics.parent.mkdir(parents=True)
    with sqlite3.connect(paths.statistics):
        pass
    os.chmod(paths.statistics, 0o644)
    Statistics(paths.statistics).summary()
    assert paths.statistics.stat().st_mode & 0o777 == 0o600


def test_a_queue_file_of_garbage_is_ignored(paths, clock):
    results = Results(paths.statistics)
    os.makedirs(paths.statistics.parent)
    with open(results.pending_path, "w") as file:
        file.write('[["x", "won", 1, 2, 3, "a", "now"], ["bad"], 7, {"a": 1}')
    assert results.summary().played == 0  # not JSON: nothing queued
    with open(results.pending_path, "w") as file:
        file.write('[["HM1-N-AAAAAAC", "won", 1, 2, 3, "a1", "now"], ["bad"], 7]')
    results = Results(paths.statistics)
    assert results.summary().played == 1
    assert summary(paths).played == 1


def test_a_second_window_writes_no_queued_result(paths, clock):
    """`stats` in a window that does not own the files reads, and writes nothing."""
    session, keeper = start(paths, clock)
    blocker = hold(paths.statistics)
    win(session, clock, WINNABLE[0], 1)
    blocker.close()
    second = Keeper(paths, SettingsFile.load(paths.settings), owner=False)
    other = second.open(None, now=clock)
    [shown] = [e for e in play(other, "stats") if isinstance(e, StatsShown)]
    assert shown.summary.won == 1  # the owner's queued win, counted
    assert summary(paths).played == 0 and os.path.exists(keeper.disk.results.pending_path)
    keeper.flush_results()
    assert summary(paths).played == 1


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("kind", ["link", "folder", "fifo"])
def test_a_bad_kind_at_sqlites_own_files_is_set_aside_and_said(paths, clock, suffix, kind):
    """Red team, issue 18: a link, folder or FIFO at statistics.sqlite3-wal or -shm made
    every later connection fail, for good, with a sentence naming the database."""
    from tests.support import private_device

    Statistics(paths.statistics).record("HM1-N-AAAAAAB", Ending.WON, 520, 48, 60, "g1")
    side = f"{paths.statistics}{suffix}"
    if os.path.lexists(side):
        os.unlink(side)
    if kind == "link":
        os.symlink(private_device(paths.statistics.parent, "null"), side)
    elif kind == "folder":
        os.mkdir(side)
    else:
        os.mkfifo(side)
    session, _keeper = start(paths, clock)
    events = play(session, "stats")
    [shown] = [e for e in events if isinstance(e, StatsShown)]
    assert shown.summary.won == 1  # read again: the database itself was never wrong
    [said] = [e for e in events if isinstance(e, StorageProblem)]
    assert said.problem is Problem.STATS_SIDE_FILE and said.path == side and said.aside
    assert not os.path.islink(side) or os.readlink(side) != "/dev/null"
