"""The composition root: where a run of the game is put together, once.

The command line reads the options and hands them here; the browser page builds the
same pieces with a policy of its own. Everything a run is made of is chosen here: the
run's policy (speech and sounds by mode and terminal), the files' lock, the keeper
and the session, how a bug is written down, the signals that end a game and the
watchdog behind them, and the front end with its voice.

Why some imports are inside functions, here and nowhere else without saying so: a
start loads only what its mode uses. The JSON mode never loads the voice, the sounds,
the prompt or sqlite3; the prompt's prompt_toolkit (a third of an interactive start)
is loaded after the opening is written, so it is heard sooner; the error log only
when a bug happens. Each factory below imports what it makes when it is first called.
`tests/test_layers.py` holds what a start may load.
"""

from __future__ import annotations

import _thread
import os
import signal
import time
from collections.abc import Callable, Iterable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import field, record
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.lock import FilesLock
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.ui.loop import closing_signals
from halfmoon_a11y.ui.window import is_terminal

if TYPE_CHECKING:
    from typing import TextIO

    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.ui.loop import Report
    from halfmoon_a11y.ui.window import Held, Stream
    from halfmoon_a11y.voice.speaker import Speaker, Voice

WATCHDOG_SECONDS = 1.0
LAST_SAVE_SECONDS = 1.0  # the most the watchdog waits for its own save before it ends us


@record
class Policy:
    """What a run may do, by its mode and where it runs. `json`: the JSON lines mode;
    `interactive`: the prompt (not plain mode, not a pipe); `at_terminal`: both the
    input and the output are a terminal; `speech_asked`: an option or the environment
    named the speech setting."""

    json: bool = False
    interactive: bool = False
    at_terminal: bool = False
    speech_asked: bool = False

    def settings(self, chosen: Settings) -> Settings:
        """The game's own voice speaks only at a terminal, unless an option or the
        environment asks for it; the JSON mode never speaks. Sounds play at a terminal
        only: never in a pipe, nor in the JSON mode."""
        if self.json or not (self.interactive or self.speech_asked):
            chosen = chosen.replace(speech=SpeechMode.OFF)
        if self.json or not self.at_terminal:
            chosen = chosen.replace(sounds=False)
        return chosen

    @property
    def sounds(self) -> bool:
        return self.at_terminal and not self.json

    @property
    def announce_voice(self) -> bool:
        """Say at the start which voice speaks."""
        return self.speech_asked or self.interactive


@record(frozen=False)
class Leaving:
    """How a run ends when it is told to: SIGTERM and SIGHUP (on Windows SIGBREAK) leave
    like `quit`, the game saved on the way out. A watchdog makes sure of it: if leaving
    hangs (prompt_toolkit can, when its terminal is gone), it runs the last words (the
    keeper's close: a save) and ends the process itself. `opened`: the run opened its
    game, so a bug outside a turn stops a game, not its start."""

    opened: bool = False
    last_words: list[Callable[[], None]] = field(default_factory=list)

    def install(self) -> None:
        for signum in closing_signals():
            signal.signal(signum, self.on_signal)

    def on_signal(self, signum: int, frame: object) -> None:
        self.start_watchdog()
        raise SystemExit(0)

    def start_watchdog(self) -> None:
        # `_thread`, not `threading`: a signal can come while the main thread is in the
        # middle of importing `threading` (a result's first wait does), and a handler
        # that imports it then gets the half-made module. `_thread` is built in and
        # always loaded; its threads never hold the process open.
        def last_words() -> None:
            for action in self.last_words:
                with suppress(Exception):
                    action()
            done.release()

        def watch() -> None:
            time.sleep(WATCHDOG_SECONDS)
            # The last save runs on a thread of its own, and the process ends after its
            # deadline whatever it does: a save stuck in a system call (a FIFO, a hung
            # network folder) cannot keep the game from ending.
            _thread.start_new_thread(last_words, ())
            done.acquire(timeout=LAST_SAVE_SECONDS)
            os._exit(0)

        done = _thread.allocate_lock()
        done.acquire()
        _thread.start_new_thread(watch, ())


