"""Derived by default (issue 27, point 2): an event's JSON comes from its fields, its sound
from one table, and a new event costs its class and its sentence. Every event the game
says has a JSON name and an encoding, pinned here by one example each; the events that
sound are exactly the intended ones."""

from __future__ import annotations

import json
import re
from pathlib import Path

from halfmoon_a11y.play import answers as se
from halfmoon_a11y.ui import json_events
from halfmoon_a11y.ui.json_events import derived_name, event_fields, name_of
from halfmoon_a11y.voice import earcons
from tests.json_samples import samples
from tests.support import said_kinds

ROOT = Path(__file__).resolve().parent.parent


def every_event() -> set[type]:
    return said_kinds()


def test_every_event_has_an_example_here():
    """A new event is added to tests/json_samples.py, and its JSON read in the snapshot."""
    assert {type(event) for event in samples()} == every_event()


def test_every_event_has_a_name_of_its_own_but_the_two_errors():
    names = [name_of(kind) for kind in every_event()]
    assert len(set(names)) == len(names) - 1  # Refused and Failed are both "error"
    assert name_of(se.Refused) == name_of(se.Failed) == "error"


def test_the_json_of_every_event(snapshot_text):
    lines = [json.dumps(event_fields(event), ensure_ascii=False) for event in samples()]
    assert "\n".join(lines) + "\n" == snapshot_text


def test_the_events_that_sound_are_the_intended_ones():
    sounding = {type(e).__name__ for e in samples() if earcons.for_events([e]) is not None}
    assert sounding == {
        "GameWon", "Blocked", "Removed", "Redone", "Undone", "SelectionCleared",
        "SelectionReplaced", "EmptyTapped", "Selected", "SelectionDropped", "Deselected",
        "CursorMoved",
    }  # fmt: skip


def test_the_most_telling_event_sounds():
    every = samples()
    won = next(e for e in every if type(e).__name__ == "GameWon")
    removed = next(e for e in every if type(e).__name__ == "Removed")
    made = earcons.for_events([removed, won])
    assert made is not None and made.kind == earcons.WON


def test_a_shown_event_is_named_by_what_it_shows():
    """`BoardShown` is "board", as `board` asks for it: a new `…Shown` is named the same
    way with no entry anywhere, where the old rule made it "score_shown"."""
    shown = [kind for kind in every_event() if kind.__name__.endswith("Shown")]
    assert shown  # the rule has events to hold
    for kind in shown:
        assert name_of(kind) == derived_name(kind.__name__.removesuffix("Shown"))
    score_shown = type("ScoreShown", (), {})
    assert name_of(score_shown) == "score"


def test_each_published_exception_is_one_event_the_rule_would_misname():
    """NAMES holds only what the rule cannot give: each entry names one event the game
    says, gives it a name other than the rule's, and says why."""
    by_name = {kind.__name__: kind for kind in every_event()}
    for class_name, (named, reason) in json_events.NAMES.items():
        assert class_name in by_name, f"{class_name} is no event the game says"
        assert derived_name(class_name) != named, f"{class_name}: the rule names it already"
        assert name_of(by_name[class_name]) == named
        assert reason.strip()
    assert len(by_name) == len(every_event())  # no two events share a class's name


def test_the_documented_names_are_the_names_sent():
    """docs/json-mode.md's table of events lists every name a program can receive, and
    no other: a name changed in the code, or left out of the table, fails here."""
    text = (ROOT / "docs" / "json-mode.md").read_text(encoding="utf-8")
    table = text[text.index("| type | fields | when |") :]
    table = table[: table.index("\n\n")]
    documented = set(re.findall(r"^\| `([a-z_]+)`", table, re.MULTILINE))
    assert documented == {name_of(kind) for kind in every_event()}
