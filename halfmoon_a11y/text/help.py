"""Help, usage lines and the words for setting values, from the command table and the
settings' declarations: nothing here lists a command or a setting by hand."""

from __future__ import annotations

from typing import Any

from halfmoon_a11y.play.commands import COMMANDS, find, settings_of_set
from halfmoon_a11y.play.lexicon import ENGLISH, languages, lexicon
from halfmoon_a11y.play.settings import SETTINGS, Choice, Language, Number, SettingSpec, Switch
from halfmoon_a11y.text.words import Words


class Helper:
    """Help and usage in the language of `words`."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def overview(self) -> list[str]:
        w = self.words
        return (
            [w._("Commands:")]
            + [self.line(spec.name) for spec in COMMANDS]
            + [w._("Type help and a command name to hear more.")]
        )

    def topic(self, name: str) -> list[str]:
        spec = find(name)
        names = [spec.name, *spec.aliases]
        return [self.line(name), self.words._("Also: {names}.").format(names=", ".join(names))]

    def line(self, name: str) -> str:
        w = self.words
        spec = find(name)
        summary = w._(spec.summary)
        if "{settings}" in summary:
            summary = summary.format(settings=self.settings_listing())
        return w._("{command}: {summary}").format(command=self.usage(name), summary=summary)

    def usage(self, name: str) -> str:
        """The command's name in the player's language, then its arguments."""
        spec = find(name)
        if spec.setting is not None:
            arguments = self.values(SETTINGS[spec.setting])
        else:
            arguments = self.words._(spec.usage) if spec.usage else ""
        return f"{self.local_name(name)} {arguments}".strip()

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

    def values(self, spec: SettingSpec) -> str:
        """The values a setting takes, as a player would type them: "on or off"."""
        w, kind = self.words, spec.kind
        match kind:
            case Number(low=low, high=high):
                return w._("{low} to {high}").format(low=low, high=high)
            case Language():
                return w.either(list(languages()))
            case Switch() | Choice():
                return w.either([self.value_word(word) for word in kind.words()])
        raise AssertionError(kind)  # pragma: no cover

    def value_word(self, word: str) -> str:
        """A canonical value word ("on", "full") as the player's language types it."""
        return lexicon(self.words.language).value(word) or ENGLISH.value(word) or word

    def announcement(self, spec: SettingSpec, value: Any) -> str:
        """ "Move errors: on." in the player's language."""
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
        return w._(spec.announce).format(value=said)
