"""The browser page's front end: the same session, store and sentences as
the terminal, run by Pyodide, each answer given to the page as one JSON object.

The page (`web/game.js`) owns the screen, the announcer, the sounds and the browser's
voice; this module owns everything the game says. The page calls `Page.open` once,
then `Page.line` for each command typed, and `Page.storage` after each time it tried
to keep the files in the browser (IndexedDB, through Emscripten's IDBFS): the store
writes its files, save, journal, settings and statistics, exactly as at a terminal,
into a folder the page mirrors into IndexedDB after every answer.

A page cannot tell whether a screen reader runs, so speech auto is silent here (the
browser's voice speaks only with `set speech on`): docs/web.md.
"""

from __future__ import annotations

import importlib
import json
import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import BadDealCodeError
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play.lexicon import languages
from halfmoon_a11y.play.messages import N_, Surface
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.store.files import Paths, keep_aside
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text import buttons
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.loop import Failures, QuietSink, Turns
from halfmoon_a11y.ui.world import Policy, reporter
from halfmoon_a11y.voice import earcons

if TYPE_CHECKING:
    from typing import Any

    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.text.teller import Told
    from halfmoon_a11y.ui.loop import Report

# What the page itself says and shows, in the player's language: written into the
# built folder (`page_words`, by tools/web_build.py) so that the page has its words
# before Python has loaded.
PAGE_WORDS = {
    "title": N_("Half Moon"),
    "lead": N_("Half Moon, a two-deck solitaire for play by ear."),
    "skip": N_("Skip to the command field"),
    "label": N_("Command"),
    "send": N_("Send"),
    "hint": N_("Type a command, then press Enter. Type help for the commands."),
    "review": N_("What was said"),
    # Read where a screen reader in browse mode finds the list; Orca stays in browse
    # mode when its browse keys bring it back to the field, and then keys are lost.
    "review_hint": N_(
        "The newest answer is last. To type again, go back to the command field. If your "
        "keys then move around the page, turn on focus mode, with Orca+A in Orca or "
        "NVDA+Space in NVDA."
    ),
    "loading": N_("Loading Half Moon. The first time this takes up to a minute."),
    "ready": N_("Ready."),
    "failed": N_("Half Moon could not start in this browser. Reload the page to try again."),
    "busy": N_("Still loading. Your command waits, and runs when the game is ready."),
    "broken": N_("Something went wrong in the page. Reload it to go on with the game."),
    "no_script": N_("Half Moon needs JavaScript and WebAssembly."),
    # Said when loading passed its bound (web/game.js); the game still starts if the
    # file comes after all.
    "stalled": N_(
        "Loading is taking too long. A file of the game has not arrived. "
        "Check the connection, then reload the page."
    ),
}

STORAGE_REFUSED = N_(
    "Not kept. This browser could not store the game. You can play on, but the game is "
    "lost when the page closes."
)
STORAGE_BACK = N_("Kept again. This browser stores the game once more.")  # after a refusal
# No navigator.locks and no localStorage: nothing tells this tab about the others.
UNSURE_ALONE = N_(
    "Unsure. This browser cannot tell whether another tab has the game open. "
    "Play in one tab only, or moves may be lost."
)
# The tab's lease on the files was taken by another tab while this one slept.
TAKEN = N_("Another tab has the game now. This tab saves nothing from now on.")
# A record of the browser's storage that is no file the game can read (a FIFO's mode,
# an empty record): kept under another name, as a terminal keeps a bad file.
RECORD_ASIDE = N_("Unreadable file {path} in this browser's storage. It was renamed {aside}.")
RECORD_LEFT_OUT = N_("Unreadable file {path} in this browser's storage. It was left out.")
# A code with control characters is not read back: its bytes would be said as noise.
CODE_GARBLED = N_("Bad deal code in the page's address. A code looks like HM1-N-ABCDEFG.")


