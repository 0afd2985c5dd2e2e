"""The settings file: TOML in the platform's configuration folder.

Written only when the player changes a setting with a command (or by hand).
Command-line options and environment variables override it for one run and
are never written back.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from halfmoon_a11y.play.settings import LANGUAGES, RATE_MAX, RATE_MIN, CardNames, Settings
from halfmoon_a11y.store.files import atomic_write, keep_aside


class UnreadableSettings(ValueError):
    pass


def _check(values: dict[str, Any]) -> dict[str, Any]:
    """The known keys, each of the right kind; anything else makes the file unreadable."""
    checked: dict[str, Any] = {}
    kinds = {"move_errors": bool, "placement_help": bool, "speech": bool, "player": str}
    for key, value in values.items():
        if key == "language":
            if value not in LANGUAGES:
                raise UnreadableSettings(key)
        elif key == "cards":
            if value not in tuple(CardNames):
                raise UnreadableSettings(key)
            value = CardNames(value)
        elif key == "rate":
            if isinstance(value, bool) or not isinstance(value, int):
                raise UnreadableSettings(key)
            if not RATE_MIN <= value <= RATE_MAX:
                raise UnreadableSettings(key)
        elif key in kinds:
            if not isinstance(value, kinds[key]):
                raise UnreadableSettings(key)
        else:
            continue  # a key from a later release: left in the file, not used here
        checked[key] = value
    return checked


@dataclass
class SettingsFile:
    path: Path
    stored: dict[str, Any] = dataclasses.field(default_factory=dict)
    aside: Path | None = None  # where an unreadable file was kept
    unreadable: bool = False

    @classmethod
    def load(cls, path: Path) -> SettingsFile:
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return cls(path)
        except OSError:
            return cls(path, unreadable=True)
        try:
            values = tomllib.loads(raw.decode("utf-8"))
            stored = _check(values)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, UnreadableSettings):
            return cls(path, aside=keep_aside(path), unreadable=True)
        return cls(path, {**values, **stored})

    def settings(self, base: Settings) -> Settings:
        known = {f.name for f in dataclasses.fields(Settings)}
        return dataclasses.replace(base, **{k: v for k, v in self.stored.items() if k in known})

    @property
    def player(self) -> str | None:
        value = self.stored.get("player")
        return value if isinstance(value, str) else None

    def save(self, key: str, value: Any) -> None:
        """Store one changed setting. Raises OSError when the file cannot be written."""
        if self.unreadable and self.aside is None and self.path.exists():
            # never overwrite a file we could not read and could not move aside
            raise OSError(f"{self.path} could not be read, so it is left as it is")
        self.stored[key] = str(value) if isinstance(value, CardNames) else value
        atomic_write(self.path, tomli_w.dumps(self.stored).encode("utf-8"))
