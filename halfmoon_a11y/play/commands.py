"""The command language every front end shares: text is parsed into command objects first.

>>> parse("PICK 1 r8")
Pick(locations=(Location.parse('1'), Location.parse('R8')))
>>> parse("desfés")
Undo()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import BadLocationError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import (
    Answer,
    BoardShown,
    CodeShown,
    HelpShown,
    HiddenShown,
    MovesShown,
    NewAsked,
    PileShown,
    ReserveShown,
    SelectionShown,
    StatsShown,
    TopsShown,
)
from halfmoon_a11y.play.errors import (
    BadArgumentError,
    LineTooLongError,
    MissingArgumentError,
    RepeatedPlaceError,
    TooManyArgumentsError,
    UnknownCommandError,
    UnknownTopicError,
)
from halfmoon_a11y.play.lexicon import (
    LEXICONS,
    SOURCE,
    Lexicon,
    command_aliases,
    fold,
    lexicon,
)
from halfmoon_a11y.play.messages import N_, BySurface
from halfmoon_a11y.play.settings import SETTINGS, find_setting

if TYPE_CHECKING:
    from typing import Any, TypeVar

    from halfmoon_a11y.play.session import Session

    Handler = Callable[[Session, Any], Answer]
    C = TypeVar("C", bound="Command")  # one command value's type, for `command`

# -- the commands ----------------------------------------------------------------


@record
class Pick:
    locations: tuple[Location, ...]


@record
class Undo:
    pass


@record
class Redo:
    pass


@record
class New:
    code: DealCode | None = None


@record
class Quit:
    pass


@record
class Board:
    pass


@record
class ShowPile:
    location: Location


@record
class ShowReserve:
    pass


@record
class Info:
    pass


@record
class ShowCode:
    pass


@record
class ShowSelection:
    pass


@record
class Repeat:
    back: int = 1  # `repeat 3`: the answer three answers back


@record
class ShowHidden:
    """`hidden`: how many cards of each value are still face down."""


@record
class ShowMoves:
    """`moves`: the removals of this game, in order."""


@record
class Help:
    topic: str | None = None  # a command's canonical name


@record
class Change:
    """`set NAME VALUE`, or a setting's own command (`lang CODE`): one setting changes."""

    setting: str  # a key of play.settings.SETTINGS
    value: Any  # already parsed and checked by the setting's kind


@record
class Stats:
    pass


@record
class ShowTops:
    """`tops`: the playable cards grouped by value."""


@record
class Blank:
    """An empty line: nothing to do."""


@record
class DropSelection:
    """Let go of what is selected (Escape at the prompt); no word is typed for it."""


Command = (
    Pick
    | Undo
    | Redo
    | New
    | Quit
    | Board
    | ShowPile
    | ShowReserve
    | Info
    | ShowCode
    | ShowSelection
    | Repeat
    | ShowHidden
    | ShowMoves
    | Help
    | Change
    | Stats
    | ShowTops
    | Blank
    | DropSelection
)


# -- the table -------------------------------------------------------------------


@record
class CommandSpec:
    """One command, in one place: its English name (its names in each language are in
    play.lexicon), its arguments and summary for help (translated), how its arguments are
    parsed into a command value of type `kind`, and `run`, the handler that does it.
    Help, completion, the parser, the session and the JSON mode all read this table."""

    name: str
    how: str  # how it is typed, for the ear, with {name} for its name (translated)
    summary: str | BySurface  # one-line help (translated; a page's own where it differs)
    build: Callable[[str, Sequence[str]], Command]
    kind: type  # the command value `build` makes
    run: Handler  # what it does: the session's answer to it
    setting: str | None = None  # the setting this command changes; its values are the usage

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
) -> CommandSpec:
    """A table entry whose parts agree, as a type checker sees them: `build` makes a
    value of `kind`, and `run` takes that value (issue 27: `CommandSpec`'s handler took
    anything, and a spec whose builder, kind and handler disagreed passed mypy)."""
    return CommandSpec(name, how, summary, build, kind, run, setting)


def _no_args(factory: Callable[[], C]) -> Callable[[str, Sequence[str]], C]:
    def build(name: str, args: Sequence[str]) -> C:
        _count(name, args, 0, 0)
        return factory()

    return build


def _count(name: str, args: Sequence[str], least: int, most: int) -> None:
    if len(args) < least:
        raise MissingArgumentError(name)
    if len(args) > most:
        raise TooManyArgumentsError(name)


