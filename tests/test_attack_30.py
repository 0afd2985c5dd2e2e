"""Issue 30 attack: language names offered by Tab as help offers them, and the
collector on before the first line on every start path that plays."""

from __future__ import annotations

import subprocess
import sys

import pytest

from halfmoon_a11y.ui.completion import complete


@pytest.mark.parametrize(
    ("text", "language", "offered"),
    [
        ("lang ", "en", ["Catalan", "Danish", "English", "ca", "da", "en"]),
        ("lang D", "en", ["Danish", "da"]),
        ("idioma d", "ca", ["danès", "da"]),
        ("idioma angles", "ca", ["anglès"]),  # typed without its accent
        ("sprog ", "da", ["catalansk", "dansk", "engelsk", "ca", "da", "en"]),
        ("sprog eng", "da", ["engelsk"]),
        ("set lang C", "en", ["Catalan", "ca"]),
    ],
)
def test_tab_offers_the_languages_by_name(text, language, offered):
    assert complete(text, language)[0] == offered


# The program as the command starts it, each line it reads noting whether the collector
# is on: the first line must find it on, on every path that plays.
WRAPPER = (
    "import sys; sys.argv[0] = '/usr/bin/halfmoon-a11y'\n"
    "import gc\n"
    "from halfmoon_a11y.ui import cli\n"
    "seen = []\n"
    "read = cli.lines_from\n"
    "def noting(stream):\n"
    "    for line in read(stream):\n"
    "        seen.append(gc.isenabled())\n"
    "        yield line\n"
    "cli.lines_from = noting\n"
    "held = not gc.isenabled()\n"
    "status = cli.main(sys.argv[1:])\n"
    "sys.stderr.write(f'held={held} seen={seen} on={gc.isenabled()}')\n"
    "sys.exit(status)\n"
)


@pytest.mark.parametrize("mode", [["--json"], ["--plain"], []])
def test_every_path_that_reads_lines_turns_the_collector_on_first(mode):
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *mode, "--code", "HM1-N-EMQPNCT"],
        input="pick 1 8\nrepeat\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "held=True seen=[True, True] on=True" in done.stderr


def _window(rows: int):
    import fcntl
    import os
    import pty
    import struct
    import termios

    main, other = pty.openpty()
    fcntl.ioctl(other, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 80, 0, 0))
    attrs = termios.tcgetattr(other)
    attrs[1] &= ~termios.OPOST  # newlines as written
    termios.tcsetattr(other, termios.TCSANOW, attrs)
    return main, os.fdopen(other, "w", encoding="utf-8")


def _written(main: int) -> str:
    import os

    return os.read(main, 65536).decode()


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_note_written_before_the_opening_stays_in_view():
    """HALFMOON_A11Y_LANG=xx at a terminal: "Ignored HALFMOON_A11Y_LANG=xx. Not
    understood." is on stderr, the same window, just before the opening. The opening's
    lead of rows less one pushed it out of the window; one row less keeps it on the top
    row, and the opening still ends on the last."""
    import os

    from halfmoon_a11y.ui.frontend import printer

    main, out = _window(24)
    try:
        printer(out, above=1)(["New game."])
        assert _written(main) == "\n" * 22 + "New game.\n"
        printer(out)(["New game."])
        assert _written(main) == "\n" * 23 + "New game.\n"  # nothing written before
    finally:
        out.close()
        os.close(main)


def test_a_note_on_the_environment_is_counted_for_the_opening(capsys):
    from halfmoon_a11y.text.words import Words
    from halfmoon_a11y.ui import cli

    noted: list[str] = []
    found = cli._from_environment({"HALFMOON_A11Y_LANG": "Danish"}, Words("en"), noted)
    assert found == {"language": "da"}
    assert noted == []  # a name is understood: no note
    cli._from_environment({"HALFMOON_A11Y_LANG": "klingon"}, Words("en"), noted)
    assert noted == ["HALFMOON_A11Y_LANG"]
    assert "Ignored HALFMOON_A11Y_LANG=klingon" in capsys.readouterr().err
