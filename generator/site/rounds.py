"""Round pages: every table of a round with its seats, result and games, the players in
alphabetical order for the find-me box, and the standings once the round was played."""
from __future__ import annotations

from podium.site import labels, urls
from podium.site.labels import N_
from podium.site.model import SiteModel, columns, rows


# What the figures beside each name are: the standing before the round, the rating, or both.
LEGENDS = {(True, True): N_("Beside each name: points before this round · wins–draws–losses · rating"),
           (True, False): N_("Beside each name: points before this round · wins–draws–losses"),
           (False, True): N_("Beside each name: rating"), (False, False): None}


def round_title(rnd) -> dict:
    """'Round 3', or the knockout round's main match ('Quarterfinal', 'Final')."""
    if rnd.main_match:
        return labels.match_name(rnd.main_match)
    return round_number(rnd.number)


def round_number(number: int) -> dict:
    """'Round 3', of a round that has no other name (or is still to be paired)."""
    return labels.msg(N_("Round %(number)s"), number=number)


def round_page(report, rnd, model: SiteModel) -> dict:
    tables = [_table(table, model, report) for table in rnd.tables]
    seats = [seat for table in tables for seat in table["seats"]]
    return {"legend": LEGENDS[any(seat["before"] for seat in seats), any(seat["rating"] for seat in seats)],"event": report, "event_url": urls.event(report.id), "round": rnd, "results_version": results_version(report),
            "title": round_title(rnd), "tables": tables, "by_name": by_name(tables, model),
            "clock": rnd.clock, "edit_url": _edit_url(report, rnd, model),
            "previous": _neighbour(report, rnd.number - 1), "next": _neighbour(report, rnd.number + 1),
            "standings": standings_after(rnd, model), "columns": columns(rnd.columns),
            "resting": [model.person(p) for p in rnd.resting],
            "penalties": [penalty_said(p, model) for p in rnd.penalties]}


# A round's penalties in words; points given to another player ('to:') are said on both sides.
PENALTIES = {"warning": N_("%(name)s: warning"), "disqualification": N_("%(name)s: disqualification"),
             "points": N_("%(name)s: −%(points)s pts")}
TRANSFER = N_("%(name)s: −%(points)s pts, %(to)s: +%(points)s pts")


def penalty_said(penalty, model: SiteModel) -> dict:
    """A penalty of the round (the report's PenaltyGiven), its reason as the organizer wrote it."""
    said = labels.msg(TRANSFER if penalty.to else PENALTIES[penalty.kind], name=model.name(penalty.player),
                      points=model.language.number(penalty.points), to=model.name(penalty.to) if penalty.to else "")
    return {**said, "reason": penalty.reason}


def standings_after(rnd, model: SiteModel) -> list[dict]:
    """The stage's standings once ``rnd`` was played: one table, or one a group, titled by it."""
    return [{"title": labels.msg(N_("Group %(group)s"), group=g.id) if g.id else None,
             "rows": rows(g.rows, model, rnd.columns)} for g in rnd.standings_after]


def _edit_url(report, rnd, model: SiteModel) -> str | None:
    """The forge's edit page of the round's file, where a correction starts as a pull request
    (None unless site.yaml names the repository)."""
    return urls.edit_page(model.site.repo_url, model.site.edit_uri, urls.round_file(report.id, rnd.number))


def by_name(tables: list[dict], model: SiteModel) -> list[dict]:
    """Each seated player's table, partners (a 2-vs-2 team's other player) and opponents, in
    alphabetical order by surname; a player alone on his line (a bye, a late loss) has its words
    instead ('alone': 'bye (+1)', …)."""
    return sorted(({"person": s["person"], "table": t["table"], "alone": (t["bye"] or t["late"]) and t["result"],
                    **_sides(s, t["seats"]),
                    "colour": t["colours"][0]["colours"][seat] if t["colours"] else None,  # said (colour_said)
                    "plays": s["colour_name"]}
                   for t in tables for seat, s in enumerate(t["seats"])),
                  key=lambda x: model.language.name_key(x["person"]["name"]))


def _sides(seat: dict, seats: list[dict]) -> dict:
    """The names of ``seat``'s partners (his team's other seats) and of his opponents at its table."""
    sides = {"partners": [], "opponents": []}
    for other in seats:
        if other is not seat:
            mate = seat["team"] is not None and other["team"] == seat["team"]
            sides["partners" if mate else "opponents"].append(other["person"]["name"])
    return sides


def current_tables(current, model: SiteModel, report) -> list[dict]:
    """Who plays whom in the round being played (``current``, None when none is), for the event
    page's find-me box."""
    return by_name([_table(table, model, report) for table in current.tables], model) if current else []


