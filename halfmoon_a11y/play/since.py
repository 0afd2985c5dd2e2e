"""What a command had done before it met a bug: read from the game itself, so
that the player hears what was done, then the bug, never the bug alone.

A command's handler changes the game, then builds its answer; a bug in between (in the
clock, in the answer) left the game changed and the player told only that something went
wrong, as if nothing had been done. `Mark` is taken before each command; `done_since`
compares the game with it and words the change as the engine would have: a removal or a
redo (with the places it uncovered), an undo, or a new deal with its table.
"""

from __future__ import annotations

from halfmoon_a11y.core.engine import POINTS, Game, Move
from halfmoon_a11y.core.events import Redone, Removed, Undone
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import Answer
from halfmoon_a11y.play.session import Session


@record
class Mark:
    """The game as it stood before a command: which game, its moves, its undone ones and
    the last of them (what a redo would make again)."""

    game: Game
    moves: int
    undone: int
    next_redo: Move | None = None


def mark(session: Session) -> Mark:
    game = session.game
    undone = game.undone
    return Mark(game, game.moves, len(undone), undone[-1] if undone else None)


def done_since(session: Session, before: Mark) -> Answer:
    """The change since `before`, as an answer without its bug; empty if nothing changed."""
    game = session.game
    if game is not before.game:  # a new deal: it and its table, as `new` says them
        return session.opening()
    if game.moves < before.moves and game.redo_available > before.undone and game.undone:
        move = game.undone[-1]
        points = POINTS[move.kind]
        undone = Undone(move.kind, move.cards, points, score=game.score, left=game.cards_left)
        return Answer((undone,))
    if game.moves > before.moves and game.history:
        move = game.history[-1]
        # A redo makes the last undone move again, and leaves the others to redo; a new
        # removal clears them all (one was once said as a redo).
        redone = move == before.next_redo and game.redo_available == before.undone - 1
        made = Redone if redone else Removed
        points = POINTS[move.kind]
        places = dict.fromkeys(placed.location for placed in move.cards)
        uncovered = tuple(game.uncovered_at(location) for location in places)
        removed = made(
            move.kind,
            move.cards,
            points,
            score=game.score,
            left=game.cards_left,
            uncovered=uncovered,
        )
        return Answer((removed,))
    return Answer()
