"""The opening's first sentence: from starting the game to its audio handed to the
player, against espeak-ng's own command saying the same sentence (to its first byte).

    python3 benchmarks/first_sentence.py [--rounds 15] [--root OTHER_TREE]

Each round starts, in turn, `espeak-ng --stdout` on the opening's first sentence (to
the first byte of its WAV), and the game (`python -m halfmoon_a11y --plain --speech`,
a fresh home) whose player is a shell script that notes the time it was started; with
`--root`, the game of another tree too (the code before a change), so both are
measured side by side. Medians, and each game's median ratio to espeak-ng's in the
same round. The game's time includes Python's start and the whole opening (the
deal, the save); espeak-ng's, loading its library and data.
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
CODE = "HM1-N-EMQPNCT"
SENTENCE = "New game, deal HM1 N EMQPNCT. Type help for the commands."


def espeak_first_byte() -> float:
    began = time.perf_counter()
    process = subprocess.Popen(
        ["espeak-ng", "-v", "en", "--stdout", SENTENCE], stdout=subprocess.PIPE
    )
    assert process.stdout is not None
    process.stdout.read(1)
    elapsed = time.perf_counter() - began
    process.stdout.read()
    process.wait()
    return elapsed


def game_first_sentence(root: Path, work: Path) -> float:
    """Seconds from starting the game to the player started on its first sentence."""
    home = Path(tempfile.mkdtemp(dir=work))
    log = home / "played.log"
    player = home / "player.sh"
    player.write_text(f"#!/bin/sh\ndate +%s.%N >> {log}\n")
    player.chmod(0o755)
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "PYTHONPATH": str(root),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_RUNTIME_DIR": str(home / "runtime"),
        "HALFMOON_A11Y_PLAYER": str(player),
    }
    (home / "runtime").mkdir(mode=0o700)
    began = time.time()
    game = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--speech", "--code", CODE],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        env=environ,
        cwd=home,
    )
    deadline = time.monotonic() + 20
    while not (log.exists() and log.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.002)
    game.communicate(b"quit\n", timeout=30)
    return float(log.read_text().split()[0]) - began


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--root", type=Path, help="another tree, measured beside this one")
    args = parser.parse_args()
    trees = {"this tree": ROOT}
    if args.root is not None:
        trees["other tree"] = args.root.resolve()
    work = Path(tempfile.mkdtemp(prefix="halfmoon-first-"))
    espeak: list[float] = []
    games: dict[str, list[float]] = {name: [] for name in trees}
    for root in trees.values():  # a warm-up of each, not counted
        game_first_sentence(root, work)
    for _ in range(args.rounds):
        espeak.append(espeak_first_byte())
        for name, root in trees.items():
            games[name].append(game_first_sentence(root, work))
    print(f"{args.rounds} rounds; medians (min to max)")
    print(f"espeak-ng --stdout, first byte: {_ms(espeak)}")
    for name, times in games.items():
        ratios = [game / alone for game, alone in zip(times, espeak, strict=True)]
        print(
            f"{name}, start to the first sentence's player: {_ms(times)}; "
            f"ratio to espeak-ng {statistics.median(ratios):.2f}"
        )
    return 0


def _ms(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return f"{statistics.median(ms):.1f} ms ({ms[0]:.1f} to {ms[-1]:.1f})"


if __name__ == "__main__":
    sys.exit(main())
