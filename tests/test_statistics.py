"""Statistics after scripted won, blocked and abandoned games; concurrent runs."""

import sqlite3
import subprocess
import sys
import threading

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.answers import StatsShown
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.result import Ending
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics, _write_ahead
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from tests.solver import playable_moves, winning_line
from tests.support import play

WINNABLE = ["HM1-N-AAAAAAC", "HM1-N-AAAAAAL", "HM1-N-AAAAAAM"]


def win(session, clock, code, seconds_per_move):
    play(session, f"new {code}")
    for move in winning_line(deal(DealCode.parse(code))):
        play(session, "pick " + " ".join(move))
        clock.advance(seconds_per_move)
    assert session.game.status == "won"


def block(session):
    """Play the first removal found, again and again, until the game is blocked."""
    for seed in range(100):
        play(session, f"new {DealCode(seed)}")
        while session.game.status == "playing":
            play(session, "pick " + " ".join(playable_moves(session.game)[0]))
        if session.game.status == "blocked":
            return
    raise AssertionError("no deal got blocked")


def test_statistics_of_a_scripted_sequence(paths, clock, snapshot_text):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse("HM1-N-AAAAAAB"), now=clock)
    play(session, "pick 1")  # looked at, never played: not counted
    win(session, clock, WINNABLE[0], 2)  # won in 94 s (47 moves after the first pick)
    win(session, clock, WINNABLE[1], 1)  # won in 47 s: the best time
    block(session)  # blocked, recorded when the next game starts
    play(session, "new HM1-N-AAAAAAB")
    play(session, "pick " + " ".join(playable_moves(session.game)[0]))  # one move
    play(session, "new HM1-N-AAAAAAC")  # the last one abandoned
    win(session, clock, WINNABLE[2], 3)
    [shown] = play(session, "stats")
    assert isinstance(shown, StatsShown)
    summary = shown.summary
    assert (summary.played, summary.won, summary.blocked, summary.abandoned) == (5, 3, 1, 1)
    assert summary.win_percent == 60
    assert summary.best_seconds == 47
    assert (summary.current_streak, summary.longest_streak) == (1, 2)
    text = "\n".join(
        line for language in ("ca", "da", "en") for line in Presenter(Words(language)).render(shown)
    )
    assert text + "\n" == snapshot_text


def test_undo_after_a_win_and_winning_again_is_one_game(paths, clock):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(None, now=clock)
    win(session, clock, WINNABLE[0], 1)
    play(session, "undo")
    last = winning_line(deal(DealCode.parse(WINNABLE[0])))[-1]
    play(session, "pick " + " ".join(last))
    assert Statistics(paths.statistics).summary().won == 1


def writer(path: str, count: int) -> None:
    from pathlib import Path

    statistics = Statistics(Path(path))
    for n in range(count):
        statistics.record(f"HM1-N-AAAAAA{chr(65 + n % 26)}", Ending.WON, 520, 48, n)


def test_concurrent_runs_do_not_corrupt_the_database(paths):
    code = (
        "import sys; sys.path.insert(0, '.'); from tests.test_statistics import writer; "
        f"writer({str(paths.statistics)!r}, 60)"
    )
    runs = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(4)]
    assert [run.wait(timeout=120) for run in runs] == [0, 0, 0, 0]
    summary = Statistics(paths.statistics).summary()
    assert summary.played == summary.won == 240
    with sqlite3.connect(paths.statistics) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_journal_change_refused_at_once_is_asked_again_within_the_timeout(tmp_path):
    """Two runs opening a new database at once: SQLite refuses one's change to the WAL
    journal at once, without its busy wait (2 of 120 runs refused so on this machine, and
    once in this suite's concurrent test). Here another connection's read stands in for
    the other run, and the busy wait is 0, so that the refusal comes at once."""
    path = tmp_path / "statistics.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE t (x)")
    other.execute("BEGIN")
    other.execute("SELECT * FROM t").fetchall()  # a read lock, held
    mine = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        mine.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as refused:
        assert refused.sqlite_errorcode == sqlite3.SQLITE_BUSY
    else:
        raise AssertionError("the other read did not hold the change back")
    asked: list[str] = []
    second = threading.Event()  # the other read ends once the change is asked again

    def traced(statement: str) -> None:
        asked.append(statement)
        if len(asked) == 2:
            second.set()

    mine.set_trace_callback(traced)
    threading.Thread(target=lambda: (second.wait(30), other.execute("COMMIT")), daemon=True).start()
    _write_ahead(mine, timeout=30.0)
    assert mine.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    mine.close()
    other.close()


def test_a_game_is_counted_once_whatever_happens(paths, clock):
    """Before: win, undo, quit, restart, win again counted two wins; win, undo, quit,
    restart, new counted a win and an abandon; a kill between recording a win and
    removing the save let the same game be won and counted again."""
    code = WINNABLE[0]
    line = winning_line(deal(DealCode.parse(code)))

    def restart():
        keeper = Keeper(paths, SettingsFile.load(paths.settings))
        return keeper.open(None, now=clock), keeper

    session, keeper = restart()
    win(session, clock, code, 1)
    play(session, "undo")
    keeper.close()  # quit with the game one move from its end
    session, keeper = restart()
    assert session.resumed and session.game.moves == 47
    play(session, "pick " + " ".join(line[-1]))  # won again
    assert session.game.status == "won"
    play(session, "undo")
    keeper.close()
    session, keeper = restart()
    play(session, "new")
    play(session, "new")  # leaves the game, which had been won already: no abandon
    session, keeper = restart()
    play(session, f"new {code}")
    for move in line[:-1]:
        play(session, "pick " + " ".join(move))
    before_the_kill = paths.saved_game.read_bytes()
    play(session, "pick " + " ".join(line[-1]))  # the win is recorded, the save removed…
    paths.saved_game.write_bytes(before_the_kill)  # …but a kill came first: the save is back
    session, keeper = restart()
    play(session, "pick " + " ".join(line[-1]))  # and the same game is won once more
    summary = Statistics(paths.statistics).summary()
    assert (summary.played, summary.won, summary.abandoned) == (2, 2, 0)


def test_a_database_from_before_game_identities_is_brought_up_to_date(paths):
    paths.statistics.parent.mkdir(parents=True)
    with sqlite3.connect(paths.statistics) as old:
        old.execute(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, code TEXT NOT NULL, result TEXT NOT NULL,"
            " score INTEGER NOT NULL, moves INTEGER NOT NULL, seconds INTEGER NOT NULL,"
            " finished_at TEXT NOT NULL)"
        )
        old.execute(
            "INSERT INTO games (code, result, score, moves, seconds, finished_at)"
            " VALUES ('HM1-N-AAAAAAC', 'won', 520, 48, 60, '2026-01-01T00:00:00')"
        )
    statistics = Statistics(paths.statistics)
    statistics.record("HM1-N-AAAAAAL", Ending.WON, 520, 48, 50, "abc123")
    statistics.record("HM1-N-AAAAAAL", Ending.ABANDONED, 510, 47, 70, "abc123")  # same game
    summary = statistics.summary()
    assert (summary.played, summary.won, summary.best_seconds) == (2, 2, 50)