def _set_aside(words: Words, given: Any) -> str:
    """A record that was no plain file, kept under a `.bad-` name as a terminal keeps a bad
    file; or, when the page could not write it, left out. `given`: its path; or its path
    and the `.bad-` name the page wrote it under (a file in the place of a folder)."""
    if not isinstance(given, str):
        path, placed = (str(part) for part in given)
        return words._(RECORD_ASIDE).format(path=words.path(path), aside=words.path(placed))
    path = given
    aside = keep_aside(path) if os.path.lexists(path) else None
    if aside is None:
        return words._(RECORD_LEFT_OUT).format(path=words.path(path))
    return words._(RECORD_ASIDE).format(path=words.path(path), aside=words.path(aside))


def page_words(language: str) -> dict[str, str]:
    """The page's own words in `language`, by their keys in PAGE_WORDS."""
    words = Words(language)
    return {key: words._(text) for key, text in PAGE_WORDS.items()}


def all_page_words() -> dict[str, dict[str, str]]:
    """The page's words in every language the game speaks."""
    return {language: page_words(language) for language in languages()}


def page_language(asked: list[str] | tuple[str, ...]) -> str:
    """The first of the browser's languages (navigator.languages: "ca-ES", "da") that the
    game speaks; else English."""
    for tag in asked:
        code = str(tag).strip().lower()[:2]
        if code in languages():
            return code
    return "en"


def home_paths(home: str) -> Paths:
    """The game's files in the page's folder, laid out as on a terminal."""
    return Paths(
        settings=os.path.join(home, "config", "settings.toml"),
        saved_game=os.path.join(home, "state", "game.json"),
        statistics=os.path.join(home, "data", "statistics.sqlite3"),
        cache=os.path.join(home, "cache"),
    )


