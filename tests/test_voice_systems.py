"""The game's own voice on Windows and macOS, and the voice for the player's language
(issue 20, point 2), with fakes: a fake pyttsx3 2.99 per driver (tests/fakes), a fake
`say` on PATH, and `pretend_system`. Nothing here ran on Windows or macOS."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import choose, espeak, say, speech
from halfmoon_a11y.voice.choose import engine_available, make_speaker, make_synthesizer
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice, VoiceNames
from halfmoon_a11y.voice.synth import SynthesisError, audio_header
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.fakes import fake_pythoncom, fake_pyttsx3
from tests.fakes.fake_espeak import FakeEspeak
from tests.support import RecordingSpeaker, RecordingVoice, wait_for

CODE = "HM1-N-EMQPNCT"
COPYING_PLAYER = """\
import shutil, sys
from pathlib import Path
log, audio = Path(sys.argv[1]), Path(sys.argv[2])
kept = log.with_name(f"heard-{len(log.read_text().splitlines()) if log.exists() else 0}")
shutil.copyfile(audio, kept.with_suffix(audio.suffix))
with log.open("a") as out:
    out.write(audio.name + "\\n")
"""
SAY_LISTING = """\
Albert              en_US    # Hello! My name is Albert.
Eddy (English (UK)) en_GB    # Hello! My name is Eddy.
Montse              ca_ES    # Hola! Em dic Montse.
Sara                da_DK    # Hej! Jeg hedder Sara.
"""
FAKE_SAY = """\
#!{python}
import json, sys
from pathlib import Path
args = sys.argv[1:]
text = sys.stdin.read() if "-f" in args else ""
with open({log!r}, "a") as out:
    out.write(json.dumps({{"args": args, "stdin": text}}) + "\\n")
if {fails!r}:
    sys.stderr.write("say: no speech synthesizer\\n")
    sys.exit(1)
if args == ["-v", "?"]:
    sys.stdout.write({listing!r})
    sys.exit(0)
sys.path.insert(0, {root!r})
from tests.fakes.fake_pyttsx3 import aiff_header
Path(args[args.index("-o") + 1]).write_bytes(aiff_header(2205) + b"\\x00\\x10" * 2205)
"""


@pytest.fixture
def fake_espeak(monkeypatch):
    """A fake espeak-ng library (no Catalan voice) as this process's espeak-ng."""
    fake = FakeEspeak()
    monkeypatch.setattr(espeak, "_ENGINE", fake)
    return fake


@pytest.fixture
def fake_engine(monkeypatch):
    """The fake pyttsx3 in place of the real one, fresh for each test."""
    monkeypatch.setitem(sys.modules, "pyttsx3", fake_pyttsx3)
    monkeypatch.setitem(sys.modules, "pythoncom", fake_pythoncom)
    monkeypatch.setattr(fake_pythoncom, "INITIALISED", [])
    monkeypatch.setattr(fake_pyttsx3, "ENGINES", [])
    monkeypatch.setattr(fake_pyttsx3, "INIT_ERROR", None)
    return fake_pyttsx3


