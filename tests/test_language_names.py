"""A language is named, typed and offered by its name in every language: by Tab as
help offers them, by `lang`, and by the lexicons as the catalogs name them."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.lexicon import LEXICONS
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.presenter import LANGUAGE_NAMES, Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.completion import complete
from tests.support import play

CODE = "HM1-N-EMQPNCT"


@pytest.mark.parametrize(
    ("text", "language", "offered"),
    [
        ("lang ", "en", ["Catalan", "Danish", "English", "ca", "da", "en"]),
        ("lang D", "en", ["Danish", "da"]),
        ("idioma d", "ca", ["danès", "da"]),
        ("idioma angles", "ca", ["anglès"]),  # typed without its accent
        ("sprog ", "da", ["catalansk", "dansk", "engelsk", "ca", "da", "en"]),
        ("sprog eng", "da", ["engelsk"]),
        ("set lang C", "en", ["Catalan", "ca"]),
    ],
)
def test_tab_offers_the_languages_by_name(text, language, offered):
    assert complete(text, language)[0] == offered


@pytest.mark.parametrize(
    ("language", "typed", "code"),
    [
        ("ca", "idioma català", "ca"),
        ("ca", "idioma danès", "da"),
        ("ca", "idioma anglesa", "en"),
        ("da", "sprog dansk", "da"),
        ("da", "sprog catalansk", "ca"),
        ("da", "sprog engelsk", "en"),
        ("en", "lang Danish", "da"),
        ("en", "lang catalan", "ca"),
        ("en", "lang DANSK", "da"),  # a name in another language, in any case
        ("en", "lang catala", "ca"),  # without its accent, as on a keyboard without it
        ("da", "sprog en", "en"),  # the codes still work
    ],
)
def test_a_language_is_typed_by_its_name_in_any_language(language, typed, code):
    session = Session(DealCode.parse(CODE))
    play(session, f"lang {language}")
    play(session, typed)
    assert session.settings.language == code


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("ca", "idioma francès", "L'ajust idioma accepta català, danès o anglès."),
        ("da", "sprog fransk", "Indstillingen sprog kan være catalansk, dansk eller engelsk."),
        ("en", "lang French", "The setting lang takes Catalan, Danish or English."),
    ],
)
def test_the_languages_are_offered_by_name(language, typed, said):
    session = Session(DealCode.parse(CODE))
    play(session, f"lang {language}")
    lines = Presenter(Words(language)).render_all(play(session, typed))
    assert lines[-1].endswith(said), lines


def test_the_lexicons_name_the_languages_as_the_catalogs_do():
    """Two places hold a language's name in another: the lexicon (typed, offered) and the
    catalog (the line that says no voice speaks it). They must say the same word."""
    for language, lex in LEXICONS.items():
        words = Words(language)
        for code, english in LANGUAGE_NAMES.items():
            assert lex.language_name(code) == words._(english), (language, code)
