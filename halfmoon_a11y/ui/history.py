"""The prompt's history across runs, in the platform's state folder."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from prompt_toolkit.history import History

from halfmoon_a11y.play.dispatch import understands
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.store.files import HISTORY_SIZE
from halfmoon_a11y.store.history_file import append_history, read_history, rewrite_history


class CommandHistory(History):
    """Up and Down across runs: the commands the game understood, the last HISTORY_SIZE (500).

    A line the game refused (a typo, a stray paste) is not kept. The file is
    prompt_toolkit's FileHistory format (a `# time` line, then each line of the
    command after a `+`), read bounded and written as the game's own files are
    (`store/history_file.py`): a path that is not a regular file is left alone, and
    the history is this run's only. `writes` False: another window owns the files; the
    file is read, and this window's lines stay in memory.
    """

    def __init__(self, path: str, session: Session, writes: bool = True) -> None:
        self.path = path
        self.session = session
        self.usable = True  # False: the path is not a regular file; nothing is written
        self.writes = writes
        super().__init__()

    def load_history_strings(self) -> Iterable[str]:
        """Newest first. A file of more than HISTORY_SIZE commands is rewritten with the
        last HISTORY_SIZE."""
        data = read_history(self.path)
        if data is None:
            self.usable = False
            return []
        strings = _commands(data)
        if len(strings) > HISTORY_SIZE:
            strings = strings[-HISTORY_SIZE:]
            if self.writes:
                rewrite_history(self.path, "".join(map(_entry, strings)))
        return reversed(strings)

    def store_string(self, string: str) -> None:
        if self.usable and self.writes and understands(self.session, string):
            append_history(self.path, _entry(string))  # a failure is no reason to stop


def _commands(data: bytes) -> list[str]:
    """The commands of a history file, oldest first (as FileHistory reads them)."""
    strings: list[str] = []
    lines: list[str] = []
    for raw in data.split(b"\n"):
        line = raw.decode("utf-8", errors="replace")
        if line.startswith("+"):
            lines.append(line[1:])
        elif lines:
            strings.append("\n".join(lines))
            lines = []
    if lines:
        strings.append("\n".join(lines))
    return strings


def _entry(string: str) -> str:
    """One command as FileHistory writes it."""
    lines = "".join(f"+{line}\n" for line in string.split("\n"))
    return f"\n# {datetime.datetime.now()}\n{lines}"
