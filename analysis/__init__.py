"""How often Half Moon can be won: the solver, its checks, and the study of 10,000 deals.

Research code beside the game, never shipped with it and never imported by
it; it reads the game only through `halfmoon_a11y.core`. See README.md here
and docs/win-rate.md.
"""
