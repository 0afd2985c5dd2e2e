"""Issue 18, point 2: the journal. A line that is no move or does not replay, a journal
that is too long, a failed write, a FIFO or a folder at its path: no crash, no hang, no
move lost, and the player hears what is true."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.host.owned import ShortWrite
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store import files
from halfmoon_a11y.store import game_file as gamefile
from halfmoon_a11y.store import opening as opening_module
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from tests.solver import playable_moves
from tests.support import play, said

CODE = DealCode.parse("HM1-N-EMQPNCT")
OTHER = DealCode.parse("HM1-N-AAAAAAC")


def open_game(paths, code=None):
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file)
    session = keeper.open(code, settings_file.settings(Settings()), now=lambda: 0.0)
    problems = [e for e in said(session.opening()) if isinstance(e, StorageProblem)]
    return session, keeper, problems


def problems_of(events):
    return [e for e in events if isinstance(e, StorageProblem)]


def make_moves(session, count):
    made = []
    for _ in range(count):
        move = playable_moves(session.game)[0]
        play(session, "pick " + " ".join(move))
        made.append(tuple(move))
    return made


def journal_of(paths) -> Path:
    return Path(savegame.journal_path(paths.saved_game))


def asides(paths, name):
    return sorted(
        p.name
        for p in paths.saved_game.parent.iterdir()
        if ".bad-" in p.name and p.name.startswith(name + ".bad-")
    )


def killed_with(paths, lines):
    """A game of three moves (the journal has them), killed; then `lines` appended to the
    journal. The moves made, as the journal says them."""
    session, keeper, _ = open_game(paths, CODE)
    made = make_moves(session, 3)
    keeper.disk.game_file.close()  # the kill: nothing more is written, no full save
    with journal_of(paths).open("ab") as journal:
        for line in lines:
            journal.write(line + b"\n")
    return made


@pytest.mark.parametrize(
    "line",
    [
        b'{"r": 1}',
        b"[]",
        b'["r"]',
        b"5",
        b"3.5",
        b"null",
        b'"r"',
        b'["r", true, "1", "8"]',
        b'["r", 1.0, 1, 8]',
        b'["u", 1.0, "1"]',
        b'["x", 1.0]',
        b'["r", 1e400, "1", "8"]',
        b'{"game": 1}',
        b"[" * 5000,
    ],
    ids=lambda line: line[:20].decode(),
)
def test_a_line_that_is_no_move_is_unreadable_never_a_crash(paths, line):
    """Before: {"r": 1} raised KeyError at every start."""
    made = killed_with(paths, [line, b'["u", 9.0]'])
    again, _, problems = open_game(paths)
    assert again.resumed and again.game.moves == len(made)  # every move before it
    assert [(p.problem, p.count) for p in problems] == [(Problem.JOURNAL_STOPPED, len(made))]
    assert problems[0].aside and Path(problems[0].aside).exists()
    assert len(asides(paths, "game.json")) == 1  # the save's copy, beside the journal
    assert asides(paths, "game.json.journal")


def _line(move, seconds=5.0):
    return json.dumps(["r", seconds, *move]).encode()


def _not_a_pair_here(game):
    """Two cards on top that make no removal on this table."""
    tops = [p for p in playable_moves(game)]
    taken = {loc for move in tops for loc in move}
    for a in map(str, range(1, 13)):
        for b in map(str, range(1, 13)):
            if a != b and (a, b) not in tops and a not in taken:
                return (a, b)
    raise AssertionError("no illegal pair found")


@pytest.mark.parametrize("kind", ["duplicated", "swapped", "illegal", "another deal's"])
def test_lines_apply_only_while_they_replay(paths, kind):
    """Before: one line that did not replay threw away the full save's moves too, and
    the new save then truncated the journal."""
    session, keeper, _ = open_game(paths, CODE)
    made = make_moves(session, 2)
    keeper.disk.game_file.close()
    journal = journal_of(paths)
    lines = journal.read_bytes().splitlines()
    after = Game(deal(CODE))
    for move in made:
        after.drop_selection()
        for location in move:
            after.tap(Location.parse(location))
    if kind == "duplicated":
        bad = [lines[-1]]
    elif kind == "swapped":
        # the next two moves written in the wrong order: the second is not yet playable
        first = playable_moves(after)[0]
        probe = Game(deal(CODE))
        for move in (*made, first):
            for location in move:
                probe.tap(Location.parse(location))
        later = [m for m in playable_moves(probe) if m not in playable_moves(after)]
        if not later:
            pytest.skip("no move on this deal depends on the next one")
        bad = [_line(later[0]), _line(first)]
    elif kind == "illegal":
        bad = [_line(_not_a_pair_here(after))]
    else:
        theirs = playable_moves(Game(deal(OTHER)))
        foreign = next(m for m in theirs if m not in playable_moves(after))
        bad = [_line(foreign)]
    good = _line(playable_moves(after)[0])  # a good line after the bad one: not applied
    with journal.open("ab") as out:
        out.write(b"\n".join([*bad, good]) + b"\n")
    again, keeper2, problems = open_game(paths)
    assert again.resumed and again.game.moves == len(made)
    assert [(p.problem, p.count) for p in problems] == [(Problem.JOURNAL_STOPPED, len(made))]
    journal_aside = Path(problems[0].aside)
    assert journal_aside.read_bytes().splitlines()[len(lines) :] == [*bad, good]  # kept whole
    copies = asides(paths, "game.json")
    assert len(copies) == 1
    copy = json.loads((paths.saved_game.parent / copies[0]).read_bytes())
    assert copy["moves"] == []  # the full save the journal adds to
    # the game goes on and saves: a kill now brings back everything
    make_moves(again, 1)
    keeper2.disk.game_file.close()
    third, _, problems = open_game(paths)
    assert third.game.moves == len(made) + 1 and not problems


def test_lines_before_a_bad_one_come_back_and_are_counted(paths):
    session, keeper, _ = open_game(paths, CODE)
    make_moves(session, 1)
    play(session, "quit")  # a full save with one move
    session, keeper, _ = open_game(paths)
    made = make_moves(session, 2)
    play(session, "undo")
    keeper.disk.game_file.close()
    with journal_of(paths).open("ab") as out:
        out.write(b'{"r": 1}\n')
    again, _, problems = open_game(paths)
    assert again.game.moves == 2  # one in the save, two in the journal, one undone
    assert [(p.problem, p.count) for p in problems] == [(Problem.JOURNAL_STOPPED, 3)]
    assert len(made) == 2


def test_the_sentence_names_the_count_and_the_copy(paths):
    from halfmoon_a11y.text.notices import STORAGE_PROBLEMS
    from halfmoon_a11y.text.words import Words

    problem = StorageProblem(Problem.JOURNAL_STOPPED, "j", "j.bad", count=3)
    text = (
        Words()
        ._(STORAGE_PROBLEMS[(problem.problem, True)])
        .format(path="j", aside="j.bad", count=3)
    )
    assert "brought back before it, 3" in text and "j.bad" in text


def test_a_journal_folded_before_it_grows_too_large(paths, monkeypatch):
    """Before: past 256 KiB the journal was dropped whole and silently. The limits are
    made small here; the ratio is the game's."""
    monkeypatch.setattr(savegame, "JOURNAL_BYTES", 4096)
    monkeypatch.setattr(savegame, "JOURNAL_FOLD", 4096 * 3 // 4)
    session, keeper, _ = open_game(paths, CODE)
    made = make_moves(session, 2)
    for _ in range(200):
        play(session, "undo")
        play(session, "pick " + " ".join(made[-1]))
        assert journal_of(paths).stat().st_size < 4096
    keeper.disk.game_file.close()  # killed
    again, _, problems = open_game(paths)
    assert again.game.moves == 2 and not problems


def test_a_journal_too_large_to_read_is_kept_aside_and_said(paths):
    session, keeper, _ = open_game(paths, CODE)
    make_moves(session, 1)
    keeper.disk.game_file.close()
    journal = journal_of(paths)
    with journal.open("ab") as out:
        out.write(b'["u", 1.0]\n["r", 1.0, "1", "8"]\n' * 20000)  # about 500 KiB
    again, _, problems = open_game(paths)
    head = Path(problems[0].aside).read_bytes()[: savegame.JOURNAL_BYTES]
    assert [p.problem for p in problems] == [Problem.JOURNAL_TOO_LONG]
    assert problems[0].count == head.count(b"\n") - 1  # every whole line after the first
    assert Path(problems[0].aside).stat().st_size > savegame.JOURNAL_BYTES
    # the move, then undo and the same move again, each line of the start applied
    assert again.resumed and again.game.moves == problems[0].count % 2
    assert len(asides(paths, "game.json")) == 1


def test_a_journal_whose_first_line_names_no_save_is_said(paths):
    session, keeper, _ = open_game(paths, CODE)
    make_moves(session, 1)
    keeper.disk.game_file.close()
    journal = journal_of(paths)
    journal.write_bytes(b'{"r": 1}\n' + journal.read_bytes().split(b"\n", 1)[1])
    again, _, problems = open_game(paths)
    assert [p.problem for p in problems] == [Problem.JOURNAL_UNREADABLE]
    assert again.resumed and again.game.moves == 0  # the full save's
    assert len(asides(paths, "game.json")) == 1


def test_a_torn_line_after_a_full_disk_hides_no_later_move(paths, monkeypatch):
    """Before: after a journal write failed half way, the next lines went after the torn
    one, and every one of them was lost at the next start."""
    session, keeper, _ = open_game(paths, CODE)
    made = make_moves(session, 1)
    real_write_all = files.write_all  # the routines savegame imports from files
    real_atomic = files.atomic_write

    def torn(handle, data):
        os.write(handle, data[:5])
        raise ShortWrite("wrote 5")

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savegame, "write_all", torn)
    monkeypatch.setattr(savegame, "atomic_write", full)
    move = playable_moves(session.game)[0]
    events = play(session, "pick " + " ".join(move))
    made.append(tuple(move))
    assert [p.problem for p in problems_of(events)] == [Problem.GAME_NOT_SAVED]
    monkeypatch.setattr(savegame, "write_all", real_write_all)  # the disk has room for a line
    move = playable_moves(session.game)[0]
    events = play(session, "pick " + " ".join(move))  # not to the journal: it is torn
    made.append(tuple(move))
    assert problems_of(events) == []  # said once a run
    monkeypatch.setattr(savegame, "atomic_write", real_atomic)  # room again
    move = playable_moves(session.game)[0]
    events = play(session, "pick " + " ".join(move))
    made.append(tuple(move))
    assert [p.problem for p in problems_of(events)] == [Problem.SAVING_AGAIN]
    header = json.loads(journal_of(paths).read_bytes().splitlines()[0])
    assert header[2] == len(made)  # a new journal, after the full save
    move = playable_moves(session.game)[0]
    events = play(session, "pick " + " ".join(move))  # to the journal again
    made.append(tuple(move))
    assert problems_of(events) == []
    assert len(journal_of(paths).read_bytes().splitlines()) == 2
    keeper.disk.game_file.close()  # killed
    again, _, problems = open_game(paths)
    assert again.game.moves == len(made) and not problems
    assert [tuple(str(p.location) for p in m.cards) for m in again.game.history] == made


