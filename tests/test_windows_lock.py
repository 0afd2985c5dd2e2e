"""Issue 20, point 4: one window owns the files on Windows too, without fcntl:
`msvcrt.locking` (a fake here, tests/fakes/msvcrt.py) chosen through the seam, and a
process's life asked of kernel32 (a fake, tests/fakes/windows_kernel32.py), never probed
with os.kill, which on Windows ends the process."""

from __future__ import annotations

import os
import sys
import time

import pytest

from halfmoon_a11y.store import lock as lockmodule
from halfmoon_a11y.store.lock import FLOCK, HOLDER_BYTES, PROCESS, FilesLock, Holder
from tests.fakes_loader import fake_kernel32, fresh


@pytest.fixture
def windows(monkeypatch, pretend_system):
    """Windows as the lock sees it: no fcntl, a fake msvcrt, a fake kernel32 that knows
    this process (started a minute ago), and os.kill a failure."""
    msvcrt = fresh("msvcrt")
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl: ImportError
    kernel = fake_kernel32(monkeypatch)
    kernel.processes[os.getpid()] = (True, time.time() - 60)

    def kill(process, signal):
        raise AssertionError("os.kill on Windows ends the process it names")

    monkeypatch.setattr(os, "kill", kill)
    pretend_system("windows")
    return msvcrt, kernel


def locked_ranges(msvcrt):
    return [(start, end) for _, start, end in msvcrt.held]


def test_two_windows_one_owner_and_the_other_says_which(paths, windows):
    """Before: fcntl was tried first (the fake world has none, so msvcrt was reached by the
    ImportError), the lock covered byte 0, where the owner's details are (Windows refuses
    to read locked bytes), and kill(pid, 0) asked whether the owner lived."""
    msvcrt, kernel = windows
    first = FilesLock(paths.lock)
    assert first.acquire() == lockmodule.Ownership(True, FLOCK)
    [(start, end)] = locked_ranges(msvcrt)
    assert start >= HOLDER_BYTES and end == start + 1  # past the details, one byte
    second = FilesLock(paths.lock).acquire()
    assert not second.owner and second.kind == FLOCK
    assert second.holder is not None and second.holder.process == os.getpid()
    assert kernel.open_handles == set()  # every process handle closed again
    first.release()
    assert locked_ranges(msvcrt) == []  # let go explicitly, the same byte
    assert msvcrt.calls[-1] == (msvcrt.LK_UNLCK, start, 1)
    third = FilesLock(paths.lock)
    assert third.acquire().owner
    third.release()


def test_a_lock_left_by_a_window_that_ended_is_taken(paths, windows):
    """A window that was killed: Windows let its lock go; its details are still in the
    file. The next window owns the files and writes its own."""
    msvcrt, _ = windows
    os.makedirs(os.path.dirname(paths.lock))
    with open(paths.lock, "wb") as file:
        file.write(Holder(999_999, lockmodule._host(), 5.0).to_bytes())
    window = FilesLock(paths.lock)
    assert window.acquire().owner
    with open(paths.lock, "rb") as file:
        holder = Holder.from_bytes(file.read())
    assert holder is not None and holder.process == os.getpid()
    msvcrt.end_process()  # this window ends without release: the next one owns the files
    assert FilesLock(paths.lock).acquire().owner


def test_a_window_whose_process_is_gone_is_not_named(paths, windows):
    """The lock is held (by this test), but the details name a process kernel32 does not
    know: the window is not named."""
    _, kernel = windows
    first = FilesLock(paths.lock)
    assert first.acquire().owner
    with open(paths.lock, "r+b") as file:  # the whole file: no tail of the longer details
        file.write(Holder(4242, lockmodule._host(), time.time()).to_bytes())
        file.truncate()
    assert FilesLock(paths.lock).acquire() == lockmodule.Ownership(False, FLOCK, None)
    kernel.processes[4242] = (True, time.time() - 3600)
    holder = FilesLock(paths.lock).acquire().holder
    assert holder is not None and holder.process == 4242
    first.release()


@pytest.mark.parametrize(
    ("known", "denied", "alive"),
    [
        ((True, -60.0), False, True),  # running since before the lock
        ((False, -60.0), False, False),  # ended, its handle still open somewhere
        ((True, +3600.0), False, False),  # the number was reused after the lock
        (None, False, False),  # no such process
        (None, True, True),  # another user's: nobody can tell, so it runs
    ],
)
def test_whether_a_windows_process_runs(windows, known, denied, alive):
    _, kernel = windows
    now = time.time()
    if known is not None:
        kernel.processes[777] = (known[0], now + known[1])
    if denied:
        kernel.denied.add(777)
    assert Holder(777, lockmodule._host(), now).alive() is alive
    assert kernel.open_handles == set()


def test_a_folder_without_locks_falls_back_to_the_process_lock(paths, windows, monkeypatch):
    """msvcrt.locking failing for another reason than a held lock (a network folder that
    has none): the file's content is the lock, and a dead owner's is stale."""
    msvcrt, _ = windows

    def unsupported(fd, mode, nbytes):
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(msvcrt, "locking", unsupported)
    os.makedirs(os.path.dirname(paths.lock))
    with open(paths.lock, "wb") as file:
        file.write(Holder(999_999, lockmodule._host(), 5.0).to_bytes())
    first = FilesLock(paths.lock, now=time.time() - 10)  # not the second's millisecond
    assert first.acquire() == lockmodule.Ownership(True, PROCESS)
    second = FilesLock(paths.lock).acquire()
    assert not second.owner and second.holder is not None
    assert second.holder.process == os.getpid()
    first.release()
    assert not os.path.exists(paths.lock)


def test_linux_still_uses_flock(paths, pretend_system, monkeypatch):
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    pretend_system("linux")
    first = FilesLock(paths.lock)
    assert first.acquire() == lockmodule.Ownership(True, FLOCK)
    assert not FilesLock(paths.lock).acquire().owner
    first.release()


@pytest.mark.parametrize("number", [2**32, 10**30])
def test_a_process_number_no_windows_process_can_have_is_no_process(
    paths, windows, monkeypatch, number
):
    """A lock file naming a number beyond a DWORD (garbage, or a file from elsewhere):
    the real ctypes refuses it as an argument (ArgumentError), which went up through
    `alive` and `acquire` ("never raises"), so every start said the game could not start
    while the file was there. No Windows process has that number: the lock is stale."""
    msvcrt, _ = windows
    assert Holder(number, lockmodule._host(), time.time()).alive() is False
    os.makedirs(os.path.dirname(paths.lock))
    with open(paths.lock, "wb") as file:
        file.write(Holder(number, lockmodule._host(), 5.0).to_bytes())

    def unsupported(fd, mode, nbytes):  # a folder without locks: the content is the lock
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(msvcrt, "locking", unsupported)
    taken = FilesLock(paths.lock).acquire()
    assert taken == lockmodule.Ownership(True, PROCESS)
