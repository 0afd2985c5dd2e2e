"""Games kept aside: an unfinished game with moves, put aside when another deal is
started with --code, one file per deal code (`CODE.json`), taken back by `new CODE` or
--code.

Nothing here ever drops a game. A kept file holding another game of the same
deal is never written over: the game put aside goes beside it, as `CODE.GAME.json`
(GAME, the game's identity). Taking a game back only reads it: the keeper removes the
file once the game is in the save (`remove`), so a kill in between loses nothing. A kept
file that cannot be read, or that holds another deal than its name says, is set aside
and named. The folder is read only when a game is
asked for or put aside, or at a start that deals anew (the leftovers of a write a kill
cut short go then), never when a start resumes the saved game.
"""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.start import Start
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import atomic_write, keep_aside, read_small, remove_leftovers_in
from halfmoon_a11y.store.saved_game import SavedGame, SaveError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from halfmoon_a11y.store.files import StrPath


@record
class Kept:
    """A kept game, read and replayed, still on disk."""

    start: Start
    game: str  # its identity
    path: str
    modified: float  # when its file was last written


@record
class Unreadable:
    """A kept file that could not be read: set aside as `aside`, or left (None)."""

    path: str
    aside: str | None
    other_deal: bool = False  # it holds a game of another deal than its name says


def modified(path: StrPath) -> float:
    """When a game's file (and its journal, if any) was last written; 0 if never."""
    newest = 0.0
    for name in (os.fspath(path), savegame.journal_path(path)):
        with suppress(OSError):
            newest = max(newest, os.stat(name).st_mtime)
    return newest


class KeptGames:
    def __init__(self, folder: StrPath) -> None:
        self.folder = folder

    def path(self, code: DealCode) -> str:
        return os.path.join(self.folder, f"{code}.json")

    def find(self, code: DealCode) -> tuple[Kept | None, list[Unreadable]]:
        """The game kept for this deal, replayed, left on disk until `remove`: the file
        `CODE.json`, else the newest `CODE.GAME.json`. A file that cannot be read, or
        holds a game of another deal, is set aside and named in the list, and
        the next one is tried."""
        unreadable = []
        for path in self._candidates(code):
            try:
                kept = self._read(path)
            except (SaveError, OSError):
                unreadable.append(Unreadable(path, keep_aside(path)))
                continue
            if kept is not None and kept.start.code != code:  # never played for this deal
                unreadable.append(Unreadable(path, keep_aside(path), other_deal=True))
                continue
            if kept is not None:
                return kept, unreadable
        return None, unreadable

    def _candidates(self, code: DealCode) -> Iterator[str]:
        main = self.path(code)
        if os.path.lexists(main):
            yield main
        yield from self._others(code)  # the folder is read only when CODE.json will not do

    def _read(self, path: str) -> Kept | None:
        raw = read_small(path, savegame.MAX_BYTES)
        if raw is None:
            return None
        saved = SavedGame.from_bytes(raw)
        start = saved.start()  # raises SaveError when it does not replay
        return Kept(start, saved.game, path, modified(path))

    def _others(self, code: DealCode) -> list[str]:
        """`CODE.GAME.json`: games of the same deal put aside beside another, newest first."""
        prefix = f"{code}."
        found = []
        with suppress(OSError), os.scandir(self.folder) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith(prefix) and name.endswith(".json") and name != f"{code}.json":
                    found.append(entry.path)
        return sorted(found, key=modified, reverse=True)

    def put(self, saved: SavedGame) -> str:
        """Keep a game aside by its code, never over another game: the path written.
        Raises OSError."""
        remove_leftovers_in(self.folder)  # a kill's, while the folder is written anyway
        path = self.path(saved.code)
        if not self._free_for(path, saved.game):
            path = os.path.join(self.folder, f"{saved.code}.{saved.game or os.getpid()}.json")
        atomic_write(path, saved.to_bytes(), follow_link=False)
        return path

    def _free_for(self, path: str, game: str) -> bool:
        """Whether `path` may be written with this game: nothing there, or the same game."""
        try:
            raw = read_small(path, savegame.MAX_BYTES)
            return raw is None or (bool(game) and SavedGame.from_bytes(raw).game == game)
        except (SaveError, OSError):
            return False  # something that cannot be read is nobody's to write over

    def remove(self, path: StrPath) -> None:
        """A kept game now in the save: its file goes. One that cannot go stays, and is
        recognised as the same game next time."""
        with suppress(OSError):
            os.unlink(path)
