"""Play a scenario under the real Orca in a real terminal, and report what Orca said.

    python3 -m tools.heard_by_orca tools/heard_by_orca/scenarios/start.txt
    python3 -m tools.heard_by_orca --report FOLDER     # report a kept run again

Run from the repository's root. README.md beside this file says what it needs, what the
report means, and what is and is not verified.
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import desktop
from .analysis import orca_words
from .desktop import DesktopError, Stack
from .keys import Keyboard, Pace, play
from .logs import ORCA_LOG, SPOKEN_LOG, StepTime, write_steps
from .report import END_LABEL, START_LABEL, report
from .scenario import ScenarioError, Step, read_scenario

REPORT_FILE = "report.txt"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, with each option's reason in its help."""
    parser = argparse.ArgumentParser(
        prog="python3 -m tools.heard_by_orca",
        description="What the real Orca says while a scenario is typed into the game.",
    )
    parser.add_argument("scenario", nargs="?", type=Path, help="a file of steps (README.md)")
    parser.add_argument("--lang", default="ca", help="the game's language, and Orca's (ca)")
    parser.add_argument(
        "--orca-lang", help="Orca's own language (its key names), if not the game's"
    )
    parser.add_argument(
        "--cps", type=float, default=8.0, help="typing speed, characters a second (8)"
    )
    parser.add_argument(
        "--enter-gap",
        type=float,
        help="milliseconds between a line's last character and Enter (one character's time)",
    )
    parser.add_argument(
        "--settle", type=float, default=2.5, help="seconds always waited after a step (2.5)"
    )
    parser.add_argument(
        "--max-wait",
        type=float,
        default=12.0,
        help="most seconds waited for silence after a step (12)",
    )
    parser.add_argument(
        "--start-wait",
        type=float,
        default=6.0,
        help="seconds from the window's focus to the first key (6)",
    )
    parser.add_argument(
        "--speech-cps",
        type=int,
        default=25,
        help="the simulated voice's speed, characters a second (25)",
    )
    parser.add_argument(
        "--keep", type=Path, help="keep the run's files in this new or empty folder"
    )
    parser.add_argument("--report", type=Path, help="only report again the run kept in this folder")
    parser.add_argument("--verbose", action="store_true", help="also show Orca's terminal notes")
    args = parser.parse_args(argv)
    if args.scenario is None and args.report is None:
        parser.error("a scenario, or --report FOLDER, is needed")
    return args


def run_folder(keep: Path | None) -> Path:
    """The folder of the run's files: the one asked for, or a fresh temporary one."""
    if keep is None:
        return Path(tempfile.mkdtemp(prefix="heard-by-orca-"))
    keep.mkdir(parents=True, exist_ok=True)
    if any(keep.iterdir()):
        raise DesktopError(f"{keep} is not empty; a run needs a folder of its own")
    return keep.resolve()


def orca_environment(folder: Path, runtime: Path, args: argparse.Namespace) -> dict[str, str]:
    """The environment of Orca, the buses and the terminal, built from nothing.

    Home and XDG folders are the run's, so Orca starts with its default settings and the
    user's own are never read; GSettings is kept in memory for the same reason.
    """
    home = folder / "orca"
    names = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data"}
    names |= {"XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state"}
    env = {name: str(home / sub) for name, sub in names.items()}
    for path in env.values():
        Path(path).mkdir(parents=True, exist_ok=True)
    return env | {
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(runtime),
        "PATH": desktop.SYSTEM_PATH,
        # No Catalan locale need be installed: the messages' language is LANGUAGE.
        "LANG": "C.UTF-8",
        "LANGUAGE": args.orca_lang or args.lang,
        "GSETTINGS_BACKEND": "memory",
        "HEARD_BY_ORCA_SPOKEN_LOG": str(folder / SPOKEN_LOG),
        "HEARD_BY_ORCA_SPEECH_CPS": str(args.speech_cps),
        "HEARD_BY_ORCA_TEXTLOG": str(runtime / "textlog.sh"),
    }


