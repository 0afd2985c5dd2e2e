"""Speech latency with real espeak-ng, through the game's own front end.

    python3 benchmarks/speech_latency.py [--runs 30]

Measures, for a one-sentence announcement (`info`):
- submit -> player started: from the command being submitted to the player
  process being running with the WAV file (targets: under 100 ms);
- submit -> player's first read: as above, until the stand-in player has opened
  the file and is about to play (it is a Python script, so this adds Python's
  start-up time that a real player such as paplay or aplay does not have);
- interrupt -> silence: from an interrupting command to the previous player
  process having exited (target: under 50 ms).

This machine has no sound card, so the player is `tests/players/realtime_player.py`,
which "plays" in real time by sleeping for the WAV's duration and can be killed
like any player.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.core.dealcode import DealCode  # noqa: E402
from halfmoon_a11y.play.session import Session  # noqa: E402
from halfmoon_a11y.play.settings import Settings  # noqa: E402
from halfmoon_a11y.ui.frontend import TextFrontEnd  # noqa: E402
from halfmoon_a11y.voice.choose import engine_available, make_speaker  # noqa: E402

PLAYER = ROOT / "tests" / "players" / "realtime_player.py"


def summary(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (
        f"{name}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
        f"max {ms[-1]:.1f} ms over {len(ms)} runs"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--lang", default="ca")
    args = parser.parse_args()
    if not engine_available():
        print("espeak-ng is not installed: nothing to measure")
        return 1
    folder = Path(tempfile.mkdtemp(prefix="halfmoon-bench-"))
    log = folder / "played.log"
    environ = {"HALFMOON_A11Y_PLAYER": f"{sys.executable} {PLAYER} {log}"}
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language=args.lang))
    front = TextFrontEnd(
        session, lambda lines: None, lambda settings: make_speaker(settings, environ)
    )
    front.start()
    started = threading.Event()
    started_at = [0.0]

    def on_play(text: str) -> None:
        started_at[0] = time.time()
        started.set()

    front.speaker.on_play = on_play  # type: ignore[attr-defined]
    front.line("info")  # warm the engine up: the first synthesis loads the voice
    started.wait(10)
    time.sleep(0.3)

    to_start, to_first_read, to_silence = [], [], []
    for _ in range(args.runs):
        lines_before = len(log.read_text().splitlines()) if log.exists() else 0
        started.clear()
        submitted = time.time()
        front.line("info")
        if not started.wait(10):
            print("the player never started")
            return 1
        to_start.append(started_at[0] - submitted)
        deadline = time.time() + 5
        while time.time() < deadline:
            lines = log.read_text().splitlines() if log.exists() else []
            if len(lines) > lines_before:
                to_first_read.append(float(lines[-1].split()[0]) - submitted)
                break
            time.sleep(0.001)
        time.sleep(0.2)  # "info" takes about four seconds to say: it is still playing
        speaker = front.speaker
        playing = speaker._playing  # type: ignore[attr-defined]
        before = time.time()
        speaker.interrupt()
        if playing is not None:
            playing.wait()
            to_silence.append(time.time() - before)
    front.close()
    print(f"language {args.lang}, one-sentence announcement (info)")
    print(summary("submit -> player started", to_start))
    print(summary("submit -> stand-in player's first read", to_first_read))
    print(summary("interrupt -> previous audio stopped", to_silence))
    return 0


if __name__ == "__main__":
    sys.exit(main())