def test_a_failure_after_saving_works_again_is_said_again(paths, monkeypatch):
    session, keeper, _ = open_game(paths, CODE)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    real = files.atomic_write
    for _ in range(2):
        make_moves(session, 1)
        keeper.disk.game_file.close()  # no journal to fall back on: the full save is all there is
        monkeypatch.setattr(savegame, "atomic_write", full)
        events = play(session, "quit")
        assert Problem.GAME_NOT_SAVED in [p.problem for p in problems_of(events)]
        monkeypatch.setattr(savegame, "atomic_write", real)
        move = playable_moves(session.game)[0]
        events = play(session, "pick " + " ".join(move)) + play(session, "quit")
        assert [p.problem for p in problems_of(events)] == [Problem.SAVING_AGAIN]


def test_a_folder_at_the_journal_is_set_aside_and_said_truly(paths):
    """Before: "the game cannot be resumed if the program stops", though every move was
    saved in game.json."""
    journal_of(paths).mkdir(parents=True)
    session, keeper, problems = open_game(paths, CODE)
    assert [p.problem for p in problems] == [Problem.JOURNAL_NOT_PLAIN]
    assert Path(problems[0].aside).is_dir()
    made = make_moves(session, 2)
    keeper.disk.game_file.close()
    again, _, problems = open_game(paths)
    assert again.game.moves == len(made) and not problems


