import sys

try:
    from halfmoon_a11y.ui.cli import run
except KeyboardInterrupt:  # Ctrl-C while the program is still loading: no traceback
    sys.exit(130)

run()
