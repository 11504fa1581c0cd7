"""Writing the round file ``podium pair`` produces: commented YAML, atomic, never overwriting."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import Src, fail
from generator.rules.engine import DraftRound, EventResult
from generator.site.labels import FLAGS



def render_round(draft: DraftRound, result: EventResult) -> str:
    event, ruleset = result.event, result.ruleset
    lines = [
        f"# {_one_line(event.name)} — round {draft.number} ({draft.stage}), written by `podium pair`.",
        f"# Drawn from the event seed {event.seed}; `podium pair {event.id}` on the same content gives the same round.",
        "# Fill in each result below and commit. Add 'drops: [player-id]' for players who withdraw after this round,",
        "# and 'penalties: [{player: id, kind: warning, reason: …}]' for warnings.",
        f"round: {draft.number}",
        f"stage: {draft.stage}",
        "pairings:",
    ]
    for pairing in draft.pairings:
        lines += _pairing_lines(pairing, result)
    return "\n".join(lines) + "\n"


def _pairing_lines(pairing, result: EventResult) -> list[str]:
    names = " v ".join(_one_line(result.event.player(p).name) for p in pairing.players)
    if pairing.seeds:
        names += f" (seeds {' v '.join(str(s) for s in pairing.seeds)})"
    why = "; ".join(f"{_one_line(result.event.player(p).name)}: {FLAGS.get(f, f)}" for p, f in pairing.flags.items())
    lines = [f"  - table: {pairing.table}" if pairing.table else f"  - players: [{', '.join(pairing.players)}]  # {names}"]
    if pairing.table:
        lines.append(f"    players: [{', '.join(pairing.players)}]  # {names}")
    if pairing.match:
        lines.append(f"    match: {pairing.match}")
    if pairing.bye:
        lines.append("    bye: true" + (f"  # {why}" if why else ""))
    elif why:
        lines.append(f"    # {why}")
    scoring = result.ruleset.scoring
    fields = scoring.result_fields if not pairing.bye else scoring.bye_fields if result.ruleset.bye.uses_army else []
    lines += [f"    {key}:{' ' + placeholder if placeholder else ''}  # {hint}" for key, placeholder, hint in fields]
    return lines


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def write_new_file(path: Path, text: str) -> None:
    """Create ``path`` with ``text`` atomically; refuse if it exists, even if another process
    creates it at the same moment (a hard link to a finished temporary file cannot clobber)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".podium-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.link(tmp, path)
    except FileExistsError:
        raise fail(Src(str(path)), "already exists; podium pair never overwrites a round file. "
                   "Delete it first if you really want it drawn again") from None
    finally:
        os.unlink(tmp)
