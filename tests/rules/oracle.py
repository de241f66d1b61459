"""Converters for the differential tests (and ``bench/run.py``): one random-hand generator, and
translations of a hand into our ``rules.evaluate`` document, into the ``mahjong`` package's call, and
from majiang-core's notation.

Everything is reduced to one comparable shape, :func:`outcome`::

    {"legal", "han", "fu", "total", "yaku": [(id, han), ...], "dora": {...}, "limit", "yakuman",
     "fenpei": [4 seat deltas incl. honba and sticks]}

so a test only has to compare two dicts.

>>> case = Case(concealed=kinds("123456789m1122z"), melds=[], win=kind("1z"), tsumo=False, seat=1, round=0)
>>> doc = to_doc(case)
>>> doc["hand"], doc["win_tile"], doc["seat_wind"]
('123456789m1122z', '1z', 'S')
>>> mahjong_outcome(doc)["yaku"]  # honitsu 3, ittsuu 2, round wind east 1
[('honitsu', 3), ('ittsuu', 2), ('yakuhai_round_wind', 1)]
>>> parse_majiang_meld("p555=5")
('kakan', '5555p')
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field
from typing import Any

SUITS = "mpsz"
WINDS = "ESWN"


# --------------------------------------------------------------------------- tiles


def kind(tile: str) -> int:
    """34-kind index of an mpsz tile (red five = five).

    >>> kind("1m"), kind("0p"), kind("7z")
    (0, 13, 33)
    """
    n, s = int(tile[0]) or 5, SUITS.index(tile[1])
    return s * 9 + n - 1


def kinds(text: str) -> list[int]:
    """34-kind indices of an mpsz string, in order.

    >>> kinds("12m3z")
    [0, 1, 29]
    """
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [kind(d + ch) for d in digits]
            digits = ""
    return out


def tile(k: int) -> str:
    """mpsz name of a 34-kind index.

    >>> tile(0), tile(33)
    ('1m', '7z')
    """
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def mpsz(tiles: list[int]) -> str:
    """Sorted mpsz string of 34-kind indices.

    >>> mpsz([29, 0, 2, 1, 9])
    '123m1p3z'
    """
    out = ""
    for s, suit in enumerate(SUITS):
        digits = "".join(str(k % 9 + 1) for k in sorted(tiles) if k // 9 == s)
        out += f"{digits}{suit}" if digits else ""
    return out


def is_terminal_or_honor(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


# --------------------------------------------------------------------------- the neutral case


@dataclass
class Case:
    """One winning hand, engine-neutral. Tiles are 34-kind indices; melds are ``(type, kinds)`` in
    call order with ``type`` one of chi pon minkan kakan ankan."""

    concealed: list[int]  # without the winning tile
    melds: list[tuple[str, list[int]]]
    win: int
    tsumo: bool
    seat: int  # 0 = East = dealer
    round: int
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    situational: tuple[str, ...] = ()
    dora: list[int] = field(default_factory=list)  # indicators
    ura: list[int] = field(default_factory=list)
    honba: int = 0
    sticks: int = 0
    reds: tuple[int, ...] = ()  # suits (0 m, 1 p, 2 s) whose five is red where red fives are played
    style: str = ""

    @property
    def is_open(self) -> bool:
        return any(t != "ankan" for t, _ in self.melds)

    def all_tiles(self) -> list[int]:
        return self.concealed + [self.win] + [k for _, ks in self.melds for k in ks]


def to_doc(case: Case, ruleset: Any = "ariari", red_fives: bool = False) -> dict[str, Any]:
    """Our ``rules.evaluate`` document (docs/api.md) for a case; with ``red_fives``, the first five
    of each suit in ``case.reds`` (melds, then concealed tiles, then the winning tile) is red, and so
    is one five of a suit whose four fives are all in the hand."""
    groups = [[tile(k) for k in ks] for _, ks in case.melds] + [[tile(k) for k in case.concealed], [tile(case.win)]]
    held = case.all_tiles()
    reds = set(case.reds) | {s for s in range(3) if held.count(s * 9 + 4) == 4}  # one of the four is red
    for suit in sorted(reds) if red_fives else ():
        five = "5" + SUITS[suit]
        group = next((g for g in groups if five in g), None)
        if group:
            group[group.index(five)] = "0" + SUITS[suit]
    *meld_tiles, concealed, (win,) = groups
    doc: dict[str, Any] = {
        "ruleset": ruleset,
        "hand": mpsz_tiles(concealed),
        "melds": [{"type": t, "tiles": mpsz_tiles(ts)} for (t, _), ts in zip(case.melds, meld_tiles)],
        "win_tile": win,
        "tsumo": case.tsumo,
        "seat_wind": WINDS[case.seat],
        "round_wind": WINDS[case.round],
        "riichi": case.riichi or case.double_riichi,
        "double_riichi": case.double_riichi,
        "ippatsu": case.ippatsu,
        "situational": list(case.situational),
        "dora_indicators": [tile(k) for k in case.dora],
        "ura_indicators": [tile(k) for k in case.ura],
        "honba": case.honba,
        "sticks": case.sticks,
    }
    return doc


def mpsz_tiles(tiles: list[str]) -> str:
    """Sorted, grouped mpsz of tile strings (red five before the other fives).

    >>> mpsz_tiles(["5m", "1z", "0m", "1m", "3p"])
    '105m3p1z'
    """
    order = sorted(tiles, key=lambda t: (SUITS.index(t[1]), int(t[0]) or 4.5))
    return "".join(f"{''.join(t[0] for t in order if t[1] == s)}{s}" for s in SUITS if any(t[1] == s for t in order))


# --------------------------------------------------------------------------- our result


def fenpei_from_result(result: dict, seat: int, discarder: int | None) -> list[int]:
    """Each seat's change (seat 0 = dealer) from our payment rows, honba_bonus and sticks_bonus: a ron
    is the ``discarder`` rows plus honba; a tsumo is three rows (``dealer`` row to seat 0), each
    with a third of the honba. A row of another shape raises ``ValueError``.

    >>> r = {"received": 4300, "honba_bonus": 300, "payments": [{"from": "discarder", "amount": 3900}]}
    >>> fenpei_from_result(r, 1, 0)
    [-4200, 4300, 0, 0]
    """
    deltas = [0, 0, 0, 0]
    deltas[seat] = result["received"]
    rows = list(result["payments"])
    if discarder is not None:
        deltas[discarder] -= sum(p["amount"] for p in rows if p["from"] == "discarder") + result["honba_bonus"]
        return deltas
    dealer_rows = [p for p in rows if p["from"] == "dealer"]
    payers = [s for s in range(4) if s != seat]  # seat 0 first: the dealer row, if any
    for payer, row in zip(payers, dealer_rows + [p for p in rows if p["from"] == "non_dealer"], strict=True):
        deltas[payer] -= row["amount"] + result["honba_bonus"] // 3
    return deltas


def outcome(result: dict, *, seat: int, discarder: int | None) -> dict[str, Any]:
    """The comparable summary of one of our ``evaluate`` results."""
    if not result.get("legal"):
        return {"legal": False, "total": result["total"]}  # docs/api.md: total 0 with no yaku at all
    yakuman = result.get("yakuman", 0) > 0
    out: dict[str, Any] = {
        "legal": True,
        "han": result["han"],
        "fu": None if yakuman else result["fu"],
        "total": result["total"],
        "yaku": sorted((y["id"], y["han"]) for y in result["yaku"]),
        "dora": None if yakuman else {k: v for k, v in result["dora"].items() if v},
        "limit": result["limit"],
        "yakuman": result["yakuman"],
        "fenpei": fenpei_from_result(result, seat, discarder),
    }
    return out


# --------------------------------------------------------------------------- mahjong package


MAHJONG_YAKU = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "DaburuRiichi": "double_riichi", "Ippatsu": "ippatsu",
    "Chankan": "chankan", "Rinshan": "rinshan", "Haitei": "haitei", "Houtei": "houtei",
    "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Haku": "yakuhai_haku", "Hatsu": "yakuhai_hatsu", "Chun": "yakuhai_chun",
    "SeatWindEast": "yakuhai_seat_wind", "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind", "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind", "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind", "RoundWindNorth": "yakuhai_round_wind",
    "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsuu", "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou", "SanKantsu": "sankantsu", "Toitoi": "toitoi",
    "Sanankou": "sanankou", "Shosangen": "shousangen", "Honroto": "honroutou",
    "Ryanpeikou": "ryanpeikou", "Junchan": "junchan", "Honitsu": "honitsu", "Chinitsu": "chinitsu",
    "Tenhou": "tenhou", "Chiihou": "chiihou", "Daisangen": "daisangen", "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou", "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou", "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "chuuren",
    "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi", "DaiSuushii": "daisuushii",
    "Shousuushii": "shousuushii", "Suukantsu": "suukantsu",
}
MAHJONG_DORA = {"Dora": "dora", "UraDora": "ura_dora", "AkaDora": "aka_dora"}
SITUATIONAL_FLAGS = {
    "haitei": "is_haitei", "houtei": "is_houtei", "rinshan": "is_rinshan", "chankan": "is_chankan",
    "tenhou": "is_tenhou", "chiihou": "is_chiihou",
}


def ariari_options():
    """``OptionalRules`` equal to our ``ariari`` preset (docs/rules.md §4.3): 喰いタン, no red fives,
    切り上げ満貫, kazoe yakuman, no double-yakuman hands, 人和/大車輪 off. The mahjong package always
    gives a 連風牌 pair 4 fu, which is ariari's ``double_wind_pair_fu``. The single-yakuman cap is
    :func:`single_yakuman_scores`."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=True, fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False, renhou_as_yakuman=False, has_daisharin=False, has_daichisei=False,
    )


