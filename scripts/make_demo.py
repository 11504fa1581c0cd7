"""Regenerate the demo archive in content/ by playing plausible events through `podium pair`.

    python scripts/make_demo.py [--content content]

Everything is seeded, so the same script gives the same archive. Each event is registered,
then paired round by round by the real engine; results come from hidden player strengths.
"""
from __future__ import annotations

import argparse
import datetime
import random
import re
import shutil
from pathlib import Path

import yaml

from podium.run.pairing import pair
from podium.run.archive import find_event, load_archive

FIRST = ["Łukasz", "Zofia", "Michał", "Agnieszka", "Paweł", "Małgorzata", "Krzysztof", "Joanna", "Tomasz", "Katarzyna",
         "Grzegorz", "Ewa", "Piotr", "Magdalena", "Jędrzej", "Barbara", "Wojciech", "Aleksandra", "Rafał", "Dorota",
         "Marcin", "Żaneta", "Bartłomiej", "Anna", "Przemysław", "Halina", "Sławomir", "Urszula", "Jacek", "Iwona"]
LAST = ["Nowak", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak",
        "Dąbrowski", "Kozłowski", "Jankowski", "Mazur", "Kwiatkowski", "Krawczyk", "Piotrowski", "Grabowski", "Nowakowski",
        "Pawłowski", "Michalski", "Król", "Wieczorek", "Jabłoński", "Wróbel", "Stępień", "Górski", "Żółć", "Sęk", "Łuczak"]
CLUBS = ["Gildia Kraków", "Hex Warszawa", "Klub Wrocław", "Poznańscy Stratedzy", "Gdańsk Neuroshima", None]
LEGAL = ["Bestie", "Borgo", "Dancer", "Death Breath", "Hegemonia", "Iron Gang", "Mephisto", "Missisipi", "Moloch",
         "Neodżungla", "Nowy Jork", "Piraci", "Posterunek", "Sandrunners", "Sharrash", "Smart", "Stalowa Policja",
         "Troglodyci", "Uranopolis", "Vegas"]
BASIC = ["Moloch", "Borgo", "Hegemonia", "Posterunek"]

# The seed of the simulated players and results; chosen so that the season shows every kind of
# invitation (a winner, one passed down by a player invited twice, a wild card).
DEMO_SEED = 2024
DRAWN_WITH_PODIUM_0_2 = {"2023-07-lodz", "2023-09-poznan-store", "2023-10-poznan-regional"}
NSHEX_EVENTS = [  # id, name, date, players, seed
    ("2023-04-krakow", "Turniej eliminacyjny — Kraków", datetime.date(2023, 4, 15), 24, 20230415),
    ("2023-05-wroclaw", "Turniej eliminacyjny — Wrocław", datetime.date(2023, 5, 13), 14, 20230513),
    ("2023-06-gdansk", "Turniej eliminacyjny — Gdańsk", datetime.date(2023, 6, 10), 10, 20230610),
    ("2023-07-lodz", "Turniej klubowy — Łódź", datetime.date(2023, 7, 8), 7, 20230708),
    ("2023-08-warszawa", "Turniej eliminacyjny — Warszawa", datetime.date(2023, 8, 19), 44, 20230819),
]

CZECH = ["Jiří Dvořák", "Tereza Nováková", "Šárka Černá", "Tomáš Kříž", "Petr Šťastný", "Lucie Hájková",
         "Zdeněk Růžička", "Ondřej Procházka", "Kateřina Veselá", "Jaroslav Ševčík", "Věra Malá"]
ITALIAN = ["Niccolò Bianchi", "Chiara Rossi", "Gianluca Mancò", "Francesca Dell'Orto", "Nicolò Esposito",
           "Beatrice Ferrè", "Lorenzo Bonfà", "Giulia Romanò"]
TANTRIX = [("Ola Wiśniewska", 1712, ["red", "yellow"]), ("Piotr Kaczmarek", 1655, ["red", "green"]),
           ("Dorota Zając", 1630, ["blue", "red"]), ("Jędrzej Pietrzak", 1598, []),
           ("Hanna Grzelak", 1571, ["yellow", "blue"]), ("Stanisław Bąk", 1540, ["green", "red"]),
           ("Mikołaj Żak", 1502, []), ("Weronika Sikora", 1470, ["red", "yellow"])]


