"""The event page — the round being played, the standings, each stage's section, the structure
in words — and the bracket page."""
from __future__ import annotations

from podium.rules.kinds import FREE_FOR_ALL, KNOCKOUT, PAIRS_ROTATION, ROUND_ROBIN, SWISS, TABLES
from podium.site import labels, urls
from podium.site.labels import N_, Nn_
from podium.site.model import SiteModel, columns, rows
from podium.site.rounds import current_tables, results_version, round_title, standings_after

STAGE_TITLES = {SWISS: N_("Swiss rounds"), KNOCKOUT: N_("Finals"), ROUND_ROBIN: N_("Round-robin groups"),
                PAIRS_ROTATION: N_("Groups: 2 vs 2 with rotating pairs"), TABLES: N_("Tables"),
                FREE_FOR_ALL: N_("Free-for-all tables")}


def event_page(report, model: SiteModel) -> dict:
    rounds = [{"number": r.number, "title": round_title(r), "url": urls.round_page(report.id, r.number),
               "complete": r.complete} for r in report.rounds]
    live = next((r for r in report.rounds if not r.complete), None)
    stages = [stage_section(stage, report, model) for stage in report.stages
              if _has_section(stage, report) and not _in_play(stage, live)]
    in_play = _live(report, live, model)  # its standings stand for the event's while it is played
    return {
        "event": report, "results_version": results_version(report),
        "ruleset": {"name": report.ruleset_name, "qualifier_min": report.qualifier_min},
        "card": model.card(report),
        "season": model.season_link(report.season),
        "structure": structure_text(report.plan, report.sums_games), "clocks": report.clocks,
        "rounds": rounds,
        # What a player at the venue came for first: the round being played, then the standings.
        "current_round": rounds[report.rounds.index(live)] if live else None,
        "current_tables": current_tables(live, model, report),
        "brackets": [{"url": urls.bracket(report.id), "title": N_("Bracket")}] if any(s["bracket"] for s in stages) else [],
        "columns": columns(report.columns),
        "show_points": report.first_kind != KNOCKOUT,  # an event that is only a bracket has no points to show
        "explained": columns(report.explained),
        "standings": rows(report.standings, model, report.explained) if in_play is None else [],
        "podium": _podium(report, model),
        "open_ties": labels.open_ties(report),  # while one is open, the standings are provisional
        "cross": _lone_cross_table(report, stages, model) if in_play is None else None,
        "live": in_play,
        "stages": stages,
        "report_url": urls.event_report(report.id), "cards_url": urls.player_cards(report.id) if report.armies else None,
    }


def _podium(report, model: SiteModel) -> dict | None:
    """A finished event leads with its winner and podium (none while a tie for the win awaits
    the organizer); where finals decided the places, it says so, as the points shown are the
    rounds' before them."""
    if not report.complete or report.winner is None:
        return None
    places = [{"rank": row.rank, "person": model.person(row.player)} for row in report.standings if row.rank <= 3]
    kinds = [stage.kind for stage in report.plan]
    return {"places": places, "by_finals": KNOCKOUT in kinds[1:]}


def _in_play(stage, live) -> bool:
    """A ranking stage whose round is being played: its standings mix the results in with the
    others, so the event page shows them after the last complete round instead (``_live``)."""
    return live is not None and stage.kind != KNOCKOUT and stage.kind == live.stage


def _live(report, live, model: SiteModel) -> dict | None:
    """While a round of a ranking stage is played: how many of its results are in, and the
    standings after the round before it (in the same stage; none after its first round), in
    place of the event's standings, which would count the results in so far."""
    if live is None or live.stage == KNOCKOUT:
        return None
    before = report.rounds[live.number - 2] if live.number > 1 else None
    after = before if before is not None and before.stage == live.stage and before.standings_after else None
    return {"round": live.number, "title": round_title(live), "url": urls.round_page(report.id, live.number),
            "results_in": live.results_in, "tables": len(live.tables), "after": after.number if after else None,
            "standings": standings_after(after, model) if after else [], "columns": columns(live.columns),
            "stage_starts": before is not None and after is None}  # the stages before have their sections below


def has_bracket_page(report) -> bool:
    return bool(_knockout_sections(report))


def bracket_page(report, model: SiteModel) -> dict:
    """The bracket on a page of its own: on a phone it is several screens wide and long."""
    return {"event": report, "event_url": urls.event(report.id), "results_version": results_version(report),
            "stages": [stage_section(stage, report, model) for stage in _knockout_sections(report)]}



def _knockout_sections(report) -> list:
    return [stage for stage in report.stages if stage.kind == KNOCKOUT and _has_section(stage, report)]


def _has_section(stage, report) -> bool:
    """The final standings already show a lone ranking stage without groups."""
    return len(report.stages) > 1 or len(report.plan) > 1 or stage.kind == KNOCKOUT or len(stage.groups) > 1


