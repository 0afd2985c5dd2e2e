"""Issue 20, point 4: VoiceOver in macOS Terminal interrupts itself at each new line
written, so each answer reaches the terminal in ONE write, on every system: the prompt,
plain mode and the JSON mode. Standard output is built here as Python builds it for a
terminal (a line-buffered text layer over a buffered one), over a raw stream that counts
the writes the operating system would get."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui import jsonmode
from halfmoon_a11y.ui.frontend import TextFrontEnd, printer
from halfmoon_a11y.ui.loop import serve
from halfmoon_a11y.ui.prompt import run_prompt
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.speaker import SilentSpeaker
from tests.support import wait_for

CODE = "HM1-N-EMQPNCT"
SYSTEMS = ["linux", "macos", "windows"]


class CountingRaw(io.RawIOBase):
    """What the operating system is asked to write, one entry a system call."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.writes.append(bytes(data))
        return len(data)


def terminal_stdout(raw: CountingRaw) -> io.TextIOWrapper:
    """sys.stdout as Python makes it at a terminal: line-buffered text over a buffer."""
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", line_buffering=True)


def texts(raw: CountingRaw) -> list[str]:
    return [data.decode("utf-8") for data in raw.writes]


@pytest.mark.parametrize("system", SYSTEMS)
def test_plain_mode_writes_each_answer_once(pretend_system, system):
    """Before: one write a line (the line-buffered layer flushed at each), so the opening
    and the table reached the terminal as a dozen writes."""
    pretend_system(system)
    raw = CountingRaw()
    front = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), printer(terminal_stdout(raw)))
    lines = ["board", "pick 1", "help", "nonsense", "quit"]
    serve(front, lines)
    writes = texts(raw)
    assert len(writes) == 1 + len(lines)  # the opening, then one answer a line
    assert all(text.endswith("\n") for text in writes)
    assert writes[0].count("\n") > 5 and writes[1].count("\n") > 5  # whole tables, in one
    assert "Goodbye" in writes[-1]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_json_mode_writes_each_answer_once(pretend_system, system):
    """Already so before issue 20: one JSON line, one write."""
    pretend_system(system)
    raw = CountingRaw()
    lines = ["board", "pick 1", "help", "nonsense", "quit"]
    jsonmode.run(Session(DealCode.parse(CODE), Settings()), lines, terminal_stdout(raw))
    writes = texts(raw)
    assert len(writes) == 1 + len(lines)
    assert all(text.count("\n") == 1 and text.endswith("}\n") for text in writes)


class WindowsLikeOutput(DummyOutput):
    """A prompt_toolkit output as Windows' are (Win32Output in conhost, Windows10_Output
    in Windows Terminal): not a VT100 output, never answering a cursor position request.
    What prompt_toolkit writes raw is recorded, and any such request fails the test."""

    def __init__(self) -> None:
        self.raw: list[str] = []

    def write_raw(self, data: str) -> None:
        self.raw.append(data)

    def ask_for_cpr(self) -> None:
        raise AssertionError("a cursor position request")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_prompt_writes_each_answer_once_without_cursor_reports(pretend_system, system):
    """The prompt on an output like Windows': every answer (a command, a key, Ctrl-C) in one
    write; no cursor position request; Enter moves down with a plain newline, not the
    VT100 index (ESC D, absent from Microsoft's list of the console's sequences)."""
    pretend_system(system)
    raw = CountingRaw()
    front = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), printer(terminal_stdout(raw)))
    output = WindowsLikeOutput()
    keys = ("pick 1\r", ".", "\x03", "help\r", "quit\r")
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=output):

        def answered(writes: int) -> Callable[[], bool]:
            return lambda: len(raw.writes) >= writes

        def type_keys() -> None:  # each key once the last one is answered, as a person's
            for writes, key in enumerate(keys, start=2):  # the opening's write, then one a key
                keyboard.send_text(key)
                wait_for(answered(writes))

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front, started=False)
        typist.join()
    writes = texts(raw)
    assert len(writes) == 1 + len(keys), writes  # the opening, then one answer a key
    assert all(text.endswith("\n") for text in writes)
    assert "Pile 1" in writes[2] and "cleared" in writes[3] and "Goodbye" in writes[-1]
    assert "\r\n" in output.raw and not any("\x1bD" in data for data in output.raw)


