"""The look-ahead player: it weighs what each removal may uncover, without peeking.

    python -m analysis.lookahead --deals 2000 --seed 3232   # the figure, 2 processes
    python -m analysis.lookahead --report                   # the figures of the CSV
    python -m analysis.lookahead --gain-check 800 --skip 9000 --deals 100
                                  # what more futures could gain, along the rules' games

At each decision the player knows only its `View` (analysis/knowledge.py).
A removal from a pile of two cards or more uncovers a card. The rules care
only about its rank, so an uncovering has at most 13 outcomes, and the chance
of each is the number of cards of that rank still hidden over all the hidden
cards (public knowledge: `View.hidden`).

- The removals weighed: the first `width` in the order of all five rules of
  thumb (`analysis.thumb.COMBINED`), ties at random, so the first is the one
  the rules of thumb would play; removals a player cannot tell apart (the
  same rank, height and kind of place) are weighed once (`candidates`).
- Each removal is made in the same futures (`futures`), then played out by
  the rules of thumb (reserve last, then tallest piles, ties at random;
  `playout`). A future holds a number from 0 to 1 for each card that may
  come up, pile by pile and height by height; the card is the one at that
  share of the hidden cards, ranks in order, drawn from the hidden counts of
  the simulated table, which go down with it (`draw_at`). So an uncovered
  card takes each rank with the chance of its hidden count, and no true card
  under a top is ever read. The futures are stratified: over `n` futures,
  each number falls once in each slice of width 1/n, so the card a removal
  uncovers takes each of the 13 ranks in about its share, not only on
  average.
- A playout's result is 1 won, 0 lost. The same futures for every removal
  make the comparison paired: where two removals meet the same cards, their
  results differ only by what the removals did (common random numbers).
- The player keeps the rules' first removal unless another does better by
  more than `sureness` standard errors of the paired mean difference (and by
  more than `margin`). While another removal looks better without being
  surely so, more futures are drawn, `rounds` batches at most.
- A batch holds `playouts` futures at a full table of 104 cards, more as
  cards go (`futures_for`): a playout costs about a step a card left.

All random numbers come from one stream seeded by the seed and the deal code,
so a deal is played the same way in any run, and two tables that differ only
under the tops are played alike while what is in sight is the same.

Writes one CSV row a deal as soon as the deal ends (2 processes, rows in the
order of the list); `--resume` skips the deals already in the file.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from analysis.deals import DEALS_FILE, read_codes
from analysis.knowledge import Move, Table, View, legal_moves, locations
from analysis.position import EMPTY, JACK, KING, QUEEN, Position
from analysis.replay import check_win
from analysis.sampling import read_rows, solver_verdicts, thumb_results
from analysis.solver import WON
from analysis.thumb import COMBINED, RULES, TIE_SALT, choose, paired
from analysis.thumb import RESULTS_FILE as THUMB_FILE
from analysis.win_rate import RESULTS_FILE as SOLVER_FILE
from analysis.win_rate import interval, percent
from halfmoon_a11y.core.dealcode import DealCode, deal

RESULTS_FILE = Path(__file__).resolve().parent / "results-lookahead-2000.csv"
LOOK_SALT = "half-moon-lookahead-1"
FIELDS = ("code", "won", "cards_left", "moves", "decisions", "searched", "playouts",
          "departures", "reserve_sooner", "lower_piles", "later_rules", "seconds",
          "cpu_seconds")  # fmt: skip
PAIRS_OF = ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6))
TRIO = (JACK, QUEEN, KING)
GROUPS: tuple[tuple[int, ...], ...] = (*PAIRS_OF, TRIO)  # what one removal takes
RESERVE_WEIGHT = 100  # a reserve card outweighs any sum of heights (at most 3 x 15)


@dataclass(frozen=True, slots=True)
class Settings:
    """How wide and how hard the player looks."""

    width: int = 3  # removals weighed, the first ones in the rules of thumb's order
    playouts: int = 16  # futures at a full table; more as cards go (`futures_for`)
    margin: float = 0.0  # how much another removal must beat the rules' first choice by
    sureness: float = 2.0  # ... and by how many standard errors of the paired difference
    rounds: int = 2  # batches of futures at most, while another removal looks better
    value: str = "win"  # a playout's result: "win" (1 or 0), or "cards" (a loss by cards cleared)


DEFAULTS = Settings()


@dataclass(slots=True)
class Tally:
    decisions: int = 0
    searched: int = 0
    playouts: int = 0
    departures: int = 0  # removals other than the rules of thumb's first
    reserve_sooner: int = 0  # ... with more reserve cards than it
    lower_piles: int = 0  # ... with as many reserve cards, from lower piles
    later_rules: int = 0  # ... alike on those two rules (partners, nothing hidden, trios)


def draw_at(hidden: list[int], total: int, share: float) -> int:
    """The rank at this share (0 to 1) of the hidden cards, ranks in order; its count goes down.

    A share drawn uniformly gives each rank with the chance of its hidden count
    over all the hidden cards.

    >>> hidden = [0, 2, 0, 1] + [0] * 10
    >>> draw_at(hidden, 3, 0.5), hidden[:4]
    (1, [0, 1, 0, 1])
    """
    pick = int(share * total)
    for rank in range(1, KING + 1):
        pick -= hidden[rank]
        if pick < 0:
            hidden[rank] -= 1
            return rank
    raise ValueError("no hidden card left to draw")


@dataclass(frozen=True, slots=True)
class Future:
    """The random numbers of one playout, the same for every removal weighed.

    `levels[p][h]` draws the card that comes up on pile p when it is left
    with h cards: the card at that share of the hidden cards, ranks in order,
    from the hidden counts of the simulated table (`draw_at`). `ties[t]`
    breaks the ties of the playout's t-th removal.
    """

    levels: tuple[tuple[float, ...], ...]
    ties: tuple[float, ...]


def futures(view: View, count: int, chance: random.Random) -> list[Future]:
    """`count` futures, stratified: on each pile and level the shares spread evenly over 0 to 1.

    Of `count` futures, each slice [i / count, (i + 1) / count) of shares
    comes up once on each pile and level (a Latin hypercube), so the card
    a removal uncovers takes each rank in about its share of the hidden
    cards, rank by rank, and not only on average.
    """
    columns: list[list[list[float]]] = []
    for height in view.heights:
        pile: list[list[float]] = []
        for _ in range(max(height, 1)):
            slices = list(range(count))
            chance.shuffle(slices)
            pile.append([(part + chance.random()) / count for part in slices])
        columns.append(pile)
    return [
        Future(
            tuple(tuple(level[index] for level in pile) for pile in columns),
            tuple(chance.random() for _ in range(50)),
        )
        for index in range(count)
    ]


def playout(view: View, future: Future, first: Move = (), value: str = "win") -> float:
    """The result when `first` is made, then the rules of thumb play on: 1 won, 0 lost.

    With `value` "cards", a lost game is worth the share of the 104 cards it
    cleared, times 0.5: (104 - left) / 208.
    """
    left = cards_after_playout(view, future, first)
    if left == 0:
        return 1.0
    return (104 - left) / 208 if value == "cards" else 0.0


def cards_after_playout(view: View, future: Future, first: Move = ()) -> int:
    """Cards left when `first` is made, then the rules of thumb play on (0: won).

    Reserve last, then tallest piles: the removal with the fewest reserve
    cards, then the largest sum of the heights of its piles; ties by the
    future's numbers. A card uncovered is drawn from the hidden counts of the
    simulated table (`draw_at`), which go down with it; no true card is read.
    """
    levels = future.levels
    ties = future.ties
    step = 0
    heights = list(view.heights)
    tops = list(view.tops)
    reserve = list(view.reserve)
    hidden = list(view.hidden)
    total = sum(hidden)
    piles = len(heights)
    slots = range(len(reserve))
    for loc in first:
        if loc < piles:
            heights[loc] -= 1
            if heights[loc]:
                tops[loc] = draw_at(hidden, total, levels[loc][heights[loc]])
                total -= 1
            else:
                tops[loc] = EMPTY
        else:
            reserve[loc - piles] = EMPTY
    while True:
        tallest = [0] * (KING + 1)
        where: list[list[int]] = [[] for _ in range(KING + 1)]
        for pile in range(piles):
            rank = tops[pile]
            if rank:
                height = heights[pile]
                if height > tallest[rank]:
                    tallest[rank] = height
                    where[rank] = [pile]
                elif height == tallest[rank]:
                    where[rank].append(pile)
        spare = [-1] * (KING + 1)
        for slot in slots:
            rank = reserve[slot]
            if rank and spare[rank] < 0:
                spare[rank] = slot
        best = -1_000
        chosen: list[tuple[int, ...]] = []
        for group in GROUPS:
            key = 0
            for rank in group:
                if tallest[rank]:
                    key += tallest[rank]
                elif spare[rank] >= 0:
                    key -= RESERVE_WEIGHT
                else:
                    break
            else:
                if key > best:
                    best, chosen = key, [group]
                elif key == best:
                    chosen.append(group)
        if not chosen:
            return sum(heights) + sum(1 for rank in reserve if rank)
        share = ties[step % len(ties)]
        step += 1
        if len(chosen) > 1:
            share *= len(chosen)
            index = int(share)
            group, share = chosen[index], share - index
        else:
            group = chosen[0]
        for rank in group:
            if tallest[rank]:
                options = where[rank]
                if len(options) > 1:
                    share *= len(options)
                    index = int(share)
                    pile, share = options[index], share - index
                else:
                    pile = options[0]
                heights[pile] -= 1
                if heights[pile]:
                    tops[pile] = draw_at(hidden, total, levels[pile][heights[pile]])
                    total -= 1
                else:
                    tops[pile] = EMPTY
            else:
                reserve[spare[rank]] = EMPTY


def signature(view: View, move: Move) -> tuple[tuple[int, int, bool], ...]:
    """What a removal takes, as a player sees it: the rank, height and kind of each place.

    Two piles with the same top and height are alike to a player who does not
    peek (what lies under them is dealt alike), and so are two reserve cards
    of a rank: removals of the same signature are the same removal.
    """
    return tuple(
        sorted(
            (view.rank_at(loc), view.heights[loc] if loc < view.piles else 0, loc >= view.piles)
            for loc in move
        )
    )


def candidates(view: View, width: int, chance: random.Random) -> list[Move]:
    """The first `width` removals in the order of all five rules of thumb, alike ones once.

    Ties in the rules are broken at random, so the first removal is the one
    the rules of thumb player (`analysis.thumb.choose`) would make.
    """
    moves = legal_moves(view)
    chance.shuffle(moves)
    seen = view.visible_count()
    scores = [RULES[name] for name in COMBINED]
    moves.sort(key=lambda move: tuple(-score(view, seen, move) for score in scores))
    found: dict[tuple[tuple[int, int, bool], ...], Move] = {}
    for move in moves:
        found.setdefault(signature(view, move), move)
        if len(found) == width:
            break
    return list(found.values())


def futures_for(view: View, settings: Settings) -> int:
    """How many futures to draw: `playouts` times 104 over the cards left, at most 16 times.

    A playout costs about one step a card left, so each decision costs about
    the same, and the decisions near the end, where one removal can decide
    the game, are weighed more closely.
    """
    left = sum(view.heights) + sum(1 for rank in view.reserve if rank)
    return min(settings.playouts * 104 // max(left, 1), settings.playouts * 16)


def results(view: View, options: list[Move], settings: Settings, chance: random.Random,
            tally: Tally) -> list[list[float]]:  # fmt: skip
    """Each removal's result in each future: the same stratified futures for every removal.

    More futures are drawn, a batch at a time and `rounds` batches at most,
    while another removal does better than the first on average without
    being surely better yet.
    """
    found: list[list[float]] = [[] for _ in options]
    for _ in range(settings.rounds):
        drawn = futures(view, futures_for(view, settings), chance)
        tally.playouts += len(drawn) * len(options)
        for move, row in zip(options, found, strict=True):
            row.extend(playout(view, future, move, settings.value) for future in drawn)
        open_question = False
        for row in found[1:]:
            gain = sum(row) - sum(found[0])
            if gain > 0 and better(found[0], row, settings) is None:
                open_question = True
        if not open_question:
            break
    return found


def better(first: list[float], other: list[float], settings: Settings) -> float | None:
    """How much `other` beats `first` on average, if surely; None if not.

    Surely: by more than `margin`, and by more than `sureness` standard
    errors of the mean difference, paired future by future.
    """
    count = len(first)
    gains = [b - a for a, b in zip(first, other, strict=True)]
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(count - 1, 1)
    error = math.sqrt(spread / count)
    if mean > settings.margin and mean > settings.sureness * error:
        return mean
    return None


def decide(view: View, settings: Settings, chance: random.Random, tally: Tally) -> Move | None:
    """The rules' first removal, unless another surely does better; None when there is none."""
    options = candidates(view, settings.width, chance)
    if not options:
        return None
    tally.decisions += 1
    if len(options) == 1:
        return options[0]
    tally.searched += 1
    found = results(view, options, settings, chance, tally)
    best, best_gain = 0, 0.0
    for index in range(1, len(options)):
        gain = better(found[0], found[index], settings)
        if gain is not None and gain > best_gain:
            best, best_gain = index, gain
    if best:
        count_departure(view, options[0], options[best], tally)
    return options[best]


