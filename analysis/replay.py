"""Every win the solver finds is played again through the real engine.

The solver works on integers; the engine is the game itself. A line counts as
a win only when tapping its places, card by card, in `Game` ends in a won
game with the totals the rules promise: 40 pairs and 8 trios, 48 moves and
520 points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from halfmoon_a11y.core.dealcode import Deal
from halfmoon_a11y.core.engine import PAIR_POINTS, TRIO_POINTS, Game
from halfmoon_a11y.core.events import Removed, Status
from halfmoon_a11y.core.places import Location

PAIRS_IN_A_WIN = 40  # 80 number cards
TRIOS_IN_A_WIN = 8  # 24 faces
MOVES_IN_A_WIN = PAIRS_IN_A_WIN + TRIOS_IN_A_WIN  # 48
SCORE_OF_A_WIN = PAIRS_IN_A_WIN * PAIR_POINTS + TRIOS_IN_A_WIN * TRIO_POINTS  # 520


class ReplayError(AssertionError):
    """The engine did not accept a line, or did not end it as a win should end."""


@dataclass(frozen=True, slots=True)
class Replayed:
    status: Status
    moves: int
    score: int


def replay(dealt: Deal, line: Sequence[Sequence[Location]]) -> Replayed:
    """Tap every place of every removal in the engine; raise unless each tap removes as planned."""
    game = Game(dealt)
    for number, move in enumerate(line, start=1):
        removed = False
        for location in move:
            removed = any(isinstance(event, Removed) for event in game.tap(location))
        if not removed or game.selection:
            raise ReplayError(f"removal {number} ({' '.join(map(str, move))}) was refused")
    return Replayed(game.status, game.moves, game.score)


def check_win(dealt: Deal, line: Sequence[Sequence[Location]]) -> Replayed:
    """Replay a winning line and insist on a won game of 48 moves and 520 points."""
    done = replay(dealt, line)
    if done.status is not Status.WON:
        raise ReplayError(f"the line ends {done.status}, not won")
    if (done.moves, done.score) != (MOVES_IN_A_WIN, SCORE_OF_A_WIN):
        raise ReplayError(f"won with {done.moves} moves and {done.score} points")
    return done
