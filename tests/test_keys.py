"""The arrow keys at the prompt (issue 13): a cursor over the table, through prompt_toolkit's
own input, as a terminal sends the keys."""

import threading
import time

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.prompt import run_prompt

CODE = "HM1-N-EMQPNCT"
RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
PAGE_UP, PAGE_DOWN, ESCAPE, SPACE = "\x1b[5~", "\x1b[6~", "\x1b", " "


def play(*keys: str, language: str = "en") -> list[str]:
    """What the game writes for these keys, each sent as a terminal sends it. An Escape
    is followed by a pause, as a person's is: prompt_toolkit waits to know it is alone."""
    session = Session(DealCode.parse(CODE), Settings(language=language))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend)
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):

        def type_keys() -> None:
            for key in (*keys, "quit\r"):
                keyboard.send_text(key)
                time.sleep(0.7 if key == ESCAPE else 0.02)  # each key a write of its own

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front)
        typist.join()
    return written[:-1] if written and written[-1].startswith("Goodbye") else written


def typed(*lines: str) -> list[str]:
    session = Session(DealCode.parse(CODE), Settings(language="en"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend)
    for line in lines:
        front.line(line)
    return written


def test_arrows_move_over_the_arc_one_line_a_stop():
    said = play(RIGHT, RIGHT, LEFT, END, HOME, PAGE_DOWN, PAGE_UP)
    assert said == [
        "Pile 1, five of spades, 8 cards.",  # the first key puts the cursor on pile 1
        "Pile 2, four of clubs, 8 cards.",
        "Pile 1, five of spades, 8 cards.",
        "Reserve R8, jack of clubs.",
        "Pile 1, five of spades, 8 cards.",
        "Reserve R1, queen of diamonds.",
        "Pile 1, five of spades, 8 cards.",
    ]


def test_at_an_end_the_cursor_stays_and_says_its_place_again():
    """Before, only the end's sound told that the cursor had not moved: with sounds off,
    or on a braille display, the same line twice. Now the line says so first."""
    end = "End of the table. "
    assert play(LEFT, RIGHT) == ["Reserve R8, jack of clubs.", end + "Reserve R8, jack of clubs."]
    pile_1 = "Pile 1, five of spades, 8 cards."
    assert play(HOME, LEFT, PAGE_UP) == [pile_1, end + pile_1, end + pile_1]


def test_space_taps_the_place_under_the_cursor_as_pick_does():
    keys = play(HOME, SPACE, *[RIGHT] * 7, SPACE)
    cursor_lines = [
        "Pile 1, five of spades, 8 cards.",
        *[f"Pile {n}, " for n in range(2, 9)],
    ]
    taps = [line for line in keys if not line.startswith(tuple(cursor_lines))]
    assert taps == typed("pick 1", "pick 8")


def test_the_cursor_says_a_selected_card_is_selected():
    keys = play(HOME, SPACE, RIGHT, LEFT)
    assert keys[-1] == "Pile 1, five of spades, 8 cards, selected."


def test_the_cursor_stays_where_it_was_after_a_removal():
    keys = play(HOME, SPACE, *[RIGHT] * 7, SPACE, RIGHT, LEFT)
    # pile 8's six of diamonds went with the pair: the cursor is still on pile 8
    assert keys[-2:] == ["Pile 9, seven of clubs, 8 cards.", "Pile 8, jack of clubs, 7 cards."]


def test_escape_drops_the_selection():
    keys = play(HOME, SPACE, ESCAPE, ESCAPE)
    assert keys[-2:] == ["Dropped the selection, five of spades in pile 1.", "Nothing is selected."]


def test_space_before_any_arrow_says_how_to_choose_a_place():
    assert play(SPACE) == ["No place under the cursor yet. The arrow keys choose one."]


@pytest.mark.parametrize("key", [RIGHT, LEFT, HOME, END, PAGE_UP, PAGE_DOWN, SPACE])
def test_on_a_line_being_typed_every_key_edits_the_line(key):
    """`ile 5`, the key, then Home and `p`: with the cursor keys acting, this would not
    be `pile 5`. Nothing of the cursor is said."""
    said = play("ile 5", key, HOME, "p", END, "\r")
    assert said == ["Pile 5, queen of hearts, 8 cards."]  # Space made "pile 5 ": the same


def test_typed_commands_still_work_between_keys():
    assert play(HOME, "info\r", RIGHT) == [
        "Pile 1, five of spades, 8 cards.",
        *typed("info"),
        "Pile 2, four of clubs, 8 cards.",
    ]


def test_a_whole_game_can_be_played_with_the_arrows_and_space_alone():
    """Issue 13's end: from the first card to Victory, no command typed."""
    from halfmoon_a11y.core.dealcode import deal
    from halfmoon_a11y.core.places import ALL_LOCATIONS, Location
    from tests.solver import winning_line

    code = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
    keys: list[str] = []
    here = None
    for move in winning_line(deal(DealCode.parse(code))):
        for place in move:
            target = ALL_LOCATIONS.index(Location.parse(place))
            if here is None:
                keys.append(HOME)
                here = 0
            step = RIGHT if target > here else LEFT
            keys += [step] * abs(target - here)
            here = target
            keys.append(SPACE)
    session = Session(DealCode.parse(code), Settings(language="en"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend)
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):
        keyboard.send_text("".join(keys) + "quit\r")
        run_prompt(front)
    assert session.game.status == "won" and session.game.score == 520
    assert any(line.startswith("Victory. All 104 cards removed.") for line in written)