def test_a_journal_folder_that_cannot_be_set_aside(paths, monkeypatch):
    monkeypatch.setattr(opening_module, "keep_aside", lambda path: None)
    monkeypatch.setattr(gamefile, "keep_aside", lambda path: None)
    journal_of(paths).mkdir(parents=True)
    session, keeper, problems = open_game(paths, CODE)
    said_now = [(p.problem, p.aside) for p in problems]
    assert said_now == [(Problem.JOURNAL_NOT_PLAIN, None)]
    events = []
    for move in [playable_moves(session.game)[0]]:
        events += play(session, "pick " + " ".join(move))
    assert problems_of(events) == []  # not "cannot be resumed": it is saved whole
    made = [tuple(m) for m in json.loads(paths.saved_game.read_text())["moves"]]
    assert len(made) == 1  # in game.json itself
    keeper.disk.game_file.close()
    monkeypatch.undo()
    again, _, _ = open_game(paths)
    assert again.game.moves == 1


def test_a_folder_planted_at_the_journal_during_play(paths):
    """A journal made a folder while the game runs: the next full save sets it aside."""
    session, _, _ = open_game(paths, CODE)
    make_moves(session, 1)
    journal = journal_of(paths)
    journal.unlink()
    journal.mkdir()
    events = play(session, "quit")
    assert [p.problem for p in problems_of(events)] == [Problem.JOURNAL_NOT_PLAIN]
    assert journal.is_file()


