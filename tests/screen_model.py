"""A screen model of the interactive game, as a terminal screen reader sees it.

The real program runs in a pseudo-terminal; everything it writes goes through
pyte, a terminal emulator, whose screen is tall enough never to scroll. After
each Enter, `changed()` tells which screen lines were written to (pyte's dirty
lines) and what they hold: a screen reader that speaks new text speaks those.

Every wait here is for something the game writes (the prompt drawn, a typed key
shown), never for a quiet spell: on a loaded machine the game is slower, not
different, and a pause in the middle of an answer is no end of it.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable

import pexpect
import pyte

from tests.support import WAIT, wait_for

ROWS, COLUMNS = 400, 120

# prompt_toolkit asks for each line with bracketed paste on (ESC [ ? 2004 h), draws the
# prompt's `?` (one not part of an escape: not after `[`), and ends each drawing by
# showing the caret again (ESC [ ? 25 h). All three in that order: the prompt is
# drawn and the terminal is in raw mode (entered before the drawing), so a key is the
# game's to read. Before, the terminal itself echoes keys, and Ctrl-C is a signal.
PROMPT_DRAWN = re.compile(rb"\x1b\[\?2004h.*?(?<!\[)\?.*?\x1b\[\?25h", re.DOTALL)
PROMPT = "? "  # as the game draws it (halfmoon_a11y.ui.prompt.PROMPT; not imported here:
# that would load prompt_toolkit in every test that uses the model)
CARET_SHOWN = b"\x1b[?25h"  # the end of every drawing of the prompt


def prompt_drawn(written: bytes, after: bytes = b"") -> bool:
    """Whether `written` holds `after` and then the prompt drawn anew."""
    at = written.find(after)
    return at >= 0 and PROMPT_DRAWN.search(written, at + len(after)) is not None


def expect_prompt(child: pexpect.spawn, timeout: float = WAIT) -> None:
    """Wait until the game's prompt is drawn anew: from then on it reads the keys sent.
    For a child that decodes its output (`encoding`) as for one that does not."""
    pattern: re.Pattern[str] | re.Pattern[bytes] = PROMPT_DRAWN
    if child.encoding is not None:
        pattern = re.compile(PROMPT_DRAWN.pattern.decode("ascii"), re.DOTALL)
    child.expect(pattern, timeout=timeout)


def reads_keys(child: pexpect.spawn) -> bool:
    """Whether the game reads its terminal a key at a time, as readline and prompt_toolkit
    do while they wait for a line (the terminal not canonical). Between two lines the
    terminal is canonical again: it echoes a typed key itself, and Ctrl-C is a signal.
    (A pseudo-terminal's settings, asked on the test's side, are the game's side's.)"""
    import termios  # POSIX only, as the pseudo-terminals are

    return not termios.tcgetattr(child.child_fd)[3] & termios.ICANON


def expect_reading(child: pexpect.spawn, timeout: float = WAIT) -> None:
    """Wait until the game waits for a line: in plain mode readline draws nothing to
    tell it (no prompt), so the terminal's own mode is asked."""
    assert wait_for(lambda: reads_keys(child), timeout), "the game never read its terminal"


# What prompt_toolkit writes around the typed characters to draw them: CSI sequences
# (cursor movement, erase, colours, caret shown and hidden), carriage returns, backspaces.
# A space typed on a blank cell is drawn as a move forward (ESC [ C) over it.
LINE_EDITING = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|[\r\x08]")
FORWARD = re.compile(rb"\x1b\[([0-9]*)C")


def as_typed(written: bytes) -> bytes:
    """The characters the drawing of a typed line shows, its spaces included."""
    spaced = FORWARD.sub(lambda move: b" " * int(move.group(1) or 1), written)
    return LINE_EDITING.sub(b"", spaced)


def expect_typed(child: pexpect.spawn, text: str, timeout: float = WAIT) -> None:
    """Wait until `text`, just sent at the prompt, is shown and its drawing has ended:
    the game has read every key of it (and done what a key does, such as silence the
    voice)."""
    shown = b""
    caret = CARET_SHOWN if child.encoding is None else CARET_SHOWN.decode("ascii")
    while not as_typed(shown).endswith(text.encode()):
        child.expect_exact(caret, timeout=timeout)
        piece = child.before + child.after
        shown += piece.encode() if isinstance(piece, str) else piece


