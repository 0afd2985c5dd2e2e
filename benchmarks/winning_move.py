"""The winning move and the first `stats` of a home: Enter to the answer, in a running game.

    python3 benchmarks/winning_move.py [--runs 15] [--root TREE]

Each run is a fresh home and a fresh `halfmoon-a11y --json` process (speech off), its
game one move from the win (the save written by the game's own code). The time is from
the line written to its answer read back, in the same running game, for:
- `first win`: the winning move in a home that has no statistics yet (the database is
  made);
- `later win`: the same in a home that has recorded a game already;
- `first stats`: `stats` in a home with no statistics.
Then `quit`, and the run checks that the win is in the database: answered sooner, but
recorded all the same. Medians of `--runs`. Before issue 28: 94 to 147 ms for a first
win, 23 to 50 ms for a later one, about 100 ms for the first `stats`.

`--root`: the tree whose game is run (the code before a change, say); by default this
one.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CODE = "HM1-N-AAAAAAC"
# A winning line of that deal (tests/solver.py): 48 removals.
LINE = (
    "1 6,1 2,3 9,3 4,4 R5,4 5,6 10,6 R1,1 2 9,1 R8,6 9,9 10,1 3 5,1 R2,1 6,2 5,3 8,3 8,"
    "3 8,1 8,3 8,4 7 11,4 10 R4,3 4,4 11,4 9,7 11,5 11,7 10,7 9,10 11,6 10,10 11,2 11 12,"
    "5 11 12,2 5,2 5,2 6,6 8,8 10,8 9,5 7 12,7 R6,12 R3,2 12,7 12,7 12,9 12 R7"
)


def environment(home: Path, root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(HOME=str(home), HALFMOON_A11Y_SPEECH="off", PYTHONPATH=str(root))
    return env


def database(home: Path) -> Path:
    return home / ".local" / "share" / "halfmoon-a11y" / "statistics.sqlite3"


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
for move in sys.argv[2:]:
    keeper.persist(session, handle(session, "pick " + move))
keeper.close()
"""


class Game:
    def __init__(self, home: Path, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "halfmoon_a11y", "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment(home, root),
            cwd=root,  # `-m` and `-c` put the folder they run in first on the path
        )
        self.read()  # the opening

    def read(self) -> dict:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            assert self.process.stderr is not None
            raise SystemExit(self.process.stderr.read().decode(errors="replace"))
        return json.loads(line)

    def ask(self, line: str) -> tuple[float, dict]:
        assert self.process.stdin is not None
        began = time.perf_counter()
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()
        answer = self.read()
        return time.perf_counter() - began, answer

    def quit(self) -> None:
        self.ask("quit")
        self.process.wait(timeout=30)


def one_run(folder: Path, root: Path, number: int) -> dict[str, float]:
    moves = LINE.split(",")
    times: dict[str, float] = {}
    for label in ("first win", "later win"):
        home = folder / f"{label.replace(' ', '-')}-{number}"
        subprocess.run(
            [sys.executable, "-c", PREPARE, CODE, *moves[:-1]],
            env=environment(home, root),
            cwd=root,  # `-c` puts the folder it runs in first on the path
            check=True,
        )
        if label == "later win":  # a game recorded before
            game = Game(home, root)
            game.ask("new HM1-N-AAAAAAB")
            game.ask("pick 1 8")
            game.ask(f"new {CODE}")
            game.ask(f"new {CODE}")
            game.quit()
            subprocess.run(
                [sys.executable, "-c", PREPARE, CODE, *moves[:-1]],
                env=environment(home, root),
                cwd=root,
                check=True,
            )
        game = Game(home, root)
        took, answer = game.ask("pick " + moves[-1])
        if answer["state"]["status"] != "won":
            raise SystemExit(f"not won: {answer}")
        times[label] = took
        game.quit()
        with sqlite3.connect(database(home)) as connection:
            won = connection.execute("SELECT count(*) FROM games WHERE result = 'won'")
            if won.fetchone()[0] != 1:
                raise SystemExit("the win was not recorded")
    home = folder / f"stats-{number}"
    game = Game(home, root)
    times["first stats"], answer = game.ask("stats")
    if answer["events"][0]["type"] != "stats":
        raise SystemExit(f"no stats: {answer}")
    game.quit()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    root = args.root.resolve()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "halfmoon_a11y")])
    with tempfile.TemporaryDirectory() as folder:
        runs = [one_run(Path(folder), root, number) for number in range(args.runs)]
    print(f"{args.runs} runs, {root}")
    for label in ("first win", "later win", "first stats"):
        ms = sorted(run[label] * 1000 for run in runs)
        median = statistics.median(ms)
        print(f"{label:12} median {median:6.1f} ms   min {ms[0]:6.1f}   max {ms[-1]:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
