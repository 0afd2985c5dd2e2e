"""A resume after a kill, with 10,000 undos and redos since the last full save, against
a start with a short journal, measured side by side in one run.

    python3 benchmarks/resume_cost.py [--runs 20] [--lines 10000] [--root TREE]

Two homes, alike but for what the player did since the last full save. Both are made by
the game's own code (`Keeper.persist`, as the read loop calls it), then left as a kill
leaves them (nothing closed, no save on the way out): in `short`, 5 moves of a deal; in
`long`, the same 5 moves, then `--lines` undos and redos in turn (a player listening
back and forth). Whatever the game folds into a full save on the way, it folds as it
would have. Each round copies both homes afresh and starts, one after the other and in
a fresh process each, `halfmoon-a11y --json` in each with the line `quit` (the whole
process: options read, lock taken, the save read and its journal replayed, saved, left).
The figure is the median of each round's ratio, long to short, so a busy moment of the
machine weighs on both alike. Target (issue 28): at most 2. Before: 9.8.

`--root`: the tree whose game is run and whose code prepares the homes (the code before
a change, say); by default this one.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 2.0
CODE = "HM1-N-AAAAAAC"
# The first five moves of a winning line of that deal (tests/solver.py).
MOVES = ["1 6", "1 2", "3 9", "3 4", "4 r5"]


def environment(home: Path, root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(HOME=str(home), HALFMOON_A11Y_SPEECH="off", PYTHONPATH=str(root))
    return env


PREPARE = """
import sys
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile

paths = Paths.for_user()
keeper = Keeper(paths, SettingsFile.load(paths.settings))
session = keeper.open(DealCode.parse(sys.argv[1]))
lines = sys.argv[3:] + ["undo", "redo"] * (int(sys.argv[2]) // 2)
for line in lines:
    answer = keeper.persist(session, handle(session, line))
    getattr(keeper, "after", lambda: None)()  # the code before issue 28 had none
    if "refused" in type(answer.events[0]).__name__.lower():
        raise SystemExit(f"refused: {line}")
assert session.game.moves == len(sys.argv[3:]), session.game.moves
# killed: nothing closed, no save on the way out
"""


def prepare(home: Path, root: Path, lines: int) -> None:
    subprocess.run(
        [sys.executable, "-c", PREPARE, CODE, str(lines), *(f"pick {m}" for m in MOVES)],
        env=environment(home, root),
        cwd=root,  # `-c` puts the folder it runs in first on the path
        check=True,
    )


def journal(home: Path) -> Path:
    return home / ".local" / "state" / "halfmoon-a11y" / "game.json.journal"


def run(home: Path, root: Path, game: list[str]) -> float:
    """The seconds of one start that resumes the game and leaves."""
    began = time.perf_counter()
    done = subprocess.run(
        [*game, "--json"],
        input=b"quit\n",
        env=environment(home, root),
        cwd=root,  # `-m` puts the folder it runs in first on the path
        capture_output=True,
        check=False,
    )
    took = time.perf_counter() - began
    if done.returncode != 0 or b'"moves": 5' not in done.stdout:
        raise SystemExit(done.stderr.decode(errors="replace") or "the game did not resume")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    root = args.root.resolve()
    game = [sys.executable, "-m", "halfmoon_a11y"]
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "halfmoon_a11y")])
    with tempfile.TemporaryDirectory() as folder:
        made = {"short": Path(folder) / "short", "long": Path(folder) / "long"}
        prepare(made["short"], root, 0)
        prepare(made["long"], root, args.lines)
        sizes = {label: journal(home).read_bytes().count(b"\n") for label, home in made.items()}
        ratios, times = [], {"short": [], "long": []}
        for round in range(args.runs):
            for label, home in list(made.items())[:: 1 if round % 2 else -1]:
                copy = Path(folder) / f"{label}-run"
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(home, copy, symlinks=True)
                times[label].append(run(copy, root, game))
            ratios.append(times["long"][-1] / times["short"][-1])
        ratio = statistics.median(ratios)
        ok = ratio <= TARGET
        print(
            f"{args.runs} rounds; a resume after {args.lines} undos and redos against 5 moves"
            f" (journal lines left by the kill: {sizes['long']} against {sizes['short']})"
        )
        print(
            f"short {statistics.median(times['short']) * 1000:6.1f} ms"
            f"   long {statistics.median(times['long']) * 1000:6.1f} ms"
            f"   ratio {ratio:.2f} {'ok' if ok else 'OVER 2'}"
        )
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