def count_departure(view: View, rules: Move, chosen: Move, tally: Tally) -> None:
    """Count a removal other than the rules' first, by the first rule it goes against."""
    tally.departures += 1
    seen = view.visible_count()
    if RULES["piles"](view, seen, chosen) < RULES["piles"](view, seen, rules):
        tally.reserve_sooner += 1
    elif RULES["tall"](view, seen, chosen) < RULES["tall"](view, seen, rules):
        tally.lower_piles += 1
    else:
        tally.later_rules += 1


def split_gain(view: View, options: list[Move], count: int, chance: random.Random) -> float:
    """What choosing among the removals by `count` futures gains over the first, measured fairly.

    The futures are cut in two halves: the best removal by one half is scored
    on the other half against the first removal, and the other way round;
    the mean of the two. Choosing and scoring on the same futures would
    flatter the choice.
    """
    drawn = futures(view, count, chance)
    half = count // 2
    found = [[playout(view, future, move) for future in drawn] for move in options]
    gains = []
    for pick, score in ((slice(0, half), slice(half, count)), (slice(half, count), slice(0, half))):
        means = [sum(row[pick]) for row in found]
        best = max(range(len(options)), key=lambda index: (means[index], -index))
        gains.append((sum(found[best][score]) - sum(found[0][score])) / len(found[0][score]))
    return sum(gains) / 2


