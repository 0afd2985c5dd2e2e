"""The table as buttons (text/buttons.py, `Page.buttons`): each place named card first,
then place, then height, in the player's words; a press types what the button says it
types, and its answer is the typed line's, word for word."""

from __future__ import annotations

import json

import pytest

from halfmoon_a11y.play.lexicon import languages
from halfmoon_a11y.ui.web import Page

CODE = "HM1-N-AAAAAAC"


def opened(tmp_path, language):
    page = Page.open(str(tmp_path / language), [language], True, CODE)
    page.opening()
    return page


def shown(page):
    return json.loads(page.buttons())


def listing(page) -> str:
    """The buttons as a reviewer reads them: one a line, pressed ones marked."""
    given = shown(page)
    lines = []
    for key in ("piles", "reserve", "actions"):
        lines.append(f"## {given['headings'][key]}")
        for button in given[key]:
            mark = " [pressed]" if button["pressed"] else ""
            lines.append(f"{button['types']}: {button['name']}{mark}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("language", languages())
def test_every_place_and_command_has_a_named_button(tmp_path, language, snapshot_text):
    page = opened(tmp_path, language)
    page.line("1")  # a card selected: its button is pressed and says so
    given = shown(page)
    assert [b["types"] for b in given["piles"]] == [str(n) for n in range(1, 13)]
    assert [b["types"] for b in given["reserve"]] == [f"R{n}" for n in range(1, 9)]
    assert [b["pressed"] for b in given["piles"] + given["reserve"]] == [True] + [False] * 19
    assert listing(page) == snapshot_text


def test_a_press_is_answered_as_the_typed_place_is(tmp_path):
    pressed, typed = opened(tmp_path / "a", "en"), opened(tmp_path / "b", "en")
    for step in range(6):
        piles = shown(pressed)["piles"]
        target = piles[step % 12]["types"]
        assert json.loads(pressed.line(target)) == json.loads(typed.line(target))
        assert shown(pressed) == shown(typed)


@pytest.mark.parametrize("language", languages())
def test_each_command_button_types_a_command_the_game_knows(tmp_path, language):
    page = opened(tmp_path, language)
    for button in shown(page)["actions"]:
        answer = json.loads(page.line(button["types"]))
        assert answer["text"], button
        assert "not understood" not in answer["text"].lower(), button
        # the game still answers a place after the command (nothing was left half-done)
        if button["types"] in ("new", "nova", "nyt"):
            page.line(button["types"])  # the second press confirms, as typed twice


def test_a_removed_card_leaves_its_place_with_its_new_top(tmp_path):
    page = opened(tmp_path, "en")
    before = {b["types"]: b["name"] for b in shown(page)["piles"]}
    tops = [(b["types"], b["name"]) for b in shown(page)["piles"]]
    # find a pair that adds up to 11 among the tops and remove it by pressing both
    values = {
        "ace": 1, "two": 2, "three": 3, "four": 4, "five": 5,
        "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    }  # fmt: skip

    def value(name: str) -> int:
        return values.get(name.split(" ", 1)[0], 99)  # a face card adds up to nothing

    pair = next(
        (a, b)
        for i, (a, name_a) in enumerate(tops)
        for b, name_b in tops[i + 1 :]
        if value(name_a) + value(name_b) == 11
    )
    page.line(pair[0])
    page.line(pair[1])
    after = {b["types"]: b["name"] for b in shown(page)["piles"]}
    assert after[pair[0]] != before[pair[0]]
    assert after[pair[1]] != before[pair[1]]
    assert after[pair[0]].endswith("7 cards")
    assert not any(b["pressed"] for b in shown(page)["piles"])