def _neighbour(report, number: int) -> dict | None:
    """The round before or after, for the links between round pages (None at either end)."""
    if not 1 <= number <= len(report.rounds):
        return None
    return {"url": urls.round_page(report.id, number), "title": round_title(report.rounds[number - 1])}


def _table(table, model: SiteModel, report) -> dict:
    seats = [{"person": model.person(s.player), "army": s.army, "score": s.score, "place": s.place, "team": s.team,
              "flag": labels.FLAGS.get(s.flag, None), "won": s.won, "earned": s.earned,
              "colour": s.colour, "colour_name": labels.COLOURS.get(s.colour),
              "before": s.before, "rating": report.person[s.player].rating} for s in table.seats]
    if len(seats) > 2 and all(s["place"] for s in seats):  # a table of several, once placed: in place order
        seats.sort(key=lambda seat: seat["place"])
    return {"table": table.table, "bye": table.bye, "late": table.outcome.kind == "late-loss",
            "match": labels.match_name(table.match) if table.match else None,
            "tp": list(table.points) if table.points is not None else None, "group": table.group, "seats": seats,
            "result": _result_text(table.outcome, model),
            "games": [_game(g, [seat.player for seat in table.seats], model) for g in table.games],
            "tiles": table.tiles_to_remove,
            "colours": [{"game": c.game, "colours": [labels.colour_said(colour) if colour else None for colour in c.colours],
                         "first": model.name(c.first)} for c in table.colours],
            "done": table.done}


def _game(game, players: list[str], model: SiteModel) -> dict:
    return {"number": game.number, "score": list(game.score) if game.score else None,
            "time": [f"{t // 60}:{t % 60:02d}" for t in game.time] if game.time else None,
            "tiles": list(game.tiles) if game.tiles else None, "tp": list(game.points) if game.points else None,
            "winner": model.name(game.winner) if game.winner else None,
            "home": model.name(game.home) if game.home else None, "forfeit": game.forfeit,
            "disconnected": game.disconnected, "extra": game.extra, "margin": game.margin,
            "penalties": [{"name": model.name(p), "points": lost} for p, lost in zip(players, game.penalties or ()) if lost]}


def _points(value, model: SiteModel) -> str:
    """A result's points as score sheets write them: a half as ½ in every language (a chess draw
    '½ : ½', '1½', '-½'), other numbers as the site's language writes them."""
    whole, half = divmod(abs(value), 1)
    if half == 0.5:
        return f"{'-' if value < 0 else ''}{int(whole) or ''}½"
    return model.language.number(value)


def _result_text(outcome, model: SiteModel) -> dict:
    """A table's result in words (a score or games won as numbers; a summed match shows each
    side's points instead, formatted by the template for the language)."""
    kind = outcome.kind
    if kind == "advances":
        return labels.msg(N_("advances (bye)"))
    if kind == "bye":
        return labels.msg(N_("bye (+%(points)s)"), points=_points(outcome.numbers[0], model))
    if kind == "requested-bye":
        return labels.msg(N_("bye asked for (+%(points)s)"), points=_points(outcome.numbers[0], model))
    if kind == "late-loss":
        return labels.msg(N_("lost for arriving late"))
    if kind == "forfeit":
        return labels.msg(N_("%(name)s forfeits"), name=model.name(outcome.player))
    if kind == "judge-loss":
        return labels.msg(N_("%(name)s loses by a judge's decision"), name=model.name(outcome.player))
    if kind == "pair-won":
        return labels.msg(N_("%(names)s win"), names=" + ".join(model.name(p) for p in outcome.players))
    if kind == "series":
        return labels.msg(" : ".join(str(n) for n in outcome.numbers))
    if kind == "score":
        return labels.msg(" : ".join(_points(n, model) for n in outcome.numbers))
    if kind == "win-by-score":
        return labels.msg(N_("%(name)s wins (%(score)s)"), name=model.name(outcome.player),
                          score=" : ".join(_points(n, model) for n in outcome.numbers))
    if kind == "draw":
        return labels.msg(N_("draw"))
    if kind == "win":
        return labels.msg(N_("%(name)s wins") if not outcome.modified else N_("%(name)s wins (modified win)"),
                          name=model.name(outcome.player))
    return labels.msg("")


def results_version(report) -> str:
    """What a page of the event carries for the offline worker: the event and the fingerprint of
    its results, so that a copy kept offline knows it is older than one seen since."""
    return f"{report.id} {report.results_version}"
