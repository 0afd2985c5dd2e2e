"""The game's own voice: the speaker interface, choosing a speaker, the speech worker,
synthesis (pyttsx3) and the audio player process.

Imports `core`, `play` and `text`. The only layer that imports pyttsx3, and it
does so when the first sentence is synthesised.
"""
