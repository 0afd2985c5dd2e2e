"""Issue 29: the game as Orca 43 hears it through VTE (tests/vte_model.py), write by
write: every answer and every cursor stop reaches the terminal in one write with the
new prompt, whole, ending at the caret; a long answer that scrolls the screen keeps its
first line; the prompt is a character no reader names at its default level; a first
empty Enter says the opening again."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from tests.vte_model import VteText, heard

CODE = "HM1-N-EMQPNCT"


def full_screen(rows: int = 6) -> VteText:
    """A VTE screen filled to its last row, the caret on a `> ` prompt there."""
    vte = VteText(columns=40, rows=rows)
    vte.feed(b"".join(b"Pile %d: five of spades.\r\n" % n for n in range(rows + 2)) + b"> ")
    return vte


# --- the model against what Orca's log showed before issue 29 ---


def test_the_model_loses_a_first_letter_when_the_old_prompt_line_is_rewritten():
    """Before: the prompt erased and the stop written on its line, the screen scrolling:
    VTE's insertion began one character in ("eserva R3"), and the prompt came after it
    in a second write, the one insertion Orca spoke."""
    vte = full_screen()
    first = vte.feed(b"\r\x1b[JReserve R3: six of spades.\r\n")
    assert first[0].text.startswith("eserve R3")
    assert heard(vte.feed(b"> ")) == ">"  # all Orca said after the key: the prompt


def test_the_model_hears_the_answer_whole_when_it_comes_below_with_the_prompt():
    vte = full_screen()
    assert heard(vte.feed(b"\x1bD\rReserve R3: six of spades.\r\n?")) == (
        "\nReserve R3: six of spades.\n?"
    )


def test_the_model_hears_an_answer_whole_on_a_screen_that_does_not_scroll():
    vte = VteText(columns=40, rows=10)
    vte.feed(b"? ")
    assert heard(vte.feed(b"\x1bD\rPile 2: four of clubs.\r\n?")) == "Pile 2: four of clubs.\n?"


# --- the prompt ---


def test_the_prompt_is_a_question_mark_and_a_space():
    """`?` is named at speech-dispatcher's and NVDA's "all" level only: silent at Orca's
    default ("most") and NVDA's ("some"); `>` was named at "some" and up."""
    from halfmoon_a11y.ui.prompt import PROMPT
    from tests.screen_model import PROMPT as MODEL_PROMPT

    assert PROMPT == MODEL_PROMPT == "? "


# --- a launcher: the opening again on the first empty Enter (item 4) ---


def front(said: list[str]) -> TextFrontEnd:
    made = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), said.extend)
    made.blank_says_opening = True
    return made


def test_an_empty_line_before_any_command_says_the_opening_again():
    said: list[str] = []
    game = front(said)
    game.start()
    opening = list(said)
    assert opening[0].startswith("New game, deal HM1 N, E, M, Q, P, N, C, T.")
    game.line("")
    game.line("   ")
    assert said == opening * 3


def test_after_a_command_or_a_key_an_empty_line_says_nothing():
    said: list[str] = []
    game = front(said)
    game.start()
    game.line("pile 1")
    count = len(said)
    game.line("")
    assert len(said) == count
    keyed: list[str] = []
    other = front(keyed)
    other.start()
    other.key("next")
    count = len(keyed)
    other.line("")
    assert len(keyed) == count


def test_in_a_pipe_an_empty_line_says_nothing_as_before():
    said: list[str] = []
    game = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), said.extend)
    game.start()
    count = len(said)
    game.line("")
    assert len(said) == count


# --- the real game in a pseudo-terminal, each write fed to the VTE model ---

RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
PAGE_UP, PAGE_DOWN, SPACE, ESCAPE = "\x1b[5~", "\x1b[6~", " ", "\x1b"
FULL_STOP, COMMA = ".", ","
# `help keys`: 20 rows at 80 columns, taller than a window of WINDOW rows (`help` alone
# was taller than 24 rows; it is short now)
HELP = {
    "ca": ("ajuda tecles", "Tecles"),
    "da": ("hjælp taster", "Taster"),
    "en": ("help keys", "Keys"),
}
WINDOW = 16


