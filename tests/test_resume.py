"""Resuming: after every move the game is on disk, and comes back exactly, undo included."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from halfmoon_a11y.core import engine
from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.events import Undone
from halfmoon_a11y.play.answers import Dealt, InfoShown, NewAsked, QuitAsked
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.notices import GameKept
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.jsonmode import state_json
from tests.engine_state import hidden_snapshot
from tests.solver import winning_line
from tests.support import play, said

CODE = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it


def start(paths, clock, code=None):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(code) if code else None, now=clock)
    return session, keeper


def comparable(session):
    state = state_json(session)
    state.pop("selection")  # a resumed game starts with nothing selected
    return state


def test_resume_in_process_keeps_table_score_time_and_undo(paths, clock):
    line = winning_line(deal(DealCode.parse(CODE)))
    session, keeper = start(paths, clock, CODE)
    for move in line[:10]:
        clock.advance(7)
        play(session, "pick " + " ".join(move))
    play(session, "undo")
    play(session, "pick 1")
    clock.advance(5)
    keeper.close()
    expected = comparable(session)

    again, _ = start(paths, clock)
    opening = said(again.opening())
    assert opening[0] == Dealt(DealCode.parse(CODE), resumed=True)
    assert isinstance(opening[1], InfoShown) and opening[1].moves == 9
    assert comparable(again) == expected
    assert again.clock.elapsed == expected["elapsed"] == 7 * 9 + 5  # from the first pick
    for _ in range(9):
        assert isinstance(play(again, "undo")[0], Undone)
    fresh = Session(DealCode.parse(CODE))
    assert hidden_snapshot(again.game)[:2] == hidden_snapshot(fresh.game)[:2]


def test_the_code_of_the_saved_game_resumes_it_and_new_asks_first(paths, clock):
    session, keeper = start(paths, clock, CODE)
    play(session, "pick 1 2")
    play(session, "pick " + " ".join(winning_line(deal(DealCode.parse(CODE)))[0]))
    keeper.close()
    again, _ = start(paths, clock, CODE)  # the same deal asked for: nothing is thrown away
    assert again.resumed and again.game.moves == 1
    [asked] = play(again, "new HM1-N-AAAAAAB")
    assert isinstance(asked, NewAsked) and asked.moves == 1 and again.game.moves == 1
    assert isinstance(play(again, "new HM1-N-AAAAAAB")[0], Dealt)
    third, _ = start(paths, clock)
    assert third.resumed and str(third.code) == "HM1-N-AAAAAAB"
    summary = Statistics(paths.statistics).summary()
    assert (summary.played, summary.abandoned) == (1, 1)  # left after the question


def test_another_code_keeps_the_unfinished_game_and_its_code_brings_it_back(paths, clock):
    first_moves = winning_line(deal(DealCode.parse(CODE)))[:3]
    session, keeper = start(paths, clock, CODE)
    for move in first_moves:
        play(session, "pick " + " ".join(move))
    keeper.close()
    other, keeper = start(paths, clock, "HM1-N-AAAAAAB")
    opening = said(other.opening())
    assert GameKept(DealCode.parse(CODE), 3, aside=True) in opening
    kept = Path(paths.kept_games) / f"{CODE}.json"
    assert json.loads(kept.read_text())["moves"] == [list(move) for move in first_moves]
    assert not other.resumed and other.game.moves == 0
    events = play(other, f"new {CODE}")  # no moves here yet: no question
    assert events[0] == Dealt(DealCode.parse(CODE), resumed=True)
    assert other.game.moves == 3 and not kept.exists()
    keeper.close()
    assert Statistics(paths.statistics).summary().played == 0  # nothing was abandoned


def test_quit_says_the_game_is_kept(paths, clock):
    session, _ = start(paths, clock, CODE)
    play(session, "pick " + " ".join(winning_line(deal(DealCode.parse(CODE)))[0]))
    events = play(session, "quit")
    assert events == [GameKept(DealCode.parse(CODE), 1), QuitAsked()]
    assert json.loads(paths.saved_game.read_text())["moves"]


def test_a_won_game_is_not_resumed(paths, clock):
    session, keeper = start(paths, clock, CODE)
    for move in winning_line(deal(DealCode.parse(CODE))):
        play(session, "pick " + " ".join(move))
    assert session.game.status == "won"
    keeper.close()
    assert not paths.saved_game.exists()
    again, _ = start(paths, clock)
    assert not again.resumed


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_sigkill_at_random_points_loses_at_most_the_move_being_made(seed, isolated_folders):
    rng = random.Random(seed)
    moves = [" ".join(move) for move in winning_line(deal(DealCode.parse(CODE)))]
    script = []
    for move in moves[:20]:
        script.append(f"pick {move}")
        if rng.random() < 0.2:
            script.append("undo")
            script.append(f"pick {move}")
    stop_after = rng.randrange(1, len(script))
    env = dict(os.environ)
    first = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", CODE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert first.stdin is not None and first.stdout is not None
    json.loads(first.stdout.readline())
    states = []
    for line in script[:stop_after]:
        first.stdin.write(line + "\n")
        first.stdin.flush()
        states.append(json.loads(first.stdout.readline())["state"])
    # the next move is on its way when the plug is pulled
    first.stdin.write(script[stop_after] + "\n")
    first.stdin.flush()
    first.send_signal(signal.SIGKILL)
    first.wait()

    second = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json"],
        input="undo\n" * 60,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    objects = [json.loads(line) for line in second.stdout.splitlines()]
    resumed = objects[0]
    assert resumed["events"][0] == {**resumed["events"][0], "type": "dealt", "resumed": True}
    keys = ["piles", "reserve", "score", "moves", "undo_available", "status", "code"]
    got = {k: resumed["state"][k] for k in keys}
    last = {k: states[-1][k] for k in keys}
    if got != last:  # the move in flight may have been saved before the kill
        assert got["moves"] in (last["moves"] + 1, last["moves"] - 1)
    # the undo history came back: undo runs all the way to the deal
    undone = [o for o in objects[1:] if o["events"] and o["events"][0]["type"] == "undone"]
    assert len(undone) == got["moves"]
    assert objects[-1]["state"]["moves"] == 0


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_leave_with_the_game_saved(signum, isolated_folders):
    process = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", "HM1-N-EMQPNCT"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    process.stdout.readline()
    process.stdin.write("pick 1 8\n")
    process.stdin.flush()
    process.stdout.readline()
    process.send_signal(signum)
    assert process.wait(timeout=20) == 0
    assert "Traceback" not in process.stderr.read()
    saved = json.loads(
        (isolated_folders / "xdg_state_home" / "halfmoon-a11y" / "game.json").read_text()
    )
    assert saved["code"] == "HM1-N-EMQPNCT" and saved["moves"] == [["1", "8"]]


def test_the_resume_line_says_the_code_once_and_the_settings_that_add_words(paths, clock):
    session, keeper = start(paths, clock, CODE)
    play(session, "pick " + " ".join(winning_line(deal(DealCode.parse(CODE)))[0]))
    keeper.close()
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    again = keeper.open(None, Settings(move_errors=True, placement_help=True), now=clock)
    lines = Presenter(Words("en")).render_all(said(again.opening()))
    assert lines[0] == (
        "Game resumed, deal HM1 N, A, A, A, A, A, A, C. Type help for the commands. "
        "Move errors, on. Placement help, on."
    )
    assert lines[1] == "Time 0 seconds. Score 10. 1 move. 102 cards left."
    assert sum(line.count("HM1 N, A, A, A, A, A, A, C") for line in lines) == 1


def json_game(*args):
    return subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ask(process, line):
    process.stdin.write(line + "\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def test_a_second_window_plays_its_own_game_and_writes_nothing(isolated_folders):
    """Before: both windows resumed one game and the last writer won (an 11-move game
    lost to a stale 3-move one); settings and statistics were written by both."""
    state = isolated_folders / "xdg_state_home" / "halfmoon-a11y" / "game.json"
    first = json_game("--code", CODE)
    json.loads(first.stdout.readline())
    moves = [" ".join(move) for move in winning_line(deal(DealCode.parse(CODE)))]
    for move in moves[:5]:
        ask(first, f"pick {move}")
    second = json_game()
    opening = json.loads(second.stdout.readline())
    assert [e["problem"] for e in opening["events"] if e["type"] == "storage_problem"] == [
        "open_elsewhere"
    ]
    assert opening["state"]["moves"] == 0  # not the first window's game
    ask(second, "set move-errors on")
    ask(second, "quit")
    assert second.wait(timeout=20) == 0
    saved = savegame.read(state)  # the full save and the journal of the moves since
    assert saved is not None
    assert [[str(p) for p in move] for move in saved.moves] == [m.split() for m in moves[:5]]
    assert not (isolated_folders / "xdg_config_home" / "halfmoon-a11y" / "settings.toml").exists()
    first.send_signal(signal.SIGKILL)  # a lock left by a killed game blocks nobody
    first.wait()
    third = json_game()
    resumed = json.loads(third.stdout.readline())
    assert resumed["events"][0]["resumed"] and resumed["state"]["moves"] == 5
    ask(third, "quit")
    assert third.wait(timeout=20) == 0


WINNABLE = ["HM1-N-AAAAAAC", "HM1-N-AAAAAAL", "HM1-N-AAAAAAM"]


@pytest.mark.parametrize("seed", range(6))
def test_kills_at_any_moment_never_lose_a_move_nor_count_a_game_twice(seed, isolated_folders):
    """Rounds of play, each ended by a kill: in the middle of play, during shutdown
    (SIGTERM, then SIGKILL a moment later), or while a second window plays. After each
    round the next game resumes every completed move (the one in flight may or may not
    have landed), and the statistics hold each game at most once."""
    import sqlite3

    rng = random.Random(seed)
    data = isolated_folders / "xdg_data_home" / "halfmoon-a11y" / "statistics.sqlite3"
    expected_moves = None
    wins = 0
    for _ in range(4):
        process = json_game()
        state = json.loads(process.stdout.readline())["state"]
        if expected_moves is not None:
            assert state["moves"] in (expected_moves, expected_moves + 1, expected_moves - 1)
        if state["status"] != "playing" or state["moves"] == 0:
            code = rng.choice(WINNABLE)
            ask(process, f"new {code}")
            state = ask(process, f"new {code}")["state"]
        line = winning_line(deal(DealCode.parse(state["code"])))
        moves = state["moves"]
        for move in line[moves : moves + rng.randrange(0, 60)]:
            state = ask(process, "pick " + " ".join(move))["state"]
            if rng.random() < 0.1:
                state = ask(process, "undo")["state"]
                state = ask(process, "pick " + " ".join(move))["state"]
        wins += state["status"] == "won"
        if rng.random() < 0.3:  # a second window plays meanwhile
            other = json_game()
            json.loads(other.stdout.readline())
            ask(other, "pick 1")
            other.send_signal(signal.SIGKILL)
            other.wait()
        expected_moves = state["moves"]
        ending = rng.choice(["kill", "shutdown", "in-flight"])
        if ending == "in-flight":  # the next move is on its way when the plug is pulled
            process.stdin.write("undo\n")
            process.stdin.flush()
        elif ending == "shutdown":
            process.send_signal(signal.SIGTERM)
            time.sleep(rng.uniform(0, 0.05))
        process.send_signal(signal.SIGKILL)
        process.wait()
        if state["status"] == "won":
            expected_moves = None  # a won game is over: the next start deals anew
        if data.exists():
            with sqlite3.connect(data) as stats:
                tables = {row[0] for row in stats.execute("SELECT name FROM sqlite_master")}
                if "games" not in tables:  # killed while making it, after a win was said
                    continue
                twice = stats.execute(
                    "SELECT game, COUNT(*) FROM games WHERE game IS NOT NULL"
                    " GROUP BY game HAVING COUNT(*) > 1"
                ).fetchall()
                won = stats.execute("SELECT COUNT(*) FROM games WHERE result = 'won'").fetchone()
            assert twice == []
            assert won[0] <= wins


def test_notices_come_before_the_table(paths, clock):
    """A listener who skips the 20 lines of the table still hears that a game was kept."""
    from halfmoon_a11y.play.answers import BoardShown
    from halfmoon_a11y.text.presenter import Presenter

    session, keeper = start(paths, clock, CODE)
    play(session, "pick " + " ".join(winning_line(deal(DealCode.parse(CODE)))[0]))
    keeper.close()
    other, _ = start(paths, clock, "HM1-N-AAAAAAB")
    events = Presenter().order(other.opening(), table=True)
    kinds = [type(event) for event in events]
    assert kinds.index(GameKept) < kinds.index(BoardShown)


def test_a_save_with_nothing_new_is_not_written_again(paths, clock, monkeypatch):
    """Issue 12: a start and a quit with no move between wrote the same save twice, with
    two fsyncs each. What changes is still written; what comes back is the same game."""
    writes: list[bytes] = []
    write = savegame.write_bytes

    def counted(path, data):
        writes.append(data)
        write(path, data)

    monkeypatch.setattr(savegame, "write_bytes", counted)
    session, keeper = start(paths, clock, CODE)
    play(session, "quit")
    keeper.close()
    assert len(writes) == 1  # the start's save; quit and close had nothing new

    session, keeper = start(paths, clock)  # resumed and left as it was: nothing rewritten
    play(session, "quit")
    keeper.close()
    assert len(writes) == 1

    again, keeper = start(paths, clock)
    assert again.resumed and again.game.moves == 0
    line = winning_line(deal(DealCode.parse(CODE)))
    play(again, "pick " + " ".join(line[0]))  # a move: the game is new, so it is written
    play(again, "quit")
    assert len(writes) == 2
    keeper.close()
    assert len(writes) == 2  # and not again at close: nothing new since quit
    assert start(paths, clock)[0].game.moves == 1


def test_a_resumed_game_is_replayed_once(paths, clock, monkeypatch):
    """Issue 17: the check that a save replays made one game, the session another; now
    the session plays the game the check made."""
    line = winning_line(deal(DealCode.parse(CODE)))
    session, keeper = start(paths, clock, CODE)
    for move in line[:6]:
        play(session, "pick " + " ".join(move))
    keeper.close()
    made: list[object] = []
    real = engine.Game.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(engine.Game, "__init__", counted)
    again, _ = start(paths, clock)
    assert again.game.moves == 6
    assert made == [again.game]  # one game made, and it is the one played
