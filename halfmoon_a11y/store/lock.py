"""One window owns the files: a lock taken at start and held until the game ends.

The lock is `flock()` on the file `lock` in the state folder: the operating system
releases it when the process ends, however it ends, so a lock left by a killed game
never blocks the next one. (filelock would do the same, but its import alone took 48 ms
here; these few lines take none.) The owner writes its process id, host and start time
in the file, so that a second window can say which window owns the game.

On Windows, which has no flock(), `msvcrt.locking` locks one byte of the file, far past
the owner's details (Windows refuses to read locked bytes, and the next window reads
them), chosen through host/system.py; Windows too lets it go when the process ends. No
signal probes a process there: `os.kill(pid, 0)` would end it (`host/windows_process.py`).

Where flock() is not supported (some network or FUSE folders) the file itself is the
lock: it holds the owner's process id and host, and it is stale when that process is
gone on this host. A folder, a FIFO, a link or a file of root's after a `sudo` run at the
lock's path is set aside and a fresh lock made (`lock_file.py`). Only when the
folder cannot be written, or the thing cannot be set aside, is no window the owner: that
window writes nothing, and says why; a folder that cannot be written still
resumes the saved game, read only.
"""

from __future__ import annotations

import errno
import json
import os
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import (
    NotARegularFile,
    NotOwned,
    make_folder,
    open_owned,
    own_folder,
    read_bounded,
    write_all,
)
from halfmoon_a11y.store.lock_file import READ_ONLY, open_lock, try_flock
from halfmoon_a11y.store.notices import Problem

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath

HOLDER_BYTES = 512  # what the owner writes: {"pid": …, "host": …, "started": …}
HELD = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}  # flock: another process has it
CLAIMS = 3  # tries at a process-id lock that another window is taking at the same time
PROC_BYTES = 256 * 1024  # /proc/stat on a machine with many processors
REUSE_SLACK = 2.0  # seconds: /proc's boot time is whole seconds, its start in ticks
# Windows: msvcrt.locking locks from the file's position; this byte, past any holder's
# details (HOLDER_BYTES), which the next window must still be able to read.
WINDOWS_LOCK_AT = 1 << 20
WINDOWS_HELD = {errno.EACCES, errno.EDEADLK}  # msvcrt.locking: another process has it


# The two kinds of lock (`Ownership.kind`); plain strings, as an enum class would cost
# about 0.15 ms of every start.
FLOCK = "flock"  # the system's file lock
PROCESS = "process"  # the lock file holds the owner's process id and host
LARGEST_PID = 2**31 - 1  # a pid_t: a larger number in a lock file is no process's


@record
class Holder:
    """The window that owns the files."""

    process: int
    host: str
    started: float  # time.time() when it took the lock

    def to_bytes(self) -> bytes:
        data = {"pid": self.process, "host": self.host, "started": round(self.started, 3)}
        return (json.dumps(data) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, raw: bytes) -> Holder | None:
        """The holder a lock file names, or None for anything else (empty, garbage)."""
        try:
            data = json.loads(raw.decode("utf-8"))
            process, host, started = data["pid"], data["host"], float(data["started"])
        except (ValueError, TypeError, KeyError, RecursionError, AttributeError):
            return None
        if type(process) is not int or process <= 0 or not isinstance(host, str):
            return None
        if not 0 <= started < 10**11:
            return None
        return cls(process, host[:255], started)

    @property
    def here(self) -> bool:
        return self.host == _host()

    def alive(self) -> bool:
        """Whether the process still runs. On another host nobody can tell: it does.
        A process that started after the lock was taken has only reused the number (after
        a restart of the computer, say): the owner is gone."""
        if not self.here:
            return True
        if system.is_windows():  # never os.kill there: it ends the process
            from halfmoon_a11y.host.windows_process import process_state

            running, since = process_state(self.process)
            return running and (since is None or since <= self.started + REUSE_SLACK)
        if self.process > LARGEST_PID:  # a pid_t is 32 bits: garbage, no process's
            return False
        try:
            os.kill(self.process, 0)
        except ProcessLookupError:
            return False
        except (PermissionError, OSError, OverflowError):
            pass  # another user's process: alive, unless it is younger than the lock
        started = _process_started(self.process)
        return started is None or started <= self.started + REUSE_SLACK


@record
class Ownership:
    """What acquiring the lock found. `owner`: this window writes the files. Else either
    `holder` (another window owns them; None when it cannot be told which) or `unopenable`
    (the lock file could not be opened: no window can be sure it is alone; the reason is
    the problem the player hears: STATE_READ_ONLY, LOCK_NOT_A_FILE, LOCK_NOT_PERMITTED or
    LOCK_FAILED)."""

    owner: bool
    kind: str | None = None  # FLOCK or PROCESS; None when no lock could be had
    holder: Holder | None = None
    unopenable: Problem | None = None  # why the lock file could not be opened
    aside: str | None = None  # where a bad thing at the lock's path was set aside


def _process_started(process: int) -> float | None:
    """When a process started (time.time()), where /proc tells; else None."""
    try:
        stat_line = read_bounded(f"/proc/{process}/stat", PROC_BYTES)
        system = read_bounded("/proc/stat", PROC_BYTES)
        if not stat_line or not system:
            return None
        ticks = int(stat_line[stat_line.rindex(b")") + 2 :].split()[19])  # field 22
        boot = next(
            int(line.split()[1]) for line in system.splitlines() if line.startswith(b"btime ")
        )
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration, AttributeError):
        return None


def _host() -> str:
    """This computer's name (socket.gethostname, without loading socket); on Windows,
    which has no os.uname, COMPUTERNAME."""
    if system.is_windows():
        return os.environ.get("COMPUTERNAME", "")
    with suppress(OSError):
        return str(os.uname().nodename)
    return ""


