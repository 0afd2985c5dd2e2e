"""Rules of thumb for a player who does not peek, alone and together, over the 10,000 deals.

    python -m analysis.thumb                 # every player on the 10,000 deals, 2 processes
    python -m analysis.thumb --limit 500     # the first 500 deals only (no CSV unless --csv)

Each player sees only a `View` (analysis/knowledge.py): the tops, the
reserve, the heights and the hidden count of each rank. A rule of thumb gives
each legal removal a score; a player ranks the removals by its rules in turn
(the first rule decides, the next breaks its ties, and so on) and breaks the
last ties at random, with random numbers seeded by the deal code alone, the
same for every player. Every win is replayed through the engine.

The rules (higher is better):

- `tall`: take cards from the tallest piles: the sum, over the cards of the
  removal, of the height of the pile it comes from (a reserve card counts 0).
- `piles`: keep the reserve for later: the fewer reserve cards, the better.
- `seen`: first clear a class whose every card left is in sight (nothing of
  it hidden): a removal of such a class scores 1.
- `partners`: do not take away another card's only partner in sight: minus
  the number of cards in sight left without any partner in sight after the
  removal that had one before (the cards it uncovers are unknown, so not
  counted).
- `trios`: a trio before a pair.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from analysis.deals import DEALS_FILE, read_codes
from analysis.knowledge import Move, Table, View, legal_moves, locations
from analysis.position import JACK, KING, PAIR_SUM, QUEEN, Position, class_of, class_ranks
from analysis.replay import check_win
from analysis.win_rate import Z_95, interval, percent
from halfmoon_a11y.core.dealcode import DealCode, deal

RESULTS_FILE = Path(__file__).resolve().parent / "results-thumb-10000.csv"
TIE_SALT = "half-moon-thumb-ties-1"

Score = Callable[[View, list[int], Move], int]


def tall(view: View, seen: list[int], move: Move) -> int:
    return sum(view.heights[loc] for loc in move if loc < view.piles)


def piles(view: View, seen: list[int], move: Move) -> int:
    return -sum(loc >= view.piles for loc in move)


def seen_class(view: View, seen: list[int], move: Move) -> int:
    klass = class_of(view.rank_at(move[0]))
    return int(all(view.hidden[rank] == 0 for rank in class_ranks(klass)))


def partners(view: View, seen: list[int], move: Move) -> int:
    """Minus the cards in sight that lose their last partner in sight with this removal."""
    rank = view.rank_at(move[0])
    if rank >= JACK:
        after = [seen[JACK] - 1, seen[QUEEN] - 1, seen[KING] - 1]
        if min(after) > 0:
            return 0
        return -sum(after)  # faces left in sight that can no longer make a trio in sight
    other = PAIR_SUM - rank
    lost = 0
    if seen[other] == 1:
        lost += seen[rank] - 1
    if seen[rank] == 1:
        lost += seen[other] - 1
    return -lost


def trios(view: View, seen: list[int], move: Move) -> int:
    return int(len(move) == 3)


RULES: dict[str, Score] = {
    "tall": tall,
    "piles": piles,
    "seen": seen_class,
    "partners": partners,
    "trios": trios,
}
# The order of the combined player: of the orders tried on the 10,000 deals,
# keeping the reserve first and then taking from the tallest piles won most
# (docs/win-rate.md); the rules that add nothing measurable come last.
COMBINED: tuple[str, ...] = ("piles", "tall", "partners", "seen", "trios")


# The comparisons win-rate.md quotes for the two rules that help: reserve last
# added to tallest piles, in either order, and the one order against the other.
PAIRS: tuple[tuple[str, str], ...] = (
    ("piles+tall", "tall"),
    ("tall+piles", "tall"),
    ("piles+tall", "tall+piles"),
)


def ranked(view: View, moves: Sequence[Move], rules: Sequence[str]) -> list[Move]:
    """The moves, best first by the rules in turn; ties keep their order."""
    seen = view.visible_count()
    scores = [RULES[name] for name in rules]
    return sorted(moves, key=lambda move: tuple(-score(view, seen, move) for score in scores))


def choose(view: View, moves: list[Move], rules: Sequence[str], chance: random.Random) -> Move:
    """The best move by the rules, a random one among the equal best."""
    seen = view.visible_count()
    scores = [RULES[name] for name in rules]
    best: list[Move] = []
    top: tuple[int, ...] | None = None
    for move in moves:
        key = tuple(score(view, seen, move) for score in scores)
        if top is None or key > top:
            top, best = key, [move]
        elif key == top:
            best.append(move)
    return best[0] if len(best) == 1 else chance.choice(best)


def play(position: Position, rules: Sequence[str], code: str) -> Table:
    """Play a deal to its end with these rules; the table as left."""
    table = Table(position)
    chance = random.Random(f"{TIE_SALT} {code}")
    while True:
        view = table.view()
        moves = legal_moves(view)
        if not moves:
            return table
        table.remove(choose(view, moves, rules, chance))


def players() -> dict[str, tuple[str, ...]]:
    """Every player measured: none, each rule alone, all together, all but each, two orders."""
    found: dict[str, tuple[str, ...]] = {"none": ()}
    for name in RULES:
        found[name] = (name,)
    found["all"] = COMBINED
    for name in COMBINED:
        found[f"all-{name}"] = tuple(rule for rule in COMBINED if rule != name)
    found["piles+tall"] = ("piles", "tall")  # the two rules that help, as the guides give them
    found["tall+piles"] = ("tall", "piles")  # the same two, the other way round
    return found


def study(text: str) -> list[int]:
    """The cards each player leaves on one deal (0: won, and replayed as a win)."""
    code = DealCode.parse(text)
    dealt = deal(code)
    position = Position.from_deal(dealt)
    left = []
    for rules in players().values():
        table = play(position, rules, str(code))
        if table.cards_left == 0:
            check_win(dealt, locations(position, table.line))
        left.append(table.cards_left)
    return left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.thumb", description=__doc__)
    parser.add_argument("--deals", type=Path, default=DEALS_FILE, help="list of deal codes")
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--csv", type=Path, default=None, help=f"default {RESULTS_FILE}")
    parser.add_argument(
        "--report", action="store_true", help="print the figures of the CSV file, play nothing"
    )
    args = parser.parse_args(argv)
    if args.report:
        names, rows = read_rows(args.csv or RESULTS_FILE)
        for line in summary(names, rows):
            print(line)
        return 0
    codes = [str(code) for code in read_codes(args.deals)][: args.limit]
    names = list(players())
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(study, codes, chunksize=20))
    seconds = time.perf_counter() - began
    target = args.csv or (RESULTS_FILE if args.limit is None else None)
    if target is not None:
        with target.open("w", newline="", encoding="ascii") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(["code", *names])
            for code, left in zip(codes, rows, strict=True):
                writer.writerow([code, *left])
    for line in summary(names, rows):
        print(line)
    print(f"run time: {seconds:.0f} s with {args.workers} processes, {len(codes)} deals")
    if target is not None:
        print(f"rows written to {target}")
    return 0


def read_rows(path: Path) -> tuple[list[str], list[list[int]]]:
    """The players and the cards each left on each deal, from a results file."""
    with path.open(encoding="ascii", newline="") as handle:
        header, *body = list(csv.reader(handle))
    return header[1:], [[int(cell) for cell in row[1:]] for row in body]


def paired(first: list[bool], second: list[bool]) -> tuple[int, float, float]:
    """Extra wins of `first` over `second` on the same deals, and a 95 % interval of the share.

    A normal interval for the difference of paired proportions, from the
    deals only one of the two won.

    >>> wins, low, high = paired([True] * 30 + [False] * 70, [True] * 20 + [False] * 80)
    >>> wins, round(low, 3), round(high, 3)
    (10, 0.041, 0.159)
    """
    total = len(first)
    only_first = sum(a and not b for a, b in zip(first, second, strict=True))
    only_second = sum(b and not a for a, b in zip(first, second, strict=True))
    gain = only_first - only_second
    if total == 0:
        return (0, 0.0, 0.0)
    spread = math.sqrt(max(only_first + only_second - gain * gain / total, 0.0)) / total
    return (gain, gain / total - Z_95 * spread, gain / total + Z_95 * spread)


def summary(names: list[str], rows: list[list[int]]) -> list[str]:
    total = len(rows)
    won = {name: [row[i] == 0 for row in rows] for i, name in enumerate(names)}
    lines = ["player | won | share | 95 % Wilson interval | mean cards left"]
    for i, name in enumerate(names):
        wins = sum(won[name])
        mean = sum(row[i] for row in rows) / total if total else 0
        lines.append(
            f"{name} | {wins} | {percent(wins, total)} | {interval(wins, total)} | {mean:.1f}"
        )
    lines.append("what each rule adds to the others | extra wins | 95 % interval of the share")
    for name in COMBINED:
        gain, low, high = paired(won["all"], won[f"all-{name}"])
        lines.append(f"{name} | {gain:+d} | {100 * low:+.2f} % to {100 * high:+.2f} %")
    lines.append("the two rules that help, paired | extra wins | 95 % interval of the share")
    for better, worse in PAIRS:
        if better in won and worse in won:
            gain, low, high = paired(won[better], won[worse])
            lines.append(
                f"{better} against {worse} | {gain:+d} | {100 * low:+.2f} % to {100 * high:+.2f} %"
            )
    return lines


if __name__ == "__main__":
    sys.exit(main())
