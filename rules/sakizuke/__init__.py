"""完全先付け (docs/rules.md §5): which waits qualify, which calls break 中付け / 後付け rules, which
candidate is scored. ``rules.evaluate`` asks ``judge`` whenever a 先付け option is on.

Every wait of the 13 tiles is evaluated in the same situation as the actual win. Seed 003's 平和
example: ``1123344s+123m+123p`` ron on 2s is 三色一盃口 5200 by 高点法, but 平和一盃口 2000 when the
yaku common to both waits (平和) must be scored:

>>> from rules.document import parse_doc
>>> doc = {"hand": "1123344s123m123p", "win_tile": "2s", "seat_wind": "S"}
>>> v = judge(*parse_doc({**doc, "ruleset": "sakizuke_a"}))
>>> v.legal, v.candidate.total, [w["tile"] for w in v.per_wait if w["qualifies"]]
(True, 2000, ['2s', '5s'])
>>> judge(*parse_doc({**doc, "ruleset": "shimamachi"})).candidate.total
5200

An open hand waiting on 3-6-9p with 一気通貫 only on 9p is 片和了り, refused even on 9p:

>>> v = judge(*parse_doc({"hand": "12345678p11z", "melds": [{"type": "chi", "tiles": "789s"}],
...                       "win_tile": "9p", "ruleset": "kanzen_sakizuke"}))
>>> v.legal, [r["ja"] for r in v.reasons]
(False, ['3筒待ちに縛りを満たす役がありません(片和了り)', '6筒待ちに縛りを満たす役がありません(片和了り)'])

Reasons come decisive first, with calls and tiles named as a player says them. Seed 000 中付け 例1
under 島町 (B): the 中 pon after a chi is 後付け, and 役牌 中 counts its han but not towards 縛り:

>>> v = judge(*parse_doc({"hand": "567p789s4s", "melds": [{"type": "chi", "tiles": "234m"},
...                       {"type": "pon", "tiles": "777z"}], "win_tile": "4s", "ruleset": "shimamachi"}))
>>> for r in v.reasons: print(r["ja"])
中のポン(第2副露)は役牌以外の副露(チー234萬)の後なので後付けで、役牌 中は翻数には数えますが縛りを満たしません(翻牌の先付け)
中のポンは役牌以外の副露(チー234萬)の後なので、役牌 中は縛りを満たさず、4索待ちに縛りを満たす役がありません(片和了り)
第1副露(チー234萬)が縛りを満たす役に絡んでいません(中付け)
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..candidates import Candidate
from ..hand import Hand
from ..ruleset import RuleSet
from ..shapes import hand_waits
from ..tiles import tile_ja, tile_name
from ..yaku import as_dicts
from .calls import call_problems, reason
from .options import SAKIZUKE_OPTIONS, qualify_rules, sakizuke_on, scoring_key  # noqa: F401
from .qualify import Analysis, analyse, common_yaku, ids, qualifying  # noqa: F401
from .wording import call_label, meld_ja, note  # noqa: F401


class Verdict(NamedTuple):
    """What ``rules.evaluate`` reads: ``legal``, ``reasons`` [{code, ja, en}], ``per_wait``
    [{tile, yaku: [{id, han, ja, en}], qualifies}] and ``candidate`` (scored; None when not legal)."""

    legal: bool
    reasons: list[dict]
    per_wait: list[dict]
    candidate: Candidate | None


def wait_reasons(code: str, tiles: list[int], ja_tail: str, en_tail: str, shibari: int = 1,
                 notes: Mapping[int, tuple[str, str] | None] | None = None) -> list[dict]:
    """One reason per wait that does not satisfy shibari; ``notes``: per wait, why a yaku it has
    does not count (``wording.note``), said first."""
    out = []
    for w in tiles:
        ja, en = _lead((notes or {}).get(w))
        if shibari > 1:
            out.append(reason(code, f"{ja}{tile_ja(w)}待ちでは{shibari}翻縛りを満たしません({ja_tail})",
                              f"{en}wait {tile_name(w)} does not reach {shibari} han of qualifying yaku ({en_tail})"))
        else:
            out.append(reason(code, f"{ja}{tile_ja(w)}待ちに縛りを満たす役がありません({ja_tail})",
                              f"{en}wait {tile_name(w)} has no qualifying yaku ({en_tail})"))
    return out


def decisive_first(reasons: list[dict]) -> list[dict]:
    """The reasons ordered so that the one that decides comes first: a yakuhai called after a
    non-yakuhai call (翻牌の先付け), then a reason that says why a yaku of the hand does not count,
    then the calls (中付け/後付け), then the rest; otherwise in the order found."""
    def rank(r: dict) -> int:
        if r["code"] == "later_call" and "(翻牌の先付け)" in r["ja"]:
            return 0
        if "縛りを満たさず" in r["ja"]:
            return 1
        return 2 if r["code"] in ("first_call", "later_call", "not_confirmed") else 3
    return sorted(reasons, key=rank)


def per_wait(per: Mapping[int, list[Analysis]]) -> list[dict]:
    """Each wait with the qualifying yaku of its best candidate and whether it satisfies shibari."""
    out = []
    for w, analyses in per.items():
        top = analyses[0] if analyses else None
        out.append({"tile": tile_name(w), "yaku": as_dicts(top.qual, yakuman=False) if top else [],
                    "qualifies": bool(top and top.ok)})
    return out


def judge(hand: Hand, ruleset: RuleSet, by_wait: Mapping[int, list[Candidate]] | None = None,
          memo: dict | None = None) -> Verdict:
    """The 先付け verdict of a hand with its winning tile (see the module docstring). ``by_wait``:
    the candidates of every wait (``candidates.wait_candidates``) when the caller has them; ``memo``:
    a dict shared by calls on the same hand and ``by_wait`` (``compare``) to reuse the analyses of
    rule sets with the same ``qualify_rules``."""
    rs = ruleset
    if by_wait is None:
        per = {w: analyse(hand.with_win(w), rs) for w in hand_waits(hand)}
    else:
        key = qualify_rules(hand, rs)
        per = memo.get(key) if memo is not None else None
        if per is None:
            per = {w: analyse(hand, rs, cands) for w, cands in by_wait.items()}  # hand unused with cands
            if memo is not None:
                memo[key] = per
    same = hand.win_tile in per and not hand.win_red
    actual = per[hand.win_tile] if same else analyse(hand, rs)
    common = common_yaku(per.values())
    failing = [w for w, an in per.items() if not any(a.ok for a in an)]
    reasons: list[dict] = []
    every_wait = (rs.kataagari if not hand.is_closed  # a closed tsumo always has 門前清自摸和: never 片和了り
                  else not hand.tsumo and rs.closed_ron in ("any", "common"))
    notes = {w: note(hand, per[w][0] if per[w] else None) for w in failing}
    if not hand.is_closed:
        if rs.kataagari:
            reasons += wait_reasons("kataagari", failing, "片和了り", "kataagari", rs.shibari, notes)
    elif not hand.tsumo:
        if rs.closed_ron in ("any", "common"):
            reasons += wait_reasons("closed_ron", failing, "門前のロンは全ての待ちに役が必要",
                                    "a closed ron needs one on every wait", rs.shibari, notes)
        if rs.closed_ron == "common" and not failing and not common:
            reasons.append(reason("no_common_yaku", "全ての待ち牌に共通する役がありません",
                                  "no qualifying yaku is common to every wait"))
    known = None if failing and every_wait else common
    problems = [(a, ([] if a.ok else [_no_yaku(hand, a)]) + call_problems(a, hand, rs, known)) for a in actual]
    passing = [a for a, p in problems if not p]
    if not passing and problems:
        fewest = min(problems, key=lambda ap: len(ap[1]))[1]
        covered = every_wait and hand.win_tile in failing
        reasons += [r for r in fewest if not (covered and r["code"] == "no_qualifying_yaku")]
    chosen = None
    if passing and not reasons:
        pool = passing
        if rs.score_with_confirmed_yaku and common:
            pool = [a for a in passing if any(ids(h) & common for h in a.qual)] or passing
        chosen = max(pool, key=lambda a: a.cand.rank).cand
    return Verdict(not reasons, decisive_first(reasons), per_wait(per), chosen)


def _no_yaku(hand: Hand, a: Analysis) -> dict:
    ja, en = _lead(note(hand, a))
    return reason("no_qualifying_yaku", f"{ja}{tile_ja(hand.win_tile)}の和了に縛りを満たす役がありません",
                  f"{en}the win on {tile_name(hand.win_tile)} has no qualifying yaku")


def _lead(why: tuple[str, str] | None) -> tuple[str, str]:
    """A ``wording.note`` as the (ja, en) start of a reason's sentence (empty without one)."""
    return (f"{why[0]}、", f"{why[1]}, so ") if why else ("", "")
