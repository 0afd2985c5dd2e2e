"""macOS's own `say` command as the synthesiser, where pyttsx3 cannot start there (its
nsss driver's objc troubles, pyttsx3 #297 and #306).

Each sentence becomes an AIFF file: `say -v VOICE -r RATE -o FILE.aiff -f -`, the
text on standard input, so no text is ever read as an option and no shell sees it.
`say -v '?'` lists the voices, one a line: its name, its language code, a sample.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

from halfmoon_a11y.play.lexicon import LEXICONS
from halfmoon_a11y.voice.synth import SynthesisError, audio_header

COMMAND = "say"
TIMEOUT = 10.0  # seconds a sentence or the voice list may take
# "Alex                en_US    # Most people recognize me by my voice." A name may hold
# spaces and brackets ("Eddy (English (UK))"); the language code is the last word
# before the '#'.
_VOICE_LINE = re.compile(r"^(?P<name>.+?)\s+(?P<code>[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]+)*)\s+#")


def available() -> bool:
    return shutil.which(COMMAND) is not None


def parse_voices(listing: str) -> list[tuple[str, str]]:
    """(name, language code) for each voice `say -v '?'` lists, the code as "en-us".

    >>> parse_voices("Alex   en_US    # Hello\\nEddy (English (UK)) en_GB # Hi\\n")
    [('Alex', 'en-us'), ('Eddy (English (UK))', 'en-gb')]
    """
    voices = []
    for line in listing.splitlines():
        found = _VOICE_LINE.match(line)
        if found is not None:
            voices.append((found["name"].strip(), found["code"].lower().replace("_", "-")))
    return voices


class SaySynthesizer:
    """The same interface as voice.synth's Pyttsx3Synthesizer, through `say`."""

    suffix = ".aiff"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._counter = itertools.count()
        self._listed: list[tuple[str, str]] | None = None

    def start(self) -> None:
        """Check that `say` runs at all, by listing its voices."""
        self._voices()

    def _voices(self) -> list[tuple[str, str]]:
        if self._listed is None:
            done = subprocess.run(
                [COMMAND, "-v", "?"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=TIMEOUT,
                check=True,
            )
            self._listed = parse_voices(done.stdout.decode("utf-8", "replace"))
        return self._listed

    def voice_names(self) -> dict[str, str]:
        """The voice for each of the game's languages that has one."""
        names = {}
        for language in LEXICONS:
            name = self._voice(language)
            if name is not None:
                names[language] = name
        return names

    def _voice(self, language: str) -> str | None:
        wanted_codes = LEXICONS[language].voices if language in LEXICONS else (language,)
        for wanted in wanted_codes:
            for name, code in self._voices():
                if code == wanted or code.startswith(wanted + "-"):
                    return name
        return None

    def synthesize(self, text: str, language: str, rate: int) -> Path:
        path = self.folder / f"utterance-{next(self._counter)}{self.suffix}"
        command = [COMMAND, "-r", str(rate), "-o", str(path), "-f", "-"]
        voice = self._voice(language)
        if voice is not None:
            command[1:1] = ["-v", voice]
        try:
            subprocess.run(
                command,
                input=text.encode("utf-8"),
                capture_output=True,
                timeout=TIMEOUT,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as error:
            path.unlink(missing_ok=True)
            raise SynthesisError(f"say failed for {text!r}") from error
        header = audio_header(path) if path.exists() else None
        if header is None or path.stat().st_size <= header:
            path.unlink(missing_ok=True)
            raise SynthesisError(f"no audio for {text!r}")
        return path