def gain_check(codes: list[str], count: int, width: int) -> list[str]:
    """Along games of the rules of thumb, what a look-ahead of `count` futures would gain.

    One decision in five (at random, seeded by the deal code) with two
    removals or more to weigh is measured by `split_gain`. Lines to print:
    the mean gain a decision in win chance, with its standard error, overall
    and by cards left.
    """
    gains: list[tuple[int, float]] = []
    for code in codes:
        table = Table(Position.from_code(code))
        ties = random.Random(f"{TIE_SALT} {code}")
        chance = random.Random(f"{LOOK_SALT} gain {code}")
        while moves := legal_moves(view := table.view()):
            if chance.random() < 0.2:
                options = candidates(view, width, chance)
                if len(options) > 1:
                    left = sum(view.heights) + sum(1 for rank in view.reserve if rank)
                    gains.append((left, split_gain(view, options, count, chance)))
            table.remove(choose(view, moves, COMBINED, ties))
    lines = [f"deals: {len(codes)}; decisions measured: {len(gains)}; futures: {count}"]
    for low, high in ((0, 200), (60, 200), (30, 60), (0, 30)):
        chosen = [gain for left, gain in gains if low <= left < high]
        if len(chosen) > 1:
            mean = sum(chosen) / len(chosen)
            spread = sum((gain - mean) ** 2 for gain in chosen) / (len(chosen) - 1)
            where = (
                "all" if (low, high) == (0, 200) else f"{low} to {min(high, 104) - 1} cards left"
            )
            lines.append(
                f"{where}: {len(chosen)} decisions, mean gain {mean:+.4f} "
                f"(standard error {math.sqrt(spread / len(chosen)):.4f})"
            )
    return lines


