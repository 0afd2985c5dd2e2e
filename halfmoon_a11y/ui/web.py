"""The browser page's front end (issue 31): the same session, store and sentences as
the terminal, run by Pyodide, each answer given to the page as one JSON object.

The page (`web/game.js`) owns the screen, the announcer, the sounds and the browser's
voice; this module owns everything the game says. The page calls `Page.open` once,
then `Page.line` for each command typed, and `Page.storage` after each time it tried
to keep the files in the browser (IndexedDB, through Emscripten's IDBFS): the store
writes its files, save, journal, settings and statistics, exactly as at a terminal,
into a folder the page mirrors into IndexedDB after every answer.

A page cannot tell whether a screen reader runs, so speech auto is silent here (the
browser's voice speaks only with `set speech on`): docs/decisions.md, issue 31.
"""

from __future__ import annotations

import json
import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import BadDealCodeError
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play.commands import KEYS, READER_TOPIC
from halfmoon_a11y.play.lexicon import languages, lexicon
from halfmoon_a11y.play.messages import N_
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.text.help import Helper
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.loop import Heard, Turns, plain_failure
from halfmoon_a11y.voice import earcons

if TYPE_CHECKING:
    from typing import Any

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
    "review_hint": N_("The newest answer is last."),
    "loading": N_("Loading Half Moon. The first time this takes up to a minute."),
    "ready": N_("Ready."),
    "failed": N_("Half Moon could not start in this browser. Reload the page to try again."),
    "busy": N_("Still loading. Your command waits, and runs when the game is ready."),
    "broken": N_("Something went wrong in the page. Reload it to go on with the game."),
    "no_script": N_("Half Moon needs JavaScript and WebAssembly."),
}

STORAGE_REFUSED = N_(
    "Not kept. This browser could not store the game. You can play on, but the game is "
    "lost when the page closes."
)
STORAGE_BACK = N_("Kept again. This browser stores the game once more.")  # after a refusal
# `help screen reader` and `help keys` in the page: the terminal's pages speak of its keys,
# Orca's punctuation, the caret and starting from a shell, none of which a page has.
PAGE_KEYS = N_(
    "Keys. Type the commands in the field, and press Enter. Enter on an empty field says "
    "the last answer again. Escape silences the sounds and the browser's voice."
)
PAGE_READER_TEXT = (
    N_(
        "For screen readers and braille. The page announces each answer once. The list What "
        "was said keeps every answer, newest last, to read with your screen reader's keys."
    ),
    PAGE_KEYS,
    N_("Speech. Your screen reader speaks. Type {set} {speech} {on} to hear the browser's voice."),
    N_(
        "Settings for the ear. The setting {sounds} plays a short sound with each answer. "
        "With {answers} {short}, the score is left out after each move. With {heights} {on}, "
        "{tops} says each pile's height."
    ),
    N_(  # the terminal's own paragraph, the same in a page
        "Memory aids. Type {hidden} to count the hidden cards of each value, {moves} to "
        "hear the moves of this game, and {repeat} 2 to hear the answer before the last."
    ),
)
# Sentences of the terminal that are not true in a page, and what the page says instead
# (`WebFrontEnd.page_words_for`): each is found in the player's language, in whatever
# line holds it (a help list's line, a setting's announcement, a notice).
PAGE_INSTEAD = {
    N_("The game's own voice. Auto, it speaks only when no screen reader does."): N_(
        "The browser's voice. Auto is silent in a page, on speaks."
    ),
    N_("Speech, automatic. The game speaks when no screen reader does."): N_(
        "Speech, automatic. In the browser this means silent, since a page cannot tell "
        "whether a screen reader is running. Type {set} {speech} {on} to hear the "
        "browser's voice."
    ),
    N_("The arrow keys follow the arc, piles 1 to 12, then R1 to R8."): N_(
        "The places follow the arc, piles 1 to 12, then R1 to R8."
    ),
    N_(
        "Half Moon is already open in another window. This window plays a game of its own "
        "and saves nothing, no game, no settings, no statistics."
    ): N_(
        "Half Moon is already open in another tab. This tab plays a game of its own and "
        "saves nothing, no game, no settings, no statistics."
    ),
    N_("The game is saved. It comes back when you start again."): N_(
        "The game is saved. It comes back when you open this page again."
    ),
    N_("Goodbye."): N_("You can close this page."),
}


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


