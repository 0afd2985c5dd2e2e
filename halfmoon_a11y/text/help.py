"""Help, usage lines and the words for setting values, from the command table and the
settings' declarations: nothing here lists a command or a setting by hand."""

from __future__ import annotations

from halfmoon_a11y.core.checking import (
    TYPE_CHECKING,  # typing is not loaded at start
    assert_never,
)
from halfmoon_a11y.play.commands import (
    ALONE,
    COMMANDS,
    KEYS,
    OTHERS,
    READER_TOPIC,
    RULES,
    TABLE,
    TOPICS,
    find,
    settings_of_set,
)
from halfmoon_a11y.play.keymap import KEYMAP
from halfmoon_a11y.play.lexicon import ENGLISH, languages, lexicon
from halfmoon_a11y.play.messages import N_, BySurface, Surface
from halfmoon_a11y.play.settings import SETTINGS, Choice, Language, Number, SettingSpec, Switch
from halfmoon_a11y.text.words import Words

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

RULES_TEXT = (
    N_(
        "The rules of Half Moon. Two decks are shuffled, 104 cards. Twelve piles of 8 cards, "
        "1 to 12, and a reserve of 8 cards, R1 to R8."
    ),
    N_("You can play the top card of each pile and every card left in the reserve."),
    N_(
        "Pair, two number cards that add up to 11. Ace and ten, two and nine, three and "
        "eight, four and seven, five and six. The ace counts 1. Suits do not matter."
    ),
    N_("Trio, a jack, a queen and a king, of any suits. Face cards never make a pair."),
    N_(
        "Removed cards leave the game. An emptied pile or reserve slot stays empty. "
        "A pair scores 10 and a trio 15."
    ),
    N_("Victory. All 104 cards are removed, in 48 moves, for 520 points."),
    N_(
        "Blocked. No pair and no trio can be played. Then undo a move, or start a new game. "
        "The game never says whether a deal can be won."
    ),
)


TABLE_TEXT = (
    N_(
        "The table. The piles form an arc open downwards. Piles 1 to 3 are on the left, "
        "4 to 10 along the top, 11 and 12 on the right under the corner."
    ),
    N_("The reserve is in the middle of the arc, in two rows of four, R1 to R4 above R5 to R8."),
    BySurface(
        N_("The arrow keys follow the arc, piles 1 to 12, then R1 to R8."),
        N_("The places follow the arc, piles 1 to 12, then R1 to R8."),
    ),
)


# `help screen reader` and `help keys` in a page: the terminal's pages speak of its keys,
# Orca's punctuation, the caret and starting from a shell, none of which a page has.
PAGE_KEYS = N_(
    "Keys. Type the commands in the field, and press Enter. Enter on an empty field says "
    "the last answer again. Escape silences the sounds and the browser's voice."
)
PAGE_SCREEN_READER_TEXT = (
    N_(
        "For screen readers and braille. The page announces each answer once. The list What "
        "was said keeps every answer, newest last, to read with your screen reader's keys."
    ),
    PAGE_KEYS,
    N_("Speech. Your screen reader speaks. Type {set} {speech} {on} to hear the browser's voice."),
    N_(
        "Settings for the ear. The setting {sounds} plays a short sound with each answer. "
        "With {answers} {short}, the score is left out after each move. With {heights} {on}, "
        "{tops} says each pile's height."
    ),
    N_(  # the terminal's own paragraph, the same in a page
        "Memory aids. Type {hidden} to count the hidden cards of each value, {moves} to "
        "hear the moves of this game, and {repeat} 2 to hear the answer before the last."
    ),
)

SCREEN_READER = N_(
    "With a screen reader, move with Comma and Full stop. On Left and Right arrows, "
    "a screen reader reads one character, not the place."
)


# `help screen-reader`: one page for screen-reader and braille users. Command,
# setting and value words are filled in the player's language (`Helper.screen_reader`).
SCREEN_READER_TEXT = (
    N_(
        "For screen readers and braille. The game writes each answer once, in plain lines. "
        "With {speech} {auto}, its own voice stays silent while a screen reader runs."
    ),
    N_(
        "Keys. Under Orca, NVDA, JAWS and VoiceOver, move over the table with Comma and "
        "Full stop, tap with Space, and let go with Escape. The arrow keys may read a "
        "character instead of the place."
    ),
    N_(
        "Orca. The game writes commas and full stops, not colons or dashes, so Orca's "
        "default punctuation level reads it without naming symbols. To hear fewer symbols "
        "elsewhere, set the level to some or none in Orca's preferences."
    ),
    N_(
        "Braille. The display follows the caret, on the prompt line. Each answer is on "
        "the line just above it. For short card names, type {set} {cards} {letters}."
    ),
    N_(
        "Start the game from a shell in a terminal, typing halfmoon-a11y. Started from a "
        "launcher, the opening may not be read. Then press Enter on the empty line, or "
        "type {repeat}, to hear it."
    ),
    N_(
        "Settings for the ear. The setting {speech} chooses the voice. The setting {sounds} "
        "plays a short sound with the first word of each answer. With {answers} {short}, "
        "the score is left out after each move. The setting {rate} is the speed of the "
        "game's own voice. With {heights} {on}, {tops} says each pile's height."
    ),
    N_(
        "Memory aids. Type {hidden} to count the hidden cards of each value, {moves} to "
        "hear the moves of this game, and {repeat} 2 to hear the answer before the last."
    ),
)


