"""A language's catalog, read from its `.po` file with polib and turned into gettext
translations in memory. Imported only for a language other than English (text/catalog.py):
polib brings textwrap and datetime, and a start in English pays for none of it."""

from __future__ import annotations

import gettext
import io

import polib


def read(path: str) -> gettext.GNUTranslations:
    """The translations of one `.po` file."""
    return gettext.GNUTranslations(io.BytesIO(polib.pofile(path).to_binary()))
