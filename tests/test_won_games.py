"""Whole won games, found by a small search in the tests and played through the commands."""

import contextlib

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.answers import GameWon as Won
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.presenter import Presenter
from tests.solver import winning_line
from tests.support import make_deal, play, session_with


@pytest.mark.parametrize(
    "code", ["HM1-N-AAAAAAC", "HM1-N-AAAAAAL", "HM1-N-AAAAAAM", "HM1-N-AAAAAAP"]
)
def test_a_winning_line_wins_with_48_moves_and_520_points(code, clock):
    line = winning_line(deal(DealCode.parse(code)))
    session = Session(DealCode.parse(code), now=clock)
    events = []
    for move in line:
        clock.advance(3)
        events = play(session, "pick " + " ".join(move))
        assert not any(isinstance(e, Refused) for e in events)
    won = [e for e in events if isinstance(e, Won)]
    assert won == [Won(score=520, moves=48, elapsed=3 * 47)]
    assert session.game.status == "won"
    assert session.game.cards_left == 0
    assert session.view().piles[0].count == 0


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_whole_game_typed_as_places_alone(language, clock):
    """No command word at all: '1 8', 'r3, 5 i 12'."""
    from halfmoon_a11y.play.lexicon import LEXICONS
    from halfmoon_a11y.play.settings import Settings

    code = "HM1-N-AAAAAAC"
    joiner = LEXICONS[language].joiners[0]
    session = Session(DealCode.parse(code), Settings(language=language), now=clock)
    for number, move in enumerate(winning_line(deal(DealCode.parse(code)))):
        line = " ".join(move) if number % 2 else f", {joiner} ".join(move).lower()
        assert not any(isinstance(e, Refused) for e in play(session, line)), line
    assert session.game.status == "won" and session.game.score == 520


# -- a win said again says the time it was counted with (issue 26, finding 12) -----------

# The last pair: five of spades on pile 1, six of diamonds in R5.
LAST_PAIR = make_deal(
    ["5S", "", "", "", "", "", "", "", "", "", "", ""],
    ["-", "-", "-", "-", "6D", "-", "-", "-"],
)


def _won(events) -> Won:
    [won] = [event for event in events if isinstance(event, Won)]
    return won


@pytest.mark.parametrize("again", ["redo", "pick 1 R5"])
def test_a_win_after_an_undo_says_the_time_it_was_counted_with(again, clock):
    session = session_with(LAST_PAIR, now=clock)
    play(session, "pick 1")
    clock.advance(212)
    assert _won(play(session, "pick R5")).elapsed == 212  # 3 minutes 32 seconds
    clock.advance(30)
    play(session, "undo")  # the clock runs again
    clock.advance(1.5)
    assert session.info().elapsed == 213
    won = _won(play(session, again))
    assert won == Won(score=10, moves=1, elapsed=212)
    assert "time 3 minutes and 32 seconds." in Presenter().render(won)[0]
    clock.advance(60)
    assert session.info().elapsed == 212  # info says the time the victory said
    play(session, "undo")
    clock.advance(9)
    assert _won(play(session, "redo")).elapsed == 212  # and again


def _statistics_seconds(paths) -> list[int]:
    import sqlite3

    with contextlib.closing(sqlite3.connect(paths.statistics)) as connection:
        return [row[0] for row in connection.execute("SELECT seconds FROM games")]


