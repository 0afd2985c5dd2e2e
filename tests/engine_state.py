"""The whole state of a game, hidden cards included, for comparing states in tests.

The game itself never needs it: a player sees the table through `Game.surface` and
the events, so this reads the engine's private fields from the outside.
"""

from __future__ import annotations

from halfmoon_a11y.core.engine import Game


def hidden_snapshot(game: Game) -> tuple[object, ...]:
    """Piles, reserve, selection, history, moves, score and status, in that order."""
    return (
        tuple(tuple(pile) for pile in game._piles),
        tuple(game._reserve),
        tuple(game._selection),
        tuple(game._history),
        game._moves,
        game._score,
        game._status,
    )
