"""Issue 27, point 8: the cyclic garbage collector waits while the program starts (a
start makes some hundred classes and their tables), and is on again, with what the start
made set aside, before the first line is read. Imported as a library, nothing changes."""

from __future__ import annotations

import gc
import subprocess
import sys

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
