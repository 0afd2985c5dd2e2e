"""Issue 26, finding 10: what reaches prompt_toolkit's parser, capped (`ui/escapes.py`).

A CSI sequence (`ESC [`, parameter and intermediate bytes, a final byte) longer than
CSI_LIMIT is dropped whole; everything else passes unchanged and in order."""

from __future__ import annotations

import random

import pytest

from halfmoon_a11y.ui import escapes
from halfmoon_a11y.ui.escapes import CSI_LIMIT, CappedParser, CsiCap, cap_escapes

LONG = "\x1b[" + "1" * (CSI_LIMIT + 1)

# (what the terminal sent, in reads; what reaches the parser, the pause's flush included)
CASES = {
    "text": (["pick 4 7\r"], "pick 4 7\r"),
    "an arrow": (["ab\x1b[Acd"], "ab\x1b[Acd"),
    "a cursor position report": (["\x1b[12;40R"], "\x1b[12;40R"),
    "a mouse report": (["\x1b[<0;12;7M", "\x1b[Mxyz"], "\x1b[<0;12;7M\x1b[Mxyz"),
    "a sequence across reads": (["\x1b", "[12", ";40", "R!"], "\x1b[12;40R!"),
    "the longest kept": (["\x1b[" + "1" * CSI_LIMIT + "R"], "\x1b[" + "1" * CSI_LIMIT + "R"),
    "one byte too long": ([LONG + "R", "x"], "x"),
    "dropped across reads": ([LONG[:40], LONG[40:], "1" * 5000, "~pile 5\r"], "pile 5\r"),
    "Enter ends a drop": ([LONG + "\r"], "\r"),
    "Ctrl-C ends a drop": ([LONG + "\x03"], "\x03"),
    "a new sequence ends a drop": ([LONG + "\x1b[B"], "\x1b[B"),
    "a lone Escape waits for the pause": (["\x1b"], "\x1b"),
    "Alt and a key": (["\x1bx"], "\x1bx"),
    "two Escapes": (["\x1b\x1b[B"], "\x1b\x1b[B"),
    "a sequence broken off": (["\x1b[12\x7f"], "\x1b[12\x7f"),
    "half a sequence at the pause": (["\x1b[12"], "\x1b[12"),
    "a bracketed paste is untouched": (
        ["\x1b[200~" + LONG + "x\x1b[20", "1~after" + LONG + "m!"],
        "\x1b[200~" + LONG + "x\x1b[201~after!",
    ),
}


@pytest.mark.parametrize(("reads", "passed"), CASES.values(), ids=CASES.keys())
def test_what_reaches_the_parser(reads, passed):
    cap = CsiCap()
    assert "".join(cap.feed(read) for read in reads) + cap.flush() == passed


def test_a_pause_ends_a_drop():
    """A sequence's bytes come in one write; after a pause, what comes is typed anew."""
    cap = CsiCap()
    assert cap.feed(LONG) == ""
    assert cap.flush() == ""
    assert cap.feed("123x") == "123x"


def test_any_input_passes_or_is_dropped_in_order():
    """Whatever the reads, what passes is the input less some whole CSI sequences."""
    rnd = random.Random(26)
    alphabet = ["\x1b", "[", "1", ";", "~", "R", "x", "\r", "\x03", "0" * 70, "\x1b[200~"]
    for _ in range(500):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(60)))
        cuts = sorted(rnd.sample(range(len(text) + 1), min(3, len(text) + 1)))
        reads = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        cap = CsiCap()
        passed = "".join(cap.feed(read) for read in reads) + cap.flush()
        whole = CsiCap()
        assert passed == whole.feed(text) + whole.flush(), reads  # reads change nothing
        if len(text) < CSI_LIMIT:
            assert passed == text  # nothing short enough is ever dropped


def test_the_prompt_toolkit_inputs_parser_is_capped():
    from prompt_toolkit.input import create_pipe_input

    with create_pipe_input() as keyboard:
        assert cap_escapes(keyboard)
        parser = getattr(keyboard, "vt100_parser")  # noqa: B009  # not in PipeInput's type
        assert isinstance(parser, CappedParser)
        assert cap_escapes(keyboard)  # once only
        assert getattr(keyboard, "vt100_parser") is parser  # noqa: B009
        keyboard.send_text(LONG + "Rpile\x1b[A")
        keys = keyboard.read_keys() + keyboard.flush_keys()
    assert [key.data for key in keys] == ["p", "i", "l", "e", "\x1b[A"]


def test_windows_virtual_terminal_reader_is_capped():
    """Win32Input keeps its parser in its console reader when Windows sends
    virtual-terminal sequences."""
    from types import SimpleNamespace

    from prompt_toolkit.input.vt100_parser import Vt100Parser

    keys: list = []
    reader = SimpleNamespace(_vt100_parser=Vt100Parser(keys.append))
    assert cap_escapes(SimpleNamespace(console_input_reader=reader))
    reader._vt100_parser.feed_and_flush(LONG + "Rok")
    assert [key.data for key in keys] == ["o", "k"]


def test_an_input_without_a_parser_is_left_as_it_is():
    assert not cap_escapes(object())


def test_prompt_toolkits_prefix_cache_stays_bounded():
    """Each distinct sequence the parser holds adds its prefixes to a dictionary of its
    module that is never emptied: 1.3 MB of distinct short sequences grew it to 380 MB."""
    from prompt_toolkit.input import vt100_parser

    cache = getattr(vt100_parser, escapes.PREFIX_CACHE)
    parser = CappedParser(vt100_parser.Vt100Parser(lambda key: None))
    rnd = random.Random(26)
    for _ in range(200):
        digits = "".join(rnd.choice("0123456789;") for _ in range(60))
        parser.feed("\x1b[" + digits + "R")
    assert len(cache) <= escapes.PREFIX_CACHE_LIMIT
