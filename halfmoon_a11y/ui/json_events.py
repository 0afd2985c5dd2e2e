"""Events as JSON, derived from their fields and their class.

An event's JSON is its name and its fields, each field's value written the one way its
kind is written everywhere: a placed card as `location` and `card`, a card, a place or a
deal code as its text, an enum as its value, a tuple as a list, a value of several fields
(what a removal uncovered) as an object with its own `type`. A field named `placed` or
`spot` gives its fields to the event itself, as a card on the table is written
everywhere. A new event needs nothing here: its class and its sentence are all. Its name
is derived too (`SUFFIXES`). The short tables below are the exceptions: a published name
the rule does not give (`NAMES`, each with its reason), a field left out (a field the
JSON never had and no program needs), and a few events written by hand (the table's
view, the tops by rank, a setting by its key, an error by its code).
`tests/test_json_events.py` checks that every event has a name and an encoding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import fields
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.play.views import Spot
from halfmoon_a11y.store import notices as sn

if TYPE_CHECKING:
    from typing import Any

# An event's name is its class's name in snake case, without a suffix that says only how
# it came about: an event a command shows is named by what it shows, as the command that
# asks for it is (`BoardShown`: "board"; a new `ScoreShown` would be "score").
SUFFIXES = ("Shown",)

# The published names the rule does not give, by class name, each with its reason.
# Programs read them (docs/json-mode.md lists every one), so they stay as they are; a new
# event takes the rule's name. Keyed by the class's name, not the class, so that the
# voice's notices are named without loading the voice at a JSON start, which never speaks.
NAMES: dict[str, tuple[str, str]] = {
    "EmptyTapped": ("empty", "an empty place tapped: named by what was there"),
    "GameWon": ("won", "the engine's Won with its time: one event, one name"),
    "SettingChanged": ("setting", "named by what changed, as `set` names it"),
    "RepeatAsked": ("repeat", "the command it answers"),
    "QuitAsked": ("quit", "the command it answers"),
    "CursorMoved": ("cursor", "the cursor itself: where it is now"),
    "Refused": ("error", "anything refused: one name, told apart by its code"),
    "Failed": ("error", "a bug of the game's own: an error with the code internal"),
    "VoiceChosen": ("voice", "which voice speaks"),
    "NoVoiceForLanguage": ("no_voice", "no voice speaks the language"),
}
# Fields the JSON leaves out: what only the text needs.
LEFT_OUT: dict[type, frozenset[str]] = {
    se.Dealt: frozenset({"advice_on"}),  # said in the deal's message
    se.InfoShown: frozenset({"with_code"}),  # how the text words it
}
FLATTENED = frozenset({"placed", "spot", "summary"})  # their fields are the event's own
STRINGS = (Card, Location, DealCode)  # written as their text: "5S", "R1", "HM1-N-EMQPNCT"


def placed_json(placed: ev.Placed) -> dict[str, Any]:
    return {"location": str(placed.location), "card": str(placed.card)}


def spot_json(spot: Spot) -> dict[str, Any]:
    card = None if spot.card is None else str(spot.card)
    return {"location": str(spot.location), "card": card, "count": spot.count}


def _board(event: se.BoardShown) -> dict[str, Any]:
    view = event.view
    combinable = [str(s.location) for s in (*view.piles, *view.reserve) if s.combinable]
    return {"combinable": combinable}


def _tops(event: se.TopsShown) -> dict[str, Any]:
    groups = [
        {"rank": str(rank), "places": [str(location) for location in places]}
        for rank, places in event.groups()
    ]
    return {"groups": groups, "empty": [str(e) for e in event.empty()]}


def _hidden(event: se.HiddenShown) -> dict[str, Any]:
    counts = [{"rank": str(rank), "count": count} for rank, count in event.counts]
    return {"counts": counts, "total": event.total}


def _setting(event: se.SettingChanged) -> dict[str, Any]:
    spec = SETTINGS[event.setting]
    return {"name": spec.key, "value": spec.to_file(event.value)}


def _settings(event: se.SettingsShown) -> dict[str, Any]:
    return {"settings": {key: SETTINGS[key].to_file(value) for key, value in event.values}}


def _storage(event: sn.StorageProblem) -> dict[str, Any]:
    found: dict[str, Any] = {"problem": str(event.problem), "path": event.path}
    found["aside"] = event.aside
    if event.count is not None:  # the journal's moves and undos that came back
        found["count"] = event.count
    if event.process is not None:  # open_elsewhere: the window that owns the files
        found |= {"process": event.process, "since": event.since, "host": event.host}
    return found


def _summary(event: se.StatsShown) -> dict[str, Any]:
    summary = event.summary
    found = {name: getattr(summary, name) for name in fields(type(summary))}
    found["win_percent"] = summary.win_percent
    order = ("played", "won", "blocked", "abandoned", "win_percent", "best_seconds")
    return {name: found.pop(name) for name in order} | found


# Events written by hand: their fields are not what a program reads.
BY_HAND: dict[type, Callable[[Any], dict[str, Any]]] = {
    se.BoardShown: _board,
    se.ReserveShown: lambda event: {"slots": [spot_json(spot) for spot in event.spots]},
    se.TopsShown: _tops,
    se.HiddenShown: _hidden,
    se.SettingChanged: _setting,
    se.SettingsShown: _settings,
    sn.StorageProblem: _storage,
    se.StatsShown: _summary,
    se.Refused: lambda event: {"code": event.error.code},
    se.Failed: lambda event: {"code": "internal", "log": event.log, "saved": event.saved},
}


def name_of(kind: type) -> str:
    """An event's `type` in JSON: its entry in NAMES, else its class's name in snake case
    without a suffix of SUFFIXES."""
    published = NAMES.get(kind.__name__)
    return published[0] if published else derived_name(kind.__name__)


def derived_name(class_name: str) -> str:
    """The rule's name for a class: `SelectionDropped`, "selection_dropped"; `PileShown`,
    "pile"."""
    for suffix in SUFFIXES:
        if class_name.endswith(suffix) and class_name != suffix:
            class_name = class_name.removesuffix(suffix)
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()


Plan = tuple[str, tuple[tuple[str, bool], ...]]  # the name, then each field: flattened?
_PLANS: dict[type, Plan] = {}  # made once for each kind of event: every JSON line uses them


def _plan(kind: type) -> Plan:
    plan = _PLANS.get(kind)
    if plan is None:
        left_out = LEFT_OUT.get(kind, frozenset())
        wanted = tuple((name, name in FLATTENED) for name in fields(kind) if name not in left_out)
        plan = _PLANS[kind] = (name_of(kind), wanted)
    return plan


def event_fields(event: object) -> dict[str, Any]:
    """The event as JSON, without its message: `type`, then its fields."""
    kind = type(event)
    if kind in BY_HAND:
        return {"type": name_of(kind)} | BY_HAND[kind](event)
    name, wanted = _plan(kind)
    found: dict[str, Any] = {"type": name}
    for field, flattened in wanted:
        value = value_json(getattr(event, field))
        if flattened:
            found |= value
        else:
            found[field] = value
    return found


_PLAIN = frozenset({int, str, bool, float, type(None)})  # written as they are


def value_json(value: object) -> Any:
    """One field's value as JSON, the one way its kind is written."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, str | int | float):
        return value
    if isinstance(value, STRINGS):
        return str(value)
    if isinstance(value, ev.Placed):
        return placed_json(value)
    if isinstance(value, Spot):
        return spot_json(value)
    if isinstance(value, tuple | list):
        return [value_json(item) for item in value]
    return event_fields(value)  # a value of several fields: what a removal uncovered
