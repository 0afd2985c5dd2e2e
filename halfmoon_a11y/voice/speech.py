"""The voice side of a text front end: the game's own
voice and the answers' sounds, as one object with `say`, `interrupt`, `follow` and
`close`.

It chooses which voice speaks (speech auto's choice, made on a thread beside the
opening: `begin`, `settle`), checks that the voice speaks the player's language (else
the words of a language it has a voice for, and says so once), plays the sound that
starts each answer, and closes it all at the end, the goodbye heard. Each part is an
extra: a bug in it turns that part quiet and comes back to the front end as a `Broke`,
which it writes down and says in one sentence; the words are never lost.
Nothing here calls the front end: what happened goes back up as values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.host import system
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Audience, SpeechMode
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.voice import leaving as goodbye
from halfmoon_a11y.voice import notices as vn
from halfmoon_a11y.voice.choosing import CHOICE_WAIT, MACOS_CHOICE_WAIT, Choosing, SpeakerFactory
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice, VoiceNames

if TYPE_CHECKING:
    from halfmoon_a11y.voice.earcons import Earcons
    from halfmoon_a11y.voice.speaker import Speaker

# Seconds the start (or a `speech` or `lang` answer) waits for the game's voice to tell
# which languages it speaks: the voice could not speak before that anyway. espeak-ng
# takes about 30 ms here. A voice later than this is checked again at each answer.
VOICE_WAIT = 2.0


@record
class Broke:
    """A bug met in a part of the voice side, which is now quiet: the front end writes it
    down and says one sentence for `part` (the voice's start, the voice, the sounds)."""

    part: se.Part
    error: Exception


Said = se.SessionEvent | Broke  # what to say about the voice: events, and bugs to word


class Speech:
    """The game's own voice and the sounds, for the front end of `session` (whose
    settings it follows)."""

    def __init__(
        self,
        session: Session,
        factory: SpeakerFactory | None = None,
        announce: bool = False,
        sounds_folder: str | None = None,
        sound_player: Callable[[], Speaker | None] | None = None,
        teller: Teller | None = None,
    ) -> None:
        self.session = session
        self.teller = teller or Teller()  # words what the voice says, as the player's answer
        self.factory = factory
        self.announce = announce  # say at start which voice speaks
        self.sounds_folder = sounds_folder  # where the sounds are kept, when they may play
        self.sound_player = sound_player  # plays them while the game's voice is silent
        self.speaker: Speaker = SilentSpeaker()
        self.sounds: Speaker | None = None  # made at the first sound
        self._earcons: Earcons | None = None  # loaded at the first sound, not at start
        self._trouble: SpeechTrouble | None = None  # the sounds' own, to say once
        self._with_words: list[str] = []  # the answer's sound, to go with its first words
        self._choosing: Choosing | None = None  # speech auto's choice, made beside the opening
        self._names: VoiceNames | None = None  # the voices of the game's own voice
        self._unchecked = False  # they were not told in time: checked at each answer
        self._spoken: str | None = None  # the language the voice speaks, when not the player's
        self._to_close: list[Speaker] = []  # broken voices a signal left to close

    @property
    def speaks(self) -> bool:
        """Whether the game's own voice speaks words (not silent, nor sounds only)."""
        return self.speaker.speaks

    @property
    def language_heard(self) -> str:
        """The language the voice speaks: the player's, or another when it has none."""
        return self._spoken or self.session.settings.language

    # -- which voice speaks ------------------------------------------------------------

    def begin(self) -> None:
        """With speech auto, the voice is chosen beside the opening, on a thread of its
        own: the screen-reader check can take several hundred milliseconds (tasklist on
        Windows). Until `settle`, the game's own voice is silent, so it never speaks over
        a screen reader."""
        if self.factory is not None and self.session.settings.speech == SpeechMode.AUTO:
            self._choosing = Choosing(self.factory, self.session.settings)

    @property
    def choosing(self) -> bool:
        """Speech auto's choice is being made, not yet said."""
        return self._choosing is not None

    def choice_made(self) -> bool:
        """Whether `settle` would answer at once: speech auto's choice made, or none to
        make. Never waits."""
        return self._choosing is None or self._choosing.made(0)

    def opening_notes(self) -> list[Said]:
        """What the opening says about the voice: the choice, unless it is still being made
        (then `settle` says it). macOS: VoiceOver cuts what it reads at each new write,
        so the opening waits for the quick check (ps) and comes whole, the choice in it."""
        if self._choosing is not None:
            if not (system.is_macos() and self._choosing.made(MACOS_CHOICE_WAIT)):
                return []
            choosing, self._choosing = self._choosing, None
            return self._chosen(choosing)
        return self.switch(say_choice=self.announce)

    def settle(self) -> list[Said] | None:
        """Speech auto's choice, once made (waiting at most CHOICE_WAIT, then VOICE_WAIT
        for the voice's list of voices): what to say about it; None when there was no
        choice to settle. A choice not made in time leaves the game silent and says so."""
        choosing, self._choosing = self._choosing, None
        return None if choosing is None else self._chosen(choosing)

    def _chosen(self, choosing: Choosing) -> list[Said]:
        try:
            voice = choosing.voice(CHOICE_WAIT) or Voice(SilentSpeaker())
            if self.sounds is not None and voice.own:  # the sounds go through the voice now
                self.sounds.close()
                self.sounds = None
            return self._use(voice, say_choice=self.announce)
        except Exception as error:  # no command was typed: the voice's start failed
            return [Broke(se.Part.VOICE_START, error)]

    def switch(self, say_choice: bool) -> list[Said]:
        """Start the voice the speech setting asks for; say which speaks, or what failed."""
        self.speaker.close()
        self.speaker = SilentSpeaker()
        self._names, self._unchecked, self._spoken = None, False, None
        if self.sounds is not None:  # the sounds go through the new voice, if it speaks
            self.sounds.close()
            self.sounds = None
        if self.factory is None:
            return []
        settings = self.session.settings
        voice = (
            Voice(SilentSpeaker()) if settings.speech == SpeechMode.OFF else self.factory(settings)
        )
        return self._use(voice, say_choice)

    def _use(self, voice: Voice, say_choice: bool) -> list[Said]:
        self.speaker = voice.speaker
        if voice.trouble is not None:
            return [vn.SpeechProblem(voice.trouble)]
        self._names = voice.names if voice.own else None
        automatic = self.session.settings.speech == SpeechMode.AUTO
        chosen = [vn.VoiceChosen(voice.own, automatic, voice.reader)] if say_choice else []
        checked = self.check_language(VOICE_WAIT)
        if any(isinstance(event, vn.SpeechProblem) for event in checked):
            return checked  # the engine did not start: no line says the game's voice speaks
        return [*chosen, *checked]

    def check_language(self, wait: float) -> list[Said]:
        """Whether a voice speaks the player's language. When none does, the
        voice speaks the words of a language it has a voice for, never the player's
        words with another language's voice, and says so once; when no language has
        one, the game's voice goes silent (the sounds go on). docs/decisions.md."""
        names, language = self._names, self.session.settings.language
        if names is None:
            return []
        self._unchecked = not names.wait(wait)
        if self._unchecked:
            return []
        if names.failed:  # said here, once: the silenced speaker will not say it again
            self.speaker.close()
            self.speaker, self._names = SilentSpeaker(), None
            return [vn.SpeechProblem(names.trouble)]
        spoken, voice = names.speaks(language)
        self._spoken = None if spoken == language else spoken
        if spoken is None:
            self.speaker.close()
            self.speaker, self._names = SilentSpeaker(), None
        else:
            self.speaker.adjust("language", spoken)
        return [] if spoken == language else [vn.NoVoiceForLanguage(language, spoken, voice)]

    def late_checks(self) -> list[Said]:
        """The voice told its languages after the start's wait: said with this answer."""
        return self.check_language(0) if self._unchecked else []

    def follow(self, changed: se.SettingChanged) -> list[Said]:
        """A setting changed: the voice follows it; what to say about it."""
        spec = SETTINGS[changed.setting]
        if Audience.VOICE in spec.audience:
            self.speaker.adjust(spec.field, self.session.settings.value(spec))
        if Audience.SPEAKER in spec.audience:
            return self.switch(say_choice=self.session.settings.value(spec) == SpeechMode.AUTO)
        if spec.field == "language":
            return self.check_language(VOICE_WAIT)
        return []

    # -- saying ------------------------------------------------------------------------

    def sound(self, events: Sequence[se.SessionEvent]) -> list[Broke]:
        """The answer's earcon: when the game speaks, kept to go with the answer's first
        words (`say`), mixed into their start, so it never delays them; else
        played at once, through a player of its own (made at the first sound). A bug
        here turns the sounds off: the one sentence that says so, to add to the answer."""
        self._with_words = []
        try:
            self._play_sound(events)
        except Exception as error:
            return [self._sounds_broke(error)]
        return []

    def _play_sound(self, events: Sequence[se.SessionEvent]) -> None:
        if self.sounds_folder is None or not self.session.settings.sounds:
            return
        if self._earcons is None:
            from halfmoon_a11y.voice.earcons import Earcons

            self._earcons = Earcons(self.sounds_folder)
            if not self._earcons.owned:  # another user's folder: no sounds, said once
                self.sounds_folder, self._earcons = None, None
                self._trouble = SpeechTrouble.SOUNDS_NOT_OWNED
                return
        files = self._earcons.for_events(events)
        if not files:
            return
        if self.speaker.speaks:
            self._with_words = files
            return
        if self.sounds is None:
            made = self.sound_player() if self.sound_player is not None else None
            self.sounds = made if made is not None else SilentSpeaker()
        self.sounds.play(files)

    def say(
        self, events: Sequence[se.SessionEvent], skip: Callable[[Exception], None] | None = None
    ) -> list[Broke]:
        """The events spoken by the game's own voice, if it speaks. A bug here turns the
        voice off: the one sentence that says so, to write after the answer. The
        answer's sound (`sound`) goes with the first line, or alone if there is none; a
        bug met only with the sound turns the sounds off, and the words are said without
        it (the front end then has the voice say that the sounds stopped)."""
        sounds, self._with_words = self._with_words, []
        if not self.speaks:
            return []
        broke: list[Broke] = []
        try:
            lines = self.teller.spoken(events, self.language_heard, skip)
            if sounds:
                try:
                    self.speaker.speak(lines, sounds)
                    return []
                except Exception as error:  # the sound's, if the words alone go through
                    sounds_error = error
                self.speaker.speak(lines)
                broke.append(self._sounds_broke(sounds_error))
            else:
                self.speaker.speak(lines)
        except Exception as error:
            return [self._voice_broke(error)]
        return broke

    def problem(self) -> SpeechTrouble | None:
        """Why the voice stopped speaking, or the sounds, since the last answer, once."""
        trouble, self._trouble = self._trouble, None
        return trouble or self.speaker.failure

    # -- silencing and closing ----------------------------------------------------------

    def interrupt(self) -> list[Broke]:
        """A new command or key silences the last announcement, sounds included; what
        broke on the way, to say with the next answer."""
        for speaker in self._to_close:  # broken by a Ctrl-C: closed here, out of the signal
            _close_quietly(speaker)
        self._to_close.clear()
        broke = self.silence()
        if self.sounds is not None:
            try:
                self.sounds.interrupt()
            except Exception as error:
                broke.append(self._sounds_broke(error))
        return broke

    def silence(self, close_later: bool = False) -> list[Broke]:
        """The voice silenced (a key typed at the prompt), never stopping the game: a voice
        that cannot be silenced would speak over every answer, so a bug here turns it off,
        and the next answer says so once. `close_later`: called from a signal,
        the broken voice is closed at the next interrupt, not here (closing waits)."""
        try:
            self.speaker.interrupt()
        except Exception as error:
            return [self._voice_broke(error, close_later)]
        return []

    def _voice_broke(self, error: Exception, close_later: bool = False) -> Broke:
        """The game's voice met a bug: off from now on (the words, and the sounds, go on)."""
        broken, self.speaker = self.speaker, SilentSpeaker()
        self._names, self._unchecked = None, False
        if close_later:
            self._to_close.append(broken)
        else:
            _close_quietly(broken)
        return Broke(se.Part.VOICE, error)

    def _sounds_broke(self, error: Exception) -> Broke:
        """An answer's sound met a bug: the sounds off until the game starts again (the
        setting is left as the player chose it)."""
        self.sounds_folder = None
        broken, self.sounds = self.sounds, None
        if broken is not None:
            _close_quietly(broken)
        return Broke(se.Part.SOUNDS, error)

    def close(self, leaving: bool) -> list[Broke]:
        """The voice and the sounds closed (their player stopped, their folder removed),
        whatever fails on the way: what failed, to write down, never to say over the
        goodbye. `leaving`: `quit` was answered, and its answer is heard first (bounded,
        a key cuts it)."""
        broke: list[Broke] = []
        for speaker in self._to_close:
            broke += _closing(speaker.close)
        self._to_close.clear()
        if self._choosing is not None:  # closed before the choice was said: a voice made
            choosing, self._choosing = self._choosing, None  # now or later is closed, unheard
            broke += _closing(choosing.abandon)
        if leaving:
            broke += _closing(self._let_finish)
        broke += _closing(self.speaker.close)
        if self.sounds is not None:
            broke += _closing(self.sounds.close)
        return broke

    def _let_finish(self) -> None:
        goodbye.let_finish([self.speaker] if self.sounds is None else [self.speaker, self.sounds])


def _closing(step: Callable[[], object]) -> list[Broke]:
    """One step of closing; a bug in it kept, and the next step taken."""
    try:
        step()
    except Exception as error:
        return [Broke(se.Part.VOICE, error)]
    return []


def _close_quietly(speaker: Speaker) -> None:
    """Close a voice or a sound player that met a bug; a bug in closing it is not said
    again (the first is written down already)."""
    with suppress(Exception):
        speaker.close()
