"""What the session answers, besides the engine's events: the deal, advice, views of the
table, settings, help, statistics, and notices about files and the voice.

Plain values, as the engine's events are; the presenter words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.events import Event, Placed, Reason, Status
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import KW_ONLY, record, replace
from halfmoon_a11y.play.views import Spot, TableView


@record
class Summary:
    """The statistics of every recorded game."""

    _: KW_ONLY  # seven numbers: each named
    played: int
    won: int
    blocked: int
    abandoned: int
    best_seconds: int | None
    current_streak: int
    longest_streak: int

    @property
    def win_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0


@record
class Dealt:
    code: DealCode
    resumed: bool = False
    advice_on: tuple[str, ...] = ()  # settings that add to what is said, when on (resume)


@record
class MoveError:
    """The explanation of a failed combination, when the move-errors setting is on."""

    reason: Reason


@record
class PlacementHelp:
    """The playable cards that complete a removal with the selection now (may be none)."""

    cards: tuple[Placed, ...]
    missing: tuple[Rank, ...] = ()  # what a half-built trio still needs


@record
class BoardShown:
    view: TableView


@record
class PileShown:
    spot: Spot


@record
class ReserveShown:
    spots: tuple[Spot, ...]


@record
class TopsShown:
    """The playable cards, for a review by value (`tops`): every pile's top and reserve
    slot, piles first, empty ones included. What is there, never what to play."""

    spots: tuple[Spot, ...]

    def groups(self) -> tuple[tuple[Rank, tuple[Location, ...]], ...]:
        """The places of each value shown, ace first, king last (the rules' order); in
        each, the piles then the reserve slots, in table order."""
        return tuple(
            (rank, places)
            for rank in Rank
            if (places := tuple(s.location for s in self.spots if s.card and s.card.rank is rank))
        )

    def empty(self) -> tuple[Location, ...]:
        return tuple(spot.location for spot in self.spots if spot.card is None)


@record
class InfoShown:
    _: KW_ONLY  # elapsed, score, moves, left: each named
    elapsed: int
    score: int
    moves: int
    code: DealCode
    status: Status
    left: int = 104  # cards on the table, hidden ones included
    selection: tuple[Placed, ...] = ()
    missing: tuple[Rank, ...] = ()  # what a half-built trio still needs
    with_code: bool = True  # the resume line says the code already


@record
class SelectionShown:
    """`selection`: what is selected, and what a half-built trio still needs."""

    selection: tuple[Placed, ...]
    missing: tuple[Rank, ...] = ()


@record
class CodeShown:
    code: DealCode


@record
class SettingChanged:
    setting: str  # a key of play.settings.SETTINGS
    value: object


@record
class HelpShown:
    topic: str | None


@record
class RepeatAsked:
    pass


@record
class Refused:
    error: HalfMoonError


@record
class QuitAsked:
    pass


@record
class NewAsked:
    """`new` during a game with moves: said once; `new` again leaves the game. `won`: the
    game was won before an undo, so it counts as won already and leaving it is not
    recorded as abandoned (issue 19)."""

    moves: int
    won: bool = False
    recorded: bool = True  # False: this window saves nothing, so leaving counts as nothing


@record
class GameKept:
    """The game is on disk and comes back: on leaving, or when another deal is started."""

    code: DealCode
    moves: int
    aside: bool = False  # put aside for another deal (--code), to come back with its code


@record
class StatsShown:
    summary: Summary


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
    # issue 18: the lock file could not be opened, so no window is sure to be alone: this
    # one writes nothing. Why: not a plain file, another user's, or anything else.
    LOCK_NOT_A_FILE = "lock_not_a_file"
    LOCK_NOT_PERMITTED = "lock_not_permitted"
    LOCK_FAILED = "lock_failed"
    LOCK_SET_ASIDE = "lock_set_aside"  # not a usable lock file: set aside, a fresh one made
    STATE_READ_ONLY = "state_read_only"  # the state folder cannot be written: nothing saved
    # issue 26: a folder another user made first: nothing read from it or saved in it
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
class StorageProblem:
    """A file the game could not read or write. Nothing is lost; the game goes on."""

    problem: Problem
    path: str
    aside: str | None = None
    _: KW_ONLY  # count, process, since: each named
    count: int | None = None  # the journal's moves and undos that came back, if any
    # OPEN_ELSEWHERE: the window that owns the files, when it can be told (issue 18)
    process: int | None = None  # its process id
    since: int | None = None  # seconds since it started
    host: str | None = None  # the computer it runs on, when not this one


class SpeechTrouble(StrEnum):
    NO_ENGINE = "no_engine"  # no speech engine at all: the voice never starts
    NO_PLAYER = "no_player"  # no audio player found
    SENTENCE_NOT_SYNTHESISED = "sentence_not_synthesised"  # one sentence skipped
    SENTENCE_NOT_PLAYED = "sentence_not_played"  # one sentence skipped
    ENGINE_FAILED = "engine_failed"  # the engine failed again and again: the voice stops
    PLAYER_FAILED = "player_failed"  # the player failed again and again: the voice stops
    NO_FOLDER = "no_folder"  # no private folder for the sentences' audio: the voice never starts


@record
class SpeechProblem:
    """Why the game's own voice is silent. The game goes on."""

    trouble: SpeechTrouble


@record
class VoiceChosen:
    """Which voice speaks, said at start-up and when speech is set to auto."""

    own: bool  # the game's own voice speaks
    automatic: bool  # chosen by speech auto
    reader: str | None = None  # the screen reader running, when auto chose silence


@record
class NoVoiceForLanguage:
    """No voice of this computer speaks the player's language (issue 20): said once, at
    start-up and when the language or the voice changes, instead of reading the words
    with another language's voice."""

    language: str  # the player's language, which no voice speaks
    spoken: str | None  # the language the game's voice speaks instead; None: it is silent
    voice: str | None = None  # the name of the voice that speaks instead


@record
class CursorMoved:
    """An arrow key at the prompt: the place now under the cursor. `edge`: the cursor
    was at an end of the table and stayed there."""

    spot: Spot
    edge: bool = False
    selected: bool = False


@record
class CursorUnset:
    """Space before any arrow key: there is no place under the cursor yet."""


@record
class LineCleared:
    """Ctrl-C at the prompt: the line being typed was given up."""


class Part(StrEnum):
    """Where a bug of the game's own was met: what stopped, and so what is said."""

    COMMAND = "command"  # a command: nothing more was done
    VOICE_START = "voice_start"  # starting the game's voice at start-up: no command typed
    VOICE = "voice"  # silencing or feeding the game's voice: the voice is off from then on
    SOUNDS = "sounds"  # choosing or playing an answer's sound: the sounds are off from then on


@record
class Failed:
    """A bug of the game's own: the game is saved and goes on. `log`: where the details
    were written, said the first time only. `part`: what the bug was met in (a command,
    or the voice or the sounds, which then stop while the words go on)."""

    log: str | None = None
    saved: bool = True  # the game was saved as it stood (not in a window that saves nothing)
    part: Part = Part.COMMAND


SessionEvent = (
    Event
    | Dealt
    | MoveError
    | PlacementHelp
    | BoardShown
    | PileShown
    | ReserveShown
    | TopsShown
    | InfoShown
    | SelectionShown
    | CodeShown
    | SettingChanged
    | HelpShown
    | RepeatAsked
    | Refused
    | QuitAsked
    | NewAsked
    | GameKept
    | StatsShown
    | StorageProblem
    | SpeechProblem
    | VoiceChosen
    | NoVoiceForLanguage
    | CursorMoved
    | CursorUnset
    | LineCleared
    | Failed
)


class Keep(StrEnum):
    """What a turn asks the store to write."""

    NOTHING = "nothing"
    MOVES = "moves"  # removals or undos: one line each in the journal
    GAME = "game"  # a new deal, or a game over: the whole game, saved anew


@record
class Answer:
    """One turn, by its parts: what happened, what to keep, what changed. The presenter
    decides the order in which the parts are said (`text.presenter.Presenter.order`); the
    store writes what `keep`, `deal`, `changed` and `leaving` ask; a front end applies
    `changed` to its words and its voice.
    """

    events: tuple[SessionEvent, ...] = ()  # what happened, in the order it happened
    deal: tuple[Dealt | InfoShown, ...] = ()  # a deal opened: Dealt, then a resumed score
    table: TableView | None = None  # the table after a deal, for front ends that read it
    notices: tuple[SessionEvent, ...] = ()  # about files, other windows and the voice
    keep: Keep = Keep.NOTHING
    changed: tuple[SettingChanged, ...] = ()  # settings changed: front ends follow them
    repeat: bool = False  # `repeat`: the last answer again
    leaving: bool = False  # `quit`: the game is saved and the front end leaves

    def noted(self, notices: Sequence[SessionEvent], first: bool = False) -> Answer:
        """The answer with more notices: after the others, or before them."""
        if not notices:
            return self
        more = tuple(notices)
        return replace(self, notices=more + self.notices if first else self.notices + more)

    @property
    def dealt(self) -> Dealt | None:
        """The deal this turn opened, if it opened one."""
        first = self.deal[0] if self.deal else None
        return first if isinstance(first, Dealt) else None
