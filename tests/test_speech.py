"""The game's own voice: what is said, interruption, and playing on without a voice."""

import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice.choose import engine_available, make_speaker
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.speaker import Voice
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.support import RecordingSpeaker, RecordingVoice, silence, wait_for

PLAYER = Path(__file__).parent / "players" / "realtime_player.py"
SCRIPT = [
    "pick 1 8",
    "pick 8 5 3",
    "set move-errors on",
    "pick 1 2",
    "repeat",
    "info",
    "set rate 220",
    "speech off",
    "pick 1",
    "speech on",
    "undo",
    "quit",
]


def recorded_game(language: str) -> tuple[list[RecordingSpeaker], list[str]]:
    speakers: list[RecordingSpeaker] = []

    def factory(settings):
        speaker = RecordingVoice()
        speaker.adjust("language", settings.language)
        speakers.append(speaker)
        return Voice(speaker)

    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory)
    front.start()
    for line in SCRIPT:
        front.line(line)
    front.close()
    log = [" ".join(entry) for speaker in speakers for entry in speaker.log]
    return speakers, [*log, "-- written --", *written]


@pytest.mark.parametrize("language", ["ca", "da"])
def test_spoken_game(language, snapshot_text):
    _, log = recorded_game(language)
    assert "\n".join(log) + "\n" == snapshot_text


def test_everything_written_is_spoken_unless_speech_is_off():
    speakers, log = recorded_game("ca")
    written = log[log.index("-- written --") + 1 :]
    spoken = [line for s in speakers for line in s.spoken()]
    # "speech off" and the "pick 1" after it are written but said by nobody; the rest is
    # both, with the deal code spelled out for the ear
    off = written.index("Veu, desactivada.")
    assert written[off + 1] == "Seleccionada, dos de trèvols a la pila 1."
    assert [for_the_ear(line) for line in written[:off] + written[off + 2 :]] == spoken
    assert (
        "Partida nova, codi H M 1, N, E, M, Q, P, N, C, T. Escriu ajuda per veure les ordres."
        in spoken
    )


def player_command(tmp_path: Path) -> list[str]:
    return [sys.executable, str(PLAYER), str(tmp_path / "played.log")]


def played(tmp_path: Path) -> list[str]:
    log = tmp_path / "played.log"
    return log.read_text().splitlines() if log.exists() else []


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_interruption_drops_queued_utterances_and_stops_the_player(tmp_path):
    started = threading.Event()
    speaker = ThreadedSpeaker(
        lambda folder: lambda text, lang, rate: silence(folder, 5.0), player_command(tmp_path)
    )
    speaker.on_play = lambda text: started.set()
    speaker.speak(["one", "two", "three", "four"])
    assert started.wait(10)
    assert wait_for(lambda: played(tmp_path))  # the player is running its five seconds of audio
    before = time.monotonic()
    speaker.interrupt()
    stopped = time.monotonic() - before
    time.sleep(0.5)  # had they not been dropped, "two" would have started by now
    speaker.close()
    assert stopped < 0.5
    assert len(played(tmp_path)) == 1  # "two", "three" and "four" were dropped


def test_a_failing_player_is_reported_once_and_the_game_goes_on(tmp_path):
    def factory(settings):
        return make_speaker(settings, {"HALFMOON_A11Y_PLAYER": "false"})

    if not engine_available():
        pytest.skip("espeak-ng is not installed: the player is never reached")
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="da"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory)
    front.start()
    front.settle()  # speech auto: the voice is chosen beside the opening
    speaker = front.speaker
    assert isinstance(speaker, ThreadedSpeaker)
    assert wait_for(lambda: speaker._broken)  # three sentences in a row fail: it stops
    front.line("pick 1 8")
    front.line("info")
    front.close()
    problems = [line for line in written if line.startswith("Talen er stoppet")]
    assert problems == ["Talen er stoppet. Lydafspilleren fejlede. Spillet fortsætter uden lyd."]
    assert (
        "Tid 0 sekunder. Score 10. 1 træk. 102 kort tilbage. Spilkode HM1 N, E, M, Q, P, N, C, T."
        in written
    )


def test_no_engine_is_said_once_and_the_game_plays(monkeypatch):
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: False)
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="ca"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, make_speaker)
    front.start()
    front.line("pick 1 8")
    no_engine = "La veu no està disponible. No s'ha trobat cap motor de veu."
    assert written.count(no_engine + " El joc continua sense veu.") == 1
    assert (
        "Parella retirada, cinc de piques i sis de diamants. "
        "Pila 1, dos de trèvols, 7 cartes. Pila 8, sota de trèvols, 7 cartes." in written
    )


def test_no_player_is_said_once_by_the_real_program(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "halfmoon_a11y",
            "--plain",
            "--speech",
            "--lang",
            "en",
            "--code",
            "HM1-N-EMQPNCT",
        ],
        input="pick 1 8\ninfo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": str(tmp_path), "HOME": str(tmp_path), "PYTHONPATH": str(Path.cwd())},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    problem = [line for line in done.stdout.splitlines() if line.startswith("Speech")]
    assert len(problem) == 1
    assert "Score 10. 1 move." in done.stdout


