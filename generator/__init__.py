"""Podium: tournament results as a static site."""

__version__ = "0.1.0"
