"""The boards' template tags: the home page's standings teaser, and the rows of the boards' big
tables written in one pass (a 60-member standings table has ~1,500 cells: through the template
engine each cell's variable, filter and ``{% url %}`` cost more than the whole rest of the page).
The rows come out exactly as the templates wrote them; the figures are formatted with the same
functions as the ``thousands``/``fixed``/``pct``/``whole`` filters.

>>> _link_maker("member-detail")(7)
'/members/7/'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ..selectors.boards import cached, standings_top
from .charts import fixed, pct, whole
from .club import thousands as _net

register = template.Library()

_PK = 987654321
_INACTIVE = ' class="inactive"'


def _link_maker(name: str) -> Callable[[int], str]:
    """``reverse(name, args=[pk])`` for many pks at the cost of one ``reverse``."""
    head, tail = reverse(name, args=[_PK]).split(str(_PK))
    return lambda pk: f"{head}{pk}{tail}"


def _sign(points) -> str:
    return "minus" if points < 0 else "plus"


def _opt(value) -> str:  # ``{% if v is None %}—{% else %}{{ v }}{% endif %}``
    return "—" if value is None else str(value)


def _lead_cells(r: dict, link: Callable[[int], str]) -> str:
    """The first cells of a standings or what-if row: rank, member (a link), games, net."""
    return (f'      <td class="num pos">{r["rank"]}</td>\n'
            f'      <th class="name" scope="row"><a href="{link(r["member_id"])}">{escape(r["member_name"])}</a></th>\n'
            f'      <td class="num">{r["games"]}</td>\n'
            f'      <td class="num {_sign(r["net"])}">{_net(r["net"])}</td>\n')


@register.inclusion_tag("scoring/_board_teaser.html", takes_context=True)
def board_teaser(context, limit: int = 5) -> dict:
    """The standings teaser of the home page: this year's top five (all time when the year has none)."""
    year = timezone.localdate().year
    rows = cached(standings_top, limit=limit, start=date(year, 1, 1), end=date(year, 12, 31))
    if not rows:
        rows, year = cached(standings_top, limit=limit), None
    return {"rows": rows, "year": year, "user": context.get("user")}


@register.simple_tag
def standings_rows(rows: Iterable[dict]) -> SafeString:
    """The ``<tr>`` rows of the standings table (one per member, columns as ``views.boards.COLUMNS``)."""
    link = _link_maker("member-detail")
    out = []
    for r in rows:
        out.append(
            f'\n    <tr{"" if r["member_active"] else _INACTIVE}>\n'
            + _lead_cells(r, link) +
            f'      <td class="num">{fixed(r["avg_rank"], 2)}</td>\n'
            f'      <td class="num">{r["first"]}</td><td class="num">{r["second"]}</td>'
            f'<td class="num">{r["third"]}</td><td class="num">{r["fourth"]}</td>\n'
            f'      <td class="num">{pct(r["top_rate"])}</td><td class="num">{pct(r["rentai_rate"])}</td>'
            f'<td class="num">{pct(r["last_avoid_rate"])}</td><td class="num">{pct(r["tobi_rate"])}</td>\n'
            f'      <td class="num">{whole(r["avg_score"])}</td><td class="num">{whole(r["best_score"])}</td>\n'
            f'      <td class="num">{_opt(r["rating"])}</td>\n'
            f'      <td class="num">{r["hand_games"]}/{r["games"]}</td>\n'
            f'      <td class="num">{pct(r["win_rate"])}</td><td class="num">{pct(r["deal_in_rate"])}</td>'
            f'<td class="num">{pct(r["riichi_rate"])}</td>\n'
            f'      <td class="num">{whole(r["avg_win"])}</td>\n'
            f'      <td class="num">{_opt(r["yakuman"])}</td><td class="num">{_opt(r["chombo"])}</td>\n'
            f'    </tr>')
    return mark_safe("".join(out))


