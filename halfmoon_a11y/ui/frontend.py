"""The text front end: lines in, sentences out, written and spoken.

Shared by plain mode (`ui.plain`) and the interactive prompt (`ui.prompt`).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host import system
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play import cursor as moves
from halfmoon_a11y.play.answers import SpeechTrouble
from halfmoon_a11y.play.cursor import Cursor
from halfmoon_a11y.play.keymap import DROP, TAP
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Audience, CardNames, SpeechMode
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.text.wrap import wrap_all
from halfmoon_a11y.ui.choosing import CHOICE_WAIT, MACOS_CHOICE_WAIT, Choosing, SpeakerFactory
from halfmoon_a11y.ui.loop import Turns, plain_failure, remembered, said
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice, VoiceNames

if TYPE_CHECKING:
    from typing import TextIO

    from halfmoon_a11y.play.port import Store
    from halfmoon_a11y.ui.loop import Report
    from halfmoon_a11y.voice.earcons import Earcons
    from halfmoon_a11y.voice.speaker import Speaker

# Seconds the start (or a `speech` or `lang` answer) waits for the game's voice to tell
# which languages it speaks: the voice could not speak before that anyway. espeak-ng
# takes about 30 ms here. A voice later than this is checked again at each answer.
VOICE_WAIT = 2.0


class TextFrontEnd(Turns):
    """Says each answer: written with `write`, and spoken, with its sound."""

    def __init__(
        self,
        session: Session,
        write: Callable[[list[str]], None],
        speaker_factory: SpeakerFactory | None = None,
        announce_voice: bool = False,
        sounds_folder: str | None = None,
        sound_player: Callable[[], Speaker | None] | None = None,
        store: Store | None = None,
        report: Report | None = None,
    ) -> None:
        super().__init__(session, store, report)
        self.sounds_folder = sounds_folder  # where the sounds are kept, when they may play
        self._earcons: Earcons | None = None  # loaded at the first sound, not at start
        self.sound_player = sound_player  # plays them while the game's voice is silent
        self._sounds: Speaker | None = None  # made at the first sound
        self.announce_voice = announce_voice  # say at start which voice speaks
        self.write = write
        self.speaker_factory = speaker_factory
        self.speaker: Speaker = SilentSpeaker()
        self.presenter = Presenter()  # what is written: the player's card names
        self.ear = Presenter()  # what is spoken: full card names, codes spelled out
        self.last: list[se.SessionEvent] = []  # the last answer said, for `repeat`
        self.cursor = Cursor()  # the arrow keys' place on the table (interactive mode)
        self._choosing: Choosing | None = None  # speech auto's choice, made beside the opening
        self._opening: se.Answer | None = None  # the opening as said, until the choice is
        self._names: VoiceNames | None = None  # the voices of the game's own voice
        self._unchecked = False  # they were not told in time: checked at each answer
        self._spoken: str | None = None  # the language the voice speaks, when not the player's
        self._follow_language()

    def _follow_language(self) -> None:
        settings = self.session.settings
        spoken = self._spoken or settings.language
        self.presenter.words = Words(settings.language, settings.cards, settings.answers)
        self.ear.words = Words(spoken, CardNames.FULL, settings.answers)

    def start(self) -> None:
        """The opening, written at once. With speech auto the voice is chosen beside it, on
        a thread of its own: the screen-reader check can take several hundred
        milliseconds (tasklist on Windows), and the opening does not wait for it. Until
        `settle`, the game's own voice is silent, so it never speaks over a screen reader."""
        if self.speaker_factory is not None and self.session.settings.speech == SpeechMode.AUTO:
            self._choosing = Choosing(self.speaker_factory, self.session.settings)
        super().start()

    def opening_notes(self) -> list[se.SessionEvent]:
        if self._choosing is not None:
            # macOS: VoiceOver cuts what it reads at each new write, so the opening
            # waits for the quick check (ps) and comes whole, the choice in it; else,
            # and when the check is late, the choice follows the opening (`settle`).
            if not (system.is_macos() and self._choosing.made(MACOS_CHOICE_WAIT)):
                return []
            choosing, self._choosing = self._choosing, None
            return self._chosen(choosing)
        return self._switch_speech(say_choice=self.announce_voice)

    def apply_opening(self, answer: se.Answer) -> se.Answer:
        answer = super().apply_opening(answer)
        if self._choosing is not None:  # kept to be spoken, with the choice, by `settle`
            self._opening = answer
        return answer

    def settle(self) -> None:
        """Speech auto's choice, once made: the line that says which voice speaks, written
        after the opening; and, when the game's own voice speaks, the opening spoken, the
        choice in its usual place (after the deal, before the table). Waits at most
        CHOICE_WAIT for the choice, then at most VOICE_WAIT for the voice's list of
        voices; a choice not made in time leaves the game silent and says so."""
        choosing, self._choosing = self._choosing, None
        if choosing is None:
            return
        notes = self._chosen(choosing)
        try:
            self._say_chosen(notes)
        except OSError:
            raise
        except Exception as error:
            self.failed(error)
            self.say_plainly()

    def _chosen(self, choosing: Choosing) -> list[se.SessionEvent]:
        """Speak with the voice `choosing` made (waiting at most CHOICE_WAIT); what to say
        about it."""
        try:
            voice = choosing.voice(CHOICE_WAIT) or Voice(SilentSpeaker())
            if self._sounds is not None and voice.own:  # the sounds go through the voice now
                self._sounds.close()
                self._sounds = None
            return self._use(voice, say_choice=self.announce_voice)
        except Exception as error:  # no command was typed: the voice's start failed
            failure = self.failed(error)
            return [se.Failed(failure.log, failure.saved, part=se.Part.VOICE_START)]

    def _say_chosen(self, notes: list[se.SessionEvent]) -> None:
        """The choice's lines written; the opening with them spoken by the game's own voice."""
        opening, self._opening = self._opening, None
        events = notes
        if opening is not None:
            events = self.presenter.order(opening.noted(notes, first=True), table=True)
            self.last = remembered(events)  # `repeat` says the opening with the choice
        lines = self.presenter.render_all(notes)
        if lines:
            self.write(lines)
        if not isinstance(self.speaker, SilentSpeaker):
            self.speaker.speak([for_the_ear(line) for line in self.ear.render_all(events)])

    def interrupt(self) -> None:
        """A new command or key silences the last announcement, sounds included."""
        self.silence_voice()
        if self._sounds is not None:
            try:
                self._sounds.interrupt()
            except Exception as error:
                self.trouble(self._sounds_broke(error))

    def silence_voice(self) -> None:
        """The voice silenced (a key typed at the prompt), never stopping the game: a voice
        that cannot be silenced would speak over every answer, so a bug here turns it off,
        and the next answer says so once (issue 26)."""
        try:
            self.speaker.interrupt()
        except Exception as error:
            self.trouble(self._voice_broke(error))

    def _voice_broke(self, error: Exception) -> se.Failed:
        """The game's voice met a bug: written down, and the voice off from now on (the
        words, and the sounds, go on)."""
        failure = self.failed(error)
        broken, self.speaker = self.speaker, SilentSpeaker()
        self._names, self._unchecked = None, False
        _close_quietly(broken)
        return se.Failed(failure.log, failure.saved, part=se.Part.VOICE)

    def _sounds_broke(self, error: Exception) -> se.Failed:
        """An answer's sound met a bug: written down, and the sounds off until the game
        starts again (the setting is left as the player chose it)."""
        failure = self.failed(error)
        self.sounds_folder = None
        broken, self._sounds = self._sounds, None
        if broken is not None:
            _close_quietly(broken)
        return se.Failed(failure.log, failure.saved, part=se.Part.SOUNDS)

    def line_cleared(self) -> None:
        """Ctrl-C on a line being typed: the voice is silenced and the player told the
        line is gone. Not kept for `repeat`, which still says the last answer."""
        self.silence()
        self.announce([se.LineCleared(), *self.troubles()])

    def key(self, action: str) -> None:
        """A key of the prompt (play.keymap) on an empty line: a cursor move, a tap on the
        place under the cursor (as `pick` with it), or dropping the selection."""
        where = self.cursor.location
        if action in moves.MOVES:
            self.show(lambda: self._cursor_moved(action))
        elif action == TAP and where is None:
            self.show(lambda: se.Answer((se.CursorUnset(),)))
        elif action == TAP and where is not None:
            self.run(cmd.Pick((where,)))
        elif action == DROP:
            self.run(cmd.DropSelection())

    def _cursor_moved(self, action: str) -> se.Answer:
        stop = self.cursor.move(action)
        selected = stop.location in self.session.game.selected_places
        spot = self.session.spot(stop.location)
        return se.Answer((se.CursorMoved(spot, stop.edge, selected),))

    def apply(self, answer: se.Answer) -> se.Answer:
        """Apply setting changes to the presenter and the voice; note what went wrong."""
        notes: list[se.SessionEvent] = []
        settings = self.session.settings
        for event in answer.changed:
            spec = SETTINGS[event.setting]
            if Audience.WORDS in spec.audience:
                self._follow_language()
            if Audience.VOICE in spec.audience:
                self.speaker.adjust(spec.field, settings.value(spec))
            if Audience.SPEAKER in spec.audience:
                mode = settings.value(spec)
                notes += self._switch_speech(say_choice=mode == SpeechMode.AUTO)
            elif spec.field == "language":
                notes += self._check_voice_language(VOICE_WAIT)
        return answer.noted(notes)

    def _switch_speech(self, say_choice: bool) -> list[se.SessionEvent]:
        """Start the voice the speech setting asks for; say which speaks, or what failed."""
        self.speaker.close()
        self.speaker = SilentSpeaker()
        self._names, self._unchecked, self._spoken = None, False, None
        self._follow_language()
        if self._sounds is not None:  # the sounds go through the new voice, if it speaks
            self._sounds.close()
            self._sounds = None
        if self.speaker_factory is None:
            return []
        if self.session.settings.speech == SpeechMode.OFF:
            voice = Voice(SilentSpeaker())
        else:
            voice = self.speaker_factory(self.session.settings)
        return self._use(voice, say_choice)

    def _use(self, voice: Voice, say_choice: bool) -> list[se.SessionEvent]:
        """Speak with `voice` from now on; what to say about it."""
        self.speaker = voice.speaker
        if voice.trouble is not None:
            return [se.SpeechProblem(voice.trouble)]
        self._names = voice.names if voice.own else None
        automatic = self.session.settings.speech == SpeechMode.AUTO
        chosen = [se.VoiceChosen(voice.own, automatic, voice.reader)] if say_choice else []
        checked = self._check_voice_language(VOICE_WAIT)
        if any(isinstance(event, se.SpeechProblem) for event in checked):
            return checked  # the engine did not start: no line says the game's voice speaks
        return [*chosen, *checked]

    def _check_voice_language(self, wait: float) -> list[se.SessionEvent]:
        """Whether a voice speaks the player's language (issue 20). When none does, the
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
            return [se.SpeechProblem(SpeechTrouble.NO_ENGINE)]
        spoken, voice = names.speaks(language)
        self._spoken = None if spoken == language else spoken
        self._follow_language()
        if spoken is None:
            self.speaker.close()
            self.speaker, self._names = SilentSpeaker(), None
        else:
            self.speaker.adjust("language", spoken)
        return [] if spoken == language else [se.NoVoiceForLanguage(language, spoken, voice)]

    def say(self, answer: se.Answer) -> None:
        """The answer in the presenter's order, the table after a deal; remembered for
        `repeat` (the repeat itself is not: `repeat` twice says the same)."""
        events = self.presenter.order(answer, table=True, last=self.last)
        heard = said(answer, events)
        if heard:
            self.last = remembered(heard)
        self.announce(heard)

    def say_in_part(self, answer: se.Answer, failure: se.Failed) -> None:
        """Every part of the answer that can be worded, then the failure (issue 26): a bug
        in wording one part (an undo's sentence) never hides the others. Not kept for
        `repeat`."""
        events = [*self.presenter.order(answer, table=True, last=self.last), failure]
        lines = self.presenter.render_all(events, skip=_unsaid)
        self.write(lines)
        if not isinstance(self.speaker, SilentSpeaker):
            heard = self.ear.render_all(events, skip=_unsaid)
            self.speaker.speak([for_the_ear(line) for line in heard])

    def say_plainly(self) -> None:
        self.write([plain_failure(self.presenter, self._saved)])

    def announce(self, events: list[se.SessionEvent]) -> None:
        """Written in one write, a failure of the voice first: VoiceOver in macOS Terminal
        interrupts itself at each new line written (issue 20), so an answer comes whole."""
        if self._unchecked:  # the voice told its languages late: said with this answer
            events = [*self._check_voice_language(0), *events]
        failure = self.speaker.failure
        problem = [self.presenter.speech_problem(failure)] if failure else []
        lines = self.presenter.render_all(events)
        try:  # an extra: a bug in it never costs the words (issue 26)
            self._play_sound(events)
        except Exception as error:
            broke = [self._sounds_broke(error)]
            events, lines = [*events, *broke], lines + self.presenter.render_all(broke)
        if problem or lines:
            self.write(problem + lines)
        if lines and not isinstance(self.speaker, SilentSpeaker):
            try:
                self.speaker.speak([for_the_ear(line) for line in self.ear.render_all(events)])
            except Exception as error:  # written already: the voice stops, and says so
                self.write(self.presenter.render_all([self._voice_broke(error)]))

    def _play_sound(self, events: list[se.SessionEvent]) -> None:
        """The answer's earcon, before its words, through the voice's own queue when the
        game speaks, else through a player of its own (made at the first sound)."""
        if self.sounds_folder is None or not self.session.settings.sounds:
            return
        if self._earcons is None:
            from halfmoon_a11y.voice.earcons import Earcons

            self._earcons = Earcons(self.sounds_folder)
        files = self._earcons.for_events(events)
        if not files:
            return
        if getattr(self.speaker, "speaks", False):
            self.speaker.play(files)
            return
        if self._sounds is None:
            made = self.sound_player() if self.sound_player is not None else None
            self._sounds = made if made is not None else SilentSpeaker()
        self._sounds.play(files)

    def close(self) -> None:
        """The voice and the sounds closed (their player stopped, their folder removed),
        whatever fails on the way: a bug here is written down, never said over the
        goodbye, and leaving goes on (issue 26)."""
        if self._choosing is not None:  # closed before the choice was said: a voice made
            choosing, self._choosing = self._choosing, None  # now or later is closed, unheard
            self._closing(choosing.abandon)
        if self.leaving:  # `quit` was answered: let its answer be heard (bounded, a key cuts)
            self._closing(self._let_finish)
        self._closing(self.speaker.close)
        if self._sounds is not None:
            self._closing(self._sounds.close)

    def _let_finish(self) -> None:
        from halfmoon_a11y.ui.leaving import let_finish

        let_finish([self.speaker] if self._sounds is None else [self.speaker, self._sounds])

    def _closing(self, step: Callable[[], object]) -> None:
        """One step of closing; a bug in it written down, and the next step taken."""
        try:
            step()
        except Exception as error:
            self.failed(error)  # written down (and the game saved), never said here


def printer(out: TextIO, columns: Callable[[], int] | None = None) -> Callable[[list[str]], None]:
    """Writes an answer's lines to `out`, in one write. At a terminal, each line is cut
    between words to fit the window (`text.wrap`), its width read at each answer, so a
    window made narrower or wider is followed; the last column is left free. In a pipe,
    lines go whole. `columns` gives the width instead (tests); 0 cuts nothing."""
    if columns is None and _is_terminal(out):

        def columns() -> int:
            return terminal_columns(out)

    def say(lines: list[str]) -> None:
        if columns is not None:
            lines = wrap_all(lines, columns() - 1)
        out.write("".join(text + "\n" for text in lines))  # one write: one answer (VoiceOver)
        out.flush()

    return say


def _is_terminal(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def terminal_columns(out: TextIO) -> int:
    """The width of the terminal `out` writes to, in columns; 0 when it cannot be told
    (then nothing is cut). Asked of the terminal itself, as shutil does, without loading
    shutil at start."""
    try:
        return os.get_terminal_size(out.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def _close_quietly(speaker: Speaker) -> None:
    """Close a voice or a sound player that met a bug; a bug in closing it is not said
    again (the first is written down already)."""
    try:
        speaker.close()
    except Exception:  # said once, by the caller
        return


def _unsaid(error: Exception) -> None:
    """A part of an answer left unsaid: the bug that hid it is written down already."""
    return
