"""What Tab completes: the words of the player's language only, from the command table,
the lexicon and the settings' declarations.

Pure: the prompt_toolkit front end wraps `complete`; tests call it directly.
"""

from __future__ import annotations

from halfmoon_a11y.core.places import ALL_LOCATIONS
from halfmoon_a11y.play.commands import COMMANDS, TOPICS, find, settings_of_set
from halfmoon_a11y.play.errors import UnknownCommandError
from halfmoon_a11y.play.lexicon import ENGLISH, SOURCE, fold, lexicon
from halfmoon_a11y.play.settings import SETTINGS, Language, SettingSpec, find_setting

PLACES = [str(location) for location in ALL_LOCATIONS]


def command_names(language: str) -> list[str]:
    """Each command's names in the player's language, in the order help lists them."""
    names = lexicon(language).command_names
    return [name for spec in COMMANDS for name in names.get(spec.name, (spec.name,))]


def value_words(spec: SettingSpec, language: str) -> list[str]:
    """A setting's values as the player's language types them."""
    words = lexicon(language)
    if isinstance(spec.kind, Language):  # by name, as help offers them, then the codes
        codes = spec.kind.words()
        return [*(words.language_name(code) for code in codes), *codes]
    return [words.value(word) or ENGLISH.value(word) or word for word in spec.kind.words()]


def argument_words(name: str, before: list[str], language: str) -> list[str]:
    """The words that can come next after a command (by its English name) and the
    arguments typed before the one being completed."""
    spec = find(name, language)
    if spec.setting is not None:
        return value_words(SETTINGS[spec.setting], language) if not before else []
    match name:
        case "pick":
            return PLACES
        case "pile":
            return PLACES if not before else []
        case "set":
            if not before:
                words = lexicon(language)
                return [words.setting(key) or key for key in settings_of_set()]
            setting = find_setting(" ".join(before))
            return value_words(setting, language) if setting is not None else []
        case "help":
            topics = [lexicon(language).topics.get(t, (t,))[0] for t in TOPICS]
            return [*command_names(language), *topics] if not before else []
    return []


def complete(text: str, language: str = SOURCE) -> tuple[list[str], str]:
    """The words that can replace the word being typed, and that word."""
    words = text.split()
    current = "" if text.endswith(" ") or not words else words[-1]
    before = words[1:-1] if current else words[1:]
    if len(words) == 0 or (len(words) == 1 and current):
        candidates = command_names(language)
    else:
        try:
            candidates = argument_words(find(words[0], language).name, before, language)
        except UnknownCommandError:
            return [], current
    folded = fold(current)  # "angles" finds anglès, "vael" vælg
    found = [word for word in candidates if fold(word).startswith(folded)]
    return list(dict.fromkeys(found)), current
