"""Podium: tournament results as a static site."""

__version__ = "0.2.0"
