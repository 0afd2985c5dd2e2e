"""The store's effects, carried out through the files: the one module that writes what
the decisions (`turn.py`, `choosing.py`, `result.py`) ask for.

Each method does one thing to the files and puts what the player must hear in the one
queue (`Unsaid`); a failure is said there, once a run for a kind that would repeat, and
never stops the game.
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store.game_file import GameFile
from halfmoon_a11y.store.kept_games import KeptGames
from halfmoon_a11y.store.result import Result, Standing, replaced
from halfmoon_a11y.store.results import Results
from halfmoon_a11y.store.stats_failures import StatisticsFailed
from halfmoon_a11y.store.unsaid import Unsaid

if TYPE_CHECKING:
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play import answers as se
    from halfmoon_a11y.store.files import Paths
    from halfmoon_a11y.store.kept_games import Kept
    from halfmoon_a11y.store.saved_game import SavedGame
    from halfmoon_a11y.store.settings_file import SettingsFile


NOT_SAVED = sn.Problem.GAME_NOT_SAVED


class Disk:
    """The files of a window that owns them: the save and its journal, the kept games,
    the results, the settings file."""

    def __init__(self, paths: Paths, settings_file: SettingsFile) -> None:
        self.paths = paths
        self.settings_file = settings_file
        self.unsaid = Unsaid()
        self.game_file = GameFile(paths.saved_game)
        self.kept_games = KeptGames(paths.kept_games)
        self.results = Results(paths.statistics, self.unsaid)
        self.saved = False  # whether the last full save reached the disk
        self._failed = False  # the last full save failed: the next to succeed says so

    def save(self, saved: SavedGame, won: bool) -> bool:
        """The whole game in one full save (a won game's files go). Whether it reached
        the disk."""
        try:
            set_aside = self.game_file.save(saved, won)
        except OSError:
            self.saved, self._failed = False, True
            self.unsaid.once(sn.Problem.GAME_NOT_SAVED, self.paths.saved_game)
            return False
        self.saved = True
        if self._failed and self.unsaid.said(sn.Problem.GAME_NOT_SAVED):
            # the player heard the game is not saved: say that it is again, and say a new
            # failure again too
            self.unsaid.forget(sn.Problem.GAME_NOT_SAVED)
            self.unsaid.problem(sn.Problem.SAVING_AGAIN, self.paths.saved_game)
        self._failed = False
        for journal in set_aside:
            self.unsaid.problem(sn.Problem.JOURNAL_NOT_PLAIN, journal.journal, journal.aside)
            if journal.aside is None:  # that sentence says every move is saved whole
                self.unsaid.mark_said(sn.Problem.JOURNAL_NOT_WRITTEN)
        if self.game_file.journal_held and not won:
            self.unsaid.once(sn.Problem.JOURNAL_NOT_WRITTEN, self.game_file.journal_path)
        return True

    def leave(self, saved: SavedGame, won: bool) -> None:
        """`quit`: the game saved now, and the player told it comes back, when it does. A
        full disk that leaves the save and its journal whole still brings it back: then
        "cannot be saved" would be untrue, and is not said (nor, later, "saved again")."""
        mark = self.unsaid.count()
        if won:
            self.save(saved, won)
            return
        if not self.save(saved, won):
            if not self.game_file.journal_holds(saved.game):
                return
            for notice in self.unsaid.drop_from(mark):
                if isinstance(notice, sn.StorageProblem) and notice.problem is NOT_SAVED:
                    self.unsaid.forget(NOT_SAVED)
        self.unsaid.add(sn.GameKept(saved.code, len(saved.moves)))

    def journal(self, events: tuple[se.SessionEvent, ...], seconds: float) -> bool:
        """A removal or an undo as one line of the journal. False when the whole game
        must be saved instead, with what redo could make again: the journal failed, is
        long enough to fold, or could not tell a new removal from a redo."""
        try:
            self.game_file.journal(events, seconds)
        except OSError:
            return False
        return True

    def save_setting(self, event: se.SettingChanged) -> None:
        try:
            spec = SETTINGS[event.setting]
            self.settings_file.save(spec.field, spec.to_file(event.value))
        except OSError:
            self.unsaid.once(sn.Problem.SETTINGS_NOT_SAVED, self.settings_file.path)

    def record(self, result: Result | None, later: bool) -> None:
        """A result, queued on disk at once (fsynced: a kill loses nothing); `later`: the
        database is written once the answer is out (`settle`), so that it never holds
        the move."""
        if result is None:
            return
        try:
            self.results.record(result, later)
        except StatisticsFailed:
            self.unsaid.once(sn.Problem.STATS_FAILED, self.paths.statistics)

    def record_replaced(self, standing: Standing | None, later: bool) -> None:
        """The game being replaced: recorded as blocked or abandoned, if it was played."""
        self.record(replaced(standing, ""), later)

    def settle(self) -> None:
        """Once the answer is out: the results it queued, written to the database. What
        goes wrong is said with the next answer; a result not written waits in the queue
        (`stats` counts it, leaving or the next run writes it)."""
        if not self.results.due:
            return
        try:
            self.results.settle()
        except StatisticsFailed:
            self.unsaid.once(sn.Problem.STATS_FAILED, self.paths.statistics)

    def flush(self) -> None:
        """Leaving: the results still queued, written if the database takes them now;
        else they wait in their file for the next run."""
        with suppress(StatisticsFailed):
            self.results.flush(force=True)

    def find_kept(self, code: DealCode) -> Kept | None:
        """The game kept for this deal, read but still on disk; unreadable ones named."""
        found, unreadable = self.kept_games.find(code)
        for bad in unreadable:
            problem = sn.Problem.KEPT_OTHER_DEAL if bad.other_deal else sn.Problem.KEPT_UNREADABLE
            self.unsaid.problem(problem, bad.path, bad.aside)
        return found

    def keep(self, saved: SavedGame) -> str | None:
        """A game put aside by its code: the path written, or None (said) if it could
        not be."""
        try:
            return self.kept_games.put(saved)
        except OSError:
            self.unsaid.problem(sn.Problem.GAME_NOT_KEPT, self.kept_games.path(saved.code))
            return None
