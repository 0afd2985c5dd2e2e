"""The desktop stack of one run: a virtual screen, the buses, Orca and the terminal.

Every program is started here with an environment built from nothing, whose home and
XDG folders are the run's own, so that neither the user's settings nor their saved games
are read or written. Every program started is remembered, so that the end of the run
stops exactly those and their children, and nothing else of the user's.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Debian's programs, never a virtual environment's python3: Orca runs on the system's.
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
AT_SPI_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PROGRAMS = ("Xvfb", "dbus-daemon", "orca", "sakura", "xdotool", "speech-dispatcher")
# Displays from here on are rarely taken by a real screen.
FIRST_DISPLAY = 90
LAST_DISPLAY = 130
# Orca writes this to its debug log once it is listening.
ORCA_READY = re.compile(r"About to launch Orca|SPEECH OUTPUT")
# The deal every run plays, so that two runs give the same answers.
DEAL = "HM1-N-EMQPNCT"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class DesktopError(RuntimeError):
    """A part of the stack that would not start, said in words."""


def missing_programs() -> list[str]:
    """The programs this tool needs and cannot find, to name them all at once."""
    missing = [name for name in PROGRAMS if shutil.which(name, path=SYSTEM_PATH) is None]
    if not Path(AT_SPI_LAUNCHER).exists():
        missing.append(AT_SPI_LAUNCHER)
    return missing


def other_orcas() -> list[int]:
    """The pids of Orcas already running as this user: Orca refuses to start beside one."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            argv = (entry / "cmdline").read_bytes().split(b"\0")[:2]
        except OSError:
            continue
        if any(Path(os.fsdecode(arg)).name == "orca" for arg in argv):
            found.append(int(entry.name))
    return found


def children_of(pid: int) -> list[int]:
    """Every descendant of a process, read from /proc, so a whole tree can be stopped."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def signal_all(pids: list[int], sig: signal.Signals) -> None:
    """Send a signal to each process still there."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)


def stop_tree(pid: int) -> None:
    """Ask a process and its descendants to end, then force those that did not."""
    pids = [pid, *children_of(pid)]
    signal_all(pids, signal.SIGTERM)
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in pids):
        time.sleep(0.1)
    signal_all(pids, signal.SIGKILL)


