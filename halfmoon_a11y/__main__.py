import sys

from halfmoon_a11y.cli import main

sys.exit(main())
