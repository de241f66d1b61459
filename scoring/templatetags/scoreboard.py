"""The hanchan page's scoreboard, written in one pass: it changes with every hand recorded, so it is
drawn on every save, and through the template engine its ~40 small tags cost a third of the page
after a save. The markup is what ``hanchan_detail.html``'s ``board`` partial wrote with tags, up
to blank lines (compared in every state and both languages when it moved here); the partial calls
this tag, and ``tests/scoring/test_hanchan_detail.py`` checks what it shows.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .club import lang

register = template.Library()


def _diff(d: int) -> str:
    css = ' class="minus"' if d < 0 else ' class="plus"' if d > 0 else ' class=""'
    return f"<span{css}>{'+' if d > 0 else ''}{d}</span>"


@register.simple_tag
def scoreboard(hanchan: Any, players: list, label: Any, ended: bool, sticks: int, oob: bool = False) -> SafeString:
    """The ``#board`` section: the round (or the game's end), the sticks on the table, and each
    player's seat wind, name, dealer and riichi badges, score and differences to the others."""
    state = hanchan.state
    if state == "finished":
        early = f' <small class="on-dark">({escape(gettext("途中終了"))})</small>' if hanchan.closed_early else ""
        round_ = f"<strong>{escape(gettext('終了'))}{early}</strong>"
    elif state == "void":
        round_ = f"<strong>{escape(gettext('無効'))}</strong>"
    elif label:
        round_ = f"<strong>{escape(lang(label))}</strong>"
    elif ended:
        round_ = f"<strong>{escape(gettext('対局終了'))}</strong>"
    else:
        round_ = ""
    in_play = state == "in_play"
    dealer_badge = f' <span class="badge oya">{escape(gettext("親"))}</span>'
    riichi_badge = f' <span class="badge">{escape(gettext("リーチ"))}</span>'
    gap = escape(gettext("点差"))
    rows = []
    for p in players:
        badges = ((dealer_badge if p.dealer else "") + (riichi_badge if p.riichi else "")) if in_play else ""
        diffs = "".join(f'<li><span class="dname">{escape(name)}</span><span class="dwind" title="{escape(name)}">'
                        f'{escape(wind)}</span>{_diff(d)}</li>' for name, wind, d in p.others)
        rows.append(f'\n      <li class="player{" dealer" if p.dealer and in_play else ""}">\n'
                    f'        <p class="who"><span class="wind">{escape(p.wind)}</span> {escape(p.name)}{badges}</p>\n'
                    f'        <p class="score">{p.score}</p>\n'
                    f'        <ul class="diffs" aria-label="{gap}">{diffs}</ul>\n      </li>')
    swap = ' hx-swap-oob="true"' if oob else ""
    sticks_text = escape(gettext("供託 %(sticks)s本") % {"sticks": sticks})
    return mark_safe(
        f'\n  <section id="board" class="board"{swap} aria-label="{escape(gettext("得点"))}">\n'
        f'    <p class="round">\n      {round_}\n      <span class="sticks">{sticks_text}</span>\n    </p>\n'
        f'    <ol class="players">{"".join(rows)}\n    </ol>\n  </section>')
