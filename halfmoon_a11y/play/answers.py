"""What the session answers, besides the engine's events: the deal, advice, views of the
table, settings, help, statistics, and notices about files and the voice.

Plain values, as the engine's events are; the presenter words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.events import Event, Placed, Reason, Status
from halfmoon_a11y.play.views import Spot, TableView


@dataclass(frozen=True, slots=True)
class Summary:
    """The statistics of every recorded game."""

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


@dataclass(frozen=True, slots=True)
class Dealt:
    code: DealCode
    resumed: bool = False
    advice_on: tuple[str, ...] = ()  # settings that add to what is said, when on (resume)


@dataclass(frozen=True, slots=True)
class MoveError:
    """The explanation of a failed combination, when the move-errors setting is on."""

    reason: Reason


@dataclass(frozen=True, slots=True)
class PlacementHelp:
    """The playable cards that complete a removal with the selection now (may be none)."""

    cards: tuple[Placed, ...]
    missing: tuple[Rank, ...] = ()  # what a half-built trio still needs


@dataclass(frozen=True, slots=True)
class BoardShown:
    view: TableView


@dataclass(frozen=True, slots=True)
class PileShown:
    spot: Spot


@dataclass(frozen=True, slots=True)
class ReserveShown:
    spots: tuple[Spot, ...]


@dataclass(frozen=True, slots=True)
class InfoShown:
    elapsed: int
    score: int
    moves: int
    code: DealCode
    status: Status
    left: int = 104  # cards on the table, hidden ones included
    selection: tuple[Placed, ...] = ()
    missing: tuple[Rank, ...] = ()  # what a half-built trio still needs
    with_code: bool = True  # the resume line says the code already


@dataclass(frozen=True, slots=True)
class SelectionShown:
    """`selection`: what is selected, and what a half-built trio still needs."""

    selection: tuple[Placed, ...]
    missing: tuple[Rank, ...] = ()


@dataclass(frozen=True, slots=True)
class CodeShown:
    code: DealCode


@dataclass(frozen=True, slots=True)
class SettingChanged:
    setting: str  # a key of play.settings.SETTINGS
    value: object


@dataclass(frozen=True, slots=True)
class HelpShown:
    topic: str | None


@dataclass(frozen=True, slots=True)
class RepeatAsked:
    pass


@dataclass(frozen=True, slots=True)
class Refused:
    error: HalfMoonError


@dataclass(frozen=True, slots=True)
class QuitAsked:
    pass


@dataclass(frozen=True, slots=True)
class NewAsked:
    """`new` during a game with moves: said once; `new` again leaves the game."""

    moves: int


@dataclass(frozen=True, slots=True)
class GameKept:
    """The game is on disk and comes back: on leaving, or when another deal is started."""

    code: DealCode
    moves: int
    aside: bool = False  # put aside for another deal (--code), to come back with its code


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class StorageProblem:
    """A file the game could not read or write. Nothing is lost; the game goes on."""

    problem: Problem
    path: str
    aside: str | None = None


class SpeechTrouble(StrEnum):
    NO_ENGINE = "no_engine"  # no speech engine at all: the voice never starts
    NO_PLAYER = "no_player"  # no audio player found
    SENTENCE_NOT_SYNTHESISED = "sentence_not_synthesised"  # one sentence skipped
    SENTENCE_NOT_PLAYED = "sentence_not_played"  # one sentence skipped
    ENGINE_FAILED = "engine_failed"  # the engine failed again and again: the voice stops
    PLAYER_FAILED = "player_failed"  # the player failed again and again: the voice stops


@dataclass(frozen=True, slots=True)
class SpeechProblem:
    """Why the game's own voice is silent. The game goes on."""

    trouble: SpeechTrouble


@dataclass(frozen=True, slots=True)
class VoiceChosen:
    """Which voice speaks, said at start-up and when speech is set to auto."""

    own: bool  # the game's own voice speaks
    automatic: bool  # chosen by speech auto
    reader: str | None = None  # the screen reader running, when auto chose silence


SessionEvent = (
    Event
    | Dealt
    | MoveError
    | PlacementHelp
    | BoardShown
    | PileShown
    | ReserveShown
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
)