def tenhou_options(double_yakuman: bool = False):
    """``OptionalRules`` of our ``tenhou`` preset: red fives, 喰いタン, no 切り上げ, kazoe yakuman,
    yakuman add up (the package's own ``ScoresCalculator``), and 四暗刻単騎 / 国士十三面 / 純正九蓮 /
    大四喜 single as real Tenhou pays them. ``double_yakuman``: those four double, as majiang-core's
    data counts them (``MAJIANG_RULESET``)."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=double_yakuman,
                         kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False)


# majiang-core's rules: our ``tenhou`` with one option changed, double-yakuman hands (real Tenhou pays
# them single; docs/rules.md §4.3)
MAJIANG_RULESET = {"preset": "tenhou", "options": {"double_yakuman_hands": True}}


@functools.cache
def single_yakuman_scores():
    """The package's ``ScoresCalculator`` with ariari's cap: yakuman are paid at most once (32000 /
    48000 even for two, docs/rules.md §3.2), where the package adds them up; han and yaku are untouched."""
    from mahjong.hand_calculating.scores import ScoresCalculator

    class SingleYakumanScores(ScoresCalculator):
        @staticmethod
        def calculate_scores(han, fu, config, is_yakuman=False):
            return ScoresCalculator.calculate_scores(min(han, 13) if is_yakuman else han, fu, config, is_yakuman)

    return SingleYakumanScores


def _doc_tiles(text: str) -> list[str]:
    """mpsz tiles of a document string, red five kept as ``0``.

    >>> _doc_tiles("105m7z")
    ['1m', '0m', '5m', '7z']
    """
    return [d + s for digits, s in re.findall(r"(\d+)([mpsz])", text) for d in digits]


def mahjong_call(doc: dict[str, Any], options=None, scores=None) -> dict[str, Any]:
    """Keyword arguments for ``HandCalculator.estimate_hand_value`` (136-tile ids, melds, config) for
    one of our documents (mpsz tiles, winds as E/S/W/N); ``options`` default to ariari's, ``scores``
    to :func:`single_yakuman_scores`. A red five is copy 0 of its five, which is
    what the package reads as aka dora when ``has_aka_dora`` is on."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    copies = [1] * 34  # copy 0 of each five is kept for the red one

    def take(t: str) -> int:
        k = kind(t)
        if t[0] == "0":
            return k * 4
        if copies[k] == 4:  # the fourth plain copy of a tile that has no red one here
            copies[k] = 0
        copies[k] += 1
        return k * 4 + copies[k] - 1

    melds, tiles = [], []
    meld_type = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN, "kakan": Meld.SHOUMINKAN,
                 "ankan": Meld.KAN}
    for m in doc.get("melds", []):
        ids = [take(t) for t in _doc_tiles(m["tiles"])]
        tiles += ids
        melds.append(Meld(meld_type=meld_type[m["type"]], tiles=ids, opened=m["type"] != "ankan"))
    tiles += [take(t) for t in _doc_tiles(doc["hand"])]
    win = take(doc["win_tile"])
    tiles.append(win)
    flags = {SITUATIONAL_FLAGS[s]: True for s in doc.get("situational", [])}
    double = doc.get("double_riichi", False)
    config = HandConfig(
        is_tsumo=doc.get("tsumo", False), is_riichi=doc.get("riichi", False) and not double,
        is_daburu_riichi=double, is_ippatsu=doc.get("ippatsu", False),
        player_wind=EAST + WINDS.index(doc["seat_wind"]), round_wind=EAST + WINDS.index(doc["round_wind"]),
        kyoutaku_number=doc.get("sticks", 0), tsumi_number=doc.get("honba", 0),
        options=options or ariari_options(), **flags,
    )
    return dict(tiles=tiles, win_tile=win, melds=melds,
                dora_indicators=[kind(t) * 4 + 1 for t in doc.get("dora_indicators", [])],
                ura_dora_indicators=[kind(t) * 4 + 1 for t in doc.get("ura_indicators", [])],
                config=config, scores_calculator_factory=scores or single_yakuman_scores())


