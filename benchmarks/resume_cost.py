"""A resume after a kill, with 10,000 undos and redos since the last full save, against
a start with a short journal, measured side by side in one run: once where the journal
may fold, once where it may not wait to (a redo always left).

    python3 benchmarks/resume_cost.py [--runs 20] [--lines 10000] [--root TREE]

Two homes, alike but for what the player did since the last full save. Both are made by
the game's own code (`Keeper.persist`, as the read loop calls it), then left as a kill
leaves them (nothing closed, no save on the way out): in `short`, 5 moves of a deal; in
`long`, the same 5 moves, then `--lines` undos and redos in turn (a player listening
back and forth); in `redo`, the same 5 moves, one undo, then `--lines` undos and redos in
turn, so that something is always left to redo (a journal folded only when nothing is
left to redo would never fold there). Whatever the game folds into a full save on the
way, it folds as it would have. Each round copies the homes afresh and starts, one after
the other and in a fresh process each, `halfmoon-a11y --json` in each with `quit` (the whole
process: options read, lock taken, the save read and its journal replayed, saved, left).
The figures are the medians of each round's ratios, long to short and redo to short, so
a busy moment of the machine weighs on all alike. Target: at most 2 each. Before the
journal was folded: 9.8; before it was folded with a redo left, `redo` was 2.8 (1.8 to
2.2 on a loaded 2-core machine, 10,007 lines replayed); folded, the redos kept in the
save, 1.3 (about 860 lines).

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
made = sys.argv[4:]
lines = made + ["undo"] * (sys.argv[3] == "redo") + ["undo", "redo"] * (int(sys.argv[2]) // 2)
for line in lines:
    answer = keeper.persist(session, handle(session, line))
    getattr(keeper, "after", lambda: None)()  # the code before issue 28 had none
    if "refused" in type(answer.events[0]).__name__.lower():
        raise SystemExit(f"refused: {line}")
assert session.game.moves == len(made) - (sys.argv[3] == "redo"), session.game.moves
# killed: nothing closed, no save on the way out
"""


def prepare(home: Path, root: Path, lines: int, kind: str) -> None:
    moves = (f"pick {m}" for m in MOVES)
    subprocess.run(
        [sys.executable, "-c", PREPARE, CODE, str(lines), kind, *moves],
        env=environment(home, root),
        cwd=root,  # `-c` puts the folder it runs in first on the path
        check=True,
    )


def journal(home: Path) -> Path:
    return home / ".local" / "state" / "halfmoon-a11y" / "game.json.journal"


def run(home: Path, root: Path, game: list[str], moves: int) -> float:
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
    if done.returncode != 0 or f'"moves": {moves}'.encode() not in done.stdout:
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
        made = {label: Path(folder) / label for label in ("short", "long", "redo")}
        for label, home in made.items():
            prepare(home, root, 0 if label == "short" else args.lines, label)
        sizes = {label: journal(home).read_bytes().count(b"\n") for label, home in made.items()}
        times: dict[str, list[float]] = {label: [] for label in made}
        ratios: dict[str, list[float]] = {"long": [], "redo": []}
        for round in range(args.runs):
            for label, home in list(made.items())[:: 1 if round % 2 else -1]:
                copy = Path(folder) / f"{label}-run"
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(home, copy, symlinks=True)
                times[label].append(run(copy, root, game, 4 if label == "redo" else 5))
            for label in ratios:
                ratios[label].append(times[label][-1] / times["short"][-1])
        print(
            f"{args.runs} rounds; a resume after {args.lines} undos and redos against 5 moves"
            f" (journal lines left by the kill: {sizes['long']} long, {sizes['redo']} with a"
            f" redo always left, against {sizes['short']})"
        )
        ok = True
        for label in ("short", *ratios):
            line = f"{label:5} {statistics.median(times[label]) * 1000:6.1f} ms"
            if label in ratios:
                ratio = statistics.median(ratios[label])
                ok = ok and ratio <= TARGET
                line += f"   ratio {ratio:.2f} {'ok' if ratio <= TARGET else 'OVER 2'}"
            print(line)
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
