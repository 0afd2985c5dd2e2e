"""Issue 26, finding 12: a bug after a command changed the game says what was done, then
the bug. Before, an undo whose answer met a bug said only "Something went wrong with that
command; the game is saved and goes on.": the player could not know the undo was made."""

from __future__ import annotations

import pytest

from halfmoon_a11y.play.session import Session
from tests.test_survives_bugs import SAID, front_end

pytestmark = pytest.mark.expects_bug  # every test here plants a bug (tests/loud.py)

PAIR = "Pair removed, five of spades and six of diamonds."


def broken_after_the_change(monkeypatch) -> None:
    """The answer to a move is built after the game changed: a bug there."""

    def broken(self, events):
        raise RuntimeError("planted bug after the change")

    monkeypatch.setattr(Session, "_settled", broken)


def test_an_undo_that_meets_a_bug_is_still_said(paths, monkeypatch):
    lines: list[str] = []
    front, keeper, logged = front_end(paths, lines)
    front.line("pick 1 8")
    lines.clear()
    broken_after_the_change(monkeypatch)
    front.line("undo")
    assert lines[0].startswith("Undone, pair back in place, five of spades")
    assert lines[-2:] == [SAID["en"], "The details are in LOG."]
    assert front.session.game.moves == 0 and len(logged) == 1
    keeper.close()


def test_a_removal_that_meets_a_bug_is_still_said_with_what_it_uncovered(paths, monkeypatch):
    lines: list[str] = []
    front, keeper, _ = front_end(paths, lines)
    broken_after_the_change(monkeypatch)
    front.line("pick 1 8")
    assert lines[0].startswith(PAIR) and "Pile 1, two of clubs, 7 cards." in lines[0]
    assert lines[-2] == SAID["en"]
    keeper.close()


def test_a_redo_that_meets_a_bug_is_said_as_a_redo(paths, monkeypatch):
    lines: list[str] = []
    front, keeper, _ = front_end(paths, lines)
    front.line("pick 1 8")
    front.line("undo")
    lines.clear()
    broken_after_the_change(monkeypatch)
    front.line("redo")
    assert lines[0].startswith("Redone, pair removed again, five of spades")
    assert lines[-2] == SAID["en"]
    assert front.session.game.moves == 1
    keeper.close()


def test_a_bug_that_changed_nothing_says_the_bug_alone(paths, monkeypatch):
    lines: list[str] = []
    front, keeper, _ = front_end(paths, lines)
    broken_after_the_change(monkeypatch)
    front.line("pick 1")  # a selection: not a move, nothing the game keeps
    assert lines == [SAID["en"], "The details are in LOG."]
    keeper.close()


def test_a_part_that_cannot_be_worded_hides_no_other_part(paths, monkeypatch):
    """An undo with a card selected drops the selection, then puts the pair back: a bug in
    wording the first part still lets the undo be said, then the bug."""
    from halfmoon_a11y.core import events as ev
    from halfmoon_a11y.text import presenter

    def broken(self, event):
        raise RuntimeError("planted bug in wording a part")

    lines: list[str] = []
    front, keeper, logged = front_end(paths, lines)
    front.line("pick 1 8")
    front.line("pick 2")
    lines.clear()
    monkeypatch.setitem(presenter._RENDERERS, ev.SelectionDropped, broken)
    front.line("undo")
    assert lines[0].startswith("Undone, pair back in place, five of spades")
    assert lines[-2:] == [SAID["en"], "The details are in LOG."]
    assert len(logged) == 1
    keeper.close()
