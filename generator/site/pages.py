"""④ The site model: every page with its URL, its template and the data the template needs.

Templates read only what is built here — never raw YAML, never the engine's internals.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.archive import Archive
from generator.export import dumps, leaderboard_json, standings_json
from generator.rules.engine import EventResult
from generator.site import labels, urls
from generator.site.labels import N_


@dataclass
class Page:
    url: str
    template: str
    title: str
    context: dict = field(default_factory=dict)


@dataclass
class File:
    url: str
    text: str


def site_pages(archive: Archive) -> tuple[list[Page], list[File]]:
    pages, files = [], []
    pages.append(Page(urls.home(), "home.html", archive.site.title, _home(archive)))
    for season in archive.seasons.values():
        pages.append(Page(urls.season(season.season.id), "season.html", season.season.name, _season(season, archive)))
        files.append(File(f"seasons/{season.season.id}/leaderboard.json", dumps(leaderboard_json(season, archive.players))))
    for result in archive.events.values():
        pages.append(Page(urls.event(result.event.id), "event.html", result.event.name, _event(result, archive)))
        files.append(File(f"events/{result.event.id}/standings.json", dumps(standings_json(result))))
        for rnd in result.event.rounds:
            pages.append(Page(urls.round_page(result.event.id, rnd.number), "round.html",
                              result.event.name, _round(result, rnd, archive)))
    for player_id, history in sorted(_histories(archive).items()):
        player = archive.players[player_id]
        pages.append(Page(urls.player(player_id), "player.html", player.name, {"player": player, "history": history}))
    for page in archive.site.pages:
        pages.append(Page(urls.page(page.slug), "page.html", page.title, {"body": page.body}))
    pages.append(Page("404.html", "404.html", "Page not found", {}))
    return pages, files


def _by_date(results):
    return sorted(results, key=lambda r: (r.event.date is None, r.event.date, r.event.id), reverse=True)


def _event_card(result: EventResult, archive: Archive) -> dict:
    winner = result.final_rows[0].player if result.complete and result.final_rows else None
    return {"url": urls.event(result.event.id), "name": result.event.name, "date": result.event.date,
            "players": len(result.event.players), "complete": result.complete, "qualifier": result.qualifier,
            "has_qualifier_rule": bool(result.ruleset.qualifier_min),
            "winner": _person(winner, archive) if winner else None, "rounds": len(result.event.rounds)}


def _person(player_id: str, archive: Archive) -> dict:
    player = archive.players[player_id]
    return {"id": player_id, "name": player.name, "url": urls.player(player_id), "club": player.club}


def _home(archive: Archive) -> dict:
    seasons = sorted(archive.seasons.values(), key=_season_sort_key, reverse=True)
    return {"seasons": [{"name": s.season.name, "url": urls.season(s.season.id), "events": len(s.events)} for s in seasons],
            "latest": [_event_card(r, archive) for r in _by_date(archive.events.values())[:10]],
            "pages": [{"title": p.title, "url": urls.page(p.slug)} for p in archive.site.pages]}


def _season_sort_key(season):
    dates = [r.event.date for r in season.events if r.event.date]
    return (max(dates) if dates else None) is not None, max(dates) if dates else None, season.season.id


def _season(season, archive: Archive) -> dict:
    others = sorted((s for s in archive.seasons.values() if s is not season), key=_season_sort_key, reverse=True)
    return {
        "season": season.season,
        "leaderboard": [{"rank": r.rank, "person": _person(r.player, archive), "points": r.points, "events": r.events}
                        for r in season.leaderboard],
        "invitations": [{"person": _person(i.player, archive), "via": i.via, "reason": i.reason, "place": i.place,
                         "event": _event_card(archive.events[i.event], archive) if i.event else None}
                        for i in season.invitations],
        "events": [_event_card(r, archive) for r in _by_date(season.events)],
        "other_seasons": [{"name": s.season.name, "url": urls.season(s.season.id)} for s in others],
        "json": f"seasons/{season.season.id}/leaderboard.json",
    }


def _event(result: EventResult, archive: Archive) -> dict:
    event, ruleset = result.event, result.ruleset
    season = archive.seasons.get(event.season) if event.season else None
    return {
        "event": event, "ruleset": ruleset, "card": _event_card(result, archive),
        "season": {"name": season.season.name, "url": urls.season(event.season)} if season else None,
        "structure": _structure_text(result), "clocks": ruleset.clocks,
        "rounds": [{"number": r.number, "title": _round_title(result, r), "url": urls.round_page(event.id, r.number),
                    "complete": r.complete} for r in event.rounds],
        "columns": [{"key": t.key, "abbr": t.abbr, "title": t.title, "explanation": t.explanation, "signed": t.signed}
                    for t in ruleset.tiebreakers],
        "shown_columns": [t.key for t in ruleset.tiebreakers if t.shown],
        "standings": _rows(result.final_rows, archive),
        "swiss": _rows(result.swiss_rows, archive) if result.bracket else None,
        "bracket": _bracket(result, archive),
        "json": f"events/{event.id}/standings.json",
    }


def _structure_text(result: EventResult) -> dict:
    plan = result.plan
    if not plan.swiss:
        return labels.msg(N_("Single elimination drawn at random, %(rounds)s rounds"), rounds=plan.knockout.rounds)
    if plan.cut:
        return labels.msg(N_("%(rounds)s Swiss rounds, then a top %(cut)s"), rounds=plan.swiss_rounds, cut=plan.cut)
    return labels.msg(N_("%(rounds)s Swiss rounds, no finals"), rounds=plan.swiss_rounds)


def _rows(rows, archive: Archive) -> list[dict]:
    return [{"rank": r.rank, "person": _person(r.player, archive), "points": r.points, "tiebreaks": r.tiebreaks,
             "status": labels.STATUS.get(r.status, r.status),
             "separated_by": labels.SEPARATED.get(r.separated_by, r.separated_by) if r.separated_by else None,
             "swiss_rank": r.extra.get("swiss_rank")} for r in rows]


def _bracket(result: EventResult, archive: Archive) -> list[dict]:
    columns = []
    for matches in result.bracket:
        columns.append({"title": labels.MATCHES.get(matches[0].label, matches[0].label), "matches": [
            {"label": labels.MATCHES.get(m.label, m.label),
             "sides": [{"person": _person(p, archive) if p else None, "seed": s, "won": m.winner == p and p is not None,
                        "score": m.pairing.score[i] if m.pairing is not None and m.pairing.score else None}
                       for i, (p, s) in enumerate(zip(m.players, m.seeds))]}
            for m in matches]})
    return columns


def _round_title(result: EventResult, rnd) -> dict:
    """'Round 3', or the knockout round's main match ('Quarterfinal', 'Final')."""
    names = {p.match for p in rnd.pairings if p.match and p.match != "third-place"}
    if rnd.stage == "knockout" and len(names) == 1:
        return labels.msg(labels.MATCHES[names.pop()])
    return labels.msg(N_("Round %(number)s"), number=rnd.number)