def mahjong_outcome(doc: dict[str, Any], options=None, scores=None, loser: int | None = None) -> dict[str, Any]:
    """The ``mahjong`` package's result for one of our documents, in :func:`outcome`'s shape (a ron is
    charged to ``loser``, by default the winner's 下家 as :func:`discarder` says). ``scores=None``
    means ariari's single-yakuman cap, any other calculator the package's 6x cap. A shape error (anything but "no yaku")
    raises ``AssertionError``: the generator made a bad hand."""
    from mahjong.hand_calculating.hand import HandCalculator

    call = mahjong_call(doc, options, scores)
    config = call["config"]
    r = HandCalculator.estimate_hand_value(**call)
    if r.error:
        assert r.error == HandCalculator.ERR_NO_YAKU, f"mahjong rejects {doc}: {r.error}"
        return {"legal": False, "total": 0}
    yaku, dora = [], {}
    for y in r.yaku:
        han = y.han_open if r.is_open_hand else y.han_closed
        name = type(y).__name__
        if name in MAHJONG_DORA:
            dora[MAHJONG_DORA[name]] = han
        else:
            yaku.append((MAHJONG_YAKU[name], han))
    yakuman = any(y.is_yakuman for y in r.yaku)
    n_yakuman = sum(han for _, han in yaku) // 13 if yakuman else 0
    cost, seat, tsumo = r.cost, WINDS.index(doc["seat_wind"]), doc.get("tsumo", False)
    deltas = [0, 0, 0, 0]
    deltas[seat] = cost["total"]
    for payer in range(4):
        if payer == seat:
            continue
        if not tsumo:
            if payer == (discarder(doc) if loser is None else loser):
                deltas[payer] -= cost["main"] + cost["main_bonus"]
        elif payer == 0 or seat == 0:
            deltas[payer] -= cost["main"] + cost["main_bonus"]
        else:
            deltas[payer] -= cost["additional"] + cost["additional_bonus"]
    return {
        "legal": True, "han": r.han, "fu": None if yakuman else r.fu,
        "total": cost["main"] + 2 * cost["additional"] if tsumo else cost["main"],
        "yaku": sorted(yaku), "dora": None if yakuman else {k: v for k, v in dora.items() if v},
        "limit": limit_of(r.han, r.fu, n_yakuman, kiriage=config.options.kiriage,
                          yakuman_cap=1 if scores is None else 6,  # the package's own level misnames kazoe
                          kazoe=config.options.kazoe_limit != config.KAZOE_SANBAIMAN),
        "yakuman": n_yakuman,
        "fenpei": deltas,
    }


