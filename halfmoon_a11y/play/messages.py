"""Marking sentences for translation. The text layer translates them; play never does."""


def N_(message: str) -> str:
    """Marks a message for the catalogs (`pybabel extract -k N_`); returns it unchanged."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks a message with its context (`-k NP_:1c,2`); returns the message unchanged."""
    return message


class Surface:
    """Where the game is played, which decides a few sentences: a terminal (the
    prompt, plain mode and the JSON mode say the terminal's words) or a page."""

    TERMINAL = "terminal"
    PAGE = "page"


class BySurface:
    """One sentence said differently where the terminal's words would be untrue: the
    terminal's text and the page's, declared together, so that no sentence of the
    terminal can reach the page without the page's own beside it. `words`: the command,
    setting and value names the page's text puts in braces ({set} {speech} {on}), filled
    in the player's language when it is worded."""

    __slots__ = ("page", "terminal", "words")

    def __init__(self, terminal: str, page: str, words: tuple[str, ...] = ()) -> None:
        self.terminal = terminal
        self.page = page
        self.words = words

    def on(self, surface: str) -> str:
        """The text for `surface`, untranslated."""
        return self.page if surface == Surface.PAGE else self.terminal

    def __repr__(self) -> str:
        return f"BySurface({self.terminal!r}, {self.page!r})"
