"""What the session answers, besides the engine's events: the deal, advice, views of the
table, settings, help, statistics, a win with its time, and bugs met.

Plain values, as the engine's events are; the presenter words them. The notices of the
store and of the voice (a file that could not be read, the voice chosen…) are theirs:
they derive from `Notice` and live in `store.notices` and `voice.notices`, so a
new failure of an adapter edits that adapter only.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.engine import Move
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.events import Event, Placed, Reason, Status
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import KW_ONLY, record, replace
from halfmoon_a11y.play.prompt_events import PromptEvent
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
    heights: bool = False  # the heights setting: each pile's place says how many cards it has

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

    def heights_of(self) -> dict[Location, int]:
        """Each pile's height, when the heights setting asks for them; else nothing."""
        if not self.heights:
            return {}
        return {spot.location: spot.count for spot in self.spots if not spot.location.reserve}


@record
class HiddenShown:
    """`hidden`: how many cards of each value are still face down, ace first, from what
    was removed and what is in sight only (`play.knowledge`). What is known, never what
    to play."""

    counts: tuple[tuple[Rank, int], ...]

    @property
    def total(self) -> int:
        return sum(count for _, count in self.counts)


@record
class MovesShown:
    """`moves`: the removals of this game in order, the last `MOVES_SAID` of them at most;
    `total` is how many the game has, `first` the number of the first one said."""

    moves: tuple[Move, ...]
    total: int
    first: int = 1


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
class SettingsShown:
    """`set` alone: each setting's key and value, in the order of `SETTINGS`."""

    values: tuple[tuple[str, object], ...]


@record
class HelpShown:
    topic: str | None


@record
class RepeatAsked:
    """`repeat`, or `repeat 3`: the answer `back` answers ago said again. `kept`: how many
    answers the front end holds (at most `REPEAT_DEPTH`); a repeat further back says so."""

    back: int = 1
    kept: int = 1


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
    recorded as abandoned."""

    moves: int
    won: bool = False
    recorded: bool = True  # False: this window saves nothing, so leaving counts as nothing


@record
class Notice:
    """What an adapter (the store, the voice) tells the player about itself: a file kept
    aside, the voice chosen. Its kinds derive from this one and live in their adapter."""


@record
class GameWon:
    """The game is won (the engine's `Won`), with the time its win counts: the session's
    clock, which the engine has not (carried here, never patched into `Won`)."""

    _: KW_ONLY  # three numbers: each named
    score: int
    moves: int
    elapsed: int


@record
class StatsShown:
    summary: Summary


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
    | HiddenShown
    | MovesShown
    | InfoShown
    | SelectionShown
    | CodeShown
    | SettingChanged
    | SettingsShown
    | HelpShown
    | RepeatAsked
    | Refused
    | QuitAsked
    | NewAsked
    | StatsShown
    | Notice
    | PromptEvent
    | Failed
    | GameWon
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
    repeat: int = 0  # `repeat`: the answer this many answers back again (1: the last)
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
