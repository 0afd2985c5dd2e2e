"""The front ends: the command line, the text front end (plain lines and the
prompt_toolkit prompt, with its key bindings), and the JSON lines mode.

May import every other layer. The only layer that imports prompt_toolkit, and
only for the interactive prompt: the JSON mode and plain mode never load it.
"""
