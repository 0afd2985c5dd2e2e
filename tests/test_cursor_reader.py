"""The cursor under a terminal screen reader (issue 19): keys a reader lets through, the
caret where a reader reads, an Escape that answers at once, and only true ends."""

import pytest

from halfmoon_a11y.core.places import ALL_LOCATIONS, PILES
from halfmoon_a11y.play import cursor as moves
from halfmoon_a11y.play.cursor import Cursor

pytestmark = pytest.mark.slow  # whole games in a real terminal


def at(index: int) -> Cursor:
    cursor = Cursor()
    cursor.index = index
    return cursor


@pytest.mark.parametrize("index", range(1, PILES))
def test_page_up_on_a_pile_other_than_1_goes_to_pile_1_and_is_no_end(index):
    """Page Up on pile 12 said "End of the table." though pile 12 is no end."""
    stop = at(index).move(moves.PILES_ROW)
    assert (str(stop.location), stop.edge) == ("1", False)


@pytest.mark.parametrize("index", range(PILES, len(ALL_LOCATIONS)))
def test_page_down_in_the_reserve_goes_to_r1_and_is_no_end(index):
    stop = at(index).move(moves.OTHER_ROW)
    assert (str(stop.location), stop.edge) == ("R1", False)


@pytest.mark.parametrize(
    ("index", "how"),
    [(0, moves.PREVIOUS), (0, moves.PILES_ROW), (len(ALL_LOCATIONS) - 1, moves.NEXT)],
)
def test_only_pile_1_and_r8_are_ends(index, how):
    stop = at(index).move(how)
    assert stop.edge and stop.location == ALL_LOCATIONS[index]


def test_no_key_says_an_end_anywhere_but_at_pile_1_or_r8():
    ends = {ALL_LOCATIONS[0], ALL_LOCATIONS[-1]}
    for index in range(len(ALL_LOCATIONS)):
        for how in moves.MOVES:
            stop = at(index).move(how)
            assert not stop.edge or stop.location in ends, (index, how)


# --- Full stop and Comma: the cursor keys a terminal screen reader lets through ---

FULL_STOP, COMMA = ".", ","


def play(*keys: str) -> list[str]:
    """As tests.test_keys.play, with an Enter before `quit`: a key typed into the line
    instead of moving the cursor then fails the test rather than holding `quit`."""
    from tests.test_keys import play as play_keys

    return play_keys(*keys, "\r")


def test_full_stop_and_comma_move_as_right_and_left():
    from tests.test_keys import LEFT, RIGHT

    assert play(FULL_STOP, FULL_STOP, COMMA, COMMA) == play(RIGHT, RIGHT, LEFT, LEFT)
    assert play(FULL_STOP, FULL_STOP)[-1] == "Pile 2, four of clubs, 8 cards."
    assert play(COMMA) == ["Reserve R8, jack of clubs."]  # the first key: from the end


def test_on_a_line_being_typed_full_stop_and_comma_are_typed():
    """A command never starts with them (`parse` refuses a line of commas or stops), so
    only an empty line gives them to the cursor; in a line they are typed as ever."""
    from tests.test_keys import typed

    assert play("pick 1", COMMA, "8", FULL_STOP, "\r") == typed("pick 1,8.")
    assert typed("pick 1,8.") == typed("pick 1 8")


@pytest.mark.parametrize("line", [",", ".", ", .", ".5"])
def test_no_command_starts_with_a_comma_or_a_full_stop(line):
    """(`,1` and `.pick 1` are read leniently, the stop or comma skipped: nobody types
    them, and a typist who does hears the cursor move and can type again.)"""
    from halfmoon_a11y.core.errors import HalfMoonError
    from halfmoon_a11y.play.commands import parse

    with pytest.raises(HalfMoonError):
        parse(line)


# --- In a real terminal, as a screen reader sees it (pyte) ---

RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
PAGE_UP, PAGE_DOWN, SPACE, ESCAPE = "\x1b[5~", "\x1b[6~", " ", "\x1b"


class Terminal:
    """The game in a pseudo-terminal under pyte's screen, one key at a time."""

    def __init__(self, language: str = "en", code: str = "HM1-N-EMQPNCT") -> None:
        from tests.screen_model import ScreenModel

        self.model = ScreenModel("--code", code, "--no-speech", "--no-sounds", "--lang", language)
        self.model.wait_for_prompt()

    def press(self, key: str, expect: bytes = b"\n") -> list[str]:
        """Send one key; wait for the answer (`expect` in it) and the prompt drawn again
        after it; the screen lines written to (a reader speaks those), blank ones left
        out."""
        from tests.screen_model import prompt_drawn

        model = self.model
        if model.screen.cursor.y > model.screen.lines - 10:  # a long game: before it
            model.screen.reset()  # scrolls (every line then changes), a fresh screen,
            model.screen.cursor_position(2, 3)  # the caret on row 1 after `? ` as it was
        model.screen.dirty.clear()
        model.child.send(key)
        model.read_until(lambda written: prompt_drawn(written, after=expect))
        rows = [self.line(y) for y in sorted(model.screen.dirty)]
        return [row for row in rows if row]

    def caret(self) -> tuple[int, int]:
        return self.model.screen.cursor.y, self.model.screen.cursor.x

    def line(self, y: int) -> str:
        """Screen line `y`, without trailing blanks (drawn alone: pyte's `display` draws
        all 400 lines at every call)."""
        screen = self.model.screen
        row = screen.buffer[y]
        return "".join(row[x].data for x in range(screen.columns)).rstrip()

    def close(self) -> None:
        self.model.close()


