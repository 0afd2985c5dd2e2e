"""Heard by Orca: what the real Orca screen reader says while the game is played in a terminal.

A developer's tool, never run by the tests: it needs a whole desktop stack (README.md here).
"""
