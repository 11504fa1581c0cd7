"""② The content as frozen dataclasses. Built by validate/; read by the rules engine and the site.

Results stay as the organizer wrote them (a Pairing is one line of a round file); what they
mean in points is the ruleset's business (rules/scoring.py).
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePath

from podium.core.errors import Src


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    src: Src
    club: str | None = None
    country: str | None = None
    rating: int | None = None
    armies: tuple[str, ...] = ()
    beginner: bool = False
    finals_armies: tuple[str, ...] | None = None
    colours: tuple[str, ...] = ()
    joins: int = 1  # a late entry plays from this round on
    byes: tuple[tuple[int, str], ...] = ()  # rounds he asked to sit out, each with its bye: (3, "half")
    byes_src: Src | None = field(default=None, compare=False)  # the line of 'byes:'
    team: str | None = None  # a team event: the player's team (its games score team defaults)
    fide_id: int | None = None  # chess: for the federation's report (TRF)
    title: str | None = None  # chess: GM, IM, …
    gender: str | None = None  # "f" or "m": how words naming the player agree (site/i18n.py ``feminine``)


@dataclass(frozen=True)
class Game:
    """One game of a match of several (best-of-N, a Tantrix mini-match); fields as in CONTRACT.md."""

    src: Src
    score: tuple | None = None
    time: tuple[int, int] | None = None  # seconds on each player's clock at the end
    tiles: tuple | None = None
    winner: str | None = None
    home: str | None = None
    clans: tuple | None = None
    forfeit: str | None = None  # this player did not turn up for the game
    disconnected: bool = False  # both players lost the connection (Tantrix §3c: 23–23)
    key_srcs: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def has_result(self) -> bool:
        return bool(self.score) or self.winner is not None or self.forfeit is not None or self.disconnected

    def at(self, key: str) -> Src:
        return self.key_srcs.get(key, self.src)


@dataclass(frozen=True)
class Bases:
    """Bases left on the board (Micromutants): intact and damaged hexagonal, square."""

    intact: int = 0
    damaged: int = 0
    square: int = 0


@dataclass(frozen=True)
class Pairing:
    """One table of a round: who sat there and, once entered, the result."""

    players: tuple[str, ...]
    src: Src
    table: int | None = None
    score: tuple | None = None
    winner: str | None = None
    draw: bool = False
    forfeit: str | None = None
    judge_loss: str | None = None  # a judge awarded this player the loss (NS HEX §6.6)
    bye: bool = False
    requested_bye: str | None = None  # a bye the player asked for: "full" | "half" | "zero" (bye is True too)
    late_loss: bool = False  # the one player lost the round for arriving late: no opponent, no game (Play! Pokémon)
    armies: tuple | None = None
    modified: bool = False
    drawn_games: int | None = None  # a match of games (Magic): the games drawn; 'score' has the games won
    unrated: bool = False  # chess: a game of less than one move (TRF's W, D, L); its result stands, unrated
    match: str | None = None
    group: str | None = None  # the group or table sheet this pairing belongs to, as `pair` wrote it
    games: tuple[Game, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()  # 2-vs-2: the two pairs; ``players`` lists all four
    winning_team: int | None = None  # index into ``teams``
    home: int | None = None  # index of the home team
    bases: Bases | None = None
    finish: tuple[str, ...] | None = None  # free-for-all: 1st to last
    eliminated: tuple[tuple[str, int], ...] = ()  # free-for-all: opponents each player eliminated
    key_srcs: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def alone(self) -> bool:
        """Its one player sits at no table: a bye, or a round lost for arriving late."""
        return self.bye or self.late_loss

    @property
    def has_result(self) -> bool:
        """Something is entered. Whether that decides the match is the ruleset's call (``decided``)."""
        return (self.bye or self.late_loss or self.draw or bool(self.score) or self.winner is not None
                or self.forfeit is not None or self.judge_loss is not None
                or self.winning_team is not None or bool(self.finish) or any(g.has_result for g in self.games))

    def at(self, key: str) -> Src:
        return self.key_srcs.get(key, self.src)


@dataclass(frozen=True)
class Penalty:
    player: str
    kind: str  # warning | disqualification | points
    src: Src
    reason: str = ""
    points: float = 0
    to: str | None = None  # kind points: the player given the points taken off (a transfer)