class FailingOnce(SilentSpeaker):
    """A voice that has just failed: its failure is said with the next answer."""

    failure = SpeechTrouble.SENTENCE_NOT_PLAYED


def test_a_failure_of_the_voice_comes_in_the_same_write():
    """Before: the failure's line was a write of its own, before the answer's."""
    raw = CountingRaw()
    front = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), printer(terminal_stdout(raw)))
    front.speaker = FailingOnce()
    front.line("pile 1")
    [write] = texts(raw)
    assert write.count("\n") == 2 and write.endswith("Pile 1, five of spades, 8 cards.\n")


# -- the opening and the first prompt ------------------------------------------------------


def vt100(out: io.TextIOWrapper):
    """A VT100 output over `out`, as prompt_toolkit makes one at a Linux terminal."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    return Vt100_Output(out, lambda: Size(rows=24, columns=80), term="xterm")


def with_prompt(text: str) -> bool:
    from tests.screen_model import prompt_drawn

    return prompt_drawn(text.encode("utf-8"))


def opened_at_the_prompt(front: TextFrontEnd, raw: CountingRaw, held, meanwhile=None) -> None:
    """The prompt run with the opening `held`; `meanwhile` runs once the opening is
    written, then `quit` is typed once the prompt is drawn."""
    out = held.out
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=vt100(out)):

        def type_keys() -> None:
            assert wait_for(lambda: any("New game" in text for text in texts(raw)))
            if meanwhile is not None:
                meanwhile()
            assert wait_for(lambda: any(with_prompt(text) for text in texts(raw)))
            keyboard.send_text("quit\r")

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front, opening=held)
        typist.join()


def test_the_opening_comes_with_the_first_prompt_in_one_write():
    """Before: the opening went out as soon as it was made, and the prompt some 70 ms
    later, once prompt_toolkit had loaded. Orca 43 in a VTE terminal said the prompt
    drawn alone by its name ("pregunta"), and in 3 of 5 starts that cut the opening:
    the player heard "pregunta" and nothing of the deal."""
    from halfmoon_a11y.ui.window import Held

    raw = CountingRaw()
    held = Held(terminal_stdout(raw))
    front = TextFrontEnd(Session(DealCode.parse(CODE), Settings()), printer(held))
    front.start()
    assert raw.writes == []  # made, and held
    opened_at_the_prompt(front, raw, held)
    [opening] = [text for text in texts(raw) if "New game" in text]
    assert with_prompt(opening)
    assert opening.index("Reserve R8") < opening.rindex("?")
    # nothing drew the prompt alone before it
    assert not any(with_prompt(text) for text in texts(raw)[: texts(raw).index(opening)])


def test_an_opening_that_would_wait_for_the_voice_s_choice_goes_out_at_once():
    """The first prompt waits for speech auto's choice (tasklist on Windows can take
    seconds), and a screen reader reads the opening meanwhile: held for that prompt, the
    deal would wait as long. Then the opening goes out alone, at once, as before."""
    from halfmoon_a11y.play.settings import SpeechMode
    from halfmoon_a11y.ui.window import Held
    from halfmoon_a11y.voice.speaker import Voice

    chosen = threading.Event()

    def factory(settings: Settings) -> Voice:
        chosen.wait(10)  # the screen reader check, still running
        return Voice(SilentSpeaker())

    raw = CountingRaw()
    held = Held(terminal_stdout(raw))
    session = Session(DealCode.parse(CODE), Settings(speech=SpeechMode.AUTO))
    front = TextFrontEnd(session, printer(held), factory)
    front.start()
    written: list[str] = []

    def the_check_ends() -> None:
        written.extend(texts(raw))  # what went out while the choice was being made
        chosen.set()

    opened_at_the_prompt(front, raw, held, meanwhile=the_check_ends)
    [opening] = [text for text in written if "New game" in text]
    assert not with_prompt(opening)  # out before the prompt, which waited for the choice
    assert any(with_prompt(text) for text in texts(raw)[len(written) :])