def _round(result: EventResult, rnd, archive: Archive) -> dict:
    flags = result.flags.get(rnd.number, {})
    tables = []
    for pairing in rnd.pairings:
        seats = [{"person": _person(p, archive), "army": (pairing.armies or [None] * 4)[i],
                  "score": pairing.score[i] if pairing.score else None,
                  "flag": labels.FLAGS.get(flags.get(p), None), "won": p == _winner(pairing, result)}
                 for i, p in enumerate(pairing.players)]
        tables.append({"table": pairing.table, "bye": pairing.bye, "match": labels.MATCHES.get(pairing.match),
                       "seats": seats, "result": _result_text(pairing, result, archive), "done": pairing.has_result})
    by_name = sorted(({"person": s["person"], "table": t["table"], "bye": t["bye"],
                       "opponents": [o["person"]["name"] for o in t["seats"] if o is not s]}
                      for t in tables for s in t["seats"]), key=lambda x: x["person"]["name"].casefold())
    return {"event": result.event, "event_url": urls.event(result.event.id), "round": rnd,
            "title": _round_title(result, rnd), "tables": tables, "by_name": by_name,
            "seed": result.event.seed, "clock": result.ruleset.clocks.get(rnd.stage)}


def _winner(pairing, result: EventResult) -> str | None:
    """The table's winner as the ruleset reads the result (none for a bye, a draw or no result)."""
    if pairing.bye or len(pairing.players) != 2 or not pairing.has_result:
        return None
    return result.ruleset.scoring.match_winner(pairing, higher_seed=None)


def _result_text(pairing, result: EventResult, archive: Archive) -> dict:
    if pairing.bye:
        return labels.msg(N_("bye (+%(points)s)"), points=f"{result.ruleset.bye.points:g}")
    if pairing.forfeit:
        return labels.msg(N_("%(name)s forfeits"), name=archive.players[pairing.forfeit].name)
    if pairing.score:
        return labels.msg(" : ".join(f"{s:g}" for s in pairing.score))
    if pairing.draw:
        return labels.msg(N_("draw"))
    if pairing.winner:
        return labels.msg(N_("%(name)s wins") if not pairing.modified else N_("%(name)s wins (modified win)"),
                          name=archive.players[pairing.winner].name)
    return labels.msg("")


def _histories(archive: Archive) -> dict[str, list]:
    """Every player's events, newest first, with each game they played."""
    history: dict[str, list] = {}
    for result in _by_date(archive.events.values()):
        final = {row.player: row for row in result.final_rows}
        card = _event_card(result, archive)
        for player in result.event.players:
            record = result.records[player.id]
            history.setdefault(player.id, []).append({
                "event": card, "rank": final[player.id].rank, "points": final[player.id].points,
                "status": labels.STATUS.get(final[player.id].status, ""), "complete": result.complete,
                "games": [{"round": o.round, "opponent": _person(o.opponent, archive) if o.opponent else None,
                           "result": labels.RESULTS[o.result], "army": o.army, "margin": o.margin, "match": None}
                          for o in record.outcomes]
                + _finals_games(result, player.id, archive),
            })
    return history


def _finals_games(result: EventResult, player_id: str, archive: Archive) -> list[dict]:
    games = []
    for matches in result.bracket:
        for m in matches:
            if player_id in m.players and m.pairing is not None:
                seat = m.players.index(player_id)
                opponent = m.players[1 - seat]
                armies = m.pairing.armies or (None, None)
                games.append({"round": m.round_no, "opponent": _person(opponent, archive),
                              "result": labels.RESULTS["win" if m.winner == player_id else "loss"] if m.winner else "",
                              "army": armies[seat], "margin": None, "match": labels.MATCHES.get(m.label)})
    return games
