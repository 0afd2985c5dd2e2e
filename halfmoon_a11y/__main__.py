import sys

try:
    from halfmoon_a11y.ui.cli import main
except KeyboardInterrupt:  # Ctrl-C while the program is still loading: no traceback
    sys.exit(130)

sys.exit(main())
