"""The read loop every front end shares, and a turn as one straight line.

A typed line goes down once and comes back up once: parse, execute (the session),
persist (the store), apply the settings that changed (the front end's words and
voice), render and say (the presenter, the front end); then the store finishes what
could wait for the answer (`after`: a result written to the statistics). Nothing below calls up: the
session returns one `Answer` value, the store returns it with its notices.

Plain mode reads a stream, the prompt reads typed lines, the JSON mode reads JSON
lines' commands; all of them go through `serve`. A bug in any command is caught here:
the player hears one short sentence, the details go to a log file, the game is saved
and goes on (`Turns.failed`).
"""

from __future__ import annotations

import signal
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterable, Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import since
from halfmoon_a11y.play.commands import REPEAT_DEPTH, Command
from halfmoon_a11y.play.dispatch import execute, handle
from halfmoon_a11y.play.port import NoStore
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.presenter import Presenter

if TYPE_CHECKING:
    from collections.abc import Callable

    from halfmoon_a11y.play.loop_port import Store

    Report = Callable[[BaseException], str | None]


class Turns(ABC):
    """The straight line of a turn, for every front end. A front end says how it applies
    settings (`apply`) and how it says an answer (`say`); the rest is here, once."""

    def __init__(
        self, session: Session, store: Store | None = None, report: Report | None = None
    ) -> None:
        self.session = session
        self.store: Store = store if store is not None else NoStore()
        self.report = report  # writes a bug's details down; the file's path, or None
        self.leaving = False  # `quit` was answered: the loop ends
        self._reported = False  # the log's path is said once a run
        self._saved = False  # the last bug's game was saved as it stood
        self._troubles: list[se.SessionEvent] = []  # bugs met outside a turn: said at the next

    # -- what a front end says ---------------------------------------------------------

    def apply(self, answer: se.Answer) -> se.Answer:
        """Follow the settings that changed; the answer with notes of the front end's own."""
        return answer

    @abstractmethod
    def say(self, answer: se.Answer) -> None:
        """Render the answer and give it to the player (each front end its own way)."""

    def interrupt(self) -> None:
        """A new command silences the last answer."""
        return  # a front end with nothing of its own to do here (the JSON mode)

    def silence(self) -> None:
        """`interrupt`, which never stops the game: a bug in it is written down and said
        with the next answer, after what that answer did (issue 26)."""
        try:
            self.interrupt()
        except Exception as error:
            self.trouble(self.failed(error))

    def trouble(self, event: se.SessionEvent) -> None:
        """A bug met outside a turn (silencing the voice, a key), said with the next answer."""
        self._troubles.append(event)

    def troubles(self) -> list[se.SessionEvent]:
        """The bugs met since the last answer, each said once."""
        troubles, self._troubles = self._troubles, []
        return troubles

    def settle(self) -> None:
        """Finish what the opening began without waiting for it (the voice speech auto
        chooses), before the first line is read: `serve` asks, and so does each turn."""
        return  # a front end with nothing of its own to do here (the JSON mode)

    def opening_notes(self) -> Sequence[se.SessionEvent]:
        """What the front end says about itself at the start (which voice speaks)."""
        return ()

    def close(self) -> None:
        """Stop what the front end started (the voice)."""
        return  # a front end with nothing of its own to do here (the JSON mode)

    # -- the line ------------------------------------------------------------------------

    def start(self) -> None:
        """The opening: the deal, the notices, the table."""
        self._turn(lambda: self.apply_opening(self.session.opening()), persist=False)

    def apply_opening(self, answer: se.Answer) -> se.Answer:
        return answer.noted(self.opening_notes(), first=True)

    def line(self, text: str) -> None:
        """One typed line: parse, execute, persist, apply, render and say."""
        self.settle()
        self.silence()
        self._turn(lambda: handle(self.session, text))

    def run(self, command: Command) -> None:
        """A command given without words (a key at the prompt), the same way."""
        self.settle()
        self.silence()
        self._turn(lambda: execute(self.session, command))

    def show(self, make: Callable[[], se.Answer]) -> None:
        """An answer the front end makes itself (the cursor's), said the same way: nothing
        to execute or persist, and a bug in it caught as in any other."""
        self.settle()
        self.silence()
        self._turn(make, persist=False)

    def _turn(self, execute: Callable[[], se.Answer], persist: bool = True) -> None:
        """The straight line, each step guarded. A bug before anything was done is the
        answer; a bug in a later step (saving, following a setting) is said after what
        was done, which stands. `quit` leaves even when saving fails: leaving saves again."""
        before = since.mark(self.session)
        try:
            answer = execute()
        except Exception as error:  # what was done already is said first, then the bug
            failure = self.failed(error)
            answer = self._done_since(before).noted([failure])
        else:
            self.leaving = self.leaving or answer.leaving
            if persist:
                try:
                    answer = self.store.persist(self.session, answer)
                except Exception as error:
                    answer = answer.noted([self.failed(error)])
            try:
                answer = self.apply(answer)
            except Exception as error:
                answer = answer.noted([self.failed(error)])
        self._say(answer.noted(self.troubles()))
        if persist:
            self._after()

    def _after(self) -> None:
        """Once the answer is out: what the store left until then (issue 28: a win is
        recorded after "Victory" is said). A bug in it is said with the next answer."""
        try:
            self.store.after()
        except Exception as error:
            self.trouble(self.failed(error))

    def _done_since(self, before: since.Mark) -> se.Answer:
        """What the failed command had done to the game (issue 26); nothing if even that
        cannot be told."""
        try:
            return since.done_since(self.session, before)
        except Exception:  # the first bug is written down already: this one is not said
            return se.Answer()

    def _say(self, answer: se.Answer) -> None:
        """Say the answer; if saying it meets a bug, say that instead; if even that fails,
        `say_plainly`. An output that cannot be written (a closed pipe, a full disk) is no
        bug: the command line deals with it."""
        try:
            self.say(answer)
            return
        except OSError:
            raise
        except Exception as error:
            failure = self.failed(error)
        try:
            self.say_in_part(answer, failure)
        except OSError:
            raise
        except Exception as error:
            self.failed(error)
            self.say_plainly()

    def say_in_part(self, answer: se.Answer, failure: se.Failed) -> None:
        """Saying `answer` met a bug: say what of it can still be said, then `failure`.
        By default the failure alone; the text front end says every part it can word."""
        self.say(se.Answer((failure,)))

    def say_plainly(self) -> None:
        """The last resort, when even the failure cannot be said in the player's words."""
        return  # by default nothing more can be said; both front ends write one line

    def failed(self, error: BaseException) -> se.Failed:
        """A bug: its details written down (the path said the first time), the game saved
        as it stands. Nothing here may fail in turn."""
        log = None
        with suppress(Exception):
            log = self.report(error) if self.report is not None else None
        saved = False
        with suppress(Exception):
            saved = bool(self.store.rescue(self.session))
        shown = None if self._reported else log
        self._reported = self._reported or log is not None
        self._saved = saved
        return se.Failed(shown, saved)


