"""Each setting, as type checkers see it and by its one name.

`Settings` declares each setting's attribute with its type, so that mypy refuses
`settings.rtae`; these tests hold those declarations to `SETTINGS`. Each setting's
key is its one name: `set KEY`, `--KEY`, the settings file's key and
HALFMOON_A11Y_KEY; the names of older releases are still read.
"""

from __future__ import annotations

import tomllib
import typing

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.values import replace
from halfmoon_a11y.play import settings as settings_module
from halfmoon_a11y.play.settings import (
    SETTINGS,
    Choice,
    Number,
    Settings,
    SettingSpec,
    find_setting,
)
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.cli import _from_environment
from halfmoon_a11y.ui.options import build_parser
from tests.support import play


def value_type(spec: SettingSpec) -> type:
    """The type of a setting's values, from its kind: what its `parse` gives."""
    if isinstance(spec.kind, Choice):
        return spec.kind.values
    hint: type = typing.get_type_hints(type(spec.kind).parse)["return"]
    return hint


def declared() -> dict[str, type]:
    """The attributes `Settings` declares for type checkers, with their types."""
    namespace = vars(settings_module)
    return {
        name: eval(hint, namespace)  # the annotations are strings (`from __future__`)
        for name, hint in Settings.__annotations__.items()
        if not name.startswith("_")
    }


def test_each_setting_is_declared_with_its_type_for_type_checkers():
    assert declared() == {spec.field: value_type(spec) for spec in SETTINGS.values()}
    assert list(declared()) == [spec.field for spec in SETTINGS.values()]  # the same order
    for spec in SETTINGS.values():
        assert isinstance(spec.default, value_type(spec)), spec.key
        assert type(getattr(Settings(), spec.field)) is type(spec.default)


def test_a_setting_without_its_declaration_is_found(monkeypatch):
    """What the test above sees when a setting is added to SETTINGS alone."""
    volume = replace(SETTINGS["rate"], key="volume", field="volume")
    monkeypatch.setitem(SETTINGS, "volume", volume)
    assert "volume" not in declared()
    assert declared() != {spec.field: value_type(spec) for spec in SETTINGS.values()}


# -- one name for each setting -----------------------------------------------------------
# Its key is typed after `set` in English, is its option, its settings file's key and,
# upper-cased with - as _, its environment variable.


@pytest.fixture
def session_in(paths):
    def start():
        settings_file = SettingsFile.load(paths.settings)
        keeper = Keeper(paths, settings_file)
        return keeper.open(DealCode.parse("HM1-N-EMQPNCT"), settings_file.settings(Settings()))

    return start


def typed(spec: SettingSpec) -> str:
    """A value of the setting, other than its default, as a player types it."""
    words = [word for word in spec.kind.words() if spec.parse(word) != spec.default]
    if words:
        return words[0]
    assert isinstance(spec.kind, Number)
    return str(spec.kind.low)  # a Number: its lowest


def test_each_setting_has_one_name_everywhere(session_in, paths):
    session = session_in()
    options = {
        option for action in build_parser(Words("en"))._actions for option in action.option_strings
    }
    for spec in SETTINGS.values():
        assert find_setting(spec.key) is spec  # `set KEY`, in English
        if spec.option_help:
            assert f"--{spec.key}" in options
        play(session, f"set {spec.key} {typed(spec)}")
        variable = "HALFMOON_A11Y_" + spec.key.upper().replace("-", "_")
        assert _from_environment({variable: typed(spec)}, Words("en")) == {
            spec.field: spec.parse(typed(spec))
        }
    written = tomllib.loads(paths.settings.read_text())
    assert list(written) == list(SETTINGS)  # the file's keys are the keys
    assert session_in().settings == session.settings  # and are read back


def test_the_file_and_the_environment_use_the_key_not_the_field(paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text('lang = "da"\nmove-errors = true\n')
    assert SettingsFile.load(paths.settings).settings(Settings()) == Settings(
        language="da", move_errors=True
    )
    found = _from_environment({"HALFMOON_A11Y_LANG": "ca"}, Words("en"))
    assert found == {"language": "ca"}


OLDER_FILE = """# written by an older release
language = "ca"  # Catalan, please
move_errors = true
placement_help = true
rate = 200
"""


def test_an_older_settings_file_is_read_and_rewritten_with_the_keys(session_in, paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text(OLDER_FILE)
    session = session_in()
    chosen = Settings(language="ca", move_errors=True, placement_help=True, rate=200)
    assert session.settings == chosen  # nothing lost
    play(session, "set cards short")  # the next save
    text = paths.settings.read_text()
    assert tomllib.loads(text) == {
        "lang": "ca",
        "move-errors": True,
        "placement-help": True,
        "rate": 200,
        "cards": "short",
    }
    assert "# written by an older release" in text and "# Catalan, please" in text
    assert session_in().settings == chosen.replace(cards="short")


def test_the_key_wins_over_an_older_name(paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text('language = "ca"\nlang = "da"\n')
    settings_file = SettingsFile.load(paths.settings)
    assert settings_file.settings(Settings()).language == "da"
    settings_file.save("rate", 200)
    assert tomllib.loads(paths.settings.read_text()) == {"lang": "da", "rate": 200}
    both = {"HALFMOON_A11Y_LANGUAGE": "ca", "HALFMOON_A11Y_LANG": "da"}
    assert _from_environment(both, Words("en")) == {"language": "da"}


def test_the_older_environment_names_are_still_honoured():
    older = {"HALFMOON_A11Y_LANGUAGE": "da", "HALFMOON_A11Y_MOVE_ERRORS": "on"}
    assert _from_environment(older, Words("en")) == {"language": "da", "move_errors": True}


def test_a_bad_value_under_an_older_key_still_makes_the_file_unreadable(paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text("placement_help = 3\n")
    assert SettingsFile.load(paths.settings).unreadable
