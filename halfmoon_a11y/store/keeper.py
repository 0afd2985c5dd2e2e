"""Nothing lost: saves the game after every move, keeps the settings, records statistics.

The keeper watches a session's events (it is one of the session's observers),
so every front end, the JSON mode included, saves and resumes the same way.
A file that cannot be read is kept aside and reported; a file that cannot be
written is reported once; the game always goes on.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

from halfmoon_a11y.core.dealcode import DealCode, system_randbelow
from halfmoon_a11y.core.events import Removed, Status, Undone, Won
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import Summary
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.play.session import Session, Start, replay
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.files import Paths, keep_aside, read_small, remove_leftovers
from halfmoon_a11y.store.saved_game import SavedGame, SaveError, SaveProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Result, Statistics, StatisticsFailed

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath


@record
class Standing:
    """How the current game stands, kept so a replaced game can be recorded."""

    code: str
    status: Status
    score: int
    moves: int
    seconds: int
    recorded: bool
    game: str = ""  # the game's identity: its result is recorded once


def _new_identity() -> str:
    return os.urandom(8).hex()  # as secrets.token_hex(8), without loading hashlib


class Keeper:
    def __init__(self, paths: Paths, settings_file: SettingsFile, owner: bool = True) -> None:
        self.paths = paths
        self.owner = owner  # False: another window owns the files, and nothing is written
        self.settings_file = settings_file
        self.statistics = Statistics(paths.statistics)
        self.session: Session | None = None
        self._standing: Standing | None = None
        self._reported: set[se.Problem] = set()
        self._saved = False
        self._written: bytes | None = None  # what the last full save wrote
        self._game = _new_identity()  # the current game's identity
        self._journal = savegame.Journal(paths.saved_game)  # each move, between full saves
        self._identities: dict[DealCode, str] = {}  # of games read from disk, by code

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
        afresh, with the saved game it replaces recorded. Watched from then on."""
        start, notices = self.opening(code, randbelow)
        session = Session(
            start,
            settings,
            now=now,
            randbelow=randbelow,
            statistics=self._summary,
            notices=notices,
            kept=self.take_kept,
        )
        self.session = session
        session.observe(self.after)
        self._standing = self._stand(session, recorded=False)
        return session

    def opening(
        self, code: DealCode | None, randbelow: Callable[[int], int] = system_randbelow
    ) -> tuple[Start, list[se.SessionEvent]]:
        """The deal to open with, already saved, and what to tell the player about files.

        A random deal is dealt only when there is no code and nothing to resume.
        """
        notices: list[se.SessionEvent] = []
        if not self.owner:  # a game of its own: the other window's game is in use
            notices.append(se.StorageProblem(se.Problem.OPEN_ELSEWHERE, str(self.paths.lock)))
            return Start(code or DealCode.random(randbelow)), notices
        remove_leftovers(self.paths.saved_game)  # from saves a kill cut short
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
        if code is None:
            start = saved or Start(DealCode.random(randbelow))
        else:
            if saved is not None and saved.code != code:
                notices += self._put_aside(saved)
            same = saved if saved is not None and saved.code == code else None
            start = self.take_kept(code) or same or Start(code)
        self._game = self._identity(start)
        self._identities.clear()  # from now on, only a kept game taken back has one
        saved_now = SavedGame(start.code, start.moves, start.elapsed, self._game)
        notices += self._save(saved_now, won=False)
        return start, notices

    def _identity(self, start: Start) -> str:
        """The identity of a game read from disk (kept by its code), else a new one."""
        return self._identities.get(start.code) or _new_identity()

    def _put_aside(self, saved: Start) -> list[se.SessionEvent]:
        """Another deal is started with --code: an unfinished game with moves is kept by
        its code, to come back with `new CODE` or --code; nothing else is worth keeping."""
        game = replay(saved)
        if game.moves == 0 or game.status is not Status.PLAYING:
            self._standing = Standing(
                str(saved.code),
                game.status,
                game.score,
                game.moves,
                int(saved.elapsed),
                False,
                self._identity(saved),
            )
            return self._finish_standing()  # a blocked game is recorded as before
        path = os.path.join(self.paths.kept_games, f"{saved.code}.json")
        try:
            kept = SavedGame(saved.code, saved.moves, saved.elapsed, self._identity(saved))
            savegame.write(path, kept)
        except OSError:
            return self._problem(se.Problem.GAME_NOT_SAVED, path)
        return [se.GameKept(saved.code, game.moves, aside=True)]

    def _summary(self) -> Summary:
        try:
            return self.statistics.summary()
        except StatisticsFailed:
            raise StatisticsUnavailableError(str(self.paths.statistics)) from None

    def take_kept(self, code: DealCode) -> Start | None:
        """The game kept aside for this deal, if there is one; it is resumed from now on."""
        if not self.owner:
            return None
        path = os.path.join(self.paths.kept_games, f"{code}.json")
        try:
            saved = savegame.read(path)
            if saved is None:
                return None
            start = saved.start()
            os.unlink(path)
            self._identities[start.code] = saved.game or _new_identity()
        except (SaveError, OSError):
            return None
        return start

    def _read_saved(self, notices: list[se.SessionEvent]) -> Start | None:
        """The saved game to resume. One whose removals do not replay is kept aside and its
        deal is dealt afresh, so the player at least keeps the deal."""
        path = self.paths.saved_game
        saved = None
        try:
            saved = savegame.read(path)
            if saved is None:
                return None
            start = saved.start()
            self._identities[start.code] = saved.game or _new_identity()
            return start
        except (SaveError, OSError) as error:
            problem = se.Problem.SAVE_UNREADABLE
            if isinstance(error, SaveError) and error.problem is SaveProblem.NEWER:
                problem = se.Problem.SAVE_NEWER
            aside = keep_aside(path)
            notices.append(se.StorageProblem(problem, str(path), str(aside) if aside else None))
            return Start(saved.code) if saved is not None else None

    # -- after every command -------------------------------------------------------------

    def after(self, events: list[se.SessionEvent]) -> list[se.SessionEvent]:
        session = self.session
        assert session is not None
        extra: list[se.SessionEvent] = []
        recorded = self._standing.recorded if self._standing else False
        for event in events:
            if isinstance(event, se.SettingChanged):
                extra += self._save_setting(event)
            elif isinstance(event, se.Dealt):  # another deal replaces the game, resumed or new
                extra += self._finish_standing()
                recorded = False
                self._game = self._identities.pop(event.code, "") or _new_identity()
            elif isinstance(event, Won) and not recorded:
                extra += self._record(
                    Result.WON, session.code, event.score, event.moves, event.elapsed, self._game
                )
                recorded = True  # an undo and a second win is still one game won
        self._standing = self._stand(session, recorded)
        kinds = {type(e) for e in events}
        if se.Dealt in kinds or Won in kinds:
            extra += self._save_session(session)  # a full save: a new game, or a game over
        elif Removed in kinds or Undone in kinds:
            extra += self._journal_moves(session, events)
        if se.QuitAsked in kinds:
            extra += self._leaving(session)
        return extra

    def _leaving(self, session: Session) -> list[se.SessionEvent]:
        """`quit`: the game is saved now, and the player is told it comes back."""
        problems = self._save_session(session)
        if not self._saved or session.game.status is Status.WON:
            return problems
        return [se.GameKept(session.code, session.game.moves)]

    def close(self) -> None:
        """Leaving: the whole game, with the time on the clock, in one full save."""
        if self.session is not None:
            self._save_session(self.session)
        self._journal.close()

    # -- the pieces ----------------------------------------------------------------------

    def _stand(self, session: Session, recorded: bool) -> Standing:
        g = session.game
        return Standing(
            str(session.code),
            g.status,
            g.score,
            g.moves,
            session.clock.elapsed,
            recorded,
            self._game,
        )

    def _finish_standing(self) -> list[se.SessionEvent]:
        """The game being replaced: record it as blocked or abandoned, if it was played."""
        old = self._standing
        if old is None or old.recorded or old.status is Status.WON:
            return []
        if old.status is Status.BLOCKED:
            result = Result.BLOCKED
        elif old.moves > 0:
            result = Result.ABANDONED
        else:
            return []  # a deal looked at and passed over is not a game played
        return self._record(result, old.code, old.score, old.moves, old.seconds, old.game)

    def _record(
        self, result: Result, code: object, score: int, moves: int, seconds: int, game: str
    ) -> list[se.SessionEvent]:
        if not self.owner:
            return []
        try:
            self.statistics.record(str(code), result, score, moves, seconds, game)
        except StatisticsFailed:
            return self._problem(se.Problem.STATS_FAILED, self.paths.statistics)
        return []

    def _journal_moves(
        self, session: Session, events: list[se.SessionEvent]
    ) -> list[se.SessionEvent]:
        """A removal or an undo: one line appended to the journal, not a whole save."""
        if not self.owner:
            return []
        seconds = session.clock.seconds
        try:
            for event in events:
                if isinstance(event, Removed):
                    self._journal.removal(tuple(p.location for p in event.cards), seconds)
                elif isinstance(event, Undone):
                    self._journal.undo(seconds)
        except OSError:
            return self._save_session(session)  # no journal: the whole game, then
        return []

    def _save_session(self, session: Session) -> list[se.SessionEvent]:
        won = session.game.status is Status.WON
        return self._save(SavedGame.of(session, self._game), won=won)

    def _save(self, saved: SavedGame, won: bool) -> list[se.SessionEvent]:
        path = self.paths.saved_game
        self._saved = self.owner  # whether the last save reached the disk
        if not self.owner:
            return []
        try:
            if won:
                with contextlib.suppress(FileNotFoundError):  # a won game is over:
                    os.unlink(path)  # the next start deals anew
                self._journal.remove()
                self._written = None
            else:
                data = saved.to_bytes()
                # The same game as the last full save (a start and a quit with no move
                # between): written again, it would cost two fsyncs and say nothing new.
                if not self._already_on_disk(path, data):
                    savegame.write_bytes(path, data)
                    self._journal.restart(saved.game, len(saved.moves))
                    self._written = data
        except OSError:
            self._saved = False
            return self._problem(se.Problem.GAME_NOT_SAVED, path)
        return []

    def _already_on_disk(self, path: StrPath, data: bytes) -> bool:
        """Whether the save file holds exactly `data` and no journal adds to it: then a
        full save would say nothing new (a start and a quit with no move between, a
        resumed game left as it was) and its two fsyncs are spared (issue 12)."""
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