@register.simple_tag
def standings_headers(headers: Iterable[dict]) -> SafeString:
    """The sortable column headers of the standings (``views.boards._headers``): a link each, swapped
    in by htmx, the sorted one marked."""
    out = []
    for h in headers:
        href, active = escape(h["href"]), h["active"]
        sort = (f' aria-sort="{"descending" if h["reversed"] else "ascending"}"' if active else "")
        mark = (" ▲" if h["reversed"] else " ▼") if active else ""
        out.append(f'<th scope="col" class="{"sorted" if active else ""}"{sort}>\n'
                   f'      <a href="{href}" hx-get="{href}" hx-target="#standings-table" hx-swap="outerHTML" '
                   f'hx-push-url="true" title="{escape(h["help"])}">{escape(h["label"])}{mark}</a></th>')
    return mark_safe("".join(out))


@register.simple_tag
def definitions(headers: Iterable[dict]) -> SafeString:
    """Each column's label and definition, as ``<dt>``/``<dd>`` pairs."""
    return mark_safe("".join(f"<dt>{escape(h['label'])}</dt><dd>{escape(h['help'])}</dd>" for h in headers))


@register.simple_tag
def whatif_rows(rows: Iterable[dict]) -> SafeString:
    """The ``<tr>`` rows of the what-if table."""
    link = _link_maker("member-detail")
    out = []
    for r in rows:
        moved = r["moved"]
        arrow = (f' <span class="up">↑{moved}</span>' if moved > 0
                 else f' <span class="down">↓{-moved}</span>' if moved < 0 else "")
        out.append(
            '\n    <tr>\n'
            + _lead_cells(r, link) +
            f'      <td class="num">{_net(r["real_net"])}</td>\n'
            f'      <td class="num">{_net(r["delta"])}</td>\n'
            f'      <td class="num">{r["real_rank"]}{arrow}</td>\n'
            f'    </tr>')
    return mark_safe("".join(out))


@register.simple_tag
def timeline_rows(days: Iterable[dict]) -> SafeString:
    """The rows of the member page's chart-data table (date, games, the day's net, total, rating)."""
    link = _link_maker("clubday-detail")
    return mark_safe("".join(
        f'<tr><td><a href="{link(d["clubday"])}">{d["date"]:%Y-%m-%d}</a></td><td class="num">{d["games"]}</td>\n'
        f'        <td class="num">{_net(d["net"])}</td><td class="num">{_net(d["total"])}</td>'
        f'<td class="num">{_opt(d["rating"])}</td></tr>' for d in days))


@register.simple_tag
def recent_rows(results: Iterable) -> SafeString:
    """The rows of the member page's recent hanchan (``selectors.boards.member_recent``)."""
    link = _link_maker("hanchan-detail")
    game = gettext("%(t)s卓 %(n)s回戦")
    return mark_safe("".join(
        f'\n    <tr><td><a href="{link(r["hanchan_id"])}">{r["date"]:%Y-%m-%d}</a></td>\n'
        f'      <td>{game % {"t": escape(r["table"]), "n": escape(r["number"])}}</td>\n'
        f'      <td class="num">{r["rank"]}</td><td class="num">{whole(r["score"])}</td>\n'
        f'      <td class="num {_sign(r["net"])}">{escape(r["net_text"])}</td><td class="num">{_opt(r["rating"])}</td></tr>\n  '
        for r in results))


@register.simple_tag
def head_to_head_rows(opponents: Iterable[dict]) -> SafeString:
    """The rows of the member page's head-to-head table."""
    link = _link_maker("member-detail")
    return mark_safe("".join(
        f'\n    <tr><th class="name" scope="row"><a href="{link(o["member_id"])}">{escape(o["name"])}</a></th>'
        f'<td class="num">{o["games"]}</td>\n'
        f'      <td class="num {_sign(o["net"])}">{_net(o["net"])}</td><td class="num">{fixed(o["avg_rank"], 2)}</td>\n'
        f'      <td class="num">{_net(o["their_net"])}</td><td class="num">{fixed(o["their_avg_rank"], 2)}</td></tr>\n  '
        for o in opponents))