needs_espeak = pytest.mark.skipif(
    not engine_available(), reason="espeak-ng is not installed here (CI installs it)"
)


@needs_espeak
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "ca",
            "Parella retirada, cinc de piques i sis de diamants. Puntuació 10, queden 102 cartes.",
        ),
        ("da", "Par fjernet, spar fem og ruder seks. Score 10, 102 kort tilbage."),
    ],
)
def test_real_speech_makes_real_audio(language, sentence, tmp_path):
    started = threading.Event()
    voice = make_speaker(
        Settings(language=language),
        {"HALFMOON_A11Y_PLAYER": " ".join(player_command(tmp_path))},
    )
    assert voice.trouble is None
    speaker = voice.speaker
    assert isinstance(speaker, ThreadedSpeaker)
    speaker.on_play = lambda text: started.set()
    speaker.speak([sentence])
    assert started.wait(10)
    assert wait_for(lambda: played(tmp_path))
    speaker.close()
    _, seconds, kept = played(tmp_path)[0].split(" ", 2)
    assert 2.0 < float(seconds) < 15.0  # a sentence of a dozen words
    with wave.open(kept, "rb") as audio:
        frames = audio.readframes(audio.getnframes())
    assert any(frames[i] for i in range(0, len(frames), 97))  # not silence


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@needs_espeak
def test_real_speech_is_interrupted_within_a_fraction_of_a_second(tmp_path):
    started = threading.Event()
    speaker = make_speaker(
        Settings(language="ca"), {"HALFMOON_A11Y_PLAYER": " ".join(player_command(tmp_path))}
    ).speaker
    assert isinstance(speaker, ThreadedSpeaker)
    speaker.on_play = lambda text: started.set()
    speaker.speak(["Pila 1, cinc de piques, 8 cartes. " * 12])
    assert started.wait(10)
    assert wait_for(lambda: played(tmp_path))  # the real player is running
    before = time.monotonic()
    speaker.interrupt()
    assert time.monotonic() - before < 0.3
    speaker.close()


def test_a_sentence_that_cannot_be_synthesised_is_skipped_and_the_next_is_spoken(tmp_path):
    """Before: one failed synthesis ended the voice for the run, with a false message."""

    def factory(folder):
        def synthesize(text, language, rate):
            if text == "two":
                raise RuntimeError("no audio")
            return silence(folder, 0.05)

        return synthesize

    played_texts: list[str] = []
    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    speaker.on_play = played_texts.append
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: len(played_texts) >= 2)
    assert speaker.failure is SpeechTrouble.SENTENCE_NOT_SYNTHESISED
    speaker.speak(["two", "four"])  # the same trouble again is not said twice
    assert wait_for(lambda: len(played_texts) >= 3)
    speaker.close()
    assert played_texts == ["one", "three", "four"]
    assert speaker.failure is None


def test_an_empty_first_attempt_is_tried_again(tmp_path):
    attempts: list[str] = []

    def factory(folder):
        def synthesize(text, language, rate):
            attempts.append(text)
            if attempts.count(text) == 1:
                raise RuntimeError("only a header")  # pyttsx3's occasional empty file
            return silence(folder, 0.05)

        return synthesize

    played_texts: list[str] = []
    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    speaker.on_play = played_texts.append
    speaker.speak(["one", "two"])
    assert wait_for(lambda: len(played_texts) >= 2)
    speaker.close()
    assert played_texts == ["one", "two"] and speaker.failure is None


def test_a_player_that_fails_once_skips_one_sentence(tmp_path):
    mark = tmp_path / "failed-once"
    player = " ".join([sys.executable, str(PLAYER), str(tmp_path / "played.log")])
    fails_once = f'test -e {mark} || {{ touch {mark}; exit 1; }}; exec {player} "$0"'
    speaker = ThreadedSpeaker(
        lambda folder: lambda text, lang, rate: silence(folder, 0.05), ["sh", "-c", fails_once]
    )
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: len(played(tmp_path)) >= 2)
    time.sleep(0.2)  # "one" played again (a retry) would show by now
    speaker.close()
    assert len(played(tmp_path)) == 2  # "one" failed; "two" and "three" were played
    assert speaker.failure is SpeechTrouble.SENTENCE_NOT_PLAYED


