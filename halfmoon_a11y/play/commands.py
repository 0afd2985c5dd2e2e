"""The command language every front end shares: text is parsed into command objects
first, by the one table of commands, declared here.

Each entry says a command once: its English name (its names in each language are in
`play.lexicon`), how it is typed and its summary (for help), how its arguments are read
(`play.arguments`), the value it makes (`play.command_values`) and what it does
(`play.handlers`). Help, completion, the parser, `play.dispatch` and the JSON mode all
read this table. The values and the argument words other modules name are exported here
too, so that the command language is one import.

>>> parse("PICK 1 r8")
Pick(locations=(Location.parse('1'), Location.parse('R8')))
>>> parse("desfés")
Undo()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import handlers
from halfmoon_a11y.play.answers import Answer
from halfmoon_a11y.play.arguments import (
    KEYS,
    READER_TOPIC,
    REPEAT_DEPTH,
    RULES,
    TABLE,
    TOPICS,
    build_moves,
    build_new,
    build_pick,
    build_pile,
    build_repeat,
    build_set,
    build_setting,
    count,
    no_args,
    topic,
)
from halfmoon_a11y.play.command_values import (
    Blank,
    Board,
    Change,
    Command,
    DropSelection,
    Help,
    Info,
    New,
    Pick,
    Quit,
    Redo,
    Repeat,
    ShowCode,
    ShowHidden,
    ShowMoves,
    ShowPile,
    ShowReserve,
    ShowSelection,
    ShowSettings,
    ShowTops,
    Stats,
    Undo,
)
from halfmoon_a11y.play.errors import LineTooLongError, UnknownCommandError, UnknownTopicError
from halfmoon_a11y.play.handlers import MOVES_SAID
from halfmoon_a11y.play.lexicon import LEXICONS, SOURCE, Lexicon, command_aliases, fold, lexicon
from halfmoon_a11y.play.messages import N_, BySurface
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.play.suggest import close_to

if TYPE_CHECKING:
    from typing import Any, TypeVar

    from halfmoon_a11y.play.session import Session

    Handler = Callable[[Session, Any], Answer]
    C = TypeVar("C", bound=Command)  # one command value's type, for `command`

__all__ = [  # the command language, as other modules name it
    "ALONE", "COMMANDS", "KEYS", "LINE_LIMIT", "MOVES_SAID", "READER_TOPIC", "REPEAT_DEPTH",
    "RULES", "TABLE", "TOPICS", "Blank", "Board", "Change", "Command", "CommandSpec",
    "DropSelection", "Help", "Info", "New", "Pick", "Quit", "Redo", "Repeat", "ShowCode",
    "ShowHidden", "ShowMoves", "ShowPile", "ShowReserve", "ShowSelection", "ShowSettings",
    "ShowTops", "Stats", "Undo", "command", "find", "handler", "no_args", "parse", "register",
    "settings_of_set", "unregister",
]  # fmt: skip


@record
class CommandSpec:
    """One command, in one place: its English name (its names in each language are in
    play.lexicon), its arguments and summary for help (translated), how its arguments are
    parsed into a command value of type `kind`, and `run`, the handler that does it."""

    name: str
    how: str  # how it is typed, for the ear, with {name} for its name (translated)
    summary: str | BySurface  # one-line help (translated; a page's own where it differs)
    build: Callable[[str, Sequence[str]], Command]
    kind: type  # the command value `build` makes
    run: Handler  # what it does: the session's answer to it
    setting: str | None = None  # the setting this command changes; its values are the usage
    group: str = ""  # its group in `help` alone (translated); "" is OTHERS

    @property
    def aliases(self) -> tuple[str, ...]:
        """Every other name it answers to, in every language."""
        return command_aliases(self.name)[1:]

    def local_name(self, language: str) -> str:
        return lexicon(language).command(self.name) or self.name


def command(
    name: str,
    how: str,
    summary: str | BySurface,
    build: Callable[[str, Sequence[str]], C],
    kind: type[C],
    run: Callable[[Session, C], Answer],
    setting: str | None = None,
    group: str = "",
) -> CommandSpec:
    """A table entry whose parts agree, as a type checker sees them: `build` makes a
    value of `kind`, and `run` takes that value (`CommandSpec` alone takes any handler,
    so a spec whose builder, kind and handler disagreed would pass mypy)."""
    return CommandSpec(name, how, summary, build, kind, run, setting, group)


def _help(name: str, args: Sequence[str], language: str = SOURCE) -> Help:
    """`help`, `help` and a topic, or `help` and a command: read here, beside the table,
    because a command's name is known only to the table."""
    if len(args) > 1:  # `help screen reader`: a topic of two words, typed with a space
        found = topic("-".join(args))
        if found is not None:
            return Help(found)
    count(name, args, 0, 1)
    if not args:
        return Help()
    found = topic(args[0])
    if found is not None:
        return Help(found)
    try:
        return Help(find(args[0], language).name)
    except UnknownCommandError as error:  # neither a command nor a topic: the topics named
        raise UnknownTopicError(args[0], error.suggestion) from None


