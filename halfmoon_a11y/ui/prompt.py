"""The interactive front end on prompt_toolkit, tuned for screen readers.

No pop-up menus, no toolbar, no right prompt, no redraw timer, no cursor
position requests: nothing appears or moves on the screen unless the player
typed something.
"""

from __future__ import annotations

import asyncio
import errno
import os
import time
from asyncio import CancelledError
from collections.abc import Callable, Iterable, Iterator

from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play.commands import LINE_LIMIT
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.wrap import wrap_all
from halfmoon_a11y.ui import ctrl_c, window
from halfmoon_a11y.ui.completion import complete
from halfmoon_a11y.ui.escapes import cap_escapes
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.loop import serve

# Set before prompt_toolkit is imported: a cursor position request makes some
# terminals and screen readers wait, and prints a warning where none answers.
os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.ui.history import CommandHistory
from halfmoon_a11y.ui.keys import key_bindings
from halfmoon_a11y.ui.one_write import OneWrite, below
from halfmoon_a11y.ui.wakeup import drop_full_pipe_reports, quiet_wakeup

if TYPE_CHECKING:
    from typing import Any

    from halfmoon_a11y.ui.loop import Report
    from halfmoon_a11y.ui.window import Held

# A question mark and a space: what BASIC's INPUT showed, plain to a sighted helper, and
# silent for the ear. Orca (speech-dispatcher's symbol tables) and NVDA name `?` only at
# their "all" punctuation level, never at their defaults; `>` was spoken after nearly
# every answer ("greater than"). docs/decisions.md says why.
PROMPT = "? "


class CommandCompleter(Completer):
    """Command names first, then the arguments each command takes (`ui.completion`), in
    the player's language. A word is completed with a space after it, as readline
    does: a Tab that completes `set move` to `set move-errors ` leaves the next Tab to
    offer its values (without the space, that Tab completed the word to itself and said
    nothing)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
        language = self.session.settings.language
        candidates, current = complete(document.text_before_cursor, language)
        for word in candidates:
            yield Completion(word + " ", start_position=-len(current), display=word)


def run_prompt(
    front: TextFrontEnd,
    history: str | None = None,
    started: bool = True,
    writes: bool = True,
    opening: Held | None = None,
) -> int:
    """The interactive game. `front` has already said the opening (unless `started` is
    False): the command line starts it before this module loads prompt_toolkit, so the
    game's voice starts about 70 ms sooner. Its words, held in `opening`, go out with
    the first prompt. `writes` False: another window owns the files, and the history
    file is only read."""
    session = front.session
    drop_full_pipe_reports()  # the last line of defence: see `ui.wakeup`
    prompt: PromptSession[str] = PromptSession(
        history=CommandHistory(history, session, writes) if history else InMemoryHistory(),
        completer=CommandCompleter(session),
        complete_style=CompleteStyle.READLINE_LIKE,
        complete_while_typing=False,
        enable_system_prompt=False,
        mouse_support=False,
        refresh_interval=0,
    )
    one = OneWrite.over(prompt.app.output)
    if one is not None:
        hold_answers(front, one)
    if opening is not None:
        # With the first prompt, unless that waits for speech auto's choice (tasklist on
        # Windows can take seconds): then at once, as a screen reader reads it meanwhile.
        opening.release(one.write if one is not None and front.speech.choice_made() else None)
    prompt.key_bindings = key_bindings(front.key, one.above if one is not None else None)
    accept_quietly(prompt, one)
    prompt.app.ttimeoutlen = ESCAPE_WAIT
    # a CSI sequence past 64 bytes never reaches its parser, nor a key past a full line
    cap_escapes(prompt.app.input, lambda: len(prompt.default_buffer.text) > LINE_LIMIT)

    def typed(buffer: Buffer) -> None:
        if buffer.text:  # the first key of a new command silences the voice
            front.silence_voice()  # a bug in it is said with the next answer

    prompt.default_buffer.on_text_changed += typed

    try:
        return serve(front, typed_lines(prompt, front.report, front.line_cleared), started=started)
    finally:
        if one is not None:
            with suppress(OSError):  # a terminal that is gone takes nothing
                one.release()


def hold_answers(front: TextFrontEnd, one: OneWrite) -> None:
    """The front end's answers go into the prompt's held output (`ui.one_write`), cut to
    the window's width as `printer` cuts them, and reach the terminal with the prompt
    drawn after them. Only the goodbye goes out at once: no prompt follows it. Held from
    the start too: the voice's line (speech auto) comes with the first prompt.

    An answer taller than the window (`help` at 24 rows) goes in pieces that each fit,
    PACE apart, the last with the prompt: in one write, its first lines scrolled off the
    screen before the terminal looked, and a screen reader, which reads only what is on
    the screen, never had them ("Ordres:" was never heard)."""
    output = one.output

    def write(lines: list[str]) -> None:
        columns = window.terminal_columns(output.stdout)
        # each line of the answer wrapped alone: a piece ends where a line ends
        rows = [wrap_all([line], window.wrap_width(columns)) for line in lines]
        pieces = _pieces(rows, _rows(output))
        pressed = ctrl_c.presses[0]
        for number, piece in enumerate(pieces, start=1):
            one.write("".join(text + "\n" for text in piece))
            # A Ctrl-C during the pieces: the rest at once, with the prompt (the player
            # asked for the game back, and `repeat` says the answer again).
            if number < len(pieces) and ctrl_c.presses[0] == pressed:
                one.release()  # this piece alone, while its first line is on the screen
                time.sleep(PACE)  # the terminal reads it before the next comes
                one.hold()
        if front.leaving:
            one.release()

    front.write = write
    one.hold()


# Seconds between two pieces of an answer taller than the window: the terminal reads
# the first alone, and a screen reader that asks where the caret is a little after
# (Orca answered some 50 ms after Enter) finds it still at the end of that piece.
PACE = 0.25
FEWEST_ROWS = 4  # a piece has at least this many lines, however low the window


def _rows(output: Any) -> int:
    """The window's height in rows; 0 when it cannot be told (then nothing is cut)."""
    try:
        return int(output.get_size().rows)
    except Exception:  # the terminal is gone or says nothing: one piece
        return 0


