"""A cursor over the table, for playing with the arrow keys.

It moves over the 20 places in the arc's order: piles 1 to 12 (3 on the left, 7
across the top, 2 on the right), then reserve R1 to R8. It starts on no place:
the first key puts it at the place that key names. A removed card leaves it
where it was; a new deal too.

>>> cursor = Cursor()
>>> cursor.move(NEXT), cursor.move(PREVIOUS)
(Stop(location=Location.parse('1'), edge=False), Stop(location=Location.parse('1'), edge=True))
>>> cursor.move(OTHER_ROW), cursor.move(LAST)
(Stop(location=Location.parse('R1'), edge=False), Stop(location=Location.parse('R8'), edge=False))
"""

from __future__ import annotations

from halfmoon_a11y.core.places import ALL_LOCATIONS, PILES, Location
from halfmoon_a11y.core.values import record

PREVIOUS = "previous"  # the place before, along the arc
NEXT = "next"  # the place after
FIRST = "first"  # pile 1
LAST = "last"  # R8
PILES_ROW = "piles"  # from the reserve to pile 1
OTHER_ROW = "reserve"  # from the piles to R1
MOVES = (PREVIOUS, NEXT, FIRST, LAST, PILES_ROW, OTHER_ROW)


@record
class Stop:
    """Where a key left the cursor; `edge`: it could not go further, and stayed."""

    location: Location
    edge: bool = False


class Cursor:
    def __init__(self) -> None:
        self.index: int | None = None  # into ALL_LOCATIONS; None before the first key

    @property
    def location(self) -> Location | None:
        return None if self.index is None else ALL_LOCATIONS[self.index]

    def move(self, how: str) -> Stop:
        """Move as a key asks (one of MOVES)."""
        last = len(ALL_LOCATIONS) - 1
        here = self.index
        if how == FIRST:
            wanted = 0
        elif how == LAST:
            wanted = last
        elif how == NEXT:
            wanted = 0 if here is None else here + 1
        elif how == PREVIOUS:
            wanted = last if here is None else here - 1
        elif how == OTHER_ROW:  # Page Down: the piles' row to the reserve's
            wanted = PILES if here is None or here < PILES else last + 1
        elif how == PILES_ROW:  # Page Up: the reserve's row to the piles'
            wanted = 0 if here is None or here >= PILES else -1
        else:
            raise ValueError(how)
        if not 0 <= wanted <= last:  # past an end: the cursor stays
            assert here is not None
            return Stop(ALL_LOCATIONS[here], edge=True)
        self.index = wanted
        return Stop(ALL_LOCATIONS[wanted])
