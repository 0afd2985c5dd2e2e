"""Issue 18, point 7: no input line, terminal report or history file can stall, grow or
crash the game."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from types import ModuleType
from typing import TYPE_CHECKING, cast

import pexpect
import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play import commands
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.commands import LINE_LIMIT, ShowPile, parse
from halfmoon_a11y.play.errors import LineTooLongError
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.plain import LINE_BYTES, lines_from
from tests.engine_state import hidden_snapshot
from tests.screen_model import expect_prompt, expect_reading
from tests.support import WAIT, play, private_device, wait_for

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession

HUNDRED_MB = 100 * 1024 * 1024

# -- a line too long -------------------------------------------------------------------


def test_a_line_over_the_limit_is_refused_whole():
    with pytest.raises(LineTooLongError) as refused:
        parse("pile 5" + " " * LINE_LIMIT)
    assert refused.value.code == "line_too_long"
    assert refused.value.limit == LINE_LIMIT


def test_a_line_at_the_limit_is_still_a_command():
    assert parse("pile 5".ljust(LINE_LIMIT)) == ShowPile(Location.parse("5"))


def test_a_refused_long_line_changes_nothing_and_is_said_in_every_language():
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0)
    play(session, "pick 1")
    before = (hidden_snapshot(session.game), session.settings)
    events = play(session, "1 " * LINE_LIMIT)
    assert [type(event) for event in events] == [Refused]
    assert (hidden_snapshot(session.game), session.settings) == before
    said = {lang: Presenter(Words(lang)).render_all(events) for lang in ("en", "ca", "da")}
    assert said["en"] == ["Too long. A command has at most 1000 characters. Nothing was done."]
    assert said["ca"][0].startswith("Massa llarg")
    assert said["da"][0].startswith("For lang")


def test_did_you_mean_never_hands_a_long_word_to_difflib(monkeypatch):
    import difflib

    def refuse(*args, **kwargs):
        raise AssertionError("difflib was asked about a word no name can be close to")

    monkeypatch.setattr(difflib, "get_close_matches", refuse)
    assert commands._close_to("x" * 900, "en") is None


def test_did_you_mean_still_suggests_a_close_name():
    assert commands._close_to("undp", "en") == "undo"
    assert commands._close_to("hepl", "en") == "help"


class Endless(io.RawIOBase):
    """`size` bytes of one line, then the lines after it: made as they are read, so the
    test itself never holds the long line. `largest`: the most bytes asked at once."""

    def __init__(self, size: int, after: bytes) -> None:
        self.left = size
        self.after = after
        self.largest = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        self.largest = max(self.largest, len(buffer))
        if self.left > 0:
            count = min(len(buffer), self.left)
            buffer[:count] = b"x" * count
            self.left -= count
            return count
        count = min(len(buffer), len(self.after))
        buffer[:count] = self.after[:count]
        self.after = self.after[count:]
        return count


def test_an_over_long_line_is_read_bounded_and_the_lines_after_it_come_through():
    raw = Endless(20 * 1024 * 1024, b"\npick 1\nquit\n")
    lines = list(lines_from(io.BufferedReader(raw)))
    assert len(lines) == 3
    assert LINE_LIMIT < len(lines[0]) <= LINE_BYTES
    assert lines[1:] == ["pick 1", "quit"]
    with pytest.raises(LineTooLongError):
        parse(lines[0])


def test_a_cut_line_of_wide_characters_is_still_too_long():
    """The first LINE_BYTES of a long line decode to more than LINE_LIMIT characters,
    even when every character takes 4 bytes and the cut falls inside one."""
    line = ("\U0001f0a1" * 5000).encode() + b"\nquit\n"
    for skip in range(4):  # the cut at each byte of a character
        lines = list(lines_from(io.BytesIO(line[skip:])))
        assert len(lines[0]) > LINE_LIMIT
        assert lines[1] == "quit"


def test_a_line_of_exactly_the_limit_in_wide_characters_is_read_whole():
    line = "\U0001f0a1" * LINE_LIMIT
    assert list(lines_from(io.BytesIO(line.encode() + b"\r\nquit\n"))) == [line, "quit"]


@pytest.mark.parametrize("filler", [b"\r", b" ", b"\r \t"])
@pytest.mark.parametrize("after", [b"\n", b"\r\n", b" and more\n"])
def test_a_cut_line_is_refused_whole_whatever_stripping_would_leave(filler, after):
    """Issue 26, finding 9: a command, then carriage returns or spaces up to the cut,
    then the rest of the line. Before, every trailing carriage return of the cut line
    was stripped and the command left was played."""
    command = b"pick 4 7"
    cut = command + (filler * LINE_BYTES)[: LINE_BYTES - len(command)]
    lines = list(lines_from(io.BytesIO(cut + after + b"quit\n")))
    assert lines[1:] == ["quit"]
    assert len(lines[0]) > LINE_LIMIT
    with pytest.raises(LineTooLongError):
        parse(lines[0])


def test_a_line_end_is_one_newline_and_one_carriage_return_before_it():
    """Carriage returns before a line's end are the line's, as spaces are: counted
    towards the limit. A line of 4,005 characters is refused even though it was not cut."""
    data = b"pick 4 7" + b"\r" * (LINE_BYTES - 10) + b"\n" + b"pile 5\r\n" + b"quit\r"
    lines = list(lines_from(io.BytesIO(data)))
    assert lines[1:] == ["pile 5", "quit"]
    with pytest.raises(LineTooLongError):
        parse(lines[0])
    assert list(lines_from(io.BytesIO(b"pile 5\r\r\n"))) == ["pile 5\r"]
    assert parse("pile 5\r") == ShowPile(Location.parse("5"))  # a short one is still played


# Runs the game and feeds it. A process's peak memory counts the memory of the process it
# was forked from (Linux keeps the high-water mark across exec): the game is started by
# this small process, not by pytest, whose own size would be counted.
FEEDER = """
import json, os, resource, subprocess, sys, threading, time
size, after, args = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3:]
read_end, write_end = os.pipe()
started = time.monotonic()
game = subprocess.Popen([sys.executable, "-m", "halfmoon_a11y", *args], stdin=read_end,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(read_end)

def feed():
    chunk = b"y" * (1024 * 1024)
    try:
        with os.fdopen(write_end, "wb") as pipe:
            for _ in range(size // len(chunk)):
                pipe.write(chunk)
            pipe.write(after)
    except BrokenPipeError:
        pass

threading.Thread(target=feed, daemon=True).start()
try:
    out, err = game.communicate(timeout=30)
except subprocess.TimeoutExpired:
    game.kill()
    out, err = game.communicate()
seconds = time.monotonic() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"out": out.decode(), "err": err.decode(), "status": game.returncode,
                  "seconds": seconds, "peak": peak}))