def _pieces(lines: list[list[str]], rows: int) -> list[list[str]]:
    """The answer's `lines`, each as the rows it was wrapped to, in pieces that each fit
    the window with the caret's line below them. A piece ends where one of the answer's
    lines ends, so a sentence is not cut between two pieces (a pause, and two things a
    screen reader says, in the middle of "Reads one pile or one reserve cell"); only a
    line taller than a piece is cut, at a piece's full height. A window too low for a
    piece of FEWEST_ROWS (or of unknown height) gets one piece: no piece would fit it,
    and the pauses only held the game (a 40-line help page in a 3-row window was ten
    pieces, 2.5 s in which no key was answered)."""
    every = [row for line in lines for row in line]
    if rows <= FEWEST_ROWS:
        return [every]
    size = rows - 1
    pieces: list[list[str]] = []
    piece: list[str] = []
    for line in lines:
        if piece and len(piece) + len(line) > size:
            pieces.append(piece)
            piece = []
        for row in line:
            if len(piece) == size:
                pieces.append(piece)
                piece = []
            piece.append(row)
    if piece or not pieces:
        pieces.append(piece)
    return pieces


# How long a lone Escape byte waits to be known as the Escape key and not the start of
# another key's sequence (an arrow sends ESC [ C). prompt_toolkit waits 0.5 s, so
# Escape answered half a second after every other key. A terminal sends a key's
# sequence in one write, so 50 ms (Neovim's `ttimeoutlen`) is ample.
ESCAPE_WAIT = 0.05  # seconds


# Seconds between the last drawing of a typed line and the answer below it: more than
# VTE takes to read what comes at once as one pass (its updates come some 10 to 30 ms
# apart). Only an Enter pressed this soon after a key waits; a person's rarely is.
ECHO_GAP = 0.05

FAILURES_IN_A_ROW = 3  # a prompt that fails this often at once cannot be typed at: leave


def typed_lines(
    prompt: PromptSession[str],
    report: Report | None = None,
    cleared: Callable[[], None] | None = None,
) -> Iterator[str]:
    """Each line the player enters; Ctrl-C gives up the line (and `cleared` says so),
    Ctrl-D leaves as quit does.

    A bug inside prompt_toolkit never reaches the screen: its details go to `report`
    (the error log), nothing is written. Raised in a key's handler or a reader of the
    terminal, it is caught by the event loop's handler and the prompt goes on; raised
    out of the prompt, the line is given up and the prompt asked again, and after
    FAILURES_IN_A_ROW such failures in a row the game leaves as quit does (it is saved)."""
    failures = 0
    while True:
        try:
            # No prompt_toolkit exception handler: it prints and then waits for Enter, which
            # on a closed terminal never comes. Ours writes to the log only.
            # Not prompt_toolkit's SIGINT handling: it swaps the handler in and out, and
            # between the two, Python's own raised KeyboardInterrupt anywhere (`ui.ctrl_c`).
            try:
                line = prompt.prompt(
                    PROMPT,
                    set_exception_handler=False,
                    handle_sigint=False,
                    pre_run=lambda: _before_prompt(prompt, report),
                )
            finally:
                ctrl_c.prompting(None)  # no prompt reads keys now
        except (KeyboardInterrupt, CancelledError):  # Ctrl-C, or twice: the line given up
            ctrl_c.heard()  # this Ctrl-C is answered here: "Line cleared." is not silenced
            if cleared is not None:
                try:
                    cleared()
                except OSError:  # the terminal is gone: the next prompt leaves
                    pass
                except Exception as error:
                    _report(report, error)
            continue
        except (EOFError, OSError):  # Ctrl-D, or the terminal is gone (EIO): leave as quit
            yield "quit"
            return
        except Exception as error:
            _report(report, error)
            failures += 1
            if failures >= FAILURES_IN_A_ROW:
                yield "quit"
                return
            continue
        failures = 0
        ctrl_c.heard()  # a Ctrl-C as the line came: it silenced what was said before it
        yield line


