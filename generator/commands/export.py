"""`podium export`: an event in a format other programs read."""
from __future__ import annotations

from pathlib import Path

from podium.run.archive import load_event
from podium.formats.trf import write_trf
from podium.formats.trf_export import event_trf


def export_trf(content: Path, event_name: str) -> str:
    """`podium export trf`: the event as FIDE's Tournament Report File (TRF-16)."""
    return write_trf(event_trf(load_event(content, event_name).result.report))
