"""The layers' import contract in pyproject.toml, checked by import-linter (lint-imports).

tests/test_layers.py checks the same rules with its own reading of the imports, and
what a real start loads; this runs the tool a reader of pyproject.toml would run.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = (
    "import sys\n"
    "from importlinter.cli import lint_imports_command\n"
    "sys.argv[0] = 'lint-imports'\n"
    "sys.exit(lint_imports_command())\n"
)


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports run in `project`, on the package found there (it puts the folder it
    runs in first on the path), with no cache written into the project."""
    return subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_package_keeps_its_import_contract():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 kept, 0 broken" in done.stdout


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path):
    """The contract sees imports inside functions too (issue 17): the package copied,
    one import planted in a function of the core, and the tool names it."""
    shutil.copytree(ROOT / "halfmoon_a11y", tmp_path / "halfmoon_a11y")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    cards = tmp_path / "halfmoon_a11y" / "core" / "cards.py"
    cards.write_text(
        cards.read_text() + "\n\ndef _planted():\n    from halfmoon_a11y.ui import cli\n"
        "\n    return cli\n"
    )
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "halfmoon_a11y.core.cards -> halfmoon_a11y.ui.cli" in done.stdout
    assert "A layer imports only the layers below it BROKEN" in done.stdout


def test_playing_that_opens_a_file_breaks_the_contract(tmp_path):
    """Issue 27, point 4: the play layer imports no file or system code again (it lived
    in play/ before): an import of the host planted in the session is named."""
    shutil.copytree(ROOT / "halfmoon_a11y", tmp_path / "halfmoon_a11y")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    session = tmp_path / "halfmoon_a11y" / "play" / "session.py"
    session.write_text(
        session.read_text() + "\n\ndef _planted():\n    from halfmoon_a11y.host import owned\n"
        "\n    return owned\n"
    )
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Playing and its words are pure: no files, no system BROKEN" in done.stdout