class Heard:
    """The game at a 24 by 80 terminal, its writes fed one by one to the VTE model."""

    def __init__(self, tmp_path, language: str = "en", code: str = CODE, rows: int = 24) -> None:
        from tests.screen_model import ScreenModel

        self.model = ScreenModel(
            *("--code", code, "--no-speech", "--no-sounds", "--lang", language),
            columns=80,
            rows=rows,
            log=str(tmp_path / "writes"),
        )
        self.vte = VteText(columns=80, rows=rows)
        self.model.wait_for_prompt()
        self.seen = 0
        self.take()

    def take(self) -> list[bytes]:
        """The writes since the last look, each fed to the VTE model."""
        from tests.support import wait_for

        timed: list[tuple[float, bytes]] = []

        def ended() -> bool:  # read up to the drawing of a prompt: the answer's end
            timed[:] = self.model.timed_writes()[self.seen :]
            return bool(timed) and timed[-1][1].endswith(b"\x1b[?25h")

        assert wait_for(ended), timed
        self.seen += len(timed)
        self.times = [when for when, _ in timed]  # the game's clock at each write
        writes = [write for _, write in timed]
        # as the terminal's line discipline passes them on: each newline after a return
        self.heard = [heard(self.vte.feed(write.replace(b"\n", b"\r\n"))) for write in writes]
        return writes

    def press(self, keys: str) -> list[str]:
        """Send `keys` (a key, or a line and its Enter: typed first, a key at a time);
        what Orca speaks of each write that answered."""
        from tests.screen_model import prompt_drawn

        if len(keys) > 1 and keys.endswith("\r"):
            self.model.type(keys[:-1])
            self.take()  # the typed line's own drawing
            keys = "\r"
        self.model.child.send(keys)
        self.model.read_until(prompt_drawn)
        self.take()
        return self.heard

    def close(self) -> None:
        self.model.close()


def one_heard_whole(heard_writes: list[str], what: object) -> str:
    """The answer came in one write, and Orca speaks it, ending with the prompt."""
    assert len(heard_writes) == 1, (what, heard_writes)
    [said] = heard_writes
    assert said.endswith("\n?"), (what, said)  # the prompt: the insertion ends at the caret
    return said


@pytest.mark.slow
def test_every_cursor_stop_and_answer_is_heard_whole_in_one_write(tmp_path):
    game = Heard(tmp_path)
    try:
        for key, line in [
            (FULL_STOP, "Pile 1, five of spades, 8 cards."),
            (FULL_STOP, "Pile 2, four of clubs, 8 cards."),
            (COMMA, "Pile 1, five of spades, 8 cards."),
            (END, "Reserve R8, jack of clubs."),
            (PAGE_UP, "Pile 1, five of spades, 8 cards."),
            (PAGE_DOWN, "Reserve R1, queen of diamonds."),
            (HOME, "Pile 1, five of spades, 8 cards."),
            (SPACE, "Selected, five of spades in pile 1."),
            (ESCAPE, "Dropped the selection, five of spades in pile 1."),
            (RIGHT, "Pile 2, four of clubs, 8 cards."),
            (LEFT, "Pile 1, five of spades, 8 cards."),
        ]:
            said = one_heard_whole(game.press(key), key)
            assert said.lstrip("\n") == line + "\n?", (key, said)  # the first letter too
        for command in ["board", "pile 3", "info", "help keys", "code"]:
            said = one_heard_whole(game.press(command + "\r"), command)
            assert command not in said  # the typed line is not read back
    finally:
        game.close()


def help_rows(language: str, word: str) -> list[str]:
    """The answer to `help` as written at 80 columns (the last one left free)."""
    from halfmoon_a11y.text.wrap import wrap_all
    from tests.support import transcript

    session = Session(DealCode.parse(CODE), Settings(language=language))
    return wrap_all(transcript(session, [word], start=False).splitlines()[1:], 79)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_help_taller_than_the_window_is_heard_from_its_first_line(tmp_path, language):
    """Item 5: an answer taller than the window (`help keys` in a 16-row window at 80
    columns). In one write its first rows scrolled off before the terminal looked, and
    no reader ever had its first line. It now comes in pieces that fit, each heard
    (each ends at the caret), the last with the prompt; every row of it is heard once."""
    word, first = HELP[language]
    rows = help_rows(language, word)
    assert len(rows) > WINDOW and rows[0].startswith(first + ",")
    game = Heard(tmp_path, language, rows=WINDOW)
    try:
        for _ in range(2):  # the second time on a screen that is full already
            pieces = game.press(word + "\r")
            assert len(pieces) == 2 and all(pieces), pieces
            assert pieces[0].lstrip("\n").startswith(first + ","), pieces[0][:80]
            assert pieces[-1].endswith("\n?")
            said = "\n".join(pieces).split("\n")
            assert [line for line in said if line and line != "?"] == rows
    finally:
        game.close()