def _before_prompt(prompt: PromptSession[str], report: Report | None) -> None:
    """Inside the prompt's loop, before it reads a key: a Ctrl-C pressed since the last
    prompt silences the voice now, and one sent while it reads clears the line; the
    loop's reports go to the log, and its signal pipe never writes to the screen
    (`ui.wakeup`)."""
    ctrl_c.heard()
    loop = asyncio.get_running_loop()
    _quiet_loop(report)
    quiet_wakeup(loop)
    app = prompt.app

    def clear_once() -> None:  # one clearing for a flood: the later ones find no prompt
        if app.is_running and not app.is_done:
            app.key_processor.send_sigint()

    ctrl_c.prompting(lambda: loop.call_soon_threadsafe(clear_once))


def _quiet_loop(report: Report | None) -> None:
    """The running event loop writes a callback's exception to the log, not the screen.
    (asyncio's own handler logs it to standard error: a traceback read aloud.)"""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if _terminal_gone(error) or isinstance(error, (SystemExit, KeyboardInterrupt)):
            return  # no bug: the game leaving on SIGHUP, or its last drawing to a closed window
        if error is None and _prompt_task_dropped(context):
            return  # no bug: the prompt left at once (SIGHUP), its own tasks still pending
        if not isinstance(error, BaseException):
            error = RuntimeError(str(context.get("message", "an event loop error")))
        _report(report, error)

    asyncio.get_running_loop().set_exception_handler(handle)


def _prompt_task_dropped(context: dict[str, Any]) -> bool:
    """Whether asyncio says a task of prompt_toolkit's own was destroyed while pending:
    what a prompt left at once (the game leaving on SIGHUP) leaves behind; the loud
    tests found it written to errors.log as a bug, now and then, when a window closed."""
    task = context.get("task")
    message = str(context.get("message", ""))
    get_coro = getattr(task, "get_coro", None)
    code = getattr(get_coro(), "cr_code", None) if callable(get_coro) else None
    where = getattr(code, "co_filename", "")
    return message.startswith("Task was destroyed but it is pending") and (
        "prompt_toolkit" in where
    )


def _terminal_gone(error: object) -> bool:
    """Whether `error` is the terminal's end: EIO, EPIPE, EBADF or ENXIO on writing.
    When the window closes at the prompt, the game leaves on SIGHUP, and the task that
    was drawing the prompt ends in EIO as asyncio cancels it; before, each closed window
    wrote that to errors.log as a bug."""
    gone = (errno.EIO, errno.EPIPE, errno.EBADF, errno.ENXIO)
    return isinstance(error, OSError) and error.errno in gone


def _report(report: Report | None, error: BaseException) -> None:
    with suppress(Exception):  # nothing here may fail in turn
        if report is not None:
            report(error)


def accept_quietly(prompt: PromptSession[str], one: OneWrite | None = None) -> None:
    """Enter ends the line without drawing it again.

    prompt_toolkit's last drawing of an accepted line erases the prompt and writes
    it anew; a terminal screen reader takes that for new text and speaks the command
    the player has just typed, after every command. Instead, the cursor only moves
    below the line (its text is on the screen already, as typed), so after Enter
    the answer alone is new text, as in plain mode.

    It moves down first, then to the start of the new line (`one_write.below`: a
    newline first put the caret on the prompt's character, read before the answer).

    With `one` (a VT100 output), that move is held with the answer, and the next
    prompt's first drawing writes them all at once (`ui.one_write`).
    """
    renderer = prompt.app.renderer
    draw = renderer.render
    drawn = [0.0]  # when the line was last drawn (a key typed shown)

    def render(app: Any, layout: Any, is_done: bool = False) -> None:
        last = renderer._last_screen
        if not is_done or last is None:
            draw(app, layout, is_done)
            if one is not None and not is_done:
                one.release()  # the prompt is drawn: it goes out with what was held
            drawn[0] = time.monotonic()
            return
        # The answer never reaches the terminal with the last key's drawing: VTE would
        # report both as one insertion starting on the typed line, and Orca, which says
        # an insertion of several lines from the start of its first, read the line back.
        time.sleep(max(0.0, drawn[0] + ECHO_GAP - time.monotonic()))
        if one is not None:
            one.hold()
        below(renderer)
        renderer.output.flush()

    renderer.render = render  # type: ignore[method-assign]
