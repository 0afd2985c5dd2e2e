"""The JSON lines mode, driven as a subprocess, as another program would."""

import json
import subprocess
import sys

import pytest

from halfmoon_a11y.play.settings import SETTINGS

GARBAGE = [
    "",
    "   ",
    "pick",
    "pick 0",
    "pick 13 1",
    "PICK r0",
    "new HM1-N-AAAA",
    "new HM1-N-AAAAAA1 extra",
    "pile 99",
    "pile R9",
    '{"json": true}',
    "\x00\x01\x02",
    "pick \x00",
    "x" * 100_000,
    "👋 ñ 日本",
    "undo undo",
    "set perhaps",  # `set` alone says the settings
    "set move-errors perhaps",
    "lang xx",
]


def run_json(
    lines: list[str] | bytes, *args: str
) -> tuple[list[dict], subprocess.CompletedProcess]:
    data = lines if isinstance(lines, bytes) else "".join(f"{line}\n" for line in lines).encode()
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json", *args],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    objects = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return objects, done


def test_one_object_for_the_deal_then_one_per_line():
    objects, done = run_json(["pick 1 8", "pick 8 5 3", "info"], "--code", "hm1-n-emqpnct")
    assert done.returncode == 0 and done.stderr == b""
    assert len(objects) == 4
    first = objects[0]
    assert first["events"][0]["type"] == "dealt"
    assert first["state"]["code"] == "HM1-N-EMQPNCT"
    assert len(first["state"]["piles"]) == 12 and len(first["state"]["reserve"]) == 8
    removed = [e for e in objects[1]["events"] if e["type"] == "removed"]
    assert removed[0]["kind"] == "pair" and removed[0]["points"] == 10
    assert objects[2]["state"]["score"] == 25 and objects[2]["state"]["moves"] == 2
    assert objects[2]["state"]["piles"][7] == {"top": "8H", "count": 6}


def test_state_never_shows_hidden_cards():
    objects, _ = run_json([], "--code", "HM1-N-AAAAAAA", "--lang", "en")
    state = objects[0]["state"]
    assert set(state) == {
        "code",
        "piles",
        "reserve",
        "selection",
        "score",
        "moves",
        "undo_available",
        "status",
        "elapsed",
        "settings",
    }
    # every setting, by its key, at its default (from the table: none can be forgotten)
    defaults = {key: spec.to_file(spec.default) for key, spec in SETTINGS.items()}
    assert state["settings"] == {
        **defaults,
        "speech": "off",  # the JSON mode never speaks
        "sounds": False,  # nor plays a sound
    }
    assert list(state["settings"]) == list(SETTINGS)
    assert all(set(pile) == {"top", "count"} for pile in state["piles"])


def test_garbage_lines_are_errors_never_crashes():
    objects, done = run_json([*GARBAGE, "pick 1"], "--code", "HM1-N-AAAAAAA")
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr
    assert len(objects) == 1 + len(GARBAGE) + 1
    for line, obj in zip(GARBAGE, objects[1:], strict=False):
        types = [e["type"] for e in obj["events"]]
        if line.strip():
            assert types == ["error"], line[:40]
            assert obj["events"][0]["code"] and obj["events"][0]["message"]
            assert len(obj["events"][0]["message"]) < 300
        else:
            assert types == []
        assert obj["state"] == objects[0]["state"]  # nothing changed
    assert objects[-1]["state"]["selection"] == ["1"]


def test_invalid_utf8_is_an_error_line():
    objects, done = run_json(b"\xff\xfe\xfd\npick 1\n", "--code", "HM1-N-AAAAAAA")
    assert done.returncode == 0
    assert objects[1]["events"][0]["type"] == "error"
    assert objects[2]["state"]["selection"] == ["1"]


def test_quit_gets_its_object_and_ends():
    objects, done = run_json(["quit", "pick 1"])
    assert done.returncode == 0
    assert len(objects) == 2
    assert [e["type"] for e in objects[1]["events"]] == ["game_kept", "quit"]


def test_language_option_translates_messages():
    objects, _ = run_json(["frob"], "--code", "HM1-N-AAAAAAA", "--lang", "en")
    assert objects[1]["events"][0]["message"].startswith("Unknown command")


@pytest.mark.parametrize("code", ["HM2-N-AAAAAAA", "nonsense"])
def test_a_bad_code_option_is_refused_in_words(code):
    _, done = run_json([], "--code", code)
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert b"HM1-N-" in done.stderr


def test_repeat_says_it_is_a_repeat():
    """Before: repeat sent the last events again with nothing to tell them apart, so a
    program would count a second pair removed."""
    objects, _ = run_json(["pick 1 8", "repeat"], "--code", "HM1-N-EMQPNCT")
    types = [e["type"] for e in objects[2]["events"]]
    assert types[0] == "repeat" and "removed" in types
    assert objects[2]["state"]["moves"] == 1


def test_every_event_has_a_sentence():
    """The presenter dispatches by a table, not a `match`: every event the game can say
    has its entry (mypy checks the JSON encoder's and the earcons' matches)."""
    from halfmoon_a11y.text.presenter import _RENDERERS
    from tests.support import said_kinds

    events = said_kinds()
    assert len(events) > 30  # the union, flattened: the engine's events and the session's
    assert events - set(_RENDERERS) == set()
