"""Issue 19, the small ones (point 7) and the wording (point 8)."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from tests.support import play
from tests.test_terminal import spawn

CODE = DealCode.parse("HM1-N-EMQPNCT")


# -- Tab: a whole word gets its space, so the next Tab offers what follows ---------------


def _tab(text: str, language: str = "en") -> list[str]:
    from prompt_toolkit.document import Document

    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.ui.prompt import CommandCompleter

    session = Session(CODE, Settings(language=language))
    document = Document(text)
    return [c.text for c in CommandCompleter(session).get_completions(document, None)]


def _typed_after_tabs(text: str, tabs: int, language: str = "en") -> str:
    """What the line holds after `tabs` Tabs, as prompt_toolkit's readline-like Tab
    inserts one completion, or the part all completions share."""
    from prompt_toolkit.completion import get_common_complete_suffix
    from prompt_toolkit.document import Document

    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.ui.prompt import CommandCompleter

    completer = CommandCompleter(Session(CODE, Settings(language=language)))
    for _ in range(tabs):
        document = Document(text)
        found = list(completer.get_completions(document, None))
        if len(found) == 1:
            text = text[: len(text) + found[0].start_position] + found[0].text
        else:
            text += get_common_complete_suffix(document, found)
    return text


def test_a_completed_word_gets_a_space_so_the_next_tab_offers_its_values():
    assert _tab("set move") == ["move-errors "]
    assert _typed_after_tabs("set move", 1) == "set move-errors "
    assert _tab("set move-errors") == ["move-errors "]  # typed whole: Tab adds the space
    assert _tab(_typed_after_tabs("set move", 1)) == ["on ", "off "]
    assert _tab(_typed_after_tabs("ajusta errors", 1, "ca"), "ca") == ["sí ", "no "]


def test_the_second_tab_after_set_move_lists_the_values_at_the_terminal():
    child = spawn("--code", "HM1-N-AAAAAAB", "--lang", "ca")
    child.expect("Reserva R8")
    child.send("ajusta errors\t\t")
    child.expect("sí +no")  # the values, said as text
    child.sendcontrol("c")
    child.sendline("surt")
    child.expect("Adeu")
    child.close()


# -- `new` after a win and an undo says what is true -------------------------------------


def test_new_after_a_win_and_an_undo_says_the_game_counts_as_won(paths, clock):
    from halfmoon_a11y.play.answers import NewAsked, StatsShown
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.text.presenter import Presenter
    from halfmoon_a11y.text.words import Words
    from tests.test_statistics import WINNABLE, win

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse("HM1-N-AAAAAAB"), now=clock)
    win(session, clock, WINNABLE[0], 1)
    play(session, "undo")
    [asked] = play(session, "new")
    assert asked == NewAsked(47, won=True)
    said = {lang: Presenter(Words(lang)).render(asked)[0] for lang in ("ca", "da", "en")}
    assert said["en"] == (
        "This game has 47 moves. It counts as won already. Type new again to leave it."
    )
    assert "abandon" not in said["en"]
    assert "abandonada" not in said["ca"] and "opgivet" not in said["da"]
    play(session, "new")  # left: recorded once, as won, never as abandoned
    [shown] = play(session, "stats")
    assert isinstance(shown, StatsShown)
    assert (shown.summary.played, shown.summary.won, shown.summary.abandoned) == (1, 1, 0)
    # the next deal, played and left, is abandoned again, and is said so
    play(session, "pick " + " ".join(_first_move(session)))
    [asked] = play(session, "new")
    assert asked == NewAsked(1, won=False)
    assert Presenter().render(asked)[0].endswith("It counts as abandoned.")


def _first_move(session: Session) -> tuple[str, ...]:
    from tests.solver import playable_moves

    return tuple(playable_moves(session.game)[0])


# -- redo ------------------------------------------------------------------------------------


def test_redo_makes_the_undone_moves_again_until_a_new_move():
    from halfmoon_a11y.core.engine import Game
    from halfmoon_a11y.core.errors import NothingToRedoError
    from halfmoon_a11y.core.events import Redone
    from tests.engine_state import hidden_snapshot
    from tests.solver import winning_line

    line = winning_line(_deal())
    game = Game(_deal())
    states = [hidden_snapshot(game)]
    for move in line[:3]:
        for place in move:
            game.tap(_loc(place))
        states.append(hidden_snapshot(game))
    with pytest.raises(NothingToRedoError):
        game.redo()
    game.undo()
    game.undo()
    assert hidden_snapshot(game) == states[1] and game.redo_available == 2
    game.tap(_loc("1"))  # a selection is let go by redo, as by undo
    events = game.redo()
    assert [type(e).__name__ for e in events][:2] == ["SelectionDropped", "Redone"]
    assert hidden_snapshot(game) == states[2]
    assert isinstance(game.redo()[0], Redone)
    assert hidden_snapshot(game) == states[3] and game.moves == 3
    game.undo()
    for place in line[3 - 1]:  # the same move made anew is a new move: nothing to redo
        game.tap(_loc(place))
    assert game.redo_available == 0
    with pytest.raises(NothingToRedoError):
        game.redo()


def _deal():
    from halfmoon_a11y.core.dealcode import deal

    return deal(DealCode.parse("HM1-N-AAAAAAC"))


def _loc(text: str):
    from halfmoon_a11y.core.places import Location

    return Location.parse(text)


@pytest.mark.parametrize(
    ("language", "lines", "expected"),
    [
        (
            "en",
            ["pick 1 8", "undo", "redo", "rd"],
            [
                "Redone, pair removed again, five of spades and six of diamonds. "
                "Pile 1, two of clubs, 7 cards. Pile 8, jack of clubs, 7 cards.",
                "Score 10, 102 cards left.",
                "Nothing to redo. Only moves taken back since your last move can be made again.",
            ],
        ),
        (
            "ca",
            ["tria 1 8", "desfés", "refés", "rf"],
            [
                "Refet, parella retirada de nou, cinc de piques i sis de diamants. "
                "Pila 1, dos de trèvols, 7 cartes. Pila 8, sota de trèvols, 7 cartes.",
                "Puntuació 10, queden 102 cartes.",
                "No hi ha res per refer. Només es poden tornar a fer les jugades desfetes "
                "després de la teva última jugada.",
            ],
        ),
        (
            "da",
            ["vælg 1 8", "fortryd", "omgør", "om"],
            [
                "Omgjort, par fjernet igen, spar fem og ruder seks. "
                "Bunke 1, klør to, 7 kort. Bunke 8, klør knægt, 7 kort.",
                "Score 10, 102 kort tilbage.",
                "Intet at omgøre. Kun træk, der er fortrudt siden dit seneste træk, "
                "kan laves igen.",
            ],
        ),
    ],
)
def test_redo_is_said_in_each_language(language, lines, expected):
    from halfmoon_a11y.play.settings import Settings
    from tests.support import transcript

    session = Session(CODE, Settings(language=language))
    said = transcript(session, lines, start=False).splitlines()
    redo_at = said.index(f"> {lines[2]}")
    assert said[redo_at + 1 : redo_at + 3] == expected[:2]
    assert said[-1] == expected[2]


def test_redo_in_the_json_mode_and_its_sound():
    from halfmoon_a11y.core import events as ev
    from halfmoon_a11y.voice import earcons
    from tests.support import event_lines

    lines = event_lines(Session(CODE), ["pick 1 8", "undo", "redo", "redo"]).splitlines()
    at = lines.index("> redo")
    assert lines[at + 1].startswith('  {"type": "redone", "kind": "pair", "cards": [')
    assert lines[-1] == '  {"type": "error", "code": "nothing_to_redo"}'
    session = Session(CODE)
    play(session, "pick 1 8")
    play(session, "undo")
    made = earcons.for_events(play(session, "redo"))
    assert made is not None and made == earcons.for_events([ev.Removed(ev.Kind.PAIR, (), 10)])


def test_a_redo_is_journaled_as_the_removal_it_makes_again(paths, clock):
    from halfmoon_a11y.store import saved_game as savegame
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(CODE, now=clock)
    play(session, "pick 1 8")
    play(session, "undo")
    play(session, "redo")
    journal = savegame.journal_path(paths.saved_game)
    with open(journal, encoding="utf-8") as lines:
        written = lines.read().splitlines()
    assert len(written) == 4  # its header, the removal, the undo, the redo as a removal
    assert written[3].split(",")[0] == written[1].split(",")[0]
    # killed here (no close, no full save): the journal brings the redone move back
    again = Keeper(paths, SettingsFile.load(paths.settings)).open(None, now=clock)
    assert (again.game.moves, again.game.score, again.game.cards_left) == (1, 10, 102)
    assert [p.location for p in again.game.history[0].cards] == [_loc("1"), _loc("8")]


# -- an option refused is named in every language ------------------------------------------


@pytest.mark.parametrize(
    ("args", "language", "expected"),
    [
        (["--bogus"], "ca", "Opció no entesa, --bogus. Escriu halfmoon-a11y --help per veure"),
        (["--lang", "fr"], "ca", "Opció no entesa, --lang fr. Escriu"),
        (["--code"], "ca", "Opció no entesa, --code. Escriu"),
        (["--bogus", "x"], "da", "Tilvalget blev ikke forstået, --bogus x. Skriv"),
        (["--lang", "fr"], "da", "Tilvalget blev ikke forstået, --lang fr. Skriv"),
        (["--sounds", "--no-sounds"], "da", "Tilvalget blev ikke forstået, --no-sounds."),
        (["--bogus"], "en", "Option not understood (unrecognized arguments: --bogus). Type"),
    ],
)
def test_an_option_refused_is_named_in_the_players_language(args, language, expected, capsys):
    from halfmoon_a11y.text.words import Words
    from halfmoon_a11y.ui.options import build_parser

    with pytest.raises(SystemExit) as leaving:
        build_parser(Words(language)).parse_args(args)
    assert leaving.value.code == 2
    refused = capsys.readouterr().err
    assert refused.startswith(expected) and len(refused.splitlines()) == 1


# -- the README: where the source is, quiet pip, the install line again after the venv -------


def test_the_readme_says_where_to_install_quietly_and_what_ci_runs():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in readme.splitlines()]
    install = "python3 -m pip install -q . && halfmoon-a11y"
    assert lines.index(install) < lines.index("## With a screen reader")
    tests = next(line for line in lines if line.startswith("python3 -m pip install -q -e"))
    assert tests == "python3 -m pip install -q -e '.[test]' && python3 -m pytest"
    assert tests in (root / ".ci" / "run").read_text(encoding="utf-8")  # CI runs it as written
    assert "folder that holds this README" in readme and "git clone" in readme
    venv = lines.index("python3 -m venv ~/.halfmoon && . ~/.halfmoon/bin/activate")
    assert lines[venv + 1] == install  # after the virtual environment, the install again
    assert all("pip install ." not in line and "pip install -e" not in line for line in lines)


# -- point 8: wording ------------------------------------------------------------------------


def _said(language: str, lines: list[str], session: Session | None = None) -> list[str]:
    """What the game answers to `lines`, without the typed lines."""
    from halfmoon_a11y.play.settings import Settings
    from tests.support import transcript

    session = session or Session(CODE, Settings(language=language))
    said = transcript(session, lines, start=False).splitlines()
    return [line for line in said if not line.startswith("> ")]


def test_catalan_words_a_place_named_twice_as_feminine_and_runs_of_piles_with_articles():
    from halfmoon_a11y.core.places import Location
    from halfmoon_a11y.text.table import TableWords
    from halfmoon_a11y.text.words import Words

    assert _said("ca", ["tria 4 4"]) == ["Lloc repetit, pila 4. No s'ha tocat res."]
    empty = TableWords(Words("ca")).empty
    places = [Location.parse(str(n)) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    assert empty(places) == "Buides, piles de l'1 a la 9."
    places = [Location.parse(str(n)) for n in (4, 5, 6, 7, 8, 9, 10, 11)]
    assert empty([*places, Location.parse("R2"), Location.parse("R3"), Location.parse("R4")]) == (
        "Buides, piles de la 4 a l'11, reserva de R2 a R4."
    )
    assert TableWords(Words("en")).empty(places) == "Empty, piles 4 to 11."
    assert TableWords(Words("da")).empty(places) == "Tomme, bunker 4 til 11."


@pytest.mark.parametrize(
    ("language", "lines", "expected"),
    [
        ("en", ["pick", "pile"], ["Say which places. Type pick,", "Say which place. Type pile,"]),
        (
            "ca",
            ["tria", "pila"],
            ["Indica quins llocs. Escriu tria", "Indica quin lloc. Escriu pila"],
        ),
        (
            "da",
            ["vælg", "bunke"],
            ["Angiv, hvilke steder. Skriv vælg", "Angiv, hvilket sted. Skriv bunke"],
        ),
        ("en", ["set", "lang"], ["Say which setting and its value.", "Missing value. The setting"]),
        (
            "ca",
            ["idioma", "veu"],
            ["Falta el valor. L'ajust idioma", "Falta el valor. L'ajust veu"],
        ),
        ("da", ["indstil", "tale"], ["Angiv, hvilken indstilling og værdi", "Værdien mangler."]),
    ],
)
def test_what_is_missing_is_said_without_the_word_argument(language, lines, expected):
    said = _said(language, lines)
    assert len(said) == 2 and all(
        line.startswith(e) for line, e in zip(said, expected, strict=True)
    )
    assert not any("argument" in line for line in said)


def test_danish_names_a_selection_let_go_one_way_and_says_from_80_to_400():
    from halfmoon_a11y.play.settings import Settings

    session = Session(CODE, Settings(language="da"))
    said = _said("da", ["vælg 3", "fortryd", "vælg 1 8", "vælg 3", "vælg 1 2"], session)
    assert "Valget er ophævet, hjerter konge i bunke 3." in said  # a pick of two lets it go
    assert said[-1].endswith("Valget er ophævet.")  # no match: the same words
    assert not any("annuller" in line for line in said)
    assert _said("da", ["indstil hastighed 500"]) == [
        "Ikke forstået, 500. Indstillingen hastighed kan være fra 80 til 400."
    ]


def test_undoing_a_block_says_no_longer_blocked():
    from tests.support import make_deal, session_with

    blocking = make_deal(
        ["KH 5S", "6D", "KS", "", "", "", "", "", "", "", "", ""],
        ["-", "-", "-", "-", "-", "-", "-", "-"],
    )
    said = _said("en", ["pick 1 2", "undo"], session_with(blocking))
    assert said[-1] == "No longer blocked. A pair or a trio can be played."


@pytest.mark.parametrize(
    ("language", "line", "expected"),
    [
        ("en", "set move-errors on", "Move errors, on. When a move fails, the game says why."),
        (
            "en",
            "set placement-help on",
            "Placement help, on. When you select a card, the game names the cards it "
            "combines with.",
        ),
        (
            "ca",
            "ajusta errors sí",
            "Errors de moviment, activats. Quan una jugada falla, el joc diu per què.",
        ),
        (
            "da",
            "indstil trækfejl til",
            "Trækfejl, til. Når et træk ikke lykkes, siger spillet, hvorfor.",
        ),
        ("en", "set move-errors off", "Move errors, off."),
        ("da", "indstil placeringshjælp fra", "Placeringshjælp, fra."),
    ],
)
def test_a_seed_setting_switched_on_says_what_it_does(language, line, expected):
    assert _said(language, [line]) == [expected]


def test_redo_brings_back_exactly_the_table_undo_took_back_in_random_play():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from halfmoon_a11y.core.dealcode import SEED_COUNT, deal
    from halfmoon_a11y.core.engine import Game
    from halfmoon_a11y.core.errors import NothingToRedoError
    from halfmoon_a11y.core.events import Redone, Removed
    from halfmoon_a11y.core.places import ALL_LOCATIONS
    from tests.engine_state import hidden_snapshot

    places = st.sampled_from([str(location) for location in ALL_LOCATIONS])
    steps = st.lists(st.one_of(places, st.just("undo"), st.just("redo")), max_size=300)

    @settings(max_examples=100, deadline=None)
    @given(st.integers(min_value=0, max_value=SEED_COUNT - 1), steps)
    def check(seed, script):
        game = Game(deal(DealCode(seed)))
        undone: list[tuple[object, ...]] = []  # the table before each undo, nothing selected
        for step in script:
            if step == "undo":
                if not game.undo_available:
                    continue
                table = hidden_snapshot(game)
                undone.append((*table[:2], (), *table[3:]))
                game.undo()
            elif step == "redo":
                if not undone:
                    with pytest.raises(NothingToRedoError):
                        game.redo()
                    continue
                events = game.redo()
                assert not any(isinstance(event, Removed) for event in events)
                assert sum(isinstance(event, Redone) for event in events) == 1
                assert hidden_snapshot(game) == undone.pop()
            elif any(isinstance(e, Removed) for e in game.tap(_loc(step))):
                undone.clear()  # a new move: nothing to redo any more
            assert game.redo_available == len(undone)

    check()


def test_a_won_and_undone_game_still_counts_as_won_after_a_resume(paths, clock):
    """Before: the memory of the win was not saved, and after quit and resume `new` said
    the game would count as abandoned (it was, and is, counted as won)."""
    from halfmoon_a11y.play.answers import NewAsked
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from tests.test_statistics import WINNABLE, win

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse("HM1-N-AAAAAAB"), now=clock)
    win(session, clock, WINNABLE[0], 1)
    play(session, "undo")
    play(session, "quit")
    keeper.close()
    again = Keeper(paths, SettingsFile.load(paths.settings)).open(None, now=clock)
    assert again.resumed and again.game.moves == 47
    [asked] = play(again, "new")
    assert asked == NewAsked(47, won=True)
