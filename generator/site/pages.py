"""④ The site model: every page with its URL, its template and the data the template needs.

Templates read only what is built here — never raw YAML, never the engine's internals.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, partial
from typing import Callable

from podium.archive import Archive
from podium.export import dumps, leaderboard_json, match_points, standings_json
from podium.rules.engine import EventResult
from podium.rules.standings.order import shared_ranks
from podium.i18n import Language
from podium.site import labels, urls
from podium.site.charts import rating_chart
from podium.site.labels import N_, Nn_


@dataclass(eq=False)
class Page:
    """One HTML page. Its context is built when it is first asked for — in the rendering worker,
    and only for the pages an incremental rebuild renders again.

    ``shows``: what the page shows that an edit of one event can change — ``EVENT`` and
    ``RATING`` keys; ``None`` for pages that show something of everything.
    """

    url: str
    template: str
    title: str
    make: Callable[[], dict] = dict
    shows: frozenset | None = frozenset()

    @cached_property
    def context(self) -> dict:
        return self.make()


@dataclass(eq=False)
class File:
    """A machine-readable companion (standings and leaderboard JSON), built like a page."""

    url: str
    make: Callable[[], str]
    shows: frozenset | None = frozenset()

    @cached_property
    def text(self) -> str:
        return self.make()


def EVENT(event_id: str) -> tuple:
    return ("event", event_id)


def RATING(player_id: str) -> tuple:
    return ("rating", player_id)


def site_pages(archive: Archive) -> tuple[list[Page], list[File]]:
    """Every page and file of the site, in a fixed order, none of them built yet."""
    model = _Model(archive)
    pages = [Page(urls.home(), "home.html", archive.site.title, partial(_home, model), shows=None),
             Page(urls.events(), "events.html", "All events", partial(_all_events, model), shows=None),
             Page(urls.players(), "players.html", "Players", partial(_all_players, model), shows=None)]
    files = []
    for season in archive.seasons.values():
        shows = frozenset(EVENT(r.event.id) for r in season.events)
        pages.append(Page(urls.season(season.season.id), "season.html", season.season.name,
                          partial(_season, season, model), shows))
        files.append(File(f"seasons/{season.season.id}/leaderboard.json",
                          partial(_json, leaderboard_json, season, archive.players), shows))
    for result in archive.events.values():
        shows = frozenset([EVENT(result.event.id)])
        pages.append(Page(urls.event(result.event.id), "event.html", result.event.name, partial(_event, result, model), shows))
        files.append(File(f"events/{result.event.id}/standings.json", partial(_json, standings_json, result), shows))
        if _knockout_sections(result):
            pages.append(Page(urls.bracket(result.event.id), "bracket.html", result.event.name,
                              partial(_bracket_page, result, model), shows))
        for rnd in result.event.rounds:
            pages.append(Page(urls.round_page(result.event.id, rnd.number), "round.html",
                              result.event.name, partial(_round, result, rnd, model), shows))
    for player_id, played in sorted(model.played.items()):
        shows = frozenset([RATING(player_id), *(EVENT(r.event.id) for r in played)])
        pages.append(Page(urls.player(player_id), "player.html", archive.players[player_id].name,
                          partial(_player, player_id, model), shows))
    for page in archive.site.pages:
        pages.append(Page(urls.page(page.slug), "page.html", page.title, partial(dict, body=page.body)))
    pages.append(Page(urls.NOT_FOUND, "404.html", "Page not found"))
    return pages, files


def _json(export, *args) -> str:
    return dumps(export(*args))


class _Model:
    """The archive and what many pages share (people, event cards), each built once per process."""

    def __init__(self, archive: Archive):
        self.archive = archive
        self.players = archive.players
        self.language = Language(archive.site.language)
        self.played: dict[str, list[EventResult]] = {}  # player → events, newest first
        for result in _by_date(archive.events.values()):
            for player in result.event.players:
                self.played.setdefault(player.id, []).append(result)
        self._people: dict[str, dict] = {}
        self._cards: dict[str, dict] = {}

    def person(self, player_id: str) -> dict:
        if player_id not in self._people:
            player = self.players[player_id]
            self._people[player_id] = {"id": player_id, "name": player.name, "url": urls.player(player_id),
                                       "club": player.club}
        return self._people[player_id]

    def card(self, result: EventResult) -> dict:
        if result.event.id not in self._cards:
            self._cards[result.event.id] = _event_card(result, self)
        return self._cards[result.event.id]


def _by_date(results):
    return sorted(results, key=lambda r: (r.event.date is None, r.event.date, r.event.id), reverse=True)


def _event_card(result: EventResult, model: _Model) -> dict:
    decided = result.complete and result.final_rows and result.final_rows[0].tie != "undecided"
    winner = result.final_rows[0].player if decided else None  # a tie for the win awaits the organizer
    return {"url": urls.event(result.event.id), "name": result.event.name, "date": result.event.date,
            "players": len(result.event.players), "complete": result.complete, "qualifier": result.qualifier,
            "has_qualifier_rule": bool(result.ruleset.qualifier_min),
            "winner": model.person(winner) if winner else None, "rounds": len(result.event.rounds)}


def _home(model: _Model) -> dict:
    seasons = sorted(model.archive.seasons.values(), key=_season_sort_key, reverse=True)
    return {"seasons": [{"name": s.season.name, "url": urls.season(s.season.id), "events": len(s.events)} for s in seasons],
            "latest": [model.card(r) for r in _by_date(model.archive.events.values())[:10]],
            "all_events": {"url": urls.events(), "count": len(model.archive.events)},
            "all_players": {"url": urls.players(), "count": len(model.played)},
            "pages": [{"title": p.title, "url": urls.page(p.slug)} for p in model.archive.site.pages]}


def _all_players(model: _Model) -> dict:
    """Everyone who played, in the site language's alphabetical order by surname."""
    people = [model.person(player_id) for player_id in model.played]
    people.sort(key=lambda person: model.language.name_key(person["name"]))
    return {"people": [{"person": p, "events": len(model.played[p["id"]])} for p in people]}


