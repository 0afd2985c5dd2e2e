"""Shared fixtures. Every test runs with temporary configuration, data and state folders."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from tests.support import Clock

# pytest's rewriting of the test modules' asserts, kept between runs (in tests/__pycache__,
# which git ignores) even where PYTHONDONTWRITEBYTECODE is set, as on the machine CI runs
# on: without it each worker rewrote every test module at every run, 4 of its 7 s of
# collecting. The package's own modules, imported after, are cached too, as pip caches an
# installed game's.
sys.dont_write_bytecode = False


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml): three workers a core this process may use, from 2 to
    8. Most of the suite's time is spent waiting: for real programs in pseudo-terminals,
    for players that play a sound for its length, for pages in a browser. On 2 cores with
    a busy process beside the run, the whole suite took 226 s with four workers, 187 s
    with six and 187 s with eight (one bound in seconds failed there); beyond 8, starting
    them costs more than it saves (docs/performance.md)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, min(8, 3 * (cores or 1)))


class TextSnapshot(SingleFileSnapshotExtension):
    """One plain UTF-8 text file per snapshot, for reviewers to read like a transcript."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture(autouse=True)
def signals_as_they_were():
    """A front end run in this process holds SIGTERM, SIGHUP and SIGINT as it closes (as
    the game does on its way out): let them through again, or every program the later
    tests start inherits them blocked and ignores its Ctrl-C and SIGTERM."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: nothing is held
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    # ... and their handlers, which holding makes note the signal and do nothing more
    leaving = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT")]
    handlers = {signum: signal.getsignal(signum) for signum in leaving}
    yield
    for signum, handler in handlers.items():
        if handler is not None:
            signal.signal(signum, handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


@pytest.fixture(autouse=True)
def real_system(monkeypatch):
    """Each test starts on the system it runs on; one that pretends to be on Windows or
    macOS (`pretend_system`) ends there."""
    from halfmoon_a11y.host import system

    monkeypatch.delenv(system.ENVIRONMENT_VARIABLE, raising=False)
    system.pretend(None)
    yield
    system.pretend(None)


@pytest.fixture
def pretend_system():
    """`pretend_system("windows")`: the game's Windows branches from here to the test's
    end (host/system.py); "macos" and "linux" likewise."""
    from halfmoon_a11y.host import system

    return system.pretend


@pytest.fixture
def snapshot_text(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(autouse=True)
def isolated_folders(tmp_path, monkeypatch):
    """Never touch the player's real configuration or saved games."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        folder = tmp_path / name.lower()
        folder.mkdir()
        monkeypatch.setenv(name, str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "HALFMOON_A11Y_PLAYER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)  # the speech folders' root
    for name in ("COLUMNS", "LINES"):  # a program started here sees its own terminal's
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.fixture(autouse=True)
def processes(tmp_path, monkeypatch):
    """The processes the game sees: none, unless the test starts one
    (`processes.start("orca")`). The machine's own, a screen reader among them, are
    never read (tests/processes.py)."""
    from tests.processes import seal

    return seal(tmp_path / "processes", monkeypatch)


@pytest.fixture(autouse=True)
def loud(request, tmp_path, monkeypatch):
    """A bug the game's safety net catches fails the test, unless the test is marked
    `expects_bug` (tests/loud.py)."""
    from tests.loud import MARK, judge, watch

    nets = watch(tmp_path, monkeypatch)
    yield nets
    judge(nets, request.node.get_closest_marker(MARK) is not None)


@pytest.fixture
def paths(tmp_path):
    """The game's three files, in a temporary folder."""
    from halfmoon_a11y.store.files import Paths

    return Paths(
        tmp_path / "config" / "settings.toml",
        tmp_path / "state" / "game.json",
        tmp_path / "data" / "statistics.sqlite3",
    )


@pytest.fixture
def clock():
    return Clock()