KEYS_WHERE = N_(
    "The arrow keys, Full stop, Comma, Space and Escape work at the interactive prompt, "
    "not in plain mode."
)


class Helper:
    """Help and usage in the language of `words`."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def overview(self) -> list[str]:
        """`help` alone, short: the commands by name in the player's language, grouped by
        what they do, then how to hear more. What each does is `help` and the command."""
        w = self.words
        groups: dict[str, list[str]] = {}
        for spec in COMMANDS:
            groups.setdefault(spec.group or OTHERS, []).append(self.local_name(spec.name))
        closing = w._("Type {help} and a command to hear more, or {help} {rules} for the rules.")
        help_word, rules = self.local_name("help"), self.rules_word()
        topics = w._("{help} {keys}, the keys. {help} {table}, the shape of the table.")
        reader = w._("For screen readers and braille, type {help} {reader}.")
        return [
            w._("Commands."),
            *(w._(group).format(names=", ".join(names)) for group, names in groups.items()),
            closing.format(help=help_word, rules=rules),
            topics.format(help=help_word, keys=self.topic_word(KEYS), table=self.topic_word(TABLE)),
            reader.format(help=help_word, reader=self.topic_word(READER_TOPIC)),
        ]

    def topics(self) -> list[str]:
        """Every help topic's word in the player's language: "rules", "keys"..."""
        return [self.topic_word(topic) for topic in TOPICS]

    def screen_reader(self) -> list[str]:
        """`help screen-reader`: keys, Orca's punctuation, braille, starting, settings."""
        lex = lexicon(self.words.language)
        fields = {
            name: self.local_name(name) for name in ("set", "repeat", "tops", "hidden", "moves")
        }
        fields |= {
            key: lex.setting(key) or key
            for key in ("speech", "sounds", "answers", "cards", "rate", "heights")
        }
        fields |= {word: self.value_word(word) for word in ("auto", "on", "short", "letters")}
        on_page = self.words.surface == Surface.PAGE
        paragraphs = PAGE_SCREEN_READER_TEXT if on_page else SCREEN_READER_TEXT
        return [self.words._(paragraph).format(**fields) for paragraph in paragraphs]

    def topic(self, name: str) -> list[str]:
        """One command: what it does, how it is typed, and its other names in this language."""
        w = self.words
        lines = [self.line(name)]
        if find(name).how != ALONE:  # a command typed alone needs no telling
            lines.append(w._("Type {how}.").format(how=self.how(name)))
        names = lexicon(w.language).command_names.get(name, ())[1:]
        if names:
            lines.append(w._("Also {names}.").format(names=w.either(list(names))))
        return lines

    def line(self, name: str) -> str:
        """ "pick or p: Tap cards, piles 1 to 12, reserve R1 to R8." """
        w = self.words
        spec = find(name)
        summary = w._(spec.summary)
        if "{settings}" in summary:
            summary = summary.format(settings=self.settings_listing())
        local = self.local_name(name)
        short = lexicon(w.language).short(name)
        names = w.either([local, short]) if short else local
        return w._("{command}. {summary}").format(command=names, summary=summary)

    def how(self, name: str) -> str:
        """How a command is typed, for the ear: "pick, then one to three places, …"."""
        w = self.words
        spec = find(name)
        fields: dict[str, str] = {"name": self.local_name(name)}
        if spec.setting is not None:
            setting = SETTINGS[spec.setting]
            words = setting.kind.words()
            fields["values"] = self.values(setting)
            fields["example"] = self.value_word(words[0]) if words else ""
            if isinstance(setting.kind, Language):
                fields["example"] = lexicon(w.language).language_name(words[0])
        fields["example"] = fields.get("example") or self.local_name("pick")
        fields["rules"] = self.rules_word()
        fields["setting"] = lexicon(w.language).setting("move-errors") or "move-errors"
        fields["value"] = self.value_word("on")
        return w._(spec.how).format(**fields)

    def rules_word(self) -> str:
        return self.topic_word(RULES)

    def topic_word(self, topic: str) -> str:
        """A help topic's word in the player's language: "regles", "taster". A topic of
        several words is said with spaces ("screen reader"), as it may be typed."""
        names = lexicon(self.words.language).topics.get(topic) or (topic,)
        return names[0].replace("-", " ")

    def keys(self) -> list[str]:
        """The prompt's keys (play.keymap), in the player's language; a page's own."""
        w = self.words
        if w.surface == Surface.PAGE:
            return [w._(PAGE_KEYS)]
        line = w._("{key}, {does}")
        on_empty = [s for s in KEYMAP if s.empty_line]
        always = [s for s in KEYMAP if not s.empty_line]
        return [
            w._("Keys, with nothing typed."),
            w._(SCREEN_READER),  # first: a screen reader's player needs it before the list
            *(line.format(key=w._(s.name), does=w._(s.does)) for s in on_empty),
            w._("At any time."),
            *(line.format(key=w._(s.name), does=w._(s.does)) for s in always),
            w._(
                "On a line being typed, the keys edit the line. Up and Down bring back "
                "earlier commands. Tab completes a word."
            ),
            w._(KEYS_WHERE),
        ]

    def table(self) -> list[str]:
        """The shape of the table, once, in words."""
        return [self.words._(paragraph) for paragraph in TABLE_TEXT]

    def rules(self) -> list[str]:
        """The rules of Half Moon, in a few short paragraphs."""
        return [self.words._(paragraph) for paragraph in RULES_TEXT]

    def usage_of(self, name: str, value: str) -> str:
        """A whole command as the player would type it: "speech off", "veu no"."""
        return f"{self.local_name(name)} {self.value_word(value)}"

    def local_name(self, name: str) -> str:
        return find(name).local_name(self.words.language)

    def settings_listing(self) -> str:
        """Each setting `set` takes, with its values: "move-errors on or off, …"."""
        parts = []
        for key in settings_of_set():
            spec = SETTINGS[key]
            name = lexicon(self.words.language).setting(key) or key
            parts.append(f"{name} {self.values(spec)}")
        return ", ".join(parts)

    def glance(self, values: Sequence[tuple[str, object]]) -> str:
        """`set` alone, every setting with its value in one sentence, as a player types
        them (the name with spaces, which a screen reader does not name): "Settings. lang
        English, move errors off, …". Then where to hear how to change one."""
        lex = lexicon(self.words.language)
        said = [
            f"{(lex.setting(key) or key).replace('-', ' ')} {self.value_said(SETTINGS[key], value)}"
            for key, value in values
        ]
        text = self.words._("Settings. {settings}. To hear how to change one, type {help} {set}.")
        return text.format(
            settings=", ".join(said), help=self.local_name("help"), set=self.local_name("set")
        )

    def value_said(self, spec: SettingSpec, value: object) -> str:
        """A setting's value as the player would type it: "on", "English", "175"."""
        match spec.kind:
            case Switch():
                return self.value_word("on" if value else "off")
            case Language():
                return lexicon(self.words.language).language_name(str(value))
            case Choice():
                return self.value_word(str(value))
            case Number():
                return str(value)
            case _:
                return assert_never(spec.kind)

    def values(self, spec: SettingSpec) -> str:
        """The values a setting takes, as a player would type them: "on or off"."""
        w, kind = self.words, spec.kind
        match kind:
            case Number(low=low, high=high):
                return w._("{low} to {high}").format(low=low, high=high)
            case Language():  # by name: by ear, "ca, da o en" are three little words
                said = lexicon(w.language)
                return w.either([said.language_name(code) for code in languages()])
            case Switch() | Choice():
                return w.either([self.value_word(word) for word in kind.words()])
            case _:
                return assert_never(kind)

    def value_word(self, word: str) -> str:
        """A canonical value word ("on", "full") as the player's language types it."""
        return lexicon(self.words.language).value(word) or ENGLISH.value(word) or word

    def announcement(self, spec: SettingSpec, value: Any) -> str:
        """ "Move errors, on." in the player's language."""
        w = self.words
        if not isinstance(spec.announce, str):
            return w._(spec.announce[value])
        match spec.kind:
            case Switch():
                said = w._("on") if value else w._("off")
            case Language():
                said = lexicon(str(value)).name
            case Choice():
                said = self.value_word(str(value))
            case Number():
                said = str(value)
            case _:
                assert_never(spec.kind)
        return w._(spec.announce).format(value=said)