def _all_events(model: _Model) -> dict:
    """Every event of the archive, newest first, under its year."""
    years: dict = {}
    for result in _by_date(model.archive.events.values()):
        years.setdefault(result.event.date.year if result.event.date else None, []).append(model.card(result))
    return {"years": [{"year": year, "events": cards} for year, cards in years.items()]}


def _season_sort_key(season):
    dates = [r.event.date for r in season.events if r.event.date]
    return (max(dates) if dates else None) is not None, max(dates) if dates else None, season.season.id


def _season(season, model: _Model) -> dict:
    others = sorted((s for s in model.archive.seasons.values() if s is not season), key=_season_sort_key, reverse=True)
    return {
        "season": season.season,
        "leaderboard": [{"rank": r.rank, "person": model.person(r.player), "points": r.points, "events": r.events}
                        for r in season.leaderboard],
        "invitations": [{"person": model.person(i.player), "via": i.via, "reason": i.reason, "place": i.place,
                         "event": model.card(model.archive.events[i.event]) if i.event else None,
                         "passed_over": [{"person": model.person(p), "why": why} for p, why in i.passed_over]}
                        for i in season.invitations],
        "events": [model.card(r) for r in _by_date(season.events)],
        "points_by_place": [{"place": place, "points": points} for place, points in sorted(season.season.points.items())],
        "other_seasons": [{"name": s.season.name, "url": urls.season(s.season.id)} for s in others],
        "json": f"seasons/{season.season.id}/leaderboard.json",
    }


def _event(result: EventResult, model: _Model) -> dict:
    event, ruleset = result.event, result.ruleset
    season = model.archive.seasons.get(event.season) if event.season else None
    first_kind = result.first.kind if result.stages else "swiss"
    rounds = [{"number": r.number, "title": _round_title(result, r), "url": urls.round_page(event.id, r.number),
               "complete": result.round_done.get(r.number, False)} for r in event.rounds]
    stages = [_stage_section(stage, result, model) for stage in result.stages if _has_section(stage, result)]
    return {
        "event": event, "ruleset": ruleset, "card": model.card(result),
        "season": {"name": season.season.name, "url": urls.season(event.season)} if season else None,
        "structure": _structure(result.plan, ruleset.scoring), "clocks": ruleset.clocks,
        "rounds": rounds,
        # What a player at the venue came for first: the round being played, then the standings.
        "current_round": (current := next((r for r in rounds if not r["complete"]), None)),
        "current_tables": _current_tables(result, current and current["number"], model),
        "brackets": [{"url": urls.bracket(event.id), "title": N_("Bracket")}] if any(s["bracket"] for s in stages) else [],
        "columns": _columns(ruleset.tiebreakers_for(first_kind) if first_kind != "knockout" else []),
        "show_points": first_kind != "knockout",  # an event that is only a bracket has no points to show
        "explained": _columns(_all_tiebreakers(result)),
        "standings": _rows(result.final_rows, model),
        "stages": stages,
        "json": f"events/{event.id}/standings.json",
    }


