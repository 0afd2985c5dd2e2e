"""The text front end: lines in, sentences out, written and spoken.

Shared by plain mode (`ui.plain`) and the interactive prompt (`ui.prompt`). It composes
the written words (a presenter and `write`), the voice side (`voice.speech.Speech`: the
game's own voice and the sounds) and the arrow keys' cursor.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Audience
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.text.wrap import wrap_all
from halfmoon_a11y.ui.cursor_keys import CursorKeys
from halfmoon_a11y.ui.loop import Heard, Turns, plain_failure
from halfmoon_a11y.voice.notices import speech_problem
from halfmoon_a11y.voice.speech import Broke, Said, Speech

if TYPE_CHECKING:
    from typing import TextIO

    from halfmoon_a11y.play.loop_port import Store
    from halfmoon_a11y.ui.loop import Report
    from halfmoon_a11y.voice.choosing import SpeakerFactory
    from halfmoon_a11y.voice.speaker import Speaker


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
        self.write = write
        self.presenter = Presenter()  # what is written: the player's card names
        self.heard = Heard()  # the last answers said, for `repeat`
        self.keys = CursorKeys(session)  # the arrow keys' cursor, a tap, a drop (the prompt)
        self.speech = Speech(
            session,
            speaker_factory,
            announce_voice,
            sounds_folder,
            sound_player,
        )
        self._opening: se.Answer | None = None  # the opening as said, until the choice is
        self._signalled: list[Broke] = []  # bugs a Ctrl-C met, to write down at the next turn
        # At a terminal (set by the command line): an empty line says the opening again
        # until the first command or key, for a player who heard nothing of it (issue 29).
        self.blank_says_opening = False
        self._asked_yet = False  # a command or a game key came since the opening
        self._follow_language()

    @property
    def speaker(self) -> Speaker:
        """The game's own voice (silent when it does not speak)."""
        return self.speech.speaker

    @speaker.setter
    def speaker(self, speaker: Speaker) -> None:
        self.speech.speaker = speaker

    def _follow_language(self) -> None:
        settings = self.session.settings
        self.presenter.words = Words(settings.language, settings.cards, settings.answers)
        self.speech.follow_language()

    # -- the opening, and which voice speaks ----------------------------------------------

    def start(self) -> None:
        """The opening, written at once; with speech auto, the voice is chosen beside it
        (`Speech.begin`) and said by `settle`."""
        self.speech.begin()
        super().start()

    def opening_notes(self) -> list[se.SessionEvent]:
        return self._worded(self.speech.opening_notes())

    def apply_opening(self, answer: se.Answer) -> se.Answer:
        answer = super().apply_opening(answer)
        if self.speech.choosing:  # kept to be spoken, with the choice, by `settle`
            self._opening = answer
        return answer

    def settle(self) -> None:
        """Speech auto's choice, once made: the line that says which voice speaks, written
        after the opening; and, when the game's own voice speaks, the opening spoken, the
        choice in its usual place (after the deal, before the table)."""
        said = self.speech.settle()
        if said is None:
            return
        notes = self._worded(said)
        try:
            self._say_chosen(notes)
        except OSError:
            raise
        except Exception as error:
            self.failed(error)
            self.say_plainly()

    def _say_chosen(self, notes: list[se.SessionEvent]) -> None:
        """The choice's lines written; the opening with them spoken by the game's own voice."""
        opening, self._opening = self._opening, None
        events = notes
        if opening is not None:
            events = self.presenter.order(opening.noted(notes, first=True), table=True)
            self.heard.replace_last(events)  # `repeat` says the opening with the choice
        lines = self.presenter.render_all(notes)
        if lines:
            self.write(lines)
        broke = self._worded(self.speech.say(events))
        if broke:
            self.write(self.presenter.render_all(broke))

    def _worded(self, said: Sequence[Said]) -> list[se.SessionEvent]:
        """What the voice side said, its bugs written down (`failed`) and worded: one
        sentence for the part that went quiet."""
        return [self._failure(item) if isinstance(item, Broke) else item for item in said]

    def _failure(self, broke: Broke) -> se.Failed:
        failure = self.failed(broke.error)
        return se.Failed(failure.log, failure.saved, part=broke.part)

    # -- keys -----------------------------------------------------------------------------

    def interrupt(self) -> None:
        """A new command or key silences the last announcement, sounds included."""
        for broke in self.speech.interrupt():
            self.trouble(self._failure(broke))

    def silence_voice(self) -> None:
        """The voice silenced (a key typed at the prompt); a bug in it is said with the
        next answer (issue 26)."""
        for broke in self.speech.silence():
            self.trouble(self._failure(broke))

    def silence_from_signal(self) -> None:
        """Ctrl-C outside a line: a signal, which comes between any two steps of the game.
        The voice is silenced, and a bug in that is only kept: it is written down and
        said at the next turn, never from inside the signal (the review of issue 26)."""
        self._signalled += self.speech.silence(close_later=True)

    def troubles(self) -> list[se.SessionEvent]:
        """The bugs met since the last answer, those a Ctrl-C met included."""
        signalled, self._signalled = self._signalled, []
        for broke in signalled:
            self.trouble(self._failure(broke))
        return super().troubles()

    def line_cleared(self) -> None:
        """Ctrl-C on a line being typed: the voice is silenced and the player told the
        line is gone. Not kept for `repeat`, which still says the last answer."""
        self.silence()
        self.announce([pe.LineCleared(), *self.troubles()])

    def line(self, text: str) -> None:
        """As `Turns.line`; but before the first command or key, at a terminal, an empty
        line says the opening again, as `repeat` does. Started by a launcher, the opening
        caused by no key is not spoken by Orca (issue 29): the player's first Enter hears
        it. Later an empty line says nothing, as before."""
        if self.blank_says_opening and not self._asked_yet and not text.strip():
            super().run(cmd.Repeat())
            return
        self._asked_yet = True
        super().line(text)

    def key(self, action: str) -> None:
        """A key of the prompt (play.keymap) on an empty line (`CursorKeys`): a cursor
        move or its answer shown, or a command run (a tap, dropping the selection)."""
        self._asked_yet = True
        step = self.keys.step(action)
        if callable(step):
            self.show(step)
        elif step is not None:
            self.run(step)

    # -- saying ---------------------------------------------------------------------------

    def apply(self, answer: se.Answer) -> se.Answer:
        """Apply setting changes to the written words and the voice; note what went wrong."""
        notes: list[se.SessionEvent] = []
        for event in answer.changed:
            if Audience.WORDS in SETTINGS[event.setting].audience:
                self._follow_language()
            notes += self._worded(self.speech.follow(event))
        return answer.noted(notes)

    def say(self, answer: se.Answer) -> None:
        """The answer in the presenter's order, the table after a deal; remembered for
        `repeat` (the repeat itself is not: `repeat` twice says the same)."""
        events = self.heard.repeated(self.presenter, answer, table=True)
        self.announce(self.heard.heard(answer, events))

    def say_in_part(self, answer: se.Answer, failure: se.Failed) -> None:
        """Every part of the answer that can be worded, then the failure (issue 26): a bug
        in wording one part (an undo's sentence) never hides the others. Not kept for
        `repeat`."""
        events = [*self.heard.repeated(self.presenter, answer, table=True), failure]
        self.write(self.presenter.render_all(events, skip=_unsaid))
        for broke in self.speech.say(events, skip=_unsaid):
            self.failed(broke.error)

    def say_plainly(self) -> None:
        self.write([plain_failure(self.presenter, self._saved)])

    def announce(self, events: list[se.SessionEvent]) -> None:
        """Written in one write, a failure of the voice first: VoiceOver in macOS Terminal
        interrupts itself at each new line written (issue 20), so an answer comes whole.
        The sound starts with the words (mixed into the first, issue 28); a bug in it, or
        in the voice, costs no word."""
        events = [*self._worded(self.speech.late_checks()), *events]
        failure = self.speech.problem()
        problem = [speech_problem(self.presenter.words, failure)] if failure else []
        lines = self.presenter.render_all(events)
        broke = self._worded(self.speech.sound(events))
        if broke:
            events, lines = [*events, *broke], lines + self.presenter.render_all(broke)
        if problem or lines:
            self.write(problem + lines)
        broke = self._worded(self.speech.say(events if lines else []))  # the sound alone
        if broke:  # written already: the voice (or the sounds) stopped, and says so
            self.write(self.presenter.render_all(broke))
            for later in self._worded(self.speech.say(broke)):  # said if the voice speaks
                self.write(self.presenter.render_all([later]))

    def close(self) -> None:
        """The voice and the sounds closed, whatever fails (`Speech.close`); after `quit`,
        its answer heard first."""
        for broke in self.speech.close(self.leaving):
            self.failed(broke.error)  # written down (and the game saved), never said here


