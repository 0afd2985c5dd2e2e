"""The text front end: lines in, sentences out, written and spoken.

Shared by plain mode (`ui.plain`) and the interactive prompt (`ui.prompt`). It composes
the written words (a presenter and `write`), the voice side (`voice.speech.Speech`: the
game's own voice and the sounds) and the arrow keys' cursor.
"""

from __future__ import annotations

from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.text.wrap import wrap_all
from halfmoon_a11y.ui.cursor_keys import CursorKeys
from halfmoon_a11y.ui.loop import Failures, Turns
from halfmoon_a11y.ui.text_sink import TextSink
from halfmoon_a11y.ui.window import (
    is_terminal,
    terminal_columns,
    terminal_rows,
    wrap_width,
)
from halfmoon_a11y.voice.speech import Speech

if TYPE_CHECKING:
    from halfmoon_a11y.play.loop_port import Store
    from halfmoon_a11y.ui.loop import Report
    from halfmoon_a11y.ui.window import Stream
    from halfmoon_a11y.voice.choosing import SpeakerFactory
    from halfmoon_a11y.voice.speaker import Speaker


class TextFrontEnd:
    """The terminal's turns: a teller with the terminal's words, a sink that writes with
    `write` and speaks with the game's own voice, and the arrow keys' cursor."""

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
        self.session, self.report = session, report
        self.failures = Failures(session, store, report)
        self.teller = Teller()
        speech = Speech(
            session, speaker_factory, announce_voice, sounds_folder, sound_player, self.teller
        )
        self.sink = TextSink(write, speech, self.teller, self.failures)
        self.turns = Turns(session, self.teller, self.sink, self.failures, store)
        self.keys = CursorKeys(session)  # the arrow keys' cursor, a tap, a drop (the prompt)
        # At a terminal (set by the command line): an empty line says the opening again
        # until the first command or key, for a player who heard nothing of it: started
        # by a launcher, the opening caused by no key is not spoken by Orca.
        self.blank_says_opening = False
        self._asked_yet = False  # a command or a game key came since the opening
        # What the prompt and the tests use of the parts, by their names.
        self.start, self.settle, self.show = (
            self.turns.start,
            self.turns.sink.settle,
            self.turns.show,
        )
        self.speech, self.silence_voice = speech, self.sink.silence_voice
        self.silence_from_signal, self.interrupt = (
            self.sink.silence_from_signal,
            self.sink.interrupt,
        )

    @property
    def write(self) -> Callable[[list[str]], None]:
        return self.sink.write

    @write.setter
    def write(self, write: Callable[[list[str]], None]) -> None:
        self.sink.write = write

    @property
    def speaker(self) -> Speaker:
        return self.speech.speaker

    @speaker.setter
    def speaker(self, speaker: Speaker) -> None:
        self.speech.speaker = speaker

    @property
    def leaving(self) -> bool:
        return self.turns.leaving

    def line(self, text: str) -> None:
        """One typed line; but before the first command or key, at a terminal, an empty
        line says the opening again, as `repeat` does. Later an empty line says nothing."""
        if self.blank_says_opening and not self._asked_yet and not text.strip():
            self.turns.run(cmd.Repeat())
            return
        self._asked_yet = True
        self.turns.line(text)

    def key(self, action: str) -> None:
        """A key of the prompt (play.keymap) on an empty line (`CursorKeys`): a cursor
        move or its answer shown, or a command run (a tap, dropping the selection)."""
        self._asked_yet = True
        step = self.keys.step(action)
        if callable(step):
            self.turns.show(step)
        elif step is not None:
            self.turns.run(step)

    def line_cleared(self) -> None:
        """Ctrl-C on a line being typed: the voice is silenced and the player told the
        line is gone. Not kept for `repeat`, which still says the last answer."""
        self.turns.silence()
        self.sink.deliver(self.teller.told([pe.LineCleared(), *self.troubles()]))

    def troubles(self) -> list[se.SessionEvent]:
        """The bugs met since the last answer, those a Ctrl-C met included."""
        self.sink.signalled()
        return self.failures.troubles()

    def close(self) -> None:
        self.turns.close()


TALLEST = 100  # rows: a taller window's first write is not pushed to its bottom


def printer(
    out: Stream, columns: Callable[[], int] | None = None, above: int = 0
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
    (tests/test_heard_by_orca.py). A window taller than TALLEST rows
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
            lines = wrap_all(lines, wrap_width(columns()))
        rows = terminal_rows(out)
        lead = "\n" * (rows - 1 - above) if bottom[0] and rows <= TALLEST else ""
        bottom[0] = False
        out.write(lead + "".join(text + "\n" for text in lines))  # one write: one answer
        out.flush()

    return say
