"""The terminal window's size, and text cut to it: the front end's answers, and what the
command line says before the game opens (an option refused, a setting ignored), so
that no message the game writes is cut by the terminal in the middle of a word or a
name. Only `os` and `text.wrap`: the JSON mode's start loads it too."""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.text.wrap import wrap_all

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol, TextIO

    class Stream(Protocol):
        """What the game writes its answers to: a terminal, a pipe, a file, or `Held`."""

        def write(self, text: str, /) -> int: ...
        def flush(self) -> None: ...
        def isatty(self) -> bool: ...
        def fileno(self) -> int: ...


NARROWEST = 20  # columns: a narrower window's lines are cut at this width, no narrower


def is_terminal(out: Stream) -> bool:
    """Whether `out` is a terminal; False for a pipe, a file or a closed stream."""
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def terminal_columns(out: Stream) -> int:
    """The width of the terminal `out` writes to, in columns; 0 when it cannot be told
    (then nothing is cut). Asked of the terminal itself, as shutil does, without loading
    shutil at start."""
    try:
        return os.get_terminal_size(out.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def terminal_rows(out: Stream) -> int:
    """The height of the terminal `out` writes to, in rows; 0 when it cannot be told."""
    try:
        return os.get_terminal_size(out.fileno()).lines
    except (AttributeError, ValueError, OSError):
        return 0


def wrap_width(columns: int) -> int:
    """The width lines are cut to in a window `columns` wide: the last column left free,
    and never under NARROWEST (a window 2 columns wide, as a flood of size changes leaves
    it for a moment, put each word on a line of its own); 0, nothing cut, when the width
    cannot be told (a window of 0 columns)."""
    return max(columns - 1, NARROWEST) if columns > 0 else 0


def fitted(out: TextIO, text: str) -> str:
    """`text` (lines, each ending in a newline) cut to the window `out` writes to, when
    it is a terminal; as it is in a pipe or a file."""
    if not is_terminal(out):
        return text
    lines = wrap_all(text.rstrip("\n").split("\n"), wrap_width(terminal_columns(out)))
    return "".join(line + "\n" for line in lines)


def note(out: TextIO, text: str) -> None:
    """One line (or a few) said on `out` before the game opens, cut to its window."""
    out.write(fitted(out, text.rstrip("\n") + "\n"))


class Held:
    """A terminal's stream whose writes wait, to go out in one write with what follows
    them: the opening, with the first prompt. A screen reader reads each write that
    reaches the terminal apart: the prompt's `?` drawn alone a moment after the opening
    was said by name ("pregunta", Orca 43 in a VTE terminal) and cut the opening short.
    The window's size is asked of the terminal itself."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.parts: list[str] | None = []  # None: released, writes go straight through

    def write(self, text: str) -> int:
        if self.parts is None:
            return self.out.write(text)
        self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        if self.parts is None:
            self.out.flush()

    def isatty(self) -> bool:
        return is_terminal(self.out)

    def fileno(self) -> int:
        return self.out.fileno()

    def release(self, write: Callable[[str], object] | None = None) -> None:
        """What was held, given to `write` (the prompt's output, held until it draws the
        prompt), or written at once; from then on writes go straight through. Again,
        nothing: what was held goes out once."""
        parts, self.parts = self.parts, None
        if not parts:
            return
        text = "".join(parts)
        if write is not None:
            write(text)
        else:
            self.out.write(text)
            self.out.flush()
