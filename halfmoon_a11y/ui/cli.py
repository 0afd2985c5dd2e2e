"""`halfmoon-a11y`: the command line. Chooses the front end and wires the world in."""

from __future__ import annotations

import gc
import io
import os
import signal
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import SimpleNamespace

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import BadDealCodeError
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play.dispatch import understands
from halfmoon_a11y.play.lexicon import languages
from halfmoon_a11y.play.settings import SETTINGS, Settings
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.catalog import default_language
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.refusals import echo
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui import ctrl_c
from halfmoon_a11y.ui.loop import hold_signals, serve
from halfmoon_a11y.ui.plain import lines_from, terminal_lines, wants_plain
from halfmoon_a11y.ui.window import Held, note
from halfmoon_a11y.ui.world import Leaving, Policy, World, reporter

if TYPE_CHECKING:
    from typing import Any, NoReturn, TextIO


SIMPLE = ("--json", "--plain")  # the options a start may give without argparse


def simple_options(words: Sequence[str]) -> SimpleNamespace | None:
    """What argparse would answer for `words` when they are only `--json` and `--plain`,
    each at most once; None for any other line, which argparse reads (`ui.options`,
    loaded then only: argparse and gettext are some 3 to 4 ms of every start).
    tests/test_options.py holds that the two answers are the same."""
    if len(set(words)) != len(words) or not set(words) <= set(SIMPLE):
        return None
    unset = {spec.field: None for spec in SETTINGS.values() if spec.option_help}
    return SimpleNamespace(code=None, **unset, json="--json" in words, plain="--plain" in words)


def _parsed(words: list[str], language: Words) -> Any:
    """argparse's reading of the options; it leaves the program, in the player's
    language, on an option it does not understand."""
    from halfmoon_a11y.ui.options import build_parser

    return build_parser(language).parse_args(words)


ENVIRONMENT_PREFIX = "HALFMOON_A11Y_"  # HALFMOON_A11Y_SPEECH=off, HALFMOON_A11Y_LANG=ca…


def _from_environment(
    environ: Mapping[str, str], words: Words, noted: list[str] | None = None
) -> dict[str, object]:
    """Settings given in the environment, for this run only: HALFMOON_A11Y_ and the
    setting's key in capitals, - as _ (HALFMOON_A11Y_MOVE_ERRORS). The names of older
    releases (HALFMOON_A11Y_LANGUAGE) are still read; the key's name wins over them. A
    value not understood is said in one line on stderr (its name added to `noted`) and
    left out."""
    found: dict[str, object] = {}
    for spec in SETTINGS.values():
        names = (
            ENVIRONMENT_PREFIX + n.upper().replace("-", "_")
            for n in (spec.key, *spec.older_names())
        )
        name = next((name for name in names if name in environ), None)
        if name is None:
            continue
        try:
            found[spec.field] = spec.parse(environ[name])
        except ValueError:
            text = words._("Ignored {name}={value}. Not understood.")
            note(sys.stderr, text.format(name=name, value=echo(environ[name])))
            if noted is not None:
                noted.append(name)
    return found


def _overrides(args: object) -> dict[str, object]:
    """The settings given as options, as `Settings` fields. They are never saved."""
    found = {}
    for spec in SETTINGS.values():
        value = getattr(args, spec.field, None) if spec.option_help else None
        if value is not None:
            found[spec.field] = spec.parse(value) if isinstance(value, str) else value
    return found


def main(argv: Sequence[str] | None = None) -> int:
    leaving = Leaving()  # how this run ends when told to, and whether it opened its game
    try:
        if _json_asked(sys.argv[1:] if argv is None else argv):
            signal.signal(signal.SIGINT, signal.default_int_handler)  # a program's stop
        else:
            ctrl_c.quiet()  # loaded: Ctrl-C silences the voice, and never ends the game
        if sys.stdout is None or sys.stdin is None:  # started with a closed stream: `>&-`
            return 1
        _forgiving(sys.stdout)
        _forgiving(sys.stderr)
        return _main(argv, leaving)
    except BrokenPipeError:
        # The reader went away (`| head`): nothing more to say to it.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # the output cannot be written: a full disk, /dev/full
        with suppress(OSError, ValueError):
            sys.stderr.write(f"halfmoon-a11y: {error.strerror or error}\n")
        return 1
    except Exception as error:  # a bug of the game's own outside a turn
        return _bug_outside_play(error, argv, leaving.opened)


def _json_asked(words: Sequence[str]) -> bool:
    """Whether the options ask for the JSON mode, read before they are parsed: there
    SIGINT stops the program from its first moment, as programs expect (argparse takes
    `--js` or `--j` for `--json` too: no other option starts so)."""
    return any(len(word) >= 3 and "--json".startswith(word) for word in words)


def _bug_outside_play(error: Exception, argv: Sequence[str] | None, opened: bool) -> int:
    """A bug outside the turns (each turn's own are `Failures.failed`'s): before the game
    was opened (`opened` False), or while it closed. One sentence in the player's
    language, the details in errors.log, never a traceback. The code of a system never
    run by the project (docs/platforms.md) fails here first."""
    log = None
    with suppress(Exception):
        log = reporter(Paths.for_user())(error)
    words = Words("en")
    with suppress(Exception):
        stored = SettingsFile.load(Paths.for_user().settings).settings(Settings())
        wanted = _from_environment(os.environ, words).get("language")
        words = Words(_language_asked(argv) or str(wanted or stored.language))
    if opened:  # its moves are in its save and journal, as after any stop
        lines = [words._("Something went wrong, and the game had to stop.")]
    else:
        lines = [words._("Something went wrong. The game could not start.")]
    if log is not None:
        lines.append(words._("The details are in {path}.").format(path=log))
    with suppress(OSError, ValueError):
        sys.stderr.write("".join(line + "\n" for line in lines))
    return 1


