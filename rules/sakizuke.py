"""完全先付け (RULES.md §5): which waits qualify, which calls break 中付け / 後付け rules, which
candidate is scored; ``compare`` (one hand under several rule sets) and ``tenpai`` (at a draw).

Every wait of the 13 tiles is evaluated in the same situation as the actual win. Seed 003's 平和
example: ``1123344s+123m+123p`` ron on 2s is 三色一盃口 5200 by 高点法, but 平和一盃口 2000 when the
yaku common to both waits (平和) must be scored:

>>> from rules.hand import parse_doc
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
(False, ['3筒待ちに役がありません(片和了り)', '6筒待ちに役がありません(片和了り)'])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

from .errors import DocumentError
from .evaluate import Candidate, candidates, evaluate_hand, sakizuke_on
from .hand import Hand, Meld, parse_doc
from .ruleset import PRESET_LABELS, PRESETS, RuleSet, get_ruleset
from .shapes import Decomposition, hand_waits, is_complete
from .tiles import HONOR_NAMES_JA, counts34, tile_name, to_mpsz
from .yaku import NAMES, YakuHit

PLACE_YAKU = frozenset({"haitei", "houtei", "rinshan", "chankan"})  # governed by situational_qualify
NEVER_QUALIFY = frozenset({"ippatsu"})  # a bonus like dora (seed 003)
YAKUHAI = frozenset({"yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind"})
SAKIZUKE_OPTIONS = (
    "yakuhai_sakizuke", "shanpon_tsumo_sakizuke", "kataagari", "closed_ron", "first_call", "later_calls",
    "yaku_confirmed_by_first_call", "situational_qualify", "score_with_confirmed_yaku",
    "open_tenpai_needs_yaku", "formal_tenpai",
)
_CALL_JA = {"chi": "チー", "pon": "ポン", "minkan": "明槓", "kakan": "加槓", "ankan": "暗槓"}
_SUIT_JA = "萬筒索"


@dataclass(frozen=True)
class Analysis:
    """One candidate under 先付け: its qualifying yaku and whether they satisfy shibari."""

    cand: Candidate
    qual: tuple[YakuHit, ...]
    ok: bool


@dataclass
class Verdict:
    """What ``rules.evaluate`` reads: ``legal``, ``reasons`` [{code, ja, en}], ``per_wait``
    [{tile, yaku: [{id, han}], qualifies}] and ``candidate`` (scored; None when not legal)."""

    legal: bool
    reasons: list[dict]
    per_wait: list[dict]
    candidate: Candidate | None


def tile_ja(t: int) -> str:
    """Japanese name of a tile kind.

    >>> tile_ja(2), tile_ja(13), tile_ja(19), tile_ja(33)
    ('3萬', '5筒', '2索', '中')
    """
    return HONOR_NAMES_JA[t - 27] if t >= 27 else f"{t % 9 + 1}{_SUIT_JA[t // 9]}"


def _reason(code: str, ja: str, en: str) -> dict:
    return {"code": code, "ja": ja, "en": en}


# ---------------------------------------------------------------- candidates, cached across rule sets

@lru_cache(maxsize=256)
def scoring_key(ruleset: RuleSet, closed: bool = False) -> RuleSet:
    """The rule set with its name and 先付け options reset (and, for a closed hand, ``open_tanyao``,
    which only open hands read): candidates depend only on the rest, so rule sets that differ only
    in those share one cache entry."""
    defaults: dict[str, Any] = {f: getattr(RuleSet, f) for f in SAKIZUKE_OPTIONS}
    if closed:
        defaults["open_tanyao"] = RuleSet.open_tanyao
    return dataclasses.replace(ruleset, name="", **defaults)


@lru_cache(maxsize=8192)
def _cands(hand: Hand, key: RuleSet) -> tuple[Candidate, ...]:
    return tuple(candidates(hand, key))


def _key(hand: Hand, rs: RuleSet) -> RuleSet:
    return scoring_key(rs, hand.is_closed)


def by_wait(hand: Hand, rs: RuleSet) -> dict[int, list[Candidate]]:
    """``evaluate.wait_candidates`` through the shared cache."""
    key = _key(hand, rs)
    return {w: list(_cands(hand.with_win(w), key)) for w in hand_waits(hand)}


def _meld_of(hand: Hand, source: int | None) -> Meld | None:
    return next((m for m in hand.melds if m.index == source), None) if source is not None else None


def _is_concealed(hand: Hand, d: Decomposition, i: int) -> bool:
    """A set in the concealed part (ankan counts as concealed)."""
    m = _meld_of(hand, d.sets[i].source)
    return m is None or not m.opened


def _value_tiles(hand: Hand) -> set[int]:
    return {31, 32, 33, hand.seat_wind, hand.round_wind}


def _yakuhai_qualifies(hand: Hand, rs: RuleSet, d: Decomposition, i: int) -> bool:
    """翻牌の先付け (seed 001): concealed, called before the first non-yakuhai call, or won by 双ポン
    with no non-yakuhai call (新現代ルール: or by 双ポン tsumo)."""
    value = _value_tiles(hand)
    plain = [m.index for m in hand.melds if m.opened and m.tiles[0] not in value]
    m = _meld_of(hand, d.sets[i].source)
    if m is not None:
        return not m.opened or not plain or m.index < min(plain)
    if i == d.win_set and d.wait == "shanpon":
        return not plain or (rs.shanpon_tsumo_sakizuke and hand.tsumo)
    return True


def qualifying(c: Candidate, rs: RuleSet) -> tuple[YakuHit, ...]:
    """The yaku of a candidate that may satisfy shibari under the rule set's 先付け options."""
    hand, d = c.hand, c.decomposition
    place_ok = rs.situational_qualify == "always" or (rs.situational_qualify == "closed_only" and hand.is_closed)
    out = []
    for h in c.yaku:
        if h.id in NEVER_QUALIFY or (h.id in PLACE_YAKU and not place_ok):
            continue
        if rs.yakuhai_sakizuke and h.id in YAKUHAI and h.sets and not _yakuhai_qualifies(hand, rs, d, h.sets[0]):
            continue
        out.append(h)
    return tuple(out)


