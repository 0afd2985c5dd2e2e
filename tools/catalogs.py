"""The one catalog command (issue 27, point 6): extract the messages from the code, write
the template, update each language's catalog, in one fixed format.

    python3 tools/catalogs.py          # write locales/ anew
    python3 tools/catalogs.py --check  # exit 1, naming the files, if they are not what
                                       # this command writes (tests/test_catalogs.py)

The format is fixed so that a change of two messages changes about those lines and no
others: entries sorted by message, no source locations, no line wrapping (a message is
one line however long: a translator reads it whole, and a diff shows it whole), the
template without a header, each catalog with its own header kept. A message no longer in
the code is dropped from the catalogs (git keeps its history); a new one is added with
an empty translation, which tests/test_catalogs.py then asks for. Needs Babel (a test
dependency: `pip install -e '.[test]'`).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "halfmoon_a11y.pot"
DOMAIN = "halfmoon_a11y"
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
NO_WRAP = 0  # Babel: 0 turns line wrapping off


def template() -> Catalog:
    """Every message the code asks for, with the flags Babel gives it (python-brace-format)."""
    catalog = Catalog(project="halfmoon-a11y", fuzzy=False)
    for path, line, message, comments, context in extract_from_dir(
        ROOT / "halfmoon_a11y", keywords=KEYWORDS
    ):
        catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    return catalog


def written(catalog: Catalog, header: bool) -> str:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=NO_WRAP,
        no_location=True,
        omit_header=not header,
        sort_output=True,
        ignore_obsolete=True,
    )
    return out.getvalue().decode("utf-8")


def languages() -> list[Path]:
    return sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def made() -> dict[Path, str]:
    """What each file should hold: the template, then each catalog updated from it."""
    pot = template()
    files = {TEMPLATE: written(pot, header=False)}
    for path in languages():
        with path.open("rb") as source:
            catalog = read_po(source)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        files[path] = header_of(path.read_text(encoding="utf-8")) + written(catalog, False)
    return files


def header_of(text: str) -> str:
    """A catalog's header as its translators wrote it, kept letter for letter (Babel would
    add a creation date, and every run would change the file)."""
    at = text.find('msgid ""\nmsgstr ""\n')
    end = text.find("\n\n", at)
    if at < 0 or end < 0:
        raise SystemExit(f"a catalog without its header: {text[:80]!r}")
    return text[: end + 2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    args = parser.parse_args(argv)
    stale = []
    for path, text in made().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        names = ", ".join(str(path.relative_to(ROOT)) for path in stale)
        print(f"Not as tools/catalogs.py writes them: {names}.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
