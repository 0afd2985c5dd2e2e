"""A Half Moon table as small integers, for the searches.

A rank is an integer: ace 1 ... ten 10, jack 11, queen 12, king 13; 0 marks an
empty reserve slot. Suits never matter to a removal, so they are dropped.

A location is an integer too: piles 0 ... 11 (pile 1 ... 12), then the reserve
slots 12 ... 19 (R1 ... R8). Smaller positions (fewer piles or slots) are
allowed, for the tests: the reserve then starts after the last pile.

>>> position = Position.from_deal(deal(DealCode.parse("HM1-N-AAAAAAA")))
>>> position.piles[0], position.reserve
((3, 8, 11, 6, 4, 2, 10, 7), (1, 8, 10, 9, 13, 5, 12, 10))
>>> str(position.location(0)), str(position.location(12))
('1', 'R1')
"""

from __future__ import annotations

from dataclasses import dataclass

from halfmoon_a11y.core.cards import Card, Rank
from halfmoon_a11y.core.dealcode import Deal, DealCode, deal
from halfmoon_a11y.core.places import Location

EMPTY = 0
JACK, QUEEN, KING = 11, 12, 13
PAIR_SUM = 11
FACE_CLASS = 5
CLASSES = 6  # the five pairs A+10, 2+9, 3+8, 4+7, 5+6, and the trio J+Q+K
MAX_PILES = 12  # a pile's height takes 4 bits of a state key: at most 15 cards
MAX_SLOTS = 8
_FACE_CODES = {Rank.JACK: JACK, Rank.QUEEN: QUEEN, Rank.KING: KING}


def rank_code(card: Card) -> int:
    return _FACE_CODES[card.rank] if card.is_face else card.pips


def class_of(rank: int) -> int:
    """Which removal a rank takes part in: 0 for A+10 ... 4 for 5+6, 5 for J+Q+K.

    >>> [class_of(rank) for rank in (1, 10, 5, 6, 11, 13)]
    [0, 0, 4, 4, 5, 5]
    """
    if rank >= JACK:
        return FACE_CLASS
    return min(rank, PAIR_SUM - rank) - 1


def class_ranks(klass: int) -> tuple[int, ...]:
    """The ranks of a class: two for a pair, three for the trio.

    >>> class_ranks(2), class_ranks(FACE_CLASS)
    ((3, 8), (11, 12, 13))
    """
    if klass == FACE_CLASS:
        return (JACK, QUEEN, KING)
    return (klass + 1, PAIR_SUM - klass - 1)


@dataclass(frozen=True, slots=True)
class Position:
    """Piles bottom to top, then the reserve slots (EMPTY where a slot is empty)."""

    piles: tuple[tuple[int, ...], ...]
    reserve: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.piles) <= MAX_PILES or len(self.reserve) > MAX_SLOTS:
            raise ValueError("at most 12 piles and 8 reserve slots")
        if any(len(pile) > 15 for pile in self.piles):
            raise ValueError("at most 15 cards in a pile")
        ranks = [rank for pile in self.piles for rank in pile]
        if any(not 1 <= rank <= KING for rank in ranks):
            raise ValueError("a pile holds ranks 1 to 13")
        if any(not EMPTY <= rank <= KING for rank in self.reserve):
            raise ValueError("a reserve slot holds a rank 1 to 13, or 0 when empty")

    @classmethod
    def from_deal(cls, dealt: Deal) -> Position:
        return cls(
            tuple(tuple(rank_code(card) for card in pile) for pile in dealt.piles),
            tuple(rank_code(card) for card in dealt.reserve),
        )

    @classmethod
    def from_code(cls, code: str) -> Position:
        return cls.from_deal(deal(DealCode.parse(code)))

    def location(self, index: int) -> Location:
        """The engine's location for a location index of this position."""
        if index < len(self.piles):
            return Location.pile(index + 1)
        return Location.slot(index - len(self.piles) + 1)

    def cards(self) -> list[int]:
        """Every rank still on the table, each card once."""
        return [rank for pile in self.piles for rank in pile] + [
            rank for rank in self.reserve if rank != EMPTY
        ]

    def balanced(self) -> bool:
        """Whether every class holds as many cards of each of its ranks.

        A pair removes one card of each of its two ranks, a trio one jack, one
        queen and one king, so a table that is not balanced can never be cleared.
        A dealt table is balanced: eight cards of each rank.
        """
        counts = [0] * (KING + 1)
        for rank in self.cards():
            counts[rank] += 1
        return all(
            len({counts[rank] for rank in class_ranks(klass)}) == 1 for klass in range(CLASSES)
        )

    def restricted(self, classes: frozenset[int]) -> Position:
        """The same table with every card outside these classes taken away."""
        return Position(
            tuple(tuple(r for r in pile if class_of(r) in classes) for pile in self.piles),
            tuple(r if r != EMPTY and class_of(r) in classes else EMPTY for r in self.reserve),
        )
