"""Where a card can be: piles 1-12 and reserve slots R1-R8, the layout of the table.

>>> Location.parse("r3"), Location.parse(" 12 ")
(Location.parse('R3'), Location.parse('12'))
"""

from __future__ import annotations

from halfmoon_a11y.core.errors import BadLocationError
from halfmoon_a11y.core.values import record

PILES = 12
PILE_SIZE = 8  # cards dealt to each pile
RESERVE_SLOTS = 8


@record(order=True)
class Location:
    reserve: bool
    number: int

    @classmethod
    def pile(cls, number: int) -> Location:
        return cls(False, number)

    @classmethod
    def slot(cls, number: int) -> Location:
        return cls(True, number)

    @classmethod
    def parse(cls, text: str) -> Location:
        known = _BY_TEXT.get(text)  # "1", "r3", "R3": the usual, one lookup
        if known is not None:
            return known
        cleaned = text.strip().upper()
        reserve = cleaned.startswith("R")
        digits = cleaned[1:] if reserve else cleaned
        limit = RESERVE_SLOTS if reserve else PILES
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 2:
            raise BadLocationError(text)
        number = int(digits)
        if not 1 <= number <= limit or digits != str(number):
            raise BadLocationError(text)
        return cls(reserve, number)

    @property
    def index(self) -> int:
        return self.number - 1

    def __str__(self) -> str:
        return f"R{self.number}" if self.reserve else str(self.number)

    def __repr__(self) -> str:
        return f"Location.parse({str(self)!r})"


ALL_PILES = tuple(Location.pile(n) for n in range(1, PILES + 1))
ALL_SLOTS = tuple(Location.slot(n) for n in range(1, RESERVE_SLOTS + 1))
ALL_LOCATIONS = ALL_PILES + ALL_SLOTS
_BY_TEXT = {
    text: location for location in ALL_LOCATIONS for text in (str(location), str(location).lower())
}
