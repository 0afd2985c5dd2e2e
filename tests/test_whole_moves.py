"""A pick of two or three places is a whole move, and placement help never misleads."""

from __future__ import annotations

from itertools import combinations

import pytest
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
from halfmoon_a11y.play.answers import Keep, Refused
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.errors import PlaceLeftOverError
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.jsonmode import event_json
from tests.engine_state import hidden_snapshot
from tests.support import make_deal, play, session_with

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
    outside = tuple(p for p in left_over if p not in (first, second))  # used: never let go
    assert dropped == ([SelectionDropped(outside)] if outside else [])


def test_a_card_selected_then_named_in_the_move_is_not_said_let_go():
    """`pick 1`, then `pick 1 8`: the five of spades is used by the pair, never let go;
    before, the game said "Selection dropped: five of spades in pile 1." and then removed
    that very card (found by ear, issue 26's review)."""
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0)
    play(session, "pick 1")
    events = play(session, "pick 1 8")
    assert not [event for event in events if isinstance(event, SelectionDropped)]
    assert [type(event) for event in events] == [Removed]
    play(session, "pick 3")  # a king, then a pair elsewhere: the king is let go, and said
    events = play(session, "pick 2 7")
    assert isinstance(events[0], SelectionDropped)


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


# -- a whole move ends with its removal (issue 26, finding 12) ---------------------------

# Tops: 1 5S, 2 6D, 3 AH, 4 KH, 5 KS, 6 QH, 7 JC, 8 empty, 9 2H, 10 8S, 11 3D, 12 7D.
# Reserve: 4C, empty, 10S, AS, QD, 6H, JD, KD.
TABLE = make_deal(
    ["9D 5S", "6D", "AH", "2C KH", "KS", "QH", "9C JC", "", "2H", "9S 8S", "3D", "7D"],
    ["4C", "-", "10S", "AS", "QD", "6H", "JD", "KD"],
)


@pytest.mark.parametrize(
    ("language", "line", "expected"),
    [
        (
            "en",
            "pick 1 2 3",
            "One place too many, pile 3, since pile 1 and pile 2 make a pair. Nothing was tapped.",
        ),
        (
            "ca",
            "tria r1 12 5",
            "Un lloc de més, pila 5, perquè la reserva R1 i la pila 12 ja fan parella. "
            "No s'ha tocat res.",
        ),
        (
            "da",
            "vælg 1 2 8",  # pile 8 is empty: the place left over is refused all the same
            "Ét sted for meget, bunke 8, fordi bunke 1 og bunke 2 danner et par. "
            "Der blev ikke trykket på noget.",
        ),
    ],
)
def test_a_place_left_over_after_a_pair_refuses_the_whole_line(language, line, expected, clock):
    session = session_with(TABLE, settings=Settings(language=language), now=clock)
    play(session, "pick 7")  # a jack selected before: a refused line does not drop it
    clock.advance(5)
    session.clock.stop()
    session_clock = session.clock.seconds
    before = hidden_snapshot(session.game)
    answer = handle(session, line)
    [refused] = answer.events
    assert isinstance(refused, Refused) and isinstance(refused.error, PlaceLeftOverError)
    assert answer.keep is Keep.NOTHING
    assert hidden_snapshot(session.game) == before  # nothing removed, the jack still selected
    assert session.clock.seconds == session_clock and not session.clock.running
    assert Presenter(Words(language)).render(refused) == [expected]
    assert event_json(refused, Presenter())["code"] == "place_left_over"


def test_a_refused_first_pick_does_not_start_the_clock(clock):
    session = session_with(TABLE, now=clock)
    [refused] = play(session, "pick 2 1 R4")
    assert isinstance(refused, Refused)
    assert not session.clock.started


def test_three_places_that_make_a_trio_or_fail_are_still_played():
    session = session_with(TABLE)
    [failed] = play(session, "pick 1 3 2")  # 5 and ace: no match, pile 2 untouched
    assert isinstance(failed, SelectionCleared)
    events = play(session, "pick 7 6 4")
    assert isinstance(events[0], Removed) and events[0].kind == "trio"


@settings(max_examples=300, deadline=None)
@given(seeds, st.lists(places, max_size=40), st.lists(places, min_size=3, max_size=3, unique=True))
def test_a_whole_move_ends_with_its_removal_or_changes_nothing(seed, earlier, move):
    """No place of a pick is tapped after its removal: a removal in a whole move takes its
    last place, and a line that would go on after a pair is refused, changing nothing."""
    session = Session(DealCode(seed), now=lambda: 0.0)
    for place in earlier:
        play(session, f"pick {place}")
    before = hidden_snapshot(session.game)
    events = play(session, "pick " + " ".join(move))
    if isinstance(events[0], Refused):
        assert len(events) == 1 and hidden_snapshot(session.game) == before
        return
    for removed in (event for event in events if isinstance(event, Removed)):
        assert str(removed.cards[-1].location) == move[-1]
    assert not session.game.selection or not any(isinstance(e, Removed) for e in events)


def test_a_move_stopped_by_an_empty_place_says_the_selection_it_dropped():
    """The review of issue 26: `pick 1`, then `pick 1 R3 2` with R3 empty, dropped the card
    on 1 without a word (pile 1 was named again, but the move never used it)."""
    session = session_with(TABLE, now=lambda: 0.0)
    play(session, "pick 1")
    events = play(session, "pick 1 R2 2")  # R2 is empty on this table
    assert isinstance(events[0], SelectionDropped) and session.game.selection == ()


def test_a_move_that_fails_before_a_selected_card_says_it_dropped_it():
    """The second attack: `pick R8`, then `pick 1 2 R8` where 1 and 2 do not match: the
    move stopped at pile 2 and never used the jack on R8, which it let go: said."""
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0)
    play(session, "pick R8")
    events = play(session, "pick 1 2 R8")
    assert isinstance(events[0], SelectionDropped) and session.game.selection == ()