def test_a_fifo_at_the_journal_hangs_nothing(isolated_folders):
    """Before: a FIFO at the journal hung the first move, quit and SIGTERM."""
    state = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    state.mkdir(parents=True)
    os.mkfifo(state / "game.json.journal")
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", str(CODE)],
        input=b"pick 1 8\nquit\n",
        capture_output=True,
        timeout=20,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"journal_not_plain" in done.stdout
    assert json.loads((state / "game.json").read_text())["moves"] == [["1", "8"]]


def test_a_fifo_planted_during_play_hangs_no_quit(isolated_folders):
    state = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    child = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", str(CODE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(b"pick 1 8\n")
        child.stdin.flush()
        child.stdout.readline()
        child.stdout.readline()
        journal = state / "game.json.journal"
        journal.unlink()
        os.mkfifo(journal)
        _, err = child.communicate(b"quit\n", timeout=20)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0 and b"Traceback" not in err
    assert json.loads((state / "game.json").read_text())["moves"] == [["1", "8"]]


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_the_watchdog_ends_the_game_even_when_its_last_save_hangs(tmp_path):
    """Before: the watchdog ran the last save itself, and a save stuck (in the open of a
    FIFO, say) kept the game alive past SIGTERM."""
    code = (
        "import os, signal, time\n"
        "from halfmoon_a11y.ui.world import Leaving\n"
        "leaving = Leaving()\n"
        "leaving.last_words.append(lambda: time.sleep(60))  # a save that never returns\n"
        "signal.signal(signal.SIGTERM, leaving.on_signal)\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "except SystemExit:\n"
        "    time.sleep(60)  # leaving hangs too\n"
    )
    before = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], timeout=30, check=False)
    assert time.monotonic() - before < 10
    assert done.returncode == 0


