"""The settings file: TOML in the platform's configuration folder.

Written only when the player changes a setting with a command (or by hand), and
then only the key that changed: the player's other keys, hand edits and comments
stay as they are (tomlkit).
Command-line options and environment variables override it for one run and
are never written back.
"""

from __future__ import annotations

import os

from halfmoon_a11y.core.values import field, record
from halfmoon_a11y.play.settings import SETTINGS, Settings, by_field
from halfmoon_a11y.store.files import (
    NotARegularFile,
    TooLarge,
    atomic_write,
    keep_aside,
    read_small,
)

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from typing import Any

    from halfmoon_a11y.store.files import StrPath


class UnreadableSettings(ValueError):
    pass


MAX_BYTES = 64 * 1024  # a settings file is a few lines


FILE_ONLY = {"player": str}  # machine configuration, not a game setting: no command sets it


def _check(values: dict[str, Any]) -> dict[str, Any]:
    """The known keys, each checked by its setting's kind; a bad one makes the file unreadable."""
    checked: dict[str, Any] = {}
    for key, value in values.items():
        if key in FILE_ONLY:
            if not isinstance(value, FILE_ONLY[key]):
                raise UnreadableSettings(key)
            checked[key] = value
            continue
        try:
            spec = by_field(key)
        except KeyError:
            continue  # a key from a later release: left in the file, not used here
        try:
            checked[key] = spec.check(value)
        except ValueError:
            raise UnreadableSettings(key) from None
    return checked


@record(frozen=False)
class SettingsFile:
    path: StrPath
    stored: dict[str, Any] = field(default_factory=dict)
    aside: str | None = None  # where an unreadable file was kept
    unreadable: bool = False

    @classmethod
    def load(cls, path: StrPath) -> SettingsFile:
        try:
            raw = read_small(path, MAX_BYTES)
        except (NotARegularFile, TooLarge):
            return cls(path, aside=keep_aside(path), unreadable=True)
        except OSError:
            return cls(path, unreadable=True)
        if raw is None:
            return cls(path)
        import tomllib  # only when there is a settings file to read

        try:
            values = tomllib.loads(raw.decode("utf-8"))
            stored = _check(values)
        except (ValueError, RecursionError):  # not UTF-8, not TOML, a bad value, too deep
            return cls(path, aside=keep_aside(path), unreadable=True)
        return cls(path, {**values, **stored})

    def settings(self, base: Settings) -> Settings:
        known = {spec.field for spec in SETTINGS.values()}
        return base.replace(**{k: v for k, v in self.stored.items() if k in known})

    @property
    def player(self) -> str | None:
        value = self.stored.get("player")
        return value if isinstance(value, str) else None

    def save(self, key: str, value: bool | int | str) -> None:
        """Store one changed setting, as `SettingSpec.to_file` gives it.

        Raises OSError when the file cannot be written."""
        if self.unreadable and self.aside is None and os.path.exists(self.path):
            # never overwrite a file we could not read and could not move aside
            raise OSError(f"{self.path} could not be read, so it is left as it is")
        import tomlkit  # only when a setting changes: it costs nothing at start-up

        raw = read_small(self.path, MAX_BYTES)  # as it is now: edited by hand since, maybe
        try:
            document = tomlkit.parse(raw.decode("utf-8")) if raw else tomlkit.document()
        except (ValueError, RecursionError, tomlkit.exceptions.ParseError):
            # broken by hand since the game started: left as it is, never overwritten
            raise OSError(f"{self.path} is no longer TOML, so it is left as it is") from None
        document[key] = value  # that key alone: the other keys and the comments stay
        self.stored[key] = value
        atomic_write(self.path, tomlkit.dumps(document).encode("utf-8"))
