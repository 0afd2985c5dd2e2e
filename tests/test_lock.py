"""Issue 18, point 3: the lock. A lock file that cannot be opened makes no window the
owner; where flock() is not supported a lock file with the owner's process id and host
stands in; a second window says which window owns the game and writes nothing."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import subprocess
import sys
import time

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import Problem, StorageProblem
from halfmoon_a11y.store import lock as lockmodule
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.lock import FLOCK, PROCESS, FilesLock, Holder, Ownership
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.history import CommandHistory
from halfmoon_a11y.ui.plain import terminal_lines
from tests.support import play

CODE = "HM1-N-EMQPNCT"


def keeper_for(paths, ownership):
    return Keeper(paths, SettingsFile.load(paths.settings), owner=ownership)


def problems(session):
    return [e for e in session.opening().notices if isinstance(e, StorageProblem)]


def test_a_lock_that_is_a_folder_makes_no_window_the_owner(paths, clock):
    """Before: a lock file that could not be opened made every window the owner."""
    os.makedirs(paths.lock)
    ownership = FilesLock(paths.lock).acquire()
    assert not ownership.owner and ownership.unopenable is Problem.LOCK_NOT_A_FILE
    keeper = keeper_for(paths, ownership)
    session = keeper.open(DealCode.parse(CODE), now=clock)
    [problem] = problems(session)
    assert problem.problem is Problem.LOCK_NOT_A_FILE
    play(session, "pick 1")
    play(session, "quit")
    keeper.close()
    assert not os.path.exists(paths.saved_game)
    said = Presenter(Words("en")).render(problem)[0]
    assert said.startswith("Saving is off in this window: the lock file")
    assert "not a plain file" in said


def test_a_symlink_at_the_lock_is_never_followed(paths, tmp_path):
    target = tmp_path / "precious"
    target.write_text("the player's own file")
    os.makedirs(os.path.dirname(paths.lock))
    os.symlink(target, paths.lock)
    ownership = FilesLock(paths.lock).acquire()
    assert not ownership.owner and ownership.unopenable is Problem.LOCK_NOT_A_FILE
    assert target.read_text() == "the player's own file"


def test_a_lock_file_that_may_not_be_opened_makes_no_window_the_owner(paths, monkeypatch):
    """Root's lock file after a sudo run (the tests run as root: os.open refuses here)."""
    real_open = os.open

    def refusing(path, flags, *args, **kwargs):
        if os.fspath(path) == paths.lock:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    ownership = FilesLock(paths.lock).acquire()
    assert not ownership.owner and ownership.unopenable is Problem.LOCK_NOT_PERMITTED
    monkeypatch.setattr(os, "open", real_open)
    session = keeper_for(paths, ownership).open(None)
    [problem] = problems(session)
    assert problem.problem is Problem.LOCK_NOT_PERMITTED
    assert "sudo" in Presenter(Words("en")).render(problem)[0]


def test_a_second_window_is_told_which_window_owns_the_game(paths):
    first = FilesLock(paths.lock)
    assert first.acquire().owner
    second = FilesLock(paths.lock).acquire()
    assert not second.owner and second.kind == FLOCK
    assert second.holder is not None and second.holder.process == os.getpid()
    session = keeper_for(paths, second).open(None)
    [problem] = problems(session)
    assert problem.problem is Problem.OPEN_ELSEWHERE and problem.process == os.getpid()
    assert problem.host is None and 0 <= problem.since < 60
    said = Presenter(Words("en")).render(problem)[0]
    assert said.startswith(f"Half Moon is already open in another window: process {os.getpid()}")
    assert "no command history" in said
    first.release()
    assert FilesLock(paths.lock).acquire().owner  # released: the next window owns the files


def test_the_owner_is_said_with_its_age(paths):
    holder = Holder(4321, lockmodule._host(), time.time() - 725)
    ownership = Ownership(False, FLOCK, holder)
    [problem] = problems(keeper_for(paths, ownership).open(None))
    said = Presenter(Words("en")).render(problem)[0]
    assert said.startswith(
        "Half Moon is already open in another window: process 4321, "
        "started 12 minutes and 5 seconds ago."
    )
    said = Presenter(Words("da")).render(problem)[0]
    assert "proces 4321, startet for 12 minutter og 5 sekunder siden" in said


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP])
def test_without_flock_a_lock_file_names_the_owner(paths, monkeypatch, code):
    """Before: where flock() failed for want of support, the only window was told another
    window owned the game, and nothing was ever saved."""

    def unsupported(handle, operation):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(fcntl, "flock", unsupported)
    first = FilesLock(paths.lock)
    ownership = first.acquire()
    assert ownership.owner and ownership.kind == PROCESS
    with open(paths.lock, "rb") as file:
        holder = Holder.from_bytes(file.read())
    assert holder is not None and holder.process == os.getpid()
    session = keeper_for(paths, ownership).open(DealCode.parse(CODE))
    assert [p.problem for p in problems(session)] == [Problem.LOCK_BY_PROCESS]
    assert os.path.exists(paths.saved_game)  # it saves
    second = FilesLock(paths.lock).acquire()
    assert not second.owner and second.holder is not None
    assert second.holder.process == os.getpid()
    first.release()
    assert not os.path.exists(paths.lock)
    assert FilesLock(paths.lock).acquire().owner


