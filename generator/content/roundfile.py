"""Writing the round file ``podium pair`` produces: commented YAML, atomic, never overwriting."""
from __future__ import annotations

import re
from pathlib import Path

from podium import __version__
from podium.rules.engine import DraftRound, EventResult
from podium.rules.scoring import yaml_string
from podium.rules.fingerprint import results_fingerprint
from podium.rules.flags import WORDS as FLAGS

# What YAML allows anywhere in a file, comments included (YAML 1.1 §5.1, c-printable).
_NOT_YAML_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def round_file(event_folder, number: int) -> Path:
    """Where round ``number`` of the event in ``event_folder`` is written: rounds/<number>.yaml."""
    return Path(event_folder) / "rounds" / f"{number}.yaml"


def render_round(draft: DraftRound, result: EventResult, first_line: str = "") -> str:
    """The round file; ``first_line``: the editor's schema line, when the archive has schemas."""
    event = result.event
    lines = [first_line.rstrip("\n")] if first_line else []
    lines += [
        f"# {_one_line(event.name)} — round {draft.number} ({draft.stage}), written by `podium pair`.",
        f"# Drawn by podium {__version__} from the event seed {event.seed}; `podium pair {event.id}` on the same content",
        "# gives the same round (`podium verify` checks it).",
        "# Fill in each result below and commit. Add 'drops: [player-id]' for players who withdraw after this round,",
        "# and 'penalties: [{player: id, kind: warning, reason: …}]' for warnings.",
        *_transfer_lines(result),
        f"round: {draft.number}",
        f"stage: {draft.stage}",
        "# The results this round was drawn from, as a fingerprint: `podium verify` tells by it a result",
        "# corrected later (a notice) from a pairing changed by hand (an error). Leave it as it is.",
        f"drawn_from: {yaml_string(results_fingerprint(event.rounds))}",
    ]
    lines += _late_entry_lines(draft)
    lines += [f"# {_one_line(text)}" for text in draft.note.splitlines()]
    lines.append("pairings:")
    for pairing in draft.pairings:
        lines += _pairing_lines(pairing, result)
    return "\n".join(lines) + "\n"


def _transfer_lines(result: EventResult) -> list[str]:
    """Where the scoring moves a points penalty to the opponent ('to:'), how to write one."""
    if not result.ruleset.scoring.points_transfers:
        return []
    return ["# Points one player owes his opponent: '{player: id, kind: points, points: 2, to: opponent-id, reason: …}'."]


def _pairing_lines(pairing, result: EventResult) -> list[str]:
    names = " v ".join(_one_line(result.event.player(p).name) for p in pairing.players)
    if pairing.teams:
        names = " v ".join(" + ".join(_one_line(result.event.player(p).name) for p in team) for team in pairing.teams)
    if pairing.seeds:
        names += f" (seeds {' v '.join(str(s) if s else '-' for s in pairing.seeds)})"
    why = "; ".join(f"{_one_line(result.event.player(p).name)}: {FLAGS.get(f, f)}" for p, f in pairing.flags.items())
    lines = [f"  - table: {pairing.table}" if pairing.table else f"  - players: {_id_list(pairing.players)}  # {names}"]
    if pairing.group:
        lines.append(f"    group: {yaml_string(pairing.group)}")
    if pairing.teams:
        lines.append(f"    teams: [{', '.join(_id_list(team) for team in pairing.teams)}]  # {names}")
        lines.append(f"    home: {pairing.home}  # the pair at home: 0 = the first, 1 = the second")
    elif pairing.table:
        lines.append(f"    players: {_id_list(pairing.players)}  # {names}")
    lines += [f"    # {_one_line(text)}" for text in note_lines(pairing, result)]
    if pairing.match:
        lines.append(f"    match: {pairing.match}")
    if pairing.requested_bye:
        lines.append(f"    bye: {pairing.requested_bye}  # asked for in registrations.yaml")
    elif pairing.bye:
        lines.append("    bye: true" + (f"  # {why}" if why else ""))
    elif why:
        lines.append(f"    # {why}")
    scoring = result.ruleset.scoring
    if pairing.walkover:
        lines.append(_walkover_line(pairing, result))
    elif pairing.requested_bye:
        pass  # scored as the scoring counts the bye asked for: nothing to fill in
    elif not pairing.bye:
        lines += scoring.blank(pairing.players, result.stages[-1].stage, match=pairing.match, teams=pairing.teams)
    elif result.ruleset.bye.uses_army and not pairing.match:  # a knockout's bye marks no army
        lines += [f"    {key}:{' ' + placeholder if placeholder else ''}  # {hint}" for key, placeholder, hint in scoring.bye_fields]
    return lines


def _walkover_line(pairing, result: EventResult) -> str:
    """The result of a knockout match one player left before: a forfeit, already filled in."""
    gone = pairing.walkover
    present = next(p for p in pairing.players if p != gone)
    name = _one_line(result.event.player(gone).name)
    how = "withdrew" if result.status[gone] == "dropped" else f"was {result.status[gone]}"
    return (f"    forfeit: {yaml_string(gone)}  # {name} {how} after round {result.status_round[gone]}: "
            f"{_one_line(result.event.player(present).name)} goes on without playing (a walkover)")


def note_lines(pairing, result: EventResult) -> list[str]:
    """The table sheet's setup notes, in English (the round file is the organizer's)."""
    lines = []
    for kind, value in pairing.notes:
        if kind == "clans":
            lines.append("clans this turn: " + ", ".join(f"{seat} {clan}" for seat, clan in value))
        elif kind == "tiles":
            lines.append(f"setup: remove {value} tile{'s' if value != 1 else ''} unseen")
        elif kind == "colours":
            lines.append("colours: " + value)
        elif kind == "text":
            lines.append(value)
    return lines


def _late_entry_lines(draft: DraftRound) -> list[str]:
    """The late entries the draw counted on in later rounds, which `podium verify` re-draws with
    (not with players registered after the round was drawn)."""
    if not draft.late_entries:
        return []
    joining = ", ".join(f"{yaml_string(p)}: {joins}" for p, joins in draft.late_entries.items())
    return ["# The late entries this draw expected in later rounds, and the round each joins: `podium verify`",
            "# re-draws the round with them, not with players registered later. Leave it as it is.",
            f"late_entries: {{{joining}}}"]


def _id_list(ids) -> str:
    """A flow list of player ids, each quoted: ids are slugs, and slugs like ``no``, ``42`` or
    ``2023-05-06`` are not text to a YAML reader."""
    return "[" + ", ".join(yaml_string(player) for player in ids) + "]"


def _one_line(text: str) -> str:
    """``text`` fit for a comment: a line break would end the comment and put the rest of a name
    among the data; a character YAML refuses would make the whole file unreadable."""
    return " ".join(_NOT_YAML_PRINTABLE.sub(" ", str(text)).split())


