"""The JSON lines mode: one command per input line, one JSON object per output line."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.checking import (
    TYPE_CHECKING,  # typing is not loaded at start
    assert_never,
)
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.play.views import Spot
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.loop import Turns, plain_failure, remembered, said, serve

if TYPE_CHECKING:
    from typing import Any, TextIO

    from halfmoon_a11y.play.port import Store
    from halfmoon_a11y.ui.loop import Report


_ENCODER = json.JSONEncoder(
    ensure_ascii=False
)  # made once: json.dumps with options makes one a call


def card_json(card: Card | None) -> str | None:
    return None if card is None else str(card)


def placed_json(placed: ev.Placed) -> dict[str, Any]:
    return {"location": str(placed.location), "card": str(placed.card)}


def spot_json(spot: Spot) -> dict[str, Any]:
    return {"location": str(spot.location), "card": card_json(spot.card), "count": spot.count}


def settings_json(settings: Settings) -> dict[str, Any]:
    """Every declared setting by its English name, as the settings file holds it."""
    return {spec.key: spec.to_file(settings.value(spec)) for spec in SETTINGS.values()}


_settings_cache: list[tuple[Settings, dict[str, Any]]] = []  # the last settings written


def _settings_json_cached(settings: Settings) -> dict[str, Any]:
    """Settings change rarely and are immutable: the same object gives the same JSON."""
    if not _settings_cache or _settings_cache[0][0] is not settings:
        _settings_cache[:] = [(settings, settings_json(settings))]
    return _settings_cache[0][1]


def uncovered_json(uncovered: ev.Uncovered) -> dict[str, Any]:
    """A place a removal took from, as it is now: its card and count, or empty."""
    if isinstance(uncovered, ev.Revealed):
        return {"type": "revealed", **placed_json(uncovered.placed), "count": uncovered.count}
    return {"type": "emptied", "location": str(uncovered.location)}


def state_json(session: Session) -> dict[str, Any]:
    """The table's state, read straight from the engine: every line writes it, so no view
    of the table is built for it (issue 12)."""
    game = session.game
    piles, reserve = game.surface()
    return {  # a card's text is rank + suit (card_json, str(card)), written inline: 28 a line
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
        "settings": _settings_json_cached(session.settings),
    }


def event_json(
    event: se.SessionEvent, presenter: Presenter, message: str | None = None
) -> dict[str, Any]:
    """One event as JSON, with `message`: what a player would be told, in their language
    (`message` when given: the presenter's `messages` for the whole answer)."""
    fields = _fields(event, presenter)
    fields["message"] = " ".join(presenter.render(event)) if message is None else message
    return fields


def _fields(event: se.SessionEvent, presenter: Presenter) -> dict[str, Any]:
    match event:
        case ev.Selected(placed, selection):
            return {
                "type": "selected",
                **placed_json(placed),
                "selection": [placed_json(p) for p in selection],
            }
        case ev.Deselected(placed):
            return {"type": "deselected", **placed_json(placed)}
        case ev.SelectionDropped(dropped):
            return {"type": "selection_dropped", "dropped": [placed_json(p) for p in dropped]}
        case ev.SelectionCleared(cleared, tapped, reason):
            return {
                "type": "selection_cleared",
                "cleared": [placed_json(p) for p in cleared],
                "tapped": placed_json(tapped),
                "reason": str(reason),
            }
        case ev.SelectionReplaced(previous, selected, reason):
            return {
                "type": "selection_replaced",
                "previous": [placed_json(p) for p in previous],
                "selected": placed_json(selected),
                "reason": str(reason),
            }
        case ev.EmptyTapped(location):
            return {"type": "empty", "location": str(location)}
        case ev.Undone(kind, cards, points, score=score, left=left):
            return {
                "type": "undone",
                "kind": str(kind),
                "cards": [placed_json(p) for p in cards],
                "points": points,
                "score": score,
                "left": left,
            }
        case ev.Removed() | ev.Redone():
            return {
                "type": "removed" if type(event) is ev.Removed else "redone",
                "kind": str(event.kind),
                "cards": [placed_json(p) for p in event.cards],
                "points": event.points,
                "score": event.score,
                "left": event.left,
                "uncovered": [uncovered_json(u) for u in event.uncovered],
            }
        case ev.Blocked():
            return {"type": "blocked"}
        case ev.Unblocked():
            return {"type": "unblocked"}
        case ev.Won(score=score, moves=moves, elapsed=elapsed):
            return {"type": "won", "score": score, "moves": moves, "elapsed": elapsed}
        case se.Dealt(code, resumed):
            return {"type": "dealt", "code": str(code), "resumed": resumed}
        case se.MoveError(reason):
            return {"type": "move_error", "reason": str(reason)}
        case se.PlacementHelp(cards, missing):
            return {
                "type": "placement_help",
                "cards": [placed_json(p) for p in cards],
                "missing": [str(rank) for rank in missing],
            }
        case se.BoardShown(view):
            combinable = [str(s.location) for s in (*view.piles, *view.reserve) if s.combinable]
            return {"type": "board", "combinable": combinable}
        case se.PileShown(spot):
            return {"type": "pile", **spot_json(spot)}
        case se.ReserveShown(spots):
            return {"type": "reserve", "slots": [spot_json(s) for s in spots]}
        case se.TopsShown(spots):
            groups = [
                {"rank": str(rank), "places": [str(location) for location in places]}
                for rank, places in event.groups()
            ]
            return {"type": "tops", "groups": groups, "empty": [str(e) for e in event.empty()]}
        case se.InfoShown():  # its fields are keyword-only: no positional pattern
            return {
                "type": "info",
                "elapsed": event.elapsed,
                "score": event.score,
                "moves": event.moves,
                "code": str(event.code),
                "status": str(event.status),
                "left": event.left,
                "selection": [placed_json(p) for p in event.selection],
                "missing": [str(rank) for rank in event.missing],
            }
        case se.SelectionShown(selection, missing):
            return {
                "type": "selection",
                "selection": [placed_json(p) for p in selection],
                "missing": [str(rank) for rank in missing],
            }
        case se.CodeShown(code):
            return {"type": "code", "code": str(code)}
        case se.SettingChanged(setting, value):
            spec = SETTINGS[setting]
            return {"type": "setting", "name": spec.key, "value": spec.to_file(value)}
        case se.HelpShown(topic):
            return {"type": "help", "topic": topic}
        case se.RepeatAsked():
            return {"type": "repeat"}
        case se.QuitAsked():
            return {"type": "quit"}
        case se.NewAsked(moves, won):
            return {"type": "new_asked", "moves": moves, "won": won}
        case se.GameKept(code, moves, aside):
            return {"type": "game_kept", "code": str(code), "moves": moves, "aside": aside}
        case se.StatsShown(summary):
            return {
                "type": "stats",
                "played": summary.played,
                "won": summary.won,
                "blocked": summary.blocked,
                "abandoned": summary.abandoned,
                "win_percent": summary.win_percent,
                "best_seconds": summary.best_seconds,
                "current_streak": summary.current_streak,
                "longest_streak": summary.longest_streak,
            }
        case se.StorageProblem(problem, path, aside):
            fields: dict[str, Any] = {"type": "storage_problem", "problem": str(problem)}
            fields |= {"path": path, "aside": aside}
            if event.count is not None:  # the journal's moves and undos that came back
                fields["count"] = event.count
            if event.process is not None:  # open_elsewhere: the window that owns the files
                fields |= {"process": event.process, "since": event.since, "host": event.host}
            return fields
        case se.SpeechProblem(trouble):
            return {"type": "speech_problem", "trouble": str(trouble)}
        case se.VoiceChosen(own, automatic, reader):
            return {"type": "voice", "own": own, "automatic": automatic, "reader": reader}
        case se.NoVoiceForLanguage(language, spoken, voice):  # never: the JSON mode is silent
            return {"type": "no_voice", "language": language, "spoken": spoken, "voice": voice}
        case se.CursorMoved(spot, edge, selected):
            return {"type": "cursor", **spot_json(spot), "edge": edge, "selected": selected}
        case se.CursorUnset():
            return {"type": "cursor_unset"}
        case se.LineCleared():
            return {"type": "line_cleared"}
        case se.Refused(error):
            return {"type": "error", "code": error.code}
        case se.Failed(log, saved):
            return {"type": "error", "code": "internal", "log": log, "saved": saved}
        case _:
            return assert_never(event)


class JsonMode(Turns):
    """Drives a session from lines of text; each answer is one JSON object, written."""

    def __init__(
        self,
        session: Session,
        out: TextIO | None = None,
        store: Store | None = None,
        report: Report | None = None,
    ) -> None:
        super().__init__(session, store, report)
        self.out = out
        self.presenter = Presenter()
        self.last: list[se.SessionEvent] = []  # the last answer's events, for `repeat`
        self.written: dict[str, Any] = {}  # the last object written
        self._followed: Settings | None = None
        self._follow_settings()

    def _follow_settings(self) -> None:
        settings = self.session.settings
        if settings is not self._followed:  # settings are immutable: a change is a new object
            self._followed = settings
            self.presenter.words = Words(settings.language, settings.cards, settings.answers)

    def apply(self, answer: se.Answer) -> se.Answer:
        self._follow_settings()
        return answer

    def line(self, text: str) -> None:
        # No voice to interrupt: straight to the turn. One line end ("\n", "\r\n") comes
        # off a line given with it (`reply`); more carriage returns are the line's and
        # count towards its limit, as in `plain.lines_from` (issue 26, finding 9).
        stripped = text.removesuffix("\n").removesuffix("\r")
        self._turn(lambda: self.session.handle(stripped))

    def reply(self, text: str) -> dict[str, Any]:
        """The object written for one line (for tests and scripts)."""
        self.line(text)
        return self.written

    def opened(self) -> dict[str, Any]:
        """The object written for the opening (for tests and scripts)."""
        self.start()
        return self.written

    def say(self, answer: se.Answer) -> None:
        """No table after a deal: every line sends the state. A repeat says so: the
        events after `repeat` happened before."""
        events = self.presenter.order(answer, table=False, last=self.last)
        heard = said(answer, events)
        if heard:
            self.last = remembered(heard)
        self._write(
            {
                "events": [
                    event_json(e, self.presenter, message)
                    for e, message in zip(events, self.presenter.messages(events), strict=True)
                ],
                "state": state_json(self.session),
            }
        )

    def say_plainly(self) -> None:
        """A bug that even the error event cannot be made for: the error, plainly, and
        the state if it can be read."""
        event: dict[str, Any] = {"type": "error", "code": "internal", "log": None}
        event["saved"] = self._saved
        event["message"] = plain_failure(self.presenter, self._saved)
        state: dict[str, Any] | None = None
        with contextlib.suppress(Exception):
            state = state_json(self.session)
        self._write({"events": [event], "state": state})

    def _write(self, obj: dict[str, Any]) -> None:
        self.written = obj
        if self.out is not None:
            self.out.write(_ENCODER.encode(obj) + "\n")
            self.out.flush()


def run(
    session: Session,
    lines: Iterable[str],
    out: TextIO,
    store: Store | None = None,
    report: Report | None = None,
) -> int:
    return serve(JsonMode(session, out, store, report), lines)
