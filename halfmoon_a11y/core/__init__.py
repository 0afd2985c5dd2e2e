"""The rules of Half Moon: cards, places, deal codes, the engine, its events and errors.

Pure: the standard library only, and nothing else of this package. No I/O, no
clock, no translated text. Everything else is built on this layer.
"""