@pytest.mark.slow
def test_the_first_empty_enter_says_the_opening_in_one_write(tmp_path):
    """Item 4: started from a launcher, Orca does not speak the opening, which no key
    caused; the first Enter does cause it."""
    game = Heard(tmp_path)
    try:
        said = one_heard_whole(game.press("\r"), "Enter")
        assert (
            "New game, deal HM1 N, E, M, Q, P, N, C, T." in said
            and "Reserve R8, jack of clubs." in said
        )
        game.press(".")
        assert game.press("\r") == ["\n?"]  # later, an empty line is only a new prompt
    finally:
        game.close()


@pytest.mark.slow
def test_a_whole_game_by_keys_each_stop_heard_whole_in_one_write(tmp_path):
    """The issue's end for the cursor: from the first card to Victory with Full stop,
    Comma, Home, End, Page Down and Space, at a 24-row terminal that scrolls at every
    stop; each stop one write, heard whole with its first letter, ending at the caret."""
    from halfmoon_a11y.core.dealcode import deal
    from halfmoon_a11y.core.places import ALL_LOCATIONS, Location
    from tests.solver import winning_line
    from tests.test_cursor_reader import keys_to

    code = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
    game = Heard(tmp_path, "en", code)
    try:
        here: int | None = None
        stops = 0
        for move in winning_line(deal(DealCode.parse(code))):
            for place in move:
                target = ALL_LOCATIONS.index(Location.parse(place))
                for key in keys_to(here, target):
                    said = one_heard_whole(game.press(key), key)
                    assert said.lstrip("\n").startswith(("Pile ", "Reserve ")), (key, said)
                    stops += 1
                here = target
                said = one_heard_whole(game.press(SPACE), "Space")
        assert stops > 100
        assert "Victory" in said, said
    finally:
        game.close()


@pytest.mark.slow
@pytest.mark.parametrize("rows", [24, 25, 26, 27, 30, 40])
def test_a_window_taller_than_the_opening_loses_no_first_letter(tmp_path, rows):
    """Blank rows below the prompt: the first answers fill them, and the one that first
    scrolls the screen was reported from too far on. Every answer is heard whole."""
    game = Heard(tmp_path, rows=rows)
    try:
        for line, first in [
            ("pick 1 8\r", "Pair removed"),
            ("info\r", "Time"),
            ("pick 8 5 3\r", "Trio removed"),
            ("board\r", "Pile 1"),
            ("info\r", "Time"),
        ]:
            said = one_heard_whole(game.press(line), (rows, line))
            assert said.lstrip("\n").startswith(first), (rows, line, said[:40])
    finally:
        game.close()


@pytest.mark.slow
def test_after_a_resume_the_first_answer_is_heard_from_its_first_letter(tmp_path):
    """The review of issue 29: a resumed game's opening is shorter than a new one's (the
    empty places summed up), so blank rows were left below the prompt, and VTE reported
    the first answer that scrolled the screen from too far on ("rio retirat" for "Trio
    retirat"). The game's first write now starts at the bottom of the window."""
    game = Heard(tmp_path)
    try:
        game.press("pick 1 8\r")
    finally:
        game.close()  # killed: the move is in the journal
    game = Heard(tmp_path)
    try:
        said = one_heard_whole(game.press("pick 8 5 3\r"), "the first answer after a resume")
        assert said.lstrip("\n").startswith("Trio removed, jack of clubs"), said
    finally:
        game.close()


# --- a typed line is never read back (places alone were, twice) ---


