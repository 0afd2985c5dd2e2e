"""`stats` with 100,000 finished games against 10, measured side by side in one run.

    python3 benchmarks/stats_cost.py [--runs 20] [--games 100000]

Two homes, alike but for the statistics database: one has 10 finished games, the other
`--games`, each recorded as the game records it (the kept totals up to date). Each
round starts, one after the other and in a fresh process each, `halfmoon-a11y --json`
in both homes with the lines `stats` and `quit` (the whole process: options read, lock
taken, game opened, the statistics read and said, saved, left). The figure is the
median of each round's ratio of the two homes, so a busy moment of the machine weighs on
both alike. Target (issue 27): within 20 % of 10
games. Before the kept totals, `stats` read every game: 0.19 s at 1,000 games, 0.72 s
and 38 MiB at 100,000. With them, it still counted the games to check them: 1.06 to
1.11 (7 ms of `count(*)` in process); since triggers mark the totals stale, 0.98 to
0.99 (0.2 ms in process).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.store.result import Ending  # noqa: E402
from halfmoon_a11y.store.statistics import Statistics  # noqa: E402

INSTALLED = Path(sys.executable).parent / "halfmoon-a11y"
GAME = [str(INSTALLED)] if INSTALLED.exists() else [sys.executable, "-m", "halfmoon_a11y"]
TARGET = 1.20
FEW = 10


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(HOME=str(home), HALFMOON_A11Y_SPEECH="off", PYTHONPATH=str(ROOT))
    return env


def database(home: Path) -> Path:
    return home / ".local" / "share" / "halfmoon-a11y" / "statistics.sqlite3"


def prepare(home: Path, games: int) -> None:
    """`games` finished games: the first ten recorded by the game's own code, the rest
    written in one transaction (as fast as a benchmark can), then one more recorded by
    the game, which brings the kept totals up to date."""
    run(home)  # the first start: the folders, the lock, a saved game
    store = Statistics(database(home))
    results = [Ending.WON, Ending.BLOCKED, Ending.ABANDONED]
    for number in range(min(games, FEW) - 1):
        store.record("HM1-N-AAAAAAA", results[number % 3], 10, 5, 60 + number, game=f"g{number}")
    if games > FEW:
        with sqlite3.connect(database(home)) as connection:
            connection.executemany(
                "INSERT INTO games (code, result, score, moves, seconds, finished_at, game)"
                " VALUES ('HM1-N-AAAAAAA', ?, 10, 5, ?, '2026-12-02T00:00:00', ?)",
                ((str(results[n % 3]), 60 + n % 600, f"bulk{n}") for n in range(games - FEW)),
            )
    store.record("HM1-N-AAAAAAA", Ending.WON, 10, 5, 61, game="last")
    if store.summary().played != games:
        raise SystemExit(f"{games} games were not all recorded")


def run(home: Path) -> float:
    """The seconds of one start that says `stats`."""
    began = time.perf_counter()
    done = subprocess.run(
        [*GAME, "--json"],
        input=b"stats\nquit\n",
        env=environment(home),
        capture_output=True,
        check=False,
    )
    took = time.perf_counter() - began
    if done.returncode != 0 or b'"type": "stats"' not in done.stdout:
        raise SystemExit(done.stderr.decode(errors="replace") or "no stats answer")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "halfmoon_a11y")])
    with tempfile.TemporaryDirectory() as folder:
        few, many = Path(folder) / "few", Path(folder) / "many"
        prepare(few, FEW)
        prepare(many, args.games)
        ratios, times = [], {"few": [], "many": []}
        for round in range(args.runs):
            for label, home in (("few", few), ("many", many))[:: 1 if round % 2 else -1]:
                times[label].append(run(home))
            ratios.append(times["many"][-1] / times["few"][-1])
        ratio = statistics.median(ratios)
        ok = ratio <= TARGET
        print(f"{args.runs} rounds; stats with {args.games} finished games against {FEW}")
        print(
            f"{FEW} games {statistics.median(times['few']) * 1000:6.1f} ms"
            f"   {args.games} games {statistics.median(times['many']) * 1000:6.1f} ms"
            f"   ratio {ratio:.3f} {'ok' if ok else 'OVER 1.20'}"
        )
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
