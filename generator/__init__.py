"""Podium: tournament results as a static site."""

__version__ = "0.3.0"
