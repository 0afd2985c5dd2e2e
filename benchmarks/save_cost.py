"""What saving costs a move.

    python3 benchmarks/save_cost.py

A move appends one line to the journal (it reaches the kernel at once, so a
kill loses nothing); a new deal, quit and leaving write the whole game
atomically (a temporary file, fsync, rename, fsync of the folder). Target: at
most 0.1 ms a move.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.core.dealcode import DealCode  # noqa: E402
from halfmoon_a11y.core.places import Location  # noqa: E402
from halfmoon_a11y.store import saved_game as savegame  # noqa: E402

RUNS = 2000


def report(name: str, seconds: list[float]) -> None:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[round(0.95 * (len(ms) - 1))]
    print(f"{name}: median {statistics.median(ms):.4f} ms, p95 {p95:.4f} ms, n={len(ms)}")


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="halfmoon-save-"))
    path = folder / "game.json"
    move = (Location.parse("1"), Location.parse("8"))
    saved = savegame.SavedGame(DealCode.parse("HM1-N-EMQPNCT"), (move,) * 24, 120.0, "abc")
    journal = savegame.Journal(path)
    journal.restart("abc", 24)
    appends, full = [], []
    for n in range(RUNS):
        before = time.perf_counter()
        journal.removal(move, float(n))
        appends.append(time.perf_counter() - before)
    for _ in range(200):
        before = time.perf_counter()
        savegame.write(path, saved)
        full.append(time.perf_counter() - before)
    journal.close()
    report("a move: one journal line", appends)
    report("a full save (new deal, quit): temporary file, fsync, rename", full)
    return 0


if __name__ == "__main__":
    sys.exit(main())
