"""The terminal's sink: a told answer written in one write, and spoken, with its sound.

The voice side (`voice.speech.Speech`: the game's own voice and the sounds) gives its
bugs back as values (`Broke`); here each is written down (`Failures.failed`) and worded
by the teller, so that a voice that stops says so once, after the words it could not
speak. Nothing here words an answer: the teller did.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.text.teller import Teller, Told
from halfmoon_a11y.ui.loop import Failures
from halfmoon_a11y.voice import leaving as goodbye
from halfmoon_a11y.voice.notices import speech_problem
from halfmoon_a11y.voice.speech import Broke, Said, Speech


def _unsaid(error: Exception) -> None:
    """A part of an answer left unsaid: the bug that hid it is written down already."""


if TYPE_CHECKING:
    Write = Callable[[list[str]], None]


class TextSink:
    """Writes each told answer with `write` and speaks it with `speech`."""

    def __init__(self, write: Write, speech: Speech, teller: Teller, failures: Failures) -> None:
        self.write = write
        self.speech = speech
        self.teller = teller
        self.failures = failures
        self._opening: se.Answer | None = None  # the opening as said, until the choice is
        self._signalled: list[Broke] = []  # bugs a Ctrl-C met, to write down at the next turn

    # -- the opening, and which voice speaks ----------------------------------------------

    def begin(self) -> None:
        """With speech auto, the voice is chosen beside the opening (`Speech.begin`)."""
        self.speech.begin()

    def opening_notes(self) -> list[se.SessionEvent]:
        return self.worded(self.speech.opening_notes())

    def opened(self, answer: se.Answer) -> None:
        if self.speech.choosing:  # kept to be spoken, with the choice, by `settle`
            self._opening = answer

    def settle(self) -> None:
        """Speech auto's choice, once made: the line that says which voice speaks, written
        after the opening; and, when the game's own voice speaks, the opening spoken with
        the choice where it was written, after the table, as `repeat` says it."""
        said = self.speech.settle()
        if said is None:
            return
        notes = self.worded(said)
        try:
            self._say_chosen(notes)
        except OSError:
            raise
        except Exception as error:
            self.failures.failed(error)
            self.plainly(self.teller.plainly(self.failures.saved))

    def _say_chosen(self, notes: list[se.SessionEvent]) -> None:
        opening, self._opening = self._opening, None
        events = notes
        if opening is not None:
            events = self.teller.opening_with(opening, notes)  # `repeat` says it so
        lines = self.teller.told(notes).lines
        if lines:
            self.write(lines)
        broke = self.worded(self.speech.say(events))
        if broke:
            self.write(self.teller.told(broke).lines)

    def worded(self, said: Sequence[Said]) -> list[se.SessionEvent]:
        """What the voice side said, its bugs written down and worded: one sentence for
        the part that went quiet."""
        return [self._failure(item) if isinstance(item, Broke) else item for item in said]

    def _failure(self, broke: Broke) -> se.Failed:
        failure = self.failures.failed(broke.error)
        return se.Failed(failure.log, failure.saved, part=broke.part)

    # -- keys and signals -------------------------------------------------------------------

    def interrupt(self) -> None:
        """A new command or key silences the last announcement, sounds included; the bugs a
        Ctrl-C met since are written down first, to be said with the answer."""
        self.signalled()
        for broke in self.speech.interrupt():
            self.failures.trouble(self._failure(broke))

    def silence_voice(self) -> None:
        """The voice silenced (a key typed at the prompt); a bug in it is said with the
        next answer."""
        for broke in self.speech.silence():
            self.failures.trouble(self._failure(broke))

    def silence_from_signal(self) -> None:
        """Ctrl-C outside a line: a signal, which comes between any two steps of the game.
        The voice is silenced, and a bug in that is only kept: it is written down and
        said at the next turn, never from inside the signal."""
        self._signalled += self.speech.silence(close_later=True)

    def signalled(self) -> None:
        """The bugs a Ctrl-C met, written down and waiting for the next answer."""
        signalled, self._signalled = self._signalled, []
        for broke in signalled:
            self.failures.trouble(self._failure(broke))

    # -- delivering -----------------------------------------------------------------------

    def follow(self, answer: se.Answer) -> list[se.SessionEvent]:
        """Settings changed: the voice follows them; notes of what went wrong."""
        notes: list[se.SessionEvent] = []
        for event in answer.changed:
            notes += self.worded(self.speech.follow(event))
        return notes

    def deliver(self, told: Told) -> None:
        """Written in one write, a failure of the voice first: VoiceOver in macOS Terminal
        interrupts itself at each new line written, so an answer comes whole. The sound
        starts with the words (mixed into the first); a bug in it, or in the voice, costs
        no word. An answer told in part is written as it is and spoken without what could
        not be worded."""
        if not told.whole:
            self.write(told.lines)
            for bug in self.speech.say(told.events, skip=_unsaid):
                self.failures.failed(bug.error)
            return
        late = self.worded(self.speech.late_checks())
        events, lines = [*late, *told.events], self.teller.told(late).lines + told.lines
        failure = self.speech.problem()
        problem = [speech_problem(self.teller.words, failure)] if failure else []
        broke = self.worded(self.speech.sound(events))
        if broke:
            events, lines = [*events, *broke], lines + self.teller.told(broke).lines
        if problem or lines:
            self.write(problem + lines)
        broke = self.worded(self.speech.say(events if lines else []))  # the sound alone
        if broke:  # written already: the voice (or the sounds) stopped, and says so
            self.write(self.teller.told(broke).lines)
            for later in self.worded(self.speech.say(broke)):  # said if the voice speaks
                self.write(self.teller.told([later]).lines)

    def plainly(self, text: str) -> None:
        self.write([text])

    def close(self, leaving: bool) -> None:
        """The voice and the sounds closed, whatever fails (`Speech.close`); after `quit`,
        its answer heard first."""
        began = time.monotonic()
        for broke in self.speech.close(leaving):
            self.failures.failed(broke.error)  # written down (and the game saved), never said
        if leaving:  # the goodbye read by a terminal screen reader before the window goes
            goodbye.linger(goodbye.LINGER_SECONDS - (time.monotonic() - began))
