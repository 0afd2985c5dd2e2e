"""The settings file: TOML in the platform's configuration folder.

Written only when the player changes a setting with a command (or by hand), and
then only the key that changed: the player's other keys, hand edits and comments
stay as they are (tomlkit).
Command-line options and environment variables override it for one run and
are never written back.

Each setting's key is its one name (`lang`, `move-errors`). A file from an older
release, with the fields as keys (`language`, `move_errors`), is still read, and
the next save renames those keys.
"""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import field, record
from halfmoon_a11y.play.settings import SETTINGS, Settings, SettingSpec, by_field
from halfmoon_a11y.store.files import (
    NotARegularFile,
    NotOwned,
    TooLarge,
    atomic_write,
    honoured_link,
    keep_aside,
    own_folder,
    read_small,
    unusable,
)

if TYPE_CHECKING:
    from typing import Any

    from halfmoon_a11y.store.files import StrPath


class UnreadableSettings(ValueError):
    pass


MAX_BYTES = 64 * 1024  # a settings file is a few lines


FILE_ONLY = {"player": str}  # machine configuration, not a game setting: no command sets it


def _check(values: dict[str, Any]) -> dict[str, Any]:
    """The known keys, each checked by its setting's kind and stored under the setting's
    key (an older file's name too); a bad one makes the file unreadable."""
    checked: dict[str, Any] = {}
    for key, kind in FILE_ONLY.items():
        if key in values:
            if not isinstance(values[key], kind):
                raise UnreadableSettings(key)
            checked[key] = values[key]
    for spec in SETTINGS.values():
        for name in (*spec.older_names(), spec.key):  # the key wins over an older name
            if name not in values:
                continue
            try:
                checked[spec.key] = spec.check(values[name])
            except ValueError:
                raise UnreadableSettings(name) from None
    return checked  # a key from a later release: left in the file, not used here


def _named(name: str) -> SettingSpec | None:
    """The setting by its key or its field (the keeper saves by field)."""
    try:
        return SETTINGS.get(name) or by_field(name)
    except KeyError:
        return None


@record(frozen=False)
class SettingsFile:
    path: StrPath
    stored: dict[str, Any] = field(default_factory=dict)
    aside: str | None = None  # where an unreadable file was kept
    unreadable: bool = False
    foreign: bool = False  # its folder is another user's: neither read nor written

    @classmethod
    def load(cls, path: StrPath) -> SettingsFile:
        try:
            own_folder(os.path.dirname(os.fspath(path)) or ".")  # closed if open to others
        except NotOwned:  # another user's folder: nothing read from it
            return cls(path, foreign=True)
        except OSError:
            pass  # no such folder, or it cannot be asked: the reads below say
        if unusable(path):  # a FIFO, a device, a folder, a link that is not the player's
            return cls(path, aside=keep_aside(path), unreadable=True)
        try:
            raw = read_small(path, MAX_BYTES)
        except (NotARegularFile, TooLarge, NotOwned):  # NotOwned: another user's file
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
        stored = self.stored
        return base.replace(
            **{spec.field: stored[spec.key] for spec in SETTINGS.values() if spec.key in stored}
        )

    @property
    def player(self) -> str | None:
        value = self.stored.get("player")
        return value if isinstance(value, str) else None

    def save(self, name: str, value: bool | int | str) -> None:
        """Store one changed setting (named by its key or its field), as
        `SettingSpec.to_file` gives it, under its key. Keys an older release wrote are
        renamed on the way, their values and comments kept.

        Raises OSError when the file cannot be written."""
        spec = _named(name)
        key = spec.key if spec else name
        if self.foreign:
            raise NotOwned(f"{os.path.dirname(os.fspath(self.path))} belongs to another user")
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
        for each in SETTINGS.values():
            for older in each.older_names():
                if older in document:  # renamed, its comment kept; a newer key wins
                    item = document.item(older)
                    del document[older]
                    if each.key not in document:
                        document[each.key] = item
        self.stored[key] = value
        # Through a symlink only when it is the player's own, to a file of theirs that
        # reads as settings (a dotfile manager's link); any other link is replaced.
        data = tomlkit.dumps(document).encode("utf-8")
        atomic_write(self.path, data, follow_link=honoured_link(self.path))
