"""A kill loses nothing redo could make again: the journal is folded into a full save at
16 KiB even while something is left to redo (the save keeps it as `redo`), a redo in the
journal replays as a redo, and undo and redo after the resume answer exactly as they
would have without the kill."""

from __future__ import annotations

import json
import os

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from tests.solver import winning_line
from tests.support import play, said

CODE = DealCode.parse("HM1-N-AAAAAAC")
LINE = [" ".join(move) for move in winning_line(deal(CODE))]


def state(game: Game) -> tuple[object, ...]:
    """Everything undo and redo answer from."""
    return (
        game.surface(),
        game.history,
        game.undone,
        game.moves,
        game.score,
        game.status,
        game.selection,
    )


def open_game(paths, code=None):
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file)
    session = keeper.open(code, settings_file.settings(Settings()), now=lambda: 0.0)
    return session, keeper


def kill(keeper) -> None:
    keeper.disk.game_file.close()  # nothing more written, no full save on the way out


def journal_size(paths) -> int:
    return os.path.getsize(savegame.journal_path(paths.saved_game))


def saved_json(paths) -> dict[str, object]:
    return json.loads(paths.saved_game.read_text())


def answers_alike(live, resumed, commands) -> None:
    """The same commands, one by one, answered alike and leaving the games alike (by
    `repr`: a refusal's error is an exception, equal to no other). The live game, killed,
    writes nothing more."""
    for command in commands:
        assert repr(play(resumed, command)) == repr(said(handle(live, command))), command
        assert state(resumed.game) == state(live.game), command


def test_a_journal_that_never_leaves_nothing_to_redo_is_folded(paths):
    """Play, undo several, keep a redo, then undo and redo in turn past the fold (the real
    16 KiB): the journal is folded with the redos kept, and after a kill undo and redo
    answer as the game that was not killed."""
    session, keeper = open_game(paths, CODE)
    for move in LINE[:8]:
        play(session, "pick " + move)
    for command in ["undo"] * 4 + ["redo"]:
        play(session, command)
    assert session.game.redo_available == 3
    folded, size = False, 0
    for number in range(1200):
        play(session, "undo" if number % 2 == 0 else "redo")
        before, size = size, journal_size(paths)
        folded = folded or size < before
        assert size < savegame.JOURNAL_FOLD + 64  # never past the fold
        assert session.game.redo_available >= 3
    assert folded
    assert saved_json(paths)["redo"]  # the fold kept them
    kill(keeper)
    resumed, _ = open_game(paths)
    assert state(resumed.game) == state(session.game)
    answers_alike(session, resumed, ["redo", "redo", "undo", "redo", "redo", "redo", "redo"])
    answers_alike(session, resumed, ["undo"] * 9 + ["redo"] * 3)


COMMANDS = [
    *("pick " + move for move in LINE[:6]),
    "undo",
    "undo",
    "undo",
    "redo",  # two left to redo: a redo line must not forget them
    "undo",
    "pick " + LINE[3],  # the next redo, made as a new removal: the redos go
    "redo",  # nothing to redo
    "undo",
    "undo",
    "pick 4 9",  # another removal where two were left to redo
    "undo",
    "undo",
    "redo",
    "redo",
    "undo",
    "pick " + LINE[2],  # a removal other than the one left to redo
    "undo",
]


@pytest.mark.parametrize("fold", [64, 256, savegame.JOURNAL_FOLD])
@pytest.mark.parametrize("killed_after", range(6, len(COMMANDS) + 1))
def test_a_kill_at_any_point_keeps_undo_and_redo(paths, monkeypatch, fold, killed_after):
    """Killed after any command of a line that undoes, redoes, and makes a new removal
    where a redo was left (once the very removal redo would make), with the journal
    folded often or never: the resumed game is the live one, redo stack included, and
    answers undo and redo alike."""
    monkeypatch.setattr(savegame, "JOURNAL_FOLD", fold)
    session, keeper = open_game(paths, CODE)
    for command in COMMANDS[:killed_after]:
        play(session, command)
    kill(keeper)
    resumed, keeper = open_game(paths)
    assert state(resumed.game) == state(session.game)
    answers_alike(session, resumed, ["redo", "redo", "undo", "undo", "redo"])
    kill(keeper)  # killed again, at once: the start's save kept the redos too
    again, _ = open_game(paths)
    assert state(again.game) == state(resumed.game)


