"""What the interactive prompt writes to the terminal after each Enter.

    python3 benchmarks/prompt_traffic.py [PATH_TO_ANOTHER_CHECKOUT]

Runs a scripted game in a pseudo-terminal through a screen model (pyte, see
tests/screen_model.py) and prints, for each command: the bytes written between
Enter and the next quiet moment, how many of them are escape sequences, and
the screen lines that changed, which a terminal screen reader would speak.
With a path, the program of that checkout is measured instead (to compare
with an earlier version).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.screen_model import ScreenModel  # noqa: E402

SCRIPT = ["pick 1 8", "info", "pick 3", "selection", "undo", "pile 2", "code"]
ESCAPE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def main() -> int:
    program = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT
    folders = {name: tempfile.mkdtemp() for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    env = {"PYTHONPATH": str(program), **folders, "XDG_DATA_HOME": tempfile.mkdtemp()}
    args = ("--code", "HM1-N-EMQPNCT", "--no-speech", "--lang", "en")
    model = ScreenModel(*args, extra_env=env, cwd=tempfile.mkdtemp())  # not this checkout's
    model.settle(0.5)
    print(f"program: {program}")
    for command in SCRIPT:
        model.type(command)
        changed = model.enter()
        escapes = ESCAPE.findall(model.traffic)
        said_again = any(command in line for line in changed)
        print(
            f"{command!r}: {len(model.traffic)} bytes, {len(escapes)} escape sequences, "
            f"{len(changed)} lines changed, command redrawn: {'yes' if said_again else 'no'}"
        )
    model.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
