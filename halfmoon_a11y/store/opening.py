"""Which game a start opens: the saved game resumed, a game kept aside for `--code`
brought back, or a deal afresh; and what to tell the player about the files on the way
(another window, a lock set aside, folders of another user, a save or a journal that
cannot be used, a kept game of another deal).

`Opening.resolve` reads what is there, asks `choosing.py` what to open, and carries the
choice out through `Disk`; the keeper then saves what it opens. It writes only where a
start must: a journal or a save that cannot be used is set aside, an unfinished game is
kept aside when `--code` asks for another deal, and of the same deal saved and kept the
older is kept. What it has to say goes into the disk's one queue.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.start import Start, replay
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.choosing import (
    Copy,
    Open,
    first,
    lock_notices,
    same_deal,
    worth_keeping,
)
from halfmoon_a11y.store.disk import Disk
from halfmoon_a11y.store.files import (
    NotOwned,
    keep_aside,
    keep_copy,
    own_folder,
    remove_leftovers,
    remove_leftovers_in,
)
from halfmoon_a11y.store.kept_games import Kept, modified
from halfmoon_a11y.store.lock import Ownership
from halfmoon_a11y.store.result import Standing
from halfmoon_a11y.store.results import new_identity
from halfmoon_a11y.store.saved_game import JournalProblem, SavedGame, SaveError, SaveProblem


@record
class Resolved:
    """What a start opens: the deal, the identity of its game ("" for a new one), and the
    kept file it was taken from (removed once it is in the save)."""

    start: Start
    game: str = ""
    taken: str | None = None


def _of_kept(found: Kept) -> Resolved:
    return Resolved(found.start, found.game, found.path)


class Opening:
    """One start's reading of the files, and what it does about them."""

    def __init__(self, disk: Disk, ownership: Ownership) -> None:
        self.disk = disk
        self.ownership = ownership
        self.identity = ""  # the saved game's, as read

    def resolve(self, code: DealCode | None, randbelow: Callable[[int], int]) -> Resolved:
        """The deal to open with, the identity of the game it is, and the kept file it
        was taken from; nothing saved yet."""
        paths, unsaid = self.disk.paths, self.disk.unsaid
        for notice in lock_notices(self.ownership, str(paths.lock), time.time()):
            unsaid.add(notice)
        if not self.ownership.owner:  # a game of its own: the other window's may be in use
            return Resolved(self._unsaved_start(code, randbelow))
        remove_leftovers(paths.saved_game)  # from saves a kill cut short
        self._foreign_folders()
        settings_file = self.disk.settings_file
        if settings_file.unreadable:
            unsaid.problem(sn.Problem.SETTINGS_UNREADABLE, settings_file.path, settings_file.aside)
        saved = self._read_saved()
        choice = first(code, saved.code if saved is not None else None)
        if choice is Open.ASIDE and saved is not None and code is not None:
            if not self._put_aside(saved):  # an unfinished game is never dealt over
                return Resolved(saved, self.identity)
            found = self.disk.find_kept(code)
            return _of_kept(found) if found else Resolved(Start(code))
        if choice is Open.KEPT and code is not None:
            return self._same_deal(code, saved)
        if saved is not None:
            return Resolved(saved, self.identity)
        return Resolved(Start(code or DealCode.random(randbelow)))

    def _same_deal(self, code: DealCode, saved: Start | None) -> Resolved:
        """The deal asked for is the saved one's, or none is saved (`choosing.same_deal`)."""
        found = self.disk.find_kept(code)
        copy = None
        if saved is not None:
            written = modified(self.disk.paths.saved_game)
            copy = Copy(saved.code, len(saved.moves), self.identity, written)
        kept = Copy(code, len(found.start.moves), found.game, found.modified) if found else None
        choice = same_deal(copy, kept)
        if saved is None or choice in (Open.DEAL, Open.KEPT):
            return _of_kept(found) if found else Resolved(Start(code))
        if found is None:
            return Resolved(saved, self.identity)
        if choice is Open.SAVED_KEPT_GOES:
            self.disk.kept_games.remove(found.path)
        elif choice is Open.SWAP:
            other = self.disk.keep(SavedGame.of_start(saved, self.identity or new_identity()))
            if other is not None:
                self.disk.unsaid.problem(sn.Problem.KEPT_OTHER, other)
                return _of_kept(found)
        elif choice is Open.SAVED_KEPT_NAMED:
            self.disk.unsaid.problem(sn.Problem.KEPT_OTHER, found.path)
        return Resolved(saved, self.identity)

    def _foreign_folders(self) -> None:
        """The settings' and the statistics' folders, when another user made them first:
        named once, and nothing is read from them or saved in them (their writes fail,
        unsaid)."""
        paths, unsaid = self.disk.paths, self.disk.unsaid
        if self.disk.settings_file.foreign:
            folder = os.path.dirname(os.fspath(paths.settings))
            unsaid.problem(sn.Problem.SETTINGS_FOLDER_NOT_OWN, folder)
            unsaid.mark_said(sn.Problem.SETTINGS_NOT_SAVED)
        folder = os.path.dirname(os.fspath(paths.statistics))
        try:
            own_folder(folder)  # closed (0700) if others may enter it
        except NotOwned:
            unsaid.problem(sn.Problem.STATS_FOLDER_NOT_OWN, folder)
            unsaid.mark_said(sn.Problem.STATS_FAILED)
        except OSError:
            pass  # it cannot be asked: its writes say what is wrong

    def _unsaved_start(self, code: DealCode | None, randbelow: Callable[[int], int]) -> Start:
        """A window that saves nothing plays a game of its own. Where only the state folder
        cannot be written, no other window can be saving: the saved game is resumed as it
        stands, read only, unless --code asks for another deal."""
        saved = None
        if self.ownership.unopenable is sn.Problem.STATE_READ_ONLY:
            with suppress(SaveError, OSError):
                reading = savegame.read_game(self.disk.paths.saved_game)  # changes nothing
                saved = reading.start() if reading is not None else None
        if saved is not None and code in (None, saved.code):
            return saved
        return Start(code or DealCode.random(randbelow))

    def _put_aside(self, saved: Start) -> bool:
        """Another deal is started with --code: an unfinished game with moves is kept by
        its code, to come back with `new CODE` or --code; any other is recorded as a game
        replaced. False when it could not be kept: then it goes on, and no deal is dealt
        over it."""
        game = replay(saved)
        identity = self.identity or new_identity()
        if not worth_keeping(game.moves, game.status):
            seconds = int(saved.elapsed)
            standing = Standing(
                str(saved.code), game.status, game.score, game.moves, seconds, False, identity
            )
            self.disk.record_replaced(standing, later=False)  # a blocked game, as before
            return True
        if self.disk.keep(SavedGame.of_start(saved, identity)) is None:
            return False
        self.disk.unsaid.add(sn.GameKept(saved.code, game.moves, aside=True))
        return True

    def _read_saved(self) -> Start | None:
        """The saved game to resume, with the moves of its journal that replay. One whose
        own removals do not replay is kept aside and its deal is dealt afresh, so the
        player at least keeps the deal. A journal that is not a plain file, cannot be
        read, or stops replaying part way is kept aside (with a copy of the save it adds
        to) and the player is told, with how many of its moves came back."""
        paths, unsaid = self.disk.paths, self.disk.unsaid
        path = paths.saved_game
        remove_leftovers_in(paths.sounds)  # from writes a kill cut short, as at the top
        remove_leftovers(paths.settings)
        try:
            reading = savegame.read_game(path)  # a FIFO, a folder, a foreign link: refused
        except (SaveError, OSError) as error:
            problem = sn.Problem.SAVE_UNREADABLE
            saved = None
            if isinstance(error, SaveError):
                saved = error.saved
                if error.problem is SaveProblem.NEWER:
                    problem = sn.Problem.SAVE_NEWER
            unsaid.problem(problem, path, keep_aside(path))
            self._journal_aside(None)  # it adds to a save kept aside
            return Start(saved.code) if saved is not None else None
        if reading is None:  # a start that deals anew: kept/ is cleaned here, not at a resume
            remove_leftovers_in(paths.kept_games)
            return None
        if reading.problem is not None:
            self._journal_aside(reading)
        self.identity = reading.saved.game or new_identity()
        return reading.start()

    def _journal_aside(self, reading: savegame.Reading | None) -> None:
        """Keep a journal aside that will not be applied whole, so that the next full save
        does not start it afresh over moves the player made. With it, a copy of the save
        it adds to. `reading` None: the save itself was kept aside; its journal goes too,
        without a word of its own, if there is one."""
        journal = savegame.journal_path(self.disk.paths.saved_game)
        if not os.path.lexists(journal):
            return
        aside = keep_aside(journal)
        if aside is None:
            self.disk.game_file.journal_held = True  # never written over: full saves only
        if reading is None:
            return  # a journal left as it is is said by the first save
        if aside is None:
            self.disk.unsaid.mark_said(sn.Problem.JOURNAL_NOT_WRITTEN)  # this sentence says it
        if reading.problem is not JournalProblem.NOT_PLAIN:
            keep_copy(self.disk.paths.saved_game, reading.raw)
        kind = {
            JournalProblem.NOT_PLAIN: sn.Problem.JOURNAL_NOT_PLAIN,
            JournalProblem.UNREADABLE: sn.Problem.JOURNAL_UNREADABLE,
            JournalProblem.STOPPED: sn.Problem.JOURNAL_STOPPED,
            JournalProblem.TOO_LONG: sn.Problem.JOURNAL_TOO_LONG,
        }[reading.problem or JournalProblem.UNREADABLE]
        self.disk.unsaid.problem(kind, journal, aside, count=reading.applied)
