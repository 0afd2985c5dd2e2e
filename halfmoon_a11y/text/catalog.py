"""Gettext catalogs from the `.po` files in `locales/`, read at run time.

The `.po` files are the single source: they are read with polib and turned into
gettext translations in memory, so the same files serve an editable install
(the repository's top-level `locales/`) and a wheel (`halfmoon_a11y/locales/`).
"""

from __future__ import annotations

import os
from functools import cache

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.lexicon import SOURCE, languages

if TYPE_CHECKING:
    import gettext

DOMAIN = "halfmoon_a11y"
_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
LOCALE_DIRS = (
    os.path.join(_PACKAGE, "locales"),
    os.path.join(os.path.dirname(_PACKAGE), "locales"),
)


def po_path(language: str) -> str | None:
    for folder in LOCALE_DIRS:
        path = os.path.join(folder, language, "LC_MESSAGES", f"{DOMAIN}.po")
        if os.path.isfile(path):
            return path
    return None


class Source:
    """The source language's words, as they are: what gettext's NullTranslations does,
    without loading gettext (half a millisecond of every English start)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


@cache
def translations(language: str) -> gettext.NullTranslations | Source:
    """The catalog for a language; English (the source language) needs none."""
    path = po_path(language)
    if language == SOURCE or path is None:
        return Source()
    from halfmoon_a11y.text import po  # polib: only a start in another language pays

    return po.read(path)


def default_language(environ: dict[str, str] | None = None) -> str:
    """The first language the environment asks for, when the game speaks it; else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code:
                return code if code in languages() else SOURCE
    import locale  # only when the environment names no language: 1 ms of a start

    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in languages() else SOURCE
