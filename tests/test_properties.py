"""Property tests over random deals and random play."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon_a11y.core.cards import FACE_RANKS, Card
from halfmoon_a11y.core.dealcode import SEED_COUNT, DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.errors import NothingToUndoError
from halfmoon_a11y.core.events import Kind, Removed, SelectionDropped, Undone
from halfmoon_a11y.core.places import ALL_LOCATIONS, Location
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.engine_state import hidden_snapshot
from tests.reference import Reference

seeds = st.integers(min_value=0, max_value=SEED_COUNT - 1)
locations = st.sampled_from([str(loc) for loc in ALL_LOCATIONS])
actions = st.lists(st.one_of(locations, st.just("undo")), max_size=300)


def table_cards(game: Game) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for pile in game._piles:
        cards.update(pile)
    cards.update(c for c in game._reserve if c is not None)
    return cards


def independently_blocked(game: Game) -> bool:
    cards = [p.card for p in game.playable()]
    if not cards:
        return False
    faces = {c.rank for c in cards if c.is_face}
    numbers = [c.pips for c in cards if not c.is_face]
    pair = any(a + b == 11 for i, a in enumerate(numbers) for b in numbers[i + 1 :])
    return not pair and faces != FACE_RANKS


@settings(max_examples=150, deadline=None)
@given(seeds, actions)
def test_invariants_of_random_play(seed, script):
    dealt = deal(DealCode(seed))
    full = Counter([c for pile in dealt.piles for c in pile] + list(dealt.reserve))
    game = Game(dealt)
    removed: Counter = Counter()
    pairs = trios = 0
    for action in script:
        before = hidden_snapshot(game)
        if action == "undo":
            if game.undo_available == 0:
                continue
            events = game.undo()
        else:
            events = game.tap(Location.parse(action))
        for event in events:
            if isinstance(event, Removed):
                removed.update(p.card for p in event.cards)
                pairs += event.kind is Kind.PAIR
                trios += event.kind is Kind.TRIO
            if isinstance(event, Undone):
                removed.subtract(p.card for p in event.cards)
                pairs -= event.kind is Kind.PAIR
                trios -= event.kind is Kind.TRIO
                # undo restores exactly the state before that removal, selection aside
                assert hidden_snapshot(game)[:2] == undo_target(before, event)
        assert table_cards(game) + removed == full
        assert game.score == 10 * pairs + 15 * trios >= 0
        assert game.moves == pairs + trios
        assert (game.status == "blocked") == independently_blocked(game)
        assert (game.status == "won") == (game.cards_left == 0)


def undo_target(before, event):
    """What piles and reserve must look like once the undone cards are back."""
    piles = [list(p) for p in before[0]]
    reserve = list(before[1])
    for placed in event.cards:
        if placed.location.reserve:
            reserve[placed.location.index] = placed.card
        else:
            piles[placed.location.index].append(placed.card)
    return tuple(tuple(p) for p in piles), tuple(reserve)


@settings(max_examples=150, deadline=None)
@given(seeds, actions)
def test_undo_restores_the_state_before_each_removal(seed, script):
    """Taps and undos in any order: each undo brings back the table, score, moves,
    history and status from before the last removal not yet undone, with nothing
    selected; with nothing to undo it is refused and changes nothing."""
    game = Game(deal(DealCode(seed)))
    before_removals: list[tuple[object, ...]] = []
    for action in script:
        if action == "undo":
            if not before_removals:
                snapshot = hidden_snapshot(game)
                assert game.undo_available == 0
                with pytest.raises(NothingToUndoError):
                    game.undo()
                assert hidden_snapshot(game) == snapshot
                continue
            expected = before_removals.pop()
            had_selection = game.selection
            events = game.undo()
            if had_selection:  # a selection left from before is let go, and said so
                assert events[0] == SelectionDropped(had_selection)
                events = events[1:]
            assert isinstance(events[0], Undone)
            after = hidden_snapshot(game)
            assert after[:2] == expected[:2] and after[3:] == expected[3:]
            assert after[2] == ()  # undo leaves nothing selected
            continue
        snapshot = hidden_snapshot(game)
        if any(isinstance(e, Removed) for e in game.tap(Location.parse(action))):
            before_removals.append(snapshot)


@settings(max_examples=60, deadline=None)
@given(seeds, actions)
def test_json_mode_agrees_with_an_independent_program(seed, script):
    code = str(DealCode(seed))
    mode = JsonMode(Session(DealCode.parse(code), now=lambda: 0.0))
    reference = Reference(code)
    assert_same(mode.opened()["state"], reference)
    for action in script:
        if action == "undo":
            reference.undo()
            line = "undo"
        else:
            reference.tap(action)
            line = f"pick {action.lower()}"
        assert_same(mode.reply(line)["state"], reference)


def assert_same(state, reference):
    expected = reference.state()
    got = {key: state[key] for key in expected}
    assert got == expected
