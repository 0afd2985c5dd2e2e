"""Issue 27, point 8: the cyclic garbage collector waits while the program starts (a
start makes some hundred classes and their tables), and is on again, with what the start
made set aside, before the first line is read. Imported as a library, nothing changes."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from halfmoon_a11y.ui.cli import collecting, started


def test_started_as_the_program_the_package_holds_the_collector():
    code = (
        "import sys; sys.argv[0] = '/usr/bin/halfmoon-a11y'\n"
        "import gc, halfmoon_a11y\n"
        "print(gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_imported_as_a_library_nothing_changes():
    code = "import gc, halfmoon_a11y\nprint(gc.isenabled())\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "True", done.stderr


def test_the_first_line_read_turns_the_collector_on_with_the_start_set_aside():
    gc.disable()
    try:
        lines = collecting(iter(["pick 1", "quit"]))
        assert not gc.isenabled()  # nothing happens before the first line is asked for
        assert next(lines) == "pick 1"
        assert gc.isenabled() and gc.get_freeze_count() > 0
        assert list(lines) == ["quit"]
    finally:
        gc.unfreeze()
        gc.enable()


def test_started_leaves_a_running_collector_as_it_is():
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    started()
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_the_json_mode_plays_with_the_collector_held_at_start():
    """The real program, as the command starts it: it answers and leaves (its files in
    the temporary home the tests give every process)."""
    code = (
        "import sys; sys.argv[0] = '/usr/bin/halfmoon-a11y'\n"
        "from halfmoon_a11y.ui.cli import main\n"
        "import gc\n"
        "held = not gc.isenabled()\n"
        "status = main(['--json', '--code', 'HM1-N-EMQPNCT'])\n"
        "sys.stderr.write(f'held={held} on={gc.isenabled()}')\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="pick 1 8\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "held=True on=True" in done.stderr
    assert '"removed"' in done.stdout


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