TALLEST = 100  # rows: a taller window's first write is not pushed to its bottom


def printer(
    out: TextIO, columns: Callable[[], int] | None = None, above: int = 0
) -> Callable[[list[str]], None]:
    """Writes an answer's lines to `out`, in one write (VoiceOver reads each write
    apart). At a terminal, each line is cut between words to fit the window
    (`text.wrap`), its width read at each answer, so a window made narrower or wider is
    followed; the last column is left free. In a pipe, lines go whole. `columns` gives
    the width instead (tests); 0 cuts nothing.

    At a terminal the first write (the opening) starts on the window's last row, the
    rows above pushed up: no blank row is ever left below the prompt. With blank rows
    there, VTE (GNOME's terminals, xfce4-terminal) reported the first answer that
    scrolled the screen from too far on, and Orca said "ir removed" for "Pair removed"
    (issue 29's review, tests/test_heard_by_orca.py). A window taller than TALLEST rows
    is left as it is: no person reads so many rows at once, and the tests' screen models
    are made that tall so as never to scroll. `above`: lines written to the terminal
    just before (a note on stderr), left in view above the opening, not pushed up."""
    bottom = [False]  # at a terminal, the first write starts at the window's bottom
    if columns is None and is_terminal(out):
        bottom[0] = True

        def columns() -> int:
            return terminal_columns(out)

    def say(lines: list[str]) -> None:
        if columns is not None:
            lines = wrap_all(lines, columns() - 1)
        rows = terminal_rows(out)
        lead = "\n" * (rows - 1 - above) if bottom[0] and rows <= TALLEST else ""
        bottom[0] = False
        out.write(lead + "".join(text + "\n" for text in lines))  # one write: one answer
        out.flush()

    return say


def is_terminal(out: TextIO) -> bool:
    """Whether `out` is a terminal; False for a pipe, a file or a closed stream."""
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


def terminal_rows(out: TextIO) -> int:
    """The height of the terminal `out` writes to, in rows; 0 when it cannot be told."""
    try:
        return os.get_terminal_size(out.fileno()).lines
    except (AttributeError, ValueError, OSError):
        return 0


def _unsaid(error: Exception) -> None:
    """A part of an answer left unsaid: the bug that hid it is written down already."""
    return
