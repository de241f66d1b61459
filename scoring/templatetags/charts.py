"""The boards' charts as coordinates for the SVG of ``scoring/_charts.html`` (no script; CSP-safe:
colours come from classes in club.css, not ``style`` attributes), and their number formats."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django import template

from ..shared import PLACES
from .club import place

register = template.Library()

W, H = 420, 200
PAD_L, PAD_R, PAD_T, PAD_B = 50, 10, 10, 24
DOTS = 60  # a line of more points is drawn without its dots


@register.filter
def pct(value: Any) -> str:
    """A fraction 0–1 as a percentage: 0.3333 → 33.3%."""
    return "—" if value is None or value == "" else f"{float(value) * 100:.1f}%"


@register.filter
def fixed(value: Any, digits: int = 2) -> str:
    """A number with ``digits`` decimals (— when missing)."""
    return "—" if value is None or value == "" else f"{float(value):.{int(digits)}f}"


@register.filter
def whole(value: Any) -> str:
    """A number rounded to a whole, with thousands separators (— when missing)."""
    return "—" if value is None or value == "" else f"{round(float(value)):,}"


def _nice_ticks(lo: float, hi: float) -> list[float]:
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / 4  # about four steps
    mag = 10 ** len(str(int(abs(raw)))) / 10 if raw >= 1 else 1
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = (lo // step) * step
    ticks, t = [], first
    while t <= hi + step / 2:
        if t >= lo - step / 2:
            ticks.append(t)
        t += step
    return ticks


def _label(x: Any) -> str:
    return f"{x:%Y-%m-%d}" if isinstance(x, date) else str(x)


def line_chart(points: Sequence[tuple[Any, float | None]], *, scale: float = 1, zero: bool = True) -> dict | None:
    """A line chart of ``(x label, value)`` points, evenly spaced; ``None`` when no point has a value.
    ``scale`` divides the axis numbers shown; ``zero``: the axis includes 0, numbers signed."""
    values = [v for _x, v in points if v is not None]
    if not values:
        return None
    lo, hi = min(values), max(values)
    if zero:
        lo, hi = min(lo, 0), max(hi, 0)
    ticks = _nice_ticks(lo, hi)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
    span, n = (hi - lo) or 1, len(points)

    def x(i: int) -> str:
        return f"{PAD_L + (W - PAD_L - PAD_R) * (i / (n - 1) if n > 1 else 0.5):.1f}"

    def y(v: float) -> str:
        return f"{PAD_T + (H - PAD_T - PAD_B) * (1 - (v - lo) / span):.1f}"

    ends = [{"x": x(i), "text": _label(points[i][0]),
             "anchor": "start" if i == 0 and n > 1 else "end" if n > 1 else "middle"} for i in sorted({0, n - 1})]
    coords = [(x(i), y(v)) for i, (_x, v) in enumerate(points) if v is not None]
    return {"w": W, "h": H, "left": PAD_L, "right": W - PAD_R, "tick_x": PAD_L - 6, "end_y": H - 8,
            "ticks": [{"y": y(t), "text_y": f"{float(y(t)) + 4:.1f}", "zero": t == 0 and zero,
                       "text": f"{t / scale:+g}" if zero else f"{t / scale:g}"} for t in ticks],
            "ends": ends, "points": " ".join(f"{cx},{cy}" for cx, cy in coords),
            "dots": coords if n <= DOTS else []}


@register.simple_tag
def net_chart(timeline: list[dict]) -> dict | None:
    """The cumulative net over club days (axis in thousands)."""
    return line_chart([(d["date"], d["total"]) for d in timeline], scale=1000)


@register.simple_tag
def rating_chart(timeline: list[dict]) -> dict | None:
    """The rating after each club day."""
    return line_chart([(d["date"], d["rating"]) for d in timeline], zero=False)


@register.simple_tag
def rank_chart(row: dict) -> list[dict]:
    """The bars of the 1st–4th place counts of a standings row (a 320 × 160 picture)."""
    counts = [row[k] for k in PLACES]
    top, bw = max(counts) or 1, (320 - 20) / 4
    bars = []
    for i, v in enumerate(counts):
        bh = (160 - 26 - 18) * v / top
        bx, by = 10 + i * bw + bw * 0.15, 160 - 26 - bh
        bars.append({"place": i + 1, "label": place(i + 1), "count": v, "x": f"{bx:.1f}", "y": f"{by:.1f}",
                     "width": f"{bw * 0.7:.1f}", "height": f"{bh:.1f}", "middle": f"{bx + bw * 0.35:.1f}",
                     "count_y": f"{by - 4:.1f}"})
    return bars
