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

Only the player's own reader counts: on a shared machine, another
user's Orca made the game say "Voice: your screen reader, Orca" and stay silent. Which
processes are the player's, where the system tells (`Player.owns`, `_owned_by_player`,
`_in_players_session`):

- Linux: a reader run by the player's user, or started from the player's login (its
  login uid, /proc/PID/loginuid, which sudo and su keep), or started from no one's
  login by root or a system account (BRLTTY or Fenrir as a service: they read the
  machine's own console). Another user's reader, or one started from another user's
  login, is not.
  The session number is not compared: the player's desktop reader and the terminal
  the game runs in (a tmux started over ssh, the desktop's user manager) often sit in
  sessions of their own, and a reader wrongly missed talks over the game.
- macOS, and Linux without /proc: a reader run by the player's user or by root.
- Windows: a reader in the game's own session (tasklist's session number; each
  signed-in user has a session of their own).

A process whose owner or session cannot be read counts: a false "no reader" makes the
game's voice talk over the reader, a false "reader" only leaves it silent until
`set speech on`.

The system is `host.system`'s answer, so the Windows and macOS branches run here with
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

from halfmoon_a11y.core.values import record
from halfmoon_a11y.host import system

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
# A process's name, and whether it is the player's: asked only of a reader's process,
# so a scan reads one file a process, as before, and the owner of a reader alone.
Process = tuple[str, Callable[[], bool]]
UNSET = 4294967295  # /proc/PID/loginuid of a process started from no login ((uid_t) -1)
ROOT = 0
# Linux's first user who logs in (UID_MIN of login.defs); below it, root and the system
# accounts services run as (BRLTTY's `brltty`). Where users began at 500, a user's
# reader below 1000 is taken for a service's: the game stays silent, never talks over.
FIRST_USER = 1000


def screen_reader(proc: Path | None = None, run: Run | None = None) -> str | None:
    """The name of the player's screen reader running now, or None. `proc` and `run`
    (which runs an outside command) are for tests; so is HALFMOON_A11Y_PROCESSES,
    `proc` for a whole run."""
    if proc is None:
        proc = Path(os.environ.get(PROCESSES) or "/proc")
    if system.is_windows():
        within = run or (lambda command: _output(command, WINDOWS_TIMEOUT))
        return _first(_windows_processes(within), WINDOWS_READERS)
    run = run or _output
    if system.is_macos():
        return _first(_ps_processes(run), MAC_READERS)
    found = _first(_proc_processes(proc), LINUX_READERS)
    if found is None and not proc.is_dir():
        found = _first(_ps_processes(run), LINUX_READERS)
    return found


def _first(processes: Iterable[Process], readers: dict[str, str]) -> str | None:
    for name, players in processes:
        reader = readers.get(_unwrapped(name.lower()))
        if reader is not None and players():
            return reader
    return None


def _unwrapped(name: str) -> str:
    """A program's name without the wrapper's marks some systems add (NixOS runs Orca
    as `.orca-wrapped`)."""
    return name.removeprefix(".").removesuffix("-wrapped")


def _proc_processes(proc: Path) -> Iterable[Process]:
    """Every process's name, and the script a Python or shell process runs (Orca is
    `python3 /usr/bin/orca` on some systems), each with whether it is the player's."""
    try:
        entries = list(proc.iterdir())
    except OSError:
        return
    player: list[Player] = []  # who the player is, read once, when first needed

    def players(entry: Path) -> Callable[[], bool]:
        def ask() -> bool:
            if not player:
                player.append(Player.of(proc))
            return player[0].owns(entry)

        return ask

    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            yield name, players(entry)
            if name.startswith(INTERPRETERS):
                script = (entry / "cmdline").read_bytes().split(b"\0")[1]
                yield Path(script.decode(errors="replace")).name, players(entry)
        except (OSError, IndexError):
            continue


@record
class Player:
    """Who the player is on Linux: the game's user, and the user who logged in
    (`login`, /proc/self/loginuid: the same through sudo and su), None where the system
    records no logins."""

    uid: int
    login: int | None

    @classmethod
    def of(cls, proc: Path) -> Player:
        login = _number(proc / "self" / "loginuid")
        return cls(_user(), None if login == UNSET else login)

    def owns(self, entry: Path) -> bool:
        """Whether the process in `entry` (/proc/PID) is the player's, as the module's
        docstring says; True when its owner cannot be read, False when it has ended
        meanwhile (its folder gone: another user's short-lived process named like a
        reader must not silence the player's game)."""
        uid = _real_uid(entry)
        if uid is GONE:
            return False
        if uid is None or uid in (self.uid, self.login):
            return True
        login = _number(entry / "loginuid")
        if login is not None and login != UNSET:
            return login in (self.uid, self.login)  # started from the player's login or another's
        # From no one's login, or the system records none: root's or a system account's
        # is a service's (BRLTTY, Fenrir), which reads the machine's console; a user's is
        # theirs.
        return uid < FIRST_USER


def _user() -> int:
    """The game's user (a function of its own: a test names the player's)."""
    return os.getuid()


GONE = -1  # `_real_uid` of a process that has ended: no uid is negative


def _real_uid(entry: Path) -> int | None:
    """The process's real user, from the `Uid:` line of /proc/PID/status; GONE when the
    process has ended (its folder is gone), None when it cannot be read."""
    try:
        for line in (entry / "status").read_text(errors="replace").splitlines():
            if line.startswith("Uid:"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None if entry.is_dir() else GONE  # the folder gone with the process
    except (OSError, ValueError, IndexError):
        return None
    return None


def _number(path: Path) -> int | None:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def _ps_processes(run: Run) -> Iterable[Process]:
    """`ps`'s processes, each with its user: the player's or root's count, and one
    whose user is not given (a line of a name alone)."""
    output = run(["ps", "-A", "-o", "uid=", "-o", "comm="]) or ""
    for line in output.splitlines():
        uid, _, command = line.strip().partition(" ")
        if not uid.isdigit() or not command.strip():
            uid, command = "", line.strip()
        yield Path(command.strip()).name, _known(_owned_by_player(int(uid) if uid else None))


def _known(answer: bool) -> Callable[[], bool]:
    return lambda: answer


def _owned_by_player(uid: int | None) -> bool:
    return uid is None or uid in (_user(), ROOT)


def _windows_processes(run: Run) -> Iterable[Process]:
    """tasklist's processes (name, number, session name, session number, memory), each
    counted when it is in the game's own session: the row of the game's own process
    tells which. A row without a session number, or no row of the game's own, counts."""
    output = run(["tasklist", "/fo", "csv", "/nh"]) or ""
    rows = [[field.strip('"') for field in line.split('","')] for line in output.splitlines()]
    rows = [row for row in rows if row and row[0]]
    own = str(os.getpid())
    session = next((row[3] for row in rows if len(row) > 3 and row[1] == own), None)
    for row in rows:
        yield row[0], _known(_in_players_session(row[3] if len(row) > 3 else None, session))


def _in_players_session(session: str | None, players: str | None) -> bool:
    return session is None or players is None or session.strip() == players.strip()


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
