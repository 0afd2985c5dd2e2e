"""Fewer keystrokes: places alone, short forms, did you mean, forgiving arguments."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.errors import BadLocationError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.commands import COMMANDS, Change, Help, Pick, ShowPile, find, parse
from halfmoon_a11y.play.errors import UnknownCommandError
from halfmoon_a11y.play.lexicon import LEXICONS, fold
from halfmoon_a11y.play.settings import SETTINGS


def is_a_place(word: str) -> bool:
    try:
        Location.parse(word)
    except BadLocationError:
        return False
    return True


@pytest.mark.parametrize("language", sorted(LEXICONS))
def test_short_forms_collide_with_nothing(language):
    shorts = LEXICONS[language].short_forms
    assert set(shorts) == {spec.name for spec in COMMANDS}  # every command has one
    folded = [fold(short) for short in shorts.values()]
    assert len(set(folded)) == len(folded)  # none twice in a language
    for name, short in shorts.items():
        assert len(short) in (1, 2), f"{language} {name}: {short!r} is not one or two letters"
        assert short.isalpha(), f"{language} {name}: {short!r} is not letters"
        assert not is_a_place(short)
        for other in COMMANDS:  # never the full name of another command, in any language
            if other.name != name:
                assert fold(short) not in {fold(n) for n in (other.name, *other.aliases)}
        assert find(short, language).name == name


@pytest.mark.parametrize(
    ("line", "places"),
    [
        ("1 8", ["1", "8"]),
        ("r3 5 12", ["R3", "5", "12"]),
        ("R1,R2", ["R1", "R2"]),
        ("8, 5 and 3", ["8", "5", "3"]),
        ("8 i 5 i 3", ["8", "5", "3"]),
        ("8 og 5", ["8", "5"]),
        ("pick 1,8", ["1", "8"]),
    ],
)
def test_places_alone_are_a_pick(line, places):
    assert parse(line) == Pick(tuple(Location.parse(p) for p in places))


def test_a_mistyped_command_is_named_and_not_run():
    with pytest.raises(UnknownCommandError) as refused:
        parse("pik 1 8")
    assert refused.value.suggestion == "pick"
    with pytest.raises(UnknownCommandError) as refused:
        parse("tira 1", "ca")
    assert refused.value.suggestion == "tria"
    with pytest.raises(UnknownCommandError) as refused:
        parse("frobnicate")
    assert refused.value.suggestion is None


def test_pile_reads_a_reserve_slot_too():
    assert parse("pile r3") == ShowPile(Location.parse("R3"))


def test_completion_offers_the_players_language_only():
    from halfmoon_a11y.ui.completion import complete

    assert complete("pi") == (["pick", "pile"], "pi")
    assert complete("pi", "ca") == (["pila"], "pi")
    assert complete("t", "da") == (["tryk", "tale", "træk"], "t")
    # `set` offers every setting but those with a command of their own (lang, speech),
    # in the table's order: derived from the tables, so a new setting cannot be missed
    own = {spec.setting for spec in COMMANDS if spec.setting is not None}
    assert {"lang", "speech"} <= own
    assert complete("set ") == ([key for key in SETTINGS if key not in own], "")
    assert complete("indstil svar ", "da") == (["fulde", "korte"], "")
    assert complete("set move-errors ") == (["on", "off"], "")
    assert complete("ajusta errors-de-moviment ", "ca") == (["sí", "no"], "")
    assert complete("indstil kort ", "da") == (["fulde", "korte", "bogstaver"], "")
    assert complete("set move errors o") == (["on", "off"], "o")  # a name in two words
    assert complete("tale ", "da") == (["auto", "til", "fra"], "")
    assert complete("lang ") == (["Catalan", "Danish", "English", "ca", "da", "en"], "")
    assert complete("help r") == (["redo", "reserve", "repeat", "rules"], "r")
    assert complete("pick 1 r") == (["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"], "r")


@pytest.mark.parametrize(
    ("line", "language", "command"),
    [
        # a keyboard without æ: vælg
        ("vaelg 1 8", "da", Pick((Location.parse("1"), Location.parse("8")))),
        ("indstil traekfejl til", "da", Change("move-errors", True)),  # trækfejl
        # the middle dot typed as a full stop: ajuda-per-col·locar
        ("ajusta ajuda-per-col.locar sí", "ca", Change("placement-help", True)),
        ("regles", "ca", Help("rules")),  # the rules, as help's last line names them
    ],
)
def test_words_as_a_keyboard_types_them(line, language, command):
    assert parse(line, language) == command


def test_a_dictated_full_stop_is_no_place():
    assert parse("1 8.") == Pick((Location.parse("1"), Location.parse("8")))
