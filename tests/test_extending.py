"""Adding a setting is one declaration; adding a language is one lexicon and one catalog.

Each test registers its own, for the test only, and finds it everywhere the
game reads settings or languages, with no other edit.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.play import commands
from halfmoon_a11y.play import lexicon as lexicon_module
from halfmoon_a11y.play.answers import Answer, CodeShown, HelpShown, Refused, SettingChanged
from halfmoon_a11y.play.commands import ALONE, CommandSpec, Quit, parse
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.lexicon import Lexicon
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import SETTINGS, Audience, Number, Settings, SettingSpec, Switch
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text import catalog
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.completion import complete
from halfmoon_a11y.ui.jsonmode import JsonMode
from halfmoon_a11y.ui.options import build_parser
from halfmoon_a11y.voice.synth import choose_voice
from tests.support import play

BEEPS = SettingSpec(
    "beeps",
    "beeps",
    Switch(),
    False,
    "Beeps: {value}.",
    Audience.SESSION,
    ("beep at every move", "never beep"),
)
VOLUME = SettingSpec(
    "volume", "volume", Number(1, 11), 5, "Volume: {value}.", Audience.VOICE, ("the volume",)
)


@pytest.fixture
def new_settings(monkeypatch):
    monkeypatch.setitem(SETTINGS, "beeps", BEEPS)
    monkeypatch.setitem(SETTINGS, "volume", VOLUME)


def start(paths):
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file)
    return keeper.open(DealCode.parse("HM1-N-EMQPNCT"), settings_file.settings(Settings()))


def test_a_new_setting_is_everywhere_settings_are(new_settings, paths):
    assert Settings().value(BEEPS) is False and Settings().value(VOLUME) == 5  # its default
    session = start(paths)
    assert play(session, "set beeps on") == [SettingChanged("beeps", True)]
    assert play(session, "set volume 11") == [SettingChanged("volume", 11)]
    refused = play(session, "set volume 12")[0]
    assert isinstance(refused, Refused) and refused.error.code == "bad_argument"  # its range
    assert session.settings.value(BEEPS) is True and session.settings.value(VOLUME) == 11
    english = Presenter(Words("en"))
    said = english.render_all(play(session, "set beeps off"))
    assert said == ["Beeps: off."]  # announced by its declaration
    help_line = english.render(HelpShown("set"))[0]
    assert help_line.endswith(
        "answers full or short, heights on or off, beeps on or off, volume 1 to 11."
    )
    catalan = Presenter(Words("ca")).render(HelpShown("set"))[0]
    assert "beeps sí o no, volume de 1 a 11." in catalan
    assert complete("set b") == (["beeps"], "b")  # completion
    own = {spec.setting for spec in commands.COMMANDS if spec.setting is not None}
    offered = [key for key in SETTINGS if key not in own]  # from the table, beeps included
    assert offered[-2:] == ["beeps", "volume"]
    assert complete("set ") == (offered, "")
    text = paths.settings.read_text()  # the settings file
    assert "beeps = false" in text and "volume = 11" in text
    assert start(paths).settings.value(VOLUME) == 11  # read back on the next start
    state = JsonMode(session).reply("set beeps on")["state"]  # the JSON state
    assert state["settings"]["beeps"] is True and state["settings"]["volume"] == 11
    options = build_parser(Words("en")).parse_args(["--no-beeps", "--volume", "3"])
    assert (options.beeps, options.volume) == (False, 3)  # the command line


def test_a_bad_value_of_a_new_setting_in_the_file_is_refused(new_settings, paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text("volume = 99\n")
    assert SettingsFile.load(paths.settings).unreadable


ESPERANTO_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Goodbye."
msgstr "Ĝis revido."

msgid "Language, {value}."
msgstr "Lingvo: {value}."

msgid "Move errors, on."
msgstr "Movaj eraroj: ŝaltitaj."

msgid "When a move fails, the game says why."
msgstr "Kiam movo malsukcesas, la ludo diras kial."

msgid "{items} or {last}"
msgstr "{items} aŭ {last}"
"""

ESPERANTO = Lexicon(
    code="eo",
    name="Esperanto",
    voices=("eo",),
    command_names={"quit": ("eliru",), "undo": ("malfaru",), "lang": ("lingvo",)},
    setting_names={"move-errors": ("movaj-eraroj",)},
    value_words={"on": ("jes",), "off": ("ne",)},
)


@pytest.fixture
def esperanto(monkeypatch, tmp_path):
    folder = tmp_path / "locales"
    (folder / "eo" / "LC_MESSAGES").mkdir(parents=True)
    (folder / "eo" / "LC_MESSAGES" / "halfmoon_a11y.po").write_text(ESPERANTO_PO)
    monkeypatch.setattr(catalog, "LOCALE_DIRS", (folder, *catalog.LOCALE_DIRS))
    monkeypatch.setitem(lexicon_module.LEXICONS, "eo", ESPERANTO)
    yield
    catalog.translations.cache_clear()