def _columns(tiebreakers) -> list[dict]:
    return [{"key": t.key, "abbr": t.abbr, "title": t.title, "explanation": t.explanation, "signed": t.signed,
             "shown": t.shown} for t in tiebreakers]


def _all_tiebreakers(result: EventResult) -> list:
    seen = {}
    for stage in result.plan.stages:
        for t in result.ruleset.tiebreakers_for(stage.kind):
            seen.setdefault(t.key, t)
    return list(seen.values())


def _has_section(stage, result: EventResult) -> bool:
    """The final standings already show a lone ranking stage without groups."""
    return len(result.stages) > 1 or len(result.plan.stages) > 1 or stage.kind == "knockout" or len(stage.groups) > 1


STAGE_TITLES = {"swiss": N_("Swiss rounds"), "knockout": N_("Finals"), "round-robin": N_("Round-robin groups"),
                "pairs-rotation": N_("Groups: 2 vs 2 with rotating pairs"), "tables": N_("Tables"),
                "free-for-all": N_("Free-for-all tables")}


def _stage_section(stage, result: EventResult, model: _Model) -> dict:
    section = {"id": stage.id, "title": STAGE_TITLES[stage.kind], "kind": stage.kind, "bracket": None, "groups": [],
               "show_points": True,
               "columns": _columns(result.ruleset.tiebreakers_for(stage.kind))}
    if stage.kind == "knockout":
        section["bracket"] = _bracket(stage, result, model)
        section["bracket_url"] = urls.bracket(result.event.id)
    else:
        name = N_("Table %(table)s") if stage.kind == "free-for-all" else N_("Group %(group)s")
        section["groups"] = [{"title": labels.msg(name, table=g.id, group=g.id) if len(stage.groups) > 1 or
                              stage.kind == "free-for-all" else None, "rows": _rows(g.rows, model)}
                             for g in stage.groups] or [{"title": None, "rows": _rows(stage.rows, model)}]
    return section


def _knockout_sections(result: EventResult) -> list:
    return [stage for stage in result.stages if stage.kind == "knockout" and _has_section(stage, result)]


def _bracket_page(result: EventResult, model: _Model) -> dict:
    """The bracket on a page of its own: on a phone it is several screens wide and long."""
    return {"event": result.event, "event_url": urls.event(result.event.id),
            "stages": [_stage_section(stage, result, model) for stage in _knockout_sections(result)]}


def _stage_text(stage) -> dict:
    if stage.kind == "swiss":
        return labels.count_msg(Nn_("%(rounds)s Swiss round", "%(rounds)s Swiss rounds"), "rounds", rounds=stage.rounds)
    if stage.kind == "knockout":
        text = N_("single elimination drawn at random") if stage.seeding == "random" else \
            N_("single elimination seeded by rating") if stage.seeding == "rating" else N_("top %(size)s single elimination")
        return labels.msg(text, size=stage.size)
    if stage.kind == "round-robin":
        return labels.msg(N_("round robin in %(groups)s group(s), mini-matches of %(games)s games"),
                          groups=stage.groups, games=stage.games)
    if stage.kind == "tables":
        return labels.count_msg(Nn_("%(rounds)s round at tables of 2–5 (standard %(size)s)",
                                    "%(rounds)s rounds at tables of 2–5 (standard %(size)s)"),
                                "rounds", rounds=stage.rounds, size=stage.size)
    if stage.kind == "pairs-rotation":
        return labels.msg(N_("groups of 4 or more, 2 vs 2 with rotating pairs, home and away"))
    return labels.msg(N_("free-for-all tables of 4, 4 turns, each seat's faction set by the rules"))


def _structure(plan, scoring) -> list[dict]:
    """The structure in words: the familiar phrases for a Swiss with or without a cut, else stage by stage."""
    kinds = [stage.kind for stage in plan.stages]
    if kinds == ["swiss"]:
        return [labels.count_msg(Nn_("%(rounds)s Swiss round, no finals", "%(rounds)s Swiss rounds, no finals"), "rounds",
                                 rounds=plan.swiss_rounds) | _stage_games(plan.swiss, scoring)]
    if kinds == ["swiss", "knockout"]:
        return [labels.count_msg(Nn_("%(rounds)s Swiss round, then a top %(cut)s", "%(rounds)s Swiss rounds, then a top %(cut)s"),
                                 "rounds", rounds=plan.swiss_rounds, cut=plan.cut)
                | _stage_games(plan.knockout, scoring)]
    return [_stage_text(stage) | _stage_games(stage, scoring) for stage in plan.stages]


