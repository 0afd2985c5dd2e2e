"""Issue 29 review: an answer taller than the window goes in pieces (ui.prompt), and a
piece ends where one of the answer's lines ends. Cut at the window's height alone, a
help entry was split between two pieces, 0.25 s apart: a screen reader said "pila o p,
Llegeix una pila o una", stopped, and then "casella de reserva." as a second thing."""

from __future__ import annotations

import signal
from types import SimpleNamespace

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text.wrap import wrap_all
from halfmoon_a11y.ui import ctrl_c, prompt, window
from tests.support import transcript

CODE = "HM1-N-EMQPNCT"


class HeldWrites:
    """The prompt's held output as `hold_answers` uses it: what each release sent."""

    def __init__(self, rows: int) -> None:
        self.output = SimpleNamespace(stdout=None, get_size=lambda: SimpleNamespace(rows=rows))
        self.sent: list[str] = []
        self.held = ""

    def write(self, text: str) -> None:
        self.held += text

    def release(self) -> None:
        self.sent.append(self.held)
        self.held = ""

    def hold(self) -> None:
        pass


def pieces_of(lines: list[str], rows: int, columns: int, monkeypatch) -> list[list[str]]:
    monkeypatch.setattr(window, "terminal_columns", lambda out: columns)
    monkeypatch.setattr(prompt, "PACE", 0)
    one = HeldWrites(rows)
    front = SimpleNamespace(write=None, leaving=False)
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write(lines)
    one.release()  # the last piece goes with the prompt
    return [piece.splitlines() for piece in one.sent]


@pytest.mark.parametrize("language,word", [("ca", "ajuda"), ("da", "hjælp"), ("en", "help")])
@pytest.mark.parametrize("rows,columns", [(6, 40), (8, 80), (5, 60)])  # help: some 10 rows
def test_a_piece_of_help_ends_where_a_line_of_it_ends(monkeypatch, language, word, rows, columns):
    session = Session(DealCode.parse(CODE), Settings(language=language))
    lines = transcript(session, [word], start=False).splitlines()[1:]
    pieces = pieces_of(lines, rows, columns, monkeypatch)
    assert len(pieces) > 1
    assert [row for piece in pieces for row in piece] == wrap_all(lines, columns - 1)
    ends, at = set(), 0  # the row counts at which a line of the answer ends
    for line in lines:
        at += len(wrap_all([line], columns - 1))
        ends.add(at)
    at = 0
    for piece in pieces:
        assert 0 < len(piece) <= rows - 1, piece
        at += len(piece)
        assert at in ends, (at, piece[-1])


def test_a_line_taller_than_a_piece_is_cut_at_the_full_height(monkeypatch):
    long = " ".join(["word"] * 200)
    pieces = pieces_of(["First.", long, "Last."], 6, 30, monkeypatch)
    rows = wrap_all(["First.", long, "Last."], 29)
    assert [row for piece in pieces for row in piece] == rows
    assert pieces[0] == ["First."]
    assert all(len(piece) == 5 for piece in pieces[1:-1])


def test_an_answer_that_fits_is_one_piece(monkeypatch):
    assert pieces_of(["Pile 1, five of spades, 8 cards."], 24, 80, monkeypatch) == [
        ["Pile 1, five of spades, 8 cards."]
    ]


class HeldOutput:
    """A stand-in for `OneWrite` over a window of `rows` rows: what went out, write by
    write."""

    def __init__(self, rows: int) -> None:
        size = SimpleNamespace(rows=rows, columns=80)
        self.output = SimpleNamespace(stdout=object(), get_size=lambda: size)
        self.held = ""
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.held += text
        return len(text)

    def hold(self) -> None:
        pass

    def release(self) -> None:
        if self.held:
            self.writes.append(self.held)
        self.held = ""


def _front() -> SimpleNamespace:
    return SimpleNamespace(leaving=False, write=None)


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
def test_a_window_too_low_for_a_piece_gets_the_answer_at_once(monkeypatch, rows):
    """Before: a window of 1 to 4 rows cut a 40-line answer in pieces of 4 rows, which
    did not fit it anyway, 0.25 s apart: ten pieces, 2.5 s in which the game answered
    no key."""
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    one, front = HeldOutput(rows), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(40)])
    one.release()  # the prompt drawn
    assert pauses == []
    assert len(one.writes) == 1 and one.writes[0].count("\n") == 40


def test_a_ctrl_c_during_the_pieces_sends_the_rest_at_once(monkeypatch):
    """Before: a Ctrl-C during a long answer's pieces silenced the voice and the pieces
    went on, 0.25 s each: the game could not be hurried."""
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        ctrl_c._pressed(signal.SIGINT, None)  # pressed while the first piece is read

    monkeypatch.setattr("time.sleep", pause)
    monkeypatch.setattr(ctrl_c, "_silencers", [])
    one, front = HeldOutput(10), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(60)])  # seven pieces of 9
    one.release()
    assert len(pauses) == 1
    assert len(one.writes) == 2
    assert one.writes[0].count("\n") == 9 and one.writes[1].count("\n") == 51


def test_pieces_still_fit_a_window_of_ordinary_height(monkeypatch):
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    one, front = HeldOutput(24), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(30)])
    one.release()
    assert [w.count("\n") for w in one.writes] == [23, 7]
    assert pauses == [prompt.PACE]
