"""Whole won games, found by a small search in the tests and played through the commands."""

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.events import Won
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.session import Session
from tests.solver import winning_line
from tests.support import play


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