def analyse(hand: Hand, rs: RuleSet, cands: Iterable[Candidate] | None = None) -> list[Analysis]:
    """Every candidate of a hand with its winning tile (``cands`` when already computed under a
    rule set with the same scoring options), best (高点法) first."""
    out = []
    for c in _cands(hand, _key(hand, rs)) if cands is None else cands:
        q = qualifying(c, rs)
        out.append(Analysis(c, q, bool(q) and sum(h.han for h in q) >= rs.shibari))
    out.sort(key=lambda a: (a.ok, a.cand.total, a.cand.han, a.cand.fu), reverse=True)
    return out


def _ids(h: YakuHit) -> set[str]:
    """二盃口 contains 一盃口 for the common-yaku test."""
    return {h.id, "iipeikou"} if h.id == "ryanpeikou" else {h.id}


def common_yaku(per: Iterable[list[Analysis]]) -> set[str]:
    """Qualifying yaku ids found (in a candidate that satisfies shibari) on every wait; a wait
    that can be a yakuman counts only as the yakuman (seed 000: 7筒 is 四暗刻, not 一盃口)."""
    common: set[str] | None = None
    for analyses in per:
        good = [a for a in analyses if a.ok]
        if any(a.cand.yakuman for a in good):  # a wait that can be a yakuman is the yakuman
            good = [a for a in good if a.cand.yakuman]
        ids = {i for a in good for h in a.qual for i in _ids(h)}
        common = ids if common is None else common & ids
    return common or set()


# ---------------------------------------------------------------- calls

def _calls(hand: Hand) -> list[Meld]:
    """Opened calls in call order (ankan excluded: it counts as concealed)."""
    return sorted((m for m in hand.melds if m.opened), key=lambda m: m.index)


def _set_of(d: Decomposition, m: Meld) -> int:
    return next(i for i, s in enumerate(d.sets) if s.source == m.index)


def _call_label(n: int, m: Meld) -> tuple[str, str]:
    tiles = m.as_dict()["tiles"]
    return f"第{n}副露({_CALL_JA[m.type]} {tiles})", f"call {n} ({m.type} {tiles})"


