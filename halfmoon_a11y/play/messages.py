"""Marking sentences for translation. The text layer translates them; play never does."""


def N_(message: str) -> str:
    """Marks a message for the catalogs (`pybabel extract -k N_`); returns it unchanged."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks a message with its context (`-k NP_:1c,2`); returns the message unchanged."""
    return message
