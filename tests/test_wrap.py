"""Issue 19, point 2: no word split across lines. At a terminal every answer is cut
between words to the window's width, read at each answer; a pipe and the JSON mode get
whole lines."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from collections.abc import Callable

import pexpect
import pyte
import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.wrap import LINKS, _phrases, wrap
from halfmoon_a11y.ui.frontend import TextFrontEnd, printer
from tests.screen_model import ScreenModel
from tests.solver import solve

pytestmark = pytest.mark.slow  # the real program in a terminal

CODE = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
WIDTHS = (40, 60, 80, 132)
HELP = [
    "help",
    "help rules",
    "help keys",
    "help table",
    *(f"help {name}" for name in ("pick", "undo", "new", "board", "pile", "reserve", "info")),
    *(f"help {name}" for name in ("code", "selection", "repeat", "help", "lang", "set")),
    *(f"help {name}" for name in ("speech", "stats", "quit")),
    "help set move-errors",
    "xyzzy",
    "pick 13",
]


def whole_game(language: str) -> list[list[str]]:
    """Every answer of help and a won game, as the front end writes them: unwrapped."""
    session = Session(DealCode.parse(CODE), Settings(language=language))
    answers: list[list[str]] = []
    front = TextFrontEnd(session, answers.append)
    front.start()
    for line in HELP:
        front.line(line)
    won = solve(deal(DealCode.parse(CODE)))
    assert won is not None
    for move in won:
        front.line("pick " + " ".join(move))
        front.line("info")
    front.line("board")
    front.line("stats")
    front.close()
    return answers


def printed(lines: list[str], columns: int) -> list[str]:
    out = io.StringIO()
    printer(out, lambda: columns)(lines)
    return out.getvalue().split("\n")[:-1]


def on_a_terminal(text: str, columns: int) -> list[str]:
    """What a terminal `columns` wide shows of `text`: its own wrap included."""
    rows = text.count("\n") * 4 + 4
    screen = pyte.Screen(columns, rows)
    pyte.Stream(screen).feed(text.replace("\n", "\r\n"))
    shown = [row.rstrip() for row in screen.display]
    while shown and not shown[-1]:
        shown.pop()
    return shown


def fixed(columns: int) -> Callable[[], int]:
    """A window's width that never changes."""
    return lambda: columns


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_whole_game_and_help_never_split_a_word(language):
    answers = whole_game(language)
    sentences = [line for answer in answers for line in answer]
    assert len(sentences) > 200
    cut = dict.fromkeys(WIDTHS, 0)
    for columns in WIDTHS:
        for answer in answers:
            out = io.StringIO()
            printer(out, fixed(columns))(answer)
            # the terminal shows exactly the lines written: it wraps nothing of its own
            lines = out.getvalue().split("\n")[:-1]
            assert on_a_terminal(out.getvalue(), columns) == [line.rstrip() for line in lines]
            for sentence in answer:
                mine = printed([sentence], columns)
                cut[columns] += len(mine) - 1
                # the same words in the same order: each line ends and starts at a space
                assert " ".join(mine) == " ".join(sentence.split()), sentence
                for line in mine:
                    # the last column is left free; only a word wider than that overflows
                    assert len(line) < columns or " " not in line, (columns, line)
                for line, after in itertools.pairwise(mine):
                    # cut no sooner than needed: the next phrase would not have fitted
                    assert len(line) + 1 + len(_phrases(after.split(" "))[0]) >= columns, (
                        line,
                        after,
                    )
                    assert not phrase_cut(line, after), (columns, line, after)
    # the game's answers do need cutting at 40 and 80 columns; at 132 hardly
    assert cut[40] > cut[80] > 0, cut


def phrase_cut(line: str, after: str) -> bool:
    """Whether a line ends inside a phrase that must stay whole (issue 29): a number
    without its noun ("…diamonds, 7" / "cards."), a place word without its number
    ("Sixes, pile" / "6.")."""
    words = line.split(" ")
    last, first = words[-1], after.split(" ")[0]
    if last.isdigit():  # a number whose noun is on the next line
        return True
    if last in LINKS and len(words) >= 2 and words[-2].isdigit():  # "4 de" / "cors"
        return True
    return last[-1:].isalpha() and bool(first[:1].isdigit() or re.match(r"R\d", first))


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_whole_game_and_help_say_no_colon_and_no_semicolon(language):
    """Orca names ":" and ";" at its default punctuation level ("dos punts", "kolon"):
    the game writes a comma or a full stop where they say the same (issue 29)."""
    sentences = [line for answer in whole_game(language) for line in answer]
    assert [line for line in sentences if ":" in line or ";" in line] == []


