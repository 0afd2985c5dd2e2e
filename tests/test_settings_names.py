"""Each setting, as type checkers see it and by its one name.

`Settings` declares each setting's attribute with its type, so that mypy refuses
`settings.rtae`; these tests hold those declarations to `SETTINGS`.
"""

from __future__ import annotations

import typing

from halfmoon_a11y.core.values import replace
from halfmoon_a11y.play import settings as settings_module
from halfmoon_a11y.play.settings import SETTINGS, Choice, Settings, SettingSpec


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