"""


def run_with_a_huge_line(args: list[str], after: str) -> tuple[str, float, int]:
    """The real program fed 100 MB of one line, then `after`: its output, the seconds it
    took and its peak memory in bytes. Killed after 30 s."""
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run(
        [sys.executable, "-c", FEEDER, str(HUNDRED_MB), after, *args],
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    result = json.loads(done.stdout)
    # a game held more than 30 s is killed: its status is then not 0
    assert result["status"] == 0, result["err"]
    assert result["err"] == ""
    return result["out"], result["seconds"], result["peak"]


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_a_100_mb_line_in_plain_mode_is_refused_at_once_and_the_game_goes_on():
    out, elapsed, peak = run_with_a_huge_line(
        ["--plain", "--code", "HM1-N-EMQPNCT", "--lang", "en"], "\npick 1\nquit\n"
    )
    assert "Too long. A command has at most 1000 characters. Nothing was done." in out
    assert "Selected, five of spades in pile 1." in out
    assert elapsed < 10, elapsed
    assert peak < 100 * 1024 * 1024, peak
    print(f"plain: {elapsed:.2f} s, peak {peak / 2**20:.0f} MB")


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_a_100_mb_line_in_the_json_mode_is_refused_at_once_and_the_game_goes_on():
    out, elapsed, peak = run_with_a_huge_line(
        ["--json", "--code", "HM1-N-EMQPNCT", "--lang", "en"], "\npick 1\nquit\n"
    )
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == 4  # the opening, the refusal, pick 1, quit
    refusal = objects[1]["events"]
    assert [(e["type"], e["code"]) for e in refusal] == [("error", "line_too_long")]
    assert refusal[0]["message"].startswith("Too long")
    assert objects[2]["events"][0]["type"] == "selected"
    assert elapsed < 10, elapsed
    assert peak < 100 * 1024 * 1024, peak
    print(f"json: {elapsed:.2f} s, peak {peak / 2**20:.0f} MB")


# -- malformed terminal input at the prompt ----------------------------------------------

# Mouse reports that are not well formed: prompt_toolkit parsed them although mouse
# support is off, and its handler raised (too few numbers, empty numbers, an unknown
# button). Each printed a traceback.
MALFORMED_MOUSE = ["\x1b[Mxyz", "\x1b[<;;M", "\x1b[1;2M", "\x1b[<1;2M", "\x1b[<0;1;1;1M"]


def test_malformed_mouse_input_at_the_prompt_writes_no_traceback(isolated_folders):
    """Each report at the prompt in turn, in one game: a report that raised would print
    its traceback at once, before the next line is answered."""
    from tests.test_terminal import spawn

    child = spawn("--code", "HM1-N-EMQPNCT", "--no-speech", "--no-sounds", "--lang", "en")
    screen = io.StringIO()
    child.logfile_read = screen
    expect_prompt(child)
    for report in MALFORMED_MOUSE:
        child.send(report)
        # Nothing is drawn for a report ignored, so there is nothing to wait for: the
        # pause only makes it come alone, as a terminal's does (with the next keys it is
        # ignored all the same).
        time.sleep(0.3)
        child.sendline("pile 5")
        child.expect("Pile 5, queen of hearts, 8 cards.")
        expect_prompt(child)
        for sign in ("Traceback", "Exception", "Error"):
            assert sign not in screen.getvalue(), repr(report)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    errors = isolated_folders / "xdg_state_home" / "halfmoon-a11y" / "errors.log"
    assert not errors.exists()  # a mouse report is ignored, not a bug


# Issue 26, finding 10: an escape sequence held without end. prompt_toolkit's parser held
# `ESC [` and digits as a possible cursor position report, looking at all of it again at
# each byte: 2,000 digits froze the prompt for 14 to 17 s, 30 x 500 digits for 42 s, and
# then typed the digits into the line.
LONG_ESCAPES = {
    "2000 digits": "\x1b[" + "1" * 2000 + "x",
    "30 x 500 digits": ("\x1b[" + "1" * 500 + "x") * 30,
    "digits and semicolons": "\x1b[" + "1;" * 1000 + "x",
}


def prompt_answers(keys: str, then: str, seconds: float = 10) -> tuple[float, list[str]]:
    """`keys` sent to the prompt as a terminal's reads come (1,024 at a time), then `then`
    and Enter: the seconds until `pile 5` is answered (inf if it never is), and all that
    was written. `then` is `pile 5`, after what clears the line if needed."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.ui.prompt import run_prompt

    session = Session(DealCode.parse(CODE), Settings(language="en"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend)
    took: list[float] = []
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):

        def type_keys() -> None:
            sent = time.monotonic()
            for start in range(0, len(keys), 1024):
                keyboard.send_text(keys[start : start + 1024])
            keyboard.send_text(then + "\r")
            answered = wait_for(lambda: "Pile 5, queen of hearts, 8 cards." in written, seconds)
            took.append(time.monotonic() - sent if answered else float("inf"))
            keyboard.send_text("quit\r")

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front)
        typist.join()
    return took[0], written


