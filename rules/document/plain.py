"""The one-pass reader of a plain evaluate document (a dict whose every field is in its usual form:
mpsz or Japanese tiles without inline calls, booleans, winds, small counts): the same ``Hand`` as
the full reader (``checked``) builds, or ``None`` to leave the document to it, so every error is
still the full reader's. It exists for speed: the engine reads a document per ``evaluate``."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations_with_replacement

from ..errors import DocumentError, RulesError
from ..hand import Hand, Meld, _meld
from ..ruleset import PRESETS, RuleSet
from ..shape_tables import _CODE_WHOLE, _grown, _placed
from ..tiles import CODE_INC, SUIT_OF, _parse_tokens, value_tiles
from ..tiles import WINDS as WIND_KINDS
from .fields import FLAGS, LIMITS, WINDS, check_situation, ruleset_of

_FLAG_SET = frozenset(FLAGS)


def _plain_tiles(value: object) -> tuple[tuple[int, bool], ...]:
    """The tokens of a tile string the full reader would accept as it is (else ``RulesError``)."""
    if type(value) is not str or len(value) > LIMITS["text"] or "(" in value or "（" in value:
        raise DocumentError("not plain")
    return _parse_tokens(value)


# one tile in mpsz ("1m" ... "0p" ... "7z") -> (kind, is_red): most tile fields hold exactly one
_ONE_TILE = {text: tokens[0] for text in [f"{d}{x}" for x in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)]
             for tokens in [_parse_tokens(text)]}


# canonical mpsz of tiles without red fives: each suit once, in order (its digits then in order too
# when the tiles read in sorted order)
_CANONICAL = re.compile(r"(?:[1-9]+m)?(?:[1-9]+p)?(?:[1-9]+s)?(?:[1-7]+z)?")
_VALUE_TILES = {(seat, round_): value_tiles(seat, round_) for seat in WIND_KINDS for round_ in WIND_KINDS}


# canonical-order mpsz (each suit at most once, in the order m p s z): its four suit groups
_SUIT_GROUPS = re.compile(r"([0-9]+m)?([0-9]+p)?([0-9]+s)?([1-7]+z)?")
_TEXT_MAX = LIMITS["text"]
_NO_FLAGS: frozenset[str] = frozenset()
_SUIT_SIZE = (9, 9, 9, 7)
_CACHE_MAX = 50_000
# per suit: a group's text ("2355s", or None when the suit is absent) -> (its kinds in order, the suit's
# counts, its ``tiles.suit_code``, its kinds as bits, its red fives, whether it was written in order, and
# of its code the shape tables' ``_CODE_WHOLE`` value, ``_placed`` splits and ``_grown`` kinds (None for
# a suit that splits), which the hand keeps as ``whole13``, ``parts13`` and ``grown13``), or None for five
# of a kind; a cache of a pure function of a tile string: the short groups read at import (``_prefill``),
# the rest as they are met (cleared if it ever grows past ``_CACHE_MAX`` entries)
_GROUPS: tuple[dict, ...] = ({}, {}, {}, {})
_OFFSET = {"0": 4, **{str(d): d - 1 for d in range(1, 10)}}  # a digit of a group -> its offset (0: red 5)
_NOT_GROWN: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def _suit(s: int, group: str | None) -> tuple | None:
    found = _GROUPS[s].get(group)
    if found is None and group not in _GROUPS[s]:
        base = 9 * s
        written = [_OFFSET[ch] for ch in group[:-1]] if group else []  # offsets in the suit
        counts = [0] * _SUIT_SIZE[s]
        code = mask = 0
        for o in written:
            counts[o] += 1
            code += CODE_INC[o]
            mask |= 1 << o
        if max(counts) <= 4:
            offsets = sorted(written)
            whole = _CODE_WHOLE[s == 3].get(code)
            found = (tuple([base + o for o in offsets]), tuple(counts), code, mask << base,
                     group.count("0") if group else 0, written == offsets, whole,
                     # the splits of a suit that splits; the kinds that make whole one that does not
                     # (none for 3k tiles; a suit that splits is grown only when every suit splits)
                     _placed(s, code) if whole is not None else (),
                     None if whole is not None else _grown(s == 3, code) if len(written) % 3 else _NOT_GROWN)
        if len(_GROUPS[s]) >= _CACHE_MAX:
            _GROUPS[s].clear()
        _GROUPS[s][group] = found
    return found


_PREFILLED = 5  # tiles


def _prefill(most: int) -> None:
    """``_suit`` of every group of at most ``most`` tiles written in order without a red five, and of an
    absent suit: the groups most hands have, read at import rather than first met (``_PREFILLED`` =
    5: about 6,800 entries, with the shape tables' entries they need: 18 ms, 2.5 MB)."""
    for s, size in enumerate(_SUIT_SIZE):
        _suit(s, None)
        for n in range(1, most + 1):
            for digits in combinations_with_replacement("123456789"[:size], n):
                _suit(s, "".join(digits) + "mpsz"[s])


_prefill(_PREFILLED)


@lru_cache(maxsize=4096)
def _plain_meld(kind: str, text: str, index: int) -> Meld:
    """A called meld of a document (immutable, so one object serves every hand that has it)."""
    return _meld(kind, list(_plain_tiles(text)), index, f"melds[{index}] ", text)


def read_plain(doc: dict) -> tuple[Hand, RuleSet] | None:
    """``parse_doc`` of a document whose every field is in its plain form, or ``None`` when the full
    reader must look (anything unusual or wrong: it then raises the error, in its order). Builds the
    same ``Hand`` without the dataclass machinery (the engine reads a document per evaluate)."""
    get = doc.get
    try:
        spec = get("ruleset", "ariari")
        ruleset = PRESETS[spec] if type(spec) is str else ruleset_of(spec)
        reds_on = ruleset.red_fives
        text = doc["hand"]
        groups = _SUIT_GROUPS.fullmatch(text) if type(text) is str and len(text) <= _TEXT_MAX else None
        if groups is not None:  # canonical mpsz (each suit once, in order): each suit group read once
            gm, gp, gs, gz = groups.groups()
            m_, p_, s_, z_ = (_GROUPS[0].get(gm) or _suit(0, gm), _GROUPS[1].get(gp) or _suit(1, gp),
                              _GROUPS[2].get(gs) or _suit(2, gs), _GROUPS[3].get(gz) or _suit(3, gz))
            if m_ is None or p_ is None or s_ is None or z_ is None:
                return None  # five of a kind: the full reader says so
            concealed = m_[0] + p_[0] + s_[0] + z_[0]
            counts13 = m_[1] + p_[1] + s_[1] + z_[1]
            codes = (m_[2], p_[2], s_[2], z_[2])
            mask13 = m_[3] | p_[3] | s_[3] | z_[3]
            reds = [m_[4], p_[4], s_[4]]
            in_order = m_[5] and p_[5] and s_[5] and z_[5]
            whole13 = (m_[6], p_[6], s_[6], z_[6])
            parts13 = [m_[7], p_[7], s_[7], z_[7]]
            grown13 = (m_[8], p_[8], s_[8], z_[8])
        else:
            tokens = _plain_tiles(text)
            kinds = [t for t, _ in tokens]
            concealed = sorted(kinds)
            counts = [0] * 34
            code_list = [0, 0, 0, 0]
            mask13 = 0
            for t in concealed:
                counts[t] += 1
                code_list[SUIT_OF[t]] += CODE_INC[t]
                mask13 |= 1 << t
            if max(counts) > 4:
                return None
            counts13 = tuple(counts)
            codes = (code_list[0], code_list[1], code_list[2], code_list[3])
            reds = [0, 0, 0]
            for t, red in tokens if "0" in text or "０" in text else ():  # a red five is written 0
                if red:
                    reds[t // 9] += 1
            in_order = kinds == concealed and _CANONICAL.fullmatch(text) is not None
            whole13 = parts13 = grown13 = None  # looked up by the shape functions as they need them
            concealed = tuple(concealed)
        # from here ``counts`` (every tile of the hand per kind) is only made when melds add to the
        # concealed counts, each of them at most 4 (else the reader has returned)
        counts = None
        concealed_reds = (reds[0], reds[1], reds[2]) if reds_on else _NO_REDS
        raw_melds = get("melds")
        melds = ()
        closed = True
        if raw_melds:
            if type(raw_melds) is not list or len(raw_melds) > LIMITS["melds"]:
                return None
            counts = list(counts13)
            called = []
            for i, m in enumerate(raw_melds):
                if type(m) is not dict or len(m) != 2 or type(m.get("type")) is not str or \
                        len(m["type"]) > LIMITS["text"]:
                    return None
                meld = _plain_meld(m["type"], m["tiles"], i)
                for t in meld.tiles:
                    counts[t] += 1
                mask13 |= 1 << meld.tiles[0] | 1 << meld.tiles[-1] | 1 << meld.tiles[1]
                if meld.reds:
                    reds[meld.tiles[0] // 9] += meld.reds
                    if not reds_on:
                        meld = Meld(meld.type, meld.tiles, i, 0)
                closed = closed and meld.type == "ankan"
                called.append(meld)
            melds = tuple(called)
        if len(concealed) != 13 - 3 * len(melds):
            return None
        win_tile, win_red = None, False
        win = get("win_tile")
        if win is not None:
            got = _ONE_TILE.get(win) if type(win) is str else None
            if got is None:
                got = _plain_tiles(win)
                if len(got) != 1:
                    return None
                got = got[0]
            win_tile, win_red = got
            if counts is None:
                if counts13[win_tile] == 4:
                    return None
            else:
                counts[win_tile] += 1
            if win_red:
                reds[win_tile // 9] += 1
        if (counts is not None and max(counts) > 4) or reds[0] > 1 or reds[1] > 1 or reds[2] > 1:
            return None
        situational = get("situational") or ()
        if situational != () and (type(situational) is not list or len(situational) > len(FLAGS)
                                  or not _FLAG_SET.issuperset(situational)):
            return None
        dora, ura = get("dora_indicators"), get("ura_indicators")
        dora, ura = _indicators(dora) if dora else (), _indicators(ura) if ura else ()
        if dora is None or ura is None:
            return None
        tsumo, riichi, double, ippatsu = get("tsumo", False), get("riichi", False), get("double_riichi", False), \
            get("ippatsu", False)
        if not type(tsumo) is type(riichi) is type(double) is type(ippatsu) is bool:
            return None
        seat, round_ = get("seat_wind", "E"), get("round_wind", "E")
        seat = WINDS.get(seat) if type(seat) is str else None
        round_ = WINDS.get(round_) if type(round_) is str else None
        honba, sticks = get("honba", 0), get("sticks", 0)
        if seat is None or round_ is None or type(honba) is not int or type(sticks) is not int or not (
                0 <= honba <= _HONBA_MAX and 0 <= sticks <= _STICKS_MAX):
            return None
    except (RulesError, KeyError, TypeError):
        return None
    hand = Hand.of({  # the fields, and values the hand would derive, known on the way
        "concealed": concealed, "melds": melds, "win_tile": win_tile, "tsumo": tsumo, "seat_wind": seat,
        "round_wind": round_, "riichi": riichi, "double_riichi": double, "ippatsu": ippatsu,
        "flags": frozenset(situational) if situational else _NO_FLAGS, "dora_indicators": dora,
        "ura_indicators": ura, "reds": concealed_reds, "win_red": win_red and reds_on, "honba": honba,
        "sticks": sticks, "counts13": counts13, "mask13": mask13, "codes13": codes, "is_closed": closed,
        "value_tiles": _VALUE_TILES[seat, round_], "mask": mask13 if win_tile is None else mask13 | 1 << win_tile,
        "whole13": whole13, "parts13": parts13, "grown13": grown13})
    if situational or (ippatsu and not (riichi or double)) or ((riichi or double) and not closed):
        try:
            check_situation(hand)
        except RulesError:
            return None
    if in_order and "0" not in text:
        hand.__dict__["concealed_text"] = text  # already the canonical mpsz the hand would spell
    return hand, ruleset


_NO_REDS = (0, 0, 0)
_HONBA_MAX, _STICKS_MAX, _INDICATORS_MAX = LIMITS["honba"], LIMITS["sticks"], LIMITS["indicators"]


def _indicators(value: object) -> tuple[int, ...] | None:
    """The kinds of a plain ``dora_indicators`` / ``ura_indicators`` field (``None``: not plain)."""
    if not value:
        return ()
    items = [value] if type(value) is str else value
    if type(items) is not list or len(items) > _INDICATORS_MAX:
        return None
    found = []
    for item in items:
        one = _ONE_TILE.get(item) if type(item) is str else None
        if one is None:
            found += [t for t, _ in _plain_tiles(item)]
        else:
            found.append(one[0])
    if len(found) > _INDICATORS_MAX:
        return None
    return tuple(found)