def _stage_games(stage, scoring) -> dict:
    """A knockout's games a match, and the final's when it differs (best of 3, final best of 5)."""
    knockout = stage.kind == "knockout"
    text = N_("%(games)s games a match, decided by points") if scoring.sums_games else N_("best of %(games)s")
    return {"games": labels.msg(text, games=stage.games) if knockout and stage.games > 1 else None,
            "final_games": stage.final_games if knockout and stage.final_games else None}


def _rows(rows, model: _Model) -> list[dict]:
    shared = shared_ranks(rows)
    return [{"rank": r.rank, "person": model.person(r.player), "points": r.points, "tiebreaks": r.tiebreaks,
             "status": labels.STATUS.get(r.status, r.status),
             "separated_by": labels.SEPARATED.get(r.separated_by, r.separated_by) if r.separated_by else None,
             "ahead": _ahead(r, below, model),
             "first_rank": r.extra.get("first_rank"), "tie": r.tie, "shared_rank": r.rank in shared}
            for r, below in zip(rows, [*rows[1:], None])]


def _ahead(row, below, model: _Model) -> dict | None:
    """What put ``row`` ahead of the next player, when a tie-break did (points speak for themselves)."""
    if below is None or not below.separated_by or below.separated_by == "points" or below.tie:
        return None
    reason = labels.SEPARATED.get(below.separated_by, below.separated_by)
    return {"name": model.person(below.player)["name"], "reason": reason}


def _bracket(stage, result: EventResult, model: _Model) -> list[dict]:
    columns = []
    scoring = result.ruleset.scoring
    for matches in stage.bracket:
        columns.append({"title": labels.match_name(matches[0].label), "matches": [
            {"label": labels.match_name(m.label), "bye": m.bye and m.pairing is not None, "not_played": m.unplayed,
             "sides": [{"person": model.person(p) if p else None, "seed": s, "won": m.winner == p and p is not None,
                        "score": _side_score(m, i, stage, scoring)}
                       for i, (p, s) in enumerate(zip(m.players, m.seeds))]}
            for m in matches]})
    return columns


def _side_score(match, seat: int, stage, scoring):
    """What the bracket shows beside a player: the match's points (TP sum, games won, HQ left)."""
    if match.pairing is None or match.bye:
        return None
    points = match_points(match, stage.stage, scoring) if match.winner else None
    if match.pairing.games and points:
        return points[seat]
    return match.pairing.score[seat] if match.pairing.score else None


def _round_title(result: EventResult, rnd) -> dict:
    """'Round 3', or the knockout round's main match ('Quarterfinal', 'Final')."""
    names = {p.match for p in rnd.pairings if p.match and p.match != "third-place"}
    if rnd.stage == "knockout" and len(names) == 1:
        return labels.match_name(names.pop())
    return labels.msg(N_("Round %(number)s"), number=rnd.number)


def _round(result: EventResult, rnd, model: _Model) -> dict:
    flags = result.flags.get(rnd.number, {})
    stage = result.stage_of(rnd)
    tables = [_table(pairing, rnd, flags, stage, result, model) for pairing in rnd.pairings]
    by_name = _by_name(tables, model)
    return {"event": result.event, "event_url": urls.event(result.event.id), "round": rnd,
            "title": _round_title(result, rnd), "tables": tables, "by_name": by_name,
            "seed": result.event.seed, "clock": result.ruleset.clocks.get(rnd.stage),
            "previous": _neighbour(result, rnd.number - 1), "next": _neighbour(result, rnd.number + 1),
            "standings": _standings_after(stage, rnd.number, model),
            "columns": _columns(result.ruleset.tiebreakers_for(stage.kind)) if stage else []}


def _by_name(tables: list[dict], model: _Model) -> list[dict]:
    """Each seated player's table and opponents, in alphabetical order by surname."""
    return sorted(({"person": s["person"], "table": t["table"], "bye": t["bye"],
                    "opponents": [o["person"]["name"] for o in t["seats"] if o is not s],
                    "colour": t["colours"][0]["colours"][seat] if t["colours"] else None}
                   for t in tables for seat, s in enumerate(t["seats"])),
                  key=lambda x: model.language.name_key(x["person"]["name"]))