def fake_say(tmp_path: Path, monkeypatch, fails: bool = False) -> Path:
    """A `say` on PATH that lists voices, writes a small AIFF file, and logs each call's
    arguments and standard input; with `fails`, one that fails each time."""
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "say.log"
    script = folder / "say"
    root = str(Path(__file__).resolve().parent.parent)
    script.write_text(
        FAKE_SAY.format(
            python=sys.executable, log=str(log), fails=fails, listing=SAY_LISTING, root=root
        )
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return log


def holds_audio(path: Path) -> bool:
    """Whether the file has samples after its header (and a header there is)."""
    header = audio_header(path)
    return header is not None and path.stat().st_size > header


def say_calls(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def copying_player(tmp_path: Path) -> list[str]:
    script = tmp_path / "copying_player.py"
    script.write_text(COPYING_PLAYER)
    return [sys.executable, str(script), str(tmp_path / "played.log")]


def heard(tmp_path: Path) -> list[str]:
    log = tmp_path / "played.log"
    return log.read_text().splitlines() if log.exists() else []


def voice_of(tmp_path: Path, settings: Settings) -> Voice:
    """The game's own voice as make_speaker builds it, with a player that copies each
    file it is given (the player's choice per system is another part's)."""
    names = VoiceNames()
    speaker = ThreadedSpeaker(
        lambda audio: make_synthesizer(audio, names),
        copying_player(tmp_path),
        settings.language,
        settings.rate,
    )
    return Voice(speaker, names=names)


def front_end(tmp_path: Path, language: str, written: list[str]) -> TextFrontEnd:
    session = Session(DealCode.parse(CODE), Settings(language=language))
    return TextFrontEnd(
        session, written.extend, lambda settings: voice_of(tmp_path, settings), True
    )


def test_no_fake_stands_in_for_a_real_module_in_the_test_run():
    """--doctest-modules imports every file under tests/: the fakes named pyttsx3 and
    pythoncom (tests/fakes/on_path) once came in under those names, and every later test
    that meant real espeak-ng got the fake."""
    for name in ("pyttsx3", "pythoncom"):
        module = sys.modules.get(name)
        assert "fakes" not in str(getattr(module, "__file__", "")), name
    assert not [entry for entry in sys.path if "fakes" in entry]


# -- Windows: SAPI5 ---------------------------------------------------------------------


def test_windows_speaks_english_with_an_english_voice_when_sapi5_has_no_catalan(
    fake_engine, pretend_system, tmp_path
):
    """Before: the Catalan words went to SAPI5's default voice, read as English."""
    pretend_system("windows")
    written: list[str] = []
    front = front_end(tmp_path, "ca", written)
    front.start()
    front.settle()  # speech auto: the voice is chosen beside the opening (as `serve` does)
    assert wait_for(lambda: len(heard(tmp_path)) >= 23)  # the deal, the table, the voice's
    front.close()
    (engine,) = fake_engine.ENGINES
    assert engine.driver_name == "sapi5"
    zira = fake_engine.VOICES["sapi5"][0]
    assert (
        "No hi ha cap veu en català en aquest ordinador. El joc parla en anglès, amb la veu "
        "Microsoft Zira Desktop, English, United States." in written
    )
    texts = [text for text, _file, _voice, _rate in engine.said]
    assert texts[0] == "New game, deal H M 1, N, E, M, Q, P, N, C, T. Type help for the commands."
    assert texts[21:23] == [  # after the table, where they are written
        "Voice, the game's own, since no screen reader is running. Type speech off to silence it.",
        "No Catalan voice on this computer. The game speaks English instead, "
        "with the voice Microsoft Zira Desktop, English, United States.",
    ]
    assert all(voice == zira.id for _text, _file, voice, _rate in engine.said)
    assert not any("Parella" in text or "Pila" in text for text in texts)  # no Catalan
    assert all(file.endswith(".wav") for _text, file, _voice, _rate in engine.said)


def test_sapi5_under_pyttsx3_2_99_makes_every_sentence_whole(fake_engine, pretend_system, tmp_path):
    """The 2.99 regression (#402, #419, #440) purges an asynchronous `say`; the game's
    `save_to_file` is synchronous on SAPI5, so each sentence's file is whole."""
    pretend_system("windows")
    names = VoiceNames()
    synthesize = make_synthesizer(tmp_path, names)
    files = [synthesize(f"Sentence {n}.", "en", 175) for n in range(4)]
    assert [holds_audio(f) for f in files] == [True] * 4
    assert names.wait(0) and names.speaks("da") == ("en", fake_engine.VOICES["sapi5"][0].name)


def test_sapi5_starts_com_on_each_speech_thread(fake_engine, pretend_system, tmp_path):
    """`speech off` then `speech on` starts a new speech thread: COM must be initialised
    there too, or SAPI5 cannot be created (comtypes did it for its importer only)."""
    pretend_system("windows")
    made = []
    for _ in range(2):
        thread = threading.Thread(
            target=lambda: made.append(make_synthesizer(tmp_path, VoiceNames()))
        )
        thread.start()
        thread.join(10)
    assert len(made) == 2 and len(fake_pythoncom.INITIALISED) == 2


def test_a_voice_list_that_cannot_be_read_leaves_every_language_as_before(
    fake_engine, pretend_system, tmp_path, monkeypatch
):
    """pyttsx3 2.99 reads each SAPI5 voice's Language as one hexadecimal number; a voice
    declaring two ("409;9") makes the whole list raise. The voice still speaks."""
    pretend_system("windows")

    def broken(self, name):
        raise ValueError("invalid literal for int() with base 16: '409;9'")

    monkeypatch.setattr(fake_engine.Engine, "getProperty", broken)
    names = VoiceNames()
    synthesize = make_synthesizer(tmp_path, names)
    assert names.wait(0) and names.speaks("ca") == ("ca", None)
    assert synthesize("Hola.", "ca", 175).exists()


def test_windows_engine_available_needs_pyttsx3_only(pretend_system, monkeypatch):
    pretend_system("windows")
    monkeypatch.setattr("importlib.util.find_spec", lambda name: object())
    monkeypatch.setattr("ctypes.util.find_library", lambda name: None)  # no espeak-ng
    assert engine_available()
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert not engine_available()


# -- macOS: NSSpeechSynthesizer, else `say` ----------------------------------------------


def test_macos_files_are_aiff_and_every_sentence_is_whole(fake_engine, pretend_system, tmp_path):
    """Before: the AIFF was named .wav, and from the second sentence on pyttsx3 2.99's
    runAndWait stopped the asynchronous synthesis at once: header-only files, skipped."""
    pretend_system("macos")
    names = VoiceNames()
    synthesize = make_synthesizer(tmp_path, names)
    files = [synthesize(f"Frase {n}.", "ca", 175) for n in range(3)]
    assert [f.suffix for f in files] == [".aiff"] * 3
    assert all(f.read_bytes().startswith(b"FORM") for f in files)
    assert all(holds_audio(f) for f in files)
    (engine,) = fake_engine.ENGINES
    assert engine.driver_name == "nsss"
    montserrat = fake_engine.VOICES["nsss"][2]
    assert [voice for _t, _f, voice, _r in engine.said] == [montserrat.id] * 3
    assert names.speaks("ca") == ("ca", "Montserrat")


def test_an_aiff_holding_its_header_alone_is_no_audio(tmp_path):
    empty = tmp_path / "empty.aiff"
    empty.write_bytes(fake_pyttsx3.aiff_header(0))
    assert empty.stat().st_size == audio_header(empty)
    partial = tmp_path / "partial.aiff"
    partial.write_bytes(b"FORM\x00\x00")
    assert audio_header(partial) is None


def test_macos_falls_back_to_say_when_pyttsx3_cannot_start(
    fake_engine, pretend_system, tmp_path, monkeypatch
):
    """Before: pyttsx3's objc trouble (#306) left the game without a voice."""
    pretend_system("macos")
    fake_engine.INIT_ERROR = NameError("name 'objc' is not defined")
    log = fake_say(tmp_path, monkeypatch)
    audio = tmp_path / "audio"
    audio.mkdir()
    names = VoiceNames()
    synthesize = make_synthesizer(audio, names)
    path = synthesize("-v Albert rm -rf; $(echo no)", "da", 220)
    assert path.suffix == ".aiff" and holds_audio(path)
    assert names.speaks("ca") == ("ca", "Montse")
    assert names.speaks("en") == ("en", "Eddy (English (UK))")  # en-gb first, as for espeak
    listing, spoken = say_calls(log)
    assert listing["args"] == ["-v", "?"]
    assert spoken["args"] == ["-v", "Sara", "-r", "220", "-o", str(path), "-f", "-"]
    assert spoken["stdin"] == "-v Albert rm -rf; $(echo no)"  # the text: never an argument


def test_a_say_that_fails_is_no_engine_and_the_game_says_so(
    fake_engine, pretend_system, tmp_path, monkeypatch
):
    pretend_system("macos")
    fake_engine.INIT_ERROR = ImportError("No module named 'objc'")
    fake_say(tmp_path, monkeypatch, fails=True)
    names = VoiceNames()
    with pytest.raises(Exception, match="say"):
        make_synthesizer(tmp_path, names)
    assert names.wait(0) and names.speaks("ca") == ("ca", None)  # nothing to wait for
    written: list[str] = []
    front = front_end(tmp_path, "en", written)
    front.start()
    front.settle()  # speech auto: the voice is chosen beside the opening (as `serve` does)
    assert isinstance(front.speaker, SilentSpeaker)  # known at once: the engine gave up
    front.line("info")
    front.close()
    assert "Speech is not available. No speech engine was found." in " ".join(written)


def test_a_sentence_say_cannot_make_is_a_synthesis_error(tmp_path, monkeypatch):
    log = fake_say(tmp_path, monkeypatch)
    synthesizer = say.SaySynthesizer(tmp_path)
    synthesizer.start()
    fails = tmp_path / "bin" / "say"
    fails.write_text(fails.read_text().replace("if False:", "if True:"))
    with pytest.raises(SynthesisError):
        synthesizer.synthesize("Hello.", "en", 175)
    assert len(say_calls(log)) == 2
    assert not list(tmp_path.glob("utterance-*"))


def test_macos_engine_available_with_say_alone(pretend_system, tmp_path, monkeypatch):
    """Before: on macOS without pyttsx3 the game found no engine, though `say` was there."""
    pretend_system("macos")
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert not engine_available()
    fake_say(tmp_path, monkeypatch)
    assert engine_available()


def test_make_speaker_chooses_the_engine_of_each_system(
    fake_engine, pretend_system, tmp_path, monkeypatch
):
    """make_speaker's voice tells its voices: SAPI5 on Windows, NSSS on macOS."""
    monkeypatch.setattr(choose, "engine_available", lambda: True)
    for system, driver in (("windows", "sapi5"), ("macos", "nsss")):
        pretend_system(system)
        voice = make_speaker(
            Settings(speech=SpeechMode.ON, language="en"),
            {"HALFMOON_A11Y_PLAYER": " ".join(copying_player(tmp_path))},
        )
        assert voice.trouble is None and voice.names is not None
        assert voice.names.wait(10)
        voice.speaker.close()
        assert fake_engine.ENGINES[-1].driver_name == driver


# -- the voice for the language, on every system -----------------------------------------


def test_linux_without_a_catalan_voice_speaks_english_and_says_so_once(fake_espeak, tmp_path):
    """espeak-ng without its Catalan voice (a machine may lack it): before, Catalan was
    read by the default English voice, and nothing said why."""
    written: list[str] = []
    front = front_end(tmp_path, "ca", written)
    front.start()
    front.settle()  # speech auto: the voice is chosen beside the opening (as `serve` does)
    danish, english = "gmq/da", "gmw/en"
    assert wait_for(lambda: len(fake_espeak.said) >= 3)
    front.line("info")
    front.line("lang da")
    front.line("info")
    assert wait_for(lambda: any(voice == danish for _t, voice, _r in fake_espeak.said))
    front.line("set lang ca")
    front.line("lang en")
    front.close()
    notice = (
        "No hi ha cap veu en català en aquest ordinador. "
        "El joc parla en anglès, amb la veu English, Great Britain."
    )
    notices = [line for line in written if "cap veu" in line or "stemme" in line]
    assert notices == [notice, notice]  # at the start, and at `lang ca` again; not for da
    assert {voice for _t, voice, _r in fake_espeak.said} == {english, danish}
    catalan = ("Temps", "Pila", "Puntuació", "Veu")
    assert not [text for text, _v, _r in fake_espeak.said if text.startswith(catalan)]


def pick_with_voices(voices: dict[str, str], language: str):
    """A game in `language` that plays `pick 1 8` with a recording voice whose engine has
    `voices` (language -> voice name); the speaker and the lines written."""
    names = VoiceNames()
    names.tell(voices)
    speakers: list[RecordingSpeaker] = []

    def factory(settings):
        speakers.append(RecordingVoice())
        return Voice(speakers[-1], names=names)

    session = Session(DealCode.parse(CODE), Settings(language=language))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory, True)
    front.start()
    front.line("pick 1 8")
    front.close()
    (speaker,) = speakers
    return speaker, written


def test_the_ear_follows_the_spoken_language_and_the_screen_the_players(tmp_path):
    """A fake voice that speaks English and Danish only: a Catalan player reads Catalan
    and hears English, and the notice is in both."""
    speaker, written = pick_with_voices({"en": "English", "da": "Danish"}, "ca")
    assert ("language", "en") in speaker.log
    notice = "No Catalan voice on this computer. The game speaks English instead, with the "
    assert notice + "voice English." in speaker.spoken()
    assert any(line.startswith("Pair removed, five of spades") for line in speaker.spoken())
    assert any(line.startswith("Parella retirada") for line in written)


def test_no_voice_for_any_language_silences_the_voice_and_says_why(tmp_path):
    speaker, written = pick_with_voices({}, "da")
    assert speaker.spoken() == []
    assert ("close",) in speaker.log
    assert (
        "Ingen dansk stemme på denne computer og heller ingen til spillets andre sprog. "
        "Spillets egen stemme er tavs." in written
    )


def test_a_voice_late_to_tell_its_languages_is_checked_at_the_next_answer(tmp_path, monkeypatch):
    monkeypatch.setattr(speech, "VOICE_WAIT", 0.01)
    names = VoiceNames()
    speaker = RecordingVoice()
    session = Session(DealCode.parse(CODE), Settings(language="ca"))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, lambda s: Voice(speaker, names=names), True)
    front.start()
    assert not any("cap veu" in line for line in written)
    threading.Timer(0.0, names.tell, [{"en": "Zira"}]).start()
    assert names.wait(5)
    front.line("info")
    front.line("info")
    front.close()
    notice = (
        "No hi ha cap veu en català en aquest ordinador. El joc parla en anglès, amb la veu Zira."
    )
    assert written.count(notice) == 1
    assert speaker.spoken()[-1].startswith("Time")  # the second info, heard in English


