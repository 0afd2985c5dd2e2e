"""A small depth-first search for a winning line, used only by the tests.

The game itself has no solver and never says whether a deal can be won.
"""

from __future__ import annotations

from itertools import combinations

from halfmoon_a11y.core.cards import FACE_RANKS
from halfmoon_a11y.core.dealcode import Deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.places import ALL_LOCATIONS, Location


def playable_moves(game: Game) -> list[tuple[str, ...]]:
    """Every pair and trio among the playable cards, as the locations to tap."""
    cards = game.playable()
    moves: list[tuple[str, ...]] = []
    for a, b in combinations(cards, 2):
        if not a.card.is_face and not b.card.is_face and a.card.pips + b.card.pips == 11:
            moves.append((str(a.location), str(b.location)))
    faces = [p for p in cards if p.card.is_face]
    for trio in combinations(faces, 3):
        if {p.card.rank for p in trio} == FACE_RANKS:
            moves.append(tuple(str(p.location) for p in trio))
    return moves


# The search is deterministic, and a handful of deals serve dozens of tests: each is
# searched once a process (0.6 s of CPU each time before).
_SOLVED: dict[tuple[Deal, int], list[tuple[str, ...]] | None] = {}


def solve(dealt: Deal, budget: int = 20000) -> list[tuple[str, ...]] | None:
    """A list of moves that wins the deal, or None if none was found within the budget."""
    if (dealt, budget) not in _SOLVED:
        _SOLVED[dealt, budget] = _search(dealt, budget)
    found = _SOLVED[dealt, budget]
    return None if found is None else list(found)  # the caller's own copy


def _search(dealt: Deal, budget: int) -> list[tuple[str, ...]] | None:
    game = Game(dealt)
    seen: set[tuple[int, ...]] = set()
    line: list[tuple[str, ...]] = []
    nodes = 0

    def key() -> tuple[int, ...]:
        return tuple(game.count_at(location) for location in ALL_LOCATIONS)

    def search() -> bool:
        nonlocal nodes
        if game.status == "won":
            return True
        nodes += 1
        state = key()
        if state in seen or nodes > budget:
            return False
        seen.add(state)
        for move in playable_moves(game):
            for text in move:
                game.tap(Location.parse(text))
            line.append(move)
            if search():
                return True
            line.pop()
            game.undo()
        return False

    return list(line) if search() else None


def winning_line(dealt: Deal, budget: int = 20000) -> list[tuple[str, ...]]:
    """The moves that win a deal known to be winnable; the test fails if none is found."""
    line = solve(dealt, budget)
    assert line is not None, "the search found no win for a deal known to be winnable"
    return line
