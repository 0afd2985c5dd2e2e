"""The text front end: lines in, sentences out. Plain lines, or prompt_toolkit on a terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from halfmoon_a11y import session as se
from halfmoon_a11y.presenter import Presenter
from halfmoon_a11y.words import Words


class TextFrontEnd:
    """Turns a session's events into announcements and hands them to `say`."""

    def __init__(self, session: se.Session, say: Callable[[list[str]], None]) -> None:
        self.session = session
        self.say = say
        self.presenter = Presenter()
        self.last: list[str] = []
        self.follow_settings()

    def follow_settings(self) -> None:
        settings = self.session.settings
        self.presenter.words = Words(settings.language, settings.cards)

    def start(self) -> None:
        self.announce(self.with_table(self.session.opening()))

    def line(self, text: str) -> None:
        events = self.session.handle(text)
        if any(isinstance(e, se.SettingChanged) for e in events):
            self.follow_settings()
        if any(isinstance(e, se.RepeatAsked) for e in events):
            self.say(self.last)
            return
        self.announce(self.with_table(events))

    def with_table(self, events: list[se.SessionEvent]) -> list[se.SessionEvent]:
        """A new deal is followed by the table, so the player knows what is there."""
        if any(isinstance(e, se.Dealt) for e in events):
            return [*events, se.BoardShown(self.session.view())]
        return events

    def announce(self, events: list[se.SessionEvent]) -> None:
        lines = self.presenter.render_all(events)
        if lines:
            self.last = lines
            self.say(lines)


def printer(out: TextIO) -> Callable[[list[str]], None]:
    def say(lines: list[str]) -> None:
        for text in lines:
            out.write(text + "\n")
        out.flush()

    return say


def run_plain(session: se.Session, lines: Iterable[str], out: TextIO) -> int:
    front = TextFrontEnd(session, printer(out))
    front.start()
    for text in lines:
        front.line(text)
        if session.finished:
            break
    return 0


def wants_plain(plain: bool) -> bool:
    return (
        plain
        or os.environ.get("TERM") == "dumb"
        or not sys.stdin.isatty()
        or not sys.stdout.isatty()
    )


def run(session: se.Session, plain: bool = False) -> int:
    if wants_plain(plain):
        from halfmoon_a11y.cli import lines_from

        return run_plain(session, lines_from(sys.stdin.buffer), sys.stdout)
    from halfmoon_a11y.prompt import run_prompt

    return run_prompt(session)
