"""The read loop every front end shares, and a turn as one straight line.

A typed line goes down once and comes back up once: line → command (the session) →
store (persist) → teller (the answer worded once, in order, remembered for `repeat`)
→ sink (written and spoken, a JSON line, a page's announcement); then the store
finishes what could wait for the answer (`after`: a result written to the
statistics), beside the loop (`Later`), and the next turn waits for it first. Nothing
below calls up: the session returns one `Answer` value, the store returns it with its
notices.

Plain mode reads a stream, the prompt reads typed lines, the JSON mode reads JSON
lines' commands; all of them go through `serve`. A bug in any command is caught here:
the player hears one short sentence, the details go to a log file, the game is saved
and goes on (`Failures.failed`).
"""

from __future__ import annotations

import _thread
import signal
from collections.abc import Iterable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import since
from halfmoon_a11y.play.commands import Command
from halfmoon_a11y.play.dispatch import execute, handle
from halfmoon_a11y.play.port import NoStore
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.teller import Teller, Told

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol

    from halfmoon_a11y.play.loop_port import Store

    Report = Callable[[BaseException], str | None]

    class Sink(Protocol):
        """Where told answers go: the terminal (written and spoken), the JSON lines, a
        page. A sink words nothing: the `Teller` did; it delivers, and follows what the
        player changed."""

        def begin(self) -> None:
            """The opening is about to be told (the voice may be chosen beside it)."""

        def opening_notes(self) -> list[se.SessionEvent]:
            """What the sink says about itself at the start (which voice speaks)."""

        def opened(self, answer: se.Answer) -> None:
            """The opening as it will be said (kept, when the voice's choice comes later)."""

        def follow(self, answer: se.Answer) -> list[se.SessionEvent]:
            """Follow the settings the answer changed (the voice); notes of its own."""

        def deliver(self, told: Told) -> None:
            """Give the player one answer: one write, one announcement, one JSON line."""

        def plainly(self, text: str) -> None:
            """The last resort, when even the failure cannot be worded (`Teller.plainly`)."""

        def interrupt(self) -> None:
            """A new command silences the last answer."""

        def settle(self) -> None:
            """Finish what the opening began without waiting for it (the voice's choice)."""

        def close(self, leaving: bool) -> None:
            """Stop what the sink started (the voice); `leaving`: after `quit`."""

    class Front(Protocol):
        """What `serve` drives: a front end's turns."""

        @property
        def leaving(self) -> bool: ...

        def start(self) -> None: ...
        def settle(self) -> None: ...
        def line(self, text: str) -> None: ...
        def close(self) -> None: ...


class QuietSink:
    """What a sink with no voice of its own does around its answers: nothing to start,
    follow, silence or close (the JSON mode; the page, which owns its voice and sounds).
    Such a sink adds `deliver` and `plainly`."""

    def begin(self) -> None:
        return

    def opening_notes(self) -> list[se.SessionEvent]:
        return []

    def opened(self, answer: se.Answer) -> None:
        return

    def follow(self, answer: se.Answer) -> list[se.SessionEvent]:
        return []

    def interrupt(self) -> None:
        return

    def settle(self) -> None:
        return

    def close(self, leaving: bool) -> None:
        return


class Failures:
    """What a bug costs: its details written down (the path said the first time), the
    game saved as it stands, and one sentence. Bugs met outside a turn (silencing the
    voice, a key) wait here to be said with the next answer."""

    def __init__(self, session: Session, store: Store | None, report: Report | None) -> None:
        self.session = session
        self.store: Store = store if store is not None else NoStore()
        self.report = report  # writes a bug's details down; the file's path, or None
        self.saved = False  # the last bug's game was saved as it stood
        self._reported = False  # the log's path is said once a run
        self._waiting: list[se.SessionEvent] = []

    def failed(self, error: BaseException) -> se.Failed:
        """Nothing here may fail in turn."""
        log = None
        with suppress(Exception):
            log = self.report(error) if self.report is not None else None
        saved = False
        with suppress(Exception):
            saved = bool(self.store.rescue(self.session))
        shown = None if self._reported else log
        self._reported = self._reported or log is not None
        self.saved = saved
        return se.Failed(shown, saved)

    def trouble(self, event: se.SessionEvent) -> None:
        """A bug met outside a turn, said with the next answer."""
        self._waiting.append(event)

    def troubles(self) -> list[se.SessionEvent]:
        """The bugs met since the last answer, each said once."""
        troubles, self._waiting = self._waiting, []
        return troubles


