"""The prompt's history across runs, in the platform's state folder."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable

from prompt_toolkit.history import FileHistory

from halfmoon_a11y.play.session import Session
from halfmoon_a11y.store.files import HISTORY_SIZE


class CommandHistory(FileHistory):
    """Up and Down across runs: the commands the game understood, the last HISTORY_SIZE (500).

    A line the game refused (a typo, a stray paste) is not kept. `writes` False: another
    window owns the files; the file is read, and this window's lines stay in memory.
    """

    def __init__(self, path: str, session: Session, writes: bool = True) -> None:
        self.session = session
        self.writes = writes
        super().__init__(path)
        if writes:
            self._trim(path)

    def store_string(self, string: str) -> None:
        if self.writes and self.session.understands(string):
            with contextlib.suppress(OSError):  # no reason to stop a game
                super().store_string(string)

    def load_history_strings(self) -> Iterable[str]:
        try:
            yield from super().load_history_strings()
        except OSError:
            return

    def _trim(self, path: str) -> None:
        """Keep the file to the last HISTORY_SIZE commands."""
        strings = list(self.load_history_strings())  # newest first
        if len(strings) <= HISTORY_SIZE:
            return
        with contextlib.suppress(OSError):
            os.unlink(path)
            for string in reversed(strings[:HISTORY_SIZE]):
                super().store_string(string)
