"""Playing a sound file: one small interface, and the backend chosen for this system.

A backend starts a file (`start(path)`, OSError when it cannot play at all) and gives
back the file's playback, which can be stopped at once (`stop`), asked whether it plays
(`playing`), waited for (`wait`) and asked, once ended, whether it failed (`failed`).
The speech worker (voice/worker.py) talks to nothing else.

- `voice/player.py`, `ProcessBackend`: an audio player process, from
  `HALFMOON_A11Y_PLAYER`, the `player` setting, or this system's usual players
  (paplay, pw-play, aplay; afplay on macOS). A command asked for wins everywhere,
  Windows included.
- `voice/winsound_player.py`, `WinsoundBackend`: Windows' own `winsound`, where no
  command is asked for.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host import system
from halfmoon_a11y.voice import player
from halfmoon_a11y.voice.winsound_player import find_winsound

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Protocol

    class Playback(Protocol):
        """One file playing, from its start to its end."""

        def playing(self) -> bool: ...

        def wait(self, timeout: float | None = None) -> bool:
            """Wait for the end (or the stop), at most `timeout` seconds; whether it came."""
            ...

        def stop(self) -> None:
            """Silence at once; a stopped playback has ended."""
            ...

        @property
        def failed(self) -> bool:
            """Whether it ended because the file could not be played."""
            ...

    class Backend(Protocol):
        def start(self, path: Path) -> Playback:
            """The file playing; OSError when this backend cannot play at all."""
            ...


def find_backend(
    environ: Mapping[str, str] | None = None, configured: str | None = None
) -> Backend | None:
    """How this machine plays sound files; None when it cannot."""
    env = os.environ if environ is None else environ
    command = player.find_player(env, configured)
    if command is not None:
        return player.ProcessBackend(command)
    if env.get(player.ENVIRONMENT_VARIABLE) or configured:
        return None  # the command asked for cannot be run: said, not replaced
    if system.is_windows():
        return find_winsound()
    return None
