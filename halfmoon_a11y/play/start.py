"""The deal a session opens with, and its game replayed.

Apart from the session because the store makes starts (a resumed game, a game kept
aside) and the session's port names them: with `Start` here, the port and the session
both import it, and neither imports the other.
"""

from __future__ import annotations

from halfmoon_a11y.core.dealcode import Deal, DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.errors import NotARemovalError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record


@record
class Start:
    """The deal a session opens with: new, or saved with its removals to replay.

    `table` lays out a hand-made table instead of the code's deal (for tests). `game` is
    the game already replayed from `moves`, when the store checked them: a resumed game is
    replayed once (one session plays it).
    """

    code: DealCode
    moves: tuple[tuple[Location, ...], ...] = ()
    elapsed: float = 0.0
    resumed: bool = False
    table: Deal | None = None
    game: Game | None = None
    won: bool = False  # the deal was won before, then a removal undone
    won_elapsed: float | None = None  # the clock when it was won: the time its win counts


class ReplayError(ValueError):
    """A saved removal that does not replay on its deal."""


def replay(start: Start) -> Game:
    """The game of a start: its deal, with every saved removal made again."""
    if start.game is not None:
        return start.game
    game = Game(start.table if start.table is not None else deal(start.code))
    for move in start.moves:
        try:
            game.remake(move)  # each saved move is one removal, whole
        except NotARemovalError:
            raise ReplayError(move) from None
    game.resettle()  # the status, once: not after every removal replayed
    return game
