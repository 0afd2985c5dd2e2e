"""The machine the game runs on: the one way the program opens a file it owns
(`owned.py`: folders 0700, files 0600, regular files only, never blocking, bounded
reads, whole writes), which system this is (`system.py`: the one place the Windows and
macOS branches ask), and whether a process runs, asked of Windows itself
(`windows_process.py`).

Imports the standard library and `halfmoon_a11y.core` only. The store and the voice
both need it and may not import each other; the play layer never imports it, so that
playing stays pure (docs/architecture.md).
"""
