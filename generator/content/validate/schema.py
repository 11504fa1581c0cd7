"""② Every key of every content file, declared once as a pydantic model.

``validate`` reads each key through these models: pydantic checks its kind strictly (the kinds
of podium.core.values: a line of text, a count, a date …), says whether it is required, and refuses
keys nobody declared; ``podium schema`` writes the same models out as JSON Schemas, which
editors use to complete keys and flag mistakes while the organizer types. What a model cannot
say (an id must be registered, a score must suit the ruleset) stays in ``validate`` and the
rules engine.

A model's ``title`` names it in problems ("a pairing needs 'players'"); a field's
``description`` is what editors show.
"""
from __future__ import annotations

import datetime
import functools
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema

from podium.rules.kinds import STAGE_KEYS, STAGE_KINDS
from podium.core.values import Count, Markdown, OneLine, Points, Rounds, json_schema_of

LANGUAGES = ("en", "pl", "it", "cs")
PENALTY_KINDS = ("warning", "disqualification", "points")
QUALIFICATIONS = ("invitations",)

Id = str  # a registered player's id: its slug, and that it is registered, are checked by validate
# A list of ids: each is checked by validate, which names a number or a date YAML read for it
# ('player ids are text … put it in quotes'); editors are told it is a list of text.
Ids = Annotated[list, WithJsonSchema({"type": "array", "items": {"type": "string"}})]
Number = Union[int, float]  # a result's number: a score may be a half or a tenth of a point
Rating = Annotated[int, Field(ge=0, le=10_000)]


