"""The words of each language that are not sentences: what players type and what the
synthesiser needs. One entry per language; the sentences are in its `.po` catalog.

Adding a language is one `Lexicon` below plus `locales/XX/LC_MESSAGES/halfmoon_a11y.po`
(docs/translating.md). Commands, setting names and values answer to the words of
every language at any time, so a player who switches language keeps their habits.

>>> fold("DESFÉS"), fold("Col·locar"), fold("col.locar"), fold("Vælg"), fold("trækfejl")
('desfes', 'collocar', 'collocar', 'vaelg', 'traekfejl')
>>> lexicon("da").command_names["undo"]
('fortryd',)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from halfmoon_a11y.core.values import field, record

SOURCE = "en"  # the source language: canonical names are English


@record(eq=False)
class Lexicon:
    """One language's words. Each tuple of names starts with the one help and usage show."""

    code: str  # "ca": the catalog's folder name and the value of the language setting
    name: str  # the language's own name, for "Language: català."
    voices: tuple[str, ...]  # synthesiser voice languages, best first
    command_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    setting_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    value_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "on", "full"…
    short_forms: Mapping[str, str] = field(default_factory=dict)  # command -> one or two letters
    joiners: tuple[str, ...] = ()  # words that join places: "1 and 8"
    topics: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # help topics: "rules"
    # a pile's number at an end of a run of piles, when the language puts an article
    # before it: Catalan "piles de l'1 a la 9" (pila is feminine; l' before 1 and 11)
    pile_numbers: Mapping[int, str] = field(default_factory=dict)
    # how this language names each language, by its code, the name help says first: a
    # player types `lang Danish`, `idioma danès` or `sprog dansk`; a language
    # left out is named by its own name ("Esperanto")
    language_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def command(self, name: str) -> str | None:
        names = self.command_names.get(name)
        return names[0] if names else None

    def setting(self, key: str) -> str | None:
        names = self.setting_names.get(key)
        return names[0] if names else None

    def short(self, name: str) -> str | None:
        return self.short_forms.get(name)

    def value(self, word: str) -> str | None:
        words = self.value_words.get(word)
        return words[0] if words else None

    def language_name(self, code: str) -> str:
        """A language's name as this language says it: "danès", "Danish", "dansk"."""
        names = self.language_names.get(code)
        return names[0] if names else lexicon(code).name


ENGLISH = Lexicon(
    code="en",
    name="English",
    voices=("en-gb", "en-us", "en"),
    command_names={
        "pick": ("pick",),
        "undo": ("undo",),
        "redo": ("redo",),
        "new": ("new",),
        "board": ("board",),
        "pile": ("pile",),
        "reserve": ("reserve",),
        "info": ("info",),
        "code": ("code",),
        "selection": ("selection", "selected"),
        "repeat": ("repeat",),
        "help": ("help",),
        "lang": ("lang",),
        "set": ("set",),
        "speech": ("speech",),
        "stats": ("stats",),
        "quit": ("quit", "exit"),
        "tops": ("tops",),
        "hidden": ("hidden",),
        "moves": ("moves", "history"),
    },
    setting_names={
        "lang": ("lang",),
        "move-errors": ("move-errors",),
        "placement-help": ("placement-help",),
        "cards": ("cards",),
        "speech": ("speech",),
        "rate": ("rate",),
        "sounds": ("sounds",),
        "answers": ("answers",),
        "heights": ("heights",),
    },
    value_words={
        "on": ("on", "yes", "1"),
        "off": ("off", "no", "0"),
        "full": ("full",),
        "short": ("short",),
        "letters": ("letters",),
        "auto": ("auto", "automatic"),
    },
    short_forms={
        "pick": "p",
        "undo": "u",
        "redo": "rd",
        "new": "n",
        "board": "b",
        "pile": "pl",
        "reserve": "rs",
        "info": "i",
        "code": "c",
        "selection": "s",
        "repeat": "rp",
        "help": "h",
        "lang": "l",
        "set": "st",
        "speech": "sp",
        "stats": "ss",
        "quit": "q",
        "tops": "t",
        "hidden": "hd",
        "moves": "mv",
    },
    joiners=("and",),
    language_names={"ca": ("Catalan",), "da": ("Danish",), "en": ("English",)},
    topics={
        "rules": ("rules",),
        "keys": ("keys",),
        "table": ("table", "arc"),
        "screen-reader": ("screen-reader", "reader", "braille"),
    },
)