@pytest.fixture
def terminal():
    made = Terminal()
    yield made
    made.close()


def test_every_cursor_stop_is_new_text_just_above_the_caret(terminal):
    """After each key the stop's line is the only new text but the empty prompt, and it
    is the line just above the caret: what a reader speaks as new text, and what its
    "read the line above" finds. The caret waits on the empty prompt, after `? `, so a
    key typed next is typed there."""
    keys = [
        (FULL_STOP, "Pile 1, five of spades, 8 cards."),
        (FULL_STOP, "Pile 2, four of clubs, 8 cards."),
        (COMMA, "Pile 1, five of spades, 8 cards."),
        (COMMA, "End of the table. Pile 1, five of spades, 8 cards."),
        (END, "Reserve R8, jack of clubs."),
        (FULL_STOP, "End of the table. Reserve R8, jack of clubs."),
        (PAGE_UP, "Pile 1, five of spades, 8 cards."),
        (PAGE_DOWN, "Reserve R1, queen of diamonds."),
        (HOME, "Pile 1, five of spades, 8 cards."),
        (SPACE, "Selected, five of spades in pile 1."),
        (ESCAPE, "Dropped the selection, five of spades in pile 1."),
        (RIGHT, "Pile 2, four of clubs, 8 cards."),
        (LEFT, "Pile 1, five of spades, 8 cards."),
    ]
    for key, line in keys:
        new = terminal.press(key)
        assert new == [line, "?"], (key, new)
        y, x = terminal.caret()
        assert terminal.line(y) == "?" and x == 2, (key, terminal.line(y), x)
        assert terminal.line(y - 1) == line, key


def answer_time(terminal: Terminal, key: str, answer: bytes) -> float:
    import time

    start = time.monotonic()
    terminal.press(key, expect=answer)
    return time.monotonic() - start


def test_escape_answers_as_fast_as_the_other_keys(terminal):
    """Escape answered 0.5 s after it was pressed, other keys in 0.01-0.02 s:
    prompt_toolkit waited that long (`ttimeoutlen`) to know a lone Escape byte is not the
    start of an arrow's sequence. The best of three tries, so that a busy machine does
    not fail it; the wait itself is 0.05 s."""
    terminal.press(HOME)
    escapes, spaces = [], []
    for _ in range(3):
        spaces.append(answer_time(terminal, SPACE, b"Selected"))
        escapes.append(answer_time(terminal, ESCAPE, b"Dropped"))
    assert min(escapes) < 0.25, escapes
    assert min(escapes) < min(spaces) + 0.15, (escapes, spaces)


def keys_to(here: int | None, target: int) -> list[str]:
    """The fewest keys from `here` to `target`: Full stop and Comma alone, or after
    Home (pile 1), Page Down (R1) or End (R8)."""
    last = len(ALL_LOCATIONS) - 1
    routes = [([HOME], 0), ([PAGE_DOWN], PILES), ([END], last)]
    if here is not None:
        routes.append(([], here))
    best: list[str] | None = None
    for jump, start in routes:
        step = FULL_STOP if target > start else COMMA
        keys = jump + [step] * abs(target - start)
        if best is None or len(keys) < len(best):
            best = keys
    assert best is not None
    return best


# Each language's words for a stop and for the win (the places as they start a line).
PLACES = {"ca": ("Pila ", "Reserva "), "da": ("Bunke ", "Reserve "), "en": ("Pile ", "Reserve ")}
WON = {"ca": "Victòria", "da": "Sejr", "en": "Victory"}


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_whole_game_with_the_keys_a_screen_reader_lets_through(language):
    """Issue 19's end: from the first card to Victory, no command typed and no arrow
    key, in a real terminal, in each language; every cursor stop is new text just above
    the caret, on an empty prompt."""
    from halfmoon_a11y.core.dealcode import DealCode, deal
    from halfmoon_a11y.core.places import Location
    from tests.solver import winning_line

    code = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
    game = Terminal(language, code)
    try:
        here: int | None = None
        stops = 0
        for move in winning_line(deal(DealCode.parse(code))):
            for place in move:
                target = ALL_LOCATIONS.index(Location.parse(place))
                for key in keys_to(here, target):
                    new = game.press(key)
                    assert len(new) == 2 and new[1] == "?", (key, new)
                    assert new[0].startswith(PLACES[language]), (key, new)
                    y, x = game.caret()
                    assert (game.line(y), x, game.line(y - 1)) == ("?", 2, new[0])
                    stops += 1
                here = target
                answer = game.press(SPACE)
                assert answer[-1] == "?" and len(answer) >= 2, answer
        assert stops > 100
        assert any(line.startswith(WON[language]) for line in answer), answer
    finally:
        game.close()
