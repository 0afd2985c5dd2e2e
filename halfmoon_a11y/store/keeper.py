"""Nothing lost: the store behind the session's one port (`play.port.Store`).

The read loop hands it each answer (`persist`): it saves the game after every move,
keeps the settings, records statistics, and returns the answer with what went wrong, if
anything. The work is done by small persisters: `GameFile` (the save and its journal),
`KeptGames` (games put aside by their code), `Results` (statistics). A file that cannot
be read is kept aside and reported; a file that cannot be written is reported once; the
game always goes on.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode, system_randbelow
from halfmoon_a11y.core.events import Status, Won
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import Answer, Keep, Summary
from halfmoon_a11y.play.session import Session, Start, replay
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import (
    NotOwned,
    Paths,
    keep_aside,
    keep_copy,
    own_folder,
    remove_leftovers,
    remove_leftovers_in,
)
from halfmoon_a11y.store.game_file import GameFile
from halfmoon_a11y.store.kept_games import Kept, KeptGames, modified
from halfmoon_a11y.store.lock import PROCESS, Ownership
from halfmoon_a11y.store.results import Results, Standing, new_identity
from halfmoon_a11y.store.saved_game import JournalProblem, SavedGame, SaveError, SaveProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Result, Statistics, StatisticsFailed

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath


# No lock could be had because of the state folder itself: the sentence names the folder.
FOLDER_PROBLEMS = {se.Problem.STATE_READ_ONLY, se.Problem.STATE_NOT_OWN}


class Keeper:
    def __init__(
        self, paths: Paths, settings_file: SettingsFile, owner: bool | Ownership = True
    ) -> None:
        self.paths = paths
        # What the lock found (store/lock.py): `owner` False when another window owns the
        # files or the lock could not be opened; then nothing is written.
        self.ownership = owner if isinstance(owner, Ownership) else Ownership(owner)
        self.owner = self.ownership.owner
        self.settings_file = settings_file
        self.game_file = GameFile(paths.saved_game)
        self.kept_games = KeptGames(paths.kept_games)
        self.results = Results(paths.statistics)
        self.session: Session | None = None
        self._reported: set[se.Problem] = set()
        self._saved = False  # whether the last save reached the disk
        self._save_failed = False  # the last full save failed: the next to succeed says so
        self._game = new_identity()  # the current game's identity
        self._identities: dict[DealCode, str] = {}  # of games read from disk, by code
        self._taken: str | None = None  # a kept game's file, to remove once it is saved
        self._unsaid: list[se.SessionEvent] = []  # notices for the next answer

    @property
    def statistics(self) -> Statistics:  # the database, for tests
        return self.results.statistics

    # -- start-up ---------------------------------------------------------------------

    def open(
        self,
        code: DealCode | None,
        settings: Settings | None = None,
        *,
        now: Callable[[], float] = time.monotonic,
        randbelow: Callable[[int], int] = system_randbelow,
    ) -> Session:
        """The session to play: the saved game resumed, or `code` (else a random deal)
        afresh, with the saved game it replaces recorded."""
        start, notices = self.opening(code, randbelow)
        session = Session(
            start, settings, now=now, randbelow=randbelow, store=self, notices=notices
        )
        self.session = session
        self.results.stand(session, self._game, recorded=False)
        return session

    def opening(
        self, code: DealCode | None, randbelow: Callable[[int], int] = system_randbelow
    ) -> tuple[Start, list[se.SessionEvent]]:
        """The deal to open with, already saved, and what to tell the player about files.

        A random deal is dealt only when there is no code and nothing to resume.
        """
        notices: list[se.SessionEvent] = self._lock_notices()
        if not self.owner:  # a game of its own: the other window's game may be in use
            return self._unsaved_start(code, randbelow), notices
        remove_leftovers(self.paths.saved_game)  # from saves a kill cut short
        notices += self._foreign_folders()
        if self.settings_file.unreadable:
            aside = self.settings_file.aside
            notices.append(
                se.StorageProblem(
                    se.Problem.SETTINGS_UNREADABLE,
                    str(self.settings_file.path),
                    str(aside) if aside else None,
                )
            )
        saved = self._read_saved(notices)
        game = self._identities.get(saved.code, "") if saved is not None else ""
        taken = None  # a kept game brought back: its file goes once it is in the save
        if code is None:
            start = saved or Start(DealCode.random(randbelow))
        elif saved is not None and saved.code != code:
            start = saved  # unless it is kept aside: an unfinished game is never dealt over
            if self._put_aside(saved, notices):
                found = self._find_kept(code, notices)
                start = found.start if found else Start(code)
                game, taken = (found.game, found.path) if found else ("", None)
        else:
            found = self._find_kept(code, notices)
            start, game, taken = self._newer(saved, game, found, notices) or (Start(code), "", None)
        self._game = game or new_identity()
        self._identities.clear()  # from now on, only a kept game taken back has one
        saved_now = SavedGame.of_start(start, self._game)
        notices += self._save(saved_now, won=False)
        if taken is not None and self._saved:
            self.kept_games.remove(taken)  # in the save now: a kill before this lost nothing
        return start, notices

    def _foreign_folders(self) -> list[se.SessionEvent]:
        """The settings' and the statistics' folders, when another user made them first
        (issue 26): named once, and nothing is read from them or saved in them (their
        writes fail, unsaid)."""
        notices: list[se.SessionEvent] = []
        if self.settings_file.foreign:
            folder = os.path.dirname(os.fspath(self.paths.settings))
            notices.append(se.StorageProblem(se.Problem.SETTINGS_FOLDER_NOT_OWN, folder))
            self._reported.add(se.Problem.SETTINGS_NOT_SAVED)
        folder = os.path.dirname(os.fspath(self.paths.statistics))
        try:
            own_folder(folder)  # closed (0700) if others may enter it
        except NotOwned:
            notices.append(se.StorageProblem(se.Problem.STATS_FOLDER_NOT_OWN, folder))
            self._reported.add(se.Problem.STATS_FAILED)
        except OSError:
            pass  # it cannot be asked: its writes say what is wrong
        return notices

    def _unsaved_start(self, code: DealCode | None, randbelow: Callable[[int], int]) -> Start:
        """A window that saves nothing plays a game of its own. Where only the state folder
        cannot be written, no other window can be saving: the saved game is resumed as it
        stands, read only (issue 26), unless --code asks for another deal."""
        saved = None
        if self.ownership.unopenable is se.Problem.STATE_READ_ONLY:
            with contextlib.suppress(SaveError, OSError):
                reading = savegame.read_game(self.paths.saved_game)  # changes nothing
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
            self.kept_games.remove(found.path)
            return saved, game, None
        if found.modified > modified(self.paths.saved_game):
            identity = game or new_identity()
            try:
                other = self.kept_games.put(SavedGame.of_start(saved, identity))
            except OSError:
                other = None
            if other is None:  # the save cannot be kept: it goes on, the newer stays kept
                path = self.kept_games.path(saved.code)
                notices.append(se.StorageProblem(se.Problem.GAME_NOT_KEPT, path))
                return saved, game, None
            notices.append(se.StorageProblem(se.Problem.KEPT_OTHER, other))
            return found.start, found.game, found.path
        notices.append(se.StorageProblem(se.Problem.KEPT_OTHER, found.path))
        return saved, game, None

    def _find_kept(self, code: DealCode, notices: list[se.SessionEvent]) -> Kept | None:
        """The game kept for this deal, read but still on disk; unreadable ones named."""
        found, unreadable = self.kept_games.find(code)
        for bad in unreadable:
            problem = se.Problem.KEPT_OTHER_DEAL if bad.other_deal else se.Problem.KEPT_UNREADABLE
            notices.append(se.StorageProblem(problem, bad.path, bad.aside))
        return found

    def _lock_notices(self) -> list[se.SessionEvent]:
        """Who owns the files, when it is not plainly this window by flock()."""
        ownership, lock = self.ownership, str(self.paths.lock)
        if ownership.unopenable is not None:  # a folder cannot be written: named
            folder = os.path.dirname(lock) if ownership.unopenable in FOLDER_PROBLEMS else lock
            return [se.StorageProblem(ownership.unopenable, folder)]
        notices: list[se.SessionEvent] = []
        if ownership.aside is not None:  # not a usable lock: set aside, a fresh one made
            notices.append(se.StorageProblem(se.Problem.LOCK_SET_ASIDE, lock, ownership.aside))
        if ownership.owner:
            if ownership.kind == PROCESS:
                notices.append(se.StorageProblem(se.Problem.LOCK_BY_PROCESS, lock))
            return notices
        holder = ownership.holder
        if holder is None:
            return [*notices, se.StorageProblem(se.Problem.OPEN_ELSEWHERE, lock)]
        since = max(0, int(time.time() - holder.started))
        host = None if holder.here else holder.host
        return [
            *notices,
            se.StorageProblem(
                se.Problem.OPEN_ELSEWHERE, lock, process=holder.process, since=since, host=host
            ),
        ]

    def _put_aside(self, saved: Start, notices: list[se.SessionEvent]) -> bool:
        """Another deal is started with --code: an unfinished game with moves is kept by
        its code, to come back with `new CODE` or --code; nothing else is worth keeping.
        False when it could not be kept: then it goes on, and no deal is dealt over it."""
        game = replay(saved)
        identity = self._identities.get(saved.code) or new_identity()
        if game.moves == 0 or game.status is not Status.PLAYING:
            self.results.standing = Standing(
                str(saved.code),
                game.status,
                game.score,
                game.moves,
                int(saved.elapsed),
                False,
                identity,
            )
            notices += self._finish_standing()  # a blocked game is recorded as before
            return True
        try:
            self.kept_games.put(SavedGame.of_start(saved, identity))
        except OSError:
            notices.append(
                se.StorageProblem(se.Problem.GAME_NOT_KEPT, self.kept_games.path(saved.code))
            )
            return False
        notices.append(se.GameKept(saved.code, game.moves, aside=True))
        return True

    def _read_saved(self, notices: list[se.SessionEvent]) -> Start | None:
        """The saved game to resume, with the moves of its journal that replay. One whose
        own removals do not replay is kept aside and its deal is dealt afresh, so the
        player at least keeps the deal. A journal that is not a plain file, cannot be
        read, or stops replaying part way is kept aside (with a copy of the save it adds
        to) and the player is told, with how many of its moves came back."""
        path = self.paths.saved_game
        for folder in (self.paths.kept_games, self.paths.sounds):
            remove_leftovers_in(folder)  # from writes a kill cut short, as at the top
        remove_leftovers(self.paths.settings)
        try:
            reading = savegame.read_game(path)  # a FIFO, a folder, a foreign link: refused
        except (SaveError, OSError) as error:
            problem = se.Problem.SAVE_UNREADABLE
            saved = None
            if isinstance(error, SaveError):
                saved = error.saved
                if error.problem is SaveProblem.NEWER:
                    problem = se.Problem.SAVE_NEWER
            aside = keep_aside(path)
            notices.append(se.StorageProblem(problem, str(path), str(aside) if aside else None))
            notices += self._journal_aside(None)  # it adds to a save kept aside
            return Start(saved.code) if saved is not None else None
        if reading is None:
            return None
        if reading.problem is not None:
            notices += self._journal_aside(reading)
        start = reading.start()
        self._identities[start.code] = reading.saved.game or new_identity()
        return start

    def _journal_aside(self, reading: savegame.Reading | None) -> list[se.SessionEvent]:
        """Keep a journal aside that will not be applied whole, so that the next full save
        does not start it afresh over moves the player made. With it, a copy of the save
        it adds to. `reading` None: the save itself was kept aside; its journal goes too,
        without a word of its own, if there is one."""
        journal = savegame.journal_path(self.paths.saved_game)
        if not os.path.lexists(journal):
            return []
        aside = keep_aside(journal)
        if aside is None:
            self.game_file.journal_held = True  # never written over: full saves only
        if reading is None:
            return []  # a journal left as it is is said by the first save
        if aside is None:
            self._reported.add(se.Problem.JOURNAL_NOT_WRITTEN)  # this sentence says it
        if reading.problem is not JournalProblem.NOT_PLAIN:
            keep_copy(self.paths.saved_game, reading.raw)
        kind = {
            JournalProblem.NOT_PLAIN: se.Problem.JOURNAL_NOT_PLAIN,
            JournalProblem.UNREADABLE: se.Problem.JOURNAL_UNREADABLE,
            JournalProblem.STOPPED: se.Problem.JOURNAL_STOPPED,
            JournalProblem.TOO_LONG: se.Problem.JOURNAL_TOO_LONG,
        }[reading.problem or JournalProblem.UNREADABLE]
        return [se.StorageProblem(kind, journal, aside, count=reading.applied)]

    # -- the port the session asks -----------------------------------------------------

    @property
    def saves_nothing(self) -> bool:
        """This window saves and records nothing: another window owns the files, or their
        folder cannot be written (the lock's `Ownership`)."""
        return not self.owner

    def kept(self, code: DealCode) -> Start | None:
        """The game kept aside for this deal, if there is one; it is resumed from now on.
        Its file goes once the game is in the save (`persist`)."""
        if not self.owner:
            return None
        found = self._find_kept(code, self._unsaid)
        if found is None:
            return None
        self._identities[code] = found.game or new_identity()
        self._taken = found.path
        return found.start

    def summary(self) -> Summary:
        try:
            return self.results.summary(writes=self.owner)
        finally:
            self._unsaid += self._results_said()  # said with the answer to `stats`

    # -- after every answer ------------------------------------------------------------

    def persist(self, session: Session, answer: Answer) -> Answer:
        """Write what the answer asks, in one pass: settings, the result of a game
        replaced or won, the move or the whole game, and the save on leaving."""
        events = answer.events
        if events and type(events[0]) is se.Refused:
            return answer  # refused: nothing changed, nothing to write (every JSON line)
        notices, self._unsaid = self._unsaid, []
        for changed in answer.changed:
            notices += self._save_setting(changed)
        recorded = self.results.recorded
        dealt = answer.dealt
        if dealt is not None:  # another deal replaces the game, resumed or new
            notices += self._finish_standing()
            recorded = False
            self._game = self._identities.pop(dealt.code, "") or new_identity()
        if answer.keep is Keep.GAME:  # a won game is a game over: the whole game is kept
            for event in events:
                if isinstance(event, Won) and not recorded:
                    notices += self._record(
                        Result.WON, session.code, event.score, event.moves, event.elapsed
                    )
                    recorded = True  # an undo and a second win is still one game won
        self.results.stand(session, self._game, recorded)
        if answer.keep is Keep.GAME:
            notices += self._save_session(session)  # a new game, or a game over
            if self._taken is not None and self._saved:  # a kept game, now in the save
                self.kept_games.remove(self._taken)
            self._taken = None
        elif answer.keep is Keep.MOVES:
            notices += self._journal_moves(session, answer.events)
        if answer.leaving:
            notices += self._leaving(session)
        return answer.noted(notices)

    def rescue(self, session: Session) -> bool:
        """After a bug: the game as it stands, in one full save. Whether it reached the
        disk (never in a window that saves nothing)."""
        self._save_session(session)
        return self.owner and self._saved

    def _leaving(self, session: Session) -> list[se.SessionEvent]:
        """`quit`: the game is saved now, and the player is told it comes back."""
        problems = self._save_session(session)
        if session.game.status is Status.WON:
            return problems
        if not self._saved and self.game_file.journal_holds(self._game):
            # a full disk, say: the save on disk and its journal hold every move, and
            # the game comes back (red team, issue 18: "cannot be resumed" was untrue)
            if any(getattr(p, "problem", None) is se.Problem.GAME_NOT_SAVED for p in problems):
                self._reported.discard(se.Problem.GAME_NOT_SAVED)  # not said: nor "again"
            return [se.GameKept(session.code, session.game.moves)]
        if not self._saved:
            return problems
        return [*problems, se.GameKept(session.code, session.game.moves)]  # "works again"

    def close(self) -> None:
        """Leaving: the whole game, with the time on the clock, in one full save."""
        if self.session is not None:
            self._save_session(self.session)
        self.game_file.close()

    # -- the pieces ----------------------------------------------------------------------

    def _finish_standing(self) -> list[se.SessionEvent]:
        """The game being replaced: record it as blocked or abandoned, if it was played."""
        if not self.owner:
            self.results.standing = None
            return []
        try:
            self.results.finish()
        except StatisticsFailed:
            return self._results_said() + self._problem(
                se.Problem.STATS_FAILED, self.paths.statistics
            )
        return self._results_said()

    def _record(
        self, result: Result, code: object, score: int, moves: int, seconds: int
    ) -> list[se.SessionEvent]:
        """A win, recorded or queued at once: a busy database never holds the move."""
        if not self.owner:
            return []
        try:
            self.results.record(result, code, score, moves, seconds, self._game)
        except StatisticsFailed:
            return self._results_said() + self._problem(
                se.Problem.STATS_FAILED, self.paths.statistics
            )
        return self._results_said()

    def _results_said(self) -> list[se.SessionEvent]:
        """What the statistics have to tell (a garbage database set aside)."""
        said, self.results.unsaid = self.results.unsaid, []
        sides, self.results.statistics.sides_aside = self.results.statistics.sides_aside, []
        return said + [
            se.StorageProblem(se.Problem.STATS_SIDE_FILE, side, aside) for side, aside in sides
        ]

    def flush_results(self) -> None:
        """Leaving: the results still queued, written if the database takes them now;
        else they wait in their file for the next run."""
        if self.owner:
            with contextlib.suppress(StatisticsFailed):
                self.results.flush(force=True)

    def _journal_moves(
        self, session: Session, events: tuple[se.SessionEvent, ...]
    ) -> list[se.SessionEvent]:
        """A removal or an undo: one line appended to the journal, not a whole save. When
        the journal fails, or is long enough to fold, the whole game is saved instead."""
        if not self.owner:
            return []
        try:
            self.game_file.journal(events, session.clock.seconds)
        except OSError:
            return self._save_session(session)  # no journal: the whole game, then
        return []

    def _save_session(self, session: Session) -> list[se.SessionEvent]:
        won = session.game.status is Status.WON
        return self._save(SavedGame.of(session, self._game), won=won)

    def _save(self, saved: SavedGame, won: bool) -> list[se.SessionEvent]:
        self._saved = self.owner
        if not self.owner:
            return []
        game_file = self.game_file
        try:
            game_file.save(saved, won)
        except OSError:
            self._saved = False
            self._save_failed = True
            return self._problem(se.Problem.GAME_NOT_SAVED, self.paths.saved_game)
        notices: list[se.SessionEvent] = []
        if self._save_failed and se.Problem.GAME_NOT_SAVED in self._reported:
            # the player heard the game is not saved: say that it is again, and say a
            # new failure again too
            self._reported.discard(se.Problem.GAME_NOT_SAVED)
            notices.append(se.StorageProblem(se.Problem.SAVING_AGAIN, str(self.paths.saved_game)))
        self._save_failed = False
        for journal, aside in game_file.set_aside:
            notices.append(se.StorageProblem(se.Problem.JOURNAL_NOT_PLAIN, journal, aside))
            if aside is None:  # that sentence says every move is saved whole
                self._reported.add(se.Problem.JOURNAL_NOT_WRITTEN)
        game_file.set_aside.clear()
        if game_file.journal_held and not won:
            notices += self._problem(se.Problem.JOURNAL_NOT_WRITTEN, game_file.journal_path)
        return notices

    def _save_setting(self, event: se.SettingChanged) -> list[se.SessionEvent]:
        if not self.owner:
            return []
        try:
            spec = SETTINGS[event.setting]
            self.settings_file.save(spec.field, spec.to_file(event.value))
        except OSError:
            return self._problem(se.Problem.SETTINGS_NOT_SAVED, self.settings_file.path)
        return []

    def _problem(self, problem: se.Problem, path: StrPath) -> list[se.SessionEvent]:
        """Each kind of failure is reported once a run, not after every move."""
        if problem in self._reported:
            return []
        self._reported.add(problem)
        return [se.StorageProblem(problem, str(path))]
