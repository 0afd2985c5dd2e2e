"""Issue 18, point 4: kept games. An unfinished game is never dealt over when it cannot
be kept; a kept game comes back atomically; the same deal saved and kept keeps both; a
kept game that cannot be read is named."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.answers import Dealt
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.kept_games import KeptGames
from halfmoon_a11y.store.notices import GameKept, Problem, StorageProblem
from halfmoon_a11y.store.saved_game import SavedGame
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from tests.solver import winning_line
from tests.support import play

CODE = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
OTHER = "HM1-N-AAAAAAB"
LINE = winning_line(deal(DealCode.parse(CODE)))


def start(paths, clock, code=None):
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(code) if code else None, now=clock)
    return session, keeper


def played(paths, clock, moves, code=CODE):
    """A game of `code` with its first `moves` moves, saved and left."""
    session, keeper = start(paths, clock, code)
    for move in LINE[:moves]:
        play(session, "pick " + " ".join(move))
    keeper.close()
    return session


def saved_game(paths) -> SavedGame:
    """The game saved at `paths`, which is there."""
    saved = savegame.read(paths.saved_game)
    assert saved is not None, "no saved game"
    return saved


def problems(session):
    return [e for e in session.opening().notices if isinstance(e, StorageProblem)]


def test_code_never_deals_over_a_game_that_could_not_be_kept(paths, clock):
    """Before: --code said the game was not saved, then dealt over it: 4 moves lost."""
    played(paths, clock, 4)
    Path(paths.kept_games).write_text("a file where the folder should be")
    session, keeper = start(paths, clock, OTHER)
    [problem] = problems(session)
    assert problem.problem is Problem.GAME_NOT_KEPT
    assert str(session.code) == CODE and session.game.moves == 4 and session.resumed
    keeper.close()
    assert len(saved_game(paths).moves) == 4
    said = Presenter(Words("en")).render(problem)[0]
    assert said.endswith("so the new deal was not dealt. Your game goes on.")


def test_a_kill_while_a_kept_game_comes_back_loses_nothing(paths, clock, monkeypatch):
    """Before: the kept file was removed first, then the save written: a kill (here, a
    save that fails) in between lost the game."""
    played(paths, clock, 3)
    played(paths, clock, 0, OTHER)  # CODE is kept aside
    kept = Path(paths.kept_games) / f"{CODE}.json"
    assert kept.exists()

    def killed(path, data, **options):
        raise SystemExit("killed while saving")

    monkeypatch.setattr(savegame, "atomic_write", killed)
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    with pytest.raises(SystemExit):
        keeper.open(DealCode.parse(CODE), now=clock)
    monkeypatch.undo()
    assert kept.exists()  # still kept: the save never happened
    session, keeper = start(paths, clock, CODE)
    assert session.game.moves == 3 and not kept.exists()


def test_a_kept_game_taken_back_in_play_is_removed_only_once_saved(paths, clock, monkeypatch):
    played(paths, clock, 3)
    session, keeper = start(paths, clock, OTHER)
    kept = Path(paths.kept_games) / f"{CODE}.json"
    monkeypatch.setattr(keeper, "_save_session", lambda session: False)  # nothing reached disk
    keeper.disk.saved = False
    events = play(session, f"new {CODE}")
    assert events[0] == Dealt(DealCode.parse(CODE), resumed=True) and kept.exists()
    monkeypatch.undo()
    play(session, "new HM1-N-AAAAAAD")
    play(session, f"new {CODE}")  # now saved: the kept file goes
    assert session.game.moves == 3 and not kept.exists()


def test_a_leftover_of_a_kill_while_bringing_back_is_the_same_game(paths, clock):
    """The save and the kept file hold the same game: the save is newer, the file goes."""
    played(paths, clock, 3)
    played(paths, clock, 0, OTHER)
    kept = Path(paths.kept_games) / f"{CODE}.json"
    copy = kept.read_bytes()
    session, keeper = start(paths, clock, CODE)
    play(session, "pick " + " ".join(LINE[3]))
    keeper.close()
    kept.write_bytes(copy)  # as if killed before the kept file was removed
    os.utime(kept, (1, 1))
    session, keeper = start(paths, clock, CODE)
    assert session.game.moves == 4 and not kept.exists() and problems(session) == []


def write_saved(path, code, moves, game, mtime):
    data = SavedGame(DealCode.parse(code), tuple(tuple(m) for m in moves), 10.0, game)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    Path(path).write_bytes(data.to_bytes())
    os.utime(path, (mtime, mtime))


def locations(moves):
    from halfmoon_a11y.core.places import Location

    return [tuple(Location.parse(p) for p in move) for move in moves]


def test_the_same_deal_saved_and_kept_plays_the_newer_and_keeps_the_other(paths, clock):
    """Before: the kept game won and the saved game of the same deal was written over."""
    kept = Path(paths.kept_games) / f"{CODE}.json"
    write_saved(paths.saved_game, CODE, locations(LINE[:2]), "aaaa", 2_000_000_000)
    write_saved(kept, CODE, locations(LINE[:5]), "bbbb", 1_000_000_000)
    session, keeper = start(paths, clock, CODE)  # the save is newer: it is played
    assert session.game.moves == 2
    [problem] = problems(session)
    assert problem.problem is Problem.KEPT_OTHER and problem.path == str(kept)
    assert json.loads(kept.read_text())["game"] == "bbbb"
    keeper.close()

    os.utime(paths.saved_game, (1, 1))
    os.utime(kept, (2_000_000_000, 2_000_000_000))
    session, keeper = start(paths, clock, CODE)  # the kept game is newer: it is played
    assert session.game.moves == 5
    [problem] = problems(session)
    other = Path(paths.kept_games) / f"{CODE}.aaaa.json"
    assert problem.problem is Problem.KEPT_OTHER and problem.path == str(other)
    assert json.loads(other.read_text())["game"] == "aaaa" and not kept.exists()
    keeper.close()
    assert saved_game(paths).game == "bbbb"
    found, _ = KeptGames(paths.kept_games).find(DealCode.parse(CODE))  # it can come back
    assert found is not None
    assert found.game == "aaaa" and found.start.moves == tuple(locations(LINE[:2]))


def test_putting_a_game_aside_never_writes_over_another(paths, clock):
    kept = Path(paths.kept_games) / f"{CODE}.json"
    write_saved(kept, CODE, locations(LINE[:5]), "bbbb", 1_000_000_000)
    write_saved(paths.saved_game, CODE, locations(LINE[:2]), "aaaa", 2_000_000_000)
    session, keeper = start(paths, clock, OTHER)
    assert GameKept(DealCode.parse(CODE), 2, aside=True) in session.opening().notices
    keeper.close()
    assert json.loads(kept.read_text())["game"] == "bbbb"
    other = Path(paths.kept_games) / f"{CODE}.aaaa.json"
    assert json.loads(other.read_text())["game"] == "aaaa"


def test_a_kept_game_that_cannot_be_read_is_named(paths, clock):
    """Before: it was ignored, and a fresh deal given without a word."""
    kept = Path(paths.kept_games) / f"{CODE}.json"
    kept.parent.mkdir(parents=True)
    kept.write_text('{"format": 1, "code": "garbage"}')
    session, _ = start(paths, clock, CODE)
    [problem] = problems(session)
    assert problem.problem is Problem.KEPT_UNREADABLE and problem.path == str(kept)
    assert problem.aside and Path(problem.aside).exists() and not kept.exists()
    said = Presenter(Words("en")).render(problem)[0]
    assert said == f"Kept game {kept} could not be read. It was renamed {problem.aside}."


def test_a_kept_fifo_is_set_aside_not_opened(paths, clock):
    kept = Path(paths.kept_games) / f"{CODE}.json"
    kept.parent.mkdir(parents=True)
    os.mkfifo(kept)
    found, unreadable = KeptGames(paths.kept_games).find(DealCode.parse(CODE))
    assert found is None and [u.path for u in unreadable] == [str(kept)]


def test_a_newer_kept_game_is_not_played_over_a_save_that_cannot_be_kept(paths, clock, monkeypatch):
    kept = Path(paths.kept_games) / f"{CODE}.json"
    write_saved(paths.saved_game, CODE, locations(LINE[:2]), "aaaa", 1_000_000_000)
    write_saved(kept, CODE, locations(LINE[:5]), "bbbb", 2_000_000_000)

    def full(self, saved):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(KeptGames, "put", full)
    session, keeper = start(paths, clock, CODE)
    assert session.game.moves == 2  # the save goes on
    [problem] = problems(session)
    assert problem.problem is Problem.GAME_NOT_KEPT
    keeper.close()
    assert json.loads(kept.read_text())["game"] == "bbbb"  # the newer stays kept
    assert saved_game(paths).game == "aaaa"


def test_a_kept_game_wins_over_a_save_of_its_deal_without_moves(paths, clock):
    kept = Path(paths.kept_games) / f"{CODE}.json"
    write_saved(kept, CODE, locations(LINE[:5]), "bbbb", 1_000_000_000)
    write_saved(paths.saved_game, CODE, [], "aaaa", 2_000_000_000)  # newer, but empty
    session, keeper = start(paths, clock, CODE)
    assert session.game.moves == 5 and problems(session) == []
    keeper.close()
    assert not kept.exists() and os.listdir(paths.kept_games) == []


@pytest.mark.parametrize("name", [f"{OTHER}.json", f"{OTHER}.cafe.json"])
@pytest.mark.parametrize("how", ["--code", "new"])
def test_a_kept_game_of_another_deal_is_set_aside_and_named(paths, clock, name, how):
    """Issue 26, finding 8: `kept/HM1-N-AAAAAAB.json` holding a game of another deal was
    played in place of the deal asked for. It is set aside, named, and the deal asked for
    is dealt."""
    kept = Path(paths.kept_games) / name
    write_saved(kept, CODE, locations(LINE[:3]), "cafe", 1_000_000_000)
    if how == "--code":
        session, _ = start(paths, clock, OTHER)
        heard = problems(session)
    else:
        session, _ = start(paths, clock, "HM1-N-EMQPNCT")
        heard = [e for e in play(session, f"new {OTHER}") if isinstance(e, StorageProblem)]
    assert str(session.code) == OTHER and session.game.moves == 0
    [problem] = heard
    assert problem.problem is Problem.KEPT_OTHER_DEAL and problem.path == str(kept)
    assert problem.aside and Path(problem.aside).exists() and not kept.exists()
    assert SavedGame.from_bytes(Path(problem.aside).read_bytes()).code == DealCode.parse(CODE)
    said = Presenter(Words("en")).render(problem)[0]
    assert said == f"Kept game {kept} holds another deal. It was renamed {problem.aside}."
    assert Presenter(Words("ca")).render(problem)[0].startswith("La partida apartada")
    assert Presenter(Words("da")).render(problem)[0].startswith("Det tilsidelagte spil")
