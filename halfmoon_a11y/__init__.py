"""Half Moon, a two-deck solitaire of the Elevens family, made for play by ear."""

__version__ = "0.1.0"
