"""One player's session: the engine, the deal code, the clock and the settings.

Every front end (the text prompt, speech, the JSON mode, scripts, tests) sends
commands here and renders the events that come back. Still pure: the clock and
the random source are injected.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from halfmoon_a11y.core.dealcode import Deal, DealCode, deal, system_randbelow
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.events import (
    Blocked,
    Deselected,
    Removed,
    Selected,
    SelectionCleared,
    SelectionReplaced,
    Status,
    Won,
)
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play.answers import (
    BoardShown,
    CodeShown,
    Dealt,
    HelpShown,
    InfoShown,
    MoveError,
    NewAsked,
    PileShown,
    PlacementHelp,
    QuitAsked,
    Refused,
    RepeatAsked,
    ReserveShown,
    SelectionShown,
    SessionEvent,
    SettingChanged,
    StatsShown,
    Summary,
)
from halfmoon_a11y.play.clock import GameClock
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.play.settings import SETTINGS, Audience, Settings
from halfmoon_a11y.play.views import Spot, TableView, table_view

Observer = Callable[[list[SessionEvent]], list[SessionEvent]]


@record
class Start:
    """The deal a session opens with: new, or saved with its removals to replay.

    `table` lays out a hand-made table instead of the code's deal (for tests).
    """

    code: DealCode
    moves: tuple[tuple[Location, ...], ...] = ()
    elapsed: float = 0.0
    resumed: bool = False
    table: Deal | None = None


class ReplayError(ValueError):
    """A saved removal that does not replay on its deal."""


def replay(start: Start) -> Game:
    """The game of a start: its deal, with every saved removal made again."""
    game = Game(start.table if start.table is not None else deal(start.code))
    for move in start.moves:
        game.drop_selection()
        events = [event for location in move for event in game.tap(location)]
        removed = [event for event in events if isinstance(event, Removed)]
        if len(removed) != 1 or tuple(p.location for p in removed[0].cards) != tuple(move):
            raise ReplayError(move)  # each saved move is one removal, its taps and no more
    return game


class Session:
    """One player's session. Built once with the deal it plays; observers attach through
    `observe`; only its own methods change its state, and only commands call them."""

    def __init__(
        self,
        start: Start | DealCode,
        settings: Settings | None = None,
        now: Callable[[], float] = time.monotonic,
        randbelow: Callable[[int], int] = system_randbelow,
        statistics: Callable[[], Summary] | None = None,
        notices: Sequence[SessionEvent] = (),
        kept: Callable[[DealCode], Start | None] | None = None,
    ) -> None:
        if isinstance(start, DealCode):
            start = Start(start)
        self._settings = settings or Settings()
        self._now = now
        self._randbelow = randbelow
        self._statistics = statistics
        self._kept = kept  # a game put aside earlier, by its code, to resume with `new CODE`
        self._leaving_asked = False  # `new` was asked once during a game with moves
        self._finished = False
        self._observers: list[Observer] = []  # each may add events after a command
        self._notices: list[SessionEvent] = list(notices)  # said once, at the opening
        self._resumed = start.resumed
        self._code = start.code
        self._game = replay(start)
        self._clock = GameClock(now, start.elapsed)

    def observe(self, observer: Observer) -> None:
        """Call `observer` with the events of every command; it may add events of its own."""
        self._observers.append(observer)

    # -- what the session holds, read-only --------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def code(self) -> DealCode:
        return self._code

    @property
    def game(self) -> Game:
        return self._game

    @property
    def clock(self) -> GameClock:
        return self._clock

    @property
    def resumed(self) -> bool:
        """The current deal was resumed from a saved game (until `new`)."""
        return self._resumed

    @property
    def finished(self) -> bool:
        """`quit` was asked: the front end leaves."""
        return self._finished

    # -- reading ------------------------------------------------------------------

    def view(self) -> TableView:
        return table_view(self.game, self.code, self.clock.elapsed, self.settings.placement_help)

    def spot(self, location: Location) -> Spot:
        """One place of the table, as `pile` shows it."""
        view = self.view()
        return (view.reserve if location.reserve else view.piles)[location.index]

    def opening(self) -> list[SessionEvent]:
        """The events that announce the current deal, for a front end starting up."""
        events: list[SessionEvent] = [Dealt(self.code, self.resumed, self._advice_on())]
        if self.resumed:
            events.append(self._info(with_code=False))
        events.extend(self._notices)  # said before the table: a listener may skip the table
        self._notices = []
        if self.game.status is Status.BLOCKED:
            events.append(Blocked())
        return events

    # -- doing --------------------------------------------------------------------

    def understands(self, line: str) -> bool:
        """Whether a line is a command in the player's language (for keeping history)."""
        try:
            cmd.parse(line, self._settings.language)
        except HalfMoonError:
            return False
        return bool(line.strip())

    def handle(self, line: str) -> list[SessionEvent]:
        """Parse one line and run it. Anything refused becomes a Refused event; nothing raises."""
        try:
            command = cmd.parse(line, self._settings.language)
        except HalfMoonError as error:
            return [Refused(error)]
        return self.execute(command)

    def execute(self, command: cmd.Command) -> list[SessionEvent]:
        asked, self._leaving_asked = self._leaving_asked, False
        if isinstance(command, cmd.Blank | cmd.Repeat):
            self._leaving_asked = asked  # an empty line or a repeat keeps the question open
        try:
            if isinstance(command, cmd.New) and not asked and self._would_lose_moves():
                self._leaving_asked = True
                events: list[SessionEvent] = [NewAsked(self.game.moves)]
            else:
                events = self._execute(command)
        except HalfMoonError as error:
            return [Refused(error)]
        for observer in self._observers:
            events = events + observer(events)
        leaving = [event for event in events if isinstance(event, QuitAsked)]
        return [event for event in events if not isinstance(event, QuitAsked)] + leaving

    def _execute(self, command: cmd.Command) -> list[SessionEvent]:
        match command:
            case cmd.Pick(locations):
                return self._pick(locations)
            case cmd.Undo():
                return self._settle_clock(list(self.game.undo()))
            case cmd.New(code):
                return self._new_game(code)
            case cmd.Board():
                return [BoardShown(self.view())]
            case cmd.ShowPile(location):
                return [PileShown(self.spot(location))]
            case cmd.ShowReserve():
                return [ReserveShown(self.view().reserve)]
            case cmd.Info():
                return [self._info()]
            case cmd.ShowSelection():
                return [SelectionShown(self.game.selection, self.game.missing_ranks())]
            case cmd.ShowCode():
                return [CodeShown(self.code)]
            case cmd.Change(setting, value):
                # the parser checked the value with the setting's kind
                self._settings = self._settings.replace(**{SETTINGS[setting].field: value})
                return [SettingChanged(setting, value)]
            case cmd.Stats():
                if self._statistics is None:
                    raise StatisticsUnavailableError()
                return [StatsShown(self._statistics())]
            case cmd.Help(topic):
                return [HelpShown(topic)]
            case cmd.Repeat():
                return [RepeatAsked()]
            case cmd.Quit():
                self._finished = True
                return [QuitAsked()]
            case cmd.Blank():
                return []
            case cmd.DropSelection():
                dropped = self.game.drop_selection()
                return list(dropped) or [SelectionShown((), ())]  # "Nothing is selected."
        raise AssertionError(f"unhandled command {command!r}")  # pragma: no cover

    def _would_lose_moves(self) -> bool:
        return self.game.moves > 0 and self.game.status is Status.PLAYING

    def _new_game(self, code: DealCode | None) -> list[SessionEvent]:
        kept = self._kept(code) if code is not None and self._kept is not None else None
        start = kept or Start(code or DealCode.random(self._randbelow))
        self._resumed = start.resumed
        self._code = start.code
        self._game = replay(start)
        self._clock = GameClock(self._now, start.elapsed)
        return self.opening()

    def _info(self, with_code: bool = True) -> InfoShown:
        g = self.game
        return InfoShown(
            self.clock.elapsed,
            g.score,
            g.moves,
            self.code,
            g.status,
            left=g.cards_left,
            selection=g.selection,
            missing=g.missing_ranks(),
            with_code=with_code,
        )

    def _advice_on(self) -> tuple[str, ...]:
        """The settings that add to what the player hears, when they are on."""
        return tuple(
            spec.key
            for spec in SETTINGS.values()
            if Audience.SESSION in spec.audience and self.settings.value(spec) is True
        )

    def _pick(self, locations: tuple[Location, ...]) -> list[SessionEvent]:
        """One tap, or a whole move: a pick of two or three places starts from nothing
        selected, and says only how it ended, not each tap on the way."""
        if self.game.status is Status.PLAYING:
            self.clock.start()
        events: list[SessionEvent] = []
        if len(locations) > 1:
            events += self.game.drop_selection()
        taps: list[list[SessionEvent]] = []
        for location in locations:
            for event in self.game.tap(location):
                taps.append([event, *self._move_error(event)])
        if len(locations) > 1:
            taps = _outcome_only(taps)
        events += [event for tap in taps for event in tap]
        ends = [tap[0] for tap in taps if isinstance(tap[0], _SELECTION_ENDS)]
        changed = bool(ends) and isinstance(ends[-1], _SELECTION_CHANGES)
        if self.settings.placement_help and changed and self.game.selection:
            events.append(PlacementHelp(self.game.combinable(), self.game.missing_ranks()))
        return self._settle_clock(events)

    def _move_error(self, event: SessionEvent) -> list[SessionEvent]:
        """The explanation of a failed combination, when the move-errors setting is on."""
        if self.settings.move_errors and isinstance(event, SelectionCleared | SelectionReplaced):
            return [MoveError(event.reason)]
        return []

    def _settle_clock(self, events: list[SessionEvent]) -> list[SessionEvent]:
        if self.game.status is not Status.PLAYING:
            self.clock.stop()
        elif self.clock.started:
            self.clock.start()
        return [replace(e, elapsed=self.clock.elapsed) if isinstance(e, Won) else e for e in events]


_SELECTION_CHANGES = (Selected, Deselected, SelectionReplaced)
_SELECTION_ENDS = (*_SELECTION_CHANGES, SelectionCleared, Removed)
_OVERTAKEN = (Selected, Deselected)  # a second card of a rank is said: it is a failure


def _outcome_only(taps: list[list[SessionEvent]]) -> list[list[SessionEvent]]:
    """The taps of one pick, without the selection changes a later tap overtook: a pair
    removed is not first "selected", and a half-built trio is said once, whole."""
    ends = [index for index, tap in enumerate(taps) if isinstance(tap[0], _SELECTION_ENDS)]
    last = ends[-1] if ends else -1
    return [
        tap for index, tap in enumerate(taps) if index >= last or not isinstance(tap[0], _OVERTAKEN)
    ]
