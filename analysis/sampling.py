"""The sampling player: perfect-information Monte Carlo, without peeking.

    python -m analysis.sampling --deals 500 --seed 2121 --samples 20 --budget 4000
    python -m analysis.sampling --report                        # the figures of the CSV
    python -m analysis.sampling --deals 20 --seed 2121 --budget-check   # solves out of nodes

At each decision the player knows only its `View` (analysis/knowledge.py).
It deals the hidden cards again at random, `samples` times, consistently with
what it knows (`sample_table`), solves each sampled table with the solver of
`analysis/solver.py`, and plays the removal that wins in the most samples.

- Samples are drawn afresh at each decision, from random numbers seeded by
  the seed and the deal code, so a deal is played the same way in any run.
- A solve that runs out of its node budget counts as not won. It only makes
  the player choose worse, and the player's wins are played on the true deal,
  so the measured rate is still what this player wins: a lower bound on what
  perfect play without peeking wins.
- Removals the solver proves no better than another (`analysis/solver.py`,
  rules 1 and 2: free cards of one rank are interchangeable, a covering card
  goes before a free card of its rank) are merged into that other, since what
  holds on every sampled table holds for the player too. A class whose every
  card left is in sight is cleared at once (rule 3). With one removal left
  after that, the player plays it without sampling.
- The samples of a decision are solved first as they are; the first removal
  of each winning line scores a win for that removal. The other removals are
  then solved on the samples where the table was won, most promising first,
  in the order of the rules of thumb (`analysis.thumb.COMBINED`), and a
  removal is dropped as soon as it can no longer beat the best. Ties go to
  the removal tried first, so the rules of thumb decide among equals.
- When no sample is won, the player plays the rules of thumb's first choice.

Writes one CSV row a deal as soon as the deal ends, so a stopped run keeps
what it finished; with `--resume` it skips the deals already in the file.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from analysis.deals import DEALS_FILE, read_codes
from analysis.knowledge import Move, Table, View, legal_moves, locations, sample_table
from analysis.position import EMPTY, Position, class_of, class_ranks
from analysis.replay import check_win
from analysis.solver import UNDECIDED, WON, solve
from analysis.thumb import COMBINED, paired, ranked
from analysis.thumb import RESULTS_FILE as THUMB_FILE
from analysis.win_rate import RESULTS_FILE as SOLVER_FILE
from analysis.win_rate import interval, percent
from halfmoon_a11y.core.dealcode import DealCode, deal

RESULTS_FILE = Path(__file__).resolve().parent / "results-sampling-500.csv"
SAMPLE_SALT = "half-moon-sampling-1"
FIELDS = ("code", "won", "cards_left", "moves", "decisions", "sampled", "solves", "seconds")


def canonical(view: View, move: Move) -> Move:
    """The removal standing for this one (solver rules 1 and 2): no worse on any table."""
    firsts: dict[int, int] = {}  # rank -> first covering location, else first free location
    for loc in view.playable():
        rank = view.rank_at(loc)
        known = firsts.get(rank)
        if known is None or (view.covering(loc) and not view.covering(known)):
            firsts[rank] = loc
    out = []
    for loc in move:
        out.append(loc if view.covering(loc) else firsts[view.rank_at(loc)])
    return tuple(sorted(out))


def candidates(view: View) -> list[Move]:
    """The removals worth weighing, in the order of the rules of thumb; one when it is safe."""
    moves = legal_moves(view)
    for move in moves:  # solver rule 3: a class wholly in sight is cleared at once
        klass = class_of(view.rank_at(move[0]))
        if all(view.hidden[rank] == 0 for rank in class_ranks(klass)):
            return [canonical(view, move)]
    merged = list(dict.fromkeys(canonical(view, move) for move in moves))
    return ranked(view, merged, COMBINED)


def after(position: Position, move: Move) -> Position:
    """A table with one removal made."""
    piles = [list(pile) for pile in position.piles]
    reserve = list(position.reserve)
    for loc in move:
        if loc < len(piles):
            piles[loc].pop()
        else:
            reserve[loc - len(piles)] = EMPTY
    return Position(tuple(tuple(pile) for pile in piles), tuple(reserve))


@dataclass(slots=True)
class Tally:
    decisions: int = 0
    sampled: int = 0
    solves: int = 0
    out_of_budget: int = 0  # solves that ran out of their nodes (counted as not won)


def decide(
    view: View, chance: random.Random, samples: int, budget: int, tally: Tally
) -> Move | None:
    """The removal winning in the most sampled tables; None when there is none."""
    options = candidates(view)
    if not options:
        return None
    tally.decisions += 1
    if len(options) == 1:
        return options[0]
    tally.sampled += 1
    tables = [sample_table(view, chance) for _ in range(samples)]
    credit: dict[Move, set[int]] = {move: set() for move in options}
    alive: list[int] = []
    for index, table in enumerate(tables):
        tally.solves += 1
        result = solve(table, budget)
        if result.verdict == UNDECIDED:
            tally.out_of_budget += 1
        if result.verdict == WON and result.line:
            alive.append(index)
            credit[canonical(view, result.line[0])].add(index)
    if not alive:
        return options[0]
    best, best_wins = options[0], -1
    for move in options:
        wins = len(credit[move])
        rest = [index for index in alive if index not in credit[move]]
        for done, index in enumerate(rest):
            if wins + len(rest) - done <= best_wins:
                break
            tally.solves += 1
            verdict = solve(after(tables[index], move), budget).verdict
            if verdict == UNDECIDED:
                tally.out_of_budget += 1
            if verdict == WON:
                wins += 1
        if wins > best_wins:
            best, best_wins = move, wins
        if best_wins == len(alive):
            break
    return best


@dataclass(frozen=True, slots=True)
class Played:
    table: Table
    tally: Tally


def play(position: Position, code: str, seed: int, samples: int, budget: int) -> Played:
    """Play one deal to its end with the sampling player."""
    table = Table(position)
    chance = random.Random(f"{SAMPLE_SALT} {seed} {code}")
    tally = Tally()
    while True:
        move = decide(table.view(), chance, samples, budget, tally)
        if move is None:
            return Played(table, tally)
        table.remove(move)


def study(text: str, seed: int, samples: int, budget: int) -> list[object]:
    """One deal's row; raises if a win does not replay as a win through the engine."""
    began = time.perf_counter()
    code = DealCode.parse(text)
    dealt = deal(code)
    position = Position.from_deal(dealt)
    played = play(position, str(code), seed, samples, budget)
    table = played.table
    if table.cards_left == 0:
        check_win(dealt, locations(position, table.line))
    tally = played.tally
    seconds = time.perf_counter() - began
    won = int(table.cards_left == 0)
    return [str(code), won, table.cards_left, len(table.line), tally.decisions, tally.sampled,
            tally.solves, f"{seconds:.2f}"]  # fmt: skip