def test_a_new_removal_where_redo_was_left_is_a_full_save(paths):
    """The journal writes a redo as its removal: a new removal of the same places while
    more is left to redo would replay as that redo, so it goes to a full save."""
    session, _ = open_game(paths, CODE)
    for move in LINE[:4]:
        play(session, "pick " + move)
    play(session, "undo")
    play(session, "undo")
    size = journal_size(paths)
    play(session, "pick " + LINE[2])  # what redo would make next, made anew
    assert journal_size(paths) < size  # a full save started the journal afresh
    assert session.game.redo_available == 0
    assert "redo" not in saved_json(paths)
    size = journal_size(paths)
    play(session, "pick " + LINE[3])
    assert journal_size(paths) > size  # and the next removal is a line again


def test_only_a_fold_writes_what_redo_could_make(paths):
    """Quit, a new deal, a save with nothing left to redo: written as before."""
    session, keeper = open_game(paths, CODE)
    for move in LINE[:3]:
        play(session, "pick " + move)
    play(session, "undo")
    keeper.close()
    assert "redo" not in saved_json(paths)
    resumed, _ = open_game(paths)
    assert resumed.game.redo_available == 0 and resumed.game.moves == 2


def older_release_reads(raw: bytes) -> savegame.SavedGame:
    """What a release from before `redo` makes of a save: the same reader, the key left
    out (it reads only the keys it knows)."""
    data = json.loads(raw)
    data.pop("redo", None)
    return savegame.SavedGame.from_bytes(json.dumps(data).encode())


def folded_save(paths, monkeypatch) -> tuple[bytes, Game]:
    """A game whose every line is folded at once, killed: its save holds it whole."""
    monkeypatch.setattr(savegame, "JOURNAL_FOLD", 1)
    session, keeper = open_game(paths, CODE)
    for move in LINE[:6]:
        play(session, "pick " + move)
    for command in ["undo", "undo", "undo", "redo", "undo"]:
        play(session, command)
    kill(keeper)
    return paths.saved_game.read_bytes(), session.game


def test_an_older_release_resumes_the_moves_and_loses_only_the_redos(paths, monkeypatch):
    raw, live = folded_save(paths, monkeypatch)
    data = json.loads(raw)
    assert data["format"] == savegame.FORMAT == 1 and len(data["redo"]) == 3
    old = older_release_reads(raw)
    assert old.moves == savegame.SavedGame.from_bytes(raw).moves
    game = savegame.SavedGame.from_bytes(old.to_bytes()).start().game
    assert game is not None and game.history == live.history and not game.undone


def test_a_save_of_an_older_release_has_nothing_to_redo(paths):
    raw = b'{"format": 1, "code": "HM1-N-AAAAAAC", "moves": [], "elapsed": 3.0, "game": "ab"}'
    saved = savegame.SavedGame.from_bytes(raw)
    assert saved.redo == () and saved.to_bytes() == raw + b"\n"


@pytest.mark.parametrize(
    "redo",
    [
        "1 6",
        [["1"]],
        [[1, 6]],
        [["zz", "6"]],
        {"a": 1},
        [["1", "6", "7", "8"]],
    ],
)
def test_a_redo_that_is_no_list_of_removals_is_ignored(paths, monkeypatch, redo):
    raw, live = folded_save(paths, monkeypatch)
    data = json.loads(raw)
    data["redo"] = redo
    paths.saved_game.write_text(json.dumps(data))
    os.unlink(savegame.journal_path(paths.saved_game))
    resumed, _ = open_game(paths)
    assert resumed.game.history == live.history and not resumed.game.undone


def test_redos_that_do_not_replay_are_left_out_from_the_first_on(paths, monkeypatch):
    raw, live = folded_save(paths, monkeypatch)
    data = json.loads(raw)
    data["redo"] = [data["redo"][0], data["redo"][0], data["redo"][1]]  # twice the same
    paths.saved_game.write_text(json.dumps(data))
    os.unlink(savegame.journal_path(paths.saved_game))
    resumed, _ = open_game(paths)
    assert resumed.game.history == live.history
    assert resumed.game.undone == live.undone[-1:]
