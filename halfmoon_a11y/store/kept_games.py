"""Games kept aside: an unfinished game with moves, put aside when another deal is
started with --code, one file per deal code, taken back by `new CODE` or --code."""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Start
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.saved_game import SavedGame, SaveError

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath


class KeptGames:
    def __init__(self, folder: StrPath) -> None:
        self.folder = folder

    def path(self, code: DealCode) -> str:
        return os.path.join(self.folder, f"{code}.json")

    def take(self, code: DealCode) -> tuple[Start, str] | None:
        """The game kept for this deal, replayed, and its identity; no longer kept: it is
        played from now on. None if there is none, or it cannot be read."""
        path = self.path(code)
        try:
            saved = savegame.read(path)
            if saved is None:
                return None
            start = saved.start()  # raises SaveError when it does not replay
            os.unlink(path)
        except (SaveError, OSError):
            return None
        return start, saved.game

    def put(self, saved: SavedGame) -> None:
        """Keep a game aside by its code. Raises OSError."""
        savegame.write(self.path(saved.code), saved)