def _current_tables(result: EventResult, number: int | None, model: _Model) -> list[dict]:
    """Who plays whom in the round being played, for the event page's find-me box."""
    if number is None:
        return []
    rnd = result.event.rounds[number - 1]
    stage = result.stage_of(rnd)
    flags = result.flags.get(rnd.number, {})
    return _by_name([_table(pairing, rnd, flags, stage, result, model) for pairing in rnd.pairings], model)


def _standings_after(stage, number: int, model: _Model) -> list[dict]:
    """The stage's standings as they stood after round ``number``: one table, or one a group."""
    if stage is None:
        return []
    if number in stage.rows_after:
        return [{"title": None, "rows": _rows(stage.rows_after[number], model)}]
    groups = stage.groups_after.get(number, [])
    return [{"title": labels.msg(N_("Group %(group)s"), group=group_id) if len(groups) > 1 else None,
             "rows": _rows(rows, model)} for group_id, rows in groups]


def _neighbour(result: EventResult, number: int) -> dict | None:
    """The round before or after, for the links between round pages (None at either end)."""
    if not 1 <= number <= len(result.event.rounds):
        return None
    return {"url": urls.round_page(result.event.id, number), "title": _round_title(result, result.event.rounds[number - 1])}


def _table(pairing, rnd, flags: dict, stage, result: EventResult, model: _Model) -> dict:
    winners = _winners(pairing, stage, result)
    factions = _factions(pairing, stage, rnd, result)
    places = {p: i + 1 for i, p in enumerate(pairing.finish or ())}
    earned = _earned(pairing, stage, rnd)
    seats = [{"person": model.person(p), "army": (pairing.armies or [None] * 5)[i] or factions.get(p),
              "score": pairing.score[i] if pairing.score else None, "place": places.get(p),
              "team": next((t for t, team in enumerate(pairing.teams) if p in team), None),
              "flag": labels.FLAGS.get(flags.get(p), None), "won": p in winners, "earned": earned.get(p)}
             for i, p in enumerate(pairing.players)]
    scoring = result.ruleset.scoring
    tiles = scoring.tiles_to_remove(len(pairing.players)) if stage and stage.kind == "tables" else None
    return {"table": pairing.table, "bye": pairing.bye, "match": labels.match_name(pairing.match) if pairing.match else None,
            "tp": _match_tp(pairing, stage, scoring), "group": pairing.group if stage and stage.kind != "free-for-all" else None, "seats": seats, "result": _result_text(pairing, stage, result, model),
            "games": _games(pairing, stage, result, model), "tiles": tiles, "colours": _colours(pairing, stage, result, model),
            "done": pairing.has_result}


def _earned(pairing, stage, rnd) -> dict:
    """Multiplayer tables (and a free-for-all table down to two, placed by 'finish:'): the points
    each seat earned (TB from VP, primary points by place), as the replay scored them."""
    if (len(pairing.players) <= 2 and not pairing.finish) or pairing.teams or stage is None:
        return {}
    return {p: o.points for p in pairing.players if p in stage.records
            for o in stage.records[p].outcomes if o.round == rnd.number}


def _match_tp(pairing, stage, scoring) -> list | None:
    """Each player's points for the match so far, where the ruleset sums the games."""
    if not pairing.games or stage is None or not scoring.sums_games:
        return None
    return scoring.match_points(pairing, stage.stage)


def _winners(pairing, stage, result: EventResult) -> set:
    """Who won the table as the ruleset reads the result (nobody for a bye, a draw or no result)."""
    if pairing.bye or not pairing.has_result:
        return set()
    if pairing.teams:
        return set(pairing.teams[pairing.winning_team]) if pairing.winning_team is not None else set()
    if pairing.finish:
        return {pairing.finish[0]}
    if len(pairing.players) > 2 and pairing.score:
        return {p for p, vp in zip(pairing.players, pairing.score) if vp == max(pairing.score)}
    if len(pairing.players) != 2:
        return set()
    winner = result.ruleset.scoring.match_winner(pairing, None, stage and stage.stage)
    return {winner} if winner else set()


def _factions(pairing, stage, rnd, result: EventResult) -> dict:
    """The faction each seat must play, where the ruleset sets it by seat and turn."""
    if not stage:
        return {}
    return result.ruleset.scoring.seat_factions(pairing, stage, stage.rounds.index(rnd))


