"""The prompt under a flood of keys and at its line's limit: sequences just under the
escape cap and plain characters never hold it; a full line still takes its control keys;
a line typed past the limit is refused whole; a paste into a full line is kept whole.
Each test failed when it was written (the attack on issue 26's fixes) and passes since."""

from __future__ import annotations

import threading

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.escapes import CSI_LIMIT
from tests.support import wait_for

CODE = "HM1-N-EMQPNCT"


class Recorder:
    """A stand-in for prompt_toolkit's parser: what it was fed, read by read."""

    def __init__(self) -> None:
        self.fed: list[str] = []

    def feed(self, data: str) -> None:
        self.fed.append(data)

    def flush(self) -> None:
        return


# Finding 10 again: as many bytes as "30 x 500 digits" (15,000) still hold the prompt
# about 4 s (100 KB: 35 to 47 s here) when they are sequences just under the cap, or no
# sequences at all: the characters typed into the line past LINE_LIMIT cost more at each
# key (a paste without bracketed paste, a terminal that answers junk). The sequences under
# the cap also press Escape ("Nothing is selected." was said, unasked).
UNDER_THE_CAP = {
    "235 x 64 digits": ("\x1b[" + "1" * CSI_LIMIT + "x") * 235,
    "plain 15000": "1" * 15000,
}


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@pytest.mark.parametrize("escapes", UNDER_THE_CAP.values(), ids=UNDER_THE_CAP.keys())
def test_many_escape_sequences_just_under_the_cap_do_not_hold_the_prompt(escapes):
    from tests.test_input_safety import answer_bound, prompt_answers

    took, _ = prompt_answers(escapes, "\x15pile 5", 60)  # Ctrl-U: whatever was typed, gone
    assert took < answer_bound(), f"the prompt answered {took:.2f} s after escape sequences"


def test_a_full_line_still_takes_its_control_keys():
    """While the line is longer than any command, only control keys pass; a key after
    one (Ctrl-U, then a command) passes too, and Enter refuses a full line whole."""
    from halfmoon_a11y.ui.escapes import CappedParser

    recorder = Recorder()
    full = [True]
    parser = CappedParser(recorder, lambda: full[0])
    parser.feed("1" * 500)
    parser.feed("22\x15pile 5\r")
    parser.feed("\x7fx")
    full[0] = False
    parser.feed("abc")
    assert recorder.fed == ["\x15pile 5\r", "\x7fx", "abc"]


def test_a_line_typed_past_the_limit_is_refused_whole_at_the_prompt():
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.ui.prompt import run_prompt

    session = Session(DealCode.parse(CODE), Settings(language="en"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend)
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):

        def type_keys() -> None:
            keyboard.send_text("pile 5" + " " * 3000 + "\r")  # cut: never played
            wait_for(lambda: any(line.startswith("Too long") for line in written), 20)
            keyboard.send_text("quit\r")

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front)
        typist.join()
    assert any(line.startswith("Too long") for line in written), written
    assert not any(line.startswith("Pile 5") for line in written)


def test_a_paste_into_a_full_line_is_left_whole():
    """A bracketed paste is one key for prompt_toolkit: its marks are never cut away,
    or its parser would wait for the paste's end for ever."""
    from halfmoon_a11y.ui.escapes import PASTE_END, PASTE_START, CappedParser

    recorder = Recorder()
    parser = CappedParser(recorder, lambda: True)
    pasted = PASTE_START + "one\ntwo" + PASTE_END
    parser.feed(pasted)
    assert "".join(recorder.fed) == pasted


def test_a_paste_in_two_reads_into_a_full_line_keeps_its_end():
    """The review of issue 26: a paste whose end comes in a later read than its start, into
    a line already full, lost its end mark, and prompt_toolkit took every later key,
    Enter and Ctrl-C included, for pasted text, for good."""
    from prompt_toolkit.input.vt100_parser import Vt100Parser

    from halfmoon_a11y.ui.escapes import CappedParser

    keys: list[object] = []
    parser = CappedParser(Vt100Parser(keys.append), lambda: True)
    parser.feed("\x1b[200~hello ")
    parser.feed("world\x1b[201~")
    parser.flush()
    parser.feed("\r")
    parser.flush()
    assert not parser.parser._in_bracketed_paste
    assert any(getattr(key, "data", None) == "hello world" for key in keys), keys