class PageSink(QuietSink):
    """Each told answer as one object for the page: its lines, the text announced (the
    lines joined), what the browser's voice should hear, the sound's file and the
    settings the page follows (language, sounds, speech and rate). The page's own
    sentences were chosen before wording (the teller's surface is the page's)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.said: dict[str, Any] = {}
        self.lead: list[str] = []  # said before the next answer (a refused address code)

    def deliver(self, told: Told) -> None:
        sound = earcons.for_events(told.events) if told.whole else None
        self.plainly(*told.lines, sound=sound)

    def plainly(self, *lines: str, sound: earcons.Sound | None = None) -> None:
        settings = self.session.settings
        said, self.lead = [*self.lead, *lines], []
        self.said = {
            "lines": said,
            "text": " ".join(said),
            "spoken": " ".join(for_the_ear(line) for line in said),
            "sound": sound.name if sound is not None and settings.sounds else None,
            "language": settings.language,
            "speech": settings.speech is SpeechMode.ON,
            "rate": settings.rate,
        }


class WebFrontEnd:
    """A turn as the terminal's, told with the page's words and given as one object."""

    def __init__(
        self, session: Any, store: Any = None, report: Report | None = None, home: str = ""
    ) -> None:
        self.session = session
        self.failures = Failures(session, store, report)
        # The page's folder is left out of any path said: a player cannot open it.
        self.teller = Teller(Surface.PAGE, os.path.join(home, "") if home else "")
        self.sink = PageSink(session)
        self.turns = Turns(session, self.teller, self.sink, self.failures, store)

    @property
    def said(self) -> dict[str, Any]:
        return self.sink.said

    def start(self) -> None:
        self.turns.start()

    def line(self, text: str) -> None:
        """A typed line; an empty one says the last answer again (a page has no prompt
        to show that Enter was heard: silence would sound broken). `quit` says its
        goodbye; the page stays open and the game with it."""
        if not text.strip():
            self.turns.run(cmd.Repeat())
        else:
            self.turns.line(text)
        self.turns.leaving = False


def vars_of(button: buttons.Button) -> dict[str, Any]:
    return {"types": button.types, "name": button.name, "pressed": button.pressed}


# What a turn may import on first use (see `Page.warm`).
WARM = (
    "difflib",
    "sqlite3",
    "tomlkit",
    "traceback",
    "halfmoon_a11y.play.keymap",
    "halfmoon_a11y.store.error_log",
    "halfmoon_a11y.store.statistics",
    "halfmoon_a11y.text.notices",
    "halfmoon_a11y.text.refusals",
)


# A page's run: no terminal, and the player's speech and sounds settings as they are (the
# page plays its sounds and the browser's voice itself).
PAGE_POLICY = Policy(interactive=True, at_terminal=True)


class Page:
    """The game as the page plays it: opened once, then one call a command."""

    def __init__(self, front: WebFrontEnd) -> None:
        self.front = front
        self._refused = False  # the last try to keep the files in the browser failed

    @classmethod
    def open(
        cls,
        home: str,
        asked: list[str] | tuple[str, ...],
        owner: bool = True,
        code: str | None = None,
        aside: Any = (),
        unsure: bool = False,
    ) -> Page:
        """The saved game resumed from `home` (else a new deal), in the language the
        player chose before, else the browser's (`asked`). `owner` False: another tab has
        the game open (the page asked navigator.locks), and this one saves nothing.
        `code`: the page's address asked for a deal (`?code=HM1-N-AAAAAAC`), as `--code`
        does at a terminal: an unfinished game of another deal is kept aside. A code
        that is not one is refused first in the opening, which opens as without it.
        `aside`: files the page read from records that were no plain file, set aside
        here before anything reads them. `unsure`: the page could not tell whether
        another tab has the game (no navigator.locks, no localStorage), and says so."""
        paths = home_paths(home)
        settings_file = SettingsFile.load(paths.settings)
        settings = settings_file.settings(Settings(language=page_language(asked)))
        words = Words(settings.language, surface=Surface.PAGE, home=os.path.join(home, ""))
        lead = [_set_aside(words, path) for path in aside]
        deal = None
        if code and not code.isprintable():
            lead.append(words._(CODE_GARBLED))
        elif code:
            try:
                deal = DealCode.parse(code)
            except BadDealCodeError as error:
                lead.append(Presenter(words).error(error))
        if unsure:
            lead.append(words._(UNSURE_ALONE))
        # The same root as a terminal's, with the page's policy: no lock file (the page
        # asked navigator.locks: `owner`), no signals, the browser's own voice and sounds.
        keeper = Keeper(paths, settings_file, owner=owner)
        session = keeper.open(deal, PAGE_POLICY.settings(settings))
        # Written down in errors.log, as at a terminal, and given to the browser's
        # console; no path is said: a page player cannot open the page's files.
        report = reporter(paths, console=True)
        front = WebFrontEnd(session, keeper, report, home)
        front.sink.lead = lead  # said first in the opening, which opens as without the code
        return cls(front)

    def opening(self) -> str:
        """The opening, as JSON: the deal (or the game resumed) and the table."""
        self.front.start()
        return self._answer()

    def line(self, text: str) -> str:
        """One typed command, as JSON. `quit` says its goodbye; the page stays open and
        the game with it (a tab has nothing to close: the game is kept already)."""
        self.front.line(text)
        return self._answer()

    def storage(self, kept: bool) -> str | None:
        """What to say after the page tried to keep the files in the browser: a refusal
        once (and again only after a success), the recovery once; None when nothing
        changed."""
        if kept == (not self._refused):
            return None
        self._refused = not kept
        return self.front.teller.words._(STORAGE_BACK if kept else STORAGE_REFUSED)

    def taken(self) -> str:
        """What to say when another tab took the files from this one."""
        return self.front.teller.words._(TAKEN)

    def warm(self) -> None:
        """Load now what a first refusal, notice, `help keys`, setting or `stats` would
        load then (the terminal defers them to start sooner): the page calls this when
        idle after the opening, so that no first use waits for an import (a first
        unknown word took 33 to 47 ms, every later one 2 ms: benchmarks/web_page.py)."""
        for name in WARM:
            with suppress(ImportError):
                importlib.import_module(name)

    def buttons(self) -> str:
        """The table as buttons, as JSON: the headings, the 12 piles and 8 reserve slots
        (what a press types, the name, pressed when selected), and the commands' buttons,
        in the player's words as they are now. The page asks after every answer."""
        words = self.front.teller.words
        places = buttons.place_buttons(self.front.session.view(), words)
        shown = {
            "headings": buttons.headings(words),
            **{key: [vars_of(b) for b in row] for key, row in places.items()},
            "actions": [vars_of(b) for b in buttons.action_buttons(words)],
        }
        return json.dumps(shown, ensure_ascii=False)

    def _answer(self) -> str:
        return json.dumps(self.front.said, ensure_ascii=False)
