"""Issue 18, point 6: speech, sounds and players. A private speech folder, nothing planted
can crash a start, no usable folder means silence said as such, a hostile player costs
nothing, and a garbage sound in the cache is made again."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import wave
from functools import partial
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import earcons, folder
from halfmoon_a11y.voice.choose import engine_available, make_sound_player, make_speaker
from halfmoon_a11y.voice.notices import SPEECH_TROUBLES, SpeechTrouble
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.support import silence, wait_for

pytestmark = pytest.mark.slow  # the real program, with its voice

PLAYERS = Path(__file__).parent / "players"
REALTIME = PLAYERS / "realtime_player.py"
CODE = "HM1-N-EMQPNCT"


def played(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


@pytest.fixture
def speech_on(monkeypatch, tmp_path):
    """The game's own voice as the real game makes it, with a stand-in player; the
    engine is said to be there (the folder is made before any sentence)."""
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    log = tmp_path / "played.log"
    monkeypatch.setenv("HALFMOON_A11Y_PLAYER", f"{sys.executable} {REALTIME} {log}")
    return log


def game(settings: Settings, sounds: Path | None = None) -> tuple[TextFrontEnd, list[str]]:
    written: list[str] = []
    session = Session(DealCode.parse(CODE), settings)
    front = TextFrontEnd(
        session,
        written.extend,
        make_speaker,
        False,
        str(sounds) if sounds else None,
        make_sound_player if sounds else None,
    )
    return front, written


# -- anyone could plant a name in /tmp that crashed every player's game -------------------

PLANTED = ["halfmoon-speech-²-x", "halfmoon-speech-99999999999999999999-x"]


@pytest.mark.parametrize("name", PLANTED)
def test_a_name_planted_in_the_temporary_folder_does_not_crash_a_start_with_speech(
    name, speech_on, tmp_path, monkeypatch
):
    """Before: int("²") raised ValueError, and os.kill(99999999999999999999, 0)
    OverflowError, as the voice started: every player's game crashed at start."""
    shared = tmp_path / "shared-tmp"
    (shared / name).mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    front, written = game(Settings(language="en", speech="on"))
    front.start()
    front.line("pick 1 8")
    assert wait_for(lambda: len(played(speech_on)) >= 1)
    front.close()
    assert (shared / name).is_dir()  # someone else's: left alone
    assert not [line for line in written if line.startswith("Speech")]
    assert (
        "Pair removed, five of spades and six of diamonds. "
        "Pile 1, two of clubs, 7 cards. Pile 8, jack of clubs, 7 cards." in written
    )


@pytest.mark.parametrize("name", PLANTED)
def test_a_name_planted_in_the_temporary_folder_does_not_crash_the_first_sound(
    name, speech_on, tmp_path, monkeypatch
):
    """Before: with speech off, the sounds' player started at the first sound and
    crashed on the planted name."""
    shared = tmp_path / "shared-tmp"
    (shared / name).mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    front, written = game(Settings(language="en", speech="off"), tmp_path / "sounds")
    front.start()
    front.line("pick 1")
    assert wait_for(lambda: len(played(speech_on)) == 1)
    front.close()
    assert played(speech_on)[0].split()[1] == "0.110"  # the selection's sound, 110 ms
    assert "Selected, five of spades in pile 1." in written


def test_the_speech_folder_is_private_under_the_runtime_folder(tmp_path, monkeypatch):
    """Before: `halfmoon-speech-PID-RANDOM` in /tmp, where anyone can write and look."""
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    old = os.umask(0)
    try:
        speaker = ThreadedSpeaker(lambda where: lambda *a: silence(where, 0.01), ["true"])
    finally:
        os.umask(old)
    assert speaker._folder is not None
    made = Path(speaker._folder)
    assert made.parent == runtime / "halfmoon-a11y"
    assert folder.NAME.fullmatch(made.name)
    for each in (made, made.parent):
        status = each.lstat()
        assert stat.S_ISDIR(status.st_mode) and stat.S_IMODE(status.st_mode) == 0o700
        assert status.st_uid == os.geteuid()
    speaker.close()
    assert not made.exists()


@pytest.mark.parametrize("kind", ["open to others", "another user's", "a file", "missing"])
def test_a_runtime_folder_that_is_not_private_is_not_used(kind, tmp_path, monkeypatch):
    runtime = tmp_path / "run"
    if kind == "a file":
        runtime.write_text("")
    elif kind != "missing":
        runtime.mkdir()
        runtime.chmod(0o777 if kind == "open to others" else 0o700)
        if kind == "another user's":
            if os.geteuid() != 0:
                pytest.skip("only root can give a folder away")
            os.chown(runtime, 12345, 12345)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    made = Path(folder.make_speech_folder())
    cache = Path(os.environ["XDG_CACHE_HOME"]) / "halfmoon-a11y" / "speech"
    assert made.parent == cache
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    if runtime.is_dir():
        assert not (runtime / "halfmoon-a11y").exists()  # nothing made in it


