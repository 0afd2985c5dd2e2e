"""What a player who does not peek knows of the hidden cards.

Public knowledge is what was removed and what is in sight: the top of each pile and
the reserve. Two decks hold eight cards of each value, so the cards of a value still
face down are eight, less those removed, less those in sight. `hidden_counts` reads
nothing else: it is given the removed cards and the cards in sight, never the game, so
it cannot read a card under a top (tests/test_hidden.py holds two tables that differ
only under the tops to the same answer).

>>> from halfmoon_a11y.core.cards import Card
>>> counts = dict(hidden_counts([Card.parse("AS")], [Card.parse("AH"), Card.parse("KS")]))
>>> counts[Rank.ACE], counts[Rank.KING], counts[Rank.TWO]
(6, 7, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from halfmoon_a11y.core.cards import Card, Rank

COPIES = 8  # two decks of four suits: eight cards of each value


def hidden_counts(
    removed: Iterable[Card], in_sight: Iterable[Card]
) -> tuple[tuple[Rank, int], ...]:
    """How many cards of each value are still face down, ace first, king last."""
    known = Counter(card.rank for card in removed)
    known.update(card.rank for card in in_sight)
    return tuple((rank, COPIES - known[rank]) for rank in Rank)
