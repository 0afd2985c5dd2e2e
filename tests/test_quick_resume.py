"""Issue 28, part 4: a resume after a kill replays the journal with the status computed
once, at the end, and the journal is folded into a full save sooner (16 KiB, about
900 lines), so 10,000 undos and redos cost a resume what a short journal does. The
journal never loses a move for it."""

from __future__ import annotations

import os
import random

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.play.start import Start, replay
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from tests.solver import playable_moves, winning_line
from tests.support import play

CODE = DealCode.parse("HM1-N-AAAAAAC")


def state(game: Game) -> tuple[object, ...]:
    """Everything a resumed game must have as it was."""
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


@pytest.mark.slow  # 10,000 commands through the keeper: about 15 s
def test_ten_thousand_undos_and_redos_then_a_kill_lose_nothing(paths):
    """At every moment (a line, a fold) the save and its journal on disk hold the game as
    it stands; the journal never grows past the fold."""
    session, keeper = open_game(paths, CODE)
    for move in winning_line(deal(CODE))[:5]:
        play(session, "pick " + " ".join(move))
    journal = savegame.journal_path(paths.saved_game)
    folds, size = 0, 0
    for number in range(10_000):
        play(session, "undo" if number % 2 == 0 else "redo")
        before, size = size, os.path.getsize(journal)
        assert size < savegame.JOURNAL_FOLD + 64
        folded = size < before
        folds += folded
        if folded or number % 997 == 0 or number > 9_990:  # a kill now: what comes back?
            reading = savegame.read_game(paths.saved_game)
            assert reading is not None and reading.problem is None
            assert state(reading.game) == state(session.game), number
    assert folds >= 8  # folded about every 900 lines, not every 11,000
    keeper.disk.game_file.close()  # killed: no save on the way out
    again, _ = open_game(paths)
    assert state(again.game) == state(session.game)


def test_the_status_is_computed_once_for_a_whole_journal(paths, monkeypatch):
    """Before: after every line replayed (55 % of a resume with 10,000 lines)."""
    session, keeper = open_game(paths, CODE)
    for move in winning_line(deal(CODE))[:5]:
        play(session, "pick " + " ".join(move))
    for number in range(600):
        play(session, "undo" if number % 2 == 0 else "redo")
    keeper.disk.game_file.close()
    computed = []
    compute = Game._compute_status

    def counted(self):
        computed.append(1)
        return compute(self)

    monkeypatch.setattr(Game, "_compute_status", counted)
    reading = savegame.read_game(paths.saved_game)
    assert reading is not None and reading.applied == 605  # the 5 moves too
    assert len(computed) <= 4  # each new Game once, each replay once at its end


def random_line(game: Game, rng: random.Random, length: int) -> list[tuple[str, ...] | None]:
    """Removals and undos (None) that the game takes, made on it."""
    line: list[tuple[str, ...] | None] = []
    for _ in range(length):
        moves = playable_moves(game)
        if game.undo_available and (not moves or rng.random() < 0.3):
            game.undo()
            line.append(None)
        elif moves:
            move = rng.choice(moves)
            game.remove([_location(text) for text in move])
            line.append(tuple(move))
    return line


def _location(text: str):
    from halfmoon_a11y.core.places import Location

    return Location.parse(text)


@pytest.mark.parametrize("seed", range(12))
def test_a_replay_without_the_status_ends_as_the_game_played(seed):
    """remake and unmake, then resettle, leave the game as remove and undo do, status
    included (won, blocked or playing)."""
    rng = random.Random(seed)
    code = DealCode(seed * 7919)
    played = Game(deal(code))
    line = random_line(played, rng, 80)
    replayed = Game(deal(code))
    for move in line:
        if move is None:
            replayed.unmake()
        else:
            replayed.remake([_location(text) for text in move])
    replayed.resettle()
    assert state(replayed) == state(played)


@pytest.mark.parametrize("ending", ["won", "blocked"])
def test_a_resumed_game_has_its_status(ending, paths):
    """The status, now computed once at the end of the replay, is the game's."""
    if ending == "won":
        moves = winning_line(deal(CODE))
        code = CODE
    else:
        for seed in range(100):
            code = DealCode(seed)
            game = Game(deal(code))
            moves = []
            while game.status is Status.PLAYING:
                move = playable_moves(game)[0]
                game.remove([_location(text) for text in move])
                moves.append(tuple(move))
            if game.status is Status.BLOCKED:
                break
    game = replay(Start(code, tuple(tuple(_location(t) for t in m) for m in moves)))
    assert str(game.status) == ending


def test_a_fold_keeps_what_can_be_redone(paths, monkeypatch):
    """A full save keeps the moves and, when it folds the journal, what redo could make
    again: a journal past the fold is folded at its next line even while something is
    left to redo, and a kill keeps the redos."""
    monkeypatch.setattr(savegame, "JOURNAL_FOLD", 256)
    session, keeper = open_game(paths, CODE)
    journal = savegame.journal_path(paths.saved_game)
    for move in winning_line(deal(CODE))[:30]:
        play(session, "pick " + " ".join(move))
    assert os.path.getsize(journal) < 256 + 64  # folded on the way, by the removals
    folded = False
    for _ in range(20):
        before = os.path.getsize(journal)
        play(session, "undo")
        folded = folded or os.path.getsize(journal) < before
    assert folded and session.game.redo_available == 20
    keeper.disk.game_file.close()  # killed
    again, keeper = open_game(paths)
    assert state(again.game) == state(session.game)
    for _ in range(20):
        play(again, "redo")
        handle(session, "redo")
        assert state(again.game) == state(session.game)
    keeper.disk.game_file.close()
    resumed, _ = open_game(paths)
    assert state(resumed.game) == state(again.game)
