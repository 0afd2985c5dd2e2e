"""Start-up of each mode against bare Python, measured side by side in one run.

    python3 benchmarks/startup.py [--runs 30]

Each round starts, one after the other and in a fresh process each:
- `python -c pass` (the floor every Python program pays);
- `halfmoon-a11y --json` (the installed command, as a player runs it; `python -m
  halfmoon_a11y` where it is not installed) with standard input closed at once: the whole process,
  from start to exit (options read, game opened, first state written, saved);
- `halfmoon-a11y --plain`, the same;
- the interactive mode in a pseudo-terminal: its first byte, and its prompt
  ready for typing (`> ` drawn by prompt_toolkit).
`--speech auto` lets the plain and interactive starts choose a voice as a player's
would (the screen-reader check and the voice made; `true` as the audio player, so
nothing is heard); by default speech is off and neither is paid for.
The ratios are medians of each round's own ratio to that round's `python -c
pass`, so a busy moment of the machine weighs on both sides alike. Peak memory
is each process's maximum resident set. Every run uses a fresh home folder
(no settings, no saved game), as a first start does. The package's bytecode is
compiled first, as an installed package's is; `--no-bytecode` measures the
start of an editable install with PYTHONDONTWRITEBYTECODE set, where every
module is compiled from source at every start.

Targets (issue 12): JSON and plain at most 3.5x bare Python, the interactive
ready prompt at most 10x; its first byte had 4x, until the opening came to be
written with the first prompt (issue 41; see TARGETS).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = "HM1-N-EMQPNCT"
# the prompt as prompt_toolkit draws it: `? ` (issue 29), `> ` before; the cursor shown after
PROMPT_MARKS = (b"\x1b[0m?", b"\x1b[0m>")
# The interactive first byte's target was 4x while the opening went out before
# prompt_toolkit loaded. The opening now goes out with the first prompt, in one write
# (drawn alone after it, the prompt was said by Orca as a character and cut the opening
# short): the first byte is the prompt's, and shares its target.
TARGETS = {"json": 3.5, "plain": 3.5, "first byte": 10.0, "prompt ready": 10.0}
INSTALLED = Path(sys.executable).parent / "halfmoon-a11y"
# What a player runs: the installed command (python -m adds runpy's 3 ms).
GAME = [str(INSTALLED)] if INSTALLED.exists() else [sys.executable, "-m", "halfmoon_a11y"]


BYTECODE = True  # --no-bytecode: every module compiled from source at every start


SPEECH = "off"  # --speech auto: the interactive start looks for a screen reader too


def environment(home: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("XDG_", "HALFMOON", "PYTHONDONTWRITEBYTECODE"))
    }
    env.update(HOME=str(home), TERM="xterm-256color", HALFMOON_A11Y_SPEECH=SPEECH)
    if SPEECH != "off":  # the voice is chosen and made, but no sound is played
        env["HALFMOON_A11Y_PLAYER"] = "true"
    if not BYTECODE:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_closed(args: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Seconds from start to exit with standard input closed, and peak memory in KiB."""
    before = time.perf_counter()
    process = subprocess.Popen(
        args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=ROOT, env=env
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - before
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{args} ended with {process.returncode}")
    return elapsed, usage.ru_maxrss


def run_terminal(env: dict[str, str]) -> tuple[float, float, int]:
    """The interactive mode in a pseudo-terminal: seconds to the first byte and to the
    prompt drawn, and peak memory in KiB (after typing quit)."""
    args = [*GAME, "--code", CODE]
    before = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, with the pseudo-terminal as its terminal
        os.chdir(ROOT)
        os.execve(args[0], args, env)
    first = ready = 0.0
    seen = b""
    while not ready:
        readable, _, _ = select.select([fd], [], [], 10)
        if not readable:
            raise SystemExit("the interactive mode did not draw its prompt in 10 s")
        chunk = os.read(fd, 65536)
        now = time.perf_counter() - before
        first = first or now
        seen += chunk
        after = seen.partition(b"Reserve R8")[2]
        if any(mark in after for mark in PROMPT_MARKS) and after.endswith(b"\x1b[?25h"):
            ready = now
    os.write(fd, b"quit\r")
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:  # the terminal closed with the game
            break
    _, _, usage = os.wait4(pid, 0)
    os.close(fd)
    return first, ready, usage.ru_maxrss


def median_ratio(values: list[float], floor: list[float]) -> float:
    return statistics.median(v / f for v, f in zip(values, floor, strict=True))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="no bytecode cache: as an editable install with PYTHONDONTWRITEBYTECODE set",
    )
    parser.add_argument(
        "--speech",
        choices=("off", "auto"),
        default="off",
        help="auto: the interactive start looks for a screen reader and makes the voice",
    )
    args = parser.parse_args()
    global BYTECODE, SPEECH
    BYTECODE = not args.no_bytecode
    SPEECH = args.speech
    if BYTECODE:  # as an installed package is: every module compiled once, beforehand
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "halfmoon_a11y")], check=True
        )
    else:  # what an earlier start may have cached is not used
        for cached in (ROOT / "halfmoon_a11y").rglob("__pycache__"):
            for compiled in cached.glob("*.pyc"):
                compiled.unlink()
    game = GAME
    times: dict[str, list[float]] = {k: [] for k in ("bare", "json", "plain", *TARGETS)}
    memory: dict[str, list[int]] = {k: [] for k in ("bare", "json", "plain", "interactive")}
    for _ in range(args.runs):
        for name, command in (
            ("bare", [sys.executable, "-c", "pass"]),
            ("json", [*game, "--json", "--code", CODE]),
            ("plain", [*game, "--plain", "--code", CODE]),
        ):
            with tempfile.TemporaryDirectory(prefix="halfmoon-bench-") as home:
                seconds, peak = run_closed(command, environment(Path(home)))
            times[name].append(seconds)
            memory[name].append(peak)
        with tempfile.TemporaryDirectory(prefix="halfmoon-bench-") as home:
            first, ready, peak = run_terminal(environment(Path(home)))
        times["first byte"].append(first)
        times["prompt ready"].append(ready)
        memory["interactive"].append(peak)
    bare = times["bare"]
    print(f"python -c pass: median {statistics.median(bare) * 1000:.1f} ms")
    failed = False
    for name, bound in TARGETS.items():
        ratio = median_ratio(times[name], bare)
        within = ratio <= bound
        failed |= not within
        print(
            f"{name}: median {statistics.median(times[name]) * 1000:.1f} ms, "
            f"{ratio:.2f}x bare Python (target at most {bound}x: "
            f"{'met' if within else 'NOT met'})"
        )
    for name, peaks in memory.items():
        print(f"peak memory, {name}: {statistics.median(peaks) / 1024:.1f} MiB")
    cache = "with" if BYTECODE else "without"
    print(
        f"{args.runs} rounds, {cache} bytecode cache, speech {SPEECH}; "
        f"Python {sys.version.split()[0]}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
