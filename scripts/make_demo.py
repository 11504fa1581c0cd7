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

from generator import commands
from generator.archive import find_event, load_archive

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

NSHEX_EVENTS = [  # id, name, date, players, seed
    ("2023-04-krakow", "Turniej eliminacyjny — Kraków", datetime.date(2023, 4, 15), 24, 20230415),
    ("2023-05-wroclaw", "Turniej eliminacyjny — Wrocław", datetime.date(2023, 5, 13), 14, 20230513),
    ("2023-06-gdansk", "Turniej eliminacyjny — Gdańsk", datetime.date(2023, 6, 10), 10, 20230610),
    ("2023-07-lodz", "Turniej klubowy — Łódź", datetime.date(2023, 7, 8), 7, 20230708),
]


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

    def __init__(self, registrations: list[dict], rand: random.Random):
        self.rand = rand
        self.skill = {slug(r["name"]): rand.gauss(0, 1) for r in registrations}
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
                players = [p.strip() for p in match.group(1).split(",")]
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
    from generator.slug import slugify

    return slugify(name)


def play_event(content: Path, event_id: str, info: dict, registrations: list, rand: random.Random,
               swiss_rounds: int = 4) -> None:
    folder = content / "events" / event_id
    folder.mkdir(parents=True)
    dump(folder / "event.yaml", info)
    dump(folder / "registrations.yaml", registrations)
    results = Results(registrations, rand)
    dropped = False
    while not find_event(load_archive(content), event_id).complete:
        path = commands.pair(content, event_id)
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
    if content.exists():
        shutil.rmtree(content)
    (content / "seasons").mkdir(parents=True)
    (content / "pages").mkdir()
    rand = random.Random(2023)
    pool = people(60, rand)
    for person in pool:
        person["club"] = rand.choice(CLUBS)
    dump(content / "site.yaml", {"title": "Podium — wyniki turniejów", "language": "pl",
                                 "description": "Demo archive of Podium", "footer": "Demo content generated by scripts/make_demo.py"})
    write_seasons(content, wildcards=[])
    for event_id, name, date, count, seed in NSHEX_EVENTS:
        info = {"name": name, "date": date, "season": "nshex-2023", "ruleset": "neuroshima-hex-pl-2023",
                "structure": "auto", "seed": seed, "venue": f"Klub gier, {name.split('— ')[1]}",
                "organizer": "Jan Organizator", "head_judge": "Piotr Sędzia",
                "description": "Wpisowe 20 zł. Zapisy do 9:30, start o **10:00**."}
        play_event(content, event_id, info, register(pool, count, rand), rand)
    for event_id, name, date, count, seed, structure, level, rounds in FFG_EVENTS:
        info = {"name": name, "date": date, "season": "conquest-2023", "ruleset": "ffg-conquest", "structure": structure,
                "seed": seed, "level": level, "venue": "Sklep Planszówki, Poznań", "organizer": "Ewa Sklepowa",
                "head_judge": "Ewa Sklepowa"}
        entrants = [{k: v for k, v in p.items() if v} for p in rand.sample(pool, count)]
        play_event(content, event_id, info, entrants, rand, rounds)
    write_seasons(content, wildcards=[{"player": best_uninvited(content), "reason": "best Dancer record of the season"}])
    (content / "pages" / "about.md").write_text(ABOUT, encoding="utf-8")


def write_seasons(content: Path, wildcards: list) -> None:
    dump(content / "seasons" / "nshex-2023.yaml", {
        "name": "Mistrzostwa Polski Neuroshima HEX 2023 — eliminacje", "ruleset": "neuroshima-hex-pl-2023",
        "qualification": "invitations", "wildcards": wildcards,
        "points": {1: 25, 2: 18, 3: 15, 4: 12, 5: 10, 6: 8, 7: 6, 8: 4}})
    dump(content / "seasons" / "conquest-2023.yaml", {
        "name": "Warhammer 40,000: Conquest — sezon 2023", "ruleset": "ffg-conquest",
        "points": {1: 10, 2: 7, 3: 5, 4: 5, 5: 3, 6: 3, 7: 3, 8: 3}})


def best_uninvited(content: Path) -> str:
    """The best-placed player of the biggest qualifier who did not earn an invitation."""
    from generator.archive import load_archive

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
