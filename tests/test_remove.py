"""Issue 27, point 7: a saved removal is made again whole (`Game.remove`, checked by
`verify_remove`), by replay and by the journal, instead of tapping its places in turn
and looking at what came of it. It does what the taps did, and a line that is no
removal changes nothing at all (the taps could leave a card selected)."""

from __future__ import annotations

import random

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.errors import NotARemovalError
from halfmoon_a11y.core.events import Kind, Selected
from halfmoon_a11y.core.places import Location
from tests.solver import playable_moves

CODE = "HM1-N-EMQPNCT"  # pile 1, five of spades; pile 8, six of diamonds; 8 5 3: J Q K


def places(*texts: str) -> tuple[Location, ...]:
    return tuple(Location.parse(text) for text in texts)


def test_a_pair_and_a_trio_in_any_order():
    game = Game(deal(DealCode.parse(CODE)))
    assert game.verify_remove(places("8", "1")) is Kind.PAIR
    game.remove(places("8", "1"))
    assert game.moves == 1 and game.score == 10
    assert game.verify_remove(places("3", "8", "5")) is Kind.TRIO


@pytest.mark.parametrize(
    "texts",
    [("1", "1"), ("1",), ("1", "2"), ("1", "8", "2"), ("3", "5"), ("1", "8", "3", "5")],
    ids=["twice", "one", "no pair", "pair and more", "two faces", "four"],
)
def test_places_that_make_no_removal_change_nothing(texts):
    game = Game(deal(DealCode.parse(CODE)))
    game.tap(Location.parse("2"))  # a card selected: a failed line must keep it
    before = (game.surface(), game.selected_places, game.moves)
    with pytest.raises(NotARemovalError):
        game.remove(places(*texts))
    assert (game.surface(), game.selected_places, game.moves) == before


def test_an_empty_place_is_no_removal():
    game = Game(deal(DealCode.parse(CODE)))
    game.remove(places("1", "8"))
    while game.count_at(Location.parse("1")):
        game._piles[0].pop()  # emptied by hand, as a damaged save could find it
    assert game.removal_kind(places("1", "8")) is None


@pytest.mark.parametrize("seed", range(12))
def test_remove_does_what_tapping_did(seed):
    chance = random.Random(seed)
    code = DealCode(chance.randrange(10**9))
    tapped, removed = Game(deal(code)), Game(deal(code))
    while True:
        moves = playable_moves(tapped)
        if not moves:
            break
        move = places(*chance.choice(moves))
        tapped.drop_selection()
        by_taps = [event for location in move for event in tapped.tap(location)]
        assert removed.remove(move) == [e for e in by_taps if not isinstance(e, Selected)]
        assert removed.surface() == tapped.surface() and removed.status == tapped.status
