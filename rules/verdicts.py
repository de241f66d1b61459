"""Verdicts above ``evaluate``: ``compare`` (one hand under several rule sets side by side, what a
disputed hand's page shows) and ``tenpai`` (is a 13-tile hand tenpai at an exhaustive draw)."""

from __future__ import annotations

from typing import Any, Mapping

from .candidates import Candidate, wait_candidates
from .errors import BoundsError, DocumentError
from .evaluate import evaluate_hand
from .document import parse_doc, ruleset_of
from .hand import Hand
from .ruleset import PRESET_LABELS, PRESETS, RuleSet
from .sakizuke import analyse, note, per_wait, reason, sakizuke_on, scoring_key, wait_reasons
from .shapes import hand_waits, is_complete
from .tiles import counts34, tile_name, to_mpsz

MAX_RULESETS = 20  # rule sets in one compare (there are 6 presets)


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
    if len(specs) > MAX_RULESETS:
        raise BoundsError(f"'rulesets' has {len(specs)} entries; at most {MAX_RULESETS}",
                            ja=f"rulesets が{len(specs)}件あります(最大{MAX_RULESETS}件)")
    checked = [ruleset_of(s) for s in specs]  # every spec is valid before any verdict
    base = {k: v for k, v in doc.items() if k != "ruleset"}
    # parsed once, with red fives if any rule set has them; a rule set without reads the same tiles plain
    first = next((r for r in checked if r.red_fives), checked[0])
    hands: dict[bool, Hand] = {first.red_fives: parse_doc({**base, "ruleset": first})[0]}
    # per (hand, scoring options): the candidates of every wait and the judge's memo, for this call only
    shared: dict[tuple[Hand, RuleSet], tuple[dict[int, list[Candidate]], dict]] = {}
    verdicts: list[dict] = [{} for _ in checked]
    # 先付け rule sets first: they need every wait scored, and a plain rule set with the same
    # scoring options then reuses that; a plain one alone takes evaluate's cheaper path
    for n in sorted(range(len(checked)), key=lambda n: not sakizuke_on(checked[n])):
        rs = checked[n]
        if rs.red_fives not in hands:
            hands[False] = hands[True].without_reds()
        hand = hands[rs.red_fives]
        key = (hand, scoring_key(rs, hand.is_closed))
        if key not in shared and sakizuke_on(rs):
            shared[key] = (wait_candidates(hand, key[1], list(hand_waits(hand))), {})
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
        reasons.append(reason("all_waits_held", "待ち牌をすべて自分で使っています(形式テンパイ不可)",
                              "the hand holds all four of every wait"))
    elif not ws:
        reasons.append(reason("noten", "テンパイしていません", "the hand is not tenpai"))
    failing = [w for w, an in per.items() if not any(a.ok for a in an)]
    if ws and not hand.is_closed and rs.open_tenpai_needs_yaku:
        notes = {w: note(hand.with_win(w), per[w][0] if per[w] else None) for w in failing}
        reasons += wait_reasons("open_tenpai_yaku", failing, "副露の聴牌は全ての待ちに役が必要",
                                "an open tenpai needs one on every wait", rs.shibari, notes)
    elif ws and not rs.formal_tenpai and len(failing) == len(ws):
        reasons.append(reason("no_yaku_tenpai", "役のある待ちがありません(形式テンパイなし)",
                              "no wait has a yaku (no formal tenpai)"))
    return {"ruleset": rs.name, "hand": to_mpsz(hand.concealed, hand.reds),
            "melds": [m.as_dict() for m in hand.melds], "tenpai": formal and not reasons,
            "waits": [tile_name(w) for w in ws], "formal": formal, "reasons": reasons, "per_wait": per_wait(per)}
