"""Server-side SVG charts and number formats of the boards (no script, no network; CSP-safe: no
``style`` attributes, colours come from classes in club.css).

>>> svg = line_chart([("10/1", 0), ("10/8", 19600), ("11/1", -5000)], label="成績")
>>> svg.startswith('<svg') and 'polyline' in svg and 'aria-label="成績"' in svg
True
>>> pct(1 / 3), pct(None), fixed(2.3333, 2), fixed(None)
('33.3%', '—', '2.33', '—')
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

W, H = 420, 200
PAD_L, PAD_R, PAD_T, PAD_B = 50, 10, 10, 24


@register.filter
def pct(value: Any, digits: int = 1) -> str:
    """A fraction 0–1 as a percentage: 0.3333 → 33.3%."""
    if value is None or value == "":
        return "—"
    return f"{float(value) * 100:.{int(digits)}f}%"


@register.filter
def fixed(value: Any, digits: int = 2) -> str:
    """A number with ``digits`` decimals (— when missing)."""
    if value is None or value == "":
        return "—"
    return f"{float(value):.{int(digits)}f}"


@register.filter
def whole(value: Any) -> str:
    """A number rounded to a whole, with thousands separators (— when missing)."""
    if value is None or value == "":
        return "—"
    return f"{round(float(value)):,}"


def _nice_ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / count
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


def line_chart(points: Sequence[tuple[Any, float | None]], *, label: str, scale: float = 1,
               zero: bool = True, css: str = "") -> SafeString:
    """A line chart of ``(x label, value)`` points (a label may be a date: written 2026-10-01),
    evenly spaced; ``scale`` divides the shown axis
    numbers (1000: points in thousands). The caller puts the text alternative (a table) beside it."""
    values = [v for _x, v in points if v is not None]
    if not values:
        return mark_safe("")
    lo, hi = min(values), max(values)
    if zero:
        lo, hi = min(lo, 0), max(hi, 0)
    ticks = _nice_ticks(lo, hi)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
    span = (hi - lo) or 1
    n = len(points)

    def x(i: int) -> float:
        return PAD_L + (W - PAD_L - PAD_R) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return PAD_T + (H - PAD_T - PAD_B) * (1 - (v - lo) / span)

    parts = [(f'<svg class="chart {escape(css)}" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(label)}" '
              f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">')]
    for t in ticks:
        cls = "axis zero" if t == 0 and zero else "grid"
        parts.append(f'<line class="{cls}" x1="{PAD_L}" x2="{W - PAD_R}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>')
        shown = t / scale
        text = f"{shown:+g}" if zero else f"{shown:g}"
        parts.append(f'<text class="tick" x="{PAD_L - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{escape(text)}</text>')
    for i in sorted({0, n - 1}):
        parts.append(f'<text class="tick" x="{x(i):.1f}" y="{H - 8}" '
                     f'text-anchor="{"start" if i == 0 and n > 1 else "end" if n > 1 else "middle"}">'
                     f'{escape(_label(points[i][0]))}</text>')
    # inline x(i), y(v) (the same arithmetic): a ten-year member page draws ~2 × 500 points
    pw, ph, last = W - PAD_L - PAD_R, H - PAD_T - PAD_B, (n - 1) or 1
    coords = " ".join(f"{PAD_L + pw * (i / last if n > 1 else 0.5):.1f},{PAD_T + ph * (1 - (v - lo) / span):.1f}"
                      for i, (_x, v) in enumerate(points) if v is not None)
    parts.append(f'<polyline class="line" points="{coords}"/>')
    if n <= 60:
        for i, (_x, v) in enumerate(points):
            if v is not None:
                parts.append(f'<circle class="dot" cx="{x(i):.1f}" cy="{y(v):.1f}" r="3"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def bar_chart(bars: Sequence[tuple[str, int]], *, label: str) -> SafeString:
    """Horizontal-axis bars (e.g. the rank distribution), each with its count written on it."""
    top = max((v for _l, v in bars), default=0) or 1
    w, h, pad_b = 320, 160, 26
    bw = (w - 20) / max(len(bars), 1)
    parts = [(f'<svg class="chart bars" viewBox="0 0 {w} {h}" role="img" aria-label="{escape(label)}" '
              f'xmlns="http://www.w3.org/2000/svg">')]
    for i, (name, v) in enumerate(bars):
        bh = (h - pad_b - 18) * v / top
        bx, by = 10 + i * bw + bw * 0.15, h - pad_b - bh
        parts.append(f'<rect class="bar bar-{i + 1}" x="{bx:.1f}" y="{by:.1f}" width="{bw * 0.7:.1f}" height="{bh:.1f}"/>')
        parts.append(f'<text class="count" x="{bx + bw * 0.35:.1f}" y="{by - 4:.1f}" text-anchor="middle">{v}</text>')
        parts.append(f'<text class="tick" x="{bx + bw * 0.35:.1f}" y="{h - 8}" text-anchor="middle">{escape(name)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


@register.simple_tag
def net_chart(timeline: list[dict], label: str) -> SafeString:
    """The cumulative net over club days (axis in thousands)."""
    return line_chart([(d["date"], d["total"]) for d in timeline], label=label, scale=1000,
                      css="net")


@register.simple_tag
def rating_chart(timeline: list[dict], label: str) -> SafeString:
    """The rating after each club day."""
    return line_chart([(d["date"], d["rating"]) for d in timeline], label=label, zero=False,
                      css="rating")


@register.simple_tag
def rank_chart(row: dict, label: str, suffix: str = "位") -> SafeString:
    """Bars of the 1st–4th place counts of a standings row."""
    return bar_chart([(f"{i}{suffix}", row[k]) for i, k in enumerate(("first", "second", "third", "fourth"), 1)],
                     label=label)
