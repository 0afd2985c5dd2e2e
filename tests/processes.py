"""The processes the game sees in a test: a folder laid out like /proc, never the
machine's own.

Every test runs with one (tests/conftest.py, `processes`), empty at first: the game's
screen-reader check reads it in place of /proc (HALFMOON_A11Y_PROCESSES, which the
programs a test starts inherit), and stand-ins for `ps` and `tasklist`
(tests/fakes/process_list) list it. A test that wants a screen reader running starts
one here, `processes.start("orca")`: nothing runs, and no other test, or other run of
the suite, can see it. The real Orca, NVDA or speech-dispatcher of a blind
contributor's machine is never seen.
"""

from __future__ import annotations

import os
from pathlib import Path

VARIABLE = "HALFMOON_A11Y_PROCESSES"  # voice/screen_reader.py's PROCESSES
COMMANDS = Path(__file__).parent / "fakes" / "process_list"  # the stand-in ps and tasklist


class Processes:
    """The fake process list: `start` a name (with its command line and its owner),
    `stop` it; `player` says who the game's own process is."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._next = 100

    def start(
        self,
        name: str,
        *arguments: str,
        uid: int | None = None,
        login: int | None = None,
        session: int | None = None,
    ) -> int:
        """A process called `name` (what /proc's comm says), its command line `name`
        then `arguments`; its number. Run by `uid` (the player's user unless given: its
        status's `Uid:` line), started from the login of `login` (its loginuid, none
        unless given; UNSET for a service the system started) in `session` (its audit
        sessionid, and tasklist's session number; none unless given)."""
        number = self._next
        self._next += 1
        entry = self.folder / str(number)
        entry.mkdir(parents=True)
        (entry / "comm").write_text(name + "\n")
        (entry / "cmdline").write_bytes(b"".join(a.encode() + b"\0" for a in (name, *arguments)))
        owner = os.getuid() if uid is None else uid
        (entry / "status").write_text(
            f"Name:\t{name[:15]}\nPid:\t{number}\nUid:\t{owner}\t{owner}\t{owner}\t{owner}\n"
        )
        self._ids(entry, login, session)
        return number

    def player(self, login: int | None = None, session: int | None = None) -> None:
        """The game's own login uid and session (/proc/self; the stand-in tasklist lists
        the process that runs it in `session`)."""
        self._ids(self.folder / "self", login, session)

    @staticmethod
    def _ids(entry: Path, login: int | None, session: int | None) -> None:
        if login is not None:
            (entry / "loginuid").write_text(str(login))
        if session is not None:
            (entry / "sessionid").write_text(str(session))

    def stop(self, number: int) -> None:
        entry = self.folder / str(number)
        for part in entry.iterdir():
            part.unlink()
        entry.rmdir()

    def names(self) -> list[str]:
        entries = (entry for entry in self.folder.iterdir() if entry.name.isdigit())
        return sorted((entry / "comm").read_text().strip() for entry in entries)


UNSET = 4294967295  # the login uid of a process started from no login


def seal(folder: Path, monkeypatch) -> Processes:
    """An empty process list in `folder`, read by the game and the stand-in commands for
    the rest of the test."""
    folder.mkdir()
    (folder / "self").mkdir()  # as /proc has: not a process
    monkeypatch.setenv(VARIABLE, str(folder))
    monkeypatch.setenv("PATH", f"{COMMANDS}{os.pathsep}{os.environ.get('PATH', '')}")
    return Processes(folder)
