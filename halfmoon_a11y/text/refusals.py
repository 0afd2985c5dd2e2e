"""Refusals in words: what was wrong with a typed line,
and what would be accepted, in one line; a refused word is read back made safe."""

from __future__ import annotations

import unicodedata

from halfmoon_a11y.core import errors
from halfmoon_a11y.core.errors import CodeProblem, HalfMoonError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play import errors as command_errors
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.messages import N_
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.text.help import Helper
from halfmoon_a11y.text.words import Words

CODE_PROBLEMS = {
    CodeProblem.EMPTY: N_("The code is empty."),
    CodeProblem.MISSING_DASH: N_("A code has three parts, with spaces or dashes between them."),
    CodeProblem.WRONG_VERSION: N_("A code starts with HM1."),
    CodeProblem.WRONG_KIND: N_("The middle part must be N."),
    CodeProblem.WRONG_LENGTH: N_("The last part must have seven letters."),
    CodeProblem.BAD_CHARACTER: N_("The last part may hold only the letters A to Z."),
}
MAX_ECHO = 24  # characters of a refused word repeated back to the player
# What a command typed without what it needs asks for, by its name (never "Missing
# argument", which is jargon); a command not named here says that something is missing.
SAY_WHAT_IS_MISSING = {
    "pick": N_("Say which places. Type {how}."),
    "pile": N_("Say which place. Type {how}."),
    "set": N_("Say which setting and its value. Type {how}."),
}
SOMETHING_MISSING = N_("Something is missing. Type {how}.")


def echo(text: str, limit: int = MAX_ECHO) -> str:
    """A refused word, made safe and short to read back: no control characters, so no
    escape sequence reaches the terminal."""
    printable = "".join(ch if ch.isprintable() else "?" for ch in text)
    return printable if len(printable) <= limit else printable[:limit] + "…"


def _punctuation(word: str) -> bool:
    """A word of punctuation only, such as "." or ",;" (not a word of unknown bytes)."""
    return bool(word) and all(unicodedata.category(ch).startswith("P") for ch in word)


def said(words: Words, helper: Helper, error: HalfMoonError) -> str:
    """A refusal, in one line: what was wrong and what would be accepted."""
    w = words
    match error:
        case command_errors.UnknownCommandError(word=word) if _punctuation(word):
            # ".": said in words, never read back as "Unknown command: .."
            return w._("Only punctuation was typed. Type {help} for the commands.").format(
                help=helper.local_name("help")
            )
        case command_errors.UnknownTopicError(word=word, suggestion=suggestion):
            line = w._("No help on {word}. The topics are {topics}. Type {help} for the commands.")
            line = line.format(
                word=echo(word), topics=w.join(helper.topics()), help=helper.local_name("help")
            )
            if suggestion:
                line += " " + w._("Did you mean {suggestion}?").format(suggestion=suggestion)
            return line
        case command_errors.UnknownCommandError(word=word, suggestion=suggestion):
            if suggestion:
                return w._("Unknown command, {word}. Did you mean {suggestion}?").format(
                    word=echo(word), suggestion=suggestion
                )
            return w._("Unknown command, {word}. Type {help} for the commands.").format(
                word=echo(word), help=helper.local_name("help")
            )
        case errors.BadLocationError(text=text, command=command):
            line = w._("No such place, {text}. Piles are 1 to 12, reserve R1 to R8.")
            line = line.format(text=echo(text))
            if command == "pick":
                line += " " + w._("Nothing was tapped.")
            return line
        case command_errors.LineTooLongError(limit=limit):
            return w._(
                "Too long. A command has at most {limit} characters. Nothing was done."
            ).format(limit=limit)
        case command_errors.PlaceLeftOverError(pair=(first, second), extra=extra):
            return w._(
                "One place too many, {extra}, since {first} and {second} make a pair. "
                "Nothing was tapped."
            ).format(extra=w.place(extra), first=w.place(first), second=w.place(second))
        case command_errors.RepeatedPlaceError(text=text):
            place = w.place(Location.parse(text))
            return w._("Named twice, {place}. Nothing was tapped.").format(place=place)
        case errors.BadDealCodeError(text=text, problem=problem):
            return w._("Bad deal code, {text}. {problem} A code looks like HM1-N-ABCDEFG.").format(
                text=echo(text), problem=w._(CODE_PROBLEMS[problem])
            )
        case errors.NothingToUndoError():
            return w._("Nothing to undo.")
        case errors.NothingToRedoError():
            return w._(
                "Nothing to redo. Only moves taken back since your last move can be made again."
            )
        case command_errors.StatisticsUnavailableError(path=str(path)):
            return w._("Statistics could not be read from {path}. The game goes on.").format(
                path=path
            )
        case command_errors.StatisticsUnavailableError():
            return w._("Statistics are not available.")
        case command_errors.MissingArgumentError(setting=str(key)):
            return w._("Missing value. The setting {setting} takes {values}.").format(
                setting=lexicon(w.language).setting(key) or key,
                values=helper.values(SETTINGS[key]),
            )
        case command_errors.MissingArgumentError(command=name):
            text = SAY_WHAT_IS_MISSING.get(name, SOMETHING_MISSING)
            return w._(text).format(how=helper.how(name))
        case command_errors.TooManyArgumentsError(command=name):
            return w._("Too many words. Type {how}.").format(how=helper.how(name))
        case command_errors.BadArgumentError(text=text, setting=str(key)):
            spec = SETTINGS[key]
            name = lexicon(w.language).setting(key) or key
            return w._("Not understood, {text}. The setting {setting} takes {values}.").format(
                text=echo(text), setting=name, values=helper.values(spec)
            )
        case command_errors.BadArgumentError(command="set", text=text):
            names = [lexicon(w.language).setting(key) or key for key in SETTINGS]
            return w._("Not understood, {text}. The settings are {settings}.").format(
                text=echo(text), settings=w.join(names)
            )
        case command_errors.BadArgumentError(command=name, text=text):
            return w._("Not understood, {text}. Type {how}.").format(
                text=echo(text), how=helper.how(name)
            )
    return w._("Not understood.")
