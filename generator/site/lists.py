"""The home page, the lists of all events and all players, and the season pages."""
from __future__ import annotations

from podium.site import labels, urls
from podium.site.model import SiteModel
from podium.site.rounds import current_tables


def home_page(model: SiteModel) -> dict:
    return {"seasons": _seasons(model), "all_seasons": urls.seasons(),
            "latest": [model.card(r) for r in model.newest_first[:10]],
            "all_events": {"url": urls.events(), "count": len(model.events)},
            "all_players": {"url": urls.players(), "count": len(model.played)},
            "pages": [{"title": p.title, "url": urls.page(p.slug)} for p in model.site.pages],
            "seated": _seated_now(model)}


def _seated_now(model: SiteModel) -> list[dict]:
    """Where everyone sits in the rounds being played, for the phone that remembers a player
    (me.js) to lead the home page with his table; nobody sees the list."""
    seated = []
    for outline in model.newest_first:
        if outline.complete or all(rnd.complete for rnd in outline.rounds):
            continue
        report = model.report(outline.id)
        seated += current_tables(next(rnd for rnd in report.rounds if not rnd.complete), model, report)
    return seated


def seasons_page(model: SiteModel) -> dict:
    """Every season of the archive, the newest first, with its count of events."""
    return {"seasons": _seasons(model)}


def _seasons(model: SiteModel) -> list[dict]:
    return [{"name": s.season.name, "url": urls.season(s.season.id), "events": len(s.events)}
            for s in model.seasons_newest_first]


def players_page(model: SiteModel) -> dict:
    """Everyone who played, in the site language's alphabetical order by surname."""
    people = [model.person(player_id) for player_id in model.played]
    people.sort(key=lambda person: model.language.name_key(person["name"]))
    return {"people": [{"person": p, "events": len(model.played[p["id"]])} for p in people]}


def events_page(model: SiteModel) -> dict:
    """Every event of the archive under its season, the newest season first, then the events of
    no season; newest first within each, with the rules they were played under."""
    groups = [{"title": s.season.name, "url": urls.season(s.season.id),
               "events": [_with_rules(model, r) for r in model.newest_of(s.events)]}
              for s in model.seasons_newest_first]
    loose = [r for r in model.newest_first if not r.season or r.season not in model.seasons]
    if loose:
        groups.append({"title": None, "url": None, "events": [_with_rules(model, e) for e in loose]})
    return {"groups": groups}


def _with_rules(model: SiteModel, report) -> dict:
    return model.card(report) | {"ruleset": report.ruleset_name}


def season_page(season, model: SiteModel) -> dict:
    invited = {i.player for i in season.invitations}
    events = model.newest_of(season.events)
    return {
        "season": season.season,
        "leaderboard": [{"rank": r.rank, "person": model.person(r.player), "points": r.points, "events": r.events,
                         "shared_rank": r.shared, "invited": r.player in invited,
                         "by_event": [{"name": e.name, "points": r.points_by_event[e.id]}
                                      for e in events if e.id in r.points_by_event]}
                        for r in season.leaderboard],
        "invitations": [{"person": model.person(i.player), "via": i.via, "reason": i.reason, "place": i.place,
                         "event": model.card(model.events[i.event]) if i.event else None,
                         "passed_over": [{"person": model.person(p), "why": labels.PASSED_OVER.get(why, labels.PASSED_OVER["excluded"])}
                                         for p, why in i.passed_over]}
                        for i in season.invitations],
        "events": [model.card(e) for e in events],
        "points_by_place": [{"place": place, "points": points} for place, points in sorted(season.season.points.items())],
        "other_seasons": [{"name": s.season.name, "url": urls.season(s.season.id)}
                          for s in model.seasons_newest_first if s is not season],
        "invites": season.season.qualification == "invitations",
        "qualifier_min": season.qualifier_min, "max_wildcards": season.max_wildcards,
    }


def about_results_page(model: SiteModel) -> dict:
    """How the results can be checked: every event's draws come from its seed, kept with its
    files, and anyone holding the archive draws them again (`podium verify`)."""
    return {"events": [{"id": report.id, "card": model.card(report), "seed": report.seed} for report in model.newest_first]}
