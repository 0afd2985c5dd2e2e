"""The plain search: every removal from every state, with nothing but a visited set.

It shares no code with the solver beyond the table itself, and uses none of
the solver's reductions: no interchangeable cards, no order among removals,
no proofs of loss. A state is the height of each pile and which reserve slots
are filled. It is the yardstick the solver's answers are checked against,
and the baseline of `benchmarks/solver_speed.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from analysis.position import EMPTY, JACK, KING, PAIR_SUM, QUEEN, Position

WON = "won"
LOST = "lost"
UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class PlainResult:
    verdict: str
    line: tuple[tuple[int, ...], ...] | None
    nodes: int  # states expanded


class _OutOfBudget(Exception):
    pass


def removals(position: Position, heights: list[int], filled: list[bool]) -> list[tuple[int, ...]]:
    """Every pair and trio among the playable cards, as location indices."""
    pile_count = len(position.piles)
    playable: list[tuple[int, int]] = []  # (location, rank)
    for p, pile in enumerate(position.piles):
        if heights[p]:
            playable.append((p, pile[heights[p] - 1]))
    for s, rank in enumerate(position.reserve):
        if filled[s]:
            playable.append((pile_count + s, rank))
    found: list[tuple[int, ...]] = []
    for (x, a), (y, b) in combinations(playable, 2):
        if a < JACK and b < JACK and a + b == PAIR_SUM:
            found.append((x, y))
    for trio in combinations([item for item in playable if item[1] >= JACK], 3):
        if {rank for _, rank in trio} == {JACK, QUEEN, KING}:
            found.append(tuple(location for location, _ in trio))
    return found


def plain_solve(position: Position, budget: int = 1_000_000) -> PlainResult:
    """Depth-first search of every state reachable from the table, each once."""
    pile_count = len(position.piles)
    heights = [len(pile) for pile in position.piles]
    filled = [rank != EMPTY for rank in position.reserve]
    visited: set[int] = set()
    line: list[tuple[int, ...]] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        if not any(heights) and not any(filled):
            return True
        state = 0  # the state as one number: a digit of base 16 for each pile and each slot
        for count in (*heights, *filled):
            state = state * 16 + count
        if state in visited:
            return False
        visited.add(state)
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        for move in removals(position, heights, filled):
            for location in move:
                if location < pile_count:
                    heights[location] -= 1
                else:
                    filled[location - pile_count] = False
            line.append(move)
            if search():
                return True
            line.pop()
            for location in move:
                if location < pile_count:
                    heights[location] += 1
                else:
                    filled[location - pile_count] = True
        return False

    try:
        won = search()
    except _OutOfBudget:
        return PlainResult(UNDECIDED, None, nodes)
    return PlainResult(WON if won else LOST, tuple(line) if won else None, nodes)
