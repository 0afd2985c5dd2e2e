"""The interactive front end on prompt_toolkit, tuned for screen readers.

No pop-up menus, no toolbar, no right prompt, no redraw timer, no cursor
position requests: nothing appears or moves on the screen unless the player
typed something.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

from halfmoon_a11y.core.places import ALL_LOCATIONS
from halfmoon_a11y.play import commands
from halfmoon_a11y.play.errors import UnknownCommandError
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.ui.frontend import SpeakerFactory, TextFrontEnd, printer

# Set before prompt_toolkit is imported: a cursor position request makes some
# terminals and screen readers wait, and prints a warning where none answers.
os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle

PROMPT = "> "
LOCATION_WORDS = [str(location) for location in ALL_LOCATIONS]
ARGUMENT_WORDS = {
    "pick": LOCATION_WORDS,
    "pile": [str(n) for n in range(1, 13)],
    "lang": ["ca", "da", "en"],
    "set": ["move-errors", "placement-help", "cards", "rate"],
    "speech": ["on", "off"],
    "help": [spec.name for spec in commands.COMMANDS],
}


class CommandCompleter(Completer):
    """Command names first, then the arguments each command takes."""

    def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        current = "" if text.endswith(" ") or not words else words[-1]
        if len(words) == 0 or (len(words) == 1 and current):
            candidates = commands.command_words()
        else:
            try:
                name = commands.find(words[0]).name
            except UnknownCommandError:
                return
            candidates = ARGUMENT_WORDS.get(name, [])
        for word in candidates:
            if word.lower().startswith(current.lower()):
                yield Completion(word, start_position=-len(current))


def run_prompt(session: Session, speaker_factory: SpeakerFactory | None = None) -> int:
    front = TextFrontEnd(session, printer(sys.stdout), speaker_factory)
    prompt: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=CommandCompleter(),
        complete_style=CompleteStyle.READLINE_LIKE,
        complete_while_typing=False,
        enable_system_prompt=False,
        mouse_support=False,
        refresh_interval=0,
    )

    def typed(buffer: Buffer) -> None:
        if buffer.text:  # the first key of a new command silences the voice
            front.speaker.interrupt()

    prompt.default_buffer.on_text_changed += typed
    try:
        front.start()
        while not session.finished:
            try:
                text = prompt.prompt(PROMPT)
            except KeyboardInterrupt:
                continue  # Ctrl-C cancels the line
            except EOFError:
                front.line("quit")  # Ctrl-D leaves as quit does
                break
            front.line(text)
    finally:
        front.close()
    return 0
