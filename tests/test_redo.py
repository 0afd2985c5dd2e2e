"""Redo: the undone moves made again until a new move, said in each language, in the
JSON mode with its sound, journaled as the removal it makes again, and the very table
undo took back in random play."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from tests.support import play

CODE = DealCode.parse("HM1-N-EMQPNCT")


# -- redo ------------------------------------------------------------------------------------


def test_redo_makes_the_undone_moves_again_until_a_new_move():
    from halfmoon_a11y.core.engine import Game
    from halfmoon_a11y.core.errors import NothingToRedoError
    from halfmoon_a11y.core.events import Redone
    from tests.engine_state import hidden_snapshot
    from tests.solver import winning_line

    line = winning_line(_deal())
    game = Game(_deal())
    states = [hidden_snapshot(game)]
    for move in line[:3]:
        for place in move:
            game.tap(_loc(place))
        states.append(hidden_snapshot(game))
    with pytest.raises(NothingToRedoError):
        game.redo()
    game.undo()
    game.undo()
    assert hidden_snapshot(game) == states[1] and game.redo_available == 2
    game.tap(_loc("1"))  # a selection is let go by redo, as by undo
    events = game.redo()
    assert [type(e).__name__ for e in events][:2] == ["SelectionDropped", "Redone"]
    assert hidden_snapshot(game) == states[2]
    assert isinstance(game.redo()[0], Redone)
    assert hidden_snapshot(game) == states[3] and game.moves == 3
    game.undo()
    for place in line[3 - 1]:  # the same move made anew is a new move: nothing to redo
        game.tap(_loc(place))
    assert game.redo_available == 0
    with pytest.raises(NothingToRedoError):
        game.redo()


def _deal():
    from halfmoon_a11y.core.dealcode import deal

    return deal(DealCode.parse("HM1-N-AAAAAAC"))


def _loc(text: str):
    from halfmoon_a11y.core.places import Location

    return Location.parse(text)


@pytest.mark.parametrize(
    ("language", "lines", "expected"),
    [
        (
            "en",
            ["pick 1 8", "undo", "redo", "rd"],
            [
                "Redone, pair removed again, five of spades and six of diamonds. "
                "Pile 1, two of clubs, 7 cards. Pile 8, jack of clubs, 7 cards.",
                "Score 10, 102 cards left.",
                "Nothing to redo. Only moves taken back since your last move can be made again.",
            ],
        ),
        (
            "ca",
            ["tria 1 8", "desfés", "refés", "rf"],
            [
                "Refet, parella retirada de nou, cinc de piques i sis de diamants. "
                "Pila 1, dos de trèvols, 7 cartes. Pila 8, sota de trèvols, 7 cartes.",
                "Puntuació 10, queden 102 cartes.",
                "No hi ha res per refer. Només es poden tornar a fer les jugades desfetes "
                "després de la teva última jugada.",
            ],
        ),
        (
            "da",
            ["vælg 1 8", "fortryd", "omgør", "om"],
            [
                "Omgjort, par fjernet igen, spar fem og ruder seks. "
                "Bunke 1, klør to, 7 kort. Bunke 8, klør knægt, 7 kort.",
                "Score 10, 102 kort tilbage.",
                "Intet at omgøre. Kun træk, der er fortrudt siden dit seneste træk, "
                "kan laves igen.",
            ],
        ),
    ],
)
def test_redo_is_said_in_each_language(language, lines, expected):
    from halfmoon_a11y.play.settings import Settings
    from tests.support import transcript

    session = Session(CODE, Settings(language=language))
    said = transcript(session, lines, start=False).splitlines()
    redo_at = said.index(f"> {lines[2]}")
    assert said[redo_at + 1 : redo_at + 3] == expected[:2]
    assert said[-1] == expected[2]


def test_redo_in_the_json_mode_and_its_sound():
    from halfmoon_a11y.core import events as ev
    from halfmoon_a11y.voice import earcons
    from tests.support import event_lines

    lines = event_lines(Session(CODE), ["pick 1 8", "undo", "redo", "redo"]).splitlines()
    at = lines.index("> redo")
    assert lines[at + 1].startswith('  {"type": "redone", "kind": "pair", "cards": [')
    assert lines[-1] == '  {"type": "error", "code": "nothing_to_redo"}'
    session = Session(CODE)
    play(session, "pick 1 8")
    play(session, "undo")
    made = earcons.for_events(play(session, "redo"))
    assert made is not None and made == earcons.for_events([ev.Removed(ev.Kind.PAIR, (), 10)])


def test_a_redo_is_journaled_as_the_removal_it_makes_again(paths, clock):
    from halfmoon_a11y.store import saved_game as savegame
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(CODE, now=clock)
    play(session, "pick 1 8")
    play(session, "undo")
    play(session, "redo")
    journal = savegame.journal_path(paths.saved_game)
    with open(journal, encoding="utf-8") as lines:
        written = lines.read().splitlines()
    assert len(written) == 4  # its header, the removal, the undo, the redo as a removal
    assert written[3].split(",")[0] == written[1].split(",")[0]
    # killed here (no close, no full save): the journal brings the redone move back
    again = Keeper(paths, SettingsFile.load(paths.settings)).open(None, now=clock)
    assert (again.game.moves, again.game.score, again.game.cards_left) == (1, 10, 102)
    assert [p.location for p in again.game.history[0].cards] == [_loc("1"), _loc("8")]


def test_redo_brings_back_exactly_the_table_undo_took_back_in_random_play():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from halfmoon_a11y.core.dealcode import SEED_COUNT, deal
    from halfmoon_a11y.core.engine import Game
    from halfmoon_a11y.core.errors import NothingToRedoError
    from halfmoon_a11y.core.events import Redone, Removed
    from halfmoon_a11y.core.places import ALL_LOCATIONS
    from tests.engine_state import hidden_snapshot

    places = st.sampled_from([str(location) for location in ALL_LOCATIONS])
    steps = st.lists(st.one_of(places, st.just("undo"), st.just("redo")), max_size=300)

    @settings(max_examples=100, deadline=None)
    @given(st.integers(min_value=0, max_value=SEED_COUNT - 1), steps)
    def check(seed, script):
        game = Game(deal(DealCode(seed)))
        undone: list[tuple[object, ...]] = []  # the table before each undo, nothing selected
        for step in script:
            if step == "undo":
                if not game.undo_available:
                    continue
                table = hidden_snapshot(game)
                undone.append((*table[:2], (), *table[3:]))
                game.undo()
            elif step == "redo":
                if not undone:
                    with pytest.raises(NothingToRedoError):
                        game.redo()
                    continue
                events = game.redo()
                assert not any(isinstance(event, Removed) for event in events)
                assert sum(isinstance(event, Redone) for event in events) == 1
                assert hidden_snapshot(game) == undone.pop()
            elif any(isinstance(e, Removed) for e in game.tap(_loc(step))):
                undone.clear()  # a new move: nothing to redo any more
            assert game.redo_available == len(undone)

    check()
