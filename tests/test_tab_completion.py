"""Tab at the prompt: a whole word gets its space, so the next Tab offers what follows
it (the values of a setting)."""

from __future__ import annotations

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from tests.test_terminal import spawn

CODE = DealCode.parse("HM1-N-EMQPNCT")


def _tab(text: str, language: str = "en") -> list[str]:
    from prompt_toolkit.document import Document

    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.ui.prompt import CommandCompleter

    session = Session(CODE, Settings(language=language))
    document = Document(text)
    return [c.text for c in CommandCompleter(session).get_completions(document, None)]


def _typed_after_tabs(text: str, tabs: int, language: str = "en") -> str:
    """What the line holds after `tabs` Tabs, as prompt_toolkit's readline-like Tab
    inserts one completion, or the part all completions share."""
    from prompt_toolkit.completion import get_common_complete_suffix
    from prompt_toolkit.document import Document

    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.ui.prompt import CommandCompleter

    completer = CommandCompleter(Session(CODE, Settings(language=language)))
    for _ in range(tabs):
        document = Document(text)
        found = list(completer.get_completions(document, None))
        if len(found) == 1:
            text = text[: len(text) + found[0].start_position] + found[0].text
        else:
            text += get_common_complete_suffix(document, found)
    return text


def test_a_completed_word_gets_a_space_so_the_next_tab_offers_its_values():
    assert _tab("set move") == ["move-errors "]
    assert _typed_after_tabs("set move", 1) == "set move-errors "
    assert _tab("set move-errors") == ["move-errors "]  # typed whole: Tab adds the space
    assert _tab(_typed_after_tabs("set move", 1)) == ["on ", "off "]
    assert _tab(_typed_after_tabs("ajusta errors", 1, "ca"), "ca") == ["sí ", "no "]


def test_the_second_tab_after_set_move_lists_the_values_at_the_terminal():
    child = spawn("--code", "HM1-N-AAAAAAB", "--lang", "ca")
    child.expect("Reserva R8")
    child.send("ajusta errors\t\t")
    child.expect("sí +no")  # the values, said as text
    child.sendcontrol("c")
    child.sendline("surt")
    child.expect("Adeu")
    child.close()