def _pick(name: str, args: Sequence[str]) -> Pick:
    places = [arg for arg in args if fold(arg) not in _joiners()]
    _count(name, places, 1, 3)
    locations = tuple(_place(name, arg) for arg in places)
    for index, location in enumerate(locations):
        if location in locations[:index]:  # one card cannot be used twice in a move
            raise RepeatedPlaceError(name, places[index])
    return Pick(locations)


def _place(name: str, text: str) -> Location:
    try:
        return Location.parse(text)
    except BadLocationError:
        raise BadLocationError(text, name) from None


def _new(name: str, args: Sequence[str]) -> New:
    """`new`, or `new` and a code, its parts joined by dashes (HM1-N-ABCDEFG) or spaces
    (HM1 N ABCDEFG: the form the game says, which no screen reader spells out)."""
    if not 1 < len(args) <= CODE_PARTS:
        _count(name, args, 0, 1)
    return New(DealCode.parse(" ".join(args)) if args else None)


def _pile(name: str, args: Sequence[str]) -> ShowPile:
    _count(name, args, 1, 1)
    return ShowPile(_place(name, args[0]))


CODE_PARTS = 3  # HM1, N and the letters
RULES = "rules"  # the help topic that reads the rules
KEYS = "keys"  # the help topic that lists the prompt's keys
TABLE = "table"  # the help topic that says the shape of the table
READER_TOPIC = "screen-reader"  # the help topic for screen-reader users (issue 29)
TOPICS = (RULES, KEYS, TABLE, READER_TOPIC)


def _help(name: str, args: Sequence[str], language: str = SOURCE) -> Help:
    if len(args) > 1:  # `help screen reader`: a topic of two words, typed with a space
        topic = _topic("-".join(args))
        if topic is not None:
            return Help(topic)
    _count(name, args, 0, 1)
    if not args:
        return Help()
    topic = _topic(args[0])
    if topic is not None:
        return Help(topic)
    try:
        return Help(find(args[0], language).name)
    except UnknownCommandError as error:  # neither a command nor a topic: the topics named
        raise UnknownTopicError(args[0], error.suggestion) from None


def _topic(word: str) -> str | None:
    """The help topic a word names (rules, keys, table), in any language; else None."""
    return _topics_of(tuple(LEXICONS.values())).get(fold(word))


@cache
def _topics_of(lexicons: tuple[Lexicon, ...]) -> dict[str, str]:
    """Every folded name of every help topic, for the languages registered now (checked
    for every one-word line: `rules` alone reads the rules)."""
    names = {topic: topic for topic in TOPICS}
    for lex in lexicons:
        for topic in TOPICS:
            names.update((fold(name), topic) for name in lex.topics.get(topic, ()))
    return names


def _is_rules(word: str) -> bool:
    return _topic(word) == RULES


def _change(name: str, key: str, text: str) -> Change:
    try:
        return Change(key, SETTINGS[key].parse(text))
    except ValueError:
        raise BadArgumentError(name, text, key) from None


def _own_command(key: str) -> Callable[[str, Sequence[str]], Change]:
    """The command of one setting: `lang da`, `speech off`."""

    def build(name: str, args: Sequence[str]) -> Change:
        if not args:  # `lang` alone: its value is missing, and the values are said
            raise MissingArgumentError(name, key)
        _count(name, args, 1, 1)
        return _change(name, key, args[0])

    return build


def _set(name: str, args: Sequence[str]) -> Change:
    """`set move-errors on`, and as forgiving as a player: `set move errors on`."""
    if len(args) < 2:
        named = find_setting(" ".join(args)) if args else None
        raise MissingArgumentError(name, named.key if named else None)
    spec = find_setting(" ".join(args[:-1]))
    if spec is None:
        raise BadArgumentError(name, " ".join(args[:-1]))
    return _change(name, spec.key, args[-1])


ALONE = N_("{name}, with nothing after it")  # how a command without arguments is typed
SETTING_HOW = N_("{name}, then {values}, for example {name} {example}")

# -- the table: each command's entry, with its handler just above it -------------------


def _pick_run(session: Session, command: Pick) -> Answer:
    return session.pick(command.locations)


PICK = command(
    "pick",
    N_("{name}, then one to three places, for example {name} 1 8. Places alone do too, 1 8"),
    N_("Tap cards, piles 1 to 12, reserve R1 to R8."),
    _pick,
    Pick,
    _pick_run,
)


def _undo_run(session: Session, command: Undo) -> Answer:
    return session.undo()


UNDO = command("undo", ALONE, N_("Take back the last move."), _no_args(Undo), Undo, _undo_run)


def _redo_run(session: Session, command: Redo) -> Answer:
    return session.redo()