def test_a_fifo_planted_during_play_hangs_no_sigterm(isolated_folders):
    state = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    child = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", str(CODE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(b"pick 1 8\n")
        child.stdin.flush()
        child.stdout.readline()
        child.stdout.readline()
        journal = state / "game.json.journal"
        journal.unlink()
        os.mkfifo(journal)
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=20)
    finally:
        if child.poll() is None:
            child.kill()
    assert b"Traceback" not in err
    assert json.loads((state / "game.json").read_text())["moves"] == [["1", "8"]]
    assert not stat.S_ISFIFO(os.lstat(journal).st_mode)  # kept aside, a journal again


# -- after a red-team pass on issue 18 ------------------------------------------------------


def _keeper_and_session(paths, code="HM1-N-AAAAAAC"):
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    return keeper, keeper.open(DealCode.parse(code))


def _winning_picks(code: str) -> list[str]:
    from halfmoon_a11y.core.dealcode import DealCode, deal
    from tests.solver import solve

    line = solve(deal(DealCode.parse(code)))
    assert line is not None  # a winnable deal
    return ["pick " + " ".join(move) for move in line]


def test_a_journal_removed_during_play_loses_no_move(paths):
    """A tool removed the journal while the game ran: the moves after it went into the
    removed file, and a kill lost them all (red team, issue 18)."""
    from halfmoon_a11y.store import saved_game as savegame
    from tests.support import play

    _keeper, session = _keeper_and_session(paths)
    moves = _winning_picks("HM1-N-AAAAAAC")
    for line in moves[:2]:
        play(session, line)
    os.unlink(savegame.journal_path(paths.saved_game))
    for line in moves[2:5]:
        play(session, line)
    # killed here: no close, no last save
    saved = savegame.read(paths.saved_game)
    assert saved is not None and len(saved.moves) == 5


def test_a_new_deal_whose_save_fails_writes_nothing_in_the_old_journal(paths, monkeypatch):
    """A full disk: the new deal's save failed, and its moves went into the abandoned
    game's journal, to be replayed on the wrong deal (red team, issue 18)."""
    from halfmoon_a11y.store import saved_game as savegame
    from tests.support import play

    _keeper, session = _keeper_and_session(paths)
    for line in _winning_picks("HM1-N-AAAAAAC")[:2]:
        play(session, line)
    journal = Path(savegame.journal_path(paths.saved_game))
    before = journal.read_bytes()

    def full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savegame, "write_bytes", full)
    play(session, "new")
    play(session, "new HM1-N-EMQPNCT")  # the second `new` leaves the game
    assert str(session.code) == "HM1-N-EMQPNCT"
    play(session, "pick 1 8")  # a pair on the new deal
    assert journal.read_bytes() == before  # nothing of the new deal in it
    saved = savegame.read(paths.saved_game)
    assert saved is not None and str(saved.code) == "HM1-N-AAAAAAC" and len(saved.moves) == 2


def test_quit_on_a_full_disk_says_the_game_comes_back(paths, monkeypatch):
    """Red team, issue 18: `quit` on a full disk said the game "cannot be resumed if the
    program stops", and the next start brought every move back from the journal."""
    from halfmoon_a11y.store import saved_game as savegame
    from halfmoon_a11y.store.notices import GameKept, StorageProblem
    from tests.support import play

    keeper, session = _keeper_and_session(paths)
    for line in _winning_picks("HM1-N-AAAAAAC")[:3]:
        play(session, line)

    def full(path, data):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(savegame, "write_bytes", full)
        events = play(session, "quit")
        keeper.close()
    assert not [e for e in events if isinstance(e, StorageProblem)]
    assert GameKept(session.code, 3) in events
    saved = savegame.read(paths.saved_game)
    assert saved is not None and len(saved.moves) == 3  # it does come back