def test_speech_auto_and_on_check_the_language_again(tmp_path):
    names = VoiceNames()
    names.tell({"en": "Zira"})
    session = Session(DealCode.parse(CODE), Settings(language="ca"))
    written: list[str] = []
    front = TextFrontEnd(
        session, written.extend, lambda s: Voice(RecordingVoice(), names=names), True
    )
    front.start()
    front.line("veu no")
    front.line("veu sí")
    front.line("veu auto")
    front.close()
    assert sum("cap veu en català" in line for line in written) == 3


# -- the real program, with the Windows or macOS branches selected -----------------------

FAKES = Path(__file__).parent / "fakes"
ON_PATH = FAKES / "on_path"
LINE = ("--code", CODE)


@pytest.mark.parametrize("system", ["windows", "macos"])
def test_a_whole_game_speaks_through_each_systems_engine(system, tmp_path):
    """`HALFMOON_A11Y_PLATFORM` selects the branches; the fake pyttsx3 (and pythoncom)
    stand in for SAPI5 and AppKit. A Danish game: the fake SAPI5 has no Danish voice, so
    the game says so once and speaks English; the fake NSSS has one (Sara)."""
    root = Path(__file__).resolve().parent.parent
    log = tmp_path / "engine.log"
    env = {
        **os.environ,
        # tests/fakes: the fake msvcrt the lock takes on Windows (the game's alone, its
        # sitecustomize.py sees to that), and the fake winsound
        "PYTHONPATH": os.pathsep.join([str(ON_PATH), str(root), str(FAKES)]),
        "HALFMOON_A11Y_PLATFORM": system,
        "HALFMOON_A11Y_PLAYER": " ".join(copying_player(tmp_path)),
        "FAKE_PYTTSX3_LOG": str(log),
    }
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--speech", *("--lang", "da"), *LINE],
        input="info\nquit\n",  # the answer to quit is heard to its end (ui/leaving.py)
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    written = done.stdout.splitlines()
    made = [json.loads(line) for line in log.read_text().splitlines()]
    assert made, done.stdout
    notice = (
        "Ingen dansk stemme på denne computer. Spillet taler engelsk i stedet, "
        "med stemmen Microsoft Zira Desktop, English, United States."
    )
    if system == "windows":
        assert written.count(notice) == 1
        assert {entry["driver"] for entry in made} == {"sapi5"}
        assert {entry["voice"] for entry in made} == {fake_pyttsx3.VOICES["sapi5"][0].id}
        assert all(entry["file"].endswith(".wav") for entry in made)
        assert not [e for e in made if e["text"].startswith(("Tid", "Spillet er gemt", "Farvel"))]
        assert [e for e in made if e["text"].startswith(("The game is saved", "Goodbye"))]
    else:
        assert not [line for line in written if "stemme på denne computer" in line]
        assert {entry["driver"] for entry in made} == {"nsss"}
        assert all(entry["file"].endswith(".aiff") for entry in made)
        sara = fake_pyttsx3.VOICES["nsss"][1].id
        assert {entry["voice"] for entry in made} == {sara}
        assert [e for e in made if e["text"].startswith(("Spillet er gemt", "Farvel"))]
    info = (
        r"Tid \d+ sekund(er)?\. Score 0\. 0 træk\. 104 kort tilbage\. "
        r"Spilkode HM1 N, E, M, Q, P, N, C, T\."
    )
    assert any(re.fullmatch(info, line) for line in written)  # the real clock: any time


@pytest.mark.parametrize("speech", ["on", "auto"])
def test_an_engine_that_cannot_start_is_said_once_in_place_of_the_voice_line(
    speech, fake_engine, pretend_system, tmp_path
):
    """SAPI5 failing to start (comtypes, a broken voice): before, the game wrote "Speech
    is not available" before the deal, then "Voice, the game's own", which contradict."""
    pretend_system("windows")
    fake_engine.INIT_ERROR = OSError("SAPI5 could not be created")
    session = Session(DealCode.parse(CODE), Settings(language="en", speech=speech))
    written: list[str] = []
    front = TextFrontEnd(
        session, written.extend, lambda settings: voice_of(tmp_path, settings), True
    )
    front.start()
    front.settle()
    front.line("info")
    front.close()
    problem = "Speech is not available. No speech engine was found. The game goes on."
    assert not [line for line in written if line.startswith("Voice,")]
    assert written.count(problem) == 1
    assert written.index(problem) > 0 and written[0].startswith("New game")
    assert isinstance(front.speaker, SilentSpeaker)