def surname(first: str, last: str) -> str:
    """Polish surnames in -ski/-cki take -ska/-cka for women (whose first names end in -a here)."""
    if first.endswith("a") and last.endswith(("ski", "cki", "dzki")):
        return last[:-1] + "a"
    return last


FFG_EVENTS = [  # id, name, date, players, seed, structure, level, Swiss rounds
    ("2023-09-poznan-store", "Store Championship — Poznań", datetime.date(2023, 9, 2), 18, 20230902, "basic", "competitive", 4),
    ("2023-10-poznan-regional", "Regional Championship — Poznań", datetime.date(2023, 10, 14), 14, 20231014, "advanced",
     "premier", 4),
]


def people(count: int, rand: random.Random) -> list[dict]:
    names = sorted({f"{f} {surname(f, l)}" for f in FIRST for l in LAST})
    return [{"name": n} for n in rand.sample(names, count)]


def register(pool: list[dict], count: int, rand: random.Random) -> list[dict]:
    chosen = rand.sample(pool, count)
    entries = []
    for person in chosen:
        entry = {"name": person["name"]}
        if person.get("club"):
            entry["club"] = person["club"]
        if rand.random() < 0.1:
            entry["beginner"] = True
        else:
            entry["armies"] = rand.sample(LEGAL, 5)
        entries.append(entry)
    return entries


class Results:
    """Plausible results: the stronger player wins more often; armies each once per stage."""

    def __init__(self, registrations: list[dict], rand: random.Random, skills: dict):
        self.rand = rand
        # A player's strength carries across events, so strong players win more than one
        # qualifier and pass their invitation down (NS HEX 2023 §10).
        self.skill = {slug(r["name"]): skills.setdefault(slug(r["name"]), rand.gauss(0, 1)) for r in registrations}
        self.armies = {slug(r["name"]): list(BASIC if r.get("beginner") else r.get("armies", [])) for r in registrations}
        self.used: dict[tuple, list] = {}

    def fill(self, path: Path, swiss_rounds: int) -> None:
        text = path.read_text(encoding="utf-8")
        number = int(re.search(r"^round: (\d+)", text, re.M).group(1))
        stage = "swiss" if number <= swiss_rounds else "finals"
        out, players, chosen = [], [], []
        for line in text.splitlines():
            match = re.match(r"\s*(?:- )?players: \[(.*?)\]", line)
            if match:
                players = [p.strip().strip("\"") for p in match.group(1).split(",")]  # pair quotes ids
                chosen = self.choose_armies(players, stage, number == swiss_rounds)
            if line.strip().startswith("armies: []"):
                line = line.replace("armies: []", f"armies: [{', '.join(chosen)}]")
            if line.strip().startswith("score: []"):
                line = line.replace("score: []", f"score: {self.score(players, chosen)}")
            if re.match(r"\s*winner:\s+#", line):
                line = self.winner_line(line, players)
            out.append(line)
        path.write_text("\n".join(out) + "\n", encoding="utf-8")

    def choose_armies(self, players, stage, last_swiss) -> list[str]:
        if not all(self.armies[p] for p in players):
            return []  # a game without armies
        picks = []
        for player in players:
            used = self.used.setdefault((player, stage), [])
            free = [a for a in self.armies[player] if a not in used and a not in picks]
            if not free:  # NS HEX §6.5.2: a beginner repeats an army in the last round
                free = [a for a in self.armies[player] if a not in picks]
            army = self.rand.choice(free)
            used.append(army)
            picks.append(army)
        return picks

    def winner_line(self, line: str, players) -> str:
        """FFG: the stronger player tends to win; one game in six is a modified win on time."""
        a, b = players
        winner = a if self.skill[a] - self.skill[b] + self.rand.gauss(0, 1.2) > 0 else b
        indent = line[: len(line) - len(line.lstrip())]
        modified = f"\n{indent}modified: true" if self.rand.random() < 1 / 6 else ""
        return f"{indent}winner: {winner}{modified}"

    def score(self, players, armies) -> list[int]:
        a, b = players
        edge = self.skill[a] - self.skill[b] + self.rand.gauss(0, 1.2)
        if abs(edge) < 0.08:
            hq = self.rand.randint(3, 12)
            return [hq, hq]
        winner_hq = self.rand.randint(4, 20)
        if "Dancer" in armies and self.rand.random() < 0.5:
            winner_hq = self.rand.randint(21, 30) if armies[0 if edge > 0 else 1] == "Dancer" else winner_hq
        loser_hq = self.rand.randint(0, min(winner_hq - 1, 19))
        return [winner_hq, loser_hq] if edge > 0 else [loser_hq, winner_hq]