class ScreenModel:
    def __init__(
        self,
        *args: str,
        extra_env: dict[str, str] | None = None,
        cwd: str | None = None,
        columns: int = COLUMNS,
        rows: int = ROWS,
        log: str | None = None,
    ) -> None:
        """`log`: every write of the game's noted there (`tests/logged_writes.py`)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
        env["TERM"] = "xterm-256color"
        env.update(extra_env or {})
        self.screen = pyte.Screen(columns, rows)
        self.log = log
        self.stream = pyte.ByteStream(self.screen)
        self.traffic = b""  # everything written since the last Enter
        program = ["-m", "halfmoon_a11y"]
        if log is not None:
            program = [os.path.join(os.path.dirname(__file__), "logged_writes.py"), log]
        self.child = pexpect.spawn(
            sys.executable,
            [*program, *args],
            env=env,
            timeout=20,
            dimensions=(rows, columns),
            cwd=cwd,
        )
        # no 50 ms pause before each key: the tests wait for the prompt before typing,
        # the reason pexpect pauses (a whole game is some 300 keys)
        self.child.delaybeforesend = None

    def read_until(
        self, done: Callable[[bytes], bool], seconds: float = WAIT, feed: bool = True
    ) -> bytes:
        """Read what the game writes until `done(all of it)`, fed to the screen (unless
        `feed` is False). Fails, with what was read, if that takes `seconds`."""
        got = b""
        deadline = time.monotonic() + seconds
        while not done(got):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"waited {seconds} s for the game, which wrote {got!r}")
            try:
                chunk = self.child.read_nonblocking(65536, timeout=min(left, 1.0))
            except pexpect.TIMEOUT:
                continue
            got += chunk
            if feed:
                self.stream.feed(chunk)
        return got

    def wait_for_prompt(self) -> bytes:
        """Read until the prompt is drawn (at the start: after the opening and the time
        prompt_toolkit takes to load, which a loaded machine makes long)."""
        return self.read_until(prompt_drawn)

    def row(self, y: int) -> str:
        """Screen line `y` as it stands (drawn alone: pyte's `display` draws all 400
        lines at every call)."""
        line = self.screen.buffer[y]
        return "".join(line[x].data for x in range(self.screen.columns))

    def before_caret(self) -> str:
        """What the caret's line shows before the caret: the prompt and what is typed."""
        caret = self.screen.cursor
        return self.row(caret.y)[: caret.x]

    def shown(self, line: str) -> Callable[[bytes], bool]:
        """For `read_until`: whether the caret stands after `line` and its drawing ended."""
        return lambda written: written.endswith(CARET_SHOWN) and self.before_caret() == line

    def type(self, text: str) -> None:
        """Type `text` a key at a time, as a person does: each key sent once the last one
        is shown after the prompt and its drawing has ended."""
        for length in range(1, len(text) + 1):
            self.child.send(text[length - 1])
            self.read_until(self.shown(PROMPT + text[:length]))

    def enter(self) -> list[str]:
        """Press Enter; the text of every screen line written to until the prompt is drawn
        again after the answer (blank lines left out: a screen reader has nothing to say
        of them)."""
        self.screen.dirty.clear()
        self.child.send("\r")
        self.traffic = self.read_until(prompt_drawn)
        display = self.screen.display  # computed once: each call renders every line
        lines = [display[y].rstrip() for y in sorted(self.screen.dirty)]
        return [line for line in lines if line]

    def writes(self) -> list[bytes]:
        """Every write the game has made to its terminal, in order (with `log` only)."""
        from tests.logged_writes import read_log

        assert self.log is not None, "the model was made without a log"
        return read_log(self.log)

    def timed_writes(self) -> list[tuple[float, bytes]]:
        """`writes`, each with the game's time.monotonic() as it made it."""
        from tests.logged_writes import read_timed_log

        assert self.log is not None, "the model was made without a log"
        return read_timed_log(self.log)

    def close(self) -> None:
        self.child.close(force=True)
