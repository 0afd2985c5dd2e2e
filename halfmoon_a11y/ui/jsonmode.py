"""The JSON lines mode: one command per input line, one JSON object per output line."""

from __future__ import annotations

import json
from collections.abc import Iterable

from halfmoon_a11y.core.checking import (
    TYPE_CHECKING,  # typing is not loaded at start
)
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.teller import Teller
from halfmoon_a11y.ui.json_events import event_fields
from halfmoon_a11y.ui.loop import Failures, QuietSink, Turns, serve

if TYPE_CHECKING:
    from typing import Any, TextIO

    from halfmoon_a11y.play.loop_port import Store
    from halfmoon_a11y.text.teller import Told
    from halfmoon_a11y.ui.loop import Report


_ENCODER = json.JSONEncoder(
    ensure_ascii=False
)  # made once: json.dumps with options makes one a call


def settings_json(settings: Settings) -> dict[str, Any]:
    """Every declared setting by its English name, as the settings file holds it."""
    return {spec.key: spec.to_file(settings.value(spec)) for spec in SETTINGS.values()}


_last_settings: list[tuple[Settings, dict[str, Any]]] = []  # the last settings written


def _settings_json_cached(settings: Settings) -> dict[str, Any]:
    """Settings change rarely and are immutable: the same object gives the same JSON,
    made once (every line writes them). Known by identity: hashing or comparing
    Settings builds a dict of every value, which made each line 10 % slower with
    functools.lru_cache (measured by benchmarks/json_lines.py)."""
    if not _last_settings or _last_settings[0][0] is not settings:
        _last_settings[:] = [(settings, settings_json(settings))]
    return _last_settings[0][1]


def state_json(session: Session) -> dict[str, Any]:
    """The table's state, read straight from the engine: every line writes it, so no view
    of the table is built for it."""
    game = session.game
    piles, reserve = game.surface()
    return {  # a card's text is rank + suit (str(card)), written inline: 28 a line
        "code": str(session.code),
        "piles": [
            {"top": None if top is None else top.rank + top.suit, "count": count}
            for top, count in piles
        ],
        "reserve": [None if card is None else card.rank + card.suit for card in reserve],
        "selection": [str(location) for location in game.selected_places],
        "score": game.score,
        "moves": game.moves,
        "undo_available": game.undo_available,
        "status": str(game.status),
        "elapsed": session.clock.elapsed,
        "settings": dict(_settings_json_cached(session.settings)),  # a program's own copy
    }


def event_json(
    event: se.SessionEvent, presenter: Presenter | None = None, message: str | None = None
) -> dict[str, Any]:
    """One event as JSON, with `message`: what a player would be told, in their language
    (the teller's part for this event, so the messages read in order are the text; else
    the event worded alone by `presenter`)."""
    fields = event_fields(event)
    if message is None:
        message = " ".join((presenter or Presenter()).render(event))
    fields["message"] = message
    return fields


class JsonSink(QuietSink):
    """Each told answer as one JSON object: its events with their messages, and the
    table's state. No voice, no sounds: a program reads it."""

    def __init__(self, session: Session, out: TextIO | None, failures: Failures) -> None:
        self.session = session
        self.out = out
        self.failures = failures
        self.written: dict[str, Any] = {}  # the last object written

    def deliver(self, told: Told) -> None:
        events = [event_json(e, message=m) for e, m in zip(told.events, told.messages, strict=True)]
        self._write({"events": events, "state": state_json(self.session)})

    def plainly(self, text: str) -> None:
        """A bug that even the error event cannot be made for: the error, plainly, and
        the state if it can be read."""
        event: dict[str, Any] = {"type": "error", "code": "internal", "log": None}
        event["saved"] = self.failures.saved
        event["message"] = text
        state: dict[str, Any] | None = None
        with suppress(Exception):
            state = state_json(self.session)
        self._write({"events": [event], "state": state})

    def _write(self, obj: dict[str, Any]) -> None:
        self.written = obj
        if self.out is not None:
            self.out.write(_ENCODER.encode(obj) + "\n")
            self.out.flush()


class JsonMode:
    """Drives a session from lines of text; each answer is one JSON object, written.
    No table after a deal (every line sends the state), and a repeat says so: the events
    after `repeat` happened before."""

    def __init__(
        self,
        session: Session,
        out: TextIO | None = None,
        store: Store | None = None,
        report: Report | None = None,
    ) -> None:
        self.session = session
        self.failures = Failures(session, store, report)
        self.teller = Teller(table=False, names_repeat=True, parts_on_failure=False)
        self.sink = JsonSink(session, out, self.failures)
        self.turns = Turns(session, self.teller, self.sink, self.failures, store)

    @property
    def leaving(self) -> bool:
        return self.turns.leaving

    @property
    def written(self) -> dict[str, Any]:
        """The last object written."""
        return self.sink.written

    def start(self) -> None:
        self.turns.start()

    def settle(self) -> None:
        return  # no voice to choose

    def line(self, text: str) -> None:
        # No voice to interrupt: straight to the turn. One line end ("\n", "\r\n") comes
        # off a line given with it (`reply`); more carriage returns are the line's and
        # count towards its limit, as in `plain.lines_from`.
        stripped = text.removesuffix("\n").removesuffix("\r")
        self.turns.line(stripped)

    def close(self) -> None:
        self.turns.close()

    def reply(self, text: str) -> dict[str, Any]:
        """The object written for one line (for tests and scripts)."""
        self.line(text)
        return self.written

    def opened(self) -> dict[str, Any]:
        """The object written for the opening (for tests and scripts)."""
        self.start()
        return self.written


def run(
    session: Session,
    lines: Iterable[str],
    out: TextIO,
    store: Store | None = None,
    report: Report | None = None,
) -> int:
    return serve(JsonMode(session, out, store, report), lines)