class FilesLock:
    def __init__(self, path: StrPath, now: float | None = None) -> None:
        self.path = path
        self._handle: int | None = None
        self._kind: str | None = None
        self._me = Holder(os.getpid(), _host(), round(time.time() if now is None else now, 3))

    def acquire(self) -> Ownership:
        """Take the lock if no other window holds it; a bad thing at its path is set
        aside first (`lock_file.open_lock`). Never raises."""
        folder = os.path.dirname(os.fspath(self.path)) or "."
        try:
            make_folder(folder)
            own_folder(folder)  # closed (0700) if others may enter it
            handle, aside = open_lock(os.fspath(self.path))
        except NotOwned:  # the state folder is another user's: nothing saved there
            return Ownership(False, unopenable=Problem.STATE_NOT_OWN)
        except NotARegularFile:  # neither opened nor set aside
            return Ownership(False, unopenable=Problem.LOCK_NOT_A_FILE)
        except OSError as error:
            return Ownership(False, unopenable=_unopenable(error))
        ownership = self._take(handle)
        return replace(ownership, aside=aside) if aside else ownership

    def _take(self, handle: int) -> Ownership:
        locked = _try_lock(handle)
        if locked is None:  # no flock here: the file's content is the lock
            os.close(handle)
            return self._claim()
        if not locked:
            holder = _read_holder(handle)
            os.close(handle)
            return Ownership(False, FLOCK, holder if holder and holder.alive() else None)
        self._handle, self._kind = handle, FLOCK
        with suppress(OSError):  # who owns the game, for the next window to say
            os.ftruncate(handle, 0)
            os.lseek(handle, 0, os.SEEK_SET)
            write_all(handle, self._me.to_bytes())
        return Ownership(True, FLOCK)

    def _claim(self) -> Ownership:
        """The process-id lock: the file names a live process, or this one takes it (a
        new file, O_EXCL, so that of two windows starting at once only one does)."""
        holder = None
        for _ in range(CLAIMS):
            holder = self._holder()
            if holder is not None and holder.alive() and holder != self._me:
                return Ownership(False, PROCESS, holder)
            with suppress(OSError):  # Windows: open in another window, say
                os.unlink(self.path)  # stale, empty or garbage: its process is gone
            try:
                handle = open_owned(self.path, os.O_WRONLY | os.O_EXCL)
            except FileExistsError:
                continue  # another window took it meanwhile: who?
            except OSError:
                return Ownership(False, unopenable=Problem.LOCK_FAILED)
            try:
                write_all(handle, self._me.to_bytes())
            except OSError:
                os.close(handle)
                with suppress(OSError):
                    os.unlink(self.path)
                return Ownership(False, unopenable=Problem.LOCK_FAILED)
            os.close(handle)
            if self._holder() == self._me:
                self._kind = PROCESS
                return Ownership(True, PROCESS)
        return Ownership(False, PROCESS, holder)

    def _holder(self) -> Holder | None:
        try:
            raw = read_bounded(self.path, HOLDER_BYTES)
        except OSError:  # a FIFO or a folder put there meanwhile, too large: nobody
            return None
        return Holder.from_bytes(raw) if raw else None

    def release(self) -> None:
        if self._kind is PROCESS:
            if self._holder() == self._me:  # never another window's lock
                with suppress(OSError):
                    os.unlink(self.path)
        elif self._handle is not None:
            with suppress(OSError):
                os.ftruncate(self._handle, 0)  # still held: nobody reads a stale owner
            if system.is_windows():  # Windows asks that a lock be let go before closing
                with suppress(OSError):  # the same byte `_try_lock` locked
                    _windows_byte(self._handle, lock=False)
            with suppress(OSError):
                os.close(self._handle)  # closing releases the lock
        self._handle = None
        self._kind = None


def _unopenable(error: OSError) -> Problem:
    """Why no lock could be had: the folder cannot be written (the saved game is then
    resumed without saving), the file may not be opened, or anything else."""
    if error.errno in READ_ONLY:
        return Problem.STATE_READ_ONLY
    if isinstance(error, PermissionError):
        return Problem.LOCK_NOT_PERMITTED
    return Problem.LOCK_FAILED


def _read_holder(handle: int) -> Holder | None:
    with suppress(OSError):
        os.lseek(handle, 0, os.SEEK_SET)
        return Holder.from_bytes(os.read(handle, HOLDER_BYTES))
    return None


def _try_lock(handle: int) -> bool | None:
    """True: locked; False: another process holds it; None: this folder has no locks."""
    if system.is_windows():
        try:
            _windows_byte(handle, lock=True)
        except OSError as error:
            return False if error.errno in WINDOWS_HELD else None
        finally:
            with suppress(OSError):
                os.lseek(handle, 0, os.SEEK_SET)
        return True
    refused = try_flock(handle)
    if refused is not None:
        return False if refused.errno in HELD else None
    return True


def _windows_byte(handle: int, *, lock: bool) -> None:
    """Locks (at once, or OSError) or unlocks the byte at WINDOWS_LOCK_AT with
    msvcrt.locking, which locks from the file's position."""
    if not system.is_windows():
        raise OSError(errno.ENOSYS, "msvcrt is Windows' own")
    import msvcrt

    os.lseek(handle, WINDOWS_LOCK_AT, os.SEEK_SET)
    mode = msvcrt.LK_NBLCK if lock else msvcrt.LK_UNLCK  # type: ignore[attr-defined,unused-ignore]
    msvcrt.locking(handle, mode, 1)  # type: ignore[attr-defined,unused-ignore]
