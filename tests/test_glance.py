"""Short answers for the ear: `set` alone says every setting with its value, in one
answer; `help` alone names the commands by group, in well under 100 words, and says
how to hear more."""

from __future__ import annotations

import io
import json

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.commands import COMMANDS
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.support import Clock, transcript

SEED = "HM1-N-EMQPNCT"
LANGUAGES = ("ca", "da", "en")


def answers(language: str, commands: list[str]) -> list[list[str]]:
    """Each command's answer, its lines."""
    session = Session(DealCode.parse(SEED), settings=Settings(language=language), now=Clock())
    said: list[list[str]] = []
    for line in transcript(session, commands, start=False).splitlines():
        if line.startswith("> "):
            said.append([])
        else:
            said[-1].append(line)
    return said


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_alone_is_under_100_words_and_names_every_command(language):
    [said] = answers(language, ["help"])
    text = " ".join(said)
    assert len(text.split()) < 100, text
    words = set(text.replace(",", " ").replace(".", " ").split())
    for spec in COMMANDS:
        assert spec.local_name(language) in words, spec.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_alone_groups_the_commands(language):
    """Five groups (play, the table, this game, hearing again, settings), a line each,
    each command in one of them."""
    [said] = answers(language, ["help"])
    groups = [line.rstrip(".").split(", ")[1:] for line in said[1:6]]
    named = [name for group in groups for name in group]
    assert sorted(named) == sorted(spec.local_name(language) for spec in COMMANDS)


@pytest.mark.parametrize(
    ("language", "line", "expected"),
    [
        (
            "en",
            "set rate 200",
            "Settings. lang English, move errors off, placement help off, cards full, "
            "speech auto, rate 200, sounds on, answers full, heights off. "
            "To hear how to change one, type help set.",
        ),
        (
            "ca",
            "ajusta velocitat 200",
            "Els ajustos són idioma català, errors de moviment no, ajuda per col·locar no, cartes "
            "completes, veu auto, velocitat 200, sons sí, respostes completes, altures no. "
            "Per saber com canviar-ne un, escriu ajuda ajusta.",
        ),
        (
            "da",
            "indstil hastighed 200",
            "Indstillingerne er sprog dansk, trækfejl fra, placeringshjælp fra, kort fulde, "
            "tale auto, hastighed 200, lyde til, svar fulde, højder fra. "
            "Skriv hjælp indstil for at høre, hvordan du ændrer en af dem.",
        ),
    ],
)
def test_set_alone_says_every_setting_with_its_value_in_one_answer(language, line, expected):
    command = line.split()[0]
    said = answers(language, [line, command])
    assert said[-1] == [expected]


@pytest.mark.parametrize("language", LANGUAGES)
def test_set_alone_names_each_setting_as_it_is_typed(language):
    [said] = answers(language, [lexicon(language).command("set") or "set"])
    for key in SETTINGS:
        name = lexicon(language).setting(key) or key
        assert f" {name.replace('-', ' ')} " in said[0], key


def test_help_set_says_how_to_change_one():
    [said] = answers("en", ["help set"])
    assert said[-1] == (
        "Type set alone, to hear every setting, or set, then a setting and its value, "
        "for example set move-errors on."
    )


def test_set_alone_in_the_json_mode_gives_every_setting_by_its_key():
    out = io.StringIO()
    mode = JsonMode(Session(DealCode.parse(SEED), now=Clock()), out)
    mode.line("set")
    reply = json.loads(out.getvalue().splitlines()[-1])
    [event] = reply["events"]
    assert event["type"] == "settings"
    assert event["settings"] == reply["state"]["settings"]
    assert event["message"].startswith("Settings. lang English, move errors off,")
