"""Gettext catalogs from the `.po` files in `locales/`, read at run time.

The `.po` files are the single source: they are read with polib and turned into
gettext translations in memory, so the same files serve an editable install
(the repository's top-level `locales/`) and a wheel (`halfmoon_a11y/locales/`).
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from functools import cache
from pathlib import Path

from halfmoon_a11y.play.lexicon import SOURCE, languages

DOMAIN = "halfmoon_a11y"
_PACKAGE = Path(__file__).resolve().parent.parent
LOCALE_DIRS = (_PACKAGE / "locales", _PACKAGE.parent / "locales")


def po_path(language: str) -> Path | None:
    for folder in LOCALE_DIRS:
        path = folder / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            return path
    return None


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog for a language; English (the source language) needs none."""
    path = po_path(language)
    if language == SOURCE or path is None:
        return gettext.NullTranslations()
    import polib  # with textwrap and datetime: only a start in another language pays

    catalog = polib.pofile(str(path))
    return gettext.GNUTranslations(io.BytesIO(catalog.to_binary()))


def default_language(environ: dict[str, str] | None = None) -> str:
    """The first language the environment asks for, when the game speaks it; else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code:
                return code if code in languages() else SOURCE
    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in languages() else SOURCE
