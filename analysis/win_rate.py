"""Half Moon's win rate over the committed deals, on every core.

    python -m analysis.win_rate                  # the 10,000 deals, about 3 minutes on 2 cores
    python -m analysis.win_rate --limit 200      # the first 200 of them

For each deal: the solver's verdict (a win is replayed through the engine
to 48 moves and 520 points before it counts), the greedy player and the
random player. Prints the figures and writes one line a deal to a CSV file.
Every figure depends only on the list of deals and the node budget, never
on the machine or the number of processes.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass, fields
from pathlib import Path

from analysis.deals import DEALS_FILE, read_codes
from analysis.players import greedy, random_player
from analysis.position import Position
from analysis.replay import check_win
from analysis.solver import DEFAULT_BUDGET, LOST, UNDECIDED, WON, solve
from halfmoon_a11y.core.dealcode import DealCode, deal

RESULTS_FILE = Path(__file__).resolve().parent / "results-10000.csv"
Z_95 = 1.959963984540054  # the 97.5th percentile of the normal distribution


@dataclass(frozen=True, slots=True)
class Row:
    """One deal's results, as written to the CSV file."""

    code: str
    verdict: str  # won, lost or undecided
    nodes: int  # search nodes, both directions and every projection
    moves: int  # removals in the winning line, once replayed (0 unless won)
    greedy_left: int  # cards the greedy player leaves (0: it won)
    random_left: int  # cards the random player leaves (0: it won)


@dataclass(frozen=True, slots=True)
class Timed:
    row: Row
    seconds: float


def study(text: str, budget: int = DEFAULT_BUDGET) -> Timed:
    """Everything about one deal; raises if a win does not replay as a win."""
    began = time.perf_counter()
    code = DealCode.parse(text)
    dealt = deal(code)
    position = Position.from_deal(dealt)
    result = solve(position, budget)
    moves = 0
    if result.verdict == WON:
        assert result.line is not None
        line = [[position.location(index) for index in move] for move in result.line]
        moves = check_win(dealt, line).moves
    row = Row(
        str(code),
        result.verdict,
        result.nodes,
        moves,
        greedy(dealt),
        random_player(dealt, str(code)),
    )
    return Timed(row, time.perf_counter() - began)


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> low, high = wilson(81, 263)
    >>> round(low, 4), round(high, 4)
    (0.2553, 0.3662)
    """
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    half /= denominator
    low = 0.0 if successes == 0 else centre - half  # exact at the ends, where floats wobble
    high = 1.0 if successes == trials else centre + half
    return (low, high)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f} %" if whole else "n/a"


def interval(part: int, whole: int) -> str:
    low, high = wilson(part, whole)
    return f"{100 * low:.2f} % to {100 * high:.2f} %"


def summary(timed: list[Timed], seconds: float, workers: int) -> list[str]:
    """The figures, as lines of text."""
    rows = [item.row for item in timed]
    total = len(rows)
    won = sum(row.verdict == WON for row in rows)
    lost = sum(row.verdict == LOST for row in rows)
    undecided = sum(row.verdict == UNDECIDED for row in rows)
    greedy_won = sum(row.greedy_left == 0 for row in rows)
    random_won = sum(row.random_left == 0 for row in rows)
    beyond = sum(row.verdict == LOST and 0 in (row.greedy_left, row.random_left) for row in rows)
    slowest = sorted(timed, key=lambda item: -item.seconds)[:3]
    nodes = [row.nodes for row in rows]
    return [
        f"deals: {total}",
        f"winnable: {won} ({percent(won, total)}; 95 % Wilson interval {interval(won, total)})",
        f"lost: {lost} ({percent(lost, total)})",
        f"undecided: {undecided}",
        f"greedy player won: {greedy_won} ({percent(greedy_won, total)}; "
        f"95 % interval {interval(greedy_won, total)})",
        f"random player won: {random_won} ({percent(random_won, total)}; "
        f"95 % interval {interval(random_won, total)})",
        f"wins replayed through the engine: {sum(row.moves == 48 for row in rows)} of {won}",
        f"player wins on deals the solver calls lost: {beyond}",
        f"solver nodes: median {statistics.median(nodes):.0f}, most {max(nodes)}, "
        f"total {sum(nodes)}"
        if nodes
        else "solver nodes: none",
        "slowest deals: "
        + ", ".join(f"{t.row.code} {t.seconds:.1f} s ({t.row.verdict})" for t in slowest),
        f"run time: {seconds:.0f} s with {workers} processes",
    ]


def write_rows(rows: Iterable[Row], path: Path) -> None:
    with path.open("w", newline="", encoding="ascii") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow([field.name for field in fields(Row)])
        for row in rows:
            writer.writerow(astuple(row))


def run(codes: list[str], budget: int, workers: int) -> list[Timed]:
    """Study every deal on `workers` processes, in order, saying how far it got."""
    done: list[Timed] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        budgets = [budget] * len(codes)
        for item in pool.map(study, codes, budgets, chunksize=4):
            done.append(item)
            if len(done) % 1000 == 0:
                print(f"{len(done)} of {len(codes)} deals", file=sys.stderr, flush=True)
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.win_rate", description=__doc__)
    parser.add_argument("--deals", type=Path, default=DEALS_FILE, help="list of deal codes")
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search nodes a deal")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument(
        "--csv", type=Path, default=None, help=f"where to write the rows (default {RESULTS_FILE})"
    )
    args = parser.parse_args(argv)
    codes = [str(code) for code in read_codes(args.deals)][: args.limit]
    began = time.perf_counter()
    timed = run(codes, args.budget, args.workers)
    seconds = time.perf_counter() - began
    target = args.csv or (RESULTS_FILE if args.limit is None else None)
    if target is not None:
        write_rows((item.row for item in timed), target)
    for line in summary(timed, seconds, args.workers):
        print(line)
    if target is not None:
        print(f"rows written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