SAVED = "Something went wrong with that command. The game is saved and goes on."
NOT_SAVED = "Something went wrong with that command. The game goes on."


def plain_failure(presenter: Presenter, saved: bool) -> str:
    """The failure sentence in the player's language if the catalog still answers, else
    in English: said when even the presenter fails."""
    text = SAVED if saved else NOT_SAVED
    try:
        return presenter.words._(text)
    except Exception:
        return text


class Heard:
    """The answers said, for `repeat` and `repeat 3` (issue 29): the last REPEAT_DEPTH,
    each as `remembered` keeps it, newest last. A repeat is not kept: `repeat 2` twice
    says the same answer."""

    def __init__(self) -> None:
        self._answers: deque[list[se.SessionEvent]] = deque(maxlen=REPEAT_DEPTH)

    def keep(self, events: list[se.SessionEvent]) -> None:
        self._answers.append(remembered(events))

    def replace_last(self, events: list[se.SessionEvent]) -> None:
        """The last answer as it is now said (the opening, with the voice chosen)."""
        if self._answers:
            self._answers.pop()
        self.keep(events)

    def back(self, answers: int) -> list[se.SessionEvent]:
        """The answer said `answers` answers ago (1: the last); empty when not kept."""
        if not 1 <= answers <= len(self._answers):
            return []
        return self._answers[-answers]

    def __len__(self) -> int:
        return len(self._answers)

    def repeated(
        self, presenter: Presenter, answer: se.Answer, table: bool
    ) -> list[se.SessionEvent]:
        """The answer in the presenter's order; for a repeat, the answer it asks for."""
        back = answer.repeat or 1
        return presenter.order(answer, table=table, last=self.back(back), kept=len(self))

    def heard(self, answer: se.Answer, events: list[se.SessionEvent]) -> list[se.SessionEvent]:
        """What the player hears of an answer in `Presenter.order`'s order, kept unless it
        is a repeat. A plain `repeat` says nothing of its own: the `repeat` event is left
        out. `repeat 3` says first how far back the answer was."""
        if not answer.repeat:
            if events:
                self.keep(events)
            return events
        return events if answer.repeat > 1 else events[1:]


