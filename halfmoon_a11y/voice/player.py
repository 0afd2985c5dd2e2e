"""The audio player process: a process the project owns, so it can be stopped at once.

`HALFMOON_A11Y_PLAYER` (or the `player` setting) holds a command line; the WAV
file's path is appended to it. Otherwise the usual players of this system are tried
in order. `ProcessBackend` plays through the command (voice/playback.py says what a
backend is). Process groups are this module's own business, and used only where the
system has them: not on Windows.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system

ENVIRONMENT_VARIABLE = "HALFMOON_A11Y_PLAYER"
# paplay and pw-play go through the sound server; aplay straight to ALSA.
KNOWN_PLAYERS: tuple[tuple[str, ...], ...] = (
    ("paplay",),
    ("pw-play",),
    ("aplay", "-q"),
    ("afplay",),
)
MACOS_PLAYERS: tuple[tuple[str, ...], ...] = (("afplay",),)  # the system's own, always there
# Seconds a stopped player is waited on: SIGKILL ends one in a few milliseconds; one that
# cannot be ended (another user's, a process stuck in the kernel) must not hold the key.
STOP_WAIT = 0.5


def find_player(
    environ: Mapping[str, str] | None = None, configured: str | None = None
) -> list[str] | None:
    """The player command, without the file: from the environment, the setting, or
    detected among this system's players (none on Windows, which plays with winsound)."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENVIRONMENT_VARIABLE) or configured
    if chosen:
        try:
            words = split_command(chosen)
        except ValueError:  # an unbalanced quote: no player, said as such
            return None
        return words if words and shutil.which(words[0]) else None
    for command in known_players():
        if shutil.which(command[0]) and _usable(command[0]):
            return list(command)
    return None


def split_command(line: str) -> list[str]:
    """A command line's words, as this system reads them: on Windows as its C runtime
    does (`windows_words`), elsewhere as a POSIX shell. ValueError: an unclosed quote."""
    return windows_words(line) if system.is_windows() else shlex.split(line)


def windows_words(line: str) -> list[str]:
    r"""Windows' rules for a command line (Microsoft's "Parsing C command-line
    arguments"): a backslash is part of a path (C:\Tools\play.exe) except before a
    double quote; double quotes hold spaces in a word and are dropped; a quote after an
    odd number of backslashes is a quote.

    >>> windows_words(r'C:\Tools\play.exe "C:\My Sounds" --title="a b" \"x\"')
    ['C:\\Tools\\play.exe', 'C:\\My Sounds', '--title=a b', '"x"']
    """
    words: list[str] = []
    word, started, quoted, backslashes = "", False, False, 0
    for char in line:
        if char == "\\":
            backslashes += 1
            continue
        word += "\\" * (backslashes // 2 if char == '"' else backslashes)
        started = started or backslashes > 0
        if char == '"':
            if backslashes % 2:
                word += char
            else:
                quoted = not quoted
            started = True
        elif char in " \t" and not quoted:
            if started:
                words.append(word)
            word, started = "", False
        else:
            word += char
            started = True
        backslashes = 0
    if quoted:
        raise ValueError("No closing quotation")
    word += "\\" * backslashes
    if started or backslashes:
        words.append(word)
    return words


def known_players() -> tuple[tuple[str, ...], ...]:
    """The commands tried, in order, on this system."""
    if system.is_windows():
        return ()
    if system.is_macos():
        return MACOS_PLAYERS
    return KNOWN_PLAYERS


def _usable(name: str) -> bool:
    """aplay with no sound card only prints errors; skip it where ALSA lists none."""
    if name != "aplay":
        return True
    cards = Path("/proc/asound/cards")
    try:
        return cards.is_file() and "no soundcards" not in cards.read_text()
    except OSError:
        return False


def has_process_groups() -> bool:
    """Whether a player can lead a process group of its own, to be ended whole."""
    return not system.is_windows() and hasattr(os, "killpg")


class ProcessBackend:
    """Plays each file with a new player process: the command and the file's path."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)

    def start(self, path: Path) -> ProcessPlayback:
        """Start playing; OSError when the command cannot be run at all."""
        return ProcessPlayback(start(self.command, path), has_process_groups())


class ProcessPlayback:
    """One player process, from its start to its end."""

    def __init__(self, process: subprocess.Popen[bytes], groups: bool) -> None:
        self.process = process
        self._groups = groups

    def playing(self) -> bool:
        return self.process.poll() is None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the player to end, at most `timeout` seconds; whether it has. Then
        end what it left in its process group: a background process of its would play
        over the next sentence, or hold on for ever."""
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        if self._groups and _group_lives(self.process.pid):
            with suppress(OSError, AttributeError):
                os.killpg(self.process.pid, signal.SIGKILL)
        return True

    def stop(self) -> None:
        """Stop at once: no fade, no waiting for the end of the sentence. Where there are
        process groups the player's whole group goes, so a wrapper script's real player
        does not play on."""
        process = self.process
        if not self._groups:
            if process.poll() is None:
                with suppress(OSError):
                    process.kill()
        elif process.poll() is None or _group_lives(process.pid):
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the player leads its own session
            except (OSError, AttributeError):  # gone already, or not ours to end
                with suppress(OSError):  # PermissionError: another user's
                    process.kill()
        # Never waited on for ever: the key that silenced it must answer at once. A player
        # that outlives this is waited on by the worker (`wait`), not by the key.
        with suppress(subprocess.TimeoutExpired):
            process.wait(STOP_WAIT)

    @property
    def failed(self) -> bool:
        """Whether the player ended by itself with a failure (an exit status not 0)."""
        return self.process.returncode not in (None, 0)


def start(command: Sequence[str], wav: Path) -> subprocess.Popen[bytes]:
    """Start playing; the process's output never reaches the player's screen. Nothing
    read it, so it goes nowhere: no pipe to fill the game's memory (a player writing to
    it without end) or to wait on (a process the player left behind holding it). It
    leads a session of its own where the system has them, and a process group of its
    own on Windows: either way, Ctrl-C at the prompt does not reach it."""
    new_session = has_process_groups()
    # CREATE_NEW_PROCESS_GROUP exists only on Windows (pretending, here, it is 0).
    flags = 0 if new_session else getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
    return subprocess.Popen(
        [*command, str(wav)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=new_session,
        creationflags=flags,
    )


def _group_lives(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except (OSError, AttributeError):
        return False
    return True
