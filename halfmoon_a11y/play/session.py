"""One player's session: the engine, the deal code, the clock and the settings.

Every front end (the text prompt, speech, the JSON mode, scripts, tests) sends
commands here, through `play.dispatch`, and renders the events that come back. Still
pure: the clock and the random source are injected.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode, system_randbelow
from halfmoon_a11y.core.engine import Game, can_pair
from halfmoon_a11y.core.events import (
    Blocked,
    Event,
    Redone,
    Removed,
    SelectionCleared,
    SelectionReplaced,
    Status,
    Undone,
    Won,
)
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import replace
from halfmoon_a11y.play.answers import (
    Answer,
    Dealt,
    GameWon,
    InfoShown,
    Keep,
    MoveError,
    PlacementHelp,
    SessionEvent,
    SettingChanged,
)
from halfmoon_a11y.play.clock import GameClock
from halfmoon_a11y.play.errors import PlaceLeftOverError
from halfmoon_a11y.play.knowledge import hidden_counts
from halfmoon_a11y.play.port import NoStore
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.play.start import Start, replay
from halfmoon_a11y.play.taps import Step, let_go, outcome_only, selection_changed
from halfmoon_a11y.play.views import Spot, TableView, table_view

if TYPE_CHECKING:
    from halfmoon_a11y.play.port import SessionStore


class Session:
    """One player's session. Built once with the deal it plays and the store it asks for
    kept games and statistics; only its own methods change its state, and only the
    commands' handlers (`play.handlers`, run by `play.dispatch`) call them. The session
    knows no command: the table knows it. Every command gives one `Answer`."""

    def __init__(
        self,
        start: Start | DealCode,
        settings: Settings | None = None,
        now: Callable[[], float] = time.monotonic,
        randbelow: Callable[[int], int] = system_randbelow,
        store: SessionStore | None = None,
        notices: Sequence[SessionEvent] = (),
    ) -> None:
        if isinstance(start, DealCode):
            start = Start(start)
        self._settings = settings or Settings()
        self._now = now
        self._randbelow = randbelow
        self._store: SessionStore = store if store is not None else NoStore()
        self._leaving_asked = False  # `new` was asked once during a game with moves
        self._asked = False  # ... as it stood before the command being run
        self._notices: tuple[SessionEvent, ...] = tuple(notices)  # said once, at the opening
        self._resumed = start.resumed
        self._code = start.code
        self._game = replay(start)
        self._clock = GameClock(now, start.elapsed)
        self._won_once = start.won  # this deal was won (an undo may follow), saved or now
        self._won_elapsed = start.won_elapsed

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
    def store(self) -> SessionStore:
        return self._store

    @property
    def won_once(self) -> bool:
        """This deal was won since it was opened: the store recorded it as won, once, and
        an undo after the win does not change that (leaving it is not an abandon)."""
        return self._won_once

    @property
    def won_elapsed(self) -> float | None:
        """The seconds on the clock when this deal was first won: the time its win was
        counted with, said again by a later win (an undo, then a redo). None before a win,
        or for a save from before it was kept."""
        return self._won_elapsed

    @property
    def resumed(self) -> bool:
        """The current deal was resumed from a saved game (until `new`)."""
        return self._resumed

    # -- reading ------------------------------------------------------------------

    def view(self) -> TableView:
        return table_view(self.game, self.code, self.clock.elapsed, self.settings.placement_help)

    def spot(self, location: Location) -> Spot:
        """One place of the table, as `pile` shows it."""
        view = self.view()
        return (view.reserve if location.reserve else view.piles)[location.index]

    def opening(self) -> Answer:
        """The answer that announces the current deal, for a front end starting up: the
        deal, the notices the store gave at the start (said once), the table, a block."""
        deal: tuple[Dealt | InfoShown, ...] = (Dealt(self.code, self.resumed, self._advice_on()),)
        if self.resumed:
            deal += (self.info(with_code=False),)
        notices, self._notices = self._notices, ()
        blocked = (Blocked(),) if self.game.status is Status.BLOCKED else ()
        return Answer(blocked, deal=deal, table=self.view(), notices=notices)

    def hidden(self) -> tuple[tuple[Rank, int], ...]:
        """How many cards of each value are still face down: from the removed cards and
        the cards in sight only (`play.knowledge`), never from a card under a top."""
        removed = (placed.card for move in self.game.history for placed in move.cards)
        in_sight = (placed.card for placed in self.game.playable())
        return hidden_counts(removed, in_sight)

    def info(self, with_code: bool = True) -> InfoShown:
        g = self.game
        return InfoShown(
            elapsed=self.clock.elapsed,
            score=g.score,
            moves=g.moves,
            code=self.code,
            status=g.status,
            left=g.cards_left,
            selection=g.selection,
            missing=g.missing_ranks(),
            with_code=with_code,
        )

    # -- doing --------------------------------------------------------------------

    def begin_command(self) -> None:
        """A command begins: `new`'s question, asked by the last command, stays open only
        if this one keeps it (`keep_question`)."""
        self._asked, self._leaving_asked = self._leaving_asked, False

    # -- what the commands' handlers do -------------------------------------------------

    def keep_question(self) -> None:
        """An empty line or a repeat keeps `new`'s question open."""
        self._leaving_asked = self._asked

    def ask_before_leaving(self) -> bool:
        """Whether `new` must ask first: the game has moves and is not over. Asks once."""
        if self._asked or self.game.moves == 0 or self.game.status is not Status.PLAYING:
            return False
        self._leaving_asked = True
        return True

    def deal_anew(self, code: DealCode | None) -> Answer:
        """Another deal: a game kept aside for `code`, or `code` afresh, or a random deal."""
        kept = self._store.kept(code) if code is not None else None
        start = kept or Start(code or DealCode.random(self._randbelow))
        self._resumed = start.resumed
        self._code = start.code
        self._game = replay(start)
        self._clock = GameClock(self._now, start.elapsed)
        self._won_once = start.won
        self._won_elapsed = start.won_elapsed
        return replace(self.opening(), keep=Keep.GAME)

    def change(self, setting: str, value: object) -> Answer:
        """One setting changes (the parser checked the value with the setting's kind)."""
        self._settings = self._settings.replace(**{SETTINGS[setting].field: value})
        changed = SettingChanged(setting, value)
        return Answer((changed,), changed=(changed,))

    def undo(self) -> Answer:
        return self._settled(list(self.game.undo()))

    def redo(self) -> Answer:
        """The last undone removal made again: a move like any other (the clock runs)."""
        self.game.verify_redo()
        if self.game.status is Status.PLAYING:
            self.clock.start()
        return self._settled(list(self.game.redo()))

    def drop_selection(self) -> list[SessionEvent]:
        return list(self.game.drop_selection())

    def _advice_on(self) -> tuple[str, ...]:
        """The settings said with a resumed game's deal, those of them that are on."""
        return tuple(
            spec.key
            for spec in SETTINGS.values()
            if spec.said_on_resume and self.settings.value(spec) is True
        )

    def verify_pick(self, locations: tuple[Location, ...]) -> None:
        """Raises PlaceLeftOverError for a whole move that would go on after its removal:
        three places whose first two make a pair (`pick 1 3 5`). A trio needs all three."""
        if len(locations) != 3:
            return
        first, second = (self.game.card_at(place) for place in locations[:2])
        if first is not None and second is not None and can_pair(first, second):
            raise PlaceLeftOverError((locations[0], locations[1]), locations[2])

    def pick(self, locations: tuple[Location, ...]) -> Answer:
        """One tap, or a whole move: a pick of two or three places starts from nothing
        selected, and says only how it ended, not each tap on the way. A whole move ends
        with its removal: a place left over refuses it whole, before anything changes."""
        self.verify_pick(locations)
        if self.game.status is Status.PLAYING:
            self.clock.start()
        events: list[SessionEvent] = []
        whole = len(locations) > 1
        dropped: list[Event] = []
        if whole:
            dropped = self.game.drop_selection()
            empty = [place for place in locations if self.game.card_at(place) is None]
            if empty:  # a move with an empty place cannot be made: its drop is said whole
                return self._settled([*dropped, *self.game.tap(empty[0])])
        steps: list[Step] = []
        reached = 0  # the places the move tapped: a failed one stops at its failure
        for location in locations:
            reached += 1
            tapped = [self._failed_whole(e) if whole else e for e in self.game.tap(location)]
            steps += [Step(event, self._move_error(event)) for event in tapped]
            if whole and any(isinstance(event, SelectionCleared) for event in tapped):
                break  # a whole move that failed taps no further place
        if whole:
            steps = outcome_only(steps)
            events += let_go(dropped, locations[:reached])  # said for what it did not use
        events += [said for step in steps for said in step.said]
        changed = selection_changed(steps)
        if self.settings.placement_help and changed and self.game.selection:
            events.append(PlacementHelp(self.game.combinable(), self.game.missing_ranks()))
        return self._settled(events)

    def _failed_whole(self, event: Event) -> Event:
        """In a whole move, a second card of a rank fails it like any other failure: nothing
        stays selected (a single tap keeps the second card, by the seed's rule 6)."""
        if not isinstance(event, SelectionReplaced):
            return event
        self.game.drop_selection()  # said as the failure itself, not as a drop
        return SelectionCleared(event.previous, event.selected, event.reason)

    def _move_error(self, event: Event) -> MoveError | None:
        """The explanation of a failed combination, when the move-errors setting is on."""
        if self.settings.move_errors and isinstance(event, SelectionCleared | SelectionReplaced):
            return MoveError(event.reason)
        return None

    def _settled(self, events: list[SessionEvent]) -> Answer:
        """The answer to a move: the clock stopped at a game's end, the win's time, and
        what the store keeps (the move, or the whole game once it is over). A deal won
        again after an undo is won in the time its first win was counted with: the
        victory, `info` and the statistics say one time."""
        if self.game.status is not Status.PLAYING:
            self.clock.stop()
        elif self.clock.started:
            self.clock.start()
        kinds = set(map(type, events))
        if Won in kinds:  # a game over: the whole game is kept
            self._won_once = True
            if self._won_elapsed is None:  # the first win: its time is the one counted
                self._won_elapsed = self.clock.seconds
            else:  # won again after an undo: one win, in the time it was counted with
                self._clock = GameClock(self._now, self._won_elapsed)
            elapsed = self.clock.elapsed
            won = [
                GameWon(score=e.score, moves=e.moves, elapsed=elapsed) if type(e) is Won else e
                for e in events
            ]
            return Answer(tuple(won), keep=Keep.GAME)
        moved = Removed in kinds or Undone in kinds or Redone in kinds
        return Answer(tuple(events), keep=Keep.MOVES if moved else Keep.NOTHING)
