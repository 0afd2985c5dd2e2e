"""A cursor over the table, for playing with the arrow keys.

It moves over the 20 places in the arc's order: piles 1 to 12 (3 on the left, 7
across the top, 2 on the right), then reserve R1 to R8. It starts on no place:
the first key puts it at the place that key names. Only pile 1 and R8 are ends:
a key that would go past them leaves the cursor there (`Stop.edge`). Page Up
always goes to pile 1 and Page Down to R1; on R1, Page Down stays without an edge.
A removed card leaves the cursor where it was; a new deal too.

>>> cursor = Cursor()
>>> cursor.move(NEXT), cursor.move(PREVIOUS)
(Stop(location=Location.parse('1'), edge=False), Stop(location=Location.parse('1'), edge=True))
>>> cursor.move(OTHER_ROW), cursor.move(LAST)
(Stop(location=Location.parse('R1'), edge=False), Stop(location=Location.parse('R8'), edge=False))
>>> cursor.index = 11  # pile 12: Page Up goes to pile 1, no end of the table
>>> cursor.move(PILES_ROW), cursor.move(PILES_ROW)
(Stop(location=Location.parse('1'), edge=False), Stop(location=Location.parse('1'), edge=True))
"""

from __future__ import annotations

from halfmoon_a11y.core.places import ALL_LOCATIONS, PILES, Location
from halfmoon_a11y.core.values import record

PREVIOUS = "previous"  # the place before, along the arc
NEXT = "next"  # the place after
FIRST = "first"  # pile 1
LAST = "last"  # R8
PILES_ROW = "piles"  # to pile 1, from anywhere
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
        elif how == OTHER_ROW:  # Page Down: to the reserve's first slot, R1
            wanted = PILES
        elif how == PILES_ROW:  # Page Up: to the piles' first, pile 1
            wanted = 0 if here != 0 else -1  # on pile 1, the table's end: it stays
        else:
            raise ValueError(how)
        if not 0 <= wanted <= last:  # past an end of the table: the cursor stays
            assert here is not None
            return Stop(ALL_LOCATIONS[here], edge=True)
        self.index = wanted
        return Stop(ALL_LOCATIONS[wanted])
