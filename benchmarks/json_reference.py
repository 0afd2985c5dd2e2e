"""The reference for `json_lines.py`: the rules alone, with the least a JSON program does.

    python3 benchmarks/json_reference.py CODE < lines

Reads `pick N` and `undo` lines, applies them to the engine, and writes one JSON
object per line: the events (each as its type and fields) and the table's state
(each pile's top card and count, the reserve, the selection, score, moves,
status), flushed at once as a line protocol must. No command language, no
session, no messages, no save. What the real JSON mode costs beyond this is
what the front end, the session and the save add to the rules.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.places import ALL_PILES, ALL_SLOTS, Location
from halfmoon_a11y.core.values import fields


def plain(value: object) -> object:
    """A value as JSON: cards and places as their text ("5S", "R3"), as the JSON mode
    writes them; other records by their fields, tuples as lists, the rest as text."""
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, Card | Location):
        return str(value)
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if hasattr(type(value), "__match_args__"):
        return {name: plain(getattr(value, name)) for name in fields(type(value))}
    return str(value)


def main() -> int:
    game = Game(deal(DealCode.parse(sys.argv[1])))
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        try:
            events = game.undo() if words[0] == "undo" else game.tap(Location.parse(words[1]))
        except HalfMoonError as error:
            events = []
            problem: str | None = type(error).__name__
        else:
            problem = None
        state = {
            "piles": [
                {"top": plain(game.card_at(p)), "count": game.count_at(p)} for p in ALL_PILES
            ],
            "reserve": [plain(game.card_at(s)) for s in ALL_SLOTS],
            "selection": [str(p.location) for p in game.selection],
            "score": game.score,
            "moves": game.moves,
            "status": str(game.status),
        }
        events_json = [{"type": type(e).__name__, **plain(e)} for e in events]  # type: ignore[dict-item]
        out.write(json.dumps({"events": events_json, "error": problem, "state": state}) + "\n")
        out.flush()  # a line protocol: the peer waits for each answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
