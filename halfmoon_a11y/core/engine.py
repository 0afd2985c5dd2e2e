"""The Half Moon rules engine: table, taps, removals, undo and redo, blocked and won.

Pure: no I/O, no clock, no translated text. Every action returns events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from halfmoon_a11y.core.cards import FACE_RANKS, Card, Rank
from halfmoon_a11y.core.dealcode import Deal
from halfmoon_a11y.core.errors import NotARemovalError, NothingToRedoError, NothingToUndoError
from halfmoon_a11y.core.events import (
    Blocked,
    Deselected,
    Emptied,
    EmptyTapped,
    Event,
    Kind,
    Placed,
    Reason,
    Redone,
    Removed,
    Revealed,
    Selected,
    SelectionCleared,
    SelectionDropped,
    SelectionReplaced,
    Status,
    Unblocked,
    Uncovered,
    Undone,
    Won,
)
from halfmoon_a11y.core.places import ALL_LOCATIONS, Location
from halfmoon_a11y.core.values import record

PAIR_POINTS = 10
TRIO_POINTS = 15
POINTS = {Kind.PAIR: PAIR_POINTS, Kind.TRIO: TRIO_POINTS}
UNDO_LIMIT = 100
PAIR_SUM = 11


@record
class Move:
    """One removal, enough to put the cards back."""

    kind: Kind
    cards: tuple[Placed, ...]


def can_pair(a: Card, b: Card) -> bool:
    return not a.is_face and not b.is_face and a.pips + b.pips == PAIR_SUM


def completes_trio(cards: Iterable[Card]) -> bool:
    ranks = [card.rank for card in cards]
    return len(ranks) == 3 and set(ranks) == FACE_RANKS


class Game:
    """One deal being played."""

    def __init__(self, dealt: Deal) -> None:
        self._piles: list[list[Card]] = [list(pile) for pile in dealt.piles]
        self._reserve: list[Card | None] = list(dealt.reserve)
        self._selection: list[Location] = []
        self._history: deque[Move] = deque(maxlen=UNDO_LIMIT)
        self._undone: list[Move] = []  # what redo makes again, the last undone last
        self._moves = 0
        self._score = 0
        self._status = self._compute_status()

    # -- what a player can see -------------------------------------------------

    def card_at(self, location: Location) -> Card | None:
        if location.reserve:
            return self._reserve[location.index]
        pile = self._piles[location.index]
        return pile[-1] if pile else None

    def count_at(self, location: Location) -> int:
        if location.reserve:
            return int(self._reserve[location.index] is not None)
        return len(self._piles[location.index])

    def surface(self) -> tuple[list[tuple[Card | None, int]], list[Card | None]]:
        """What a player sees, in one pass: each pile's top card and count, then the
        reserve R1..R8. (Every JSON line writes it.)"""
        piles = [(pile[-1] if pile else None, len(pile)) for pile in self._piles]
        return piles, list(self._reserve)

    @property
    def selected_places(self) -> tuple[Location, ...]:
        """Where the selected cards lie, in tap order."""
        return tuple(self._selection)

    def playable(self) -> list[Placed]:
        """Every card that can be played now, piles first, then the reserve."""
        found = []
        for location in ALL_LOCATIONS:
            card = self.card_at(location)
            if card is not None:
                found.append(Placed(location, card))
        return found

    @property
    def selection(self) -> tuple[Placed, ...]:
        return tuple(self._placed(location) for location in self._selection)

    @property
    def moves(self) -> int:
        return self._moves

    @property
    def score(self) -> int:
        return self._score

    @property
    def status(self) -> Status:
        return self._status

    @property
    def history(self) -> tuple[Move, ...]:
        """The removals that undo can take back, oldest first."""
        return tuple(self._history)

    @property
    def undo_available(self) -> int:
        return len(self._history)

    @property
    def redo_available(self) -> int:
        """The undone removals redo can make again: until a new removal is made."""
        return len(self._undone)

    @property
    def undone(self) -> tuple[Move, ...]:
        """The removals redo can make again, the last undone last."""
        return tuple(self._undone)

    @property
    def cards_left(self) -> int:
        """Cards still on the table, hidden ones included."""
        return sum(self.count_at(location) for location in ALL_LOCATIONS)

    def combinable(self) -> tuple[Placed, ...]:
        """The playable cards that complete a removal with the selection now (placement help).

        For a pair: the number cards that add up to 11 with it. For a trio: a card of
        a missing rank, and only when every missing rank is playable, so that the
        card named can really be part of a removal.
        """
        chosen = [placed.card for placed in self.selection]
        if not chosen:
            return ()
        taken = set(self._selection)
        others = [placed for placed in self.playable() if placed.location not in taken]
        if not chosen[0].is_face:
            return tuple(placed for placed in others if can_pair(chosen[0], placed.card))
        missing = FACE_RANKS - {card.rank for card in chosen}
        if not missing <= {placed.card.rank for placed in others}:
            return ()
        return tuple(placed for placed in others if placed.card.rank in missing)

    def missing_ranks(self) -> tuple[Rank, ...]:
        """The face ranks a selection of face cards still needs for a trio, jack first."""
        chosen = {placed.card.rank for placed in self.selection}
        if not chosen or not all(rank.is_face for rank in chosen):
            return ()
        return tuple(rank for rank in (Rank.JACK, Rank.QUEEN, Rank.KING) if rank not in chosen)

    def has_combination(self) -> bool:
        """Whether a pair summing to 11 or a jack, queen and king is playable now."""
        cards = [placed.card for placed in self.playable()]
        faces = {card.rank for card in cards if card.is_face}
        if faces == FACE_RANKS:
            return True
        pips = {card.pips for card in cards if not card.is_face}
        return any(PAIR_SUM - value in pips for value in pips)

    # -- tapping ---------------------------------------------------------------

    def tap(self, location: Location) -> list[Event]:
        """One tap on a pile or reserve slot, by the rules of tapping."""
        card = self.card_at(location)
        if card is None:
            return [EmptyTapped(location)]
        tapped = Placed(location, card)
        selection = self.selection
        if not selection:
            self._selection = [location]
            return [Selected(tapped, (tapped,))]
        if location in self._selection:
            self._selection.remove(location)
            return [Deselected(tapped)]
        first = selection[0].card
        if not first.is_face:
            if can_pair(first, card):
                return self._remove(Kind.PAIR, (*selection, tapped))
            return self._clear(selection, tapped, Reason.SUM)
        if not card.is_face:
            return self._clear(selection, tapped, Reason.TRIO)
        if card.rank in {placed.card.rank for placed in selection}:
            self._selection = [location]
            return [SelectionReplaced(selection, tapped)]
        if completes_trio([*(placed.card for placed in selection), card]):
            return self._remove(Kind.TRIO, (*selection, tapped))
        self._selection.append(location)
        return [Selected(tapped, self.selection)]

    # -- a whole removal, as the save and the journal hold it ----------------------------

    def removal_kind(self, locations: Sequence[Location]) -> Kind | None:
        """The removal these places make together, or None: two number cards that add up
        to 11, or a jack, a queen and a king, each place named once and holding a card."""
        if len(set(locations)) != len(locations):
            return None
        cards = [self.card_at(location) for location in locations]
        if any(card is None for card in cards):
            return None
        held = [card for card in cards if card is not None]
        if len(held) == 2 and can_pair(held[0], held[1]):
            return Kind.PAIR
        if completes_trio(held):
            return Kind.TRIO
        return None

    def verify_remove(self, locations: Sequence[Location]) -> Kind:
        """The removal's kind; NotARemovalError when these places make none."""
        kind = self.removal_kind(locations)
        if kind is None:
            raise NotARemovalError(tuple(locations))
        return kind

    def remove(self, locations: Sequence[Location]) -> list[Event]:
        """Make a saved removal again, whole (replay, the journal): what tapping its places
        in turn would do, the selection let go first, or nothing at all (the game
        unchanged) and NotARemovalError."""
        kind = self.verify_remove(locations)
        dropped = self.drop_selection()
        cards = tuple(self._placed(location) for location in locations)
        return [*dropped, *self._remove(kind, cards)]

    def remake(self, locations: Sequence[Location]) -> None:
        """Make a saved removal again for a replay (the save, the journal): what `remove`
        does to the game, without its events and without the status, which the replay
        settles once at its end (`resettle`: computed after each of 10,000
        journal lines it was 55 % of a resume). NotARemovalError, the game unchanged."""
        kind = self.verify_remove(locations)
        self._selection = []
        self._apply(kind, tuple(self._placed(location) for location in locations), False)

    def unmake(self) -> None:
        """Undo the last removal for a replay: what `undo` does to the game, without its
        events and without the status (`resettle`). NothingToUndoError."""
        self.verify_undo()
        self._selection = []
        self._take_back()

    def resettle(self) -> None:
        """The status, computed once after a replay (`remake`, `unmake`)."""
        self._status = self._compute_status()

    def _clear(self, selection: tuple[Placed, ...], tapped: Placed, reason: Reason) -> list[Event]:
        self._selection = []
        return [SelectionCleared(selection, tapped, reason)]

    def _remove(self, kind: Kind, cards: tuple[Placed, ...], redo: bool = False) -> list[Event]:
        """A removal; `redo`: one undone before, made again. Any other removal is a new
        move, and the undone ones can no longer be redone."""
        self._selection = []
        self._apply(kind, cards, redo)
        points = POINTS[kind]
        made = Redone if redo else Removed
        uncovered = self._uncovered(placed.location for placed in cards)
        left = self.cards_left
        removal = made(kind, cards, points, score=self._score, left=left, uncovered=uncovered)
        return [removal, *self._settle()]

    def _apply(self, kind: Kind, cards: tuple[Placed, ...], redo: bool) -> None:
        """A removal's change to the game, and nothing else (no events, no status)."""
        for placed in cards:
            self._take(placed.location)
        self._moves += 1
        self._score += POINTS[kind]
        self._history.append(Move(kind, cards))
        if not redo:
            self._undone.clear()

    def _take(self, location: Location) -> None:
        if location.reserve:
            self._reserve[location.index] = None
        else:
            self._piles[location.index].pop()

    def _uncovered(self, locations: Iterable[Location]) -> tuple[Uncovered, ...]:
        """What each place a removal took from shows now."""
        return tuple(self.uncovered_at(location) for location in locations)

    def uncovered_at(self, location: Location) -> Uncovered:
        """What `location` shows now: its card and count, or that it is empty."""
        card = self.card_at(location)
        if card is None:
            return Emptied(location)
        return Revealed(Placed(location, card), self.count_at(location))

    def _settle(self) -> list[Event]:
        before, self._status = self._status, self._compute_status()
        if self._status is before:
            return []
        if self._status is Status.WON:
            return [Won(score=self._score, moves=self._moves)]
        if self._status is Status.BLOCKED:
            return [Blocked()]
        return [Unblocked()] if before is Status.BLOCKED else []

    def _compute_status(self) -> Status:
        if not self.playable():
            return Status.WON
        return Status.PLAYING if self.has_combination() else Status.BLOCKED

    # -- undo ------------------------------------------------------------------

    def verify_undo(self) -> None:
        if not self._history:
            raise NothingToUndoError()

    def drop_selection(self) -> list[Event]:
        """Let go of whatever is selected, saying so; nothing when nothing is."""
        if not self._selection:
            return []
        dropped, self._selection = self.selection, []
        return [SelectionDropped(dropped)]

    def undo(self) -> list[Event]:
        """Put the cards of the last removal back where they came from."""
        self.verify_undo()
        dropped = self.drop_selection()
        move = self._take_back()
        points = POINTS[move.kind]
        undone = Undone(move.kind, move.cards, points, score=self._score, left=self.cards_left)
        return [*dropped, undone, *self._settle()]

    def _take_back(self) -> Move:
        """The last removal's cards put back, and nothing else (no events, no status)."""
        move = self._history.pop()
        self._undone.append(move)
        for placed in move.cards:
            if placed.location.reserve:
                self._reserve[placed.location.index] = placed.card
            else:
                self._piles[placed.location.index].append(placed.card)
        self._moves -= 1
        self._score = max(0, self._score - POINTS[move.kind])
        return move

    # -- redo ------------------------------------------------------------------

    def verify_redo(self) -> None:
        if not self._undone:
            raise NothingToRedoError()

    def redo(self) -> list[Event]:
        """Make the last undone removal again: its cards are where undo put them back, on
        top (no removal was made since, or there would be nothing to redo)."""
        self.verify_redo()
        dropped = self.drop_selection()
        move = self._undone.pop()
        assert all(self.card_at(p.location) == p.card for p in move.cards), "redo on top"
        return [*dropped, *self._remove(move.kind, move.cards, redo=True)]

    # -- helpers ---------------------------------------------------------------

    def _placed(self, location: Location) -> Placed:
        card = self.card_at(location)
        assert card is not None, "a selected location always holds a card"
        return Placed(location, card)