def _complete_before(a: Analysis, hand: Hand, allowed: set[int]) -> bool:
    """Is some qualifying yaku built only from ``allowed`` sets and concealed sets other than the
    one the winning tile completes?"""
    d = a.cand.decomposition
    return any(
        h.sets and all(i in allowed or (_is_concealed(hand, d, i) and i != d.win_set) for i in h.sets)
        for h in a.qual
    )


def call_problems(a: Analysis, hand: Hand, rs: RuleSet, common: set[str] | None) -> list[dict]:
    """Reasons the calls of an open hand break 中付け / 後付け / A's confirmed-yaku rule (``common``:
    the yaku common to every wait; None when 片和了り already refuses the hand)."""
    calls = _calls(hand)
    if not calls:
        return []
    d = a.cand.decomposition
    out = []
    set_idx = [_set_of(d, m) for m in calls]
    used = {i for h in a.qual for i in h.sets}
    if rs.first_call and set_idx[0] not in used and not _complete_before(a, hand, set()):
        ja, en = _call_label(1, calls[0])
        out.append(_reason("first_call", f"{ja}が役に絡んでいません(中付け)",
                           f"{en} is not part of any qualifying yaku (nakazuke)"))
    if rs.later_calls == "justified":
        for n in range(1, len(calls)):
            if set_idx[n] not in used and not _complete_before(a, hand, set(set_idx[:n])):
                ja, en = _call_label(n + 1, calls[n])
                out.append(_reason("later_call", f"{ja}が役に絡んでいません(後付け)",
                                   f"{en} is not part of any qualifying yaku and no yaku was complete before it"))
    if rs.yaku_confirmed_by_first_call and common is not None:
        later = {set_idx[n]: n for n in range(1, len(calls))}
        hits = [h for h in a.qual if _ids(h) & common]
        if not any(not later.keys() & set(h.sets) for h in hits):
            need = min((later[i] for h in hits for i in h.sets if i in later), default=None)
            if need is None:
                out.append(_reason("not_confirmed", "全ての待ちに共通する役がありません(役が確定していません)",
                                   "no qualifying yaku is common to every wait (no confirmed yaku)"))
            else:
                ja, en = _call_label(need + 1, calls[need])
                out.append(_reason("not_confirmed", f"第1副露の時点で役が確定していません({ja}が必要)",
                                   f"the yaku common to every wait needs {en}, a call after the first"))
    return out


# ---------------------------------------------------------------- judge

def _wait_reasons(code: str, tiles: list[int], ja_tail: str, en_tail: str, shibari: int = 1) -> list[dict]:
    if shibari > 1:
        return [_reason(code, f"{tile_ja(w)}待ちでは{shibari}翻縛りを満たしません({ja_tail})",
                        f"wait {tile_name(w)} does not reach {shibari} han of qualifying yaku ({en_tail})")
                for w in tiles]
    return [_reason(code, f"{tile_ja(w)}待ちに役がありません({ja_tail})",
                    f"wait {tile_name(w)} has no qualifying yaku ({en_tail})") for w in tiles]


def _per_wait(per: dict[int, list[Analysis]]) -> list[dict]:
    out = []
    for w, analyses in per.items():
        top = analyses[0] if analyses else None
        out.append({"tile": tile_name(w), "yaku": [{"id": h.id, "han": h.han, "ja": NAMES[h.id][0], "en": NAMES[h.id][1]}
                                                for h in top.qual] if top else [],
                    "qualifies": bool(top and top.ok)})
    return out


def _profile(hand: Hand, rs: RuleSet) -> tuple:
    """The options ``qualifying`` reads, as far as they matter for this hand."""
    place = (rs.situational_qualify == "always" or (rs.situational_qualify == "closed_only" and hand.is_closed)
             or not hand.flags & PLACE_YAKU)
    return place, rs.yakuhai_sakizuke, rs.shanpon_tsumo_sakizuke and hand.tsumo, rs.shibari


