"""Run the tests while real processes named like screen readers run on the machine.

    python3 -m tests.readers_running [pytest's arguments]

Starts processes called orca, nvda, jaws, voiceover, tdsr, fenrir and
speech-dispatcher (copies of `sleep`, in a temporary folder), runs pytest with the
arguments given, stops them, and exits with pytest's status. The suite must pass all
the same: no test reads the machine's own process list (tests/processes.py). This is
how issue 25's "sealed" was checked; docs/testing.md has the figures.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

NAMES = ("orca", "nvda", "jaws", "voiceover", "tdsr", "fenrir", "speech-dispatcher")


def main(arguments: list[str]) -> int:
    sleep = shutil.which("sleep")
    if sleep is None:
        sys.stderr.write("No sleep command to copy.\n")
        return 2
    with tempfile.TemporaryDirectory() as folder:
        running = []
        try:
            for name in NAMES:
                copy = Path(folder) / name
                shutil.copy(sleep, copy)
                running.append(subprocess.Popen([str(copy), "3600"]))
            missing = [name[:15] for name in NAMES if name[:15] not in _names()]  # comm's limit
            if missing:
                sys.stderr.write(f"Not running: {', '.join(missing)}.\n")
                return 2
            return subprocess.call([sys.executable, "-m", "pytest", *arguments])
        finally:
            for process in running:
                process.kill()
                process.wait()


def _names() -> set[str]:
    """The names of the machine's processes, from /proc."""
    names = set()
    for entry in Path("/proc").iterdir():
        try:
            names.add((entry / "comm").read_text().strip())
        except OSError:  # not a process, or one that just ended
            continue
    return names


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
