"""Is a screen reader running? Then the game's own voice stays silent (speech auto).

Documented checks, cheapest first, and nothing that can make the player wait
(every outside command has a short timeout):

- Linux and the BSDs: a running screen reader process (Orca, Fenrir, BRLTTY,
  TDSR, yasr), read from /proc; then the AT-SPI bus property
  `org.a11y.Status.ScreenReaderEnabled`, which GNOME and KDE set while Orca runs.
- macOS: VoiceOver's process.
- Windows: NVDA, JAWS, Narrator, ZoomText or Dolphin's process, as VS Code and
  Electron check (SPI_GETSCREENREADER has false positives).

`screen_reader()` returns the reader's name for the start-up line, or None.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

TIMEOUT = 0.5  # seconds any outside command may take
INTERPRETERS = ("python", "perl", "sh", "bash")  # a reader may run as a script of these

LINUX_READERS = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "brltty": "BRLTTY",
    "tdsr": "TDSR",
    "yasr": "yasr",
}
MAC_READERS = {"voiceover": "VoiceOver"}
WINDOWS_READERS = {
    "nvda.exe": "NVDA",
    "jfw.exe": "JAWS",
    "narrator.exe": "Narrator",
    "zt.exe": "ZoomText",
    "snova.exe": "Dolphin SuperNova",
}


def screen_reader(
    platform: str = sys.platform,
    proc: Path = Path("/proc"),
    run: Callable[[list[str]], str | None] | None = None,
) -> str | None:
    """The name of the screen reader running now, or None."""
    run = run or _output
    if platform.startswith("win"):
        return _first(_windows_processes(run), WINDOWS_READERS)
    if platform == "darwin":
        return _first(_ps_names(run), MAC_READERS)
    found = _first(_proc_names(proc), LINUX_READERS)
    if found is None and not proc.is_dir():
        found = _first(_ps_names(run), LINUX_READERS)
    if found is None and _at_spi_says_so(run):
        found = "Orca"  # the desktop's screen reader, as GNOME and KDE report it
    return found


def _first(names: Iterable[str], readers: dict[str, str]) -> str | None:
    for name in names:
        reader = readers.get(name.lower())
        if reader is not None:
            return reader
    return None


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


def _ps_names(run: Callable[[list[str]], str | None]) -> Iterable[str]:
    output = run(["ps", "-A", "-o", "comm="]) or ""
    return (Path(line.strip()).name for line in output.splitlines())


def _windows_processes(run: Callable[[list[str]], str | None]) -> Iterable[str]:
    output = run(["tasklist", "/fo", "csv", "/nh"]) or ""
    return (line.split(",")[0].strip('"') for line in output.splitlines() if line)


def _at_spi_says_so(run: Callable[[list[str]], str | None]) -> bool:
    if shutil.which("busctl") is None:
        return False
    output = run(
        [
            "busctl",
            "--user",
            "get-property",
            "org.a11y.Bus",
            "/org/a11y/bus",
            "org.a11y.Status",
            "ScreenReaderEnabled",
        ]
    )
    return (output or "").strip() == "b true"


def _output(command: list[str]) -> str | None:
    if shutil.which(command[0]) is None:
        return None
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None
