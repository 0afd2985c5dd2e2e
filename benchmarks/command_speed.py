"""How long a command takes from text to sentences, and how long the program takes to start.

    python3 benchmarks/command_speed.py

"Instant answers": every command should answer well under the 100 ms that a
player perceives as immediate. Measures, with the real engine, session,
presenter (Catalan) and keeper writing the save file after every move:
- one `pick` that removes a pair, from text to rendered sentences and saved game;
- one `board`, from text to the 20 rendered lines;
- start-up of `halfmoon-a11y --plain` to its first line, as a process.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.core.dealcode import DealCode, deal  # noqa: E402
from halfmoon_a11y.play.dispatch import handle  # noqa: E402
from halfmoon_a11y.store.files import Paths  # noqa: E402
from halfmoon_a11y.store.keeper import Keeper  # noqa: E402
from halfmoon_a11y.store.settings_file import SettingsFile  # noqa: E402
from halfmoon_a11y.text.presenter import Presenter  # noqa: E402
from halfmoon_a11y.text.words import Words  # noqa: E402
from tests.solver import solve  # noqa: E402

CODE = "HM1-N-AAAAAAC"


def report(name: str, seconds: list[float]) -> None:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[round(0.95 * (len(ms) - 1))]
    print(f"{name}: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, n={len(ms)}")


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="halfmoon-bench-"))
    paths = Paths(folder / "settings.toml", folder / "game.json", folder / "stats.sqlite3")
    line = [" ".join(move) for move in solve(deal(DealCode.parse(CODE)))]
    presenter = Presenter(Words("ca"))
    picks, boards = [], []
    for _ in range(10):
        keeper = Keeper(paths, SettingsFile.load(paths.settings))
        session = keeper.open(DealCode.parse(CODE))
        for move in line:
            before = time.perf_counter()
            answer = keeper.persist(session, handle(session, f"pick {move}"))
            presenter.render_all(presenter.order(answer))
            picks.append(time.perf_counter() - before)
            before = time.perf_counter()
            answer = keeper.persist(session, handle(session, "board"))
            presenter.render_all(presenter.order(answer))
            boards.append(time.perf_counter() - before)
    report("pick that removes, with the save written", picks)
    report("board", boards)
    starts = []
    for _ in range(10):
        before = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", CODE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env={"HOME": str(folder), "PATH": "/usr/bin:/bin"},
        )
        assert process.stdout is not None
        process.stdout.readline()
        starts.append(time.perf_counter() - before)
        process.communicate(b"quit\n")
    report("start-up to the first line", starts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
