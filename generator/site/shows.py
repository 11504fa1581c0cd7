"""What a page shows, as keys (``Page.shows``): an event, a player's ratings, his season places,
the invitations naming an event. A build renders again the pages whose keys changed
(run/changes.py), which reads these keys without loading the pages themselves."""
from __future__ import annotations


def EVENT(event_id: str) -> tuple:
    return ("event", event_id)


def RATING(player_id: str) -> tuple:
    return ("rating", player_id)


def PLACES(player_id: str) -> tuple:
    """The player's places in the seasons' leaderboards and his invitations (his page's summary)."""
    return ("season places", player_id)


def INVITED(event_id: str) -> tuple:
    """The season's invitations that name the event (its printed report lists them)."""
    return ("invited", event_id)