@dataclass(frozen=True, slots=True)
class Played:
    table: Table
    tally: Tally


def play(position: Position, code: str, seed: int, settings: Settings) -> Played:
    """Play one deal to its end with the look-ahead player."""
    table = Table(position)
    chance = random.Random(f"{LOOK_SALT} {seed} {code}")
    tally = Tally()
    while True:
        move = decide(table.view(), settings, chance, tally)
        if move is None:
            return Played(table, tally)
        table.remove(move)


def study(text: str, seed: int, settings: Settings) -> list[object]:
    """One deal's row; raises if a win does not replay as a win through the engine."""
    began = time.perf_counter()
    cpu = time.process_time()
    code = DealCode.parse(text)
    dealt = deal(code)
    position = Position.from_deal(dealt)
    played = play(position, str(code), seed, settings)
    table = played.table
    if table.cards_left == 0:
        check_win(dealt, locations(position, table.line))
    tally = played.tally
    seconds = time.perf_counter() - began
    cpu = time.process_time() - cpu
    won = int(table.cards_left == 0)
    return [str(code), won, table.cards_left, len(table.line), tally.decisions, tally.searched,
            tally.playouts, tally.departures, tally.reserve_sooner, tally.lower_piles,
            tally.later_rules, f"{seconds:.2f}", f"{cpu:.2f}"]  # fmt: skip