# The groups `help` alone names the commands in: each a sentence, its commands `names`.
PLAYING = N_("To play, {names}.")
LOOKING = N_("To look at the table, {names}.")
THIS_GAME = N_("About this game, {names}.")
HEARING = N_("To hear again, {names}.")
SETTING = N_("Settings, {names}.")
OTHERS = N_("Others, {names}.")  # a command registered without a group

ALONE = N_("{name}, with nothing after it")  # how a command without arguments is typed
SETTING_HOW = N_("{name}, then {values}, for example {name} {example}")

# -- the table: each command's entry --------------------------------------------------

PICK = command(
    "pick",
    N_("{name}, then one to three places, for example {name} 1 8. Places alone do too, 1 8"),
    N_("Tap cards, piles 1 to 12, reserve R1 to R8."),
    build_pick,
    Pick,
    handlers.run_pick,
    group=PLAYING,
)
UNDO = command(
    "undo",
    ALONE,
    N_("Take back the last move."),
    no_args(Undo),
    Undo,
    handlers.run_undo,
    group=PLAYING,
)
REDO = command(
    "redo",
    ALONE,
    N_("Make the last undone move again, until you make a new move."),
    no_args(Redo),
    Redo,
    handlers.run_redo,
    group=PLAYING,
)
NEW = command(
    "new",
    N_("{name}, or {name} and a deal code, for example {name} HM1 N ABCDEFG"),
    N_("Start a new game, or the deal with this code."),
    build_new,
    New,
    handlers.run_new,
    group=PLAYING,
)
BOARD = command(
    "board",
    ALONE,
    N_("Read the whole table, piles, then reserve."),
    no_args(Board),
    Board,
    handlers.run_board,
    group=LOOKING,
)
PILE = command(
    "pile",
    N_("{name}, then a pile from 1 to 12 or a reserve slot, for example {name} 5"),
    N_("Read one pile or one reserve slot."),
    build_pile,
    ShowPile,
    handlers.run_pile,
    group=LOOKING,
)
RESERVE = command(
    "reserve",
    ALONE,
    N_("Read the reserve."),
    no_args(ShowReserve),
    ShowReserve,
    handlers.run_reserve,
    group=LOOKING,
)
INFO = command(
    "info",
    ALONE,
    N_("Time, score, moves and deal code."),
    no_args(Info),
    Info,
    handlers.run_info,
    group=THIS_GAME,
)
CODE = command(
    "code",
    ALONE,
    N_("The deal code of this game."),
    no_args(ShowCode),
    ShowCode,
    handlers.run_code,
    group=THIS_GAME,
)
SELECTION = command(
    "selection",
    ALONE,
    N_("What is selected now."),
    no_args(ShowSelection),
    ShowSelection,
    handlers.run_selection,
    group=THIS_GAME,
)
REPEAT = command(
    "repeat",
    N_("{name}, or {name} and a number from 1 to 10, for example {name} 3"),
    N_("Say the last answer again, or with a number an earlier one. 2 is the one before."),
    build_repeat,
    Repeat,
    handlers.run_repeat,
    group=HEARING,
)
HIDDEN = command(
    "hidden",
    ALONE,
    N_(
        "How many cards of each value are still face down. "
        "Counted from the cards removed and in sight."
    ),
    no_args(ShowHidden),
    ShowHidden,
    handlers.run_hidden,
    group=LOOKING,
)
MOVES = command(
    "moves",
    N_("{name}, or {name} and a number, for example {name} 20"),
    N_("The moves of this game in order, the last 10, or as many as the number says."),
    build_moves,
    ShowMoves,
    handlers.run_moves,
    group=THIS_GAME,
)
HELP = command(
    "help",
    N_("{name}, or {name} and a command, for example {name} {example}, or {name} {rules}"),
    N_("List the commands, explain one, or read the rules."),
    _help,
    Help,
    handlers.run_help,
    group=HEARING,
)
LANG = command(
    "lang",
    SETTING_HOW,
    N_("Change the language."),
    build_setting("lang"),
    Change,
    handlers.run_change,
    setting="lang",
    group=SETTING,
)
SET = command(
    "set",
    N_(
        "{name} alone, to hear every setting, or {name}, then a setting and its value, "
        "for example {name} {setting} {value}"
    ),
    N_("Say every setting, or change one, {settings}."),  # those without a command of their own
    build_set,
    Change,
    handlers.run_change,
    group=SETTING,
)
SPEECH = command(
    "speech",
    SETTING_HOW,
    BySurface(
        N_("The game's own voice. Auto, it speaks only when no screen reader does."),
        N_("The browser's voice. Auto is silent in a page, on speaks."),
    ),
    build_setting("speech"),
    Change,
    handlers.run_change,
    setting="speech",
    group=SETTING,
)
STATS = command(
    "stats",
    ALONE,
    N_("Games played, won and blocked, win rate, best time and winning streaks."),
    no_args(Stats),
    Stats,
    handlers.run_stats,
    group=THIS_GAME,
)
QUIT = command(
    "quit",
    ALONE,
    N_("Leave the game. It is saved, and resumed next time."),
    no_args(Quit),
    Quit,
    handlers.run_quit,
    group=PLAYING,
)
TOPS = command(
    "tops",
    ALONE,
    N_("The playable cards by value, where the aces, the twos and the others are."),
    no_args(ShowTops),
    ShowTops,
    handlers.run_tops,
    group=LOOKING,
)

