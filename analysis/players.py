"""Two players without foresight, played through the real engine.

- The greedy player makes the first legal removal in pile order: of all the
  removals the playable cards allow, the one whose first card comes first in
  the order piles 1 to 12 then R1 to R8, then whose second card comes first,
  and so on.
- The random player picks one of the legal removals at random, each as
  likely. Its random numbers are seeded by the deal code alone, so a deal is
  always played the same way, whichever process plays it.

Both play until the game is won or blocked and report the cards left.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from halfmoon_a11y.core.cards import FACE_RANKS
from halfmoon_a11y.core.dealcode import Deal
from halfmoon_a11y.core.engine import PAIR_SUM, Game
from halfmoon_a11y.core.events import Placed, Status
from halfmoon_a11y.core.places import Location

RANDOM_SALT = "half-moon-random-player-1"

Choose = Callable[[list[tuple[Location, ...]]], tuple[Location, ...]]


def legal_removals(game: Game) -> list[tuple[Location, ...]]:
    """Every pair and trio among the playable cards, in pile order (piles, then reserve)."""
    playable: list[Placed] = game.playable()
    found: list[tuple[int, ...]] = []
    for i, j in combinations(range(len(playable)), 2):
        a, b = playable[i].card, playable[j].card
        if not a.is_face and not b.is_face and a.pips + b.pips == PAIR_SUM:
            found.append((i, j))
    faces = [i for i, placed in enumerate(playable) if placed.card.is_face]
    for trio in combinations(faces, 3):
        if {playable[i].card.rank for i in trio} == FACE_RANKS:
            found.append(trio)
    found.sort()
    return [tuple(playable[i].location for i in move) for move in found]


def play(dealt: Deal, choose: Choose) -> int:
    """Play a deal to its end with a way of choosing; the cards left (0 is a win)."""
    game = Game(dealt)
    while game.status is Status.PLAYING:
        move = choose(legal_removals(game))
        for location in move:
            game.tap(location)
    return game.cards_left


def greedy(dealt: Deal) -> int:
    return play(dealt, lambda moves: moves[0])


def random_player(dealt: Deal, code: str) -> int:
    chance = random.Random(f"{RANDOM_SALT} {code}")
    return play(dealt, chance.choice)
