"""Every tapping rule of rules.md, as event streams pinned by snapshots."""

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from tests.engine_state import hidden_snapshot
from tests.support import event_lines, make_deal, play, session_with

# Piles bottom to top. Tops: 1 5S, 2 6D, 3 AH, 4 KH, 5 KS, 6 QH, 7 JC, 8 empty,
# 9 2H, 10 8S, 11 3D, 12 7D. Reserve: 4C, empty, 10S, AS, QD, 6H, JD, KD.
TABLE = make_deal(
    ["9D 5S", "6D", "AH", "2C KH", "KS", "QH", "9C JC", "", "2H", "9S 8S", "3D", "7D"],
    ["4C", "-", "10S", "AS", "QD", "6H", "JD", "KD"],
)

SCENARIOS = {
    "tap_selects_tap_again_deselects": ["pick 1", "pick 1", "pick 1"],
    "pair_sums_to_11": ["pick 1 2"],
    "pair_over_two_commands": ["pick 1", "pick 2"],
    "pair_from_reserve": ["pick R1 12", "pick R3 R4"],
    "seed_5_and_ace_clear": ["pick 1 3"],
    "seed_5_and_king_clear": ["pick 1 4"],
    "face_then_number_clears": ["pick 4 1"],
    "face_pair_then_number_clears": ["pick 4 6 1"],
    "seed_two_kings_keep_the_second": ["pick 4", "pick 5"],
    "jack_queen_then_jack_replaces": ["pick 7 6", "pick R7"],
    "a_failed_move_taps_no_further_place": ["pick 1 3 2", "selection", "pick 2"],
    "two_kings_in_one_move_fail_it_whole": ["pick 4 5", "selection", "pick 7 6 R7", "selection"],
    "an_empty_place_fails_the_whole_move": ["pick 1", "pick 8 2", "selection", "pick 2 R2"],
    "trio_on_third_tap": ["pick 7 6 4"],
    "trio_over_three_commands": ["pick R8", "pick R5", "pick R7"],
    "deselect_inside_a_face_selection": ["pick 7", "pick 6", "pick 6", "pick 4"],
    "a_place_named_twice_taps_nothing": ["pick 1", "pick 7 7", "pick 2 2 3"],
    "empty_pile_changes_nothing": ["pick 1", "pick 8", "pick R2"],
    "bad_location_taps_nothing": ["pick 1", "pick 2 13", "pick R9", "pick x", "pick 1 2 3 4"],
    "locations_any_case": ["pick r3 r4"],
    "undo_after_pair": ["pick 1 2", "undo", "undo"],
    "undo_after_trio": ["pick 7 6 4", "undo"],
    "undo_clears_selection": ["pick 1 2", "pick 7", "undo"],
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario(name, snapshot_text):
    session = session_with(TABLE, code=DealCode(0))
    assert event_lines(session, SCENARIOS[name]) == snapshot_text


def test_move_errors_explain_each_failure(snapshot_text):
    session = session_with(TABLE, code=DealCode(0), settings=Settings(move_errors=True))
    script = ["pick 1 3", "pick 1 4", "pick 4 1", "pick 4 5", "pick 5 6 1", "pick 1 2"]
    assert event_lines(session, script) == snapshot_text


def test_placement_help_lists_what_can_combine(snapshot_text):
    session = session_with(TABLE, code=DealCode(0), settings=Settings(placement_help=True))
    script = ["pick 1", "pick 1", "pick 7", "pick 6", "board", "pick 6", "pick 3"]
    assert event_lines(session, script) == snapshot_text


# Only 5S + 6D can be played: after it the table is blocked.
BLOCKING = make_deal(
    ["KH 5S", "6D", "KS", "", "", "", "", "", "", "", "", ""],
    ["-", "-", "-", "-", "-", "-", "-", "-"],
)


def test_block_and_undo_out_of_it(snapshot_text, clock):
    session = session_with(BLOCKING, code=DealCode(0), now=clock)
    assert event_lines(session, ["pick 1 2", "info", "pick 1 3", "undo", "info"]) == snapshot_text


LAST_PAIR = make_deal(
    ["5S", "", "", "", "", "", "", "", "", "", "", ""],
    ["-", "-", "-", "-", "6D", "-", "-", "-"],
)


def test_last_pair_wins(snapshot_text, clock):
    session = session_with(LAST_PAIR, code=DealCode(0), now=clock)
    play(session, "pick 1")
    clock.advance(75)
    assert event_lines(session, ["pick R5", "pick 1", "info", "undo", "info"]) == snapshot_text


def test_seed_example_game(snapshot_text):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"))
    assert event_lines(session, ["pick 1 8", "pick 8 5 3", "info"]) == snapshot_text


def test_a_blocked_deal_says_so_at_once():
    session = session_with(make_deal([""] * 12, ["KH", "KS", "-", "-", "-", "-", "-", "-"]))
    assert session.game.status == "blocked"


def test_refused_lines_change_nothing():
    session = session_with(TABLE, code=DealCode(0))
    play(session, "pick 1")
    before = hidden_snapshot(session.game)
    for line in ["pick 1 13", "pick", "undo now", "new HM9-N-AAAAAAA", "pile 13", "set x on"]:
        [event] = play(session, line)
        assert isinstance(event, Refused)
    assert hidden_snapshot(session.game) == before
