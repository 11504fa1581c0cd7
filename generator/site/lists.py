"""The home page, the lists of all events and all players, and the season pages."""
from __future__ import annotations

from podium.site import urls
from podium.site.model import SiteModel, by_date


def home_page(model: SiteModel) -> dict:
    seasons = sorted(model.seasons.values(), key=lambda s: _season_sort_key(s, model), reverse=True)
    return {"seasons": [{"name": s.season.name, "url": urls.season(s.season.id), "events": len(s.events)} for s in seasons],
            "latest": [model.card(r) for r in by_date(model.events.values())[:10]],
            "all_events": {"url": urls.events(), "count": len(model.events)},
            "all_players": {"url": urls.players(), "count": len(model.played)},
            "pages": [{"title": p.title, "url": urls.page(p.slug)} for p in model.site.pages]}


def players_page(model: SiteModel) -> dict:
    """Everyone who played, in the site language's alphabetical order by surname."""
    people = [model.person(player_id) for player_id in model.played]
    people.sort(key=lambda person: model.language.name_key(person["name"]))
    return {"people": [{"person": p, "events": len(model.played[p["id"]])} for p in people]}


def events_page(model: SiteModel) -> dict:
    """Every event of the archive under its season, the newest season first, then the events of
    no season; newest first within each, with the rules they were played under."""
    seasons = sorted(model.seasons.values(), key=lambda s: _season_sort_key(s, model), reverse=True)
    groups = [{"title": s.season.name, "url": urls.season(s.season.id),
               "events": [_with_rules(model, e) for e in _newest_first(s.events, model)]} for s in seasons]
    loose = [r.id for r in by_date(model.events.values()) if not r.season or r.season not in model.seasons]
    if loose:
        groups.append({"title": None, "url": None, "events": [_with_rules(model, e) for e in loose]})
    return {"groups": groups}


def _with_rules(model: SiteModel, event_id: str) -> dict:
    report = model.events[event_id]
    return model.card(report) | {"ruleset": report.ruleset_name}


def _season_sort_key(season, model: SiteModel):
    dates = [model.events[e].date for e in season.events if model.events[e].date]
    return (max(dates) if dates else None) is not None, max(dates) if dates else None, season.season.id


def season_page(season, model: SiteModel) -> dict:
    invited = {i.player for i in season.invitations}
    others = sorted((s for s in model.seasons.values() if s is not season),
                    key=lambda s: _season_sort_key(s, model), reverse=True)
    return {
        "season": season.season,
        "leaderboard": [{"rank": r.rank, "person": model.person(r.player), "points": r.points, "events": r.events,
                         "shared_rank": r.shared, "invited": r.player in invited,
                         "by_event": [{"name": model.events[e].name, "url": urls.event(e), "points": r.points_by_event[e]}
                                      for e in _newest_first(r.points_by_event, model)]}
                        for r in season.leaderboard],
        "invitations": [{"person": model.person(i.player), "via": i.via, "reason": i.reason, "place": i.place,
                         "event": model.card(model.events[i.event]) if i.event else None,
                         "passed_over": [{"person": model.person(p), "why": why} for p, why in i.passed_over]}
                        for i in season.invitations],
        "events": [model.card(model.events[e]) for e in _newest_first(season.events, model)],
        "points_by_place": [{"place": place, "points": points} for place, points in sorted(season.season.points.items())],
        "other_seasons": [{"name": s.season.name, "url": urls.season(s.season.id)} for s in others],
        "json": f"seasons/{season.season.id}/leaderboard.json",
    }


def _newest_first(event_ids, model: SiteModel) -> list[str]:
    return [r.id for r in by_date(model.events[e] for e in event_ids)]
