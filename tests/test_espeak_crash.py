"""espeak-ng crashing (SIGSEGV in its C code) costs the voice, never the game: it runs
in a process of its own, a crash on a sentence skips that sentence and starts it
again (at most twice a game), a crash as it starts stops the voice at once, and each
is said once. The crashes are real: a stand-in library (tests/fakes/crashing_espeak.c),
built here and found first through LD_LIBRARY_PATH, raises SIGSEGV where asked."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from halfmoon_a11y.voice import espeak_child as wire
from halfmoon_a11y.voice.espeak import Espeak
from halfmoon_a11y.voice.espeak_process import RESTARTS, EspeakProcess
from halfmoon_a11y.voice.notices import SPEECH_TROUBLES, SpeechTrouble
from halfmoon_a11y.voice.synth import EngineCrashed, SynthesisError
from tests.support import wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler for the stand-in"),
    pytest.mark.skipif(sys.platform != "linux", reason="espeak-ng is driven directly on Linux"),
]

SOURCE = Path(__file__).parent / "fakes" / "crashing_espeak.c"
REALTIME = Path(__file__).parent / "players" / "realtime_player.py"
CODE = "HM1-N-EMQPNCT"
RESTARTED = SPEECH_TROUBLES[SpeechTrouble.ENGINE_RESTARTED]
CRASHED = SPEECH_TROUBLES[SpeechTrouble.ENGINE_CRASHED]


@pytest.fixture(scope="module")
def fake_library(tmp_path_factory) -> Path:
    """A folder holding the stand-in as libespeak-ng.so.1."""
    folder = tmp_path_factory.mktemp("fake-espeak")
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-o", str(folder / "libespeak-ng.so.1"), str(SOURCE)],
        check=True,
        capture_output=True,
    )
    return folder


def real_program(
    tmp_path: Path, library: Path, espeak_starts: int, **variables: str
) -> subprocess.CompletedProcess[str]:
    """The game with speech on and the stand-in library; its commands typed once
    espeak-ng has started `espeak_starts` times (and crashed as it will), so that what
    the voice says of it comes with their answers."""
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path / "home"),
        "PYTHONPATH": str(Path.cwd()),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HALFMOON_A11Y_PLAYER": f"{sys.executable} {REALTIME} {tmp_path / 'played.log'}",
        "LD_LIBRARY_PATH": str(library),
        "FAKE_ESPEAK_LOG": str(tmp_path / "starts.log"),
        **variables,
    }
    game = subprocess.Popen(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--speech", "--code", CODE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environ,
        cwd=tmp_path,
    )
    wait_for(lambda: starts(tmp_path) >= espeak_starts or game.poll() is not None, 20)
    time.sleep(0.5)  # the last start's crash, if any, met by the voice
    try:
        stdout, stderr = game.communicate("pick 1 8\ninfo\nquit\n", timeout=60)
    except BrokenPipeError:  # the game died already
        stdout, stderr = game.communicate(timeout=60)
    return subprocess.CompletedProcess(game.args, game.returncode, stdout, stderr)


def starts(tmp_path: Path) -> int:
    log = tmp_path / "starts.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def played(tmp_path: Path) -> int:
    log = tmp_path / "played.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_a_crash_on_the_opening_s_first_sentence_costs_that_sentence_only(tmp_path, fake_library):
    """Before: espeak-ng ran in the game's process, and its crash on the opening's first
    sentence ended the game (exit -11) at every start."""
    done = real_program(tmp_path, fake_library, 2, FAKE_ESPEAK_CRASH="New game")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Score 10. 1 move." in done.stdout
    assert lines.count(RESTARTED) == 1  # said once, in the player's words
    assert CRASHED not in lines
    assert starts(tmp_path) == 2  # started again once, and the rest was spoken by it
    assert played(tmp_path) >= 2
    assert not (tmp_path / "state" / "halfmoon-a11y" / "errors.log").exists()


def test_a_crash_on_every_sentence_is_no_crash_loop(tmp_path, fake_library):
    """espeak-ng crashes on anything it says: started again at most twice, then the voice
    stops, said once; the game plays on."""
    done = real_program(tmp_path, fake_library, 1 + RESTARTS, FAKE_ESPEAK_CRASH=" ")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Score 10. 1 move." in done.stdout
    assert lines.count(CRASHED) == 1 and RESTARTED not in lines  # the later, said once
    assert starts(tmp_path) == 1 + RESTARTS
    assert played(tmp_path) == 0


def test_a_crash_as_espeak_ng_starts_stops_the_voice_at_once(tmp_path, fake_library):
    done = real_program(tmp_path, fake_library, 1, FAKE_ESPEAK_CRASH_START="1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Score 10. 1 move." in done.stdout
    assert lines.count(CRASHED) == 1 and RESTARTED not in lines
    assert starts(tmp_path) == 1  # never started again: it would crash the same way


# -- the process, asked directly -------------------------------------------------------


def test_the_sentence_that_crashed_is_never_sent_again(fake_library, monkeypatch):
    monkeypatch.setenv("FAKE_ESPEAK_CRASH", "boom")
    espeak = Espeak(EspeakProcess(str(fake_library / "libespeak-ng.so.1")))
    try:
        samples, rate = espeak.speak("One.", "gmw/en", 175)
        assert rate == 22050 and len(samples) == 2205 * 2
        with pytest.raises(EngineCrashed) as crash:
            espeak.speak("It goes boom.", "gmw/en", 175)
        assert not crash.value.final and "signal 11" in str(crash.value)
        with pytest.raises(SynthesisError) as again:
            espeak.speak("It goes boom.", "gmw/en", 175)
        assert not isinstance(again.value, EngineCrashed)  # refused, not sent
        samples, _ = espeak.speak("Two.", "gmw/en", 175)  # the new process, told again
        assert samples
        for crashes in range(RESTARTS):
            with pytest.raises(EngineCrashed) as crash:
                espeak.speak(f"It goes boom, {crashes}.", "gmw/en", 175)
        assert crash.value.final
        with pytest.raises(EngineCrashed):
            espeak.speak("Three.", "gmw/en", 175)  # stopped for good
    finally:
        espeak.close()


def test_the_process_speaks_the_frames_it_is_sent(fake_library):
    process = EspeakProcess(str(fake_library / "libespeak-ng.so.1"))
    try:
        assert process.start() == 22050
        status, voices = process.ask(wire.VOICES)
        assert status == 0 and voices == b"gmw/en\tEnglish\ten"
        assert process.ask(wire.SET_RATE + b"300") == (0, b"")
    finally:
        process.close()


def test_a_sentence_that_hangs_is_skipped_like_a_crash_and_leaves_no_process(
    tmp_path, fake_library
):
    """espeak-ng stuck on a sentence (a busy loop in its code): the call is bounded, the
    process killed and started again, the sentence skipped and said once; the game's way
    out is not held, and no synthesis process outlives the game."""
    began = time.monotonic()
    done = real_program(tmp_path, fake_library, 2, FAKE_ESPEAK_HANG="New game")
    took = time.monotonic() - began
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert "Score 10. 1 move." in done.stdout
    assert lines.count(RESTARTED) == 1
    assert starts(tmp_path) == 2
    assert took < 30  # before: the read never ended (the game waited for the voice)
    left = subprocess.run(
        ["pgrep", "-f", f"espeak_child.py {fake_library}"], capture_output=True, text=True
    )
    assert left.stdout == ""  # before: an orphan spinning the processor