# The table, in the order help lists it. `register` adds to it (a test-only command).
COMMANDS: list[CommandSpec] = [
    PICK,
    UNDO,
    REDO,
    NEW,
    BOARD,
    PILE,
    RESERVE,
    INFO,
    CODE,
    SELECTION,
    REPEAT,
    HELP,
    LANG,
    SET,
    SPEECH,
    STATS,
    QUIT,
    TOPS,
    HIDDEN,
    MOVES,
]

# The commands with no entry of their own, an empty line, the prompt's Escape and `set`
# alone (its entry's value changes a setting), then the table's.
_HANDLERS: dict[type, Handler] = {
    Blank: handlers.run_blank,
    DropSelection: handlers.run_drop,
    ShowSettings: handlers.run_settings,
}
_HANDLERS.update((spec.kind, spec.run) for spec in COMMANDS)


def handler(command: Command) -> Handler:
    """The handler of a command value, from its entry in the table."""
    return _HANDLERS[type(command)]


_edition = [0]  # raised at each change of the table: the parser's caches key on it


def register(spec: CommandSpec) -> None:
    """Add a command to the table: its words go in each lexicon, its sentences in the
    catalogs (docs/architecture.md shows a worked example)."""
    COMMANDS.append(spec)
    _HANDLERS[spec.kind] = spec.run
    _edition[0] += 1


