"""The save and its journal: the whole game in `game.json`, fsynced at a new deal, a game
over and leaving; each move between those as one line in the journal."""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Redone, Removed, Undone
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import SessionEvent
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import (
    NotARegularFile,
    NotOwned,
    keep_aside,
    not_plain,
    read_small,
)
from halfmoon_a11y.store.saved_game import SavedGame

if TYPE_CHECKING:
    from collections.abc import Iterable

    from halfmoon_a11y.store.files import StrPath


@record
class Aside:
    """A journal that was no plain file: kept aside at `aside`, or left (None)."""

    journal: str
    aside: str | None


class JournalUnused(OSError):
    """The journal takes no line now: after a failed write (a line may be torn) until a
    full save restarts it, or when it is long enough to be folded into a full save."""


class GameFile:
    """Writes one game's save and journal. Each method raises OSError when the disk
    refuses; the keeper words it for the player.

    The journal is used only while it is whole: once a line fails to be written, every
    move is a full save until one succeeds and restarts the journal with a new first
    line (a torn line would hide every line after it)."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self._journal = savegame.Journal(path)
        self._written: bytes | None = None  # what the last full save wrote
        # What a resume after a kill could redo now: the last save's `redo`, with the
        # undos and redos of the journal since (a redo replays as one only while some is)
        self._redo = 0
        self.journal_held = False  # a journal that could not be set aside: never written

    @property
    def journal_path(self) -> str:
        return self._journal.path

    def journal_holds(self, game: str) -> bool:
        """Whether the save on disk and its journal hold every move of `game` so far: the
        journal adds to that game's save, and no line of it failed (a failed line closes
        it)."""
        return self._journal.is_open and self._journal.game == game and not self.journal_held

    def save(self, saved: SavedGame, won: bool) -> list[Aside]:
        """The whole game; a won game is over, so its save goes and the next start deals
        anew. The journals found unusable and set aside on the way (None: left where they
        are, never written). Raises OSError only when the save itself is not written: a
        journal that cannot be restarted leaves every later move to a full save."""
        if won:
            with suppress(FileNotFoundError):
                os.unlink(self.path)
            self._journal.remove()
            self._written = None
            self._redo = 0
            return []
        data = saved.to_bytes()
        # The same game as the last full save (a start and a quit with no move between):
        # written again, it would cost two fsyncs and say nothing new.
        if not self._already_on_disk(data):
            try:
                savegame.write_bytes(self.path, data)  # a link only if the player's own
            except OSError:
                if self._journal.game != saved.game:
                    # it adds to another game's save (a new deal whose save failed):
                    # no move of this game may go into it
                    self._journal.close()
                raise
            self._written = data
            self._redo = len(saved.redo)
            return self._restart_journal(saved)
        self._redo = len(saved.redo)
        if not self._journal.is_open or self._journal.lines:
            return self._restart_journal(saved)  # the save holds every move the journal had
        return []

    def _restart_journal(self, saved: SavedGame) -> list[Aside]:
        set_aside: list[Aside] = []
        if self.journal_held:
            return set_aside
        for _ in range(2):
            try:
                self._journal.restart(saved.game, len(saved.moves))
                break
            except (NotARegularFile, NotOwned):  # a FIFO, a link, another user's file
                aside = keep_aside(self._journal.path)
                set_aside.append(Aside(self._journal.path, aside))
                if aside is None:
                    self.journal_held = True
                    break
            except OSError:  # a full disk: full saves until one restarts it
                self._journal.close()
                break
        return set_aside

    def journal(self, events: Iterable[SessionEvent], seconds: float) -> None:
        """A removal, a redo or an undo: one line appended to the journal, not a whole
        save; a redo is the removal it makes again, so it is written as that removal,
        which replays as the redo while a resume could make it. JournalUnused (an
        OSError) when the moves must go to a full save instead (with what redo could
        make again): a journal long enough to fold, or a new removal while a resume
        could redo something, which the replay would take for that redo."""
        if not self._journal.is_open or self._journal.size >= savegame.JOURNAL_FOLD:
            raise JournalUnused(self._journal.path)  # folded into a full save now
        events = tuple(events)
        redo = self._redo
        for event in events:
            if isinstance(event, Undone):
                redo += 1
            elif isinstance(event, Redone):
                redo = max(redo - 1, 0)
            elif isinstance(event, Removed) and redo:
                raise JournalUnused(self._journal.path)
        for event in events:
            if isinstance(event, Removed | Redone):
                self._journal.removal(tuple(p.location for p in event.cards), seconds)
            elif isinstance(event, Undone):
                self._journal.undo(seconds)
        self._redo = redo

    def _already_on_disk(self, data: bytes) -> bool:
        """Whether the save file holds exactly `data` and no journal adds to it: then a
        full save would say nothing new (a start and a quit with no move between, a
        resumed game left as it was) and its two fsyncs are spared."""
        path = self.path
        if self._written is None:  # the first save of this run: what is there?
            if not_plain(savegame.journal_path(path)):
                return False
            try:
                on_disk = read_small(path, savegame.MAX_BYTES)
                if on_disk is None or savegame.journal_adds(path, on_disk):
                    return False  # no save, or a journal with moves to fold in
            except (OSError, savegame.SaveError):
                return False
            self._written = on_disk
        return data == self._written and os.path.exists(path) and not not_plain(path)

    def close(self) -> None:
        self._journal.close()