CATALAN = Lexicon(
    code="ca",
    name="català",
    voices=("ca",),
    command_names={
        "pick": ("tria", "toca", "triar", "tocar"),
        "undo": ("desfés", "desfer"),
        "redo": ("refés", "refer"),
        "new": ("nova",),
        "board": ("taula",),
        "pile": ("pila",),
        "reserve": ("reserva",),
        "info": ("info", "informació"),
        "code": ("codi",),
        "selection": ("selecció", "seleccionada", "seleccionades"),
        "repeat": ("repeteix", "repetir"),
        "help": ("ajuda",),
        "lang": ("idioma",),
        "set": ("ajusta", "ajustar"),
        "speech": ("veu",),
        "stats": ("estadístiques",),
        "quit": ("surt", "sortir"),
        "tops": ("jugables", "sobre"),
        "hidden": ("amagades", "amagats"),
        "moves": ("jugades", "historial"),
    },
    setting_names={
        "lang": ("idioma",),
        "move-errors": ("errors-de-moviment", "errors"),
        "placement-help": ("ajuda-per-col·locar", "ajuda-per-collocar", "col·locar", "collocar"),
        "cards": ("cartes", "noms"),
        "speech": ("veu",),
        "rate": ("velocitat",),
        "sounds": ("sons",),
        "answers": ("respostes",),
        "heights": ("altures", "alçades"),
    },
    value_words={
        "on": ("sí", "activat", "activada", "activats", "activades"),
        "off": ("no", "desactivat", "desactivada", "desactivats", "desactivades"),
        "full": ("completes", "complets"),
        "short": ("curtes", "curts"),
        "letters": ("lletres",),
        "auto": ("auto", "automàtica", "automàtic"),
    },
    short_forms={
        "pick": "t",
        "undo": "d",
        "redo": "rf",
        "new": "n",
        "board": "ta",
        "pile": "p",
        "reserve": "rs",
        "info": "i",
        "code": "c",
        "selection": "s",
        "repeat": "rp",
        "help": "a",
        "lang": "id",
        "set": "aj",
        "speech": "v",
        "stats": "e",
        "quit": "sr",
        "tops": "j",
        "hidden": "am",
        "moves": "ju",
    },
    joiners=("i",),
    language_names={
        "ca": ("català", "catalana"),
        "da": ("danès", "danesa"),
        "en": ("anglès", "anglesa"),
    },
    topics={
        "rules": ("regles",),
        "keys": ("tecles",),
        "table": ("arc", "disposició"),
        "screen-reader": ("lector-de-pantalla", "lector", "braille"),
    },
    pile_numbers={n: f"l'{n}" if n in (1, 11) else f"la {n}" for n in range(1, 13)},
)

DANISH = Lexicon(
    code="da",
    name="dansk",
    voices=("da",),
    command_names={
        "pick": ("vælg", "tryk"),
        "undo": ("fortryd",),
        "redo": ("omgør",),
        "new": ("nyt",),
        "board": ("bord",),
        "pile": ("bunke",),
        "reserve": ("reserve",),
        "info": ("info",),
        "code": ("kode",),
        "selection": ("valgt", "valgte"),
        "repeat": ("gentag",),
        "help": ("hjælp",),
        "lang": ("sprog",),
        "set": ("indstil",),
        "speech": ("tale",),
        "stats": ("statistik",),
        "quit": ("afslut",),
        "tops": ("øverste", "spilbare"),
        "hidden": ("skjulte",),
        "moves": ("træk", "historik"),
    },
    setting_names={
        "lang": ("sprog",),
        "move-errors": ("trækfejl",),
        "placement-help": ("placeringshjælp",),
        "cards": ("kort", "kortnavne"),
        "speech": ("tale",),
        "rate": ("hastighed",),
        "sounds": ("lyde",),
        "answers": ("svar",),
        "heights": ("højder",),
    },
    value_words={
        "on": ("til", "ja"),
        "off": ("fra", "nej"),
        "full": ("fulde", "hele", "lange"),
        "short": ("korte",),
        "letters": ("bogstaver",),
        "auto": ("auto", "automatisk"),
    },
    short_forms={
        "pick": "v",
        "undo": "f",
        "redo": "om",
        "new": "n",
        "board": "b",
        "pile": "bu",
        "reserve": "rs",
        "info": "i",
        "code": "k",
        "selection": "va",
        "repeat": "g",
        "help": "h",
        "lang": "sp",
        "set": "in",
        "speech": "t",
        "stats": "st",
        "quit": "af",
        "tops": "ø",
        "hidden": "sk",
        "moves": "tr",
    },
    joiners=("og",),
    language_names={"ca": ("catalansk",), "da": ("dansk",), "en": ("engelsk",)},
    topics={
        "rules": ("regler",),
        "keys": ("taster",),
        "table": ("bue", "opstilling"),
        "screen-reader": ("skærmlæser", "læser", "punktskrift"),
    },
)

# Every language the game speaks, in the order lists of them are said.
LEXICONS: dict[str, Lexicon] = {lex.code: lex for lex in (CATALAN, DANISH, ENGLISH)}


def languages() -> tuple[str, ...]:
    return tuple(LEXICONS)


def lexicon(code: str) -> Lexicon:
    return LEXICONS.get(code, ENGLISH)


_SPELLED_OUT = str.maketrans({"æ": "ae", "ø": "oe", "·": "", ".": ""})


@lru_cache(maxsize=4096)  # a player types the same few words again and again
def fold(word: str) -> str:
    """The form words are compared in: no case, no accents, æ and ø as ae and oe (as on a
    keyboard without them), and col·locar as collocar, however its dot is typed."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped).translate(_SPELLED_OUT)


def every_name(canonical: str, pick: Iterable[Mapping[str, tuple[str, ...]]]) -> tuple[str, ...]:
    """The canonical name, then each language's first name, then their other names."""
    tables = list(pick)
    first = [names[0] for table in tables if (names := table.get(canonical))]
    rest = [name for table in tables for name in table.get(canonical, ())[1:]]
    return tuple(dict.fromkeys([canonical, *first, *rest]))


def command_aliases(name: str) -> tuple[str, ...]:
    """Every name a command answers to, its English name first."""
    return every_name(name, (lex.command_names for lex in LEXICONS.values()))


def setting_aliases(key: str) -> tuple[str, ...]:
    """Every name a setting answers to, its English name first."""
    return every_name(key, (lex.setting_names for lex in LEXICONS.values()))


def language_code(text: str) -> str | None:
    """The language a player named, by its code or by its name in any language."""
    word = fold(text)
    for code, lex in LEXICONS.items():
        names = [
            code,
            lex.name,
            *(name for other in LEXICONS.values() for name in other.language_names.get(code, ())),
        ]
        if word in {fold(name) for name in names}:
            return code
    return None


def value_aliases(word: str) -> tuple[str, ...]:
    """Every word that means one value ("on", "full"…), in every language."""
    return every_name(word, (lex.value_words for lex in LEXICONS.values()))
