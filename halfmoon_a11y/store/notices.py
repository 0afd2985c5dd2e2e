"""What the store tells the player: a file it could not read or write, and a game kept to
come back to. Plain values; `text.notices` words them (each adapter's notices
live in that adapter, and the middle layer never changes for them)."""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.values import KW_ONLY, record
from halfmoon_a11y.play.answers import Notice


@record
class GameKept(Notice):
    """The game is on disk and comes back: on leaving, or when another deal is started."""

    code: DealCode
    moves: int
    aside: bool = False  # put aside for another deal (--code), to come back with its code


class Problem(StrEnum):
    SETTINGS_UNREADABLE = "settings_unreadable"
    SETTINGS_NOT_SAVED = "settings_not_saved"
    SAVE_UNREADABLE = "save_unreadable"
    SAVE_NEWER = "save_newer"
    GAME_NOT_SAVED = "game_not_saved"
    STATS_FAILED = "stats_failed"
    OPEN_ELSEWHERE = "open_elsewhere"  # another window owns the files: nothing is written
    JOURNAL_NOT_PLAIN = "journal_not_plain"  # a folder, FIFO or link at the journal: aside
    JOURNAL_UNREADABLE = "journal_unreadable"  # too large, or names no save: aside, unread
    JOURNAL_STOPPED = "journal_stopped"  # a line did not replay: those before came back
    JOURNAL_TOO_LONG = "journal_too_long"  # past the most read: its start came back
    JOURNAL_NOT_WRITTEN = "journal_not_written"  # every move is a full save instead
    SAVING_AGAIN = "saving_again"  # the game could not be saved; now it is again
    # The lock file could not be opened, so no window is sure to be alone: this
    # one writes nothing. Why: not a plain file, another user's, or anything else.
    LOCK_NOT_A_FILE = "lock_not_a_file"
    LOCK_NOT_PERMITTED = "lock_not_permitted"
    LOCK_FAILED = "lock_failed"
    LOCK_SET_ASIDE = "lock_set_aside"  # not a usable lock file: set aside, a fresh one made
    STATE_READ_ONLY = "state_read_only"  # the state folder cannot be written: nothing saved
    # A folder another user made first: nothing read from it or saved in it
    STATE_NOT_OWN = "state_not_own"  # the state folder: this window saves nothing
    SETTINGS_FOLDER_NOT_OWN = "settings_folder_not_own"  # the default settings are played
    STATS_FOLDER_NOT_OWN = "stats_folder_not_own"  # statistics are not recorded
    LOCK_BY_PROCESS = "lock_by_process"  # no flock() here: the lock file names the process
    GAME_NOT_KEPT = "game_not_kept"  # --code: the game could not be kept aside, and goes on
    KEPT_UNREADABLE = "kept_unreadable"  # a kept game that cannot be read
    KEPT_OTHER_DEAL = "kept_other_deal"  # a kept file holding another deal: set aside
    KEPT_OTHER = "kept_other"  # the same deal saved and kept: the newer played, the other kept
    STATS_SIDE_FILE = "stats_side_file"  # not a plain file at SQLite's -wal or -shm: aside
    STATS_UNREADABLE = "stats_unreadable"  # not a database: set aside, a new one started


@record
class StorageProblem(Notice):
    """A file the game could not read or write. Nothing is lost; the game goes on."""

    problem: Problem
    path: str
    aside: str | None = None
    _: KW_ONLY  # count, process, since: each named
    count: int | None = None  # the journal's moves and undos that came back, if any
    # OPEN_ELSEWHERE: the window that owns the files, when it can be told
    process: int | None = None  # its process id
    since: int | None = None  # seconds since it started
    host: str | None = None  # the computer it runs on, when not this one