def test_a_win_after_undo_and_resume_says_the_time_the_statistics_keep(paths, clock):
    """The first win's time is saved with the game won and undone (`won_elapsed`): after
    quit and resume there is nothing to redo, and the last move made again wins in it."""
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile

    code = "HM1-N-AAAAAAC"
    line = winning_line(deal(DealCode.parse(code)))
    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(code), now=clock)
    for move in line:
        events = play(session, "pick " + " ".join(move))
        clock.advance(4.5)
    counted = _won(events).elapsed
    assert _statistics_seconds(paths) == [counted] == [int(4.5 * 47)]
    play(session, "undo")
    clock.advance(20)
    assert _won(play(session, "redo")).elapsed == counted
    play(session, "undo")
    clock.advance(20)
    play(session, "quit")
    keeper.close()
    again = Keeper(paths, SettingsFile.load(paths.settings)).open(None, now=clock)
    assert again.resumed and again.game.moves == 47 and again.won_elapsed is not None
    clock.advance(20)
    assert _won(play(again, "pick " + " ".join(line[-1]))).elapsed == counted
    assert again.info().elapsed == counted
    assert _statistics_seconds(paths) == [counted]  # one win, its time kept


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (', "won": true, "won_elapsed": 212.25', 212.25),
        (', "won": true', None),  # a save from before the time was kept
        (', "won": true, "won_elapsed": "3:32"', None),  # no time: the clock's, as before
        (', "won": true, "won_elapsed": true', None),
        (', "won": true, "won_elapsed": -1', None),
        (', "won_elapsed": 212', None),  # a time without the win means nothing
    ],
)
def test_the_saved_game_keeps_the_time_a_win_was_counted_with(extra, expected):
    from halfmoon_a11y.store.saved_game import SavedGame

    raw = '{"format": 1, "code": "HM1-N-AAAAAAC", "moves": [], "elapsed": 300.5' + extra + "}"
    saved = SavedGame.from_bytes(raw.encode())
    assert saved.won_elapsed == expected and saved.start().won_elapsed == expected
    assert SavedGame.from_bytes(saved.to_bytes()) == saved


def test_new_after_a_win_and_an_undo_says_the_game_counts_as_won(paths, clock):
    from halfmoon_a11y.play.answers import NewAsked, StatsShown
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.text.presenter import Presenter
    from halfmoon_a11y.text.words import Words
    from tests.test_statistics import WINNABLE, win

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse("HM1-N-AAAAAAB"), now=clock)
    win(session, clock, WINNABLE[0], 1)
    play(session, "undo")
    [asked] = play(session, "new")
    assert asked == NewAsked(47, won=True)
    said = {lang: Presenter(Words(lang)).render(asked)[0] for lang in ("ca", "da", "en")}
    assert said["en"] == (
        "This game has 47 moves. It counts as won already. Type new again to leave it."
    )
    assert "abandon" not in said["en"]
    assert "abandonada" not in said["ca"] and "opgivet" not in said["da"]
    play(session, "new")  # left: recorded once, as won, never as abandoned
    [shown] = play(session, "stats")
    assert isinstance(shown, StatsShown)
    assert (shown.summary.played, shown.summary.won, shown.summary.abandoned) == (1, 1, 0)
    # the next deal, played and left, is abandoned again, and is said so
    play(session, "pick " + " ".join(_first_move(session)))
    [asked] = play(session, "new")
    assert asked == NewAsked(1, won=False)
    assert Presenter().render(asked)[0].endswith("It counts as abandoned.")


def test_a_won_and_undone_game_still_counts_as_won_after_a_resume(paths, clock):
    """Before: the memory of the win was not saved, and after quit and resume `new` said
    the game would count as abandoned (it was, and is, counted as won)."""
    from halfmoon_a11y.play.answers import NewAsked
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from tests.test_statistics import WINNABLE, win

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse("HM1-N-AAAAAAB"), now=clock)
    win(session, clock, WINNABLE[0], 1)
    play(session, "undo")
    play(session, "quit")
    keeper.close()
    again = Keeper(paths, SettingsFile.load(paths.settings)).open(None, now=clock)
    assert again.resumed and again.game.moves == 47
    [asked] = play(again, "new")
    assert asked == NewAsked(47, won=True)


def _first_move(session: Session) -> tuple[str, ...]:
    from tests.solver import playable_moves

    return tuple(playable_moves(session.game)[0])
