"""`halfmoon-a11y`: the command line. Chooses the front end and wires the world in."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from halfmoon_a11y.dealcode import DealCode
from halfmoon_a11y.errors import BadDealCodeError
from halfmoon_a11y.i18n import default_language
from halfmoon_a11y.presenter import Presenter
from halfmoon_a11y.session import Session
from halfmoon_a11y.settings import LANGUAGES, Settings
from halfmoon_a11y.words import Words


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="halfmoon-a11y",
        description="Half Moon, a two-deck solitaire for play by ear.",
    )
    parser.add_argument("--code", help="play this deal, for example HM1-N-AAAAAAB")
    parser.add_argument("--lang", choices=LANGUAGES, help="ca, da or en")
    parser.add_argument("--json", action="store_true", help="JSON lines mode for programs")
    parser.add_argument("--plain", action="store_true", help="plain lines, no line editing")
    speech = parser.add_mutually_exclusive_group()
    speech.add_argument(
        "--speech",
        dest="speech",
        action="store_true",
        default=None,
        help="the game speaks (the default at a terminal)",
    )
    speech.add_argument(
        "--no-speech",
        dest="speech",
        action="store_false",
        help="the game stays silent, for use with a screen reader",
    )
    return parser


def lines_from(stream: BinaryIO) -> Iterator[str]:
    """Input lines as text; bytes that are not UTF-8 become replacement characters."""
    for raw in stream:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`| head`): nothing more to say to it.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    language = args.lang or default_language()
    from halfmoon_a11y.textmode import wants_plain

    interactive = not args.json and not wants_plain(args.plain)
    speech = interactive if args.speech is None else args.speech
    settings = Settings(language=language, speech=speech and not args.json)
    code = None
    if args.code is not None:
        try:
            code = DealCode.parse(args.code)
        except BadDealCodeError as error:
            print(Presenter(Words(language)).error(error), file=sys.stderr)
            return 2
    session = Session(code, settings)
    if args.json:
        from halfmoon_a11y import jsonmode

        return jsonmode.run(session, lines_from(sys.stdin.buffer), sys.stdout)
    from halfmoon_a11y import textmode
    from halfmoon_a11y.speaking import make_speaker

    return textmode.run(session, args.plain, make_speaker)


if __name__ == "__main__":
    sys.exit(main())
