"""What the voice tells the player about itself: why the game's own voice is silent, which
voice speaks, and that no voice speaks the player's language. The values and their words
live here, with the voice: each adapter's notices live in that adapter, and
`wording` gives the presenter their sentences."""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import Notice
from halfmoon_a11y.play.messages import N_
from halfmoon_a11y.text.presenter import Presenter, wording
from halfmoon_a11y.text.table import upper_first
from halfmoon_a11y.text.words import Words


class SpeechTrouble(StrEnum):
    NO_ENGINE = "no_engine"  # no speech engine at all: the voice never starts
    NO_PLAYER = "no_player"  # no audio player found
    SENTENCE_NOT_SYNTHESISED = "sentence_not_synthesised"  # one sentence skipped
    SENTENCE_NOT_PLAYED = "sentence_not_played"  # one sentence skipped
    ENGINE_FAILED = "engine_failed"  # the engine failed again and again: the voice stops
    PLAYER_FAILED = "player_failed"  # the player failed again and again: the voice stops
    NO_FOLDER = "no_folder"  # no private folder for the sentences' audio: the voice never starts
    ENGINE_RESTARTED = "engine_restarted"  # the engine crashed on a sentence, and starts again
    ENGINE_CRASHED = "engine_crashed"  # the engine crashed, and is not started again: it stops
    SOUNDS_NOT_OWNED = "sounds_not_owned"  # the sounds' folder is another user's: no sounds


@record
class SpeechProblem(Notice):
    """Why the game's own voice is silent, or its sounds. The game goes on."""

    trouble: SpeechTrouble


@record
class VoiceChosen(Notice):
    """Which voice speaks, said at start-up and when speech is set to auto."""

    own: bool  # the game's own voice speaks
    automatic: bool  # chosen by speech auto
    reader: str | None = None  # the screen reader running, when auto chose silence


@record
class NoVoiceForLanguage(Notice):
    """No voice of this computer speaks the player's language: said once, at
    start-up and when the language or the voice changes, instead of reading the words
    with another language's voice."""

    language: str  # the player's language, which no voice speaks
    spoken: str | None  # the language the game's voice speaks instead; None: it is silent
    voice: str | None = None  # the name of the voice that speaks instead


SPEECH_TROUBLES = {
    SpeechTrouble.NO_ENGINE: N_(
        "Speech is not available. No speech engine was found. The game goes on."
    ),
    SpeechTrouble.NO_PLAYER: N_(
        "Speech is not available. No audio player was found. The game goes on silently."
    ),
    SpeechTrouble.SENTENCE_NOT_SYNTHESISED: N_(
        "Speech skipped a sentence. The speech engine made no sound for it. "
        "The next ones are spoken."
    ),
    SpeechTrouble.SENTENCE_NOT_PLAYED: N_(
        "Speech skipped a sentence. The audio player failed on it. The next ones are spoken."
    ),
    SpeechTrouble.ENGINE_FAILED: N_(
        "Speech stopped. The speech engine failed again and again. The game goes on."
    ),
    SpeechTrouble.PLAYER_FAILED: N_(
        "Speech stopped. The audio player failed. The game goes on silently."
    ),
    SpeechTrouble.NO_FOLDER: N_(
        "Speech is not available. No private folder for its audio could be made. The game goes on."
    ),
    SpeechTrouble.ENGINE_RESTARTED: N_(
        "Speech skipped a sentence. The speech engine crashed on it and started again. "
        "The next ones are spoken."
    ),
    SpeechTrouble.ENGINE_CRASHED: N_(
        "Speech stopped. The speech engine crashed. The game goes on."
    ),
    SpeechTrouble.SOUNDS_NOT_OWNED: N_(
        "No sounds. Their folder belongs to another user. The game goes on."
    ),
}


def speech_problem(words: Words, reason: SpeechTrouble) -> str:
    """One plain line saying truthfully what part of the voice failed."""
    return words._(SPEECH_TROUBLES[reason])


@wording(SpeechProblem)
def _speech_problem(presenter: Presenter, event: SpeechProblem) -> list[str]:
    return [speech_problem(presenter.words, event.trouble)]


@wording(VoiceChosen)
def _voice_chosen(presenter: Presenter, event: VoiceChosen) -> list[str]:
    w = presenter.words
    off, on = presenter.helper.usage_of("speech", "off"), presenter.helper.usage_of("speech", "on")
    if event.own and event.automatic:
        text = w._(
            "Voice, the game's own, since no screen reader is running. Type {off} to silence it."
        )
    elif event.own:
        text = w._("Voice, the game's own. Type {off} to silence it.")
    elif event.reader is not None:
        text = w._(
            "Voice, your screen reader, {reader}. The game stays silent. "
            "Type {on} for its own voice."
        )
    else:
        text = w._("Voice, the game stays silent. Type {on} for its own voice.")
    return [upper_first(text.format(off=off, on=on, reader=event.reader))]


@wording(NoVoiceForLanguage)
def _no_voice(presenter: Presenter, event: NoVoiceForLanguage) -> list[str]:
    w = presenter.words
    language = presenter.language_name(event.language)
    if event.spoken is None:
        text = w._(
            "No {language} voice on this computer, nor one for the game's other "
            "languages. The game's own voice stays silent."
        )
        return [text.format(language=language)]
    text = w._(
        "No {language} voice on this computer. The game speaks {spoken} instead, "
        "with the voice {voice}."
    )
    spoken = presenter.language_name(event.spoken)
    voice = voice_name(event.voice or "") or spoken
    return [text.format(language=language, spoken=spoken, voice=voice)]


VOICE_NAME_LIMIT = 60  # characters of a voice's name said: the name, not a description


def voice_name(name: str) -> str:
    """A voice's name as the system gives it, said for the ear: SAPI5's
    "Microsoft Zira Desktop - English (United States)" becomes "Microsoft Zira Desktop,
    English, United States". Brackets and a spaced dash become pauses (commas), what
    cannot be shown goes, and the name is kept short. Empty when nothing is left."""
    for mark in "()[]{}":
        name = name.replace(mark, ",")
    name = name.replace(" - ", ",").replace(" \u2013 ", ",")
    shown = "".join(char if char.isprintable() else " " for char in name)
    parts = (" ".join(part.split()) for part in shown.split(","))
    said = ", ".join(part for part in parts if any(char.isalnum() for char in part))
    return said[:VOICE_NAME_LIMIT].rstrip(", ")
