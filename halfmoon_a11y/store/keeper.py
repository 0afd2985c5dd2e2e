"""Nothing lost: the store behind the session's one port (`play.port.Store`).

The read loop hands it each answer (`persist`): what the answer asks of the files is
decided by `turn.plan`, without them, and carried out through `Disk`; the answer comes
back with what the player must hear, taken from the one queue. The start is `Opening`'s.
A file that cannot be read is kept aside and reported; a file that cannot be written is
reported once; the game always goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from halfmoon_a11y.core.dealcode import DealCode, system_randbelow
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.play.answers import Answer, Summary
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.play.start import Start
from halfmoon_a11y.store import turn
from halfmoon_a11y.store.disk import Disk
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.lock import Ownership
from halfmoon_a11y.store.opening import Opening
from halfmoon_a11y.store.result import Standing, standing_of, win_of
from halfmoon_a11y.store.results import new_identity
from halfmoon_a11y.store.saved_game import SavedGame
from halfmoon_a11y.store.settings_file import SettingsFile


class Keeper:
    def __init__(
        self, paths: Paths, settings_file: SettingsFile, owner: bool | Ownership = True
    ) -> None:
        # What the lock found (store/lock.py): another window owns the files, or the lock
        # could not be opened, and then nothing is read past the opening nor written.
        self.ownership = owner if isinstance(owner, Ownership) else Ownership(owner)
        self.disk = Disk(paths, settings_file)
        self.session: Session | None = None
        self.standing: Standing | None = None  # how the game stood at the last answer
        self._game = new_identity()  # the current game's identity
        self._identities: dict[DealCode, str] = {}  # of kept games taken back, by code
        self._taken: str | None = None  # a kept game's file, to remove once it is saved

    @property
    def owner(self) -> bool:
        """This window owns the files: the one name for it in the store."""
        return self.ownership.owner

    @property
    def saves_nothing(self) -> bool:
        """The port's name for a window that does not own the files."""
        return not self.owner

    def open(
        self,
        code: DealCode | None,
        settings: Settings | None = None,
        *,
        now: Callable[[], float] = time.monotonic,
        randbelow: Callable[[int], int] = system_randbelow,
    ) -> Session:
        """The session to play: the saved game resumed, or `code` (else a random deal)
        afresh, already saved, with the saved game it replaces recorded."""
        found = Opening(self.disk, self.ownership).resolve(code, randbelow)
        if self.owner:
            self._game = found.game or new_identity()
            saved = SavedGame.of_start(found.start, self._game, folds=True)  # a kill's journal
            self.disk.save(saved, won=False)
            if found.taken is not None and self.disk.saved:
                self.disk.kept_games.remove(found.taken)  # a kill before this lost nothing
        notices = self.disk.unsaid.take()
        session = Session(
            found.start, settings, now=now, randbelow=randbelow, store=self, notices=notices
        )
        self.session = session
        self.standing = standing_of(session, False, self._game)
        return session

    def kept(self, code: DealCode) -> Start | None:
        """The game kept aside for this deal, if there is one; it is resumed from now on.
        Its file goes once the game is in the save (`persist`)."""
        found = self.disk.find_kept(code) if self.owner else None
        if found is None:
            return None
        self._identities[code] = found.game or new_identity()
        self._taken = found.path
        return found.start

    def summary(self) -> Summary:
        return self.disk.results.summary(writes=self.owner)  # its notices: the next answer

    def persist(self, session: Session, answer: Answer) -> Answer:
        """Write what the answer asks (`turn.plan`), in one pass, and say what went wrong."""
        if turn.refused(answer):
            return answer  # nothing changed, nothing to write (every JSON line)
        recorded = self.standing is not None and self.standing.recorded
        for effect in turn.plan(answer, recorded) if self.owner else ():
            self._carry(effect, session, answer)
        return answer.noted(self.disk.unsaid.take())

    def _carry(self, effect: turn.Effect, session: Session, answer: Answer) -> None:
        disk = self.disk
        if isinstance(effect, turn.SaveSetting):
            disk.save_setting(effect.changed)
        elif isinstance(effect, turn.Replace):
            disk.record_replaced(self.standing, later=True)
            self.standing = None
            self._game = self._identities.pop(effect.code, "") or new_identity()
        elif isinstance(effect, turn.RecordWin):
            disk.record(win_of(session, effect.won, self._game), later=True)
        elif isinstance(effect, turn.Stand):
            self.standing = standing_of(session, effect.recorded, self._game)
        elif effect is turn.Step.SAVE_GAME:
            self._save_session(session)
            if self._taken is not None and disk.saved:  # a kept game, now in the save
                disk.kept_games.remove(self._taken)
            self._taken = None
        elif effect is turn.Step.JOURNAL:
            if not disk.journal(answer.events, session.clock.seconds):
                self._save_session(session, folds=True)  # the whole game, redo kept
        elif effect is turn.Step.LEAVE:  # `quit`: saved now, and said to come back
            disk.leave(SavedGame.of(session, self._game), session.game.status is Status.WON)

    def rescue(self, session: Session) -> bool:
        """After a bug: the game as it stands, in one full save. Whether it reached the
        disk (never in a window that saves nothing)."""
        return self.owner and self._save_session(session)

    @property
    def waiting(self) -> bool:
        """Something waits for the answer to be out (`after`): a result to record."""
        return self.owner and self.disk.results.due

    def after(self) -> None:
        """Once the answer is out: the results it queued, written to the database."""
        if self.owner:
            self.disk.settle()

    def flush_results(self) -> None:
        """Leaving: the results still queued, written if the database takes them now;
        else they wait in their file for the next run."""
        if self.owner:
            self.disk.flush()

    def close(self) -> None:
        """Leaving: the whole game, with the time on the clock, in one full save."""
        if self.session is not None:
            self._save_session(self.session)
        self.disk.game_file.close()

    def _save_session(self, session: Session, folds: bool = False) -> bool:
        won = session.game.status is Status.WON
        return self.owner and self.disk.save(SavedGame.of(session, self._game, folds), won)