class Declared(BaseModel):
    """A mapping of a content file: no key but the declared ones, each of its kind, strictly."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _structure_schema() -> dict:
    """What 'structure:' may be, for editors: the engine reads it with the ruleset's structure
    block (a name only the ruleset knows, a stage's numbers against the field)."""
    stage = {"anyOf": [{"type": "object", "required": ["kind"], "additionalProperties": False,
                        "properties": {"kind": {"const": kind}, **{key: {} for key in sorted(keys)}}}
                       for kind, keys in STAGE_KEYS.items()]}
    custom = {"type": "object", "required": ["swiss_rounds"], "additionalProperties": False,
              "properties": {"swiss_rounds": json_schema_of(Rounds), "cut": {"type": "integer", "minimum": 0}}}
    return {"anyOf": [{"type": "string"}, custom, {"type": "array", "items": stage, "minItems": 1}]}


Structure = Annotated[Any, WithJsonSchema(_structure_schema())]


class DeskSettings(Declared):
    model_config = ConfigDict(title="the results desk's settings")
    commit: bool = Field(False, description="Each result saved at the desk (and each round it pairs) is a git commit "
                                            "of its own, as with podium serve --desk --commit.")


class SiteFile(Declared):
    model_config = ConfigDict(title="site.yaml")
    title: OneLine = Field(description="The site's name, at the top of every page.")
    language: Literal[LANGUAGES] = Field("en", description="The language of the site's words, dates "
                                                                         "and numbers.")
    base_url: OneLine = Field("", description="Where the site is published, like https://my-club.github.io/"
                                              "tournaments (for the feed, the sitemap, QR codes, and the links of "
                                              "the page-not-found page when the site is not at the host's root).")
    repo_url: OneLine = Field("", description="The repository holding this content folder, like "
                                              "https://github.com/my-club/results: every result on a round page "
                                              "then links to its round file's edit page there, so a correction "
                                              "arrives as a pull request.")
    edit_uri: OneLine = Field("", description="The content folder's edit page relative to repo_url, as in MkDocs, "
                                              "like edit/main/content/ (the default on github.com; "
                                              "-/edit/main/content/ on gitlab.com).")
    description: OneLine = Field("", description="One sentence about the site, for search engines and link previews.")
    footer: OneLine = Field("", description="A line at the bottom of every page.")
    theme_dir: OneLine = Field("", description="A folder inside content/ whose templates and static files replace "
                                               "Podium's by name.")
    logo: OneLine = Field("", description="An image inside content/, shown beside the title on every page.")
    favicon: OneLine = Field("", description="An image inside content/, the browser tab's icon.")
    desk: DeskSettings = Field(None, description="The results desk (podium serve --desk): 'commit: true' makes each "
                                                 "saved result a git commit.")


class PlayerEntry(Declared):
    model_config = ConfigDict(title="a player entry")
    name: OneLine = Field(description="The player's name as published.")
    id: Id = Field(None, description="A slug naming the player across events; made from the name when left out.")
    club: OneLine = Field(None, description="The player's club.")
    country: OneLine = Field(None, description="The player's country.")
    rating: Rating = Field(None, description="A rating (Elo) for seeding.")
    fide_id: Annotated[int, Field(ge=1, le=99_999_999_999)] = Field(None, description="The player's FIDE id, "
                                                                                      "as a federation's report needs.")
    title: Annotated[str, StringConstraints(pattern=r"^[A-Za-z]{1,3}$")] = Field(
        None, description="The player's FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM).")
    armies: list[OneLine] = Field(None, description="The armies (factions) the player registers.")
    finals_armies: list[OneLine] = Field(None, description="Armies registered for the final stage, when the ruleset "
                                                           "asks for them.")
    beginner: bool = Field(False, description="Plays the beginners' set, when the ruleset has one.")
    colours: list[OneLine] = Field(None, description="Preferred colours, first choice first.")
    joins: Annotated[int, Field(ge=1, le=99)] = Field(1, description="A late entry: the first round the player "
                                                                     "plays (2, 3, …).")
    byes: dict[Annotated[int, Field(ge=1, le=99)], Literal["full", "half", "zero"]] = Field(
        None, description="Rounds the player asked in advance to sit out, each with its bye (full, half or zero "
                          "points, as the ruleset's scoring counts it): {5: half}. podium pair leaves him out of "
                          "that round and writes his bye.")
    team: OneLine = Field(None, description="A team event: the player's team; players of one team do not meet in a "
                                            "round robin, and a default is scored as the ruleset's team games say.")
    gender: Literal["f", "m"] = Field(None, description="How the site's words naming the player agree, in languages "
                                                        "where they take a gender (Polish 'wycofała się', Italian "
                                                        "'ritirata'): f or m. Left out, a given name ending in -a is "
                                                        "read as a woman's, but for men's names such as Kuba, Luca or "
                                                        "Andrea.")


class WildcardEntry(Declared):
    model_config = ConfigDict(title="a wildcard")
    player: Id = Field(description="The invited player's id.")
    reason: OneLine = Field(description="Why the player is invited.")


class SeasonFile(Declared):
    model_config = ConfigDict(title="a season")
    name: OneLine = Field(description="The season's name.")
    ruleset: Id = Field(None, description="The ruleset whose events make up the season.")
    qualification: Literal[QUALIFICATIONS] = Field(None, description="How the season qualifies players for a "
                                                                    "championship.")
    wildcards: list[WildcardEntry] = Field(None, description="Invitations given by the organizer.")
    points: dict[Annotated[int, Field(ge=1)], Points] = Field(None, description="Season points by place: 1: 25, 2: 20, …")
    description: Markdown = Field("", description="Markdown shown on the season's page.")


class PlayoffEntry(Declared):
    model_config = ConfigDict(title="a play-off")
    players: Ids = Field(description="The two tied players' ids.")
    winner: Id = Field(description="The id of the player who won the play-off game.")


class EventFile(Declared):
    model_config = ConfigDict(title="event.yaml")
    name: OneLine = Field(description="The event's name.")
    date: datetime.date = Field(None, description="The day the event starts (YYYY-MM-DD).")
    season: Id = Field(None, description="The season (a file in content/seasons/) the event counts for.")
    ruleset: Id = Field(description="The ruleset: a built-in one or a file in rulesets/.")
    structure: Structure = Field("auto", description="'auto' (the ruleset's), a named table, or the stages written "
                                                     "out.")
    seed: int = Field(description="Any whole number: every random draw of the event is made from it.")
    venue: OneLine = Field(None, description="Where the event is played.")
    level: OneLine = Field(None, description="The event's level, one of the ruleset's.")
    description: Markdown = Field("", description="Markdown shown on the event's page.")
    organizer: OneLine = Field(None, description="The organizer's name.")
    head_judge: OneLine = Field(None, description="The head judge's name.")
    judges: list[OneLine] = Field(None, description="The judges' names.")
    technical_judge: OneLine = Field(None, description="The technical judge's name.")
    manual_order: Ids = Field(None, description="The organizer's decision on a tie the rules leave unbroken: "
                                                     "ids, best first.")
    draws: Annotated[int, WithJsonSchema({"enum": [1, 2, 3, 4]})] = Field(4, description="Which version of Podium's draws made the event: 1 for an event "
                                                "drawn with Podium 0.2 or earlier, 2 for one drawn before chess "
                                                "Swiss rounds were paired by the FIDE Dutch system (Podium 0.3), 3 "
                                                "for one drawn with Podium 0.3, 4 (the default) "
                                                "otherwise.")
    start_numbers: Literal["registrations", "rating"] = Field(
        None, description="A round robin's start numbers, a chess Swiss's pairing numbers: in the order of "
                          "registrations.yaml, or by rating (highest first). Not set: by rating when players have one, "
                          "else drawn — FIDE's Berger tables and a chess Swiss: the order of registrations.yaml for "
                          "equal ratings.")
    initial_colour: Literal["white", "black"] = Field(
        None, description="A chess Swiss's initial colour: the colour the top-ranked player of the first board has in "
                          "round 1 (FIDE C.04.3 E.5). Not set: drawn by lot from the seed.")
    acceleration: Literal["baku"] = Field(
        None, description="'baku': the first rounds of a Dutch Swiss are paired with the Baku acceleration (FIDE "
                          "C.04.5.1).")
    paired_by: OneLine = Field(None, description="What drew the rounds when not `podium pair` (melee.gg, "
                                                 "Swiss-Manager): those rounds stand as published, and verify does not "
                                                 "re-draw them.")
    playoffs: list[PlayoffEntry] = Field(None, description="Play-off games held to break a tie, where the ruleset "
                                                           "breaks ties by them (a 5-minute game for a qualifying "
                                                           "place): who played, who won.")


class BasesEntry(Declared):
    model_config = ConfigDict(title="'bases'")
    intact: Count = Field(0, description="Bases left intact.")
    damaged: Count = Field(0, description="Bases damaged.")
    square: Count = Field(0, description="Bases on the square.")


class GameEntry(Declared):
    model_config = ConfigDict(title="a game")
    score: list[Number] = Field(None, description="Each player's score, in the order of 'players'.")
    time: list[str] = Field(None, description="Each player's clock at the end, as \"mm:ss\" in quotes.")
    tiles: list[Number] = Field(None, description="Tiles each player used.")
    winner: Id = Field(None, description="The id of the game's winner.")
    home: Id = Field(None, description="The id of the player at home.")
    clans: list[OneLine | None] = Field(None, description="Each player's clan (faction), in the order of 'players'.")
    forfeit: Id = Field(None, description="The id of the player who did not play this game.")
    disconnected: bool = Field(False, description="Both players lost the connection.")


class PairingEntry(Declared):
    model_config = ConfigDict(title="a pairing")
    table: Annotated[int, Field(ge=1)] = Field(None, description="The table number.")
    players: Ids = Field(None, description="The players' ids; one id with 'bye: true' for a bye, or with "
                                           "'late_loss: true' for a round lost for arriving late.")
    bye: bool | Literal["full", "half", "zero"] = Field(
        False, description="This player has the bye: true for the bye the pairing gives; full, half or zero for a "
                           "round the player asked to sit out, worth a win, a draw or nothing (FIDE's F, H and Z).")
    late_loss: bool = Field(False, description="This player, alone on the line, lost the round for arriving late: no "
                                               "opponent, no game (Play! Pokémon); where the ruleset's scoring "
                                               "knows late losses.")
    score: list[Number] = Field(None, description="Each player's score, in the order of 'players'.")
    winner: Id | int = Field(None, description="The winner's id (a team's index, 0 or 1, in a 2-vs-2 game).")
    draw: bool = Field(False, description="The game was drawn.")
    forfeit: Id = Field(None, description="The id of the player who did not play.")
    judge_loss: Id = Field(None, description="The id of the player a judge gave the loss, scored "
                                             "like a forfeit.")
    armies: list[OneLine | None] = Field(None, description="Each player's army, in the order of 'players'.")
    modified: bool = Field(False, description="A modified win.")
    drawn_games: Annotated[int, Field(ge=0, le=1000)] = Field(
        None, description="A match of several games: the games drawn; 'score' lists the games each player won.")
    unrated: bool = Field(False, description="The game lasted less than one move (TRF-16's W, D, L); its "
                                             "result counts, and the rating report marks it not rated.")
    match: OneLine = Field(None, description="The knockout match this is (final, third-place, semifinal, …).")
    group: OneLine | int = Field(None, description="The group this pairing belongs to.")
    games: list[GameEntry] = Field(None, description="The games of a match, in order.")
    teams: list[Ids] = Field(None, description="2-vs-2: the two pairs of ids, like [[a, b], [c, d]].")
    home: Annotated[int, Field(ge=0, le=1)] = Field(None, description="2-vs-2: the pair at home, 0 or 1.")
    bases: BasesEntry = Field(None, description="Bases at the end of the game.")
    finish: Ids = Field(None, description="Free-for-all: the players from first to last.")
    eliminated: dict[Id, int] = Field(None, description="Free-for-all: how many opponents each player eliminated.")


class PenaltyEntry(Declared):
    model_config = ConfigDict(title="a penalty")
    player: Id = Field(description="The penalized player's id.")
    kind: Literal[PENALTY_KINDS] = Field(description="warning, disqualification or points.")
    points: Number = Field(None, description="Points taken off (kind: points).")
    to: Id = Field(None, description="kind: points: another player of the event, who receives the points taken "
                                     "off (a transfer, where the ruleset's scoring allows one).")
    reason: OneLine = Field("", description="Why.")


class RoundFile(Declared):
    model_config = ConfigDict(title="a round file")
    round: Rounds = Field(description="The round's number, as the file's name.")
    stage: Literal[STAGE_KINDS] = Field(description="The kind of stage the round belongs to.")
    pairings: list[PairingEntry] = Field(description="The tables of the round and their results.")
    penalties: list[PenaltyEntry] = Field(None, description="Warnings, disqualifications and point penalties given in "
                                                            "the round.")
    drops: Ids = Field(None, description="Players who withdraw after this round.")
    drawn_from: OneLine = Field(None, description="Written by podium pair: the results the round was drawn from. "
                                                  "Leave it as it is.")
    late_entries: dict[str, int] = Field(None, description="Written by podium pair: the late entries a Swiss draw "
                                                           "counted on in later rounds, each with the round he joins. "
                                                           "Leave it as it is.")


class FrontMatter(Declared):
    model_config = ConfigDict(title="the front matter")
    title: OneLine = Field(None, description="The page's title.")


# ---------------------------------------------------------------- reading one key

@functools.cache
def declared_keys(model: type[Declared]) -> dict[str, tuple]:
    """The keys ``model`` declares, each with (its kind as read, whether it is required): a nested
    mapping of its own model is checked when its reader reaches it (so its problems are reported
    once), here only that it is a mapping, or a list of mappings. Worked out once per model:
    asking pydantic for a field's annotation, and unwrapping it, for every value of every file
    cost a national archive's check millions of calls."""
    return {key: (_shallow(info.rebuild_annotation()), info.is_required()) for key, info in model.model_fields.items()}


def not_declared(model: type[Declared], key: str) -> KeyError:
    """A bug: validate reads a key nobody declared."""
    return KeyError(f"'{key}' is read from {model.model_config['title']} but not declared in generator/content/validate/schema.py")


def _shallow(kind):
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return dict
    origin = get_origin(kind)
    if origin is list and _holds_model(get_args(kind)[0]):
        return list
    return kind


def _holds_model(kind) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel) or any(_holds_model(a) for a in get_args(kind))


def json_schema(model: type[Declared]) -> dict:
    """``model`` as a JSON Schema object, every definition inline: unknown keys refused, as check does."""
    return json_schema_of(model)
