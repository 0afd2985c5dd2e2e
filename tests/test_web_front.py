"""The page's front end (issue 31) in CPython: what the page is given to say. The page
itself, in a browser, is tests/test_web_page.py."""

from __future__ import annotations

import json

import pytest

from halfmoon_a11y.play.lexicon import languages
from halfmoon_a11y.ui.web import (
    PAGE_WORDS,
    Page,
    all_page_words,
    home_paths,
    page_language,
    page_words,
)

CODE = "HM1-N-AAAAAAC"


def opened(tmp_path, language="en", **given):
    page = Page.open(str(tmp_path / "home"), [language], **given)
    return page, json.loads(page.opening())


def said(page, line):
    return json.loads(page.line(line))


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        (["ca-ES", "en"], "ca"),
        (["de-DE", "da"], "da"),
        (["fr"], "en"),
        ([], "en"),
        (["EN-gb"], "en"),
    ],
)
def test_the_browser_languages_choose_the_first_the_game_speaks(asked, language):
    assert page_language(asked) == language


def test_the_files_are_laid_out_as_on_a_terminal():
    paths = home_paths("/home/pyodide/halfmoon")
    assert str(paths.saved_game) == "/home/pyodide/halfmoon/state/game.json"
    assert str(paths.statistics) == "/home/pyodide/halfmoon/data/statistics.sqlite3"
    assert paths.sounds == "/home/pyodide/halfmoon/cache/sounds"


def test_every_page_word_is_translated():
    words = all_page_words()
    assert set(words) == set(languages())
    for language in ("ca", "da"):
        for key, text in PAGE_WORDS.items():
            if (language, key) not in {("ca", "title"), ("da", "title"), ("da", "send")}:
                assert words[language][key] != text, (language, key)
    assert all(":" not in text and ";" not in text for text in words["en"].values())


def test_an_answer_is_its_lines_its_sound_and_the_settings_the_page_follows(tmp_path):
    page, opening = opened(tmp_path, "ca", code=CODE)
    assert opening["text"].startswith("Partida nova, codi HM1 N, A, A, A, A, A, A, C.")
    assert opening["text"] == " ".join(opening["lines"])
    assert opening["sound"] is None and opening["language"] == "ca"
    move = said(page, "1 6")
    assert move["text"].startswith("Parella retirada") and move["sound"] == "pair.wav"
    assert said(page, "1")["sound"] == "selected-1.wav"  # where it was, as at a terminal
    assert said(page, "ajusta sons no")["sound"] is None
    assert said(page, "1")["sound"] is None  # sounds off: let go, silently
    danish = said(page, "idioma danès")["language"]
    assert danish == "da" and page_words(danish)["label"] == "Kommando"


def test_the_voice_speaks_only_when_asked_and_hears_codes_spelled(tmp_path):
    page, opening = opened(tmp_path, code=CODE)
    assert opening["speech"] is False  # speech auto: silent in a page
    auto = said(page, "set speech auto")
    assert auto["speech"] is False
    assert auto["lines"] == [
        "Speech, automatic. In the browser this means silent, since a page cannot tell "
        "whether a screen reader is running. Type set speech on to hear the browser's voice."
    ]
    said(page, "set speech on")
    code = said(page, "code")
    assert code["speech"] is True and code["rate"] == 175
    assert "H M 1, N, A, A, A, A, A, A, C" in code["spoken"]


def test_an_empty_enter_says_the_last_answer_again(tmp_path):
    page, _ = opened(tmp_path, code=CODE)
    tops = said(page, "tops")
    assert said(page, "")["text"] == tops["text"]
    assert said(page, "   ")["text"] == tops["text"]


def test_help_speaks_of_the_page_not_the_terminal(tmp_path):
    page, _ = opened(tmp_path, code=CODE)
    reader = said(page, "help screen reader")["text"]
    keys = said(page, "help keys")["text"]
    for text in (reader, keys):
        assert "Orca" not in text and "caret" not in text and "Comma" not in text
    assert keys.startswith("Keys. Type the commands in the field")
    assert "Type set speech on to hear the browser's voice." in reader
    assert said(page, "help rules")["text"] != keys  # other topics as at a terminal


def test_a_bad_code_in_the_address_is_refused_first(tmp_path):
    _, opening = opened(tmp_path, "da", code="HM1-N-XYZ")
    assert opening["lines"][0].startswith("Ugyldig spilkode, HM1-N-XYZ.")
    assert opening["lines"][1].startswith("Nyt spil, spilkode")


def test_quit_says_goodbye_and_the_game_stays_open(tmp_path):
    page, _ = opened(tmp_path, code=CODE)
    said(page, "1 6")
    assert said(page, "quit")["lines"] == [
        "The game is saved. It comes back when you open this page again.",
        "You can close this page.",
    ]
    assert said(page, "info")["text"].split(". ")[2] == "1 move"


def test_a_second_tab_plays_a_game_of_its_own_and_saves_nothing(tmp_path):
    first, _ = opened(tmp_path, code=CODE)
    said(first, "1 6")
    second, opening = opened(tmp_path, owner=False)
    assert "already open in another tab. This tab plays a game of its own" in opening["text"]
    said(second, "tops")
    _, resumed = opened(tmp_path)
    assert resumed["text"].startswith("Game resumed, deal HM1 N, A, A, A, A, A, A, C.")


def test_storage_refused_is_said_once_and_its_end_once(tmp_path):
    page, _ = opened(tmp_path)
    assert page.storage(True) is None
    refused = page.storage(False)
    assert refused is not None and refused.startswith("Not kept.")
    assert page.storage(False) is None
    assert page.storage(True).startswith("Kept again.")
    assert page.storage(True) is None
    said(page, "lang ca")
    assert page.storage(False).startswith("No es desa.")


def test_the_terminal_sentences_that_are_untrue_in_a_page_are_replaced(tmp_path):
    page, _ = opened(tmp_path, "ca", code=CODE)
    topic = said(page, "ajuda veu")["lines"]
    speech = [line for line in topic if line.startswith("veu ")]
    assert speech == [
        "veu o v. La veu del navegador. Amb veu auto, calla en una pàgina. Amb veu sí, parla."
    ]
    table = said(page, "ajuda arc")["text"]
    assert "fletxes" not in table and "Els llocs segueixen l'arc" in table


@pytest.mark.expects_bug
def test_a_bug_is_said_without_the_page_s_paths(tmp_path, monkeypatch, capsys):
    page, _ = opened(tmp_path, code=CODE)

    def broken(*args, **kwargs):
        raise RuntimeError("planted")

    monkeypatch.setattr("halfmoon_a11y.ui.loop.handle", broken)  # the line run on the session
    answer = said(page, "tops")["text"]
    assert answer.startswith("Something went wrong with that command.")
    assert "/" not in answer and "errors.log" not in answer
    assert "planted" in capsys.readouterr().err  # the details: the browser's console
    assert (tmp_path / "home" / "state" / "errors.log").exists()


def test_warming_loads_what_a_first_use_would_and_changes_nothing(tmp_path):
    import sys

    from halfmoon_a11y.ui.web import WARM

    page, _ = opened(tmp_path, code=CODE)
    before = said(page, "info")["text"]
    page.warm()
    assert all(name in sys.modules for name in WARM)
    assert said(page, "repeat")["text"] == before