def done_codes(path: Path) -> set[str]:
    if not path.exists():
        return set()
    return {row["code"] for row in read_rows(path)}


def rows_of(
    codes: list[str], seed: int, settings: Settings, workers: int
) -> Iterator[list[object]]:
    """Each deal's row, in the order of the codes, on `workers` processes."""
    work = partial(study, seed=seed, settings=settings)
    if workers <= 1:
        yield from map(work, codes)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(work, codes, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.lookahead", description=__doc__)
    parser.add_argument("--deals", type=int, default=2000, help="the first N deals of the list")
    parser.add_argument("--skip", type=int, default=0, help="start after the first N deals")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random numbers")
    parser.add_argument("--width", type=int, default=DEFAULTS.width)
    parser.add_argument("--playouts", type=int, default=DEFAULTS.playouts)
    parser.add_argument("--margin", type=float, default=DEFAULTS.margin)
    parser.add_argument("--sureness", type=float, default=DEFAULTS.sureness)
    parser.add_argument("--rounds", type=int, default=DEFAULTS.rounds)
    parser.add_argument("--value", choices=("win", "cards"), default=DEFAULTS.value)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--csv", type=Path, default=RESULTS_FILE, help="where the rows go")
    parser.add_argument("--resume", action="store_true", help="skip deals already in the CSV")
    parser.add_argument("--report", action="store_true", help="print the figures, play nothing")
    parser.add_argument(
        "--gain-check",
        type=int,
        metavar="FUTURES",
        help="measure what a look-ahead of FUTURES futures gains along the rules' games; no CSV",
    )
    args = parser.parse_args(argv)
    if args.report:
        for line in summary(args.csv):
            print(line)
        return 0
    if args.gain_check:
        codes = [str(code) for code in read_codes(DEALS_FILE)][args.skip : args.skip + args.deals]
        for line in gain_check(codes, args.gain_check, args.width):
            print(line)
        return 0
    if args.seed is None:
        parser.error("--seed is needed to play")
    settings = Settings(
        args.width, args.playouts, args.margin, args.sureness, args.rounds, args.value
    )
    codes = [str(code) for code in read_codes(DEALS_FILE)][args.skip : args.skip + args.deals]
    finished = done_codes(args.csv) if args.resume else set()
    todo = [code for code in codes if code not in finished]
    command = " ".join(["python -m analysis.lookahead", *(argv or sys.argv[1:])])
    fresh = not (args.resume and args.csv.exists())
    began = time.perf_counter()
    with args.csv.open("w" if fresh else "a", newline="", encoding="ascii") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        if fresh:
            handle.write(f"# {command}\n")
            handle.write(f"# seed {args.seed}, {settings}\n")
            writer.writerow(FIELDS)
        for number, row in enumerate(rows_of(todo, args.seed, settings, args.workers), start=1):
            writer.writerow(row)
            handle.flush()
            if number % 50 == 0 or number == len(todo):
                print(f"{number} of {len(todo)} deals, {time.perf_counter() - began:.0f} s",
                      file=sys.stderr, flush=True)  # fmt: skip
    print(f"run time: {time.perf_counter() - began:.0f} s with {args.workers} processes")
    for line in summary(args.csv):
        print(line)
    return 0


def summary(path: Path) -> list[str]:
    """The figures of a results file, paired with the rules of thumb on the same deals."""
    rows = read_rows(path)
    total = len(rows)
    won = sum(row["won"] == "1" for row in rows)
    seconds = sum(float(row["seconds"]) for row in rows)
    cpu = sum(float(row["cpu_seconds"]) for row in rows)
    playouts = sum(int(row["playouts"]) for row in rows)
    searched = sum(int(row["searched"]) for row in rows)
    decisions = sum(int(row["decisions"]) for row in rows)
    lines = [
        f"deals: {total}",
        f"won: {won} ({percent(won, total)}; 95 % Wilson interval {interval(won, total)})",
        f"decisions: {decisions}, of which searched: {searched}; playouts: {playouts}",
        f"time in deals: {seconds:.0f} s ({seconds / max(total, 1):.2f} s a deal), "
        f"processor time {cpu:.0f} s ({cpu / max(total, 1):.2f} s a deal)",
    ]
    departures = sum(int(row["departures"]) for row in rows)
    kinds = {name: sum(int(row[name]) for row in rows) for name in FIELDS[8:11]}
    lines.append(
        f"removals other than the rules' first: {departures} "
        f"({percent(departures, searched)} of the searched decisions); with more reserve "
        f"cards: {kinds['reserve_sooner']}; from lower piles: {kinds['lower_piles']}; "
        f"alike on those two rules: {kinds['later_rules']}"
    )
    names, thumb_rows = thumb_results(THUMB_FILE)
    by_code = dict(zip(names, thumb_rows, strict=True))
    if rows and all(row["code"] in by_code for row in rows):
        mine = [row["won"] == "1" for row in rows]
        for player in ("all", "piles+tall"):
            column = by_code["code"].index(player)
            theirs = [by_code[row["code"]][column] == "0" for row in rows]
            only_mine = sum(a and not b for a, b in zip(mine, theirs, strict=True))
            only_theirs = sum(b and not a for a, b in zip(mine, theirs, strict=True))
            gain, low, high = paired(mine, theirs)
            lines.append(
                f"rules of thumb ({player}) on the same deals: {sum(theirs)} won "
                f"({percent(sum(theirs), total)}; {interval(sum(theirs), total)}); "
                f"won by the look-ahead only: {only_mine}, by the rules only: {only_theirs}; "
                f"the look-ahead wins {gain:+d} more, {100 * gain / max(total, 1):+.2f} points "
                f"(95 % interval {100 * low:+.2f} to {100 * high:+.2f} points)"
            )
    verdicts = solver_verdicts(SOLVER_FILE)
    if rows and all(row["code"] in verdicts for row in rows):
        winnable = sum(verdicts[row["code"]] == WON for row in rows)
        lines.append(
            f"winnable for a solver that sees every card: {winnable} of {total} "
            f"({percent(winnable, total)}; {interval(winnable, total)})"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