def test_wrapping_keeps_a_number_with_its_noun_and_a_place_word_with_its_number():
    assert wrap("Parella retirada, 5 de piques i 6 de diamants, 7 cartes.", 30) == [
        "Parella retirada, 5 de piques",
        "i 6 de diamants, 7 cartes.",
    ]
    assert wrap("Sisos, pila 6 i reserva R6.", 12) == ["Sisos,", "pila 6 i", "reserva R6."]
    assert wrap("Score 65, 91 cards left.", 12) == ["Score 65,", "91 cards", "left."]
    assert wrap("Bunke 10, klør ni, 8 kort.", 9) == ["Bunke 10,", "klør ni,", "8 kort."]
    assert wrap("x " + "pile 6", 4) == ["x", "pile", "6"]  # wider than the window: cut


def test_a_word_wider_than_the_window_is_left_whole():
    assert wrap("Unknown command, " + "x" * 50 + ".", 20) == ["Unknown command,", "x" * 50 + "."]
    assert wrap("one  two   three", 9) == ["one two", "three"]
    assert wrap("", 10) == [""]
    assert wrap("a line", 0) == ["a line"]


def test_a_pipe_gets_whole_lines():
    out = io.StringIO()  # no terminal: nothing is cut
    line = "Pair removed, five of spades and six of diamonds. Score 10, 102 cards left."
    printer(out)([line])
    assert out.getvalue() == line + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--code", "HM1-N-EMQPNCT", "--lang", "en"],
        input="pick 1 8\nhelp set\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "COLUMNS": "40"},
    )
    removed = (
        "\nPair removed, five of spades and six of diamonds. Pile 1, two of clubs, 7 cards. "
        "Pile 8, jack of clubs, 7 cards.\nScore 10, 102 cards left.\n"
    )
    assert removed in done.stdout
    assert max(map(len, done.stdout.splitlines())) > 80


def spawn_at(columns: int, *args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(
        sys.executable,
        ["-m", "halfmoon_a11y", *args],
        env=env,
        timeout=20,
        dimensions=(400, columns),
    )


def rows_of(screen: pyte.Screen) -> list[str]:
    return [row.rstrip() for row in screen.display if row.strip()]


SENTENCES = [
    "New game, deal HM1 N, E, M, Q, P, N, C, T. Type help for the commands.",
    "Pair removed, five of spades and six of diamonds. Pile 1, two of clubs, 7 cards. "
    "Pile 8, jack of clubs, 7 cards.",
    "Score 10, 102 cards left.",
    "Type help and a command to hear more, or help rules for the rules.",
]
INFO = re.compile(
    r"Time \d+ seconds?\. Score 10\. 1 move\. 102 cards left\. Deal HM1 N, E, M, Q, P, N, C, T\."
)


def info_rows(shown: list[str]) -> list[str]:
    """The last answer to `info` on the screen, row by row (its time may be any)."""
    first = max(i for i, row in enumerate(shown) if row.startswith("Time "))
    last = next(i for i in range(first, len(shown)) if shown[i].endswith("C, T."))
    rows = shown[first : last + 1]
    assert INFO.fullmatch(" ".join(rows)), rows
    return rows


def test_at_40_columns_in_a_real_terminal_no_word_is_cut():
    """The real program in a pseudo-terminal 40 columns wide, seen through pyte: every
    answer's lines end between words and leave the last column free; made 60 wide,
    the next answer follows the new width."""
    model = ScreenModel(
        "--code", "HM1-N-EMQPNCT", "--no-speech", "--no-sounds", "--lang", "en", columns=40
    )
    screen = model.screen
    try:
        model.wait_for_prompt()
        for command in ("pick 1 8", "info", "help"):
            model.type(command)
            model.enter()
        shown = rows_of(screen)
        assert all(len(row) < 40 for row in shown), [row for row in shown if len(row) >= 40]
        text = "\n".join(shown)
        for sentence in SENTENCES:
            assert "\n".join(wrap(sentence, 39)) in text, sentence
        rows = info_rows(shown)
        assert rows == wrap(" ".join(rows), 39), rows
        # the window is made wider: the next answer is cut to the new width
        model.child.setwinsize(400, 60)
        screen.resize(400, 60)
        model.wait_for_prompt()  # drawn again in the wider window
        before = len(rows_of(screen))
        model.type("help")
        model.enter()
        shown = rows_of(screen)[before:]
        assert all(len(row) < 60 for row in shown), [row for row in shown if len(row) >= 60]
        wider = wrap(SENTENCES[-1], 59)
        assert "\n".join(wider) in "\n".join(shown) and wider != wrap(SENTENCES[-1], 39)
        model.child.sendline("quit")
        model.child.expect(pexpect.EOF)
    finally:
        model.close()


def test_the_json_mode_at_a_terminal_is_not_cut():
    child = spawn_at(40, "--json", "--code", "HM1-N-EMQPNCT")
    try:
        child.expect(b'\\{"events"[^\r\n]*\r\n')  # the opening, one line however long
        child.sendline("pick 1 8")
        child.expect(b'\\{"events": \\[\\{"type": "removed"[^\r\n]*Pair removed, five [^\r\n]*\r\n')
        assert len(child.match.group(0)) > 200
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
