"""Plain mode: lines from standard input, sentences on standard output, nothing else.

Used for pipes, with `--plain`, and with `TERM=dumb`. Never imports prompt_toolkit.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.commands import LINE_LIMIT
from halfmoon_a11y.store.files import HISTORY_SIZE
from halfmoon_a11y.store.history_file import append_history, read_history, rewrite_history
from halfmoon_a11y.ui import ctrl_c

if TYPE_CHECKING:
    from typing import BinaryIO


# The most bytes of one line held at once: LINE_LIMIT + 1 characters of 4 bytes each (the
# longest UTF-8 character), and the line's end.
LINE_BYTES = 4 * (LINE_LIMIT + 1) + 2
DISCARD_CHUNK = 64 * 1024  # the rest of an over-long line is read and dropped this much at a time


def lines_from(stream: BinaryIO) -> Iterator[str]:
    """Input lines as text (plain mode from a pipe, the JSON mode); bytes that are not
    UTF-8 become replacement characters.

    Read bounded: at most LINE_BYTES of a line are kept. Of a longer line, the rest is
    read and dropped, and its first LINE_BYTES are given on as they are, nothing
    stripped: they decode to more than LINE_LIMIT characters (a character is at most 4
    bytes, a broken byte is one replacement character), so the command parser refuses
    the line as too long. A 100 MB line never sits in memory whole.

    A line's end is its newline and one carriage return before it ("\\r\\n"), no more:
    a line's other characters count towards LINE_LIMIT, trailing carriage returns as
    much as trailing spaces. Before, every trailing "\\r" was stripped, of a cut line
    too: `pick 4 7` and 3,998 carriage returns, cut, left `pick 4 7`, and it was
    played."""
    while True:
        raw = stream.readline(LINE_BYTES)
        if not raw:
            return
        if len(raw) == LINE_BYTES and not raw.endswith(b"\n"):
            _drop_rest_of_line(stream)
            yield raw.decode("utf-8", errors="replace")  # refused whole: nothing stripped
            continue
        yield raw.decode("utf-8", errors="replace").removesuffix("\n").removesuffix("\r")


def _drop_rest_of_line(stream: BinaryIO) -> None:
    while True:
        rest = stream.readline(DISCARD_CHUNK)
        if not rest or rest.endswith(b"\n"):
            return


def terminal_lines(
    history: str | None = None,
    keep: Callable[[str], bool] = bool,
    writes: bool = True,
    cleared: Callable[[], None] | None = None,
) -> Iterator[str]:
    """Lines typed at a terminal in plain mode.

    The standard readline module gives line editing and history, with nothing
    redrawn (screen-reader users may prefer this mode for that). Ctrl-C clears
    the line (and `cleared` says so) and the game goes on; Ctrl-D leaves as quit does.
    Only lines that
    `keep` accepts (the commands the game understood) go into the history.

    The history file is read and written here, not by readline (whose
    read_history_file opens whatever is at the path: a FIFO hung the game, a link to
    /dev/zero grew it by gigabytes): bounded, regular files only, never through a
    symlink (`store/history_file.py`). One command a line, UTF-8. `writes` False:
    another window owns the files, and the history file is only read.
    """
    readline = _line_editing()
    if readline is None or not _load_history(readline, history, writes):
        history = None  # not a regular file, or no readline: this run's history only
    while True:
        try:
            with ctrl_c.clears_line():
                line = input()
        except KeyboardInterrupt:
            ctrl_c.heard()  # this Ctrl-C is answered here: "Line cleared." is not silenced
            sys.stdout.write("\n")  # off the line the ^C was echoed on
            sys.stdout.flush()
            if cleared is not None:
                cleared()
            continue
        except EOFError:
            yield "quit"
            return
        except UnicodeDecodeError:
            line = "\ufffd"  # answered as a word not understood, like a pipe's bad bytes
        ctrl_c.heard()  # a Ctrl-C as the line came: it silenced what was said before it
        if readline is not None and line.strip() and usable(line) and keep(line):
            readline.add_history(line)
            if history is not None and writes:
                append_history(history, line + "\n")
        yield line


def _line_editing() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # Windows: the console edits lines itself
        return None
    readline.parse_and_bind("set enable-bracketed-paste off")  # no escapes around a line
    readline.set_history_length(HISTORY_SIZE)
    readline.set_auto_history(False)  # only the commands the game understood are kept
    return readline


LIBEDIT_HEADER = "_HiStOrY_V2_"  # the first line of a file macOS's readline (libedit) wrote


def _load_history(readline: ModuleType, history: str | None, writes: bool = True) -> bool:
    """The history file's last HISTORY_SIZE commands into readline; a longer file (or one
    libedit wrote) is rewritten with them. False when the path is not a regular file:
    nothing is written to it."""
    if history is None:
        return False
    data = read_history(history)
    if data is None:
        return False
    found = [line for line in data.decode("utf-8", errors="replace").split("\n") if line]
    libedit = bool(found) and found[0] == LIBEDIT_HEADER
    if libedit:  # spaces and backslashes as octal escapes (\040)
        found = [_unescape(line) for line in found[1:]]
    lines = [line for line in found if usable(line)]  # a power cut leaves NULs at the end
    if (libedit or len(lines) != len(found) or len(lines) > HISTORY_SIZE) and writes:
        rewrite_history(history, "".join(line + "\n" for line in lines[-HISTORY_SIZE:]))
    for line in lines[-HISTORY_SIZE:]:
        readline.add_history(line)
    return True


def usable(line: str) -> bool:
    """Whether readline can hold the line: not empty, and no NUL (add_history raises
    ValueError on one, and that once stopped every start of plain mode)."""
    return bool(line) and "\0" not in line


def _unescape(line: str) -> str:
    return re.sub(r"\\([0-7]{3})", lambda found: chr(int(found.group(1), 8)), line)


def wants_plain(plain: bool) -> bool:
    return (
        plain
        or os.environ.get("TERM") == "dumb"
        or not sys.stdin.isatty()
        or not sys.stdout.isatty()
    )
