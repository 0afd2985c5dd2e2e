"""Nothing lost: the store behind the session's one port (`play.port.Store`).

The read loop hands it each answer (`persist`): it saves the game after every move,
keeps the settings, records statistics, and returns the answer with what went wrong, if
anything. The work is done by small persisters: `GameFile` (the save and its journal),
`KeptGames` (games put aside by their code), `Results` (statistics). A file that cannot
be read is kept aside and reported; a file that cannot be written is reported once; the
game always goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode, system_randbelow
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import Answer, GameWon, Keep, Summary
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.play.start import Start
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store.files import (
    Paths,
)
from halfmoon_a11y.store.game_file import GameFile
from halfmoon_a11y.store.kept_games import KeptGames
from halfmoon_a11y.store.lock import Ownership
from halfmoon_a11y.store.opening import Opening
from halfmoon_a11y.store.results import Results, new_identity
from halfmoon_a11y.store.saved_game import SavedGame
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Result, Statistics, StatisticsFailed

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath


# No lock could be had because of the state folder itself: the sentence names the folder.


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
        self.reported: set[sn.Problem] = set()
        self._saved = False  # whether the last save reached the disk
        self._save_failed = False  # the last full save failed: the next to succeed says so
        self._game = new_identity()  # the current game's identity
        self.identities: dict[DealCode, str] = {}  # of games read from disk, by code
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
        """The deal to open with, already saved, and what to tell the player about files
        (`store/opening.py` decides which deal). A random deal is dealt only when there is
        no code and nothing to resume."""
        found = Opening(self).resolve(code, randbelow)
        if not self.owner:  # a game of its own: nothing is saved
            return found.start, found.notices
        self._game = found.game or new_identity()
        self.identities.clear()  # from now on, only a kept game taken back has one
        saved_now = SavedGame.of_start(found.start, self._game)
        notices = [*found.notices, *self._save(saved_now, won=False)]
        if found.taken is not None and self._saved:
            self.kept_games.remove(found.taken)  # in the save now: a kill before this lost nothing
        return found.start, notices

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
        found = Opening(self).find_kept(code, self._unsaid)
        if found is None:
            return None
        self.identities[code] = found.game or new_identity()
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
            notices += self.finish_standing(later=True)
            recorded = False
            self._game = self.identities.pop(dealt.code, "") or new_identity()
        if answer.keep is Keep.GAME:  # a won game is a game over: the whole game is kept
            for event in events:
                if isinstance(event, GameWon) and not recorded:
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
            if any(getattr(p, "problem", None) is sn.Problem.GAME_NOT_SAVED for p in problems):
                self.reported.discard(sn.Problem.GAME_NOT_SAVED)  # not said: nor "again"
            return [sn.GameKept(session.code, session.game.moves)]
        if not self._saved:
            return problems
        return [*problems, sn.GameKept(session.code, session.game.moves)]  # "works again"

    def close(self) -> None:
        """Leaving: the whole game, with the time on the clock, in one full save."""
        if self.session is not None:
            self._save_session(self.session)
        self.game_file.close()

    # -- the pieces ----------------------------------------------------------------------

    def finish_standing(self, later: bool = False) -> list[se.SessionEvent]:
        """The game being replaced: record it as blocked or abandoned, if it was played.
        `later`: queued now, written to the database once the answer is out (`after`)."""
        if not self.owner:
            self.results.standing = None
            return []
        try:
            self.results.finish(later)
        except StatisticsFailed:
            return self._results_said() + self._problem(
                sn.Problem.STATS_FAILED, self.paths.statistics
            )
        return self._results_said()

    def _record(
        self, result: Result, code: object, score: int, moves: int, seconds: int
    ) -> list[se.SessionEvent]:
        """A win, queued at once (fsynced: a kill loses nothing) and written to the
        database once the answer is out (`after`, issue 28): the database, made the first
        time with ten fsyncs, never holds the move."""
        if not self.owner:
            return []
        try:
            self.results.record(result, code, score, moves, seconds, self._game, later=True)
        except StatisticsFailed:
            return self._results_said() + self._problem(
                sn.Problem.STATS_FAILED, self.paths.statistics
            )
        return self._results_said()

    def after(self) -> None:
        """Once the answer is out: the results it queued, written to the database. What
        goes wrong is said with the next answer; a result not written waits in the queue
        (`stats` counts it, leaving or the next run writes it)."""
        if not self.owner or not self.results.due:
            return
        try:
            self.results.settle()
        except StatisticsFailed:
            self._unsaid += self._problem(sn.Problem.STATS_FAILED, self.paths.statistics)
        finally:
            self._unsaid += self._results_said()

    def _results_said(self) -> list[se.SessionEvent]:
        """What the statistics have to tell (a garbage database set aside)."""
        said, self.results.unsaid = self.results.unsaid, []
        sides, self.results.statistics.sides_aside = self.results.statistics.sides_aside, []
        return said + [
            sn.StorageProblem(sn.Problem.STATS_SIDE_FILE, side, aside) for side, aside in sides
        ]

    def flush_results(self) -> None:
        """Leaving: the results still queued, written if the database takes them now;
        else they wait in their file for the next run."""
        if self.owner:
            with suppress(StatisticsFailed):
                self.results.flush(force=True)

    def _journal_moves(
        self, session: Session, events: tuple[se.SessionEvent, ...]
    ) -> list[se.SessionEvent]:
        """A removal or an undo: one line appended to the journal, not a whole save. When
        the journal fails, or is long enough to fold, the whole game is saved instead."""
        if not self.owner:
            return []
        try:
            redo_left = session.game.redo_available > 0  # a fold waits until none is
            self.game_file.journal(events, session.clock.seconds, redo_left)
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
            return self._problem(sn.Problem.GAME_NOT_SAVED, self.paths.saved_game)
        notices: list[se.SessionEvent] = []
        if self._save_failed and sn.Problem.GAME_NOT_SAVED in self.reported:
            # the player heard the game is not saved: say that it is again, and say a
            # new failure again too
            self.reported.discard(sn.Problem.GAME_NOT_SAVED)
            notices.append(sn.StorageProblem(sn.Problem.SAVING_AGAIN, str(self.paths.saved_game)))
        self._save_failed = False
        for journal, aside in game_file.set_aside:
            notices.append(sn.StorageProblem(sn.Problem.JOURNAL_NOT_PLAIN, journal, aside))
            if aside is None:  # that sentence says every move is saved whole
                self.reported.add(sn.Problem.JOURNAL_NOT_WRITTEN)
        game_file.set_aside.clear()
        if game_file.journal_held and not won:
            notices += self._problem(sn.Problem.JOURNAL_NOT_WRITTEN, game_file.journal_path)
        return notices

    def _save_setting(self, event: se.SettingChanged) -> list[se.SessionEvent]:
        if not self.owner:
            return []
        try:
            spec = SETTINGS[event.setting]
            self.settings_file.save(spec.field, spec.to_file(event.value))
        except OSError:
            return self._problem(sn.Problem.SETTINGS_NOT_SAVED, self.settings_file.path)
        return []

    def _problem(self, problem: sn.Problem, path: StrPath) -> list[se.SessionEvent]:
        """Each kind of failure is reported once a run, not after every move."""
        if problem in self.reported:
            return []
        self.reported.add(problem)
        return [sn.StorageProblem(problem, str(path))]
