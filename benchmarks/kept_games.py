"""Start-up with 1,000 kept games against none, measured side by side in one run.

    python3 benchmarks/kept_games.py [--runs 30] [--games 1000]

Two homes, alike but for the kept folder: one has none, the other `--games` kept
games (`kept/CODE.json`, each a game of a few moves). Each round starts, one after
the other and in a fresh process each, `halfmoon-a11y --json` in both homes, with
`quit` as its only line (the whole process: options read, lock taken, game opened,
first state written, saved, left):
- with no option: the saved game is resumed; the kept folder is never read;
- with `--code` of a deal that is not kept: the one case that reads the folder
  (`CODE.GAME.json`, a second game of the same deal, is looked for).
The figure is the median of each round's ratio of the two homes, so a busy moment of
the machine weighs on both alike. Target (issue 18): within 10 % of none.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.core.dealcode import DealCode  # noqa: E402
from halfmoon_a11y.store.saved_game import SavedGame  # noqa: E402

INSTALLED = Path(sys.executable).parent / "halfmoon-a11y"
GAME = [str(INSTALLED)] if INSTALLED.exists() else [sys.executable, "-m", "halfmoon_a11y"]
TARGET = 1.10
SAVED = "HM1-N-EMQPNCT"
NOT_KEPT = "HM1-N-AAAAAAB"
MOVES = (("1", "8"),)  # a move of each kept game; a kept game is never replayed at start


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(HOME=str(home), HALFMOON_A11Y_SPEECH="off", PYTHONPATH=str(ROOT))
    return env


def state_folder(home: Path) -> Path:
    return home / ".local" / "state" / "halfmoon-a11y"


def prepare(home: Path, games: int) -> None:
    kept = state_folder(home) / "kept"
    kept.mkdir(parents=True)
    for number in range(games):
        code = DealCode(1_000_000 + number * 7919)
        saved = SavedGame(code, MOVES, 12.5, os.urandom(8).hex())  # type: ignore[arg-type]
        (kept / f"{code}.json").write_bytes(saved.to_bytes())
    run(home, [])  # the first start: a saved game, the lock file, the folders


def run(home: Path, options: list[str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(
        [*GAME, "--json", *options],
        input=b"quit\n",
        env=environment(home),
        capture_output=True,
        check=False,
    )
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(done.stderr.decode(errors="replace"))
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "halfmoon_a11y")])
    with tempfile.TemporaryDirectory() as folder:
        none, many = Path(folder) / "none", Path(folder) / "many"
        prepare(none, 0)
        prepare(many, args.games)
        cases = {
            "resume": lambda round: [],
            "--code, not kept": lambda round: ["--code", NOT_KEPT],
        }
        print(f"{args.runs} rounds; {args.games} kept games against none")
        failed = False
        for name, options in cases.items():
            ratios, times = [], {"none": [], "many": []}
            for round in range(args.runs):
                for label, home in (("none", none), ("many", many))[:: 1 if round % 2 else -1]:
                    times[label].append(run(home, options(round)))
                ratios.append(times["many"][-1] / times["none"][-1])
            ratio = statistics.median(ratios)
            ok = ratio <= TARGET
            failed |= not ok
            print(
                f"{name:18} none {statistics.median(times['none']) * 1000:6.1f} ms"
                f"   {args.games} kept {statistics.median(times['many']) * 1000:6.1f} ms"
                f"   ratio {ratio:.3f} {'ok' if ok else 'OVER 1.10'}"
            )
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