class WebFrontEnd(Turns):
    """A turn as the terminal's, said as one object for the page: its lines, the text
    announced (the lines joined), what the browser's voice should hear, the sound's file
    and the settings the page follows (language, sounds, speech and rate)."""

    def __init__(
        self,
        session: Any,
        store: Any = None,
        report: Report | None = None,
        home: str = "",
    ) -> None:
        super().__init__(session, store, report)
        self.presenter = Presenter()
        self.heard = Heard()
        self.said: dict[str, Any] = {}
        self.home = os.path.join(home, "") if home else ""  # left out of what is said
        self.lead: list[str] = []  # said before the next answer (a refused address code)
        self._followed: Settings | None = None
        self._follow_settings()

    def _follow_settings(self) -> None:
        settings = self.session.settings
        if settings is not self._followed:
            self._followed = settings
            self.presenter.words = Words(settings.language, settings.cards, settings.answers)

    def apply(self, answer: se.Answer) -> se.Answer:
        self._follow_settings()
        return answer

    def line(self, text: str) -> None:
        """A typed line; an empty one says the last answer again (a page has no prompt
        to show that Enter was heard: silence would sound broken)."""
        if not text.strip():
            self.run(cmd.Repeat())
            return
        super().line(text)

    def say(self, answer: se.Answer) -> None:
        events = self.heard.repeated(self.presenter, answer, table=True)
        events = self.heard.heard(answer, events)
        lines = self.page_help(events) or self.presenter.render_all(events)
        self._said(self.for_the_page(lines), earcons.for_events(events))

    def page_help(self, events: list[se.SessionEvent]) -> list[str]:
        """The page's own `help screen reader` and `help keys`; empty for anything else."""
        topics = {event.topic for event in events if isinstance(event, se.HelpShown)}
        if len(events) != 1 or not topics & {READER_TOPIC, KEYS}:
            return []
        paragraphs = PAGE_READER_TEXT if READER_TOPIC in topics else (PAGE_KEYS,)
        fields = self._fields()
        return [self.presenter.words._(text).format(**fields) for text in paragraphs]

    def _fields(self) -> dict[str, str]:
        """Command, setting and value words of the player's language, for the page's
        sentences: {set} {speech} {on}…"""
        helper = Helper(self.presenter.words)
        language = lexicon(self.presenter.words.language)
        fields = {name: helper.local_name(name) for name in ("set", "repeat", "tops")}
        fields |= {name: helper.local_name(name) for name in ("hidden", "moves")}
        fields |= {
            key: language.setting(key) or key for key in ("speech", "sounds", "answers", "heights")
        }
        fields |= {word: helper.value_word(word) for word in ("on", "short")}
        return fields

    def for_the_page(self, lines: list[str]) -> list[str]:
        """The lines with the terminal's sentences that are not true in a page replaced
        (`PAGE_INSTEAD`), and the page's folder left out of any path (a player cannot
        open it: `config/settings.toml` is said, not the whole path)."""
        words = self.presenter.words
        instead = {words._(terminal): words._(page) for terminal, page in PAGE_INSTEAD.items()}
        fields: dict[str, str] | None = None
        found = []
        for line in lines:
            for terminal, page in instead.items():
                if terminal in line:
                    if "{" in page:
                        fields = fields or self._fields()
                        page = page.format(**fields)
                    line = line.replace(terminal, page)
            found.append(line.replace(self.home, ""))
        return found

    def say_in_part(self, answer: se.Answer, failure: se.Failed) -> None:
        events = [*self.heard.repeated(self.presenter, answer, table=True), failure]
        self._said(self.for_the_page(self.presenter.render_all(events, skip=_unsaid)), None)

    def say_plainly(self) -> None:
        self._said([plain_failure(self.presenter, self._saved)], None)

    def _said(self, lines: list[str], sound: earcons.Sound | None) -> None:
        settings = self.session.settings
        lines, self.lead = [*self.lead, *lines], []
        self.said = {
            "lines": lines,
            "text": " ".join(lines),
            "spoken": " ".join(for_the_ear(line) for line in lines),
            "sound": sound.name if sound is not None and settings.sounds else None,
            "language": settings.language,
            "speech": settings.speech is SpeechMode.ON,
            "rate": settings.rate,
        }


def _unsaid(error: Exception) -> None:
    """A part of an answer that could not be worded: left out, the failure said after."""


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
    ) -> Page:
        """The saved game resumed from `home` (else a new deal), in the language the
        player chose before, else the browser's (`asked`). `owner` False: another tab has
        the game open (the page asked navigator.locks), and this one saves nothing.
        `code`: the page's address asked for a deal (`?code=HM1-N-AAAAAAC`), as `--code`
        does at a terminal: an unfinished game of another deal is kept aside. A code
        that is not one is refused first in the opening, which opens as without it."""
        paths = home_paths(home)
        settings_file = SettingsFile.load(paths.settings)
        settings = settings_file.settings(Settings(language=page_language(asked)))
        keeper = Keeper(paths, settings_file, owner=owner)
        deal, refusal = None, []
        if code:
            try:
                deal = DealCode.parse(code)
            except BadDealCodeError as error:
                refusal = [Presenter(Words(settings.language)).error(error)]
        session = keeper.open(deal, settings)

        def report(error: BaseException) -> str | None:
            """Written down in errors.log, as at a terminal, and given to the browser's
            console; no path is said: a page player cannot open the page's files."""
            import traceback

            from halfmoon_a11y.store.error_log import write_error

            write_error(paths.errors, error)
            traceback.print_exception(error)  # Pyodide: the browser's console
            return None

        front = WebFrontEnd(session, keeper, report, home)
        front.lead = refusal  # said first in the opening, which opens as without the code
        return cls(front)

    def opening(self) -> str:
        """The opening, as JSON: the deal (or the game resumed) and the table."""
        self.front.start()
        return self._answer()

    def line(self, text: str) -> str:
        """One typed command, as JSON. `quit` says its goodbye; the page stays open and
        the game with it (a tab has nothing to close: the game is kept already)."""
        self.front.line(text)
        self.front.leaving = False
        return self._answer()

    def storage(self, kept: bool) -> str | None:
        """What to say after the page tried to keep the files in the browser: a refusal
        once (and again only after a success), the recovery once; None when nothing
        changed."""
        if kept == (not self._refused):
            return None
        self._refused = not kept
        words = self.front.presenter.words
        return words._(STORAGE_BACK if kept else STORAGE_REFUSED)

    def warm(self) -> None:
        """Load now what a first refusal, notice, `help keys`, setting or `stats` would
        load then (the terminal defers them to start sooner): the page calls this when
        idle after the opening, so that no first use waits for an import (a first
        unknown word took 33 to 47 ms, every later one 2 ms: benchmarks/web_page.py)."""
        import importlib

        for name in WARM:
            with suppress(ImportError):
                importlib.import_module(name)

    def _answer(self) -> str:
        return json.dumps(self.front.said, ensure_ascii=False)
