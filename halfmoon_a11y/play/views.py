"""What a player can see of the table, as plain values for presenters and the JSON mode."""

from __future__ import annotations

from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.places import ALL_PILES, ALL_SLOTS, Location
from halfmoon_a11y.core.values import record


@record
class Spot:
    """One pile or reserve slot: its top card (or None) and how many cards it holds."""

    location: Location
    card: Card | None
    count: int
    combinable: bool = False  # placement help: completes a removal with the selection now


@record
class TableView:
    code: DealCode
    piles: tuple[Spot, ...]
    reserve: tuple[Spot, ...]
    selection: tuple[Location, ...]
    score: int
    moves: int
    undo_available: int
    status: Status
    elapsed: int


def table_view(game: Game, code: DealCode, elapsed: int, placement_help: bool) -> TableView:
    selection = tuple(placed.location for placed in game.selection)
    # Only placement help needs the combinable cards: skip the search otherwise.
    helpful = {p.location for p in game.combinable()} if placement_help and selection else set()

    def spot(location: Location) -> Spot:
        return Spot(location, game.card_at(location), game.count_at(location), location in helpful)

    return TableView(
        code=code,
        piles=tuple(spot(location) for location in ALL_PILES),
        reserve=tuple(spot(location) for location in ALL_SLOTS),
        selection=selection,
        score=game.score,
        moves=game.moves,
        undo_available=game.undo_available,
        status=game.status,
        elapsed=elapsed,
    )