def answer_bound() -> float:
    """The most seconds a prompt may take to answer after a flood of keys: 2 s on an
    idle machine, more when this machine answers a plain `pile 5` slowly (a loaded CI
    runner took 2.0 s where the same answer takes 0.3 s idle; with eight workers and a
    busy process beside them, a flood's answer took 2.2 s against a bound of 2.2 s from
    1.5 s). The floods these bounds catch held the prompt 4 to 47 s."""
    plain, _ = prompt_answers("", "pile 5")
    return 2.0 + 4 * plain


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@pytest.mark.parametrize("escapes", LONG_ESCAPES.values(), ids=LONG_ESCAPES.keys())
def test_a_long_escape_sequence_is_dropped_and_the_prompt_answers_at_once(escapes):
    took, written = prompt_answers(escapes, "pile 5")  # no Ctrl-U: nothing of it is typed
    assert took < answer_bound(), f"the prompt answered {took:.2f} s after a long escape sequence"
    # nothing answered before it: the sequence typed nothing, pressed no key
    assert written[0] == "Pile 5, queen of hearts, 8 cards.", written[:3]


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_a_long_escape_sequence_at_the_real_terminal_is_dropped(isolated_folders):
    """The same in a terminal, where the freeze was measured: 2,000 digits, 14 to 17 s."""
    from tests.test_terminal import spawn

    child = spawn("--code", "HM1-N-EMQPNCT", "--no-speech", "--no-sounds", "--lang", "en")
    screen = io.StringIO()
    child.logfile_read = screen
    expect_prompt(child)
    child.send("\x1b[" + "1" * 2000 + "x")
    sent = time.monotonic()
    child.sendline("pile 5")
    child.expect("Pile 5, queen of hearts, 8 cards.", timeout=10)
    took = time.monotonic() - sent
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "1111" not in screen.getvalue()  # nothing of it typed into the line
    assert took < 5, took