def test_a_new_language_is_one_lexicon_and_one_catalog(esperanto):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"))
    assert play(session, "lang eo") == [SettingChanged("lang", "eo")]
    said = Presenter(Words(session.settings.language))
    assert said.render(SettingChanged("lang", "eo")) == ["Lingvo: Esperanto."]
    assert said.render_all(play(session, "set movaj-eraroj jes")) == [
        "Movaj eraroj: ŝaltitaj. Kiam movo malsukcesas, la ludo diras kial."
    ]
    assert parse("eliru") == Quit()
    assert said.render_all(play(session, "eliru")) == ["Ĝis revido."]
    assert said.usage("undo") == "malfaru, with nothing after it"  # no catalog entry: English
    # a language without names for the others names each by its own name
    assert said.usage("lang") == (
        "lingvo, then català, dansk, English aŭ Esperanto, for example lingvo català"
    )
    assert Presenter(Words("eo")).render(HelpShown("quit"))[0].startswith("eliru. ")
    assert catalog.default_language({"LANG": "eo_XY.UTF-8"}) == "eo"
    assert build_parser(Words("eo")).parse_args(["--lang", "eo"]).language == "eo"

    class Voice:
        def __init__(self, code: str) -> None:
            self.id, self.languages = f"voice-{code}", [code]

    assert choose_voice([Voice("da"), Voice("eo")], "eo") == "voice-eo"


# -- a command: one entry with its handler, its words in each lexicon ---------------------


@record
class Tell:
    """A test-only command: says the deal code, as `code` does."""


def _tell(session: Session, command: Tell) -> Answer:
    return Answer((CodeShown(session.code),))


TELL = CommandSpec(  # outside the Command union: a registered command
    "tell",
    ALONE,
    "Tell the deal code again.",
    commands.no_args(cast(Any, Tell)),  # not in the Command union: it is the test's own
    Tell,
    _tell,
)
TELL_WORDS = {"en": ("tell",), "ca": ("digues",), "da": ("fortæl",)}


@pytest.fixture
def tell(monkeypatch):
    """The command's entry, and its words in each language's lexicon."""
    for code, words in TELL_WORDS.items():
        lex = lexicon_module.LEXICONS[code]
        names = {**lex.command_names, "tell": words}
        monkeypatch.setitem(lexicon_module.LEXICONS, code, replace(lex, command_names=names))
    commands.register(TELL)
    yield
    commands.unregister(TELL)


def test_a_new_command_is_one_entry_and_its_words(tell):
    assert set(TELL_WORDS) == set(lexicon_module.languages())  # a word in every language
    for language, (word,) in TELL_WORDS.items():
        session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language))
        assert parse(word, language) == Tell()  # the parser
        assert handle(session, word).events == (CodeShown(session.code),)  # its handler
        helper = Presenter(Words(language))
        overview = " ".join(helper.render(HelpShown(None)))
        assert f"{word}." in overview or f"{word} " in overview  # help lists it
        explained = helper.render(HelpShown("tell"))[0]
        assert explained.startswith(f"{word}. ")  # and explains it
        assert word in complete(word[:3], language)[0]  # completion
        mode = JsonMode(session)
        [event] = mode.reply(word)["events"]  # the JSON mode
        assert event["type"] == "code" and event["code"] == "HM1-N-EMQPNCT"
    assert commands.find("fortæl").name == "tell"  # its names work in any language


def test_a_setting_is_said_on_resume_only_when_its_declaration_says_so(monkeypatch):
    """Issue 27, point 5: `Audience.SESSION` (the session reads the setting when it plays)
    no longer also means "said with every resumed game while on": a new switch that is on
    by default made every resume say it. `said_on_resume` says it, apart."""
    from halfmoon_a11y.core.values import replace
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.play.start import Start

    monkeypatch.setitem(SETTINGS, "beeps", replace(BEEPS, default=True))
    resumed = Start(DealCode.parse("HM1-N-EMQPNCT"), resumed=True)
    on = Settings().replace(move_errors=True)
    dealt = Session(resumed, on).opening().dealt
    assert dealt is not None and dealt.advice_on == ("move-errors",)  # not beeps
    monkeypatch.setitem(SETTINGS, "beeps", replace(BEEPS, default=True, said_on_resume=True))
    dealt = Session(resumed, on).opening().dealt
    assert dealt is not None and dealt.advice_on == ("move-errors", "beeps")
    assert [key for key, spec in SETTINGS.items() if spec.said_on_resume] == [
        "move-errors",
        "placement-help",
        "beeps",
    ]