class Later:
    """The store's work that waits for the answer, run on a thread of its own. At the
    prompt an answer reaches the screen only with the next prompt drawn after it (one
    write, for the screen reader): a database held by another program (a 0.25 s wait)
    once held the answer to `new` and to a winning move that long. Where no thread can
    start (the page, under Pyodide) it runs at once, the page's answer already given."""

    def __init__(self, work: Callable[[], None]) -> None:
        # `_thread`, built in and always loaded, as the watchdog's (ui/world.py): a start
        # does not load `threading` for the one thread a result needs.
        self.error: Exception | None = None
        self._done = _thread.allocate_lock()  # held until the work is done
        self._done.acquire()
        try:
            _thread.start_new_thread(self._run, (work,))
        except RuntimeError:  # no threads here
            self._run(work)

    def _run(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as error:  # said with the next answer, by the loop's thread
            self.error = error
        finally:
            self._done.release()

    def wait(self) -> Exception | None:
        """Until the work is done (its time is bounded: the statistics' own bounds);
        the bug it met, if any."""
        with self._done:
            return self.error


class Turns:
    """The straight line of a turn, for every front end: line, command, store, teller,
    sink. What differs between front ends is their `Teller` (the surface's words) and
    their `Sink` (how a told answer reaches the player); this class is never derived."""

    def __init__(
        self,
        session: Session,
        teller: Teller,
        sink: Sink,
        failures: Failures,
        store: Store | None = None,
    ) -> None:
        self.session = session
        self.teller = teller
        self.sink = sink
        self.failures = failures
        self.store: Store = failures.store if store is None else store
        self.leaving = False  # `quit` was answered: the loop ends
        self.later: Later | None = None  # the store's work since the last answer
        teller.follow(session.settings)

    def failed(self, error: BaseException) -> se.Failed:
        return self.failures.failed(error)

    def silence(self) -> None:
        """The sink's `interrupt`, which never stops the game: a bug in it is written
        down and said with the next answer, after what that answer did."""
        try:
            self.sink.interrupt()
        except Exception as error:
            self.failures.trouble(self.failed(error))

    # -- the line ------------------------------------------------------------------------

    def start(self) -> None:
        """The opening: the deal, the notices, the table."""
        self.sink.begin()
        self._turn(self._opening, persist=False)

    def _opening(self) -> se.Answer:
        answer = self.session.opening().noted(self.sink.opening_notes(), first=True)
        self.sink.opened(answer)
        return answer

    def line(self, text: str) -> None:
        """One typed line: parse, execute, persist, follow, tell and deliver."""
        self.sink.settle()
        self.silence()
        self._turn(lambda: handle(self.session, text))

    def run(self, command: Command) -> None:
        """A command given without words (a key at the prompt), the same way."""
        self.sink.settle()
        self.silence()
        self._turn(lambda: execute(self.session, command))

    def show(self, make: Callable[[], se.Answer]) -> None:
        """An answer made outside the session (the cursor's), said the same way: nothing
        to execute or persist, and a bug in it caught as in any other."""
        self.sink.settle()
        self.silence()
        self._turn(make, persist=False)

    def _turn(self, execute: Callable[[], se.Answer], persist: bool = True) -> None:
        """The straight line, each step guarded. A bug before anything was done is the
        answer; a bug in a later step (saving, following a setting) is said after what
        was done, which stands. `quit` leaves even when saving fails: leaving saves again."""
        self.finish()
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
                self.teller.follow(self.session.settings)
                answer = answer.noted(self.sink.follow(answer))
            except Exception as error:
                answer = answer.noted([self.failed(error)])
        self.say(answer.noted(self.failures.troubles()))
        if persist:
            self._after()

    def _after(self) -> None:
        """Once the answer is out: what the store left until then (a win is recorded
        after "Victory" is said), beside the loop. A bug in it is said with the next
        answer."""
        try:
            if self.store.waiting:
                self.later = Later(self.store.after)
        except Exception as error:
            self.failures.trouble(self.failed(error))

    def finish(self) -> None:
        """The store's work since the last answer, done: before the next turn asks the
        store anything, and before leaving."""
        later, self.later = self.later, None
        error = later.wait() if later is not None else None
        if error is not None:
            self.failures.trouble(self.failed(error))

    def _done_since(self, before: since.Mark) -> se.Answer:
        """What the failed command had done to the game; nothing if even that cannot be
        told."""
        try:
            return since.done_since(self.session, before)
        except Exception:  # the first bug is written down already: this one is not said
            return se.Answer()

    def say(self, answer: se.Answer) -> None:
        """Tell the answer and deliver it; if that meets a bug, every part that can still
        be worded and the failure; if even that fails, one plain sentence. An output that
        cannot be written (a closed pipe, a full disk) is no bug: the command line deals
        with it."""
        try:
            self.sink.deliver(self.teller.tell(answer))
            return
        except OSError:
            raise
        except Exception as error:
            failure = self.failed(error)
        try:
            self.sink.deliver(self.teller.tell_in_part(answer, failure))
        except OSError:
            raise
        except Exception as error:
            self.failed(error)
            self.sink.plainly(self.teller.plainly(self.failures.saved))

    def close(self) -> None:
        """Stop what the sink started; after `quit`, its answer heard first."""
        self.finish()
        self.sink.close(self.leaving)


def serve(front: Front, lines: Iterable[str], started: bool = False) -> int:
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
    thread all the same (a SIGTERM during the goodbye once ended the game and left
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