def limit_of(han: int, fu: int | None, yakuman: int, *, kiriage: bool, yakuman_cap: int,
             kazoe: bool = True) -> str | None:
    """The limit a hand reaches by docs/rules.md §3.2 (our names), from its han, fu and yakuman count.

    >>> limit_of(4, 30, 0, kiriage=True, yakuman_cap=1), limit_of(4, 30, 0, kiriage=False, yakuman_cap=1)
    ('mangan', None)
    >>> limit_of(4, 40, 0, kiriage=False, yakuman_cap=1), limit_of(26, None, 2, kiriage=False, yakuman_cap=1)
    ('mangan', 'yakuman')
    """
    if yakuman:
        n = min(yakuman, yakuman_cap)
        return {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman"}.get(n, f"{n}x_yakuman")
    for least, name in ((13, "kazoe_yakuman" if kazoe else "sanbaiman"), (11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return name
    assert fu is not None
    if fu * 2 ** (han + 2) > 2000 or kiriage and (han, fu) in ((4, 30), (3, 60)):
        return "mangan"
    return None


def discarder(doc: dict[str, Any]) -> int | None:
    """The seat a generated ron is charged to: the winner's 下家 (None for tsumo)."""
    return None if doc.get("tsumo") else (WINDS.index(doc["seat_wind"]) + 1) % 4


# --------------------------------------------------------------------------- generator


def _seq_starts(suits: str, numbers=range(7)) -> list[int]:
    return [SUITS.index(s) * 9 + n for s in suits for n in numbers]


ALL = list(range(34))
HONORS = list(range(27, 34))
TERMINALS = [s * 9 + n for s in range(3) for n in (0, 8)]
GREEN = [kind(t) for t in ("2s", "3s", "4s", "6s", "8s", "6z")]


@dataclass
class _Style:
    """How one family of hands is built: fixed sets first, then random ones from the pools."""

    name: str
    weight: float
    seqs: list[int]
    tris: list[int]
    pairs: list[int]
    p_seq: float = 0.6
    fixed: list[tuple[str, int]] = field(default_factory=list)  # ("seq"|"tri", kind); suits chosen per hand
    p_open: float = 0.35
    p_kan: float = 0.08


def _styles(rng: random.Random) -> list[_Style]:
    """The families, re-drawn per hand so suits and numbers vary."""
    suit = rng.choice("mps")
    si = SUITS.index(suit)
    n = rng.randrange(7)
    t = rng.randrange(9)
    simples = [k for k in range(27) if not is_terminal_or_honor(k)]
    dragons = rng.sample([31, 32, 33], 3)
    winds = rng.sample([27, 28, 29, 30], 4)
    in_suit = list(range(si * 9, si * 9 + 9))
    big = rng.random() < 0.4  # 大三元, 大四喜 rather than 小三元, 小四喜
    return [
        _Style("random", 30, _seq_starts("mps"), ALL, ALL),
        _Style("tanyao_pinfu", 12, _seq_starts("mps", range(1, 6)), simples, simples, p_seq=0.9, p_open=0.2),
        _Style("honitsu", 8, _seq_starts(suit), in_suit + HONORS, in_suit + HONORS),
        _Style("chinitsu", 4, _seq_starts(suit), in_suit, in_suit, p_seq=0.7),
        _Style("chanta", 5, _seq_starts("mps", (0, 6)), TERMINALS + HONORS, TERMINALS + HONORS),
        _Style("junchan", 3, _seq_starts("mps", (0, 6)), TERMINALS, TERMINALS, p_seq=0.75),
        _Style("sanshoku", 6, _seq_starts("mps"), ALL, ALL, fixed=[("seq", n), ("seq", 9 + n), ("seq", 18 + n)]),
        _Style("doukou", 2, _seq_starts("mps"), ALL, ALL, fixed=[("tri", t), ("tri", 9 + t), ("tri", 18 + t)]),
        _Style("ittsuu", 5, _seq_starts("mps"), ALL, ALL,
               fixed=[("seq", si * 9), ("seq", si * 9 + 3), ("seq", si * 9 + 6)]),
        _Style("toitoi", 5, [], ALL, ALL, p_seq=0.0, p_open=0.6, p_kan=0.12),
        _Style("yakuhai", 10, _seq_starts("mps"), ALL, ALL, fixed=[("tri", rng.choice(HONORS))], p_open=0.6),
        _Style("peikou", 5, _seq_starts("mps"), ALL, ALL, p_open=0.0, p_kan=0.0,
               fixed=[("seq", s) for s in [rng.choice(_seq_starts("mps"))] * 2]
               + ([("seq", s) for s in [rng.choice(_seq_starts("mps"))] * 2] if rng.random() < 0.4 else [])),
        _Style("dragons", 2, _seq_starts("mps"), ALL, ALL if big else dragons[2:],
               fixed=[("tri", d) for d in dragons[: 3 if big else 2]]),
        _Style("winds", 2, _seq_starts("mps"), ALL, ALL if big else winds[3:],
               fixed=[("tri", w) for w in winds[: 4 if big else 3]]),
        _Style("honors", 1, [], HONORS, HONORS, p_seq=0.0),
        _Style("terminals", 2, [], TERMINALS + (HONORS if rng.random() < 0.5 else []), TERMINALS, p_seq=0.0),
        _Style("green", 0.7, [kind("2s")], GREEN, GREEN, p_seq=0.3),
        _Style("kans", 4, _seq_starts("mps"), ALL, ALL, p_seq=0.15, p_kan=0.85),
        _Style("suuankou", 1.5, [], ALL, ALL, p_seq=0.0, p_open=0.0, p_kan=0.1),
        _Style("chiitoitsu", 7, [], [], []),
        _Style("kokushi", 1.5, [], [], []),
        _Style("chuuren", 0.5, [], [], []),
    ]


def _sets_hand(rng: random.Random, style: _Style) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets and a pair as ``[("seq"|"tri", kind)], pair``, at most four of a tile; None on a dead end."""
    counts = [0] * 34

    def fits(tiles: list[int]) -> bool:
        return all(counts[k] + tiles.count(k) <= 4 for k in set(tiles))

    def add(tiles: list[int]) -> None:
        for k in tiles:
            counts[k] += 1

    sets: list[tuple[str, int]] = []
    for what, k in style.fixed[:4]:
        tiles = [k, k + 1, k + 2] if what == "seq" else [k] * 3
        if not fits(tiles):
            return None
        add(tiles)
        sets.append((what, k))
    while len(sets) < 4:
        for _ in range(40):
            if style.seqs and (not style.tris or rng.random() < style.p_seq):
                k = rng.choice(style.seqs)
                what, tiles = "seq", [k, k + 1, k + 2]
            else:
                k = rng.choice(style.tris)
                what, tiles = "tri", [k] * 3
            if fits(tiles):
                add(tiles)
                sets.append((what, k))
                break
        else:
            return None
    pairs = [k for k in style.pairs if counts[k] <= 2]
    if not pairs:
        return None
    return sets, rng.choice(pairs)


def _closed_special(rng: random.Random, name: str) -> list[int]:
    """The 14 tiles of a 七対子, 国士 or 九蓮 hand."""
    if name == "chiitoitsu":
        suit = rng.randrange(3) * 9
        pool = rng.choice([ALL, _seq_starts("mps", range(1, 8)), TERMINALS + HONORS,
                           list(range(suit, suit + 9)) + HONORS])
        return [k for k in rng.sample(pool, 7) for _ in range(2)]
    if name == "kokushi":
        return TERMINALS + HONORS + [rng.choice(TERMINALS + HONORS)]
    s = rng.randrange(3) * 9
    return [s + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [s + rng.randrange(9)]


def random_case(rng: random.Random) -> Case:
    """One random, consistent winning hand with random situation (see the module docstring)."""
    while True:
        styles = _styles(rng)
        style = rng.choices(styles, weights=[s.weight for s in styles])[0]
        melds: list[tuple[str, list[int]]] = []
        if style.name in ("chiitoitsu", "kokushi", "chuuren"):
            closed = _closed_special(rng, style.name)
        else:
            got = _sets_hand(rng, style)
            if got is None:
                continue
            sets, pair = got
            rng.shuffle(sets)
            counts = [0] * 34
            for what, k in sets:
                for x in ([k, k + 1, k + 2] if what == "seq" else [k] * 3):
                    counts[x] += 1
            counts[pair] += 2
            closed = [pair, pair]
            is_open = rng.random() < style.p_open
            for what, k in sets:
                called = is_open and rng.random() < 0.55
                if what == "tri" and counts[k] < 4 and rng.random() < style.p_kan:
                    counts[k] += 1
                    melds.append((rng.choice(["minkan", "kakan"]) if called else "ankan", [k] * 4))
                elif called:
                    melds.append(("chi", [k, k + 1, k + 2]) if what == "seq" else ("pon", [k] * 3))
                else:
                    closed += [k, k + 1, k + 2] if what == "seq" else [k] * 3
        win = rng.choice(closed)
        closed.remove(win)
        case = Case(concealed=sorted(closed), melds=melds, win=win, tsumo=rng.random() < 0.45,
                    seat=rng.randrange(4), round=rng.choices([0, 1, 2], [60, 35, 5])[0], style=style.name)
        _situation(rng, case)
        return case


def _situation(rng: random.Random, case: Case) -> None:
    """Riichi, ippatsu, situational flags, indicators, honba and sticks, only where they can happen."""
    held = [0] * 34
    for k in case.all_tiles():
        held[k] += 1
    has_kan = any(t in ("minkan", "kakan", "ankan") for t, _ in case.melds)
    if not case.is_open and rng.random() < 0.45:
        if rng.random() < 0.08:
            case.double_riichi = True
        else:
            case.riichi = True
        case.ippatsu = rng.random() < 0.25
    flags: list[str] = []
    if case.tsumo:
        if has_kan and rng.random() < 0.3:
            flags.append("rinshan")
        elif rng.random() < 0.04:
            flags.append("haitei")  # never with rinshan: docs/rules.md §4.3 嶺上開花と海底は複合しない
        if not case.melds and not case.riichi and not case.double_riichi and rng.random() < 0.08:
            flags = ["tenhou" if case.seat == 0 else "chiihou"]
    else:
        if rng.random() < 0.04:
            flags.append("houtei")
        elif held[case.win] == 1 and rng.random() < 0.04:
            flags.append("chankan")  # the other three copies are the kan being robbed
    case.situational = tuple(flags)
    indicators: list[int] = []
    for _ in range(1 + (rng.random() < 0.3) + (rng.random() < 0.1) + (has_kan and rng.random() < 0.5)):
        k = rng.randrange(34)
        if held[k] < 4:
            held[k] += 1
            indicators.append(k)
    case.dora = indicators
    if case.riichi or case.double_riichi:
        for _ in range(len(indicators)):
            k = rng.randrange(34)
            if held[k] < 4:
                held[k] += 1
                case.ura.append(k)
    case.honba = rng.choices([0, 1, 2, 4], [60, 20, 12, 8])[0]
    case.sticks = rng.choices([0, 1, 2], [60, 30, 10])[0]
    case.reds = tuple(s for s in range(3) if rng.random() < 0.6)


def random_cases(n: int, seed: int = 20261123) -> list[Case]:
    """``n`` cases, the same every run for one seed.

    >>> [c.style for c in random_cases(3)] == [c.style for c in random_cases(3)]
    True
    """
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(n)]


# --------------------------------------------------------------------------- majiang-core


MAJIANG_YAKU = {
    "立直": "riichi", "ダブル立直": "double_riichi", "一発": "ippatsu", "海底摸月": "haitei",
    "河底撈魚": "houtei", "嶺上開花": "rinshan", "槍槓": "chankan", "天和": "tenhou", "地和": "chiihou",
    "門前清自摸和": "menzen_tsumo", "翻牌 白": "yakuhai_haku", "翻牌 發": "yakuhai_hatsu",
    "翻牌 中": "yakuhai_chun", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    "三色同順": "sanshoku", "一気通貫": "ittsuu", "混全帯幺九": "chanta", "七対子": "chiitoitsu",
    "対々和": "toitoi", "三暗刻": "sanankou", "三槓子": "sankantsu", "三色同刻": "sanshoku_doukou",
    "混老頭": "honroutou", "小三元": "shousangen", "混一色": "honitsu", "純全帯幺九": "junchan",
    "二盃口": "ryanpeikou", "清一色": "chinitsu", "国士無双": "kokushi", "国士無双十三面": "kokushi",
    "四暗刻": "suuankou", "四暗刻単騎": "suuankou", "大三元": "daisangen", "小四喜": "shousuushii",
    "大四喜": "daisuushii", "字一色": "tsuuiisou", "緑一色": "ryuuiisou", "清老頭": "chinroutou",
    "四槓子": "suukantsu", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "chuuren",
}
MAJIANG_DORA = {"ドラ": "dora", "赤ドラ": "aka_dora", "裏ドラ": "ura_dora"}
MAJIANG_SITUATIONAL = {("haidi", 1): "haitei", ("haidi", 2): "houtei", ("lingshang", 1): "rinshan",
                       ("qianggang", 1): "chankan", ("tianhu", 1): "tenhou", ("tianhu", 2): "chiihou"}
_DIRECTION = {"+": 1, "=": 2, "-": 3}  # 下家, 対面, 上家: seats after the winner's


def majiang_tiles(text: str) -> list[str]:
    """mpsz tiles (red five kept as 0) of a majiang tile group like ``m340p11``.

    >>> majiang_tiles("m340p1")
    ['3m', '4m', '0m', '1p']
    """
    out, suit = [], ""
    for ch in text:
        if ch in SUITS:
            suit = ch
        elif ch.isdigit():
            out.append(ch + suit)
    return out


def parse_majiang_meld(m: str) -> tuple[str, str]:
    """A majiang meld (``m34-0``, ``z555=``, ``p5555``, ``s5555+``, ``p555=5``) as ``(type, mpsz tiles)``.

    >>> parse_majiang_meld("m34-0"), parse_majiang_meld("z555="), parse_majiang_meld("p5555")
    (('chi', '340m'), ('pon', '555z'), ('ankan', '5555p'))
    >>> parse_majiang_meld("s0555+")
    ('minkan', '0555s')
    """
    suit, digits = m[0], re.sub(r"\D", "", m[1:])
    if len(digits) == 4:
        mark = re.search(r"[-=+]", m)
        kind_ = "ankan" if not mark else ("minkan" if mark.end() == len(m) else "kakan")
    else:
        kind_ = "pon" if len(set(digits.replace("0", "5"))) == 1 else "chi"
    return kind_, digits + suit


def majiang_doc(case: dict, ruleset: Any = MAJIANG_RULESET) -> tuple[dict[str, Any], int, int | None]:
    """Our document for one majiang-core case, with the winner's seat and the discarder's (ron)."""
    inp = case["in"]
    param = inp["param"]
    parts = inp["shoupai"].split(",")
    concealed = majiang_tiles(parts[0].replace("*", ""))
    seat = param["menfeng"]
    rong = inp.get("rongpai")
    if rong:
        win, discarder = rong[:2][::-1], (seat + _DIRECTION[rong[2]]) % 4
    else:
        win, discarder = concealed.pop(), None
    hupai = param.get("hupai", {})
    situational = [name for (key, value), name in MAJIANG_SITUATIONAL.items() if hupai.get(key) == value]
    lizhi = hupai.get("lizhi", 0)
    doc = {
        "ruleset": ruleset,
        "hand": mpsz_tiles(concealed),
        "melds": [dict(zip(("type", "tiles"), parse_majiang_meld(m))) for m in parts[1:] if m],
        "win_tile": win,
        "tsumo": rong is None,
        "seat_wind": WINDS[seat],
        "round_wind": WINDS[param["zhuangfeng"]],
        "riichi": lizhi > 0,
        "double_riichi": lizhi == 2,
        "ippatsu": bool(hupai.get("yifa")),
        "situational": situational,
        "dora_indicators": [p[1] + p[0] for p in param.get("baopai", [])],
        "ura_indicators": [p[1] + p[0] for p in param.get("fubaopai") or []] if lizhi else [],
        "honba": param["jicun"]["changbang"],
        "sticks": param["jicun"]["lizhibang"],
    }
    return doc, seat, discarder


def majiang_outcome(case: dict) -> dict[str, Any]:
    """majiang-core's expected result in :func:`outcome`'s shape."""
    out = case["out"]
    yaku, dora = [], {}
    for h in out["hupai"]:
        if h["name"] in MAJIANG_DORA:
            dora[MAJIANG_DORA[h["name"]]] = h["fanshu"]
        else:
            f = h["fanshu"]
            name = {"場風": "yakuhai_round_wind", "自風": "yakuhai_seat_wind"}.get(h["name"][:2]) or MAJIANG_YAKU[h["name"]]
            yaku.append((name, 13 * len(f) if isinstance(f, str) else f))
    yakuman = bool(out.get("damanguan"))
    return {
        "legal": True,
        "han": 13 * out["damanguan"] if yakuman else out["fanshu"],
        "fu": None if yakuman else out["fu"],
        "total": out["defen"],
        "yaku": sorted(yaku),
        "dora": None if yakuman else dora,
        "limit": _majiang_limit(out),
        "yakuman": out.get("damanguan") or 0,
        "fenpei": out["fenpei"],
    }


def _majiang_limit(out: dict[str, Any]) -> str | None:
    """The limit a majiang result reached (majiang has no 切り上げ, and adds yakuman up)."""
    return limit_of(out["fanshu"] or 0, out["fu"], out.get("damanguan") or 0, kiriage=False, yakuman_cap=6)


# --------------------------------------------------------------------------- reporting


def mismatch_report(mismatches: list[dict[str, Any]], total: int, limit: int = 10) -> str:
    """An assertion message: how many cases disagree, on which fields, and the first ``limit`` in
    full (our document, the oracle's input, both outcomes, our whole result) for pasting."""
    import json
    from collections import Counter

    fields_ = Counter(m["fields"] for m in mismatches)
    lines = [f"{len(mismatches)} of {total} cases disagree; fields that differ: "
             + ", ".join(f"{'/'.join(k) or 'error'} x{n}" for k, n in fields_.most_common())]
    for m in mismatches[:limit]:
        lines.append("-" * 100)
        for key in ("fields", "doc", "oracle_input", "expected", "got", "result"):
            lines.append(f"{key}: {json.dumps(m.get(key), ensure_ascii=False, default=str)}")
    return "\n".join(lines)


def differing(expected: dict[str, Any], got: dict[str, Any]) -> tuple[str, ...]:
    """Names of the outcome fields that differ (``legal`` alone when the verdicts differ)."""
    if expected.get("legal") != got.get("legal"):
        return ("legal",)
    return tuple(k for k in expected if expected[k] != got.get(k))


def engine_evaluate():
    """Our ``rules.evaluate``, imported only when a test needs it (the converters work without it)."""
    from rules import evaluate

    return evaluate


def mahjong_waits(doc: dict[str, Any]) -> list[str]:
    """The document's waits by the ``mahjong`` package's ``Agari``: every kind that completes the
    concealed part (without the winning tile), except one the hand holds all four of (docs/rules.md §1.4).

    >>> mahjong_waits({"hand": "1112345678999m", "melds": []})[:3]
    ['1m', '2m', '3m']
    >>> mahjong_waits({"hand": "1111m", "melds": [{"type": "pon", "tiles": "222z"}]})  # 1m: all four held
    []
    """
    from mahjong.agari import Agari

    concealed = [kind(t) for t in _doc_tiles(doc["hand"])]
    held = concealed + [kind(t) for m in doc.get("melds", []) for t in _doc_tiles(m["tiles"])]
    counts = [concealed.count(k) for k in range(34)]
    out = []
    for k in range(34):
        if held.count(k) >= 4:
            continue
        counts[k] += 1
        if Agari.is_agari(counts):
            out.append(tile(k))
        counts[k] -= 1
    return out
