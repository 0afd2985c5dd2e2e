"""The save and its journal: the whole game in `game.json`, fsynced at a new deal, a game
over and leaving; each move between those as one line in the journal."""

from __future__ import annotations

import contextlib
import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Removed, Undone
from halfmoon_a11y.play.answers import SessionEvent
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import read_small
from halfmoon_a11y.store.saved_game import SavedGame

if TYPE_CHECKING:
    from collections.abc import Iterable

    from halfmoon_a11y.store.files import StrPath


class GameFile:
    """Writes one game's save and journal. Each method raises OSError when the disk
    refuses; the keeper words it for the player."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self._journal = savegame.Journal(path)
        self._written: bytes | None = None  # what the last full save wrote

    def save(self, saved: SavedGame, won: bool) -> None:
        """The whole game; a won game is over, so its save goes and the next start deals
        anew."""
        if won:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)
            self._journal.remove()
            self._written = None
            return
        data = saved.to_bytes()
        # The same game as the last full save (a start and a quit with no move between):
        # written again, it would cost two fsyncs and say nothing new.
        if not self._already_on_disk(data):
            savegame.write_bytes(self.path, data)
            self._journal.restart(saved.game, len(saved.moves))
            self._written = data

    def journal(self, events: Iterable[SessionEvent], seconds: float) -> None:
        """A removal or an undo: one line appended to the journal, not a whole save."""
        for event in events:
            if isinstance(event, Removed):
                self._journal.removal(tuple(p.location for p in event.cards), seconds)
            elif isinstance(event, Undone):
                self._journal.undo(seconds)

    def _already_on_disk(self, data: bytes) -> bool:
        """Whether the save file holds exactly `data` and no journal adds to it: then a
        full save would say nothing new (a start and a quit with no move between, a
        resumed game left as it was) and its two fsyncs are spared (issue 12)."""
        path = self.path
        if self._written is None:  # the first save of this run: what is there?
            try:
                on_disk = read_small(path, savegame.MAX_BYTES)
                with_journal = savegame.read(path)
            except (OSError, savegame.SaveError):
                return False
            if on_disk is None or with_journal is None or with_journal.to_bytes() != on_disk:
                return False  # no save, or a journal with moves to fold in
            self._written = on_disk
        return data == self._written and os.path.exists(path)

    def close(self) -> None:
        self._journal.close()