def unregister(spec: CommandSpec) -> None:
    COMMANDS.remove(spec)
    if all(other.kind is not spec.kind for other in COMMANDS):
        del _HANDLERS[spec.kind]
    _edition[0] += 1


def settings_of_set() -> list[str]:
    """The settings that `set` lists: those without a command of their own."""
    own = {spec.setting for spec in COMMANDS}
    return [key for key in SETTINGS if key not in own]


# -- finding a command by a word, and parsing a line ------------------------------------


@cache
def _by_name(lexicons: tuple[Lexicon, ...], edition: int) -> dict[str, CommandSpec]:
    """Every folded name of every command, for the languages and the edition of the table
    registered now. They are the cache's key: registering a language or a command makes
    a new table."""
    table: dict[str, CommandSpec] = {}
    for spec in COMMANDS:
        for word in (spec.name, *spec.aliases):
            table[fold(word)] = spec
    return table


@cache
def _short_forms(words: Lexicon, edition: int) -> dict[str, CommandSpec]:
    """The short forms of one language only: they differ between languages."""
    shorts = words.short_forms
    return {fold(shorts[spec.name]): spec for spec in COMMANDS if spec.name in shorts}


def find(word: str, language: str = SOURCE) -> CommandSpec:
    """The command a word names: a short form of the player's language, or a name in any."""
    folded = fold(word)
    edition = _edition[0]
    spec = _short_forms(lexicon(language), edition).get(folded)
    spec = spec or _by_name(tuple(LEXICONS.values()), edition).get(folded)
    if spec is None:
        raise UnknownCommandError(word, _close_to(folded, language))
    return spec


def _close_to(word: str, language: str) -> str | None:
    """The name of the player's language closest to a mistyped word, if one is close."""
    names = lexicon(language).command_names
    return close_to(
        word, [name for spec in COMMANDS for name in names.get(spec.name) or (spec.name,)]
    )


def _place_like(word: str) -> bool:
    """A word that looks like a place (8, r3, R12), right or wrong: ASCII digits, with an
    R before them or not."""
    digits = word[1:] if word[:1] in ("r", "R") else word
    return digits.isascii() and digits.isdigit()


# The longest line read as a command, in characters. The longest command a player types
# is about 80 (`pick` and all twenty places, with "and" between them); 1,000 leaves room
# for any spacing, dictation or paste of a command, and keeps every step of a refusal
# (splitting, folding, "did you mean") a matter of microseconds. A longer line is refused
# whole (LineTooLongError); the front ends read at most a few times this much of it.
LINE_LIMIT = 1000


def parse(line: str, language: str = SOURCE) -> Command:
    """Turn one line into a command, or raise a HalfMoonError saying why not.

    A line of places alone is a pick (`1 8`, `r3, 5 and 12`); commas separate
    words like spaces.
    """
    if len(line) > LINE_LIMIT:
        raise LineTooLongError(LINE_LIMIT)
    words = line.replace(",", " ").rstrip().rstrip(".").split()  # "1 8." as dictated
    if not words:
        if line.strip():  # commas alone
            raise UnknownCommandError(line.strip())
        return Blank()
    if _place_like(words[0]):
        return build_pick("pick", words)
    if len(words) == 1 and topic(words[0]) == RULES:  # "rules" alone, as help's last line says
        return Help(RULES)
    spec = find(words[0], language)
    args = words[1:]
    if spec.name == "help":  # `help p`: a short form of the player's language
        return _help(spec.name, args, language)
    if spec is SET and not args:  # `set` alone: every setting, with its value
        return ShowSettings()
    return spec.build(spec.name, args)
