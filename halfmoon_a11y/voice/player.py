"""The audio player: a process the project owns, so it can be stopped at once.

`HALFMOON_A11Y_PLAYER` (or the `player` setting) holds a command line; the WAV
file's path is appended to it. Otherwise the usual players are tried in order.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

ENVIRONMENT_VARIABLE = "HALFMOON_A11Y_PLAYER"
# paplay and pw-play go through the sound server; aplay straight to ALSA.
KNOWN_PLAYERS: tuple[tuple[str, ...], ...] = (
    ("paplay",),
    ("pw-play",),
    ("aplay", "-q"),
    ("afplay",),
)


def find_player(
    environ: Mapping[str, str] | None = None, configured: str | None = None
) -> list[str] | None:
    """The player command, without the file: from the environment, the setting, or detected."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENVIRONMENT_VARIABLE) or configured
    if chosen:
        try:
            words = shlex.split(chosen)
        except ValueError:  # an unbalanced quote: no player, said as such
            return None
        return words if words and shutil.which(words[0]) else None
    for command in KNOWN_PLAYERS:
        if shutil.which(command[0]) and _usable(command[0]):
            return list(command)
    return None


def _usable(name: str) -> bool:
    """aplay with no sound card only prints errors; skip it where ALSA lists none."""
    if name != "aplay":
        return True
    cards = Path("/proc/asound/cards")
    try:
        return cards.is_file() and "no soundcards" not in cards.read_text()
    except OSError:
        return False


def start(command: Sequence[str], wav: Path) -> subprocess.Popen[bytes]:
    """Start playing; the process's output never reaches the player's screen. Nothing
    read it, so it goes nowhere: no pipe to fill the game's memory (a player writing to
    it without end) or to wait on (a process the player left behind holding it)."""
    return subprocess.Popen(
        [*command, str(wav)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C at the prompt does not reach it
    )


def wait(process: subprocess.Popen[bytes]) -> int:
    """Wait for the player to end, then end what it left in its process group: a
    background process of its would play over the next sentence, or hold on for ever.
    Its exit status."""
    returncode = process.wait()
    if _group_lives(process.pid):
        with contextlib.suppress(OSError, AttributeError):
            os.killpg(process.pid, signal.SIGKILL)
    return returncode


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop at once: no fade, no waiting for the end of the sentence. The player's whole
    process group goes, so a wrapper script's real player does not play on."""
    if process.poll() is None or _group_lives(process.pid):
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the player leads its own session
        except (OSError, AttributeError):  # gone already, or no process groups (Windows)
            process.kill()
    process.wait()


def _group_lives(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except (OSError, AttributeError):
        return False
    return True
