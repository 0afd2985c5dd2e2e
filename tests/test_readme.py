"""The README: where the source is, a quiet pip, the install line again after the
virtual environment, and what CI runs."""

from __future__ import annotations


def test_the_readme_says_where_to_install_quietly_and_what_ci_runs():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in readme.splitlines()]
    install = "python3 -m pip install -q . && halfmoon-a11y"
    assert lines.index(install) < lines.index("## With a screen reader")
    tests = next(line for line in lines if line.startswith("python3 -m pip install -q -e"))
    assert tests == "python3 -m pip install -q -e '.[test]' && python3 -m pytest"
    assert tests in (root / ".ci" / "run").read_text(encoding="utf-8")  # CI runs it as written
    assert "folder that holds this README" in readme and "git clone" in readme
    venv = lines.index("python3 -m venv ~/.halfmoon && . ~/.halfmoon/bin/activate")
    assert lines[venv + 1] == install  # after the virtual environment, the install again
    assert all("pip install ." not in line and "pip install -e" not in line for line in lines)