def test_a_process_lock_left_by_a_dead_process_is_stale(paths, monkeypatch):
    monkeypatch.setattr(fcntl, "flock", lambda *a: (_ for _ in ()).throw(OSError(errno.ENOLCK, "")))
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    os.makedirs(os.path.dirname(paths.lock), exist_ok=True)
    stale = Holder(int(dead.stdout), lockmodule._host(), 5.0)
    with open(paths.lock, "wb") as file:
        file.write(stale.to_bytes())
    assert FilesLock(paths.lock).acquire().owner
    elsewhere = Holder(int(dead.stdout), "another-computer", 5.0)  # nobody can tell: alive
    with open(paths.lock, "wb") as file:
        file.write(elsewhere.to_bytes())
    ownership = FilesLock(paths.lock).acquire()
    assert not ownership.owner and ownership.holder == elsewhere
    [problem] = problems(keeper_for(paths, ownership).open(None))
    assert problem.host == "another-computer"
    assert "on the computer another-computer" in Presenter(Words("en")).render(problem)[0]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs /proc")
def test_a_process_lock_whose_number_was_reused_is_stale(paths, monkeypatch):
    """A process-id lock from before a restart names a number another process now has:
    that process started after the lock was taken, so the owner is gone."""
    monkeypatch.setattr(fcntl, "flock", lambda *a: (_ for _ in ()).throw(OSError(errno.ENOLCK, "")))
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:  # (Popen returns once the process runs: its start is before the lock below)
        os.makedirs(os.path.dirname(paths.lock), exist_ok=True)
        here = lockmodule._host()
        with open(paths.lock, "wb") as file:
            file.write(Holder(other.pid, here, time.time()).to_bytes())  # its own lock
        assert not FilesLock(paths.lock).acquire().owner
        with open(paths.lock, "wb") as file:
            file.write(Holder(other.pid, here, time.time() - 3600).to_bytes())  # reused
        assert FilesLock(paths.lock).acquire().owner
    finally:
        other.kill()
        other.wait()


def test_a_garbage_lock_file_is_taken_over(paths, monkeypatch):
    monkeypatch.setattr(fcntl, "flock", lambda *a: (_ for _ in ()).throw(OSError(errno.ENOLCK, "")))
    os.makedirs(os.path.dirname(paths.lock), exist_ok=True)
    with open(paths.lock, "wb") as file:
        file.write(b'{"pid": "x"}')
    assert FilesLock(paths.lock).acquire().owner


def test_the_lock_file_is_private(paths):
    old = os.umask(0)
    try:
        FilesLock(paths.lock).acquire()
    finally:
        os.umask(old)
    assert os.stat(paths.lock).st_mode & 0o777 == 0o600
    assert os.stat(os.path.dirname(paths.lock)).st_mode & 0o777 == 0o700


def test_the_prompt_history_of_a_second_window_writes_nothing(tmp_path):
    """Before: the second window appended its commands to the owner's history."""
    from halfmoon_a11y.play.session import Session, Start

    path = tmp_path / "history"
    path.write_text("\n# 2026\n+pick 1\n")
    session = Session(Start(DealCode.parse(CODE)))
    history = CommandHistory(str(path), session, writes=False)
    history.append_string("pick 2")
    assert path.read_text() == "\n# 2026\n+pick 1\n"
    assert "pick 1" in list(history.load_history_strings())


def test_plain_history_of_a_second_window_writes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "history-plain"
    typed = iter(["pick 1", "pick 2"])

    def fake_input():
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert list(terminal_lines(str(path), writes=False)) == ["pick 1", "pick 2", "quit"]
    assert not path.exists()


def test_the_json_mode_names_the_owner(isolated_folders):
    state = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    first = FilesLock(os.path.join(state, "lock"))
    assert first.acquire().owner
    second = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    opening = json.loads(second.stdout.splitlines()[0])
    [problem] = [e for e in opening["events"] if e["type"] == "storage_problem"]
    assert problem["problem"] == "open_elsewhere" and problem["process"] == os.getpid()
    assert problem["host"] is None and problem["since"] >= 0
    first.release()


@pytest.mark.parametrize("process", [2**31, 2**40, 10**30])
def test_a_process_number_no_process_can_have_is_no_owner(process):
    """A lock file's garbage (the review of issue 20): os.kill refused the number
    (OverflowError), which was taken for another user's process, and the lock stayed
    alive for good in a folder without flock. A pid_t is 32 bits: no process has it."""
    assert not Holder(process, lockmodule._host(), time.time()).alive()