REDO = command(
    "redo",
    ALONE,
    N_("Make the last undone move again, until you make a new move."),
    _no_args(Redo),
    Redo,
    _redo_run,
)


def _new_run(session: Session, command: New) -> Answer:
    """Asks once when the game has moves; `new` again leaves it."""
    if session.ask_before_leaving():
        recorded = not session.store.saves_nothing
        return Answer((NewAsked(session.game.moves, session.won_once, recorded),))
    return session.deal_anew(command.code)


NEW = command(
    "new",
    N_("{name}, or {name} and a deal code, for example {name} HM1 N ABCDEFG"),
    N_("Start a new game, or the deal with this code."),
    _new,
    New,
    _new_run,
)


def _board_run(session: Session, command: Board) -> Answer:
    return Answer((BoardShown(session.view()),))


BOARD = command(
    "board",
    ALONE,
    N_("Read the whole table, piles, then reserve."),
    _no_args(Board),
    Board,
    _board_run,
)


def _pile_run(session: Session, command: ShowPile) -> Answer:
    return Answer((PileShown(session.spot(command.location)),))


PILE = command(
    "pile",
    N_("{name}, then a pile from 1 to 12 or a reserve slot, for example {name} 5"),
    N_("Read one pile or one reserve slot."),
    _pile,
    ShowPile,
    _pile_run,
)


def _reserve_run(session: Session, command: ShowReserve) -> Answer:
    return Answer((ReserveShown(session.view().reserve),))


RESERVE = command(
    "reserve", ALONE, N_("Read the reserve."), _no_args(ShowReserve), ShowReserve, _reserve_run
)


def _info_run(session: Session, command: Info) -> Answer:
    return Answer((session.info(),))


INFO = command(
    "info", ALONE, N_("Time, score, moves and deal code."), _no_args(Info), Info, _info_run
)


def _code_run(session: Session, command: ShowCode) -> Answer:
    return Answer((CodeShown(session.code),))


CODE = command(
    "code", ALONE, N_("The deal code of this game."), _no_args(ShowCode), ShowCode, _code_run
)


def _selection_run(session: Session, command: ShowSelection) -> Answer:
    game = session.game
    return Answer((SelectionShown(game.selection, game.missing_ranks()),))


SELECTION = command(
    "selection",
    ALONE,
    N_("What is selected now."),
    _no_args(ShowSelection),
    ShowSelection,
    _selection_run,
)


REPEAT_DEPTH = 10  # `repeat 10` is the furthest back: the front ends keep this many answers


def _repeat(name: str, args: Sequence[str]) -> Repeat:
    _count(name, args, 0, 1)
    if not args:
        return Repeat()
    text = args[0]
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= REPEAT_DEPTH):
        raise BadArgumentError(name, text)
    return Repeat(int(text))


def _repeat_run(session: Session, command: Repeat) -> Answer:
    session.keep_question()
    return Answer(repeat=command.back)


REPEAT = command(
    "repeat",
    N_("{name}, or {name} and a number from 1 to 10, for example {name} 3"),
    N_("Say the last answer again, or with a number an earlier one. 2 is the one before."),
    _repeat,
    Repeat,
    _repeat_run,
)


def _hidden_run(session: Session, command: ShowHidden) -> Answer:
    return Answer((HiddenShown(session.hidden()),))


HIDDEN = command(
    "hidden",
    ALONE,
    N_(
        "How many cards of each value are still face down. "
        "Counted from the cards removed and in sight."
    ),
    _no_args(ShowHidden),
    ShowHidden,
    _hidden_run,
)

MOVES_SAID = 10  # `moves` says at most the last ten removals


def _moves_run(session: Session, command: ShowMoves) -> Answer:
    history = session.game.history
    first = max(0, len(history) - MOVES_SAID)
    return Answer((MovesShown(history[first:], len(history), first + 1),))


MOVES = command(
    "moves",
    ALONE,
    N_("The moves of this game in order, the last 10 at most."),
    _no_args(ShowMoves),
    ShowMoves,
    _moves_run,
)


def _help_run(session: Session, command: Help) -> Answer:
    return Answer((HelpShown(command.topic),))


HELP = command(
    "help",
    N_("{name}, or {name} and a command, for example {name} {example}, or {name} {rules}"),
    N_("List the commands, explain one, or read the rules."),
    _help,
    Help,
    _help_run,
)


def _change_run(session: Session, command: Change) -> Answer:
    return session.change(command.setting, command.value)