def _colours(pairing, stage, result: EventResult, model: _Model) -> list[dict]:
    """Each player's colour, game by game, where the ruleset allocates colours from preferences."""
    if len(pairing.players) != 2 or not stage:
        return []
    players = [model.players.get(p) or result.event.player(p) for p in pairing.players]
    scoring = result.ruleset.scoring
    plan = scoring.game_colours([result.event.player(p).colours for p in pairing.players],
                                scoring.games_in(pairing, stage.stage))
    return [{"game": i + 1, "colours": [c or None for c in (a, b)], "first": players[first].name}
            for i, (a, b, first) in enumerate(plan)]


def _games(pairing, stage, result: EventResult, model: _Model) -> list[dict]:
    if not pairing.games:
        return []
    scoring = result.ruleset.scoring
    rows = []
    for index, game in enumerate(pairing.games, start=1):
        tps = scoring.game_points(game, pairing.players) if game.has_result else None
        rows.append({"number": index, "score": list(game.score) if game.score else None,
                     "time": [f"{t // 60}:{t % 60:02d}" for t in game.time] if game.time else None,
                     "tiles": list(game.tiles) if game.tiles else None, "tp": list(tps) if tps else None,
                     "winner": model.players[game.winner].name if game.winner else None,
                     "home": model.players[game.home].name if game.home else None, "forfeit": game.forfeit,
                     "disconnected": game.disconnected,
                     "extra": bool(stage and stage.kind == "knockout" and index > stage.stage.games
                                   and scoring.sums_games)})
    return rows


def _result_text(pairing, stage, result: EventResult, model: _Model) -> dict:
    scoring = result.ruleset.scoring
    if pairing.bye:
        return labels.msg(N_("bye (+%(points)s)"), points=f"{result.ruleset.bye.points:g}")
    if pairing.forfeit:
        return labels.msg(N_("%(name)s forfeits"), name=model.players[pairing.forfeit].name)
    if pairing.judge_loss:
        return labels.msg(N_("%(name)s loses by a judge's decision"), name=model.players[pairing.judge_loss].name)
    if pairing.teams and pairing.winning_team is not None:
        names = " + ".join(model.players[p].name for p in pairing.teams[pairing.winning_team])
        return labels.msg(N_("%(names)s win"), names=names)
    if pairing.games and len(pairing.players) == 2 and stage is not None:
        if scoring.sums_games:
            return labels.msg("")  # the template shows the TP of each side (``tp``), formatted for the language
        series = scoring.series(pairing)
        return labels.msg(" : ".join(str(n) for n in series)) if series else labels.msg("")
    if pairing.score and len(pairing.players) == 2:
        return labels.msg(" : ".join(f"{s:g}" for s in pairing.score))
    if pairing.draw:
        return labels.msg(N_("draw"))
    if pairing.winner:
        return labels.msg(N_("%(name)s wins") if not pairing.modified else N_("%(name)s wins (modified win)"),
                          name=model.players[pairing.winner].name)
    return labels.msg("")


def _player(player_id: str, model: _Model) -> dict:
    """A player's page: every event, newest first, with each game played, and the rating chart."""
    ratings = (model.archive.ratings or {}).get(player_id, [])
    return {"player": model.players[player_id], "history": [_played(result, player_id, model)
                                                             for result in model.played[player_id]],
            "rating": rating_chart(ratings),
            "rating_events": {r.event: model.archive.events[r.event].event.name for r in ratings}}


def _played(result: EventResult, player_id: str, model: _Model) -> dict:
    row = next(row for row in result.final_rows if row.player == player_id)
    return {"event": model.card(result), "rank": row.rank, "points": row.points,
            "status": labels.STATUS.get(row.status, ""), "complete": result.complete,
            "games": [{"round": o.round, "opponents": [model.person(p) for p in o.faced],
                       "partners": [model.person(p) for p in o.partners],
                       "result": labels.RESULTS.get(o.result, o.result), "army": o.army, "margin": o.margin,
                       "match": None} for o in result.outcomes(player_id)]
            + _finals_games(result, player_id, model)}


def _finals_games(result: EventResult, player_id: str, model: _Model) -> list[dict]:
    games = []
    for matches in result.bracket:
        for m in matches:
            if player_id in m.players and m.pairing is not None and None not in m.players:
                seat = m.players.index(player_id)
                armies = m.pairing.armies or (None, None)
                games.append({"round": m.round_no, "opponents": [model.person(m.players[1 - seat])], "partners": [],
                              "result": labels.RESULTS["win" if m.winner == player_id else "loss"] if m.winner else "",
                              "army": armies[seat], "margin": None, "match": labels.match_name(m.label)})
    return games
