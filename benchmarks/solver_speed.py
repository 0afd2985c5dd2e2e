"""How fast the win-rate solver decides deals, next to the plain search, in one run.

    python3 benchmarks/solver_speed.py            # the first 100 deals of the list
    python3 benchmarks/solver_speed.py 300 200000 # 300 deals, plain budget 200,000 states

The plain search (analysis/plain.py: every removal, a visited set) runs first
on each deal with a budget of states; the sample is the deals it decides
within that budget. The solver (analysis/solver.py) then runs on the same
deals. Both run in this one process, one deal after another, so the ratio
compares like with like. Nodes are not the same unit: a plain node is a
state expanded; a solver node is a state expanded by the solver or by one of
its projections.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analysis.deals import read_codes  # noqa: E402
from analysis.plain import UNDECIDED, plain_solve  # noqa: E402
from analysis.position import Position  # noqa: E402
from analysis.solver import solve  # noqa: E402
from halfmoon_a11y.core.dealcode import deal  # noqa: E402

DEALS = 100
PLAIN_BUDGET = 100_000


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else PLAIN_BUDGET
    positions = [(str(code), Position.from_deal(deal(code))) for code in read_codes()[:count]]

    sample, plain_nodes, plain_seconds = [], 0, 0.0
    for code, position in positions:
        began = time.perf_counter()
        result = plain_solve(position, budget)
        spent = time.perf_counter() - began
        if result.verdict != UNDECIDED:
            sample.append((code, position, result.verdict))
            plain_nodes += result.nodes
            plain_seconds += spent

    everywhere, decided = 0.0, 0
    for _code, position in positions:
        began = time.perf_counter()
        decided += solve(position).verdict != UNDECIDED
        everywhere += time.perf_counter() - began

    solver_nodes, solver_seconds, disagree = 0, 0.0, 0
    for _code, position, verdict in sample:
        began = time.perf_counter()
        result = solve(position)
        solver_seconds += time.perf_counter() - began
        solver_nodes += result.nodes
        disagree += result.verdict != verdict

    print(f"deals tried: {count}")
    print(f"decided by the plain search within {budget} states: {len(sample)}")
    print(f"verdicts that differ: {disagree}")
    print(f"{'':8}{'seconds':>10}{'deals/s':>10}{'nodes':>12}{'nodes/s':>10}")
    for name, seconds, nodes in (
        ("plain", plain_seconds, plain_nodes),
        ("solver", solver_seconds, solver_nodes),
    ):
        rate = len(sample) / seconds
        print(f"{name:8}{seconds:10.2f}{rate:10.1f}{nodes:12d}{nodes / seconds:10.0f}")
    print(f"solver / plain, deals decided per second: {plain_seconds / solver_seconds:.1f}x")
    print(f"the solver on all {count} deals: {decided} decided in {everywhere:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
