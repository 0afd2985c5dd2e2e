"""Derived by default (issue 27, point 2): an event's JSON comes from its fields, its sound
from one table, and a new event costs its class and its sentence. Every event the game
says has a JSON name and an encoding, pinned here by one example each; the events that
sound are exactly the intended ones."""

from __future__ import annotations

import json

from halfmoon_a11y.play import answers as se
from halfmoon_a11y.ui.json_events import event_fields, name_of
from halfmoon_a11y.voice import earcons
from tests.json_samples import samples
from tests.support import said_kinds


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


def test_the_voice_notices_named_by_class_are_the_voice_notices():
    """json_events names two of the voice's notices by their classes' names, so that a
    JSON start does not load the voice: those names are classes of voice.notices."""
    from halfmoon_a11y.ui import json_events
    from halfmoon_a11y.voice import notices

    for class_name, named in json_events.VOICE_NAMES.items():
        kind = getattr(notices, class_name)
        assert kind.__module__ == json_events.VOICE_NOTICES
        assert name_of(kind) == named