def slug(name: str) -> str:
    from podium.core.slug import slugify

    return slugify(name)


def play_event(content: Path, event_id: str, info: dict, registrations: list, rand: random.Random,
               skills: dict, swiss_rounds: int = 4) -> None:
    folder = content / "events" / event_id
    folder.mkdir(parents=True)
    dump(folder / "event.yaml", info)
    if event_id in DRAWN_WITH_PODIUM_0_2:  # shows how an older event keeps its draws: paired as 0.2 paired it
        with (folder / "event.yaml").open("a", encoding="utf-8") as file:
            file.write("draws: 1  # drawn with Podium 0.2: re-drawn with its draws (one lot per player; FFG by least cost)\n")
    dump(folder / "registrations.yaml", registrations)
    results = Results(registrations, rand, skills)
    dropped = False
    while not find_event(load_archive(content), event_id).complete:
        path = pair(content, event_id)
        results.fill(path, swiss_rounds)
        number = int(path.stem)
        if number == 2 and len(registrations) > 12 and not dropped:
            victim = slug(registrations[-1]["name"])
            path.write_text(path.read_text(encoding="utf-8") + f"drops: [{victim}]  # had to leave early\n", encoding="utf-8")
            dropped = True


def dump(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--content", type=Path, default=Path("content"))
    args = parser.parse_args()
    content = args.content
    guide = (content / "pages" / "first-tournament.md").read_text(encoding="utf-8")  # written by hand: kept
    if content.exists():
        shutil.rmtree(content)
    (content / "seasons").mkdir(parents=True)
    (content / "pages").mkdir()
    rand = random.Random(DEMO_SEED)
    pool = people(60, rand)
    for person in pool:
        person["club"] = rand.choice(CLUBS)
    dump(content / "site.yaml", {"title": "Podium — wyniki turniejów", "language": "pl",
                                 "description": "Demo archive of Podium", "footer": "Demo content generated by scripts/make_demo.py"})
    write_seasons(content, wildcards=[])
    skills: dict[str, float] = {}
    for event_id, name, date, count, seed in NSHEX_EVENTS:
        info = {"name": name, "date": date, "season": "nshex-2023", "ruleset": "neuroshima-hex-pl-2023",
                "structure": "auto", "seed": seed, "venue": f"Klub gier, {name.split('— ')[1]}",
                "organizer": "Jan Organizator", "head_judge": "Piotr Sędzia",
                "description": "Wpisowe 20 zł. Zapisy do 9:30, start o **10:00**."}
        play_event(content, event_id, info, register(pool, count, rand), rand, skills)
    for event_id, name, date, count, seed, structure, level, rounds in FFG_EVENTS:
        info = {"name": name, "date": date, "season": "conquest-2023", "ruleset": "ffg-conquest", "structure": structure,
                "seed": seed, "level": level, "venue": "Sklep Planszówki, Poznań", "organizer": "Ewa Sklepowa",
                "head_judge": "Ewa Sklepowa"}
        entrants = [{k: v for k, v in p.items() if v} for p in rand.sample(pool, count)]
        play_event(content, event_id, info, entrants, rand, skills, rounds)
    play_other_games(content, rand)
    play_club_games(content, random.Random(f"{DEMO_SEED} club games"))
    write_seasons(content, wildcards=[{"player": best_uninvited(content), "reason": "best Dancer record of the season"}])
    (content / "pages" / "about.md").write_text(ABOUT, encoding="utf-8")
    (content / "pages" / "first-tournament.md").write_text(guide, encoding="utf-8")


def write_seasons(content: Path, wildcards: list) -> None:
    dump(content / "seasons" / "nshex-2023.yaml", {
        "name": "Mistrzostwa Polski Neuroshima HEX 2023 — eliminacje", "ruleset": "neuroshima-hex-pl-2023",
        "qualification": "invitations", "wildcards": wildcards,
        "points": {1: 25, 2: 18, 3: 15, 4: 12, 5: 10, 6: 8, 7: 6, 8: 4}})
    dump(content / "seasons" / "conquest-2023.yaml", {
        "name": "Warhammer 40,000: Conquest — sezon 2023", "ruleset": "ffg-conquest",
        "points": {1: 10, 2: 7, 3: 5, 4: 5, 5: 3, 6: 3, 7: 3, 8: 3}})
    for season_id, name, ruleset in OTHER_SEASONS:
        dump(content / "seasons" / f"{season_id}.yaml", {"name": name, "ruleset": ruleset,
                                                          "points": {1: 10, 2: 7, 3: 5, 4: 3}})


OTHER_SEASONS = [
    ("tantrix-2022", "Tantrix — Liga 2022", "tantrix"),
    ("tantrix-2023", "Tantrix — Liga 2023", "tantrix"),
    ("micromutants-2023", "Micromutants — Torneo interno RBB 2023", "micromutants-classic"),
    ("carcassonne-2023", "Carcassonne — klubový turnaj 2023", "carcassonne-cz"),
]


def play_other_games(content: Path, rand: random.Random) -> None:
    """Tantrix (an older season and this one, so ratings have a history), Micromutants, Czech tables."""
    tantrix = [{"name": n, "rating": r, **({"colours": c} if c else {})} for n, r, c in TANTRIX]
    other = {"organizer": "Ola Wiśniewska", "head_judge": "Ola Wiśniewska"}
    play_games(content, "2022-11-tantrix-liga", {
        "name": "Liga Tantrix — jesień 2022", "date": datetime.date(2022, 11, 19), "season": "tantrix-2022",
        "ruleset": "tantrix", "seed": 20221119, "venue": "Online (tantrix.com)", **other,
        "structure": [{"kind": "round-robin", "groups": 1, "games": 2}]}, tantrix[:6], rand)
    play_games(content, "2023-03-tantrix-grand-prix", {
        "name": "Grand Prix Tantrix 2023", "date": datetime.date(2023, 3, 18), "season": "tantrix-2023",
        "ruleset": "tantrix", "seed": 20230318, "venue": "Online (tantrix.com)", **other,
        "structure": [{"kind": "round-robin", "groups": 2, "games": 2, "advance": 4},
                      {"kind": "knockout", "games": 3, "third_place": True}]}, tantrix, rand)
    play_games(content, "2023-06-tantrix-puchar", {
        "name": "Puchar Tantrix 2023", "date": datetime.date(2023, 6, 24), "season": "tantrix-2023",
        "ruleset": "tantrix", "seed": 20230624, "venue": "Online (tantrix.com)", **other,
        "structure": [{"kind": "knockout", "games": 3, "seeding": "rating", "third_place": False}]}, tantrix, rand)
    italians = [{"name": n, "club": "RBB"} for n in ITALIAN]
    rbb = {"season": "micromutants-2023", "venue": "Associazione RBB, Bologna", "organizer": "Cadfael",
           "head_judge": "Galahad"}
    play_games(content, "2023-05-micromutants-classico", {
        "name": "Torneo classico Micromutants", "date": datetime.date(2023, 5, 6), "ruleset": "micromutants-classic",
        "seed": 20230506, **rbb}, italians[:6], rand)
    play_games(content, "2023-10-micromutants-estremo", {
        "name": "Torneo estremo Micromutants", "date": datetime.date(2023, 10, 7), "ruleset": "micromutants-extreme",
        "seed": 20231007, **rbb, "manual_order": [slug(n) for n in rand.sample(ITALIAN, len(ITALIAN))],
        "description": "Offerte in busta chiusa aperte dopo i gironi: decidono le parità che le regole lasciano aperte."}, italians, rand)
    play_games(content, "2023-09-carcassonne-brno", {
        "name": "Klubový turnaj Carcassonne — Brno", "date": datetime.date(2023, 9, 16), "season": "carcassonne-2023",
        "ruleset": "carcassonne-cz", "seed": 20230916, "venue": "Herní klub, Brno", "organizer": "Jiří Dvořák",
        "head_judge": "Tereza Nováková"}, [{"name": n} for n in CZECH], rand)


CHESS = [("Wojciech Szachowski", 2104), ("Alicja Hetmańska", 2051), ("Mateusz Gońcowy", 1987), ("Ilona Wieżyńska", 1942),
         ("Kamil Skoczek", 1898), ("Natalia Roszada", 1855), ("Borys Gambit", 1811), ("Edyta Pionkowska", 1760),
         ("Filip Matowski", 1702), ("Gabriela Patowa", 1650), ("Henryk Debiut", 1598)]
POKEMON = ["Kacper Nowicki", "Lena Adamska", "Oskar Sowa", "Maja Urban", "Igor Czarny", "Zuzanna Kot", "Tymon Lis",
           "Hanna Wilk"]
REAL_MAGIC_EVENT = Path(__file__).resolve().parents[1] / "tests" / "data" / "mtg-melee-15958.yaml"


def play_club_games(content: Path, rand: random.Random) -> None:
    """The clubs' other games on the generic points scoring: a chess Swiss, a Pokémon Swiss, a chess
    round robin on FIDE's Berger tables, and a
    real published Magic event re-entered as it was played (tests/data/mtg-melee-15958.yaml)."""
    club = {"organizer": "Jan Organizator", "head_judge": "Piotr Sędzia", "venue": "Klub gier, Kraków"}
    play_games(content, "2023-11-szachy-krakow", {
        "name": "Turniej szachowy — Kraków", "date": datetime.date(2023, 11, 18), "ruleset": "chess-swiss",
        "seed": 20231118, "structure": {"swiss_rounds": 5, "cut": 0}, **club},
        [{"name": n, "rating": r} for n, r in CHESS], rand)
    play_games(content, "2023-12-pokemon-krakow", {
        "name": "Pokémon TCG — liga Kraków", "date": datetime.date(2023, 12, 2), "ruleset": "pokemon-swiss",
        "seed": 20231202, **club}, [{"name": n} for n in POKEMON], rand)
    play_games(content, "2024-01-szachy-kolowy", {
        "name": "Turniej kołowy — Kraków", "date": datetime.date(2024, 1, 13), "ruleset": "chess-round-robin",
        "seed": 20240113, **club}, [{"name": n, "rating": r} for n, r in CHESS[:6]], rand)
    enter_real_magic_event(content)


def enter_real_magic_event(content: Path) -> None:
    real = yaml.safe_load(REAL_MAGIC_EVENT.read_text(encoding="utf-8"))
    folder = content / "events" / "2023-05-legacy-semanal"
    (folder / "rounds").mkdir(parents=True)
    names = sorted({name for rnd in real["rounds"] for match in rnd for name in match[:2] if name != "-"})
    dump(folder / "event.yaml", {
        "name": "Legacy Semanal", "date": datetime.date(2023, 5, 25), "ruleset": "mtg-swiss", "seed": 20230525,
        "structure": {"swiss_rounds": 4, "cut": 0}, "paired_by": "melee.gg", "venue": "melee.gg/Tournament/View/15958",
        "description": "A real Magic event, re-entered as it was published on melee.gg (best-of-3 Legacy)."})
    dump(folder / "registrations.yaml", [{"name": n} for n in names])
    for number, matches in enumerate(real["rounds"], start=1):
        pairings = []
        for first, second, games in matches:
            won, lost, drawn = map(int, games.split("-"))
            if second == "-":
                pairings.append({"players": [slug(first)], "bye": True})
            else:
                pairings.append({"players": [slug(first), slug(second)], "score": [won, lost],
                                 **({"drawn_games": drawn} if drawn else {})})
        data = {"round": number, "stage": "swiss", "pairings": pairings}
        if number in real["drops"]:
            data["drops"] = [slug(n) for n in real["drops"][number]]
        dump(folder / "rounds" / f"{number}.yaml", data)


def play_games(content: Path, event_id: str, info: dict, registrations: list, rand: random.Random) -> None:
    folder = content / "events" / event_id
    folder.mkdir(parents=True)
    dump(folder / "event.yaml", info)
    dump(folder / "registrations.yaml", registrations)
    skill = {slug(r["name"]): rand.gauss(0, 1) + (r.get("rating", 1500) - 1500) / 150 for r in registrations}
    while not find_event(load_archive(content), event_id).complete:
        path = pair(content, event_id)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for pairing in data["pairings"]:
            play_pairing(pairing, skill, rand, data["stage"])
        dump(path, data)


def play_pairing(pairing: dict, skill: dict, rand: random.Random, stage: str) -> None:
    """Results for the other games' shapes, the stronger side tending to win."""
    def form(player):
        return skill[player] + rand.gauss(0, 1)

    players = pairing["players"] if "players" in pairing else [p for t in pairing["teams"] for p in t]
    if pairing.get("bye"):
        return
    if "teams" in pairing:
        pairing["winner"] = 0 if sum(map(form, pairing["teams"][0])) > sum(map(form, pairing["teams"][1])) else 1
        pairing["bases"] = {"intact": rand.randint(0, 2), "damaged": rand.randint(0, 2), "square": rand.randint(0, 2)}
    elif "finish" in pairing:
        pairing["finish"] = sorted(players, key=form, reverse=True)
        pairing["bases"] = {"intact": rand.randint(0, 2), "damaged": rand.randint(0, 1), "square": rand.randint(0, 2)}
        pairing["eliminated"] = {pairing["finish"][0]: rand.randint(1, 2)}
    elif "score" in pairing and len(players) == 2:  # a game of chess or Pokémon: 1–0, ½–½, 0–1
        lead = form(players[0]) - form(players[1])
        pairing["score"] = [0.5, 0.5] if abs(lead) < 0.4 else [1, 0] if lead > 0 else [0, 1]
    elif "score" in pairing:  # VP at a table
        pairing["score"] = [max(20, int(90 + 15 * form(p))) for p in players]
    elif "games" in pairing:
        pairing["games"] = tantrix_games(players, len(pairing["games"]), form, rand, stage) if any(
            "score" in g for g in pairing["games"]) else best_of_games(pairing, players, form)


def tantrix_games(players, count, form, rand, stage: str) -> list[dict]:
    games = []
    for _ in range(count):
        a, b = players
        edge = form(a) - form(b)
        winner_score = rand.randint(18, 40)
        loser_score = max(0, winner_score - int(abs(edge) * 8) - rand.randint(0, 4))
        clocks = [f"{rand.randint(9, 15)}:{rand.randint(0, 59):02d}" for _ in players]
        games.append({"score": [winner_score, loser_score] if edge > 0 else [loser_score, winner_score],
                      "time": clocks, "tiles": [rand.randint(20, 34), rand.randint(20, 34)]})
    totals = [0.0, 0.0]
    from podium.core.model import Game
    from podium.core.errors import Src
    from podium.rules.games.tantrix import TantrixScoring
    for game in games:
        seconds = tuple(int(t.split(":")[0]) * 60 + int(t.split(":")[1]) for t in game["time"])
        tp = TantrixScoring().game_points(Game(src=Src("demo"), score=tuple(game["score"]), time=seconds), tuple(players))
        totals = [totals[0] + tp[0], totals[1] + tp[1]]
    if totals[0] == totals[1] and stage == "knockout":
        games.append({"winner": max(players, key=form)})  # a 5-minute decider settles a level match
    return games


def best_of_games(pairing: dict, players, form) -> list[dict]:
    """Micromutants: games until one player has a majority; home players as the round file says."""
    from podium.rules.games.micromutants import home_plan

    count = 5 if pairing.get("match") in ("final", "third-place") else 3
    homes = home_plan(count)
    wins = {p: 0 for p in players}
    games = []
    while max(wins.values()) < count // 2 + 1:
        index = len(games)
        winner = max(players, key=form)
        wins[winner] += 1
        home = homes[index]
        games.append({"home": players[home], "winner": winner} if home is not None else {"winner": winner})
    return games


def best_uninvited(content: Path) -> str:
    """The best-placed player of the biggest qualifier who did not earn an invitation."""
    from podium.run.archive import load_archive

    archive = load_archive(content)
    invited = {i.player for i in archive.seasons["nshex-2023"].invitations}
    return next(r.player for r in archive.events["2023-04-krakow"].final_rows if r.player not in invited)


ABOUT = """---
title: About this archive
---
This demo archive is generated by `scripts/make_demo.py`: every round was drawn by
`podium pair` from the event's seed, and the results were played by simulated players.

Rebuild it with `podium build`; check it with `podium check`.
"""

if __name__ == "__main__":
    main()
