"""Which game a start opens (issue 27: out of the keeper): the saved game resumed, a
game kept aside for `--code` brought back, or a deal afresh; and what to tell the player
about the files on the way (another window, a lock set aside, folders of another user,
a save or a journal that cannot be used, a kept game of another deal).

`Opening(keeper).resolve` decides and reads; the keeper then saves what it chose. It
writes only where a start must: a journal or a save that cannot be used is set aside, an
unfinished game is kept aside when `--code` asks for another deal, and of the same deal
saved and kept the older is kept.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.start import Start, replay
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import (
    NotOwned,
    keep_aside,
    keep_copy,
    own_folder,
    remove_leftovers,
    remove_leftovers_in,
)
from halfmoon_a11y.store.kept_games import Kept, modified
from halfmoon_a11y.store.lock import PROCESS
from halfmoon_a11y.store.results import Standing, new_identity
from halfmoon_a11y.store.saved_game import JournalProblem, SavedGame, SaveError, SaveProblem

if TYPE_CHECKING:
    from halfmoon_a11y.store.keeper import Keeper


FOLDER_PROBLEMS = {sn.Problem.STATE_READ_ONLY, sn.Problem.STATE_NOT_OWN}  # named by folder


@record
class Resolved:
    """What a start opens: the deal, the identity of its game ("" for a new one), the
    kept file it was taken from (removed once it is in the save), and what to say."""

    start: Start
    game: str
    taken: str | None
    notices: list[se.SessionEvent]


class Opening:
    """The keeper's start-up decisions, for one start."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    def resolve(self, code: DealCode | None, randbelow: Callable[[int], int]) -> Resolved:
        """The deal to open with, the identity of the game it is, the kept file it was
        taken from, and what to tell the player about files; nothing saved yet."""
        notices: list[se.SessionEvent] = self._lock_notices()
        if not self.keeper.owner:  # a game of its own: the other window's game may be in use
            return Resolved(self._unsaved_start(code, randbelow), "", None, notices)
        remove_leftovers(self.keeper.paths.saved_game)  # from saves a kill cut short
        notices += self._foreign_folders()
        settings_file = self.keeper.settings_file
        if settings_file.unreadable:
            aside = settings_file.aside
            notices.append(
                sn.StorageProblem(
                    sn.Problem.SETTINGS_UNREADABLE,
                    str(settings_file.path),
                    str(aside) if aside else None,
                )
            )
        saved = self._read_saved(notices)
        game = self.keeper.identities.get(saved.code, "") if saved is not None else ""
        taken = None  # a kept game brought back: its file goes once it is in the save
        if code is None:
            start = saved or Start(DealCode.random(randbelow))
        elif saved is not None and saved.code != code:
            start = saved  # unless it is kept aside: an unfinished game is never dealt over
            if self._put_aside(saved, notices):
                found = self.find_kept(code, notices)
                start = found.start if found else Start(code)
                game, taken = (found.game, found.path) if found else ("", None)
        else:
            found = self.find_kept(code, notices)
            start, game, taken = self._newer(saved, game, found, notices) or (Start(code), "", None)
        return Resolved(start, game, taken, notices)

    def _foreign_folders(self) -> list[se.SessionEvent]:
        """The settings' and the statistics' folders, when another user made them first
        (issue 26): named once, and nothing is read from them or saved in them (their
        writes fail, unsaid)."""
        notices: list[se.SessionEvent] = []
        if self.keeper.settings_file.foreign:
            folder = os.path.dirname(os.fspath(self.keeper.paths.settings))
            notices.append(sn.StorageProblem(sn.Problem.SETTINGS_FOLDER_NOT_OWN, folder))
            self.keeper.reported.add(sn.Problem.SETTINGS_NOT_SAVED)
        folder = os.path.dirname(os.fspath(self.keeper.paths.statistics))
        try:
            own_folder(folder)  # closed (0700) if others may enter it
        except NotOwned:
            notices.append(sn.StorageProblem(sn.Problem.STATS_FOLDER_NOT_OWN, folder))
            self.keeper.reported.add(sn.Problem.STATS_FAILED)
        except OSError:
            pass  # it cannot be asked: its writes say what is wrong
        return notices

    def _unsaved_start(self, code: DealCode | None, randbelow: Callable[[int], int]) -> Start:
        """A window that saves nothing plays a game of its own. Where only the state folder
        cannot be written, no other window can be saving: the saved game is resumed as it
        stands, read only (issue 26), unless --code asks for another deal."""
        saved = None
        if self.keeper.ownership.unopenable is sn.Problem.STATE_READ_ONLY:
            with suppress(SaveError, OSError):
                reading = savegame.read_game(self.keeper.paths.saved_game)  # changes nothing
                saved = reading.start() if reading is not None else None
        if saved is not None and code in (None, saved.code):
            return saved
        return Start(code or DealCode.random(randbelow))

    def _newer(
        self, saved: Start | None, game: str, found: Kept | None, notices: list[se.SessionEvent]
    ) -> tuple[Start, str, str | None] | None:
        """The same deal saved and kept: the newer copy is played and the other stays
        kept. The same game in both is what a kill left while bringing it back: the save
        is the newer, and the kept file goes."""
        if saved is None or (found is not None and not saved.moves):  # nothing to lose
            return (found.start, found.game, found.path) if found else None
        if found is None:
            return saved, game, None
        if game and found.game == game:
            self.keeper.kept_games.remove(found.path)
            return saved, game, None
        if found.modified > modified(self.keeper.paths.saved_game):
            identity = game or new_identity()
            try:
                other = self.keeper.kept_games.put(SavedGame.of_start(saved, identity))
            except OSError:
                other = None
            if other is None:  # the save cannot be kept: it goes on, the newer stays kept
                path = self.keeper.kept_games.path(saved.code)
                notices.append(sn.StorageProblem(sn.Problem.GAME_NOT_KEPT, path))
                return saved, game, None
            notices.append(sn.StorageProblem(sn.Problem.KEPT_OTHER, other))
            return found.start, found.game, found.path
        notices.append(sn.StorageProblem(sn.Problem.KEPT_OTHER, found.path))
        return saved, game, None

    def find_kept(self, code: DealCode, notices: list[se.SessionEvent]) -> Kept | None:
        """The game kept for this deal, read but still on disk; unreadable ones named."""
        found, unreadable = self.keeper.kept_games.find(code)
        for bad in unreadable:
            problem = sn.Problem.KEPT_OTHER_DEAL if bad.other_deal else sn.Problem.KEPT_UNREADABLE
            notices.append(sn.StorageProblem(problem, bad.path, bad.aside))
        return found

    def _lock_notices(self) -> list[se.SessionEvent]:
        """Who owns the files, when it is not plainly this window by flock()."""
        ownership, lock = self.keeper.ownership, str(self.keeper.paths.lock)
        if ownership.unopenable is not None:  # a folder cannot be written: named
            folder = os.path.dirname(lock) if ownership.unopenable in FOLDER_PROBLEMS else lock
            return [sn.StorageProblem(ownership.unopenable, folder)]
        notices: list[se.SessionEvent] = []
        if ownership.aside is not None:  # not a usable lock: set aside, a fresh one made
            notices.append(sn.StorageProblem(sn.Problem.LOCK_SET_ASIDE, lock, ownership.aside))
        if ownership.owner:
            if ownership.kind == PROCESS:
                notices.append(sn.StorageProblem(sn.Problem.LOCK_BY_PROCESS, lock))
            return notices
        holder = ownership.holder
        if holder is None:
            return [*notices, sn.StorageProblem(sn.Problem.OPEN_ELSEWHERE, lock)]
        since = max(0, int(time.time() - holder.started))
        host = None if holder.here else holder.host
        return [
            *notices,
            sn.StorageProblem(
                sn.Problem.OPEN_ELSEWHERE, lock, process=holder.process, since=since, host=host
            ),
        ]

    def _put_aside(self, saved: Start, notices: list[se.SessionEvent]) -> bool:
        """Another deal is started with --code: an unfinished game with moves is kept by
        its code, to come back with `new CODE` or --code; nothing else is worth keeping.
        False when it could not be kept: then it goes on, and no deal is dealt over it."""
        game = replay(saved)
        identity = self.keeper.identities.get(saved.code) or new_identity()
        if game.moves == 0 or game.status is not Status.PLAYING:
            self.keeper.results.standing = Standing(
                str(saved.code),
                game.status,
                game.score,
                game.moves,
                int(saved.elapsed),
                False,
                identity,
            )
            notices += self.keeper.finish_standing()  # a blocked game is recorded as before
            return True
        try:
            self.keeper.kept_games.put(SavedGame.of_start(saved, identity))
        except OSError:
            notices.append(
                sn.StorageProblem(sn.Problem.GAME_NOT_KEPT, self.keeper.kept_games.path(saved.code))
            )
            return False
        notices.append(sn.GameKept(saved.code, game.moves, aside=True))
        return True

    def _read_saved(self, notices: list[se.SessionEvent]) -> Start | None:
        """The saved game to resume, with the moves of its journal that replay. One whose
        own removals do not replay is kept aside and its deal is dealt afresh, so the
        player at least keeps the deal. A journal that is not a plain file, cannot be
        read, or stops replaying part way is kept aside (with a copy of the save it adds
        to) and the player is told, with how many of its moves came back."""
        path = self.keeper.paths.saved_game
        for folder in (self.keeper.paths.kept_games, self.keeper.paths.sounds):
            remove_leftovers_in(folder)  # from writes a kill cut short, as at the top
        remove_leftovers(self.keeper.paths.settings)
        try:
            reading = savegame.read_game(path)  # a FIFO, a folder, a foreign link: refused
        except (SaveError, OSError) as error:
            problem = sn.Problem.SAVE_UNREADABLE
            saved = None
            if isinstance(error, SaveError):
                saved = error.saved
                if error.problem is SaveProblem.NEWER:
                    problem = sn.Problem.SAVE_NEWER
            aside = keep_aside(path)
            notices.append(sn.StorageProblem(problem, str(path), str(aside) if aside else None))
            notices += self._journal_aside(None)  # it adds to a save kept aside
            return Start(saved.code) if saved is not None else None
        if reading is None:
            return None
        if reading.problem is not None:
            notices += self._journal_aside(reading)
        start = reading.start()
        self.keeper.identities[start.code] = reading.saved.game or new_identity()
        return start

    def _journal_aside(self, reading: savegame.Reading | None) -> list[se.SessionEvent]:
        """Keep a journal aside that will not be applied whole, so that the next full save
        does not start it afresh over moves the player made. With it, a copy of the save
        it adds to. `reading` None: the save itself was kept aside; its journal goes too,
        without a word of its own, if there is one."""
        journal = savegame.journal_path(self.keeper.paths.saved_game)
        if not os.path.lexists(journal):
            return []
        aside = keep_aside(journal)
        if aside is None:
            self.keeper.game_file.journal_held = True  # never written over: full saves only
        if reading is None:
            return []  # a journal left as it is is said by the first save
        if aside is None:
            self.keeper.reported.add(sn.Problem.JOURNAL_NOT_WRITTEN)  # this sentence says it
        if reading.problem is not JournalProblem.NOT_PLAIN:
            keep_copy(self.keeper.paths.saved_game, reading.raw)
        kind = {
            JournalProblem.NOT_PLAIN: sn.Problem.JOURNAL_NOT_PLAIN,
            JournalProblem.UNREADABLE: sn.Problem.JOURNAL_UNREADABLE,
            JournalProblem.STOPPED: sn.Problem.JOURNAL_STOPPED,
            JournalProblem.TOO_LONG: sn.Problem.JOURNAL_TOO_LONG,
        }[reading.problem or JournalProblem.UNREADABLE]
        return [sn.StorageProblem(kind, journal, aside, count=reading.applied)]