@dataclass(frozen=True)
class Round:
    number: int
    stage: str
    pairings: tuple[Pairing, ...]
    src: Src
    penalties: tuple[Penalty, ...] = ()
    drops: tuple[str, ...] = ()
    drop_srcs: tuple[Src, ...] = ()
    drawn_from: str | None = None  # `pair` wrote the fingerprint of the results it drew this round from
    late_entries: tuple[tuple[str, int], ...] = ()  # `pair` wrote the late entries its look-ahead counted: (id, round)


@dataclass(frozen=True)
class Playoff:
    """A game the organizer held between two tied players to break their tie (Tantrix §10c)."""

    players: tuple[str, str]
    winner: str
    src: Src


@dataclass(frozen=True)
class Roles:
    organizer: str | None = None
    head_judge: str | None = None
    judges: tuple[str, ...] = ()
    technical_judge: str | None = None


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    folder: str
    src: Src
    ruleset: str
    date: datetime.date | None = None
    season: str | None = None
    structure: object = "auto"
    seed: int = 0
    venue: str | None = None
    level: str | None = None
    description: str = ""
    roles: Roles = Roles()
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    manual_order: tuple[str, ...] = ()  # the organizer's order for ties no rule breaks (a sealed bid)
    draws: int = 4  # the version of Podium's draws the event was made with (rules/draw.py DRAW_VERSIONS)
    start_numbers: str | None = None  # a round robin's start numbers: "registrations" | "rating" (None: the stage's default)
    initial_colour: str | None = None  # a chess Swiss's colour for the top board in round 1 (None: drawn by lot)
    acceleration: str | None = None  # "baku": the Dutch system's accelerated first rounds (C.04.5.1)
    paired_by: str | None = None  # what drew the rounds `podium pair` did not (an event moved in): not re-drawn
    playoffs: tuple[Playoff, ...] = ()  # play-off games held for ties (Tantrix §10c)
    key_srcs: dict = field(default_factory=dict, compare=False, hash=False)

    def at(self, key: str) -> Src:
        return self.key_srcs.get(key, self.src)

    def player(self, player_id: str) -> Player:
        return self._players_by_id[player_id]

    def asked_byes(self, round_no: int) -> dict[str, str]:
        """The byes asked for in round ``round_no`` (registrations' ``byes:``): player → kind."""
        return self._asked_byes.get(round_no, {})

    @cached_property
    def _asked_byes(self) -> dict[int, dict[str, str]]:
        # one index per event, read by every replayed round: most events have no byes asked for
        index: dict[int, dict[str, str]] = {}
        for player in self.players:
            for round_no, kind in player.byes:
                index.setdefault(round_no, {})[player.id] = kind
        return index

    @cached_property
    def _players_by_id(self) -> dict[str, Player]:
        # Built once per event: cached_property writes the instance __dict__, which a frozen
        # dataclass allows, and the engine looks players up for every army and result line.
        return {p.id: p for p in self.players}


@dataclass(frozen=True)
class Wildcard:
    player: str
    reason: str
    src: Src


@dataclass(frozen=True)
class Season:
    id: str
    name: str
    src: Src
    ruleset: str | None = None
    qualification: str | None = None
    wildcards: tuple[Wildcard, ...] = ()
    points: dict = field(default_factory=dict, hash=False)
    description: str = ""
    key_srcs: dict = field(default_factory=dict, compare=False, hash=False)

    def at(self, key: str) -> Src:
        return self.key_srcs.get(key, self.src)


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    body: str
    src: Src
    images: tuple[str, ...] = ()  # the images its Markdown shows: paths under pages/ (images/desk.png)


@dataclass(frozen=True)
class Site:
    title: str
    root: str
    language: str = "en"
    base_url: str = ""
    repo_url: str = ""  # the repository holding the content, where "Correct this result" links go
    edit_uri: str = ""  # the content folder's edit page relative to repo_url (MkDocs' meaning; defaults applied)
    description: str = ""
    footer: str = ""
    theme_dir: str = ""  # the organizer's templates and static files, overriding Podium's by name
    logo: str = ""  # the path of an image file in the content folder
    favicon: str = ""
    desk_commit: bool = False  # site.yaml's desk: commit: each result saved at the desk is a git commit
    desk_commit_src: Src | None = None
    registry: tuple[Player, ...] = ()
    seasons: tuple[Season, ...] = ()
    events: tuple[Event, ...] = ()
    pages: tuple[Page, ...] = ()


def asset_url(role: str, path: str) -> str:
    """Where the site's own image for ``role`` (logo, favicon) is published, whatever its file is
    called: static/logo.svg for images/Club Logo.SVG. The reader checks that no theme file is
    published there too; the build publishes it there."""
    return f"static/{role}{PurePath(path).suffix.lower()}"
