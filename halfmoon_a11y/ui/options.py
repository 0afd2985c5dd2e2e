"""The command line's options, read with argparse: loaded only when a start gives an
option other than `--json` or `--plain` (`ui.cli.simple_options`): argparse and
the gettext it loads are some 3 to 4 ms of every start, a tenth of the JSON mode's."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from collections.abc import Callable, Iterable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.settings import SETTINGS, SettingSpec, Switch
from halfmoon_a11y.text.refusals import echo
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.window import fitted

if TYPE_CHECKING:
    from typing import Any, NoReturn


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals in the player's language and in one plain line."""

    def __init__(self, words: Words) -> None:
        super().__init__(
            prog="halfmoon-a11y",
            description=words._("Half Moon, a two-deck solitaire for play by ear."),
            add_help=False,
            formatter_class=_formatter(words),
        )
        self.words = words
        # argparse's own words are English only: these are the player's language's
        self._optionals.title = words._("options")
        self.add_argument("-h", "--help", action="help", help=words._("show this help and leave"))

    def error(self, message: str) -> NoReturn:
        # argparse words its detail in English only: English players are shown it; the
        # others hear the option (and the value) it names, in their own sentence
        named = None if self.words.language == "en" else _named(message)
        if named is not None:
            text = self.words._(
                "Option not understood, {option}. Type halfmoon-a11y --help for the options."
            )
            self.exit(2, fitted(sys.stderr, text.format(option=echo(named, 200)) + "\n"))
        detail = f" ({echo(message, 200)})" if self.words.language == "en" else ""
        text = self.words._(
            "Option not understood{detail}. Type halfmoon-a11y --help for the options."
        )
        # cut to the window as every answer is: the terminal cut "halfmoo" / "n-a11y"
        self.exit(2, fitted(sys.stderr, text.format(detail=detail) + "\n"))


def _named(message: str) -> str | None:
    """The option (and its value) an argparse refusal names, from argparse's English:
    `unrecognized arguments: --bogus`, `argument --lang: invalid choice: 'fr' (...)`,
    `argument --code: expected one argument`, `ambiguous option: --s could match ...`."""

    for pattern in (
        r"unrecognized arguments: (?P<option>.+)",
        r"argument (?P<option>\S+): invalid \S+(?: value)?: '(?P<value>[^']*)'",
        r"argument (?P<option>\S+): ",
        r"ambiguous option: (?P<option>\S+?)(?: could match|$)",
    ):
        found = re.match(pattern, message)
        if found is not None:
            value = found.groupdict().get("value")
            return found["option"] + (f" {value}" if value else "")
    return None


def _formatter(words: Words) -> type[argparse.HelpFormatter]:
    class Formatter(argparse.HelpFormatter):
        """argparse's help, with its 'usage:' in the player's language.

        argparse makes a formatter at every add_argument, only to check the option, and
        a formatter that is given no width asks the terminal for its width each time.
        The terminal's width is asked only when help or usage is written."""

        def __init__(self, prog: str, width: int | None = None, **options: Any) -> None:
            super().__init__(prog, width=width or 80, **options)

        def format_help(self) -> str:
            self._width = shutil.get_terminal_size().columns - 2
            self._max_help_position = min(self._max_help_position, max(self._width - 20, 2))
            return super().format_help()

        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[argparse._MutuallyExclusiveGroup],
            prefix: str | None = None,
        ) -> None:
            prefix = words._("usage: ") if prefix is None else prefix
            super().add_usage(usage, actions, groups, prefix)

    return Formatter


def build_parser(words: Words) -> argparse.ArgumentParser:
    """Every option: --code, a setting's for this run only, --json and --plain."""
    _ = words._
    parser = Parser(words)
    parser.add_argument(  # CODI, KODE: the word after --code in --help is the player's
        "--code", metavar=_("CODE"), help=_("play this deal, for example HM1-N-AAAAAAB")
    )
    for spec in SETTINGS.values():
        if spec.option_help:
            _add_setting_option(parser, spec, words)
    parser.add_argument(
        "--json", action="store_true", help=_("JSON lines mode, for other programs")
    )
    parser.add_argument("--plain", action="store_true", help=_("plain lines, no line editing"))
    return parser


def _add_setting_option(parser: argparse.ArgumentParser, spec: SettingSpec, words: Words) -> None:
    """`--KEY VALUE`, or `--KEY` and `--no-KEY` for a switch: for this run only."""
    helps = [words._(text) for text in spec.option_help]
    if isinstance(spec.kind, Switch) or {"on", "off"} <= set(spec.kind.words()):
        on, off = (True, False) if isinstance(spec.kind, Switch) else map(spec.parse, ("on", "off"))
        group = parser.add_mutually_exclusive_group()
        group.add_argument(
            f"--{spec.key}", dest=spec.field, action="store_const", const=on, help=helps[0]
        )
        group.add_argument(
            f"--no-{spec.key}", dest=spec.field, action="store_const", const=off, help=helps[1]
        )
        return
    choices = list(spec.kind.words()) or None
    named = choices or []
    if spec.key == "lang":  # a code alone tells a player little: "ca (Catalan)"
        named = [f"{code} ({lexicon(words.language).language_name(code)})" for code in named]
    parser.add_argument(
        f"--{spec.key}",
        dest=spec.field,
        choices=choices,
        type=str if choices else _option_type(spec),
        help=helps[0].format(choices=words.either(named)),
    )


def _option_type(spec: SettingSpec) -> Callable[[str], object]:
    def parse(text: str) -> object:
        try:
            return spec.parse(text)
        except ValueError:
            raise argparse.ArgumentTypeError(text) from None

    return parse
