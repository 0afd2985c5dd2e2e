"""A statistics database that runs for minutes never holds the game: what the game asks
of it is bounded in time, a leaving signal stops it, and a database holding a trigger,
a view or an index another program made is set aside, the game recorded in a new one."""

from __future__ import annotations

import os
import select
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from halfmoon_a11y.play.answers import StatsShown
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.store import bounded
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.result import Ending, Result
from halfmoon_a11y.store.results import Results
from halfmoon_a11y.store.statistics import Statistics
from halfmoon_a11y.store.stats_failures import StatisticsForeign, StatisticsSlow
from halfmoon_a11y.store.unsaid import Unsaid
from tests.support import play
from tests.test_statistics_safety import start

FOREVER = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT max(x) FROM r"
# A view in place of the totals, with the totals' columns, that never ends.
ENDLESS_TOTALS = (
    "CREATE VIEW totals AS SELECT 1 AS one, x AS last, 0 AS rows, 0 AS played, 0 AS won,"
    " 0 AS blocked, 0 AS abandoned, NULL AS best_seconds, 0 AS current_streak,"
    " 0 AS longest_streak FROM (" + FOREVER.replace("max(x)", "max(x) AS x") + ")"
)
GAME = Result("HM1-N-AAAAAAA", Ending.WON, 10, 5, 30, "one")


def made(path: Path, games: int = 3) -> None:
    """A database as the game makes it, with `games` games recorded."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for number in range(games):
        Statistics(path).record("HM1-N-AAAAAAA", Ending.BLOCKED, 1, 1, 9, game=f"g{number}")


def meddled(path: Path, *script: str) -> None:
    with sqlite3.connect(path) as connection:
        for sql in script:
            connection.execute(sql)
    connection.close()


class Ticks:
    """A clock that moves on a tenth of a second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.1
        return self.now


def test_a_statement_runs_no_longer_than_its_bound():
    """Before: a recursive query ran for as long as it liked."""
    connection = sqlite3.connect(":memory:")
    ticks = Ticks()
    bounded.limit(connection, 2.0, clock=ticks)
    with pytest.raises(sqlite3.OperationalError) as stopped:
        connection.execute(FOREVER).fetchone()
    assert bounded.stopped(stopped.value)
    assert 2.0 < ticks.now < 2.5  # stopped at the first look past the deadline


def test_every_use_of_the_database_is_bounded(tmp_path, monkeypatch):
    """The game's own connection answers to the bound: with none left, `stats` is not
    read but said plainly to be unreadable, and nothing is set aside."""
    path = tmp_path / "statistics.sqlite3"
    made(path)
    monkeypatch.setattr(bounded, "WORK_SECONDS", 0.0)
    monkeypatch.setattr(bounded, "STEPS", 1)
    with pytest.raises(StatisticsSlow):
        Statistics(path).summary()
    with pytest.raises(StatisticsUnavailableError):
        Results(path).summary()
    assert path.exists()
    monkeypatch.undo()
    assert Statistics(path).summary().played == 3  # the games are all there


def test_a_leaving_signal_stops_the_statement_and_is_raised_again():
    """Before: SIGTERM waited until SQLite returned, minutes later."""
    connection = sqlite3.connect(":memory:")
    bounded.limit(connection, 600.0)
    came: list[int] = []

    def leave(signum, frame):
        came.append(signum)
        raise SystemExit(0)

    before = signal.signal(signal.SIGTERM, leave)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGTERM))
    try:
        timer.start()
        with pytest.raises(SystemExit), bounded.Signals():
            connection.execute(FOREVER).fetchone()
    finally:
        timer.cancel()
        signal.signal(signal.SIGTERM, before)
    assert came == [signal.SIGTERM]  # the game's own handler ran, once, afterwards


def test_ctrl_c_stops_a_stalled_read_and_stats_says_so(tmp_path, monkeypatch):
    """Ctrl-C while the database is read: the read stops and `stats` says the statistics
    could not be read (the game's Ctrl-C handler, which only notes, runs too)."""
    path = tmp_path / "statistics.sqlite3"
    made(path)
    pressed: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    statistics = Statistics(path)
    statistics.seconds = 600.0
    real = bounded.limit

    def stall(connection, seconds, clock=time.monotonic):  # a read that runs for minutes
        real(connection, seconds, clock)
        os.kill(os.getpid(), signal.SIGINT)
        connection.execute(FOREVER).fetchone()

    monkeypatch.setattr(bounded, "limit", stall)
    try:
        with pytest.raises(StatisticsSlow):
            statistics.summary()
    finally:
        signal.signal(signal.SIGINT, before)
    assert pressed == [signal.SIGINT]