CODE = "HM1-N-EMQPNCT"


@pytest.mark.expects_bug
def test_a_bug_in_a_key_handler_goes_to_the_log_and_never_the_screen(monkeypatch, capfd):
    """The safety net under the mouse's: any exception in a key's handler (here the mouse
    report's, made to fail) is written to the log; the screen shows nothing of it, and
    the prompt goes on."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from halfmoon_a11y.ui import keys
    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.ui.prompt import run_prompt

    def broken(event):
        raise RuntimeError("a handler's bug")

    monkeypatch.setattr(keys, "_ignore", broken)
    session = Session(DealCode.parse(CODE), Settings(language="en"))
    written: list[str] = []
    reported: list[BaseException] = []
    front = TextFrontEnd(session, written.extend, report=reported.append)
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):

        def type_keys() -> None:  # one at a time: the failing handler drops the keys queued
            keyboard.send_text("\x1b[<0;1;1M")
            wait_for(lambda: reported, WAIT)  # the handler has failed
            keyboard.send_text("pile 5\r")
            wait_for(lambda: "Pile 5, queen of hearts, 8 cards." in written, WAIT)
            keyboard.send_text("quit\r")

        typist = threading.Thread(target=type_keys)
        typist.start()
        run_prompt(front)
        typist.join()
    assert [str(error) for error in reported] == ["a handler's bug"]
    assert "Pile 5, queen of hearts, 8 cards." in written
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err
    assert "handler's bug" not in out + err


class Failing:
    """A prompt whose `prompt` raises a bug `times` times, then reads `line`."""

    def __init__(self, times: int, line: str = "pile 5") -> None:
        self.times = times
        self.line = line

    def prompt(self, *args, **kwargs) -> str:
        if self.times:
            self.times -= 1
            raise ValueError("a bug in the prompt")
        return self.line


@pytest.mark.expects_bug
def test_a_bug_out_of_the_prompt_is_logged_and_the_prompt_asked_again():
    from halfmoon_a11y.ui.prompt import typed_lines

    reported: list[BaseException] = []
    lines = typed_lines(cast("PromptSession[str]", Failing(2)), reported.append)
    assert next(lines) == "pile 5"
    assert len(reported) == 2


@pytest.mark.expects_bug
def test_a_prompt_that_fails_again_and_again_leaves_as_quit_does():
    from halfmoon_a11y.ui.prompt import FAILURES_IN_A_ROW, typed_lines

    reported: list[BaseException] = []
    assert list(typed_lines(cast("PromptSession[str]", Failing(100)), reported.append)) == ["quit"]
    assert len(reported) == FAILURES_IN_A_ROW


# -- the history files -----------------------------------------------------------------


def spawn_limited(*args: str) -> pexpect.spawn:
    """The real program in a pseudo-terminal, its memory capped at 1.5 GB: a history that
    grows it without end fails at once, not after eating the machine."""
    import resource

    def cap() -> None:
        limit = 1536 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env.update({"TERM": "xterm-256color", "PYTHONPATH": os.getcwd()})
    return pexpect.spawn(
        sys.executable,
        ["-m", "halfmoon_a11y", *args],
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(40, 120),
        preexec_fn=cap,
    )


def plant(path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to(private_device(path.parent.parent))
    elif kind == "link":  # planted by someone else: the game must not write through it
        (path.parent / "elsewhere").write_bytes(b"another file of the player's\n")
        path.symlink_to(path.parent / "elsewhere")
    else:
        path.mkdir()


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "link"])
@pytest.mark.parametrize(("mode", "name"), [([], "history"), (["--plain"], "history-plain")])
def test_a_history_that_is_no_regular_file_neither_hangs_nor_grows_the_game(
    kind, mode, name, isolated_folders
):
    history = isolated_folders / "xdg_state_home" / "halfmoon-a11y" / name
    plant(history, kind)
    child = spawn_limited(*mode, "--code", CODE, "--no-speech", "--no-sounds", "--lang", "en")
    screen = io.StringIO()
    child.logfile_read = screen
    child.expect("Reserve R8")
    expect_reading(child)
    child.sendline("pile 5")
    child.expect("Pile 5, queen of hearts, 8 cards.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in screen.getvalue()
    # left as it was: never followed, never replaced
    assert history.is_symlink() if kind in ("zero", "link") else not history.is_symlink()
    if kind == "link":
        assert (history.parent / "elsewhere").read_bytes() == b"another file of the player's\n"
    if kind == "fifo":
        assert history.is_fifo()
    if kind == "folder":
        assert history.is_dir() and not any(history.iterdir())


def test_read_history_reads_only_regular_files_without_blocking(tmp_path):
    from halfmoon_a11y.store.history_file import read_history

    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "real").write_bytes(b"pile 5\n")
    (tmp_path / "folder").mkdir()
    assert read_history(tmp_path / "none") == b""
    assert read_history(tmp_path / "real") == b"pile 5\n"
    for name in ("fifo", "link", "folder"):
        assert read_history(tmp_path / name) is None, name
    assert read_history("/dev/zero") is None


def test_read_history_of_a_large_file_reads_its_last_whole_lines(tmp_path):
    from halfmoon_a11y.store.history_file import read_history

    path = tmp_path / "history"
    path.write_bytes(b"".join(b"line %06d\n" % number for number in range(100_000)))
    data = read_history(path, limit=1000)
    assert data is not None and len(data) <= 1000
    assert data.startswith(b"line ") and data.endswith(b"line 099999\n")


def test_the_history_is_written_0600_in_a_0700_folder_and_never_through_a_link(tmp_path):
    from halfmoon_a11y.store.history_file import append_history

    old = os.umask(0)
    try:
        assert append_history(tmp_path / "state" / "history", "pile 5\n")
    finally:
        os.umask(old)
    assert (tmp_path / "state").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "state" / "history").stat().st_mode & 0o777 == 0o600
    target = tmp_path / "elsewhere"
    target.write_bytes(b"the player's own file\n")
    (tmp_path / "link").symlink_to(target)
    assert not append_history(tmp_path / "link", "pile 5\n")
    assert target.read_bytes() == b"the player's own file\n"


def test_the_prompts_history_reads_what_prompt_toolkit_wrote_and_keeps_500(tmp_path):
    from prompt_toolkit.history import FileHistory

    from halfmoon_a11y.ui.history import CommandHistory

    path = str(tmp_path / "history")
    older = FileHistory(path)
    for number in range(1, 13):
        older.store_string(f"pile {number}")
    for _ in range(50):
        older.store_string("undo")
    older.store_string("set speech\noff")  # a line of more than one line comes back whole
    session = Session(DealCode.parse(CODE), Settings(language="en"))
    history = CommandHistory(path, session)
    strings = list(history.load_history_strings())
    assert strings[0] == "set speech\noff"
    assert strings[-1] == "pile 1"
    history.store_string("frobnicate")  # not understood: not kept
    history.store_string("board")
    assert list(FileHistory(path).load_history_strings())[:2] == ["board", "set speech\noff"]
    for _ in range(500):
        history.store_string("info")
    assert len(list(CommandHistory(path, session).load_history_strings())) == 500
    assert len(list(FileHistory(path).load_history_strings())) == 500  # the file trimmed


class Lines:
    """readline's history, as far as plain mode uses it."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add_history(self, line: str) -> None:
        self.lines.append(line)


