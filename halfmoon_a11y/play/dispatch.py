"""A line or a command run on a session: parsed in the player's language, then run by
the handler of its entry in the command table.

Outside the session so that the session knows no command: the table's handlers take a
session, and the session importing the table back would make the two import each other.
Nothing raises from here but a bug: anything refused is a `Refused` event.
"""

from __future__ import annotations

from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play.answers import Answer, Refused
from halfmoon_a11y.play.session import Session


def parse(session: Session, line: str) -> cmd.Command:
    """One line in the player's language as a command; raises HalfMoonError."""
    return cmd.parse(line, session.settings.language)


def understands(session: Session, line: str) -> bool:
    """Whether a line is a command in the player's language (for keeping history)."""
    try:
        parse(session, line)
    except HalfMoonError:
        return False
    return bool(line.strip())


def handle(session: Session, line: str) -> Answer:
    """Parse one line and run it."""
    try:
        command = parse(session, line)
    except HalfMoonError as error:
        return Answer((Refused(error),))
    return execute(session, command)


def execute(session: Session, command: cmd.Command) -> Answer:
    """Run one command by the handler of its entry in the command table."""
    session.begin_command()
    try:
        return cmd.handler(command)(session, command)
    except HalfMoonError as error:
        return Answer((Refused(error),))
