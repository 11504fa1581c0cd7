"""Texts marked for the catalogs: ``N_`` and ``Nn_`` return what they are given, and
scripts/update_catalogs.py finds every text passed to them (commands/i18n_sources.py). The site
translates them; a file written for the organizer (a round file's comments) keeps the English."""
from __future__ import annotations


def N_(text: str) -> str:
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a sentence with a count for the catalogs (both forms; each language has its own)."""
    return singular, plural
