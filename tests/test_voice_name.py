"""A voice's name as the system gives it, said for the ear (issue 20): SAPI5 names its
voices "Microsoft Zira Desktop - English (United States)", and a synthesiser reads the
dash and the brackets aloud, or runs the words together."""

from __future__ import annotations

import pytest

from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.voice import notices as vn
from halfmoon_a11y.voice.notices import voice_name


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (
            "Microsoft Zira Desktop - English (United States)",
            "Microsoft Zira Desktop, English, United States",
        ),
        ("English (Great Britain)", "English, Great Britain"),
        ("Zira", "Zira"),
        ("  Anna   [Enhanced]  ", "Anna, Enhanced"),
        ("Eddy (English (UK))", "Eddy, English, UK"),
        ("bad\x1b[2Jname\x00", "bad, 2Jname"),
        ("gmw/en-GB-x-rp", "gmw/en-GB-x-rp"),
        ("x" * 200, "x" * 60),
    ],
)
def test_a_voice_name_is_tidied_for_the_ear(given, said):
    assert voice_name(given) == said


def test_a_name_of_nothing_but_symbols_falls_back_to_the_language():
    presenter = Presenter(Words("en"))
    lines = presenter.render_all([vn.NoVoiceForLanguage("ca", "en", "()-")])
    assert lines == [
        "No Catalan voice on this computer. The game speaks English instead, "
        "with the voice English."
    ]


def test_the_line_names_the_voice_tidied_in_each_language():
    zira = "Microsoft Zira Desktop - English (United States)"
    expected = {
        "en": "No Catalan voice on this computer. The game speaks English instead, with the "
        "voice Microsoft Zira Desktop, English, United States.",
        "ca": "No hi ha cap veu en català en aquest ordinador. El joc parla en anglès, amb la "
        "veu Microsoft Zira Desktop, English, United States.",
        "da": "Ingen catalansk stemme på denne computer. Spillet taler engelsk i stedet, med "
        "stemmen Microsoft Zira Desktop, English, United States.",
    }
    for language, line in expected.items():
        presenter = Presenter(Words(language))
        assert presenter.render_all([vn.NoVoiceForLanguage("ca", "en", zira)]) == [line]