def test_plain_modes_history_is_read_bounded_and_kept_to_500(tmp_path):
    from halfmoon_a11y.ui.plain import _load_history

    path = tmp_path / "history-plain"
    path.write_text("".join(f"pile {1 + n % 12}\n" for n in range(600)))
    readline = Lines()
    assert _load_history(cast(ModuleType, readline), str(path))
    assert len(readline.lines) == 500
    assert readline.lines[-1] == "pile 12"
    assert path.read_text().count("\n") == 500
    os.unlink(path)
    os.mkfifo(path)
    assert not _load_history(cast(ModuleType, Lines()), str(path))


def test_plain_modes_history_written_by_libedit_is_read(tmp_path):
    from halfmoon_a11y.ui.plain import _load_history

    path = tmp_path / "history-plain"
    path.write_text("_HiStOrY_V2_\npile\\0405\nset\\040speech\\040off\n")
    readline = Lines()
    assert _load_history(cast(ModuleType, readline), str(path))
    assert readline.lines == ["pile 5", "set speech off"]
    assert path.read_text() == "pile 5\nset speech off\n"


def test_a_nul_in_plain_modes_history_drops_that_line_and_mends_the_file(tmp_path):
    """Issue 26, finding 5: a file being appended at a power cut ends in NULs, and
    readline.add_history raised ValueError (embedded null character) at every start of
    plain mode at a terminal, until the file was deleted by hand. A line that cannot be
    used is dropped, as an empty one is, and the file is written again without it, so the
    next command is not glued to the NULs."""
    import readline

    from halfmoon_a11y.ui.plain import _load_history

    path = tmp_path / "history-plain"
    path.write_bytes(b"pile 5\npi\x00le 6\nset speech off\n\x00\x00\x00\x00")
    readline.clear_history()
    try:
        assert _load_history(readline, str(path))
        count = readline.get_current_history_length()
        lines = [readline.get_history_item(index + 1) for index in range(count)]
    finally:
        readline.clear_history()
    assert lines == ["pile 5", "set speech off"]
    assert path.read_bytes() == b"pile 5\nset speech off\n"
