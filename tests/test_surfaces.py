"""A surface chooses its sentences before they are worded, by the message itself.

A sentence that would be untrue on a page (the terminal's keys, "another window",
"start again") is declared `BySurface`: the terminal's text and the page's side by
side, where the sentence is used. The page's words are chosen from it before
translation; nothing is ever looked for or replaced in rendered text. These tests show
why a new terminal-only sentence cannot reach the page: it cannot be declared without
the page's text beside it, and every one declared is worded for the page by its own.
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
from pathlib import Path

import pytest

import halfmoon_a11y
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.commands import KEYS
from halfmoon_a11y.play.messages import BySurface, Surface
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.help import PAGE_KEYS, Helper
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.jsonmode import JsonMode
from halfmoon_a11y.ui.web import WebFrontEnd

PACKAGE = Path(halfmoon_a11y.__file__).parent
LANGUAGES = ("en", "ca", "da")


def every_by_surface() -> list[BySurface]:
    """Every sentence declared per surface in the package, once each module is loaded."""
    for module in pkgutil.walk_packages([str(PACKAGE)], "halfmoon_a11y."):
        if module.name.endswith(("__main__", "synth", "say", "winsound_player")):
            continue  # another system's, or a start: they declare no sentence
        importlib.import_module(module.name)
    return [found for found in gc.get_objects() if isinstance(found, BySurface)]


def test_no_sentence_is_replaced_in_rendered_text():
    """The table of substitutions the page once kept is gone from every module."""
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "PAGE_INSTEAD" not in text and "for_the_page" not in text, path


def test_a_sentence_for_one_surface_cannot_be_declared_alone():
    with pytest.raises(TypeError):
        BySurface("Only the terminal's words.")  # type: ignore[call-arg]


def test_the_sentences_declared_per_surface_are_the_ones_known():
    """The count is a tripwire: a new one is seen here, and checked by the test below."""
    found = every_by_surface()
    terminals = {sentence.terminal for sentence in found}
    assert len(terminals) == len(found) >= 6
    assert "Goodbye." in terminals


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_declared_per_surface_has_the_page_s_own_words(language):
    """On a page each says its page text, translated, its command words filled; at a
    terminal, the terminal's. The two differ in every language."""
    for sentence in every_by_surface():
        page = Words(language, surface=Surface.PAGE)._(sentence)
        terminal = Words(language)._(sentence)
        assert page != terminal, sentence
        if not sentence.words:
            assert page == Words(language)._(sentence.page), sentence
        for name in sentence.words:
            assert "{" + name + "}" not in page, (sentence, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_says_its_own_goodbye_and_the_terminal_its(language):
    """The same `quit`, told for a page and for a terminal (the JSON mode's words)."""
    code, settings = DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language)
    page = WebFrontEnd(Session(code, settings, now=lambda: 0.0))
    json = JsonMode(Session(code, settings, now=lambda: 0.0))
    for front in (page, json):
        front.start()
        front.line("quit")
    goodbye = BySurface("Goodbye.", "You can close this page.")
    assert page.said["lines"][-1] == Words(language, surface=Surface.PAGE)._(goodbye)
    assert json.written["events"][-1]["message"] == Words(language)._(goodbye)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_s_help_keys_is_its_own(language):
    code, settings = DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language)
    page = WebFrontEnd(Session(code, settings, now=lambda: 0.0))
    page.start()
    page.line(f"help {Helper(Words(language)).topic_word(KEYS)}")
    assert page.said["lines"] == [Words(language)._(PAGE_KEYS)]


def test_a_path_on_a_page_leaves_out_the_page_s_folder():
    words = Words(surface=Surface.PAGE, home="/home/pyodide/game/")
    assert words.path("/home/pyodide/game/state/game.json") == "state/game.json"
    assert Words().path("/home/player/state/game.json") == "/home/player/state/game.json"
