"""Ids are lowercase slugs; a player's default id is the slug of the name, diacritics folded."""
from __future__ import annotations

import re
import unicodedata

SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_SLUG = 100  # ids become file names; a file name longer than 255 bytes cannot be written

# Letters that Unicode does not decompose into base + accent (so NFKD alone keeps them).
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss",
                       "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "þ": "th"})


def slugify(text: str) -> str:
    """``Łukasz Żółć`` → ``lukasz-zolc``."""
    folded = unicodedata.normalize("NFKD", str(text).translate(_FOLD))
    ascii_only = "".join(c for c in folded if not unicodedata.combining(c)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_only.lower()).strip("-")


def is_slug(text) -> bool:
    # fullmatch: with match and '$', "abc\n" passed and put a newline into file names and URLs
    return isinstance(text, str) and len(text) <= MAX_SLUG and bool(SLUG_RE.fullmatch(text))
