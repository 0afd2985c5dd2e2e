"""A pytest plugin that plants a bug in one command's handler, to show that the suite
notices it (issue 25, "loud"; tests/test_loud.py runs it).

    HALFMOON_A11Y_PLANT=undo python3 -m pytest -p tests.plant tests/test_transcripts.py

makes the handler of `undo` (its English name in the command table; `blank` for an
empty line, `drop` for the prompt's Escape) raise a RuntimeError whenever it runs, in
this pytest process. Without the variable the plugin does nothing.
"""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from halfmoon_a11y.play.answers import Answer
    from halfmoon_a11y.play.session import Session

VARIABLE = "HALFMOON_A11Y_PLANT"


def handlers() -> dict[str, type]:
    """Each handler's name, and the command value it handles."""
    from halfmoon_a11y.play import commands

    named: dict[str, type] = {spec.name: spec.kind for spec in commands.COMMANDS}
    named["blank"] = commands.Blank
    named["drop"] = commands.DropSelection
    return named


def pytest_configure(config: object) -> None:
    name = os.environ.get(VARIABLE)
    if not name:
        return
    from halfmoon_a11y.play import commands

    kind = handlers()[name]

    def planted(session: Session, command: object) -> Answer:
        raise RuntimeError(f"a bug planted in the handler of {name}")

    commands._HANDLERS[kind] = planted
