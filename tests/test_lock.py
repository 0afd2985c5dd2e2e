"""Issue 18, point 3: the lock. A lock file that cannot be opened makes no window the
owner; where flock() is not supported a lock file with the owner's process id and host
stands in; a second window says which window owns the game and writes nothing."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.store import lock as lockmodule
from halfmoon_a11y.store import saved_game as savegame
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.lock import FLOCK, PROCESS, FilesLock, Holder, Ownership
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.history import CommandHistory
from halfmoon_a11y.ui.plain import terminal_lines
from tests.solver import winning_line
from tests.support import play, private_device

CODE = "HM1-N-EMQPNCT"


def keeper_for(paths, ownership):
    return Keeper(paths, SettingsFile.load(paths.settings), owner=ownership)


def problems(session):
    return [e for e in session.opening().notices if isinstance(e, StorageProblem)]


WON = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
BAD_LOCKS = ["folder", "FIFO", "link to /dev/null", "dangling link", "link to a victim"]
BAD_LOCKS += ["unreadable file"]


def plant_lock(kind, path, tmp_path, monkeypatch):
    """The bad thing at the lock's path. An unreadable file: root's after a sudo run (the
    tests run as root, so os.open refuses it here, as long as that file is there)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if kind == "folder":
        os.mkdir(path)
        with open(os.path.join(path, "inside"), "w") as file:
            file.write("kept")
    elif kind == "FIFO":
        os.mkfifo(path)
    elif kind == "link to /dev/null":
        os.symlink(private_device(tmp_path, "null"), path)
    elif kind == "dangling link":
        os.symlink(tmp_path / "nowhere", path)
    elif kind == "link to a victim":
        (tmp_path / "precious").write_text("the player's own file")
        os.symlink(tmp_path / "precious", path)
    else:
        with open(path, "w") as file:
            file.write("root's")
        planted = os.lstat(path).st_ino
        real_open = os.open

        def refusing(name, flags, *args, **kwargs):
            there = os.fspath(name) == os.fspath(path) and os.path.lexists(path)
            if there and os.lstat(path).st_ino == planted:
                raise PermissionError(errno.EACCES, "Permission denied", name)
            return real_open(name, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing)
    return os.lstat(path)


@pytest.mark.parametrize("kind", BAD_LOCKS)
def test_a_lock_that_is_no_usable_file_is_set_aside_and_the_game_saved(
    paths, clock, tmp_path, monkeypatch, kind
):
    """Issue 26, finding 7. Before: a folder, a FIFO, a link or an unreadable file at the
    lock's path made no window the owner; the player was told to remove it by hand, and a
    game played meanwhile was lost at quit. Now it is set aside, named, and a fresh lock
    made; the game is saved as ever."""
    planted = plant_lock(kind, paths.lock, tmp_path, monkeypatch)
    ownership = FilesLock(paths.lock).acquire()
    assert ownership.owner and ownership.kind == FLOCK
    assert ownership.aside is not None
    aside = os.lstat(ownership.aside)
    assert (aside.st_ino, aside.st_mode) == (planted.st_ino, planted.st_mode)  # itself
    assert stat.S_ISREG(os.lstat(paths.lock).st_mode)  # a fresh lock, a plain file
    if kind == "link to a victim":
        assert (tmp_path / "precious").read_text() == "the player's own file"
    keeper = keeper_for(paths, ownership)
    session = keeper.open(DealCode.parse(WON), now=clock)
    [problem] = problems(session)
    assert problem.problem is Problem.LOCK_SET_ASIDE and problem.path == paths.lock
    assert problem.aside == ownership.aside
    said = Presenter(Words("en")).render(problem)[0]
    assert said == (
        f"Lock file {paths.lock} could not be used. It was renamed {problem.aside}. "
        "A new lock file was made."
    )
    for move in winning_line(deal(DealCode.parse(WON)))[:5]:
        play(session, "pick " + " ".join(move))
    play(session, "quit")
    keeper.close()
    saved = savegame.read(paths.saved_game)
    assert saved is not None and len(saved.moves) == 5  # nothing lost at quit


def test_two_windows_setting_a_bad_lock_aside_at_once_leave_one_owner(paths, monkeypatch):
    """Issue 26, finding 7: the second window finds the same FIFO, and sets it aside while
    the first is doing the same. Neither may set aside the fresh lock the other made:
    then both would own the files."""

    os.makedirs(os.path.dirname(paths.lock))
    os.mkfifo(paths.lock)
    first, second = FilesLock(paths.lock), FilesLock(paths.lock)
    found: list[Ownership] = []
    real_rename = os.rename
    seen = threading.Event()

    def slow_rename(source, target):
        if not seen.is_set() and threading.current_thread() is threading.main_thread():
            seen.set()  # the first window is about to set the FIFO aside: the second starts
            threading.Thread(target=lambda: found.append(second.acquire())).start()
            time.sleep(0.3)
        real_rename(source, target)

    monkeypatch.setattr(os, "rename", slow_rename)
    owner = first.acquire()
    deadline = time.monotonic() + 30
    while not found and time.monotonic() < deadline:
        time.sleep(0.01)
    [other] = found
    assert owner.owner and not other.owner
    assert other.holder is not None and other.holder.process == os.getpid()
    assert owner.aside is not None and stat.S_ISFIFO(os.lstat(owner.aside).st_mode)
    assert other.aside is None
    folder = os.path.dirname(paths.lock)
    assert [n for n in os.listdir(folder) if n.startswith("lock.bad-")] == [
        os.path.basename(owner.aside)
    ]
    first.release()


