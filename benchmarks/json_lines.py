"""10,000 JSON-mode lines against the rules alone, side by side in one run.

    python3 benchmarks/json_lines.py [--rounds 5] [--lines 10000]

The lines (fixed seed): 90 % `pick N` with N any of the 20 places, 10 % `undo`,
on deal HM1-N-EMQPNCT; about 270 of them remove a pair or a trio. Each round
runs, one after the other and each as a fresh process reading the same lines:
- `halfmoon-a11y --json`: the command language, the session, the JSON events
  with their messages, the state, and the game saved after every move, in a
  fresh home folder;
- `benchmarks/json_reference.py`: the same moves applied to the engine, one
  `json.dumps` of the events and the state per line, nothing saved.
The ratio is the median of the rounds' ratios. Target (issue 12): at most 1.3x.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = "HM1-N-EMQPNCT"
PLACES = [str(n) for n in range(1, 13)] + [f"R{n}" for n in range(1, 9)]
TARGET = 1.3
INSTALLED = Path(sys.executable).parent / "halfmoon-a11y"
# What a player's program runs: the installed command (python -m where it is not installed).
GAME = [str(INSTALLED)] if INSTALLED.exists() else [sys.executable, "-m", "halfmoon_a11y"]


def lines(count: int) -> bytes:
    chance = random.Random(12)
    return "".join(
        "undo\n" if chance.random() < 0.1 else f"pick {chance.choice(PLACES)}\n"
        for _ in range(count)
    ).encode()


def timed(args: list[str], text: bytes, home: Path) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(HOME=str(home))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = time.perf_counter()
    done = subprocess.run(args, input=text, stdout=subprocess.PIPE, cwd=ROOT, env=env)
    elapsed = time.perf_counter() - before
    if done.returncode != 0 or done.stdout.count(b"\n") < text.count(b"\n"):
        raise SystemExit(f"{args[1:]} failed or answered too few lines")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--lines", type=int, default=10000)
    args = parser.parse_args()
    text = lines(args.lines)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "halfmoon_a11y")])
    ours, reference = [], []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="halfmoon-bench-") as home:
            ours.append(
                timed(
                    [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", CODE],
                    text,
                    Path(home),
                )
            )
        with tempfile.TemporaryDirectory(prefix="halfmoon-bench-") as home:
            script = str(ROOT / "benchmarks" / "json_reference.py")
            reference.append(timed([sys.executable, script, CODE], text, Path(home)))
    ratio = statistics.median(o / r for o, r in zip(ours, reference, strict=True))
    per_line = 1e6 / args.lines
    print(
        f"halfmoon-a11y --json: median {statistics.median(ours):.2f} s "
        f"({statistics.median(ours) * per_line:.0f} us a line)"
    )
    print(
        f"reference: median {statistics.median(reference):.2f} s "
        f"({statistics.median(reference) * per_line:.0f} us a line)"
    )
    print(
        f"ratio {ratio:.2f}x (target at most {TARGET}x: {'met' if ratio <= TARGET else 'NOT met'})"
    )
    print(f"{args.rounds} rounds of {args.lines} lines")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