def reporter(paths: Paths, console: bool = False) -> Report:
    """How a bug's details are written down (errors.log): the log's path, to say once.
    `console`: a page's, whose details also go to the browser's console (Python's
    stderr in Pyodide) and whose path is never said (a page's player cannot open the
    page's files). The log is loaded only when a bug happens."""

    def report(error: BaseException) -> str | None:
        from halfmoon_a11y.store import error_log

        path = error_log.write_error(paths.errors, error)
        if not console:
            return path
        error_log.to_console(error)
        return None

    return report


class World:
    """One run's pieces, made when asked: the files, the game, the voice, the front end."""

    def __init__(
        self,
        paths: Paths,
        settings_file: SettingsFile,
        policy: Policy,
        leaving: Leaving | None = None,
    ) -> None:
        self.paths = paths
        self.settings_file = settings_file
        self.policy = policy
        self.leaving = leaving if leaving is not None else Leaving()
        self.lock = FilesLock(paths.lock)
        self.keeper: Keeper | None = None
        self.report = reporter(paths)

    def open(self, code: DealCode | None, settings: Settings) -> tuple[Keeper, Session]:
        """The files locked (or not: another window has them), the game opened, and from
        here the closing signals leave like `quit`."""
        keeper = self.keeper = Keeper(self.paths, self.settings_file, owner=self.lock.acquire())
        session = keeper.open(code, self.policy.settings(settings))
        self.leaving.opened = True
        self.leaving.last_words.append(keeper.close)
        self.leaving.install()
        return keeper, session

    def close(self) -> None:
        """Results a busy database could not take yet, the files, the lock."""
        if self.keeper is not None:
            self.keeper.flush_results()
            self.keeper.close()
        self.lock.release()

    def speaker_factory(self, chosen: Settings) -> Voice:
        from halfmoon_a11y.voice.choose import make_speaker

        cache = os.path.dirname(self.paths.sounds)  # the speech files' folder, failing all else
        return make_speaker(chosen, configured_player=self.settings_file.player, folder=cache)

    def sound_player(self) -> Speaker | None:
        from halfmoon_a11y.voice.choose import make_sound_player

        return make_sound_player(configured_player=self.settings_file.player)

    def run_json(self, session: Session, keeper: Keeper, lines: Iterable[str], out: TextIO) -> int:
        """The JSON lines mode: no voice, no sounds, no prompt."""
        from halfmoon_a11y.ui import jsonmode

        return jsonmode.run(session, lines, out, keeper, self.report)

    def text_front(
        self, session: Session, keeper: Keeper, out: Stream, notes: TextIO, noted: int
    ) -> TextFrontEnd:
        """The terminal's front end: its words written to `out` (`noted` lines already
        written to `notes` stay in view above the opening), its voice and (at a
        terminal) its sounds."""
        from halfmoon_a11y.ui.frontend import TextFrontEnd, printer

        sounds = self.policy.sounds
        return TextFrontEnd(
            session,
            printer(out, above=noted if is_terminal(notes) else 0),
            self.speaker_factory,
            self.policy.announce_voice,
            self.paths.sounds if sounds else None,
            self.sound_player if sounds else None,
            store=keeper,
            report=self.report,
        )

    def run_prompt(
        self, front: TextFrontEnd, keeper: Keeper, loaded: Callable[[], None], opening: Held
    ) -> int:
        """The interactive prompt, its opening already made (and spoken) before
        prompt_toolkit loads, the game's voice starting while the prompt gets ready. The
        opening's words are `opening`, held: they go out with the first prompt, or at
        once if the prompt cannot take them. `loaded`: told once prompt_toolkit is
        loaded."""
        try:
            try:
                from halfmoon_a11y.ui.prompt import run_prompt
            except BaseException:
                front.close()  # the voice stops with the program
                raise
            loaded()
            return run_prompt(front, self.paths.history, writes=keeper.owner, opening=opening)
        finally:
            opening.release()  # never lost: written now if the prompt did not take it