def test_only_folders_provably_the_game_s_own_and_dead_are_removed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "none"))
    root = Path(folder.speech_root(os.environ))
    here = folder.host()
    dead_pid = 999_999_999  # above any pid_max: no such process
    dead = root / f"speech-{here}-{dead_pid}-{'a' * 12}"
    canary = tmp_path / "canary"
    canary.mkdir()
    (canary / "keep").write_text("mine")
    kept = {
        "alive": f"speech-{here}-{os.getppid()}-{'b' * 12}",
        "this game": f"speech-{here}-{os.getpid()}-{'c' * 12}",
        "another machine": f"speech-0badcafe-{dead_pid}-{'d' * 12}",
        "superscript": f"speech-{here}-²-{'e' * 12}",
        "huge": f"speech-{here}-99999999999999999999-{'f' * 12}",
        "leading zero": f"speech-{here}-0{dead_pid}-{'1' * 12}",
        "too large for a pid": f"speech-{here}-4294967296-{'2' * 12}",
        "arabic digits": f"speech-{here}-١٢٣-{'3' * 12}",
        "longer": f"speech-{here}-{dead_pid}-{'4' * 12}x",
        "a file": f"speech-{here}-{dead_pid}-{'5' * 12}",
        "a link": f"speech-{here}-{dead_pid}-{'6' * 12}",
        "another user's": f"speech-{here}-{dead_pid}-{'7' * 12}",
    }
    dead.mkdir()
    (dead / "utterance-0.wav").write_bytes(b"RIFF")
    for what, name in kept.items():
        path = root / name
        if what == "a file":
            path.write_text("")
        elif what == "a link":
            path.symlink_to(canary)
        else:
            path.mkdir()
            if what == "another user's" and os.geteuid() == 0:
                os.chown(path, 12345, 12345)
    made = Path(folder.make_speech_folder())
    assert not dead.exists()
    assert made.is_dir() and made.parent == root
    for what, name in kept.items():
        if what == "another user's" and os.geteuid() != 0:
            continue
        assert os.path.lexists(root / name), what
    assert (canary / "keep").read_text() == "mine"


# -- no usable folder: the game starts silent and says why ---------------------------------


def test_no_usable_folder_starts_the_game_silent_and_says_why(speech_on, tmp_path, monkeypatch):
    """Before: tempfile.mkdtemp raised FileNotFoundError as the voice started, and the
    game never started."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "missing"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))  # under a file: never
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    monkeypatch.setattr(tempfile, "tempdir", str(blocker / "tmp"))
    front, written = game(Settings(language="da", speech="on"))
    front.start()
    front.line("pick 1 8")
    front.close()
    said = (
        "Tale er ikke tilgængelig. Der kunne ikke oprettes en privat mappe til lyden. "
        "Spillet fortsætter uden tale."
    )
    assert written.count(said) == 1
    assert (
        "Par fjernet, spar fem og ruder seks. "
        "Bunke 1, klør to, 7 kort. Bunke 8, klør knægt, 7 kort." in written
    )
    assert played(speech_on) == []


def test_the_reason_has_a_sentence():
    assert SpeechTrouble.NO_FOLDER in SPEECH_TROUBLES


def test_no_usable_folder_in_the_real_program(tmp_path):
    """The whole program with speech on, the runtime folder, the cache folder and TMPDIR
    each under a file: it starts, says why it is silent, and plays. (A runtime folder
    merely missing is made, private, by espeak-ng's sound library, PulseAudio's, as
    espeak-ng starts beside the game's own check: on a busy machine first, and then the
    voice rightly uses it.)"""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    done = real_program(
        tmp_path,
        XDG_RUNTIME_DIR=str(blocker / "run"),
        XDG_CACHE_HOME=str(blocker / "cache"),
        TMPDIR=str(blocker / "tmp"),
    )
    assert (
        "Speech is not available. No private folder for its audio could be made. The game goes on."
    ) in done.stdout.splitlines()


@pytest.mark.parametrize("name", PLANTED)
def test_a_name_planted_in_the_temporary_folder_does_not_crash_the_real_program(name, tmp_path):
    shared = tmp_path / "shared-tmp"
    (shared / name).mkdir(parents=True)
    """Before: the start's crash was caught as a bug of the game's own ("Something went
    wrong", a traceback in errors.log) and the voice never started."""
    done = real_program(tmp_path, TMPDIR=str(shared))
    assert "Something went wrong" not in done.stdout
    assert not (tmp_path / "state" / "halfmoon-a11y" / "errors.log").exists()
    assert not [line for line in done.stdout.splitlines() if line.startswith("Speech")]
    assert (shared / name).is_dir()


def real_program(tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    """The whole program with speech on and the stand-in player: it starts and plays."""
    if not engine_available():
        pytest.skip("no speech engine here: the folder is never reached")
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path / "home"),
        "PYTHONPATH": str(Path.cwd()),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HALFMOON_A11Y_PLAYER": f"{sys.executable} {REALTIME} {tmp_path / 'played.log'}",
        **variables,
    }
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--speech", "--code", CODE],
        input="pick 1 8\ninfo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=environ,
        cwd=tmp_path,  # the package from PYTHONPATH, not from the folder the tests run in
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Score 10. 1 move." in done.stdout
    return done