def remembered(events: list[se.SessionEvent]) -> list[se.SessionEvent]:
    """What `repeat` says again of an answer: all of it, but a bug's log path, which is
    said once, and the voice or the sounds stopping, said once too."""
    if se.Failed not in map(type, events):
        return events
    return [
        se.Failed(saved=event.saved, part=event.part) if isinstance(event, se.Failed) else event
        for event in events
        if not (isinstance(event, se.Failed) and event.part in _SAID_ONCE)
    ]


_SAID_ONCE = (se.Part.VOICE, se.Part.SOUNDS)


def serve(front: Turns, lines: Iterable[str], started: bool = False) -> int:
    """The exit status: 0, whether the lines ran out or the player quit. `started`: the
    front end has said its opening already."""
    try:
        if not started:
            front.start()
        front.settle()  # the voice chosen and the opening heard before any line is read
        for text in lines:
            front.line(text)
            if front.leaving:
                break
    finally:
        hold_signals()  # closing is not interrupted: the voice and the save end cleanly
        front.close()
    return 0


LEAVING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
# Windows has no SIGHUP and no signal mask: Ctrl-Break (SIGBREAK, also what a closed
# console window brings, when Windows leaves the game the time) stands for SIGHUP.
WINDOWS_LEAVING_SIGNALS = ("SIGTERM", "SIGBREAK", "SIGINT")


def closing_signals() -> list[signal.Signals]:
    """The signals that make the game leave as `quit` does (saved on the way out): SIGTERM
    and SIGHUP (the terminal closed); on Windows SIGTERM and SIGBREAK."""
    names = WINDOWS_LEAVING_SIGNALS if system.is_windows() else LEAVING_SIGNALS
    return [getattr(signal, name) for name in names[:2] if hasattr(signal, name)]


def hold_signals() -> None:
    """From here to the end, SIGTERM, SIGHUP and Ctrl-C wait: the game is already leaving.
    They are never let through again; the process ends without them. Windows has no
    signal mask: there Ctrl-C and Ctrl-Break are ignored from here on instead (a SIGTERM
    from another program cannot be caught there at all).

    The mask holds them in this thread only: the voice's threads, started before, still
    take a signal sent to the process, and Python then runs its handler in the main
    thread all the same (issue 26: a SIGTERM during the goodbye ended the game and left
    the audio player playing). So the handlers are also made to note the signal and do
    nothing more: `quit` closes the voice, and the game ends, as it would have."""
    if system.is_windows():
        for name in WINDOWS_LEAVING_SIGNALS[1:]:
            if hasattr(signal, name):
                with suppress(ValueError, OSError):  # not the main thread
                    signal.signal(getattr(signal, name), signal.SIG_IGN)
        return
    wanted = {getattr(signal, name) for name in LEAVING_SIGNALS if hasattr(signal, name)}
    for signum in wanted:
        with suppress(ValueError, OSError):  # not the main thread
            signal.signal(signum, _held)
    with suppress(AttributeError, ValueError, OSError):
        signal.pthread_sigmask(signal.SIG_BLOCK, wanted)


held: list[int] = []  # the leaving signals that came while the game was leaving already


def _held(signum: int, frame: object) -> None:
    """A leaving signal while the game leaves: noted, nothing more (`hold_signals`)."""
    held.append(signum)