def read_only(folder, monkeypatch, code):
    """A state folder that cannot be written (read-only, or 555 for a player who is not
    root): the tests run as root, so every change inside it is refused here."""
    folder = os.fspath(folder)

    def inside(name):
        return os.path.dirname(os.path.abspath(os.fspath(name))) == folder

    real_open = os.open

    def opening(name, flags, *args, **kwargs):
        writes = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
        if inside(name) and flags & writes:
            raise OSError(code, os.strerror(code), name)
        return real_open(name, flags, *args, **kwargs)

    def refused(name, *args, **kwargs):
        if inside(name):
            raise OSError(code, os.strerror(code), name)
        raise AssertionError("only the state folder is read-only here")

    monkeypatch.setattr(os, "open", opening)
    for name in ("rename", "replace", "unlink", "mkdir", "chmod"):
        real = getattr(os, name)
        monkeypatch.setattr(
            os, name, lambda n, *a, _real=real, **k: refused(n) if inside(n) else _real(n, *a, **k)
        )


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES])
def test_a_read_only_state_folder_resumes_the_saved_game_and_says_saving_is_off(
    paths, clock, monkeypatch, code
):
    """Issue 26, finding 7. Before: the saved game was not even shown, and a fresh deal
    was played. Now it is resumed as it stands, and the player hears that saving is off,
    and why, naming the folder."""
    line = winning_line(deal(DealCode.parse(WON)))
    session, keeper = start_and_play(paths, clock, line[:3])
    keeper.close()
    before = paths.saved_game.read_bytes()
    os.unlink(paths.lock)  # the folder became read-only after the last run
    folder = os.path.dirname(paths.lock)
    read_only(folder, monkeypatch, code)
    ownership = FilesLock(paths.lock).acquire()
    assert not ownership.owner and ownership.unopenable is Problem.STATE_READ_ONLY
    keeper = keeper_for(paths, ownership)
    session = keeper.open(None, now=clock)
    assert session.resumed and str(session.code) == WON and session.game.moves == 3
    [problem] = problems(session)
    assert problem.problem is Problem.STATE_READ_ONLY and problem.path == folder
    said = Presenter(Words("en")).render(problem)[0]
    assert (
        said
        == f"Saving is off in this window. The folder {folder} cannot be written. Nothing is saved."
    )
    play(session, "pick " + " ".join(line[3]))
    play(session, "quit")
    keeper.close()
    assert paths.saved_game.read_bytes() == before


def start_and_play(paths, clock, moves):
    keeper = keeper_for(paths, FilesLock(paths.lock).acquire())
    session = keeper.open(DealCode.parse(WON), now=clock)
    for move in moves:
        play(session, "pick " + " ".join(move))
    return session, keeper


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
    assert said.startswith(f"Half Moon is already open in another window. Process {os.getpid()}")
    assert "no command history" in said
    first.release()
    assert FilesLock(paths.lock).acquire().owner  # released: the next window owns the files


def test_the_owner_is_said_with_its_age(paths):
    holder = Holder(4321, lockmodule._host(), time.time() - 725)
    ownership = Ownership(False, FLOCK, holder)
    [problem] = problems(keeper_for(paths, ownership).open(None))
    said = Presenter(Words("en")).render(problem)[0]
    assert said.startswith(
        "Half Moon is already open in another window. Process 4321, "
        "started 12 minutes and 5 seconds ago."
    )
    said = Presenter(Words("da")).render(problem)[0]
    assert "Proces 4321, startet for 12 minutter og 5 sekunder siden" in said


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
    from halfmoon_a11y.play.start import Start

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


def test_a_read_only_window_does_not_say_leaving_counts_as_abandoned(paths, clock, monkeypatch):
    """A state folder that cannot be written now resumes the saved game (finding 7). `new`
    then asks "Type new again to leave it. It counts as abandoned.", but this window
    records nothing (no lock, no statistics), and the next start that can write resumes
    the very same game: nothing was abandoned."""
    import errno
    import os

    from halfmoon_a11y.core.dealcode import DealCode, deal
    from halfmoon_a11y.store.lock import FilesLock
    from halfmoon_a11y.text.presenter import Presenter
    from halfmoon_a11y.text.words import Words
    from tests.solver import winning_line
    from tests.support import play
    from tests.test_lock import WON, keeper_for, read_only, start_and_play

    line = winning_line(deal(DealCode.parse(WON)))
    _, keeper = start_and_play(paths, clock, line[:3])
    keeper.close()
    saved = paths.saved_game.read_bytes()
    os.unlink(paths.lock)  # the folder became read-only after the last run
    read_only(os.path.dirname(paths.lock), monkeypatch, errno.EROFS)
    keeper = keeper_for(paths, FilesLock(paths.lock).acquire())
    session = keeper.open(None, now=clock)
    assert session.resumed and session.game.moves == 3
    presenter = Presenter(Words("en"))
    [asked] = play(session, "new")
    question = " ".join(presenter.render(asked))
    play(session, "new")
    keeper.close()
    monkeypatch.undo()
    assert not os.path.exists(paths.statistics)  # no abandoned game was recorded
    assert paths.saved_game.read_bytes() == saved  # and the next start resumes it
    assert "abandoned" not in question, question
