"""What a player who does not peek knows, and the true table it is kept apart from.

A player sees the top card of each pile, the reserve, how many cards each pile
still holds, and remembers the cards already removed. From those it knows how
many cards of each rank are still hidden, but not where they lie.

- `Table` is the truth: every pile in full. Only the game loop holds it.
- `View` is what the player knows. A non-peeking player is a function of a
  `View` alone: `Table.view()` builds it from the tops, the reserve, the heights
  and the removed cards, and never reads a card under a top.
- `sample_table` deals the hidden cards again at random, consistently with a
  `View`: the same tops, the same reserve, the same heights, and under the tops
  exactly the hidden ranks that are left.

Locations are those of `analysis.position`: piles 0 to 11, then reserve slots
12 to 19. A move is a tuple of locations, in increasing order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from analysis.position import EMPTY, JACK, KING, PAIR_SUM, QUEEN, Position
from halfmoon_a11y.core.places import Location

COPIES = 8  # two decks of four suits: eight cards of each rank
Move = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class View:
    """What the player knows: heights, tops, reserve, and the hidden count of each rank.

    `hidden[r]` is how many cards of rank r lie under the tops (index 0 unused).
    """

    heights: tuple[int, ...]
    tops: tuple[int, ...]  # EMPTY for an empty pile
    reserve: tuple[int, ...]  # EMPTY for an empty slot
    hidden: tuple[int, ...]

    @property
    def piles(self) -> int:
        return len(self.heights)

    def rank_at(self, location: int) -> int:
        if location < self.piles:
            return self.tops[location]
        return self.reserve[location - self.piles]

    def playable(self) -> list[int]:
        """The locations holding a playable card, in order."""
        return [loc for loc in range(self.piles + len(self.reserve)) if self.rank_at(loc)]

    def visible_count(self) -> list[int]:
        """How many playable cards of each rank (index 0 unused)."""
        count = [0] * (KING + 1)
        for rank in self.tops:
            count[rank] += 1
        for rank in self.reserve:
            count[rank] += 1
        count[EMPTY] = 0
        return count

    def covering(self, location: int) -> bool:
        """Whether the card there hides a card under it."""
        return location < self.piles and self.heights[location] > 1


def legal_moves(view: View) -> list[Move]:
    """Every pair and trio among the playable cards, in location order."""
    playable = view.playable()
    ranks = [view.rank_at(loc) for loc in playable]
    found: list[Move] = []
    for i, j in combinations(range(len(playable)), 2):
        if ranks[i] < JACK and ranks[j] < JACK and ranks[i] + ranks[j] == PAIR_SUM:
            found.append((playable[i], playable[j]))
    faces = [i for i, rank in enumerate(ranks) if rank >= JACK]
    for trio in combinations(faces, 3):
        if {ranks[i] for i in trio} == {JACK, QUEEN, KING}:
            found.append(tuple(playable[i] for i in trio))
    found.sort()
    return found


class Table:
    """The true table during a game: full piles, heights, reserve, the cards removed."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.heights = [len(pile) for pile in position.piles]
        self.reserve = list(position.reserve)
        self.removed = [0] * (KING + 1)
        self.line: list[Move] = []

    @property
    def cards_left(self) -> int:
        return sum(self.heights) + sum(rank != EMPTY for rank in self.reserve)

    def view(self) -> View:
        """What a player sees now: the tops, never a card under them."""
        piles = self.position.piles
        tops = tuple(piles[p][h - 1] if h else EMPTY for p, h in enumerate(self.heights))
        reserve = tuple(self.reserve)
        return view_from(tuple(self.heights), tops, reserve, self.removed)

    def remove(self, move: Move) -> None:
        """Take the cards of a legal removal off the table."""
        piles = len(self.heights)
        for loc in move:
            if loc < piles:
                self.removed[self.position.piles[loc][self.heights[loc] - 1]] += 1
                self.heights[loc] -= 1
            else:
                self.removed[self.reserve[loc - piles]] += 1
                self.reserve[loc - piles] = EMPTY
        self.line.append(move)


def view_from(
    heights: tuple[int, ...],
    tops: tuple[int, ...],
    reserve: tuple[int, ...],
    removed: Sequence[int],
) -> View:
    """The player's knowledge from what it sees and remembers: the hidden counts follow."""
    hidden = [COPIES - removed[rank] for rank in range(KING + 1)]
    hidden[EMPTY] = 0
    for rank in (*tops, *reserve):
        if rank != EMPTY:
            hidden[rank] -= 1
    return View(heights, tops, reserve, tuple(hidden))


def sample_table(view: View, chance: random.Random) -> Position:
    """A table consistent with the view: the hidden ranks shuffled under the tops."""
    hidden = [rank for rank in range(1, KING + 1) for _ in range(view.hidden[rank])]
    chance.shuffle(hidden)
    piles: list[tuple[int, ...]] = []
    start = 0
    for height, top in zip(view.heights, view.tops, strict=True):
        if height == 0:
            piles.append(())
            continue
        under = height - 1
        piles.append((*hidden[start : start + under], top))
        start += under
    if start != len(hidden):
        raise ValueError("the hidden counts do not fit under the tops")
    return Position(tuple(piles), view.reserve)


def locations(position: Position, line: Sequence[Move]) -> list[list[Location]]:
    """A line of location indices as the engine's locations, for `analysis.replay`."""
    return [[position.location(index) for index in move] for move in line]
