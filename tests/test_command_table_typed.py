"""Issue 27, point 2: the command table is typed so that an entry's builder, kind and
handler must agree. Before, `CommandSpec`'s handler took anything: a spec whose builder
made one command and whose handler took another passed mypy. `command(...)` is checked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # mypy, run on a small file

ROOT = Path(__file__).resolve().parent.parent
AGREE = """
from halfmoon_a11y.play.commands import Undo, command, no_args
from halfmoon_a11y.play.handlers import run_undo
UNDONE = command("undone", "{name}", "Take back.", no_args(Undo), Undo, run_undo)
"""
DISAGREE = {
    "builder": "command('x', '{name}', 'X.', no_args(Redo), Undo, run_undo)",
    "handler": "command('x', '{name}', 'X.', no_args(Redo), Redo, run_undo)",
}
IMPORTS = (
    "from halfmoon_a11y.play.commands import Redo, Undo, command, no_args\n"
    "from halfmoon_a11y.play.handlers import run_undo\n"
)


def mypy_on(tmp_path: Path, text: str) -> tuple[str, int]:
    from mypy import api

    planted = tmp_path / "planted.py"
    planted.write_text(text)
    out, err, status = api.run(
        [
            "--cache-dir",
            str(tmp_path / "cache"),
            "--python-executable",
            sys.executable,
            "--ignore-missing-imports",
            "--follow-imports=silent",
            str(planted),
        ]
    )
    return out + err, status


def test_an_entry_whose_parts_agree_passes(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    said, status = mypy_on(tmp_path, AGREE)
    assert status == 0, said


@pytest.mark.parametrize("part", DISAGREE)
def test_an_entry_whose_parts_disagree_fails(part, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    said, status = mypy_on(tmp_path, IMPORTS + "UNDONE = " + DISAGREE[part] + "\n")
    assert status == 1 and "incompatible type" in said, said
