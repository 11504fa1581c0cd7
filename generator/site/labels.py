"""Words the pages show for the engine's codes: flags, statuses, tie-breakers, stages.

Each is an English msgid, translated by the templates through the site's gettext catalog.
"""
from __future__ import annotations

from podium.core.words import N_, Nn_  # noqa: F401 (the pages' modules mark their texts with these)
from podium.rules.flags import WORDS


def msg(text: str, **values) -> dict:
    """A sentence with numbers or names in it, translated as one whole in the template."""
    return {"text": text, "args": values}


def plain(m: dict) -> str:
    """A ``msg`` as English text, for the terminal (the site translates it: render.py ``message``)."""
    return m["text"] % {key: plain(value) if isinstance(value, dict) else value for key, value in m["args"].items()}


def count_msg(texts: tuple[str, str], count_key: str, **values) -> dict:
    """A sentence whose form follows the number ``values[count_key]`` (1 round, 2 rounds)."""
    singular, plural = texts
    return {"text": singular, "plural": plural, "count": values[count_key], "args": values}


FLAGS = WORDS  # the report's flags (Seat.flag), worded where they are named

COLOURS = {"white": N_("White"), "black": N_("Black")}

# The colours a registration may prefer ('colours: [red, yellow]'), in the catalogues' words.
PREFERRED_COLOURS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}


def colour_said(word: str) -> dict | str:
    """A player's preferred colour as the site says it: one of the catalogues' colours, in the
    site's language (a ``msg``), or the organizer's own word as he wrote it."""
    known = PREFERRED_COLOURS.get(word.lower())
    return msg(known) if known else word

STATUS = {"active": "", "dropped": N_("withdrew"), "disqualified": N_("disqualified"), "excluded": N_("excluded")}

# Words said of a player that take his or her gender in Polish, Italian and Czech: each has a
# feminine form in the catalogues (msgctxt "feminine"), said of a woman (i18n.py ``feminine``).
GENDERED = (N_("withdrew"), N_("disqualified"), N_("excluded"), N_("invited"), N_("winner: %(name)s"),
            N_("invited to the final"))

# Why a passed-down invitation passed a player over (rules/season.py): already invited, or his status.
PASSED_OVER = {"invited": N_("already invited"), "dropped": N_("withdrew"), "disqualified": N_("disqualified"),
               "excluded": N_("excluded")}

# What put a standings row above the next, as its "ahead of … on …" line says it (never points:
# a row ahead on points says nothing, site/model.py ``_ahead``).
SEPARATED = {
    "hq_diff": N_("HQ difference"),
    "head_to_head": N_("head-to-head game"),
    "sos": N_("Strength of Schedule"),
    "esos": N_("Extended Strength of Schedule"),
    "random": N_("random lot"),
    "bracket": N_("finals"),
    "games_won": N_("games won"),
    "margin_sum": N_("sum of margins"),
    "tiles": N_("tiles used"),
    "mutual_points": N_("results between the tied players"),
    "playoff": N_("play-off game"),
    "secondary": N_("secondary points"),
    "wins": N_("wins"),
    "tertiary": N_("tertiary points"),
    "second_places": N_("second places"),
    "vp": N_("victory points"),
    "round_points": N_("points by round"),
    "manual": N_("organizer's decision"),
    "round-robin": N_("round-robin groups"),
    "pairs-rotation": N_("group stage"),
    "free-for-all": N_("free-for-all table"),
    "tables": N_("tables"),
    "swiss": N_("Swiss rounds"),
}


def separated(key: str, titles: dict) -> str:
    """What separated a row from the one above, in words: the table above, else the tie-breaker's
    title as the report gives it (``titles``; each tie-breaker's title is in the catalogs)."""
    return SEPARATED.get(key) or titles.get(key, key)

MATCHES = {"final": N_("Final"), "third-place": N_("3rd place"), "semifinal": N_("Semifinal"),
           "quarterfinal": N_("Quarterfinal"), "round-of-16": N_("Round of 16"), "round-of-32": N_("Round of 32")}


def match_name(name) -> dict:
    """A match's or round's name (the report's MatchName), as a sentence to translate: its own
    name up to the round of 32, then "round of 64", "round of 128" … from one message with the
    count in it."""
    if name.label in MATCHES:
        return msg(MATCHES[name.label])
    return msg(N_("Round of %(players)s"), players=name.players) if name.players else msg(name.label)

RESULTS = {"win": N_("win"), "loss": N_("loss"), "draw": N_("draw"), "bye": N_("bye"),
           "place-1": N_("1st place"), "place-2": N_("2nd place"), "place-3": N_("3rd place"),
           "place-4": N_("4th place"), "place-5": N_("5th place")}

CLOCK_STAGES = (N_("swiss"), N_("knockout"), N_("final"), N_("round-robin"), N_("pairs-rotation"), N_("tables"),
                N_("free-for-all"))


# An open tie (the report's OpenTie, a standings row's ``awaits``) in the words of the rules:
# what it awaits is the engine's (a play-off game, the organizer's decision); these frame it, the
# same for the terminal and every page.
TIED_AWAITING = N_("tied, awaiting %(decision)s")
OPEN_TIE = N_("tie for places %(places)s: awaiting %(decision)s")
OPEN_TIE_IN_GROUP = N_("tie for places %(places)s in group %(group)s: awaiting %(decision)s")


def tied_awaiting(awaits: str) -> dict:
    """A standings row whose place awaits a decision."""
    return msg(TIED_AWAITING, decision=msg(awaits))


def open_ties(report) -> list[dict]:
    """Each tie the rules leave open (the report's ``open_ties``): its places and what it awaits."""
    return [_open_tie(tie) for tie in report.open_ties]


def _open_tie(tie) -> dict:
    running = list(tie.places) == list(range(tie.places[0], tie.places[-1] + 1))
    places = f"{tie.places[0]}–{tie.places[-1]}" if running else ", ".join(map(str, tie.places))
    if tie.group:
        return msg(OPEN_TIE_IN_GROUP, places=places, group=tie.group, decision=msg(tie.awaits))
    return msg(OPEN_TIE, places=places, decision=msg(tie.awaits))