def _forgiving(stream: TextIO | None) -> None:
    """Text the terminal's encoding cannot show is replaced, never a crash (a Latin-1
    terminal and the '…' of a shortened word)."""
    with suppress(AttributeError, ValueError):
        stream.reconfigure(errors="replace")  # type: ignore[union-attr]


def _utf8(stream: TextIO) -> TextIO:
    """The JSON stream is UTF-8 whatever the locale. A name the file system gave in bytes
    that are not UTF-8 becomes a \\u escape, still valid JSON."""
    try:
        return io.TextIOWrapper(
            stream.buffer, encoding="utf-8", errors="backslashreplace", newline="\n"
        )
    except AttributeError:  # a stream without bytes underneath (tests): as it is
        return stream


def _language_asked(argv: Sequence[str] | None) -> str | None:
    """`--lang xx` before the options are parsed, so that their help speaks it."""
    words = list(sys.argv[1:] if argv is None else argv)
    for index, word in enumerate(words):
        value = word.split("=", 1)[1] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(words):
            value = words[index + 1]
        if value in languages():
            return value
    return None


def _language_in(environ: Mapping[str, str]) -> str | None:
    """The language HALFMOON_A11Y_LANG (or its older name) chooses, if it is one, so that
    the notes before the game and a refused option are in it, as the game is."""
    spec = SETTINGS["lang"]
    for name in (spec.key, *spec.older_names()):
        value = environ.get(ENVIRONMENT_PREFIX + name.upper().replace("-", "_"), "")
        with suppress(ValueError):
            return str(spec.parse(value)) if value else None
    return None  # none, or not understood: said in the stored language


def _main(argv: Sequence[str] | None, leaving: Leaving) -> int:
    paths = Paths.for_user()
    settings_file = SettingsFile.load(paths.settings)
    stored = settings_file.settings(Settings(language=default_language()))
    words = Words(_language_asked(argv) or _language_in(os.environ) or stored.language)
    given = list(sys.argv[1:] if argv is None else argv)
    args = simple_options(given) or _parsed(given, words)
    noted: list[str] = []  # notes written to stderr before the opening: kept in view above it
    chosen = stored.replace(**_from_environment(os.environ, words, noted))
    chosen = chosen.replace(**_overrides(args))
    if args.code is not None:
        try:
            code: DealCode | None = DealCode.parse(args.code)
        except BadDealCodeError as error:
            note(sys.stderr, Presenter(Words(chosen.language)).error(error))
            return 2
    else:
        code = None
    interactive = not args.json and not wants_plain(args.plain)
    policy = Policy(
        json=args.json,
        interactive=interactive,
        at_terminal=sys.stdout.isatty() and sys.stdin.isatty(),
        speech_asked=args.speech is not None or ENVIRONMENT_PREFIX + "SPEECH" in os.environ,
    )
    world = World(paths, settings_file, policy, leaving)
    try:
        keeper, session = world.open(code, chosen)
        if args.json:
            read = collecting(lines_from(sys.stdin.buffer))
            return world.run_json(session, keeper, read, _utf8(sys.stdout))
        # At the prompt, the opening goes out with the first prompt, in one write (`Held`).
        opening = Held(sys.stdout)
        front = world.text_front(session, keeper, opening, sys.stderr, len(noted))
        ctrl_c.silence_with(front.silence_from_signal)  # from now on Ctrl-C silences its voice
        front.blank_says_opening = policy.at_terminal  # an empty Enter first: the opening again
        if not interactive:
            opening.release()  # no prompt to wait for: each answer goes out as it comes
            lines: Iterable[str]
            if sys.stdin.isatty():  # --plain or TERM=dumb at a terminal: readline editing
                lines = terminal_lines(
                    paths.plain_history,
                    lambda line: understands(session, line),
                    writes=keeper.owner,
                    cleared=front.line_cleared,
                )
            else:
                lines = lines_from(sys.stdin.buffer)
            return serve(front, collecting(lines))
        # The opening is made (and spoken) before prompt_toolkit loads: the game's voice
        # starts while the prompt gets ready, and its words wait for the prompt.
        front.start()
        return world.run_prompt(front, keeper, started, opening)
    finally:
        hold_signals()
        world.close()


def started() -> None:
    """The start is over: the cyclic garbage collector, off while the game loaded (see
    the package's `__init__`), is on again, with everything the start made set aside for
    good (gc.freeze: the classes and tables live as long as the program, and no later
    round goes over them again). Nothing to do when the game is a library (tests)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def collecting(lines: Iterable[str]) -> Iterator[str]:
    """The lines, the collector on again before the first is read: the game is open and
    its opening out (`started`)."""
    started()
    yield from lines


def run() -> NoReturn:
    """The program (the halfmoon-a11y command and python -m halfmoon_a11y): `main`, then
    out at once. By then everything the game opened is closed: the game saved, the lock
    let go, the voice stopped. Python's own teardown of the modules would add about 5 ms
    to every run; it has nothing left to do, so it is skipped."""
    status = main()
    for stream in (sys.stdout, sys.stderr):
        with suppress(Exception):  # a closed or broken stream: nothing to say
            stream.flush()
    echo = sys.modules.get("halfmoon_a11y.host.control_echo")  # loaded at a terminal only
    if echo is not None:
        echo.show()
    os._exit(status)


if __name__ == "__main__":
    run()
