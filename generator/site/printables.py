"""Printables of an event, on A4 and readable on a phone: the player cards — each player's
registered armies, which of them he fielded in which round and what came of it — and the event
report the organizer sends after the event (who ran it, where and when, how many played, the
final classification and who qualified). Both read the event's report only; whether an event
has cards is the report's ``armies``: its players registered or fielded armies.
"""
from __future__ import annotations

from podium.site import labels, urls
from podium.site.event import structure_text
from podium.site.model import SiteModel, rows
from podium.site.rounds import round_number, round_title

CARDS_PER_SHEET = 2  # a card is half an A4 sheet


def has_player_cards(report) -> bool:
    return report.armies


def player_cards_page(report, model: SiteModel) -> dict:
    cards = [_card(person, report, model) for person in report.people]
    cards.sort(key=lambda card: model.language.name_key(card["person"]["name"]))
    return {"event": report, "event_url": urls.event(report.id), "report_url": urls.event_report(report.id),
            "sheets": [cards[i:i + CARDS_PER_SHEET] for i in range(0, len(cards), CARDS_PER_SHEET)],
            "cards": len(cards)}


def _card(person, report, model: SiteModel) -> dict:
    mine = report.player[person.id]
    games = [{"round": g.round, "title": round_title(report.rounds[g.round - 1]) if g.round else None,
              "opponents": [model.name(p) for p in g.opponents], "army": g.army,
              "result": labels.RESULTS.get(g.result, g.result), "margin": g.margin, "late": g.late} for g in mine.games]
    fielded = {g["army"] for g in games if g["army"]}
    kept = set(person.finals_armies or ())
    armies = [{"name": a, "fielded": a in fielded, "finals": a in kept} for a in person.armies]
    armies += [{"name": a, "fielded": True, "finals": a in kept} for a in sorted(fielded - set(person.armies))]
    # The Swiss rounds still to be drawn stay blank on the card, to be filled in at the table.
    blank = [] if report.complete else [
        {"round": n, "title": round_number(n)}
        for n in range(len(report.rounds) + 1, (report.plan[0].rounds if report.plan else 0) + 1)]
    return {"person": model.person(person.id), "armies": armies, "beginner": person.beginner,
            "finals_chosen": person.finals_armies is not None, "games": games, "blank": blank,
            "rank": mine.rank, "points": mine.points, "status": labels.STATUS.get(mine.status, "")}


def event_report_page(report, model: SiteModel) -> dict:
    season = model.seasons.get(report.season) if report.season else None
    invited = [{"person": model.person(i.player), "via": i.via, "place": i.place}
               for i in (season.invitations if season else ()) if i.event == report.id]
    statuses = {}
    for p in report.players:
        if p.status != "active":
            statuses.setdefault(labels.STATUS.get(p.status, p.status), []).append(model.name(p.player))
    return {"event": report, "event_url": urls.event(report.id), "roles": report.roles,
            "cards_url": urls.player_cards(report.id) if has_player_cards(report) else None,
            "players": len(report.people), "rounds": len(report.rounds),
            "structure": structure_text(report.plan, report.sums_games),
            "qualifier": report.qualifier, "qualifier_min": report.qualifier_min,
            "standings": rows(report.standings, model, report.explained), "complete": report.complete,
            "final": report.final, "open_ties": labels.open_ties(report),
            "winner": model.person(report.winner) if report.winner else None,
            "season": model.season_link(report.season),
            "invited": invited, "statuses": sorted(statuses.items())}
