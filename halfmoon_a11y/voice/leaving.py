"""Leaving is heard: after `quit`, the game's voice says its last answer to the end.

The answer to `quit` (the game is saved, goodbye) is queued in the voice when the
program ends; closing the voice then cut it off, and the player heard nothing. Now the
voice is given up to FINISH_SECONDS to finish before it closes, and any key cuts the
wait short, as a key silences the voice at any other time. Only after `quit` (or
Ctrl-D): a SIGTERM or a closed window leaves at once.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system

if TYPE_CHECKING:
    from typing import Any, TextIO

    from halfmoon_a11y.voice.speaker import Speaker

FINISH_SECONDS = 6.0  # the most leaving waits for the last answer (quit's: 4 to 5 s at rate 175)
KEY_CHECK_SECONDS = 0.02  # how often a key is looked for while the voice finishes
# The most the program stays after writing its goodbye at a terminal: a terminal screen
# reader reads what was written a moment later, and when the program ended at once, the
# window closed (or the shell wrote its prompt) first, and the goodbye went unheard.
LINGER_SECONDS = 0.3


def let_finish(
    speakers: Sequence[Speaker], seconds: float = FINISH_SECONDS, keys: TextIO | None = None
) -> bool:
    """Wait until every speaker has said all it was asked, at most `seconds`; a key typed
    at the terminal `keys` (standard input by default, if it is a terminal) silences
    them and ends the wait. Whether all was said."""
    if all(speaker.drain(0) for speaker in speakers):
        return True  # nothing to wait for (speech off, a screen reader speaks)
    deadline = time.monotonic() + seconds
    fd = _terminal(sys.stdin if keys is None else keys)
    with _keys_at_once(fd):
        for speaker in speakers:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if speaker.drain(min(left, KEY_CHECK_SECONDS)):
                    break
                if fd is not None and _key_pressed(fd):
                    for each in speakers:
                        each.interrupt()
                    return False
    return True


def linger(seconds: float = LINGER_SECONDS, out: TextIO | None = None) -> None:
    """Stay up to `seconds` before the program ends, when `out` (standard output) and
    standard input are terminals; a key ends the wait. Nothing in a pipe or a file."""
    screen = _terminal(sys.stdout if out is None else out)
    fd = _terminal(sys.stdin)
    if screen is None or fd is None or seconds <= 0:
        return
    deadline = time.monotonic() + seconds
    with _keys_at_once(fd):
        while (left := deadline - time.monotonic()) > 0:
            if _key_pressed(fd):
                return
            time.sleep(min(left, KEY_CHECK_SECONDS))


def _terminal(stream: TextIO) -> int | None:
    """The stream's descriptor if it is a terminal, where a key can be read; else None (a
    pipe's next line is no key)."""
    try:
        fd = stream.fileno()
        return fd if os.isatty(fd) else None
    except (AttributeError, ValueError, OSError):
        return None


class _keys_at_once:
    """The terminal hands over each key as it is pressed, unechoed, Ctrl-C included (its
    signal is held while leaving: as a key, it too cuts the wait); set back after. A
    class, not contextlib's decorator: contextlib costs a start about 0.5 ms to load."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd
        self.before: list[Any] | None = None
        self.termios: Any = None  # the module, taken on entering: only POSIX has it

    def __enter__(self) -> None:
        fd = self.fd
        if fd is None or system.is_windows():  # Windows: the console gives keys at once
            return
        import termios

        self.termios = termios
        try:
            before = termios.tcgetattr(fd)
            mode = termios.tcgetattr(fd)
            mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG)
            mode[6][termios.VMIN] = 1
            mode[6][termios.VTIME] = 0
            termios.tcsetattr(fd, termios.TCSANOW, mode)
        except (termios.error, OSError):
            return
        self.before = before

    def __exit__(self, *raised: object) -> None:
        if self.fd is None or self.before is None:  # nothing was set (Windows: never)
            return
        termios = self.termios
        with suppress(termios.error, OSError):
            termios.tcsetattr(self.fd, termios.TCSANOW, self.before)


def _key_pressed(fd: int) -> bool:
    """Whether a key is waiting; it is read, so it does not reach the shell afterwards. A
    terminal that is gone counts as a key: nobody is left to listen. On Windows, whose
    select() takes only sockets, the console is asked (msvcrt.kbhit); Ctrl-C is no key
    there, but a signal, held while leaving."""
    if system.is_windows():
        import msvcrt

        if not msvcrt.kbhit():  # type: ignore[attr-defined,unused-ignore]
            return False
        while msvcrt.kbhit():  # type: ignore[attr-defined,unused-ignore]
            msvcrt.getwch()  # type: ignore[attr-defined,unused-ignore]
        return True
    try:
        ready, _, _ = select.select([fd], [], [], 0)
        if ready:
            os.read(fd, 1024)
    except (OSError, ValueError):
        return True
    return bool(ready)
