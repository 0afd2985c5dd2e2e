"""Issue 28, part 3: the winning move says "Victory" first, and the result is written to
the statistics only once the answer is out, with nothing lost if the game is killed
between the two; `stats` with no games says so without making a database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import GameWon as Won
from halfmoon_a11y.play.answers import StatsShown
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.results import Results
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.ui.jsonmode import JsonSink
from halfmoon_a11y.ui.loop import Failures, Turns
from tests.solver import winning_line
from tests.support import play

CODE = "HM1-N-AAAAAAC"


def start(paths, clock):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(CODE), now=clock)
    return session, keeper


def all_but_the_last(session, clock) -> tuple[str, ...]:
    """Every move of a winning line but the last, played; the last one, to make."""
    line = winning_line(deal(DealCode.parse(CODE)))
    for move in line[:-1]:
        play(session, "pick " + " ".join(move))
        clock.advance(2)
    return line[-1]


def recorded(paths) -> tuple[int, int]:
    """(played, won) in the database alone, the queue left out."""
    if not paths.statistics.exists():
        return (0, 0)
    summary = Statistics(paths.statistics).summary()
    return summary.played, summary.won


def test_the_winning_move_answers_before_the_database_is_made(paths, clock):
    """Before: the first win of a home made the database (ten fsyncs) inside the winning
    move, before "Victory" was said."""
    session, keeper = start(paths, clock)
    last = all_but_the_last(session, clock)
    answer = keeper.persist(session, handle(session, "pick " + " ".join(last)))
    assert any(isinstance(event, Won) for event in answer.events)
    assert not paths.statistics.exists()  # not yet: the answer is still to be said
    queued = json.loads(Path(keeper.disk.results.pending_path).read_text())
    assert [item[1] for item in queued] == ["won"]  # but on disk, fsynced
    keeper.after()  # the answer is out
    assert recorded(paths) == (1, 1)
    assert not os.path.exists(keeper.disk.results.pending_path)


def test_a_later_win_also_waits_for_the_answer(paths, clock):
    session, keeper = start(paths, clock)
    Statistics(paths.statistics)._connect().close()  # a home that has its database
    last = all_but_the_last(session, clock)
    keeper.persist(session, handle(session, "pick " + " ".join(last)))
    assert recorded(paths) == (0, 0)
    keeper.after()
    assert recorded(paths) == (1, 1)


def test_a_game_replaced_is_recorded_after_the_answer_too(paths, clock):
    session, keeper = start(paths, clock)
    play(session, "pick " + " ".join(winning_line(deal(DealCode.parse(CODE)))[0]))
    keeper.persist(session, handle(session, "new HM1-N-AAAAAAB"))  # asks first
    answer = keeper.persist(session, handle(session, "new HM1-N-AAAAAAB"))
    assert answer.dealt is not None
    assert recorded(paths) == (0, 0)
    assert Results(paths.statistics).summary().abandoned == 1  # queued: counted
    keeper.after()
    assert Statistics(paths.statistics).summary().abandoned == 1


def test_a_kill_between_the_answer_and_the_record_loses_nothing(paths, clock):
    """The keeper dropped after the winning answer, as a kill leaves it: the next run
    counts the win, and writes it once."""
    session, keeper = start(paths, clock)
    last = all_but_the_last(session, clock)
    keeper.persist(session, handle(session, "pick " + " ".join(last)))
    del keeper, session  # killed: `after` never ran, and nothing closed
    session, _ = start(paths, clock)
    [shown] = [e for e in play(session, "stats") if isinstance(e, StatsShown)]
    assert (shown.summary.played, shown.summary.won) == (1, 1)
    Results(paths.statistics).flush(force=True)  # asked again: still one game
    assert recorded(paths) == (1, 1)


KILLED_AFTER_THE_ANSWER = textwrap.dedent(
    """
    import os, signal, sys
    from halfmoon_a11y.store import keeper

    def killed(self):  # the answer is out; the process dies before it records anything
        if self.disk.results.due:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)

    keeper.Keeper.after = killed
    sys.argv = ["halfmoon-a11y", "--json", "--code", "HM1-N-AAAAAAC"]
    from halfmoon_a11y.ui.cli import run
    run()
    """
)


def test_a_game_killed_right_after_saying_victory_keeps_its_win(isolated_folders):
    """A real game, killed by SIGKILL at the moment between the answer and the record."""
    data = isolated_folders / "xdg_data_home" / "halfmoon-a11y" / "statistics.sqlite3"
    game = subprocess.Popen(
        [sys.executable, "-c", KILLED_AFTER_THE_ANSWER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert game.stdin is not None and game.stdout is not None
    json.loads(game.stdout.readline())
    answer: dict = {}
    for move in winning_line(deal(DealCode.parse(CODE))):
        game.stdin.write("pick " + " ".join(move) + "\n")
        game.stdin.flush()
        answer = json.loads(game.stdout.readline())
    assert answer["state"]["status"] == "won"  # "Victory" was said
    assert game.wait(timeout=20) == -signal.SIGKILL
    assert not data.exists()  # killed before the record
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json"],
        input="stats\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    [stats] = [
        event
        for line in done.stdout.splitlines()
        for event in json.loads(line)["events"]
        if event["type"] == "stats"
    ]
    assert (stats["played"], stats["won"]) == (1, 1)
    summary = Statistics(data).summary()  # and written by that run, leaving: once
    assert (summary.played, summary.won) == (1, 1)


def test_a_queue_that_cannot_be_written_leaves_the_win_to_the_database_at_once(paths, clock):
    session, keeper = start(paths, clock)
    last = all_but_the_last(session, clock)
    os.makedirs(keeper.disk.results.pending_path)  # a folder where the queue goes
    keeper.persist(session, handle(session, "pick " + " ".join(last)))
    assert recorded(paths) == (1, 1)  # not kept for later: written with the move


def test_stats_with_no_games_makes_no_file(paths, clock):
    """Before: the first `stats` of a home made a database (0.1 s) to say 'no games'."""
    session, _ = start(paths, clock)
    [shown] = [e for e in play(session, "stats") if isinstance(e, StatsShown)]
    assert shown.summary.played == 0
    assert not os.path.lexists(paths.statistics)
    assert not os.path.lexists(paths.statistics.parent / "statistics.sqlite3-wal")


def test_stats_with_only_a_queued_game_counts_it(paths, clock):
    session, keeper = start(paths, clock)
    last = all_but_the_last(session, clock)
    keeper.persist(session, handle(session, "pick " + " ".join(last)))
    [shown] = [e for e in play(session, "stats") if isinstance(e, StatsShown)]
    assert (shown.summary.played, shown.summary.won) == (1, 1)


class LoggingSink(JsonSink):
    """A sink that notes when an answer is delivered."""

    def __init__(self, session, failures, log):
        super().__init__(session, None, failures)
        self.log = log

    def deliver(self, told) -> None:
        self.log.append("say")


def logged_turns(session, store, log):
    """Turns whose sink notes each answer delivered; its failures beside them."""
    failures = Failures(session, store, None)
    return Turns(session, Teller(), LoggingSink(session, failures, log), failures, store)


class LoggingStore:
    """A store that notes when it is asked to persist, and when `after` comes."""

    saves_nothing = False
    waiting = True  # `after` always has something to do

    def __init__(self, log, fails=False):
        self.log = log
        self.fails = fails

    def kept(self, code):
        return None

    def summary(self):
        raise AssertionError("not asked")

    def persist(self, session, answer):
        self.log.append("persist")
        return answer

    def after(self):
        self.log.append("after")
        if self.fails:
            raise RuntimeError("planted")

    def rescue(self, session):
        return False


def test_the_read_loop_says_the_answer_before_the_store_finishes(clock):
    log: list[str] = []
    front = logged_turns(Session(DealCode.parse(CODE), now=clock), LoggingStore(log), log)
    front.line("pick 1")
    front.finish()  # `after` runs beside the loop: done before the next turn
    assert log == ["persist", "say", "after"]
    front.show(lambda: se.Answer())  # nothing persisted: nothing after either
    assert log == ["persist", "say", "after", "say"]


@pytest.mark.expects_bug
def test_a_bug_in_after_is_said_with_the_next_answer(clock):
    log: list[str] = []
    front = logged_turns(Session(DealCode.parse(CODE), now=clock), LoggingStore(log, True), log)
    front.line("pick 1")
    front.finish()
    assert [type(event) for event in front.failures.troubles()] == [se.Failed]