@needs_espeak
def test_typing_fast_never_ends_speech(tmp_path):
    """200 commands as fast as possible, each interrupting the last read-out, with real
    espeak-ng synthesis and a real-time player: the last answer is still spoken."""
    spoken_after: list[tuple[float, str]] = []

    def factory(settings):
        voice = make_speaker(settings, {"HALFMOON_A11Y_PLAYER": " ".join(player_command(tmp_path))})
        assert isinstance(voice.speaker, ThreadedSpeaker)
        voice.speaker.on_play = lambda text: spoken_after.append((time.monotonic(), text))
        return voice

    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="da"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory)
    front.start()
    commands = ["board", "info", "pile 3", "reserve", "board", "help"]
    for index in range(199):
        front.line(commands[index % len(commands)])
        if index % 10 == 0:
            time.sleep(0.02)  # now and then long enough for a sentence to start playing
    last_submitted = time.monotonic()
    front.line("code")
    last_answer = "Spilkode H M 1, N, E, M, Q, P, N, C, T."
    spoken = wait_for(
        lambda: any(at >= last_submitted and text == last_answer for at, text in spoken_after)
    )
    assert isinstance(front.speaker, ThreadedSpeaker)
    broken = front.speaker._broken
    front.close()
    assert not broken
    assert spoken
    assert not [line for line in written if line.startswith("Talen er stoppet")]


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_interrupting_a_wrapper_player_stops_the_real_player(tmp_path):
    """Before: only the wrapper was killed; the real player played on and held the pipe."""
    log = tmp_path / "played.log"
    wrapper = f'{sys.executable} {PLAYER} {log} "$0"; true'  # sh waits for its child
    started = threading.Event()
    speaker = ThreadedSpeaker(
        lambda folder: lambda text, lang, rate: silence(folder, 5.0), ["sh", "-c", wrapper]
    )
    speaker.on_play = lambda text: started.set()
    speaker.speak(["one"])
    assert started.wait(10)
    assert wait_for(lambda: played(tmp_path))  # the real player is running
    speaker.interrupt()

    def playing() -> bytes:
        alive = subprocess.run(["pgrep", "-f", str(log)], capture_output=True, check=False)
        return alive.stdout if alive.returncode != 1 else b""

    # gone at once: well within the five seconds it would have played on for
    gone = wait_for(lambda: not playing(), 2.0)
    before = time.monotonic()
    speaker.close()
    assert time.monotonic() - before < 1.0
    assert gone, playing()  # no process left playing


def test_an_unbalanced_quote_in_the_player_command_is_no_player():
    """Before: shlex.split raised ValueError and the start crashed."""
    from halfmoon_a11y.voice.player import find_player

    assert find_player({"HALFMOON_A11Y_PLAYER": '"oops'}) is None


def test_an_engine_that_raises_system_exit_is_said(tmp_path):
    """Before: pyttsx3.init raising SystemExit ended the speech thread with no notice."""

    def factory(folder):
        raise SystemExit(1)

    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    assert wait_for(lambda: speaker._failure is not None)
    assert speaker.failure is SpeechTrouble.NO_ENGINE
    speaker.close()


def test_an_engine_that_hangs_while_loading_is_said(tmp_path, monkeypatch):
    """Before: a pyttsx3.init that hung left the game silent without a word."""
    monkeypatch.setattr("halfmoon_a11y.voice.worker.ENGINE_START_TIMEOUT", 0.3)
    never = threading.Event()

    def factory(folder):
        def synthesize(text, language, rate):
            never.wait(30)  # the engine never comes up
            raise RuntimeError("gave up")

        return synthesize

    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    speaker.speak(["one"])
    # (asking for the failure consumes it: the first answer past the 0.3 s is the one)
    assert wait_for(lambda: speaker.failure is SpeechTrouble.NO_ENGINE)
    never.set()
    speaker.close()


def test_the_next_sentence_is_synthesised_while_one_plays(tmp_path):
    """Issue 12: before, a sentence was synthesised only after the one before it had
    finished playing, a silence of 10 to 15 ms between the lines of `board`."""
    happened: list[str] = []
    lock = threading.Lock()

    def note(what: str) -> None:
        with lock:
            happened.append(what)

    def factory(folder):
        def synthesize(text, language, rate):
            note(f"made {text}")
            return silence(folder, 0.3)

        return synthesize

    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    speaker.on_play = lambda text: note(f"plays {text}")
    speaker.on_end = lambda: note("ended")
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: happened.count("ended") >= 3)
    speaker.close()
    assert happened == [
        "made one",
        "plays one",
        "made two",  # while one plays
        "ended",
        "plays two",  # at once: it was ready
        "made three",
        "ended",
        "plays three",
        "ended",
    ]


def test_an_interruption_drops_the_sentence_made_ahead(tmp_path):
    made: list[str] = []

    def factory(folder):
        def synthesize(text, language, rate):
            made.append(text)
            return silence(folder, 5.0)

        return synthesize

    played_texts: list[str] = []
    speaker = ThreadedSpeaker(factory, player_command(tmp_path))
    speaker.on_play = played_texts.append
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: made == ["one", "two"])  # "two" is ready while "one" plays
    speaker.interrupt()
    speaker.speak(["after"])
    assert wait_for(lambda: "after" in played_texts)
    speaker.close()
    assert played_texts == ["one", "after"]  # "two" was made, never played; "three" dropped
    assert made == ["one", "two", "after"]
