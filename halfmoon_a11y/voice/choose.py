"""Choosing the speaker for this machine: the game's voice where it can work, else silence."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host import system
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.voice import espeak, playback, say, screen_reader, synth
from halfmoon_a11y.voice.espeak_library import find_library
from halfmoon_a11y.voice.folder import make_speech_folder
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice, VoiceNames
from halfmoon_a11y.voice.synth import EngineCrashed
from halfmoon_a11y.voice.worker import ThreadedSpeaker

if TYPE_CHECKING:
    from pathlib import Path

    from halfmoon_a11y.voice.speaker import Speaker
    from halfmoon_a11y.voice.worker import Synthesize

# This module is loaded only when the game's own voice or its sounds may play (the
# composition root's factories, ui/world.py): a start with speech off loads none of the
# speech thread, the player, the screen-reader checks or the engines' wrappers (each
# loads its engine itself, pyttsx3 or espeak-ng's library, when it is started).


def engine_available() -> bool:
    if system.is_macos():  # NSSpeechSynthesizer through pyttsx3, else the `say` command
        return importlib.util.find_spec("pyttsx3") is not None or say.available()
    if system.is_windows():
        return importlib.util.find_spec("pyttsx3") is not None  # SAPI5
    return find_library() is not None  # espeak-ng's own library, in a process of its own


def make_synthesizer(audio: Path, names: VoiceNames) -> Synthesize:
    """The synthesiser for this system, its engine loaded now (on the speech thread, which
    owns it), its voices told to `names`: espeak-ng driven directly on Linux,
    pyttsx3 on Windows and macOS; on macOS, where pyttsx3 cannot start (its objc
    troubles), the `say` command. Raises when there is none: the voice says so."""
    synthesizer: synth.Pyttsx3Synthesizer | say.SaySynthesizer | espeak.EspeakSynthesizer
    driver = synth.driver_name()
    if driver is None:
        synthesizer = espeak.EspeakSynthesizer(audio)
    else:
        synthesizer = synth.Pyttsx3Synthesizer(audio, driver)
    try:
        synthesizer.start()
    except EngineCrashed:  # espeak-ng's process crashed as it started
        names.give_up(SpeechTrouble.ENGINE_CRASHED)
        raise
    except BaseException:  # pyttsx3.init can even raise SystemExit
        if not (system.is_macos() and say.available()):
            names.give_up()
            raise
        synthesizer = say.SaySynthesizer(audio)
        try:
            synthesizer.start()
        except BaseException:
            names.give_up()
            raise
    try:
        names.tell(synthesizer.voice_names())
    except Exception:  # a voice list that cannot be read: every language as before
        names.tell(None)
    return synthesizer.synthesize


def make_sound_player(
    environ: Mapping[str, str] | None = None, configured_player: str | None = None
) -> Speaker | None:
    """A player for the earcons alone, when the game's own voice is silent (a screen
    reader speaks, or speech is off); None when this system has no way to play them."""
    backend = playback.find_backend(environ, configured_player)
    if backend is None:
        return None
    return ThreadedSpeaker(_no_voice, backend, speaks=False)


def _no_voice(folder: Path) -> Callable[[str, str, int], Path]:
    def synthesize(text: str, language: str, rate: int) -> Path:
        raise RuntimeError("this player plays sounds only")

    return synthesize


def make_speaker(
    settings: Settings,
    environ: Mapping[str, str] | None = None,
    configured_player: str | None = None,
    detect: Callable[[], str | None] | None = None,
    folder: str | None = None,
) -> Voice:
    """The game's own voice when the speech setting wants it and the machine allows.
    `detect`: the screen-reader check (voice.screen_reader's, unless a test gives one).
    `folder`: the game's cache folder, for the speech files where the runtime folder
    cannot hold them (voice/folder.py)."""
    mode = SpeechMode(settings.speech)
    if mode is SpeechMode.OFF:
        return Voice(SilentSpeaker())
    if mode is SpeechMode.AUTO:
        if detect is None:
            detect = screen_reader.screen_reader
        reader = detect()
        if reader is not None:
            return Voice(SilentSpeaker(), reader=reader)
    if not engine_available():
        return Voice(SilentSpeaker(), SpeechTrouble.NO_ENGINE)
    if synth.driver_name() is None:  # espeak-ng's process loads while the rest is made
        espeak.engine().prepare()
    backend = playback.find_backend(environ, configured_player)  # winsound on Windows
    if backend is None:
        return Voice(SilentSpeaker(), SpeechTrouble.NO_PLAYER)
    try:  # a private folder for the sentences' audio: none usable, and the game is silent
        audio = make_speech_folder(fallback=folder)  # the process environment: XDG_RUNTIME_DIR
    except OSError:
        return Voice(SilentSpeaker(), SpeechTrouble.NO_FOLDER)

    names = VoiceNames()

    def factory(audio: Path) -> Synthesize:  # runs on the speech thread, which owns the engine
        return make_synthesizer(audio, names)

    speaker = ThreadedSpeaker(factory, backend, settings.language, settings.rate, folder=audio)
    return Voice(speaker, names=names)
