"""Cards as frozen values.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.parse("qs")), Card.parse("QS").is_face
('QS', True)
>>> Card.parse("5C").pips
5
"""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.errors import BadCardError
from halfmoon_a11y.core.values import record


class Rank(StrEnum):
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def is_face(self) -> bool:
        return self in FACE_RANKS

    @property
    def pips(self) -> int:
        """The value of a number card: ace 1 ... ten 10."""
        if self.is_face:
            raise ValueError(f"{self.name} has no pip value")
        return RANKS.index(self) + 1


class Suit(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
FACE_RANKS = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})


@record
class Card:
    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        cleaned = text.strip().upper()
        try:
            return cls(Rank(cleaned[:-1]), Suit(cleaned[-1:]))
        except ValueError:
            raise BadCardError(text) from None

    @property
    def is_face(self) -> bool:
        return self.rank.is_face

    @property
    def pips(self) -> int:
        return self.rank.pips

    def __str__(self) -> str:
        return self.rank + self.suit  # both are str: no Enum.__format__ (a line writes 30)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def ordered_decks() -> list[Card]:
    """The 104 cards in the fixed HM1 order: deck 1 then deck 2, suits C D H S, ranks A..K."""
    deck = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return deck + deck
