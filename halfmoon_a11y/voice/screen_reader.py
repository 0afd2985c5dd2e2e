"""Is a screen reader running? Then the game's own voice stays silent (speech auto).

Only a running screen reader's process counts, looked for where it costs least, and
nothing here can make the player wait long (every outside command has a timeout):

- Linux and the BSDs: a screen reader's process (Orca, Fenrir, BRLTTY, TDSR, yasr,
  Odilia), read from /proc (`ps -A` where there is no /proc); a reader run as a script
  of an interpreter is found by its script's name. The AT-SPI bus's
  `ScreenReaderEnabled` is not asked: it stays true after Orca has stopped
  (AccessKit #713) and other programs set it, so alone it would leave a player without
  a screen reader in silence, and beside a reader's process it adds nothing.
- macOS: VoiceOver's process (`ps -A`, within TIMEOUT).
- Windows: NVDA, JAWS, Narrator, ZoomText or Dolphin's process, as VS Code and
  Electron check (SPI_GETSCREENREADER has false positives), from `tasklist`, within
  WINDOWS_TIMEOUT. tasklist can take several hundred milliseconds: the start runs the
  check beside the opening, never before it (`ui/frontend.py`, `settle`).

The system is `play.system`'s answer, so the Windows and macOS branches run here with
fakes. `screen_reader()` returns the reader's name for the start-up line, or None.

The tests never read the machine's own processes: they set HALFMOON_A11Y_PROCESSES to a
folder laid out like /proc (tests/conftest.py), read in its place, and put stand-ins
for `ps` and `tasklist` first on PATH. The game honours that variable for no other
purpose; a player never needs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from halfmoon_a11y.play import system

TIMEOUT = 0.5  # seconds `ps` may take
# seconds `tasklist` may take: it is slower, and no one waits for it before the opening
WINDOWS_TIMEOUT = 2.0
INTERPRETERS = ("python", "perl", "sh", "bash")  # a reader may run as a script of these

LINUX_READERS = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "brltty": "BRLTTY",
    "tdsr": "TDSR",
    "yasr": "yasr",
    "odilia": "Odilia",
}
MAC_READERS = {"voiceover": "VoiceOver"}
WINDOWS_READERS = {
    "nvda.exe": "NVDA",
    "jfw.exe": "JAWS",
    "narrator.exe": "Narrator",
    "zt.exe": "ZoomText",
    "snova.exe": "Dolphin SuperNova",
}


Run = Callable[[list[str]], str | None]  # a command's output, or None
PROCESSES = "HALFMOON_A11Y_PROCESSES"  # for the tests: a folder read in place of /proc


def screen_reader(proc: Path | None = None, run: Run | None = None) -> str | None:
    """The name of the screen reader running now, or None. `proc` and `run` (which runs
    an outside command) are for tests; so is HALFMOON_A11Y_PROCESSES, `proc` for a
    whole run."""
    if proc is None:
        proc = Path(os.environ.get(PROCESSES) or "/proc")
    if system.is_windows():
        within = run or (lambda command: _output(command, WINDOWS_TIMEOUT))
        return _first(_windows_processes(within), WINDOWS_READERS)
    run = run or _output
    if system.is_macos():
        return _first(_ps_names(run), MAC_READERS)
    found = _first(_proc_names(proc), LINUX_READERS)
    if found is None and not proc.is_dir():
        found = _first(_ps_names(run), LINUX_READERS)
    return found


def _first(names: Iterable[str], readers: dict[str, str]) -> str | None:
    for name in names:
        reader = readers.get(_unwrapped(name.lower()))
        if reader is not None:
            return reader
    return None


def _unwrapped(name: str) -> str:
    """A program's name without the wrapper's marks some systems add (NixOS runs Orca
    as `.orca-wrapped`)."""
    return name.removeprefix(".").removesuffix("-wrapped")


def _proc_names(proc: Path) -> Iterable[str]:
    """Every process's name, and the script a Python or shell process runs (Orca is
    `python3 /usr/bin/orca` on some systems)."""
    try:
        entries = list(proc.iterdir())
    except OSError:
        return
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            yield name
            if name.startswith(INTERPRETERS):
                script = (entry / "cmdline").read_bytes().split(b"\0")[1]
                yield Path(script.decode(errors="replace")).name
        except (OSError, IndexError):
            continue


def _ps_names(run: Run) -> Iterable[str]:
    output = run(["ps", "-A", "-o", "comm="]) or ""
    return (Path(line.strip()).name for line in output.splitlines())


def _windows_processes(run: Run) -> Iterable[str]:
    output = run(["tasklist", "/fo", "csv", "/nh"]) or ""
    return (line.split(",")[0].strip('"') for line in output.splitlines() if line)


def _output(command: list[str], timeout: float = TIMEOUT) -> str | None:
    """The command's output; None when it is not there, fails or takes longer than
    `timeout` (then it is killed). Decoded leniently: tasklist writes in the console's
    code page, which need not be Python's, and a name that does not decode is no
    reader's."""
    if shutil.which(command[0]) is None:
        return None
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None
