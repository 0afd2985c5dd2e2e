import sys

from halfmoon_a11y.ui.cli import main

sys.exit(main())
