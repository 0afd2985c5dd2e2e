"""A pick of two or three places is a whole move, and placement help never misleads."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon_a11y.core.cards import FACE_RANKS
from halfmoon_a11y.core.dealcode import SEED_COUNT, DealCode
from halfmoon_a11y.core.engine import Game, can_pair
from halfmoon_a11y.core.events import (
    EmptyTapped,
    Placed,
    Removed,
    SelectionCleared,
    SelectionDropped,
)
from halfmoon_a11y.core.places import ALL_LOCATIONS
from halfmoon_a11y.play.session import Session
from tests.support import play

seeds = st.integers(min_value=0, max_value=SEED_COUNT - 1)
places = st.sampled_from([str(location) for location in ALL_LOCATIONS])


def legal_pairs(game: Game) -> list[tuple[Placed, Placed]]:
    playable = game.playable()
    return [(a, b) for a, b in combinations(playable, 2) if can_pair(a.card, b.card)]


@settings(max_examples=200, deadline=None)
@given(seeds, st.lists(places, max_size=40), places, st.data())
def test_a_leftover_selection_never_spoils_a_pick(seed, earlier, single, data):
    session = Session(DealCode(seed), now=lambda: 0.0)
    for place in earlier:
        play(session, f"pick {place}")
    play(session, f"pick {single}")  # one tap, maybe selecting a card, maybe forgotten
    pairs = legal_pairs(session.game)
    if not pairs:
        return
    first, second = data.draw(st.sampled_from(pairs))
    left_over = session.game.selection
    events = play(session, f"pick {first.location} {second.location}")
    removed = [event for event in events if isinstance(event, Removed)]
    assert len(removed) == 1 and removed[0].cards == (first, second)
    dropped = [event for event in events if isinstance(event, SelectionDropped)]
    assert dropped == ([SelectionDropped(left_over)] if left_over else [])


def completes_a_removal(game: Game, candidate: Placed) -> bool:
    """Brute force: some playable cards with the candidate complete the selection."""
    chosen = game.selection
    others = [p for p in game.playable() if p not in chosen and p != candidate]
    if not chosen[0].card.is_face:
        return len(chosen) == 1 and can_pair(chosen[0].card, candidate.card)
    for size in range(3 - len(chosen)):
        for rest in combinations(others, size):
            cards = [p.card for p in (*chosen, candidate, *rest)]
            if len(cards) == 3 and {card.rank for card in cards} == FACE_RANKS:
                return True
    return False


@settings(max_examples=200, deadline=None)
@given(seeds, st.lists(places, max_size=60))
def test_placement_help_names_exactly_the_cards_that_complete_a_removal(seed, taps):
    session = Session(DealCode(seed), now=lambda: 0.0)
    game = session.game
    for place in taps:
        play(session, f"pick {place}")
        if not game.selection:
            continue
        candidates = [p for p in game.playable() if p not in game.selection]
        expected = {p for p in candidates if completes_a_removal(game, p)}
        assert set(game.combinable()) == expected


@settings(max_examples=300, deadline=None)
@given(seeds, st.lists(places, max_size=40), st.lists(places, min_size=2, max_size=3, unique=True))
def test_a_move_that_fails_leaves_nothing_selected_and_taps_no_further(seed, earlier, move):
    session = Session(DealCode(seed), now=lambda: 0.0)
    for place in earlier:
        play(session, f"pick {place}")
    events = play(session, "pick " + " ".join(move))
    failures = [event for event in events if isinstance(event, SelectionCleared | EmptyTapped)]
    if not failures:
        return
    assert session.game.selection == ()
    assert len(failures) == 1 and failures[-1] == events[-1]  # said last: nothing after it
    assert not any(isinstance(event, Removed) for event in events)
    if isinstance(failures[0], SelectionCleared):  # the places after the failing one untouched
        tapped = [p.location for p in (*failures[0].cleared, failures[0].tapped)]
        assert [str(location) for location in tapped] == move[: len(tapped)]