def place_speech_settings(env: dict[str, str], runtime: Path) -> None:
    """speech-dispatcher's settings and the textlog module where the run's speechd finds them."""
    config = Path(env["XDG_CONFIG_HOME"]) / "speech-dispatcher"
    (config / "modules").mkdir(parents=True, exist_ok=True)
    shutil.copy(desktop.HERE / "speechd.conf", config / "speechd.conf")
    shutil.copy(desktop.HERE / "textlog.conf", config / "modules" / "textlog.conf")
    shutil.copy(desktop.HERE / "textlog.sh", runtime / "textlog.sh")


def start_game(stack: Stack, folder: Path, args: argparse.Namespace) -> None:
    """Open the terminal with the game and give it the keyboard."""
    window = desktop.start_terminal(stack, desktop.game_command(folder / "game", args.lang))
    desktop.focus(stack, window)


def listen(folder: Path, runtime: Path, steps: list[Step], args: argparse.Namespace) -> None:
    """Start the whole stack, play the scenario, stop exactly what was started.

    The steps' times are written even when the run stops halfway, so that what was said
    until then can still be reported.
    """
    stack = Stack(folder, orca_environment(folder, runtime, args))
    place_speech_settings(stack.env, runtime)
    gap = (1.0 / args.cps) if args.enter_gap is None else args.enter_gap / 1000.0
    keyboard = Keyboard(stack.env, args.cps, gap)
    times: list[StepTime] = []
    try:
        stack.env["DISPLAY"] = desktop.start_screen(stack)
        stack.env["DBUS_SESSION_BUS_ADDRESS"] = desktop.start_session_bus(stack)
        desktop.start_accessibility_bus(stack)
        desktop.start_orca(stack, folder / ORCA_LOG)
        times.append(StepTime(START_LABEL, datetime.datetime.now()))
        start_game(stack, folder, args)
        time.sleep(args.start_wait)
        play(steps, keyboard, Pace(args.settle, args.max_wait), folder / SPOKEN_LOG, times)
        times.append(StepTime(END_LABEL, datetime.datetime.now()))
    finally:
        write_steps(folder, times)
        desktop.adopt_speech_dispatcher(stack, runtime)
        stack.stop()


def preflight(args: argparse.Namespace) -> list[Step]:
    """Everything that can be checked before starting anything: the scenario, the programs.

    A run takes minutes, so a missing program or a second Orca is said at once.
    """
    steps = read_scenario(args.scenario)
    missing = desktop.missing_programs()
    if missing:
        raise DesktopError(f"missing: {', '.join(missing)} (README.md says what to install)")
    others = desktop.other_orcas()
    if others:
        raise DesktopError(f"Orca is already running as you (pid {others[0]}); one at a time")
    check = [sys.executable, "-c", "import prompt_toolkit"]
    if subprocess.run(check, cwd=desktop.ROOT, capture_output=True, check=False).returncode:
        raise DesktopError(f"{sys.executable} cannot run the game: prompt_toolkit is missing")
    return steps


def print_report(folder: Path, args: argparse.Namespace, keep_copy: bool) -> None:
    """Print the report, and keep a copy beside the logs of a fresh run."""
    lines = list(report(folder, orca_words(args.orca_lang or args.lang), args.verbose))
    if keep_copy:
        (folder / REPORT_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines), flush=True)


def run(args: argparse.Namespace) -> None:
    """One whole run: check, listen, report, and remove the temporary files."""
    steps = preflight(args)
    folder = run_folder(args.keep)
    runtime = Path(tempfile.mkdtemp(prefix="hbo-"))  # short: it holds the buses' sockets
    try:
        listen(folder, runtime, steps, args)
    except BaseException:
        print(f"The run stopped; its files are kept in {folder}", file=sys.stderr)
        raise
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    print_report(folder, args, keep_copy=True)
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"The run's files are in {folder}")


def main(argv: list[str] | None = None) -> int:
    """The command: 0 when the run and its report were made, 1 with the reason otherwise."""
    args = arguments(argv)
    try:
        if args.report is not None:
            print_report(args.report, args, keep_copy=False)
        else:
            run(args)
    except (DesktopError, ScenarioError, OSError) as error:
        print(f"heard_by_orca: {error}", file=sys.stderr)
        return 1
    return 0
