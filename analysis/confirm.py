"""The solver's "lost" verdicts, checked by the plain search.

    python -m analysis.confirm                   # every lost deal of results-10000.csv
    python -m analysis.confirm --budget 100000   # fewer states each, sooner done

The plain search (`analysis.plain`) shares no reduction with the solver:
every removal from every state, with a visited set. On a lost deal it must
visit every state the deal can reach, so it finishes only where those are
few: within its budget it either confirms the loss, finds a win (the solver
would be wrong: the run fails), or gives up (the deal is not in the sample).

Where it gives up, it tries the deal's mirror (every pile upside down),
which is won exactly when the deal is (rule 7 of `analysis.solver`, tested
with the plain search alone in `tests/test_win_rate_solver.py`) and often
has far fewer states. Those confirmations are counted apart.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from analysis.plain import LOST, UNDECIDED, WON, plain_solve
from analysis.position import Position
from analysis.win_rate import RESULTS_FILE

DEFAULT_BUDGET = 300_000


def lost_codes(path: Path) -> list[str]:
    with path.open(encoding="ascii", newline="") as handle:
        return [row["code"] for row in csv.DictReader(handle) if row["verdict"] == LOST]


def check(code: str, budget: int) -> tuple[str, str, int, bool]:
    """(code, verdict, states, on the mirror) of the plain search."""
    position = Position.from_code(code)
    result = plain_solve(position, budget)
    if result.verdict != UNDECIDED:
        return code, result.verdict, result.nodes, False
    upside_down = Position(tuple(pile[::-1] for pile in position.piles), position.reserve)
    result = plain_solve(upside_down, budget)
    return code, result.verdict, result.nodes, True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.confirm", description=__doc__)
    parser.add_argument("--results", type=Path, default=RESULTS_FILE)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="states a deal")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    codes = lost_codes(args.results)
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        checked = list(pool.map(check, codes, [args.budget] * len(codes)))
    seconds = time.perf_counter() - began
    confirmed = [item for item in checked if item[1] == LOST and not item[3]]
    mirrored = [item for item in checked if item[1] == LOST and item[3]]
    contradicted = [item for item in checked if item[1] == WON]
    too_big = [item for item in checked if item[1] == UNDECIDED]
    print(f"lost deals: {len(codes)}")
    print(f"confirmed lost by the plain search on the deal: {len(confirmed)}")
    print(f"confirmed lost by the plain search on its mirror: {len(mirrored)}")
    if confirmed or mirrored:
        print(f"largest confirmation: {max(item[2] for item in confirmed + mirrored)} states")
    print(f"beyond {args.budget} states both ways (not in the sample): {len(too_big)}")
    print(f"won by the plain search (solver wrong): {len(contradicted)}")
    for code, _, nodes, upside_down in contradicted:
        print(f"  {code} ({nodes} states{', mirror' if upside_down else ''})")
    print(f"run time: {seconds:.0f} s with {args.workers} processes")
    return 1 if contradicted else 0


if __name__ == "__main__":
    sys.exit(main())