def stage_section(stage, report, model: SiteModel) -> dict:
    section = {"id": stage.id, "title": STAGE_TITLES[stage.kind], "kind": stage.kind, "bracket": None, "groups": [],
               "show_points": True, "columns": columns(stage.columns)}
    if stage.kind == KNOCKOUT:
        section["bracket"] = _bracket(stage, model)
        section["bracket_url"] = urls.bracket(report.id)
        section["kept_as_paired"] = stage.kept_as_paired
    else:
        free_for_all = stage.kind == FREE_FOR_ALL
        name = N_("Table %(table)s") if free_for_all else N_("Group %(group)s")
        section["groups"] = [{"title": labels.msg(name, table=g.id, group=g.id) if len(stage.groups) > 1 or
                              free_for_all else None, "rows": rows(g.rows, model, stage.columns),
                              "cross": _cross_table(g, model)}
                             for g in stage.groups] or [{"title": None, "rows": rows(stage.standings, model, stage.columns),
                                                         "cross": None}]
    return section


def _lone_cross_table(report, sections: list, model: SiteModel) -> dict | None:
    """A lone round robin has no section of its own (``_has_section``): its cross table follows
    the event's standings."""
    if sections or len(report.stages) != 1 or report.stages[0].kind != ROUND_ROBIN or len(report.stages[0].groups) != 1:
        return None
    return _cross_table(report.stages[0].groups[0], model)


def _cross_table(group, model: SiteModel) -> dict | None:
    """A round robin group's cross table, as the report made it: its players numbered in the
    order of the standings, each row what that player scored against each number."""
    if not group.cross:
        return None
    return {"rows": [{"person": model.person(row.player), "cells": list(cells)}
                     for row, cells in zip(group.rows, group.cross)]}


def _bracket(stage, model: SiteModel) -> list[dict]:
    return [{"title": labels.match_name(matches[0].match), "matches": [
        {"label": labels.match_name(m.match), "bye": m.bye, "not_played": m.not_played,
         "sides": [{"person": model.person(s.player) if s.player else None, "seed": s.seed, "won": s.won,
                    "score": s.score} for s in m.sides]}
        for m in matches]} for matches in stage.bracket]


def _stage_text(stage) -> dict:
    if stage.kind == SWISS:
        return labels.count_msg(Nn_("%(rounds)s Swiss round", "%(rounds)s Swiss rounds"), "rounds", rounds=stage.rounds)
    if stage.kind == KNOCKOUT:
        text = N_("single elimination drawn at random") if stage.seeding == "random" else \
            N_("single elimination seeded by rating") if stage.seeding == "rating" else N_("top %(size)s single elimination")
        return labels.msg(text, size=stage.size)
    if stage.kind == ROUND_ROBIN:
        return labels.msg(N_("round robin in %(groups)s group(s), mini-matches of %(games)s games"),
                          groups=stage.groups, games=stage.games)
    if stage.kind == TABLES:
        return labels.count_msg(Nn_("%(rounds)s round at tables of 2–5 (standard %(size)s)",
                                    "%(rounds)s rounds at tables of 2–5 (standard %(size)s)"),
                                "rounds", rounds=stage.rounds, size=stage.size)
    if stage.kind == PAIRS_ROTATION:
        return labels.msg(N_("groups of 4 or more, 2 vs 2 with rotating pairs, home and away"))
    return labels.msg(N_("free-for-all tables of 4, 4 turns, each seat's faction set by the rules"))


def structure_text(plan, sums_games: bool) -> list[dict]:
    """The structure in words: the familiar phrases for a Swiss with or without a cut, else stage by stage."""
    kinds = [stage.kind for stage in plan]
    if kinds == [SWISS]:
        return [labels.count_msg(Nn_("%(rounds)s Swiss round, no finals", "%(rounds)s Swiss rounds, no finals"), "rounds",
                                 rounds=plan[0].rounds) | _stage_games(plan[0], sums_games)]
    if kinds == [SWISS, KNOCKOUT]:
        return [labels.count_msg(Nn_("%(rounds)s Swiss round, then a top %(cut)s", "%(rounds)s Swiss rounds, then a top %(cut)s"),
                                 "rounds", rounds=plan[0].rounds, cut=plan[1].size)
                | _stage_games(plan[1], sums_games)]
    return [_stage_text(stage) | _stage_games(stage, sums_games) for stage in plan]


def _stage_games(stage, sums_games: bool) -> dict:
    """A knockout's games a match, and the final's when it differs (best of 3, final best of 5)."""
    knockout = stage.kind == KNOCKOUT
    text = N_("%(games)s games a match, decided by points") if sums_games else N_("best of %(games)s")
    return {"games": labels.msg(text, games=stage.games) if knockout and stage.games > 1 else None,
            "final_games": stage.final_games if knockout and stage.final_games else None}