def budget_check(codes: list[str], seed: int, samples: int, budget: int) -> str:
    """How many solves ran out of nodes while the player played these deals, as a line."""
    tally = Tally()
    for text in codes:
        code = DealCode.parse(text)
        one = play(Position.from_deal(deal(code)), str(code), seed, samples, budget).tally
        tally.solves += one.solves
        tally.out_of_budget += one.out_of_budget
    return (
        f"deals: {len(codes)}; solves: {tally.solves}; out of budget ({budget} nodes): "
        f"{tally.out_of_budget} ({percent(tally.out_of_budget, tally.solves)})"
    )


def done_codes(path: Path) -> set[str]:
    if not path.exists():
        return set()
    with path.open(encoding="ascii", newline="") as handle:
        return {row["code"] for row in csv.DictReader(handle) if not row["code"].startswith("#")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.sampling", description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="the first N deals of the list")
    parser.add_argument("--seed", type=int, default=None, help="seed of the sampled tables")
    parser.add_argument("--samples", type=int, default=20, help="sampled tables a decision")
    parser.add_argument("--budget", type=int, default=4000, help="solver nodes a sampled table")
    parser.add_argument("--csv", type=Path, default=RESULTS_FILE, help="where the rows go")
    parser.add_argument("--resume", action="store_true", help="skip deals already in the CSV")
    parser.add_argument("--report", action="store_true", help="print the figures, play nothing")
    parser.add_argument(
        "--budget-check",
        action="store_true",
        help="play the deals again and count the solves that run out of nodes; write no CSV",
    )
    args = parser.parse_args(argv)
    if args.report:
        for line in summary(args.csv):
            print(line)
        return 0
    if args.seed is None:
        parser.error("--seed is needed to play")
    if args.budget_check:
        codes = [str(code) for code in read_codes(DEALS_FILE)][: args.deals]
        print(budget_check(codes, args.seed, args.samples, args.budget))
        return 0
    codes = [str(code) for code in read_codes(DEALS_FILE)][: args.deals]
    finished = done_codes(args.csv) if args.resume else set()
    command = " ".join(["python -m analysis.sampling", *(argv or sys.argv[1:])])
    fresh = not (args.resume and args.csv.exists())
    began = time.perf_counter()
    with args.csv.open("w" if fresh else "a", newline="", encoding="ascii") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        if fresh:
            handle.write(f"# {command}\n")
            handle.write(f"# seed {args.seed}, {args.samples} samples a decision, "
                         f"{args.budget} nodes a solve\n")  # fmt: skip
            writer.writerow(FIELDS)
        for number, code in enumerate(codes, start=1):
            if code in finished:
                continue
            writer.writerow(study(code, args.seed, args.samples, args.budget))
            handle.flush()
            print(f"{number} of {len(codes)} deals, {time.perf_counter() - began:.0f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
    for line in summary(args.csv):
        print(line)
    return 0


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="ascii", newline="") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines))