def judge(hand: Hand, ruleset: RuleSet, by_wait: Mapping[int, list[Candidate]] | None = None,
          memo: dict | None = None) -> Verdict:
    """The 先付け verdict of a hand with its winning tile (see the module docstring). ``by_wait``:
    the candidates of every wait (``evaluate.wait_candidates``) when the caller has them; ``memo``:
    a dict shared by calls on the same hand and ``by_wait`` (``compare``) to reuse the analyses."""
    rs = ruleset
    if by_wait is None:
        per = {w: analyse(hand.with_win(w), rs) for w in hand_waits(hand)}
    elif memo is not None and _profile(hand, rs) in memo:
        per = memo[_profile(hand, rs)]
    else:
        per = {w: analyse(hand, rs, cands) for w, cands in by_wait.items()}  # hand unused with cands
        if memo is not None:
            memo[_profile(hand, rs)] = per
    same = hand.win_tile in per and not hand.win_red
    actual = per[hand.win_tile] if same else analyse(hand, rs)
    common = common_yaku(per.values())
    failing = [w for w, an in per.items() if not any(a.ok for a in an)]
    reasons: list[dict] = []
    every_wait = (rs.kataagari if not hand.is_closed  # a closed tsumo always has 門前清自摸和: never 片和了り
                  else not hand.tsumo and rs.closed_ron in ("any", "common"))
    if not hand.is_closed:
        if rs.kataagari:
            reasons += _wait_reasons("kataagari", failing, "片和了り", "kataagari", rs.shibari)
    elif not hand.tsumo:
        if rs.closed_ron in ("any", "common"):
            reasons += _wait_reasons("closed_ron", failing, "門前のロンは全ての待ちに役が必要",
                                     "a closed ron needs one on every wait", rs.shibari)
        if rs.closed_ron == "common" and not failing and not common:
            reasons.append(_reason("no_common_yaku", "全ての待ち牌に共通する役がありません",
                                   "no qualifying yaku is common to every wait"))
    known = None if failing and every_wait else common
    problems = [(a, ([] if a.ok else [_no_yaku(hand)]) + call_problems(a, hand, rs, known)) for a in actual]
    passing = [a for a, p in problems if not p]
    if not passing and problems:
        fewest = min(problems, key=lambda ap: len(ap[1]))[1]
        covered = every_wait and hand.win_tile in failing
        reasons += [r for r in fewest if not (covered and r["code"] == "no_qualifying_yaku")]
    chosen = None
    if passing and not reasons:
        pool = passing
        if rs.score_with_confirmed_yaku and common:
            pool = [a for a in passing if any(_ids(h) & common for h in a.qual)] or passing
        chosen = max(pool, key=lambda a: a.cand.rank).cand
    return Verdict(not reasons, reasons, _per_wait(per), chosen)


def _no_yaku(hand: Hand) -> dict:
    return _reason("no_qualifying_yaku", f"{tile_ja(hand.win_tile)}の和了に縛りを満たす役がありません",
                   f"the win on {tile_name(hand.win_tile)} has no qualifying yaku")


# ---------------------------------------------------------------- compare, tenpai