# -- hostile players -----------------------------------------------------------------------

FLOOD = """
import resource, sys, time, wave
from pathlib import Path
from halfmoon_a11y.voice.worker import ThreadedSpeaker

where, megabytes = Path(sys.argv[1]), sys.argv[2]
sound = where / "sound.wav"
with wave.open(str(sound), "wb") as out:
    out.setnchannels(1); out.setsampwidth(2); out.setframerate(8000)
    out.writeframes(bytes(1600))
log = where / "played.log"
player = [sys.executable, sys.argv[3], str(log), megabytes]
speaker = ThreadedSpeaker(lambda folder: None, player, speaks=False)
time.sleep(0.2)  # the worker thread up: its own memory is not the flood's
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
speaker.play([str(sound)])
deadline = time.monotonic() + 60
while not (log.exists() and log.read_text()) and time.monotonic() < deadline:
    time.sleep(0.01)
time.sleep(0.3)  # the sound (0.1 s) played to its end
speaker.close()
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(len(log.read_text().splitlines()), (after - before) // 1024)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="resource is POSIX only")
def test_a_player_that_floods_its_standard_error_costs_the_game_no_memory(tmp_path):
    """Before: every byte the player wrote to stderr was kept until it ended; 64 MB of
    chatter grew the game by 128 MB at its peak (about 200 MB a second from a player that
    never stops)."""
    script = tmp_path / "flood.py"
    script.write_text(textwrap.dedent(FLOOD))
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path), "64", str(PLAYERS / "stderr_flood_player.py")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path.cwd())},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    count, grown_megabytes = (int(word) for word in done.stdout.split())
    assert count == 1  # the sound was played
    assert grown_megabytes < 8, f"the game grew {grown_megabytes} MB"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="fork, setsid and /proc")
@pytest.mark.parametrize("where", ["group", "session"])
def test_a_player_that_leaves_a_process_behind_neither_silences_the_voice_nor_slows_quit(
    where, tmp_path
):
    """Before: the worker read the player's stderr to its end, which came only when the
    process the player left behind ended (30 s here): the next sentence waited for it,
    and closing the voice took its full 2 s timeout."""
    log = tmp_path / "played.log"
    player = [sys.executable, str(PLAYERS / "leaves_a_sleeper_player.py"), str(log), where]
    audio = tmp_path / "audio"  # the speaker's own: it removes it when it closes
    audio.mkdir()
    speaker = ThreadedSpeaker(
        lambda folder: lambda *a: silence(folder, 0.1), player, folder=str(audio)
    )
    sleepers = tmp_path / "played.log.sleepers"
    try:
        speaker.speak(["one", "two"])
        both = wait_for(lambda: len(played(log)) == 2, 10)
        before = time.monotonic()
        speaker.close()
        closing = time.monotonic() - before
        assert both, played(log)
        assert closing < 0.5
        if where == "group":  # the player's own group: ended with it
            for pid in sleepers.read_text().split():
                assert wait_for(partial(_ended, int(pid)), 2)
    finally:
        speaker.close()
        for pid in sleepers.read_text().split() if sleepers.exists() else []:
            if _running(int(pid)):
                os.kill(int(pid), signal.SIGKILL)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as status:
            return status.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def _ended(pid: int) -> bool:
    return not _running(pid)


# -- a garbage sound file in the cache -----------------------------------------------------

SELECTED = earcons.sound(earcons.SELECTED, Location.parse("1"))


def _plant(kind: str, path: Path, tmp_path: Path) -> None:
    whole = tmp_path / "whole.wav"
    earcons.write(str(whole), SELECTED)
    good = whole.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "garbage":
        path.write_bytes(os.urandom(len(good)))
    elif kind == "cut short":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "header only":
        path.write_bytes(good[:44])
    elif kind == "too long":
        path.write_bytes(good + bytes(4000))
    elif kind == "another format":
        with wave.open(str(path), "wb") as out:  # a valid WAV, not this sound
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(44100)
            out.writeframes(bytes(len(good) - 44))
    elif kind == "a fifo":
        os.mkfifo(path)
    elif kind == "a link":
        path.symlink_to(whole)


@pytest.mark.parametrize(
    "kind",
    ["garbage", "cut short", "header only", "too long", "another format", "a fifo", "a link"],
)
def test_a_bad_sound_file_in_the_cache_is_made_again(kind, tmp_path):
    """Before: any file over 44 bytes was taken as the sound and handed to the player,
    which failed on it and was blamed, every time, for ever."""
    sounds = earcons.Earcons(tmp_path / "cache")
    path = Path(sounds.folder) / SELECTED.name
    _plant(kind, path, tmp_path)
    assert sounds.file(SELECTED) == str(path)
    assert not path.is_symlink() and path.is_file()
    assert path.read_bytes() == (tmp_path / "whole.wav").read_bytes()
    assert earcons.is_whole(str(path), SELECTED)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_whole_sound_file_is_used_as_it_is(tmp_path, monkeypatch):
    sounds = earcons.Earcons(tmp_path / "cache")
    path = sounds.file(SELECTED)
    assert path is not None
    made_at = os.stat(path).st_mtime_ns
    monkeypatch.setattr(earcons, "write", lambda *a: pytest.fail("made again"))
    assert sounds.file(SELECTED) == path and os.stat(path).st_mtime_ns == made_at


def test_a_garbage_sound_in_the_cache_is_played_once_remade(speech_on, tmp_path):
    """The whole way: a garbage file where `pick 1`'s sound is kept; the player plays
    the sound made again (before: it failed on the garbage)."""
    cache = tmp_path / "sounds"
    _plant("garbage", cache / f"v{earcons.VERSION}" / SELECTED.name, tmp_path)
    front, _ = game(Settings(language="en", speech="off"), cache)
    front.start()
    front.line("pick 1")
    assert wait_for(lambda: len(played(speech_on)) == 1)
    time.sleep(0.2)  # the sound (0.11 s) played to its end, not killed by closing
    front.close()
    assert played(speech_on)[0].split()[1] == "0.110"


def test_a_folder_where_a_sound_goes_means_no_sound_not_a_crash(tmp_path):
    sounds = earcons.Earcons(tmp_path / "cache")
    (Path(sounds.folder) / SELECTED.name).mkdir(parents=True)
    assert sounds.file(SELECTED) is None


def test_many_threads_asking_for_the_same_missing_sound_all_get_it_whole(tmp_path):
    sounds = earcons.Earcons(tmp_path / "cache")
    got: list[str | None] = []
    threads = [threading.Thread(target=lambda: got.append(sounds.file(SELECTED))) for _ in range(8)]
    for each in threads:
        each.start()
    for each in threads:
        each.join()
    assert len(set(got)) == 1 and got[0] is not None and earcons.is_whole(got[0], SELECTED)


def test_on_windows_a_killed_game_s_speech_folder_is_removed_by_asking_windows(
    tmp_path, monkeypatch, pretend_system
):
    """Before: on Windows no folder was ever found dead (kill(pid, 0) would end the
    process there), so every killed game's folder stayed for good. Now Windows itself is
    asked (host/windows_process.py, a fake kernel32 here), never os.kill."""
    from tests.fakes_loader import fake_kernel32

    kernel = fake_kernel32(monkeypatch)
    alive_pid, dead_pid, others_pid = 4242, 4244, 4248
    kernel.processes[alive_pid] = (True, time.time() - 60)
    kernel.processes[dead_pid] = (False, time.time() - 600)  # ended: its exit code is set
    kernel.denied.add(others_pid)  # another user's: cannot be asked, so it runs

    def kill(process, signal):
        raise AssertionError("os.kill on Windows ends the process it names")

    monkeypatch.setattr(os, "kill", kill)
    pretend_system("windows")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "none"))
    root = Path(folder.speech_root(os.environ))
    here = folder.host()
    never = 4246  # no process has this number
    gone = [root / f"speech-{here}-{pid}-{'a' * 12}" for pid in (dead_pid, never)]
    kept = [root / f"speech-{here}-{pid}-{'b' * 12}" for pid in (alive_pid, others_pid)]
    for path in gone + kept:
        path.mkdir(parents=True)
    assert folder.remove_dead_folders(str(root)) == 2
    assert not any(path.exists() for path in gone)
    assert all(path.exists() for path in kept)
    assert kernel.open_handles == set()