def summary(path: Path) -> list[str]:
    """The figures of a results file, and the same deals played by the rules of thumb."""
    rows = read_rows(path)
    total = len(rows)
    won = sum(row["won"] == "1" for row in rows)
    seconds = sum(float(row["seconds"]) for row in rows)
    solves = sum(int(row["solves"]) for row in rows)
    sampled = sum(int(row["sampled"]) for row in rows)
    decisions = sum(int(row["decisions"]) for row in rows)
    lines = [
        f"deals: {total}",
        f"won: {won} ({percent(won, total)}; 95 % Wilson interval {interval(won, total)})",
        f"decisions: {decisions}, of which sampled: {sampled}; solves: {solves}",
        f"time in deals: {seconds:.0f} s ({seconds / max(total, 1):.1f} s a deal)",
    ]
    names, thumb_rows = thumb_results(THUMB_FILE)
    by_code = dict(zip(names, thumb_rows, strict=True))
    if rows and all(row["code"] in by_code for row in rows):
        mine = [row["won"] == "1" for row in rows]
        for player in ("all", "piles+tall"):
            column = by_code["code"].index(player)
            theirs = [by_code[row["code"]][column] == "0" for row in rows]
            gain, low, high = paired(mine, theirs)
            lines.append(
                f"rules of thumb ({player}) on the same deals: {sum(theirs)} won "
                f"({percent(sum(theirs), total)}; {interval(sum(theirs), total)}); "
                f"the sampling player wins {gain:+d} more "
                f"(95 % interval {100 * low:+.2f} % to {100 * high:+.2f} %)"
            )
    verdicts = solver_verdicts(SOLVER_FILE)
    if rows and all(row["code"] in verdicts for row in rows):
        winnable = sum(verdicts[row["code"]] == WON for row in rows)
        lines.append(
            f"winnable for a solver that sees every card: {winnable} of {total} "
            f"({percent(winnable, total)}; {interval(winnable, total)})"
        )
    return lines


def thumb_results(path: Path) -> tuple[list[str], list[list[str]]]:
    """Each deal's row of the rules-of-thumb results, keyed by its code (header under "code")."""
    with path.open(encoding="ascii", newline="") as handle:
        table = list(csv.reader(handle))
    return [row[0] for row in table], table


def solver_verdicts(path: Path) -> dict[str, str]:
    with path.open(encoding="ascii", newline="") as handle:
        return {row["code"]: row["verdict"] for row in csv.DictReader(handle)}


if __name__ == "__main__":
    sys.exit(main())
