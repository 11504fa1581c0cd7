"""Every key of every content file, declared once.

``validate`` reads each key through these declarations (its kind, whether it is required, the
values it may take), so a key it reads but nobody declared is a bug it stops at; ``podium
schema`` writes the same declarations out as JSON Schemas, which editors use to complete keys
and flag mistakes while the organizer types. What a declaration cannot say (an id must be
registered, a score must suit the ruleset) stays in ``validate`` and the rules engine.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from podium.rules.kinds import STAGE_KINDS
from podium.values import LONGEST_LINE, LONGEST_TEXT

LANGUAGES = ("en", "pl", "it", "cs")
PENALTY_KINDS = ("warning", "disqualification", "points")
QUALIFICATIONS = ("invitations",)

NUMBER = (int, float)
NAME_OR_NUMBER = (str, int)
ANY = object


@dataclass(frozen=True)
class Key:
    kind: object  # a type, or a tuple of types, that _is_kind in validate understands
    doc: str
    required: bool = False
    items: object = None  # a list's items: a kind, or a Mapping for a list of mappings
    values: object = None  # a mapping's values (its keys are free): a kind
    mapping: Mapping | None = None  # a nested mapping with declared keys
    choices: tuple = ()
    minimum: int | None = None
    multiline: bool = False  # text of several lines (Markdown); other text is one line

    @property
    def longest(self) -> int:
        """Characters a text value may have: far beyond any real name or description."""
        return LONGEST_TEXT if self.multiline else LONGEST_LINE




@dataclass(frozen=True)
class Mapping:
    title: str
    keys: dict[str, Key] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Key:
        try:
            return self.keys[key]
        except KeyError:
            raise KeyError(f"'{key}' is read from {self.title} but not declared in generator/schema.py") from None


ID = str  # a registered player's id (a slug): in a schema, text

SITE = Mapping("site.yaml", {
    "title": Key(str, "The site's name, at the top of every page.", required=True),
    "language": Key(str, "The language of the site's words, dates and numbers.", choices=LANGUAGES),
    "base_url": Key(str, "Where the site is published, like https://my-club.github.io/tournaments "
                         "(for the feed, the sitemap and QR codes)."),
    "description": Key(str, "One sentence about the site, for search engines and link previews."),
    "footer": Key(str, "A line at the bottom of every page."),
    "theme_dir": Key(str, "A folder inside content/ whose templates and static files replace Podium's by name."),
    "logo": Key(str, "An image inside content/, shown beside the title on every page."),
    "favicon": Key(str, "An image inside content/, the browser tab's icon."),
})

PLAYER = Mapping("a player entry", {
    "name": Key(str, "The player's name as published.", required=True),
    "id": Key(str, "A slug naming the player across events; made from the name when left out."),
    "club": Key(str, "The player's club."),
    "country": Key(str, "The player's country."),
    "rating": Key(int, "A rating (Elo) for seeding."),
    "armies": Key(list, "The armies (factions) the player registers.", items=str),
    "finals_armies": Key(list, "Armies registered for the final stage, when the ruleset asks for them.", items=str),
    "beginner": Key(bool, "Plays the beginners' set, when the ruleset has one."),
    "colours": Key(list, "Preferred colours, first choice first.", items=str),
    "joins": Key(int, "A late entry: the first round the player plays (2, 3, …).", minimum=1),
    "team": Key(str, "A team event: the player's team; players of one team do not meet in a round robin, and a "
                     "default is scored as the ruleset's team games say (tantrix §7c)."),
})

WILDCARD = Mapping("a wildcard", {
    "player": Key(str, "The invited player's id.", required=True),
    "reason": Key(str, "Why the player is invited.", required=True),
})

SEASON = Mapping("a season", {
    "name": Key(str, "The season's name.", required=True),
    "ruleset": Key(str, "The ruleset whose events make up the season."),
    "qualification": Key(str, "How the season qualifies players for a championship.", choices=QUALIFICATIONS),
    "wildcards": Key(list, "Invitations given by the organizer.", items=WILDCARD),
    "points": Key(dict, "Season points by place: 1: 25, 2: 20, …", values=NUMBER),
    "description": Key(str, "Markdown shown on the season's page.", multiline=True),
})

PLAYOFF = Mapping("a play-off", {
    "players": Key(list, "The two tied players' ids.", required=True, items=ID),
    "winner": Key(str, "The id of the player who won the play-off game.", required=True),
})

EVENT = Mapping("event.yaml", {
    "name": Key(str, "The event's name.", required=True),
    "date": Key(datetime.date, "The day the event starts (YYYY-MM-DD)."),
    "season": Key(str, "The season (a file in content/seasons/) the event counts for."),
    "ruleset": Key(str, "The ruleset: a built-in one or a file in rulesets/.", required=True),
    "structure": Key(ANY, "'auto' (the ruleset's), a named table, or the stages written out."),
    "seed": Key(int, "Any whole number: every random draw of the event is made from it.", required=True),
    "venue": Key(str, "Where the event is played."),
    "level": Key(str, "The event's level, one of the ruleset's."),
    "description": Key(str, "Markdown shown on the event's page.", multiline=True),
    "organizer": Key(str, "The organizer's name."),
    "head_judge": Key(str, "The head judge's name."),
    "judges": Key(list, "The judges' names.", items=str),
    "technical_judge": Key(str, "The technical judge's name."),
    "manual_order": Key(list, "The organizer's decision on a tie the rules leave unbroken: ids, best first.",
                        items=ID),
    "draws": Key(int, "Which version of Podium's draws made the event: 1 for an event drawn with Podium 0.2 or "
                      "earlier (re-drawn as it was), 2 (the default) otherwise.", choices=(1, 2)),
    "playoffs": Key(list, "Play-off games held to break a tie (Tantrix §10c: a 5-minute game for a "
                          "qualifying place): who played, who won.", items=PLAYOFF),
})

BASES = Mapping("'bases'", {
    "intact": Key(int, "Bases left intact."),
    "damaged": Key(int, "Bases damaged."),
    "square": Key(int, "Bases on the square."),
})

GAME = Mapping("a game", {
    "score": Key(list, "Each player's score, in the order of 'players'.", items=NUMBER),
    "time": Key(list, "Each player's clock at the end, as \"mm:ss\" in quotes.", items=str),
    "tiles": Key(list, "Tiles each player used.", items=NUMBER),
    "winner": Key(str, "The id of the game's winner."),
    "home": Key(str, "The id of the player at home."),
    "clans": Key(list, "Each player's clan (faction), in the order of 'players'.", items=str),
    "forfeit": Key(str, "The id of the player who did not play this game."),
    "disconnected": Key(bool, "Both players lost the connection."),
})

PAIRING = Mapping("a pairing", {
    "table": Key(int, "The table number."),
    "players": Key(list, "The players' ids; one id with 'bye: true' for a bye.", items=ID),
    "bye": Key(bool, "This player has the bye."),
    "score": Key(list, "Each player's score, in the order of 'players'.", items=NUMBER),
    "winner": Key(NAME_OR_NUMBER, "The winner's id (a team's index, 0 or 1, in a 2-vs-2 game)."),
    "draw": Key(bool, "The game was drawn."),
    "forfeit": Key(str, "The id of the player who did not play."),
    "judge_loss": Key(str, "The id of the player a judge gave the loss (NS HEX §6.6), scored like a forfeit."),
    "armies": Key(list, "Each player's army, in the order of 'players'.", items=(str, type(None))),
    "modified": Key(bool, "A modified win."),
    "match": Key(str, "The knockout match this is (final, third-place, semifinal, …)."),
    "group": Key(NAME_OR_NUMBER, "The group this pairing belongs to."),
    "games": Key(list, "The games of a match, in order.", items=GAME),
    "teams": Key(list, "2-vs-2: the two pairs of ids, like [[a, b], [c, d]].", items=list),
    "home": Key(int, "2-vs-2: the pair at home, 0 or 1."),
    "bases": Key(dict, "Bases at the end of the game.", mapping=BASES),
    "finish": Key(list, "Free-for-all: the players from first to last.", items=ID),
    "eliminated": Key(dict, "Free-for-all: how many opponents each player eliminated.", values=int),
})

PENALTY = Mapping("a penalty", {
    "player": Key(str, "The penalized player's id.", required=True),
    "kind": Key(str, "warning, disqualification or points.", required=True, choices=PENALTY_KINDS),
    "points": Key(NUMBER, "Points taken off (kind: points)."),
    "reason": Key(str, "Why."),
})

ROUND = Mapping("a round file", {
    "round": Key(int, "The round's number, as the file's name.", required=True),
    "stage": Key(str, "The kind of stage the round belongs to.", required=True, choices=STAGE_KINDS),
    "pairings": Key(list, "The tables of the round and their results.", required=True, items=PAIRING),
    "penalties": Key(list, "Warnings, disqualifications and point penalties given in the round.", items=PENALTY),
    "drops": Key(list, "Players who withdraw after this round.", items=ID),
    "drawn_from": Key(str, "Written by podium pair: the results the round was drawn from. Leave it as it is."),
    "late_entries": Key(dict, "Written by podium pair: the late entries a Swiss draw counted on in later rounds, "
                        "each with the round he joins. Leave it as it is.", values=int),
})

FRONT_MATTER = Mapping("the front matter", {
    "title": Key(str, "The page's title."),
})


# ---------------------------------------------------------------- JSON Schema

_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object",
               type(None): "null"}


def json_schema(mapping: Mapping) -> dict:
    """``mapping`` as a JSON Schema (draft 2020-12) object: unknown keys refused, as check does."""
    properties = {name: _property(key) for name, key in mapping.keys.items()}
    schema = {"type": "object", "title": mapping.title, "properties": properties, "additionalProperties": False}
    required = [name for name, key in mapping.keys.items() if key.required]
    if required:
        schema["required"] = required
    return schema


def _property(key: Key) -> dict:
    schema = {"description": key.doc} if key.doc else {}
    schema.update(_kind(key.kind))
    if key.choices:
        schema["enum"] = list(key.choices)
    if key.minimum is not None:
        schema["minimum"] = key.minimum
    if key.kind is str:
        schema["maxLength"] = key.longest
    if key.items is not None:
        schema["items"] = json_schema(key.items) if isinstance(key.items, Mapping) else _kind(key.items)
    if key.values is not None:
        schema["additionalProperties"] = _kind(key.values)
    if key.mapping is not None:
        schema.update(json_schema(key.mapping))
    return schema


def _kind(kind) -> dict:
    if kind is ANY:
        return {}
    if kind is datetime.date:
        return {"type": "string", "format": "date"}  # YAML's unquoted 2026-05-16 is a string to JSON tools
    if isinstance(kind, tuple):
        types = [_JSON_TYPES[k] for k in kind]
        if "integer" in types and "number" in types:
            types.remove("integer")
        return {"type": types}
    return {"type": _JSON_TYPES[kind]}
