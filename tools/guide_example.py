"""The guides' example game, played afresh: each guide's section with the deal
HM1-N-EMQPNCT holds two indented blocks, the start and the moves. The commands are the
moves block's lines after `> `; everything else in both blocks is what the game answers
to them now, in `--plain`, at a clock that does not move and with files of its own.

    python3 tools/guide_example.py          # write the answers into docs/guide-*.md
    python3 tools/guide_example.py --check  # exit 1, naming the guides that differ
                                            # (tests/test_guide_example.py)

So the example the guides call real output is real output, and cannot drift from the
game again unseen.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon_a11y.core.dealcode import DealCode  # noqa: E402
from halfmoon_a11y.play.settings import Settings  # noqa: E402
from halfmoon_a11y.store.files import Paths  # noqa: E402
from halfmoon_a11y.store.keeper import Keeper  # noqa: E402
from halfmoon_a11y.store.settings_file import SettingsFile  # noqa: E402
from halfmoon_a11y.ui.frontend import TextFrontEnd  # noqa: E402

CODE = "HM1-N-EMQPNCT"
LANGUAGES = ("en", "ca", "da")
INDENT = "    "
PROMPT = "> "
# The example's section: from the heading before the command line that plays CODE, to
# the next heading of the same level or the end.
SECTION = re.compile(
    r"^## [^\n]*\n(?:(?!## )[^\n]*\n)*?[^\n]*--code " + CODE + r"(?:(?!\n## ).)*",
    re.MULTILINE | re.DOTALL,
)
BLOCK = re.compile(rf"(?:^{INDENT}[^\n]*\n)+", re.MULTILINE)


def guide(language: str) -> Path:
    return ROOT / "docs" / f"guide-{language}.md"


def played(language: str, commands: list[str]) -> tuple[list[str], list[str]]:
    """What the game writes at its start, and then each command after `> ` with its
    answer: a fresh game of CODE, no saved files, a clock that stays at 0 seconds."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        paths = Paths(home / "settings.toml", home / "game.json", home / "stats.sqlite3")
        keeper = Keeper(paths, SettingsFile.load(paths.settings))
        settings = Settings(language=language)
        session = keeper.open(DealCode.parse(CODE), settings, now=lambda: 1000.0)
        out: list[str] = []
        front = TextFrontEnd(session, out.extend, store=keeper)
        front.start()
        start, out[:] = list(out), []
        for command in commands:
            out.append(PROMPT + command)
            front.line(command)
            if front.leaving:
                break
        front.close()
        keeper.close()
    return start, out


def rewritten(text: str, language: str) -> str:
    """The guide's text with its example's two blocks as the game writes them now."""
    section = SECTION.search(text)
    if section is None:
        raise SystemExit(f"guide-{language}.md: no example section playing {CODE}")
    blocks = list(BLOCK.finditer(section.group()))
    if len(blocks) != 2:
        raise SystemExit(f"guide-{language}.md: the example has {len(blocks)} blocks, not 2")
    lines = blocks[1].group().splitlines()
    commands = [line[len(INDENT + PROMPT) :] for line in lines if line.startswith(INDENT + PROMPT)]
    start, moves = played(language, commands)
    body = section.group()
    for block, new in reversed(list(zip(blocks, (start, moves), strict=True))):
        indented = "".join(INDENT + line + "\n" for line in new)
        body = body[: block.start()] + indented + body[block.end() :]
    return text[: section.start()] + body + text[section.end() :]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say which guides differ")
    args = parser.parse_args(argv)
    differ = []
    for language in LANGUAGES:
        path = guide(language)
        text = path.read_text(encoding="utf-8")
        new = rewritten(text, language)
        if new != text:
            differ.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and differ:
        print("The example game differs from a fresh run in: " + ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