def compare(doc: Mapping[str, Any], rulesets: list | None = None) -> dict:
    """The same hand under several rule sets (default: every preset), side by side.

    >>> out = compare({"hand": "1123344s123m123p", "win_tile": "2s", "seat_wind": "S"},
    ...              ["shimamachi", "sakizuke_a"])
    >>> [(v["ruleset"], v["label"], v["total"]) for v in out["verdicts"]]
    [('shimamachi', '島町ルール(完全先付け・解釈B)', 5200), ('sakizuke_a', '完全先付け・解釈A', 2000)]

    The hand is parsed once (per red-five setting) and the wait analysis is shared by every rule
    set with the same scoring options; each verdict equals ``rules.evaluate`` under that rule set.
    """
    if not isinstance(doc, Mapping):
        raise DocumentError("the document must be an object", ja="入力はオブジェクトで指定してください")
    specs = list(PRESETS) if rulesets is None else rulesets
    if not isinstance(specs, list) or not specs:
        raise DocumentError("'rulesets' must be a non-empty list", ja="rulesets は空でないリストで指定してください")
    checked = [get_ruleset(s) for s in specs]  # every spec is valid before any verdict
    base = {k: v for k, v in doc.items() if k != "ruleset"}
    # parsed once, with red fives if any rule set has them; a rule set without reads the same tiles plain
    first = next((r for r in checked if r.red_fives), checked[0])
    hands: dict[bool, Hand] = {first.red_fives: parse_doc({**base, "ruleset": first})[0]}
    shared: dict[tuple[Hand, RuleSet], tuple[dict[int, list[Candidate]], dict]] = {}
    verdicts: list[dict] = [{} for _ in checked]
    # 先付け rule sets first: they need every wait scored, and a plain rule set with the same
    # scoring options then reuses that; a plain one alone takes evaluate's cheaper path
    for n in sorted(range(len(checked)), key=lambda n: not sakizuke_on(checked[n])):
        rs = checked[n]
        if rs.red_fives not in hands:
            hands[False] = hands[True].without_reds()
        hand = hands[rs.red_fives]
        key = (hand, _key(hand, rs))
        if key not in shared and sakizuke_on(rs):
            shared[key] = (by_wait(hand, rs), {})
        out = evaluate_hand(hand, rs, *shared.get(key, (None, None)))
        verdicts[n] = {"ruleset": rs.name, "label": PRESET_LABELS.get(rs.name, rs.name), **out}
    return {"verdicts": verdicts}


def _shape_waits(hand: Hand) -> list[int]:
    """Every kind completing the shape, including ones the hand holds all four of."""
    counts = counts34(hand.concealed)
    out = []
    for t in range(34):
        counts[t] += 1
        if is_complete(tuple(counts), len(hand.melds)):
            out.append(t)
        counts[t] -= 1
    return out


def tenpai(doc: Mapping[str, Any]) -> dict:
    """Is a 13-tile hand tenpai at an exhaustive draw under its rule set (docs/api.md)?

    Seed 002 ④ (形式テンパイ): tenpai without yaku, but not when the hand holds all four of every
    wait. An open hand under ``open_tenpai_needs_yaku`` must satisfy shibari on every wait.

    >>> tenpai({"hand": "13579m2468p1357s"})["tenpai"]
    False
    >>> out = tenpai({"hand": "2345678m456s", "melds": [{"type": "chi", "tiles": "123p"}], "ruleset": "shimamachi"})
    >>> out["tenpai"], out["formal"], out["waits"], out["reasons"][0]["code"]
    (False, True, ['2m', '5m', '8m'], 'open_tenpai_yaku')
    """
    hand, rs = parse_doc(doc)
    if hand.win_tile is not None:
        raise DocumentError("tenpai takes the 13 tiles without 'win_tile'", ja="テンパイ判定では win_tile を指定しません")
    ws = list(hand_waits(hand))
    per = {w: analyse(hand.with_win(w), rs) for w in ws}
    reasons: list[dict] = []
    formal = bool(ws)
    if not ws and _shape_waits(hand):
        reasons.append(_reason("all_waits_held", "待ち牌をすべて自分で使っています(形式テンパイ不可)",
                               "the hand holds all four of every wait"))
    elif not ws:
        reasons.append(_reason("noten", "テンパイしていません", "the hand is not tenpai"))
    failing = [w for w, an in per.items() if not any(a.ok for a in an)]
    if ws and not hand.is_closed and rs.open_tenpai_needs_yaku:
        reasons += _wait_reasons("open_tenpai_yaku", failing, "副露の聴牌は全ての待ちに役が必要",
                                 "an open tenpai needs one on every wait", rs.shibari)
    elif ws and not rs.formal_tenpai and len(failing) == len(ws):
        reasons.append(_reason("no_yaku_tenpai", "役のある待ちがありません(形式テンパイなし)",
                               "no wait has a yaku (no formal tenpai)"))
    return {"ruleset": rs.name, "hand": to_mpsz(hand.concealed, hand.reds),
            "melds": [m.as_dict() for m in hand.melds], "tenpai": formal and not reasons,
            "waits": [tile_name(w) for w in ws], "formal": formal, "reasons": reasons, "per_wait": _per_wait(per)}
