"""Coordinates for the small SVG charts the templates draw (no JavaScript, no library)."""
from __future__ import annotations

WIDTH, HEIGHT, PAD = 320, 120, 14


def rating_chart(points: list) -> dict | None:
    """A rating history as a polyline in a 320×120 box; each dot keeps its event and value."""
    if not points:
        return None
    values = [p.rating for p in points]
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (WIDTH - 2 * PAD) / max(len(points) - 1, 1)
    dots = []
    for index, point in enumerate(points):
        x = PAD + index * step if len(points) > 1 else WIDTH / 2
        y = HEIGHT - PAD - (point.rating - low) / span * (HEIGHT - 2 * PAD)
        dots.append({"x": round(x, 1), "y": round(y, 1), "rating": point.rating, "event": point.event,
                     "date": point.date, "games": point.games})
    return {"width": WIDTH, "height": HEIGHT, "low": low, "high": high, "dots": dots,
            "line": " ".join(f"{d['x']},{d['y']}" for d in dots)}