def orca_says(vte: VteText, written: bytes) -> str:
    """What Orca's terminal script says of one pass after Enter: an insertion of several
    lines that does not start with a newline is said from the start of its first line
    (orca/scripts/terminal/script_utilities.py, `insertedText`)."""
    said = []
    for insertion in vte.feed(written):
        if not insertion.at_caret:
            continue
        text, start = insertion.text, insertion.offset
        if "\n" in text.rstrip("\n") and not text.startswith("\n"):
            start = vte.snapshot.rfind("\n", 0, start) + 1
            text = vte.snapshot[start : insertion.offset] + text
        said.append(text)
    return "".join(said)


def test_the_model_reads_the_line_back_when_its_last_key_comes_with_the_answer():
    """The read-back's cause: the last key's drawing and the answer in one pass of
    VTE's; the insertion starts on the typed line, and Orca says it from its start."""
    typed, answer = b"? 12 2", b"\x1bD\rPair removed.\r\n? "
    together = VteText(columns=40, rows=10)
    together.feed(b"? 12")
    assert orca_says(together, typed[-2:] + answer).startswith("? 12 2\nPair removed.")
    apart = VteText(columns=40, rows=10)
    apart.feed(b"? 12")
    apart.feed(typed[-2:])
    assert orca_says(apart, answer) == "Pair removed.\n?"


@pytest.mark.slow
@pytest.mark.parametrize("line", ["12 2", "8, 1 and 5", "info"])
def test_an_enter_right_after_a_key_comes_apart_from_the_keys_drawing(tmp_path, line):
    """Enter pressed as soon as the last key is shown (as a fast typist or a tool
    types): the answer reaches the terminal ECHO_GAP after that key's drawing, never
    in the same pass of VTE's, and the typed line is not read back. The times are the
    game's own, noted as it wrote (tests/logged_writes.py): a test held up by a busy
    machine sees the key late, but the game's gap is the same."""
    from halfmoon_a11y.ui.prompt import ECHO_GAP
    from tests.screen_model import prompt_drawn

    game = Heard(tmp_path)
    try:
        for _ in range(3):
            game.model.type(line[:-1])
            game.take()
            game.model.child.send(line[-1])
            game.model.read_until(lambda got: line[-1].encode() in got)
            game.take()  # the last key's drawing
            shown = game.times[-1]
            game.model.child.send("\r")
            game.model.read_until(prompt_drawn)
            game.take()
            answered = game.times[0]  # the answer's first write
            assert answered - shown >= ECHO_GAP * 0.8, answered - shown
            assert line not in game.heard[-1], game.heard
    finally:
        game.close()


@pytest.mark.slow
def test_the_opening_and_the_first_prompt_are_one_insertion_heard_whole(tmp_path):
    """Under Orca 43 in a VTE terminal, the prompt drawn alone after the opening was said
    by its name and cut the opening. Now nothing is inserted before the opening's write,
    and that write ends with the prompt, at the caret."""
    game = Heard(tmp_path)
    try:
        [said] = [heard for heard in game.heard if heard]
        assert said.lstrip("\n").startswith("New game, deal HM1 N, E, M, Q, P, N, C, T.")
        assert said.endswith("Reserve R8, jack of clubs.\n?")
    finally:
        game.close()


@pytest.mark.slow
def test_up_and_tab_are_heard_as_the_text_they_bring_never_the_prompt(tmp_path):
    """The issue's terminal reader read a line recalled by Up or completed by Tab with its
    `?`. The game writes only the characters that change, so a reader that speaks what
    is new at the caret (Orca, heard so under Orca 43 itself: " 12 2", "ga") hears the
    recalled line or the completion alone."""
    game = Heard(tmp_path)
    try:
        game.press("pile 5\r")
        for before, key, line, said in [
            ("", "\x1b[A", "pile 5", " pile 5"),  # Up: the line typed last
            ("bo", "\t", "board ", "ard"),  # `bo` and Tab: the rest of the word
        ]:
            if before:
                game.model.child.send("\x15")  # Ctrl-U: the line emptied
                game.model.read_until(game.model.shown("? "))
                game.model.type(before)
                game.take()
            game.model.child.send(key)
            game.model.read_until(game.model.shown("? " + line))
            game.take()
            assert game.heard == [said]
    finally:
        game.close()