def command_name(pid: int) -> str:
    """A process's short name, or nothing if it is gone."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


class Stack:
    """The programs started for one run, so that exactly these are stopped at its end."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.env = env
        self.started: list[subprocess.Popen[bytes]] = []
        # Daemons that leave their parent: their pid and the name they must still have,
        # so that a pid reused by someone else's program is never signalled.
        self.adopted: list[tuple[int, str]] = []

    def start(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        """Start a program with the run's environment, its output in NAME.out."""
        with (self.folder / f"{name}.out").open("wb") as out:
            process = subprocess.Popen(argv, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        self.started.append(process)
        return process

    def keep(self, process: subprocess.Popen[bytes]) -> None:
        """Remember a program started otherwise, to stop it with the others."""
        self.started.append(process)

    def adopt(self, pid: int, name: str) -> None:
        """Remember a daemon started on the run's behalf that is no child of ours."""
        self.adopted.append((pid, name))

    def stop(self) -> None:
        """Stop every program of the run, the last started first."""
        for process in reversed(self.started):
            if process.poll() is None:
                stop_tree(process.pid)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
        for pid, name in self.adopted:
            if command_name(pid) == name:
                stop_tree(pid)


def wait_until(ready: Callable[[], bool], seconds: float) -> bool:
    """Poll until ready says yes, or the time is up; programs give no other sign."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(0.1)
    return ready()


def display_taken(number: int) -> bool:
    """Whether an X server has, or had, this display: its lock file or socket is there."""
    return Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists()


def screen_on(stack: Stack, number: int) -> bool:
    """Whether a virtual screen started on this display; a failed one has ended."""
    argv = ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    screen = stack.start("xvfb", argv)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    wait_until(lambda: socket.exists() or screen.poll() is not None, 5.0)
    return screen.poll() is None


def start_screen(stack: Stack) -> str:
    """A virtual screen on the first free display; its name, such as ":90"."""
    for number in range(FIRST_DISPLAY, LAST_DISPLAY):
        if not display_taken(number) and screen_on(stack, number):
            return f":{number}"
    raise DesktopError("no virtual screen (Xvfb) would start; see xvfb.out")


def start_session_bus(stack: Stack) -> str:
    """A private D-Bus session bus, our own child; its address.

    The accessibility bus is found through the session bus, so a private one keeps Orca
    and the terminal away from the user's desktop.
    """
    argv = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
    bus = subprocess.Popen(argv, env=stack.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    stack.keep(bus)
    assert bus.stdout is not None
    address = bus.stdout.readline().decode().strip()
    if not address:
        raise DesktopError("the D-Bus session bus would not start")
    return address


def start_accessibility_bus(stack: Stack) -> None:
    """The AT-SPI bus, through which the terminal tells Orca what changed on screen."""
    stack.start("at-spi", [AT_SPI_LAUNCHER, "--launch-immediately"])
    time.sleep(1.0)


def orca_command(log: Path) -> list[str]:
    """Debian's Orca, run by its own Python through the line-buffering wrapper beside us.

    Orca is a Python script; the wrapper changes nothing in it but the buffering of its
    debug log, which the run reads while Orca is still running.
    """
    orca = shutil.which("orca", path=SYSTEM_PATH)
    assert orca is not None
    first = Path(orca).read_text(encoding="utf-8", errors="replace").splitlines()[0]
    python = shlex.split(first[2:])[0] if first.startswith("#!") else "/usr/bin/python3"
    wrapper = HERE / "orca_line_buffered.py"
    return [python, str(wrapper), orca, f"--debug-file={log}"]


def start_orca(stack: Stack, log: Path) -> None:
    """Orca with its default settings, once its debug log says it is listening."""
    orca = stack.start("orca", orca_command(log))
    ready = wait_until(
        lambda: log.exists() and bool(ORCA_READY.search(log.read_text(errors="replace"))), 20.0
    )
    if not ready or orca.poll() is not None:
        raise DesktopError("Orca did not start; see orca.out and orca-debug.log")
    time.sleep(3.0)  # Orca registers its listeners after saying it is ready


def game_command(game_home: Path, language: str) -> list[str]:
    """The game, by the Python running this tool, from the repository's root.

    Its home and XDG folders are the run's, so the player's own saved game and
    settings are never touched.
    """
    folders = {
        "HOME": game_home,
        "XDG_CONFIG_HOME": game_home / "config",
        "XDG_DATA_HOME": game_home / "data",
        "XDG_STATE_HOME": game_home / "state",
        "XDG_CACHE_HOME": game_home / "cache",
    }
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    settings = [f"{name}={folder}" for name, folder in folders.items()]
    game = [sys.executable, "-m", "halfmoon_a11y", "--code", DEAL, "--lang", language]
    return ["env", "-C", str(ROOT), *settings, *game, "--no-speech", "--no-sounds"]


def start_terminal(stack: Stack, game: list[str]) -> str:
    """Sakura, a VTE terminal, running the game; the id of its window."""
    terminal = stack.start("terminal", ["sakura", "-c", "100", "-r", "30", "-x", shlex.join(game)])
    windows: list[str] = []

    def window_shown() -> bool:
        search = ["xdotool", "search", "--onlyvisible", "--pid", str(terminal.pid)]
        found = subprocess.run(search, env=stack.env, capture_output=True, text=True)
        windows[:] = found.stdout.split()
        return bool(windows)

    if not wait_until(window_shown, 20.0):
        raise DesktopError("the terminal's window never appeared; see terminal.out")
    return windows[-1]


def focus(stack: Stack, window: str) -> None:
    """Give the window the keyboard, as a window manager would on a click.

    There is no window manager: the pointer is put over the window and the focus set
    directly, which is enough for the keys to reach it and for Orca to follow.
    """
    run = ["xdotool", "mousemove", "--window", window, "200", "200"]
    subprocess.run(run, env=stack.env, check=False)
    subprocess.run(["xdotool", "windowfocus", "--sync", window], env=stack.env, check=False)


def adopt_speech_dispatcher(stack: Stack, runtime: Path) -> None:
    """Orca starts speech-dispatcher, which leaves as a daemon; its pid file names it."""
    pid_file = runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
    try:
        pid = int(pid_file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return
    stack.adopt(pid, "speech-dispatch")  # the kernel keeps 15 characters of a name
