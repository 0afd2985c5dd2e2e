"""What Tab completes, from the command table and the settings' declarations.

Pure: the prompt_toolkit front end wraps `complete`; tests call it directly.
"""

from __future__ import annotations

from halfmoon_a11y.core.places import ALL_LOCATIONS, ALL_PILES
from halfmoon_a11y.play.commands import COMMANDS, command_words, find, settings_of_set
from halfmoon_a11y.play.errors import UnknownCommandError
from halfmoon_a11y.play.settings import SETTINGS


def argument_words(name: str) -> list[str]:
    """The words that can follow a command, by its English name."""
    spec = find(name)
    if spec.setting is not None:
        return list(SETTINGS[spec.setting].kind.words())
    match name:
        case "pick":
            return [str(location) for location in ALL_LOCATIONS]
        case "pile":
            return [str(location) for location in ALL_PILES]
        case "set":
            return settings_of_set()
        case "help":
            return [command.name for command in COMMANDS]
    return []


def complete(text: str) -> tuple[list[str], str]:
    """The words that can replace the word being typed, and that word."""
    words = text.split()
    current = "" if text.endswith(" ") or not words else words[-1]
    if len(words) == 0 or (len(words) == 1 and current):
        candidates = command_words()
    else:
        try:
            candidates = argument_words(find(words[0]).name)
        except UnknownCommandError:
            return [], current
    return [word for word in candidates if word.lower().startswith(current.lower())], current