LANG = command(
    "lang",
    SETTING_HOW,
    N_("Change the language."),
    _own_command("lang"),
    Change,
    _change_run,
    setting="lang",
)
SET = command(
    "set",
    N_("{name}, then a setting and its value, for example {name} {setting} {value}"),
    N_("Change a setting, {settings}."),  # each setting without a command of its own
    _set,
    Change,
    _change_run,
)
SPEECH = command(
    "speech",
    SETTING_HOW,
    BySurface(
        N_("The game's own voice. Auto, it speaks only when no screen reader does."),
        N_("The browser's voice. Auto is silent in a page, on speaks."),
    ),
    _own_command("speech"),
    Change,
    _change_run,
    setting="speech",
)


def _stats_run(session: Session, command: Stats) -> Answer:
    return Answer((StatsShown(session.store.summary()),))


STATS = command(
    "stats",
    ALONE,
    N_("Games played, won and blocked, win rate, best time and winning streaks."),
    _no_args(Stats),
    Stats,
    _stats_run,
)


def _quit_run(session: Session, command: Quit) -> Answer:
    return Answer(leaving=True)


QUIT = command(
    "quit",
    ALONE,
    N_("Leave the game. It is saved, and resumed next time."),
    _no_args(Quit),
    Quit,
    _quit_run,
)


def _tops_run(session: Session, command: ShowTops) -> Answer:
    view = session.view()
    return Answer((TopsShown((*view.piles, *view.reserve), session.settings.heights),))


TOPS = command(
    "tops",
    ALONE,
    N_("The playable cards by value, where the aces, the twos and the others are."),
    _no_args(ShowTops),
    ShowTops,
    _tops_run,
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


# -- commands no word types: an empty line, and the prompt's Escape -------------------


def _blank_run(session: Session, command: Blank) -> Answer:
    session.keep_question()  # an empty line keeps `new`'s question open
    return Answer()


def _drop_run(session: Session, command: DropSelection) -> Answer:
    dropped = session.drop_selection()
    return Answer(tuple(dropped) or (SelectionShown((), ()),))  # "Nothing is selected."


_HANDLERS: dict[type, Handler] = {Blank: _blank_run, DropSelection: _drop_run}
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


@cache
def _joiners_of(lexicons: tuple[Lexicon, ...]) -> frozenset[str]:
    return frozenset(fold(word) for lex in lexicons for word in lex.joiners)


def _joiners() -> frozenset[str]:
    """The words that join places ("and", "i", "og"), for the languages registered now."""
    return _joiners_of(tuple(LEXICONS.values()))


def find(word: str, language: str = SOURCE) -> CommandSpec:
    """The command a word names: a short form of the player's language, or a name in any."""
    folded = fold(word)
    edition = _edition[0]
    spec = _short_forms(lexicon(language), edition).get(folded)
    spec = spec or _by_name(tuple(LEXICONS.values()), edition).get(folded)
    if spec is None:
        raise UnknownCommandError(word, _close_to(folded, language))
    return spec


CLOSE_ENOUGH = 0.7  # difflib's ratio a name needs to be suggested


def _close_to(word: str, language: str) -> str | None:
    """The name of the player's language closest to a mistyped word, if one is close.

    Only names of a plausible length are compared: difflib's ratio is at most
    2 * shorter / (both lengths), so a name too short or too long beside the word can
    never reach CLOSE_ENOUGH. A long word meets none and is never handed to difflib,
    whose work grows with the word's length (a 100 MB word took 40 s and 4 GB)."""
    local = {fold(name): name for spec in COMMANDS for name in _local_names(spec, language)}
    names = {folded: name for folded, name in local.items() if _may_be_close(folded, word)}
    if not names:
        return None
    import difflib  # only when a word is not understood

    found = difflib.get_close_matches(word, list(names), n=1, cutoff=CLOSE_ENOUGH)
    return names[found[0]] if found else None


def _may_be_close(name: str, word: str) -> bool:
    """Whether the lengths alone allow difflib's ratio to reach CLOSE_ENOUGH."""
    shorter, both = min(len(name), len(word)), len(name) + len(word)
    return both > 0 and 2 * shorter >= CLOSE_ENOUGH * both


def _local_names(spec: CommandSpec, language: str) -> tuple[str, ...]:
    return lexicon(language).command_names.get(spec.name) or (spec.name,)


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
        return _pick("pick", words)
    if len(words) == 1 and _is_rules(words[0]):  # "rules" alone, as help's last line says
        return Help(RULES)
    spec = find(words[0], language)
    args = words[1:]
    if spec.name == "help":  # `help p`: a short form of the player's language
        return _help(spec.name, args, language)
    return spec.build(spec.name, args)
