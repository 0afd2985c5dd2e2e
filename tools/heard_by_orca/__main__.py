"""python3 -m tools.heard_by_orca SCENARIO [options], from the repository's root."""

from __future__ import annotations

from .heard import main

raise SystemExit(main())