TRIGGER = (
    "CREATE TRIGGER slow AFTER INSERT ON games BEGIN"
    " INSERT INTO ran VALUES (1); SELECT count(*) FROM (" + FOREVER + "); END"
)


def test_a_trigger_of_another_program_never_runs(tmp_path):
    """Before: the trigger ran inside the game's write, for minutes. Now the database is
    set aside before anything is asked of it, said, and the game is recorded anew."""
    path = tmp_path / "statistics.sqlite3"
    made(path)
    meddled(path, "CREATE TABLE ran (x)", TRIGGER)
    with pytest.raises(StatisticsForeign):
        Statistics(path).write(GAME)
    unsaid = Unsaid()
    Results(path, unsaid).record(GAME)
    [problem] = unsaid.take()
    assert isinstance(problem, StorageProblem)
    assert problem.problem is Problem.STATS_UNREADABLE and problem.aside is not None
    with sqlite3.connect(problem.aside) as aside:
        assert aside.execute("SELECT count(*) FROM ran").fetchone() == (0,)  # never ran
        assert aside.execute("SELECT count(*) FROM games").fetchone() == (3,)  # all kept
    aside.close()
    assert Statistics(path).summary().won == 1


@pytest.mark.parametrize(
    "meddle",
    [
        ["DROP TABLE totals", ENDLESS_TOTALS],
        ["CREATE INDEX mine ON games(seconds)"],
        ["CREATE TABLE notes (x)"],
        ["DROP INDEX one_row_a_game", "CREATE UNIQUE INDEX one_row_a_game ON games(game, id)"],
        ["DROP TABLE totals", "CREATE VIEW totals AS SELECT * FROM games"],
    ],
)
def test_a_database_with_what_the_game_did_not_make_is_set_aside(tmp_path, meddle):
    path = tmp_path / "statistics.sqlite3"
    made(path)
    meddled(path, *meddle)
    with pytest.raises(StatisticsForeign):
        Statistics(path).summary()


@pytest.mark.parametrize(
    "meddle",
    [
        [],
        ["ANALYZE"],  # SQLite's own sqlite_stat1
        ["DROP TRIGGER totals_stale_on_insert"],  # made again by the next write
        ["DROP TABLE totals"],
    ],
)
def test_what_the_game_makes_is_never_set_aside(tmp_path, meddle):
    path = tmp_path / "statistics.sqlite3"
    made(path)
    meddled(path, *meddle)
    assert Statistics(path).summary().played == 3


def test_stats_over_a_view_in_place_of_the_totals_answers(paths, clock):
    """At the game: `stats` answers from a new database, the old one kept aside."""
    made(paths.statistics)
    meddled(
        paths.statistics,
        "DROP TABLE totals",
        ENDLESS_TOTALS,
    )
    session, _ = start(paths, clock)
    events = play(session, "stats")
    [shown] = [e for e in events if isinstance(e, StatsShown)]
    assert shown.summary.played == 0
    problems = [e for e in events if isinstance(e, StorageProblem)]
    assert [p.problem for p in problems] == [Problem.STATS_UNREADABLE]


def _planted_home(tmp: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1]))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp / name.lower())
        os.makedirs(env[name], exist_ok=True)
    data = tmp / "xdg_data_home" / "halfmoon-a11y"
    data.mkdir(mode=0o700)
    made(data / "statistics.sqlite3")
    meddled(
        data / "statistics.sqlite3",
        "DROP TABLE totals",
        ENDLESS_TOTALS,
        "CREATE TABLE ran (x)",
        TRIGGER,
    )
    return env


def _lines(game: subprocess.Popen, wanted: int, seconds: float) -> list[str]:
    """Up to `wanted` lines of the game's answers, within `seconds` (a hang found)."""
    assert game.stdout is not None
    fd, got = game.stdout.fileno(), b""
    end = time.monotonic() + seconds
    while got.count(b"\n") < wanted and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            got += chunk
    return got.decode().splitlines()


def test_the_game_with_such_a_database_answers_and_leaves_on_sigterm(tmp_path):
    """Before: `stats` stalled, and `info` and SIGTERM waited behind it (still running
    after 5 s)."""
    game = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", "HM1-N-AAAAAAB"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=0,
        env=_planted_home(tmp_path),
    )
    assert game.stdin is not None
    try:
        assert _lines(game, 1, 30)  # the opening
        game.stdin.write("stats\ninfo\n")
        game.stdin.flush()
        answers = _lines(game, 2, 30)
        assert len(answers) == 2 and '"stats"' in answers[0]
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=30) == 0
        assert game.stderr is not None and "Traceback" not in game.stderr.read()
    finally:
        game.kill()
        game.wait()
