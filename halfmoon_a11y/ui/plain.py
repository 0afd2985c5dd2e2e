"""Plain mode: lines from standard input, sentences on standard output, nothing else.

Used for pipes, with `--plain`, and with `TERM=dumb`. Never imports prompt_toolkit.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.store.files import HISTORY_SIZE

if TYPE_CHECKING:
    from typing import BinaryIO


def lines_from(stream: BinaryIO) -> Iterator[str]:
    """Input lines as text; bytes that are not UTF-8 become replacement characters."""
    for raw in stream:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def terminal_lines(
    history: str | None = None, keep: Callable[[str], bool] = bool, writes: bool = True
) -> Iterator[str]:
    """Lines typed at a terminal in plain mode.

    The standard readline module gives line editing and history, with nothing
    redrawn (screen-reader users may prefer this mode for that). Ctrl-C clears
    the line and the game goes on; Ctrl-D leaves as quit does. Only lines that
    `keep` accepts (the commands the game understood) go into the history.
    `writes` False: another window owns the files, and the history file is only read.
    """
    readline = _line_editing(history, writes)
    while True:
        try:
            line = input()
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            sys.stdout.flush()
            continue
        except EOFError:
            yield "quit"
            return
        except UnicodeDecodeError:
            line = "\ufffd"  # answered as a word not understood, like a pipe's bad bytes
        if readline is not None and line.strip() and keep(line):
            readline.add_history(line)
        if readline is not None and history and writes and line.strip() and keep(line):
            with contextlib.suppress(OSError):
                os.makedirs(os.path.dirname(history) or ".", exist_ok=True)
                with open(history, "ab"):  # append_history_file needs the file to exist
                    pass
                readline.append_history_file(1, history)
        yield line


def _line_editing(history: str | None, writes: bool = True) -> ModuleType | None:
    try:
        import readline
    except ImportError:  # Windows: the console edits lines itself
        return None
    readline.parse_and_bind("set enable-bracketed-paste off")  # no escapes around a line
    readline.set_history_length(HISTORY_SIZE)
    readline.set_auto_history(False)  # only the commands the game understood are kept
    if history is not None:
        with contextlib.suppress(OSError):
            readline.read_history_file(str(history))
            if writes and readline.get_current_history_length() > HISTORY_SIZE:
                readline.write_history_file(str(history))
    return readline


def wants_plain(plain: bool) -> bool:
    return (
        plain
        or os.environ.get("TERM") == "dumb"
        or not sys.stdin.isatty()
        or not sys.stdout.isatty()
    )
