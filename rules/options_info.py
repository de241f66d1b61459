"""What each rule-set option means to a club: its group, label and one-line help in Japanese and
English, and how its values read (「喰いタン: あり」, 「順位点: +12000 / +4000 / −4000 / −12000」).

Pure data beside ``rules.ruleset`` (the one home of the options, their ``CHOICES`` and ``BOUNDS``);
the web app builds its rule-set form and its rules sheet from it.

>>> value_text("open_tanyao", False, "ja"), value_text("uma", (12000, 4000, -4000, -12000), "ja")
('なし', '+12000 / +4000 / −4000 / −12000')
>>> value_text("start_points", 25000, "en"), value_text("multi_ron", "double_ron", "ja")
('25000 points', 'ダブロンあり')
>>> [g["key"] for g in sheet(get_ruleset("tenhou"), get_ruleset("ariari"), "ja")]
['basic', 'yaku', 'sakizuke', 'yakuman', 'settlement', 'end']
>>> preset_label("tenhou", "en")
'Tenhou rules (for comparison)'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .ruleset import BOUNDS, CHOICES, PRESET_LABELS, RuleSet, get_ruleset  # noqa: F401 (doctest)

# (key, Japanese, English), in the order a club reads them
GROUPS: list[tuple[str, str, str]] = [
    ("basic", "基本", "Basics"),
    ("yaku", "役", "Yaku"),
    ("sakizuke", "先付け", "Sakizuke (yaku first)"),
    ("yakuman", "役満", "Yakuman"),
    ("settlement", "精算", "Settlement"),
    ("end", "終局", "End of the game"),
]

PRESET_LABELS_EN: dict[str, str] = {
    "ariari": "Ari-ari (kenkou mahjong club)",
    "shimamachi": "Shimamachi rules (full sakizuke, reading B)",
    "sakizuke_a": "Full sakizuke, reading A",
    "kanzen_sakizuke": "Full sakizuke (general)",
    "shingendai": "Shin-gendai rules",
    "tenhou": "Tenhou rules (for comparison)",
}

POINTS = ("点", " points")
YES_NO = {True: ("あり", "yes"), False: ("なし", "no")}


@dataclass(frozen=True)
class OptionInfo:
    """One option as a club reads it. ``values``: value → (Japanese, English) text; ``unit`` for numbers."""

    key: str
    group: str
    ja: str
    en: str
    help_ja: str
    help_en: str
    values: dict[Any, tuple[str, str]] | None = None
    unit: tuple[str, str] | None = None


def _o(key, group, ja, en, help_ja, help_en, values=None, unit=None) -> OptionInfo:
    return OptionInfo(key, group, ja, en, help_ja, help_en, values, unit)


_LIST = [
    # --- 基本
    _o("start_points", "basic", "持ち点", "Starting points", "半荘開始時の各自の点数", "Each player's points at the start",
       unit=POINTS),
    _o("shibari", "basic", "縛り", "Minimum han", "和了に必要な最低の翻数(ドラは数えない)",
       "Han of yaku a win needs at least (dora do not count)", {1: ("1翻縛り", "1 han"), 2: ("2翻縛り(両翻縛り)", "2 han")}),
    _o("open_tanyao", "basic", "喰いタン", "Open tanyao", "鳴いた手で断么九を認める", "Tanyao counts in an open hand"),
    _o("red_fives", "basic", "赤ドラ", "Red fives", "各色の5に赤ドラ1枚(0m 0p 0s)", "One red five of each suit (0m 0p 0s)"),
    _o("kiriage_mangan", "basic", "切り上げ満貫", "Rounded-up mangan", "30符4翻・60符3翻を満貫にする",
       "30 fu 4 han and 60 fu 3 han pay a mangan"),
    _o("riichi_min_score", "basic", "リーチに必要な持ち点", "Points needed to riichi",
       "これ未満の持ち点ではリーチできない", "A player below this may not declare riichi", unit=POINTS),
    _o("multi_ron", "basic", "複数のロン", "Several ron claims", "同じ捨て牌に複数人がロンしたとき",
       "When several players ron the same discard",
       {"atamahane": ("頭ハネ", "Head bump (first in turn wins)"), "double_ron": ("ダブロンあり", "Double ron allowed")}),
    _o("triple_ron_draw", "basic", "三家和", "Triple ron", "3人のロンは途中流局にする", "Three ron claims abort the hand"),
    _o("abortive_draws", "basic", "途中流局", "Abortive draws", "九種九牌・四風連打・四家立直・四開槓など",
       "Nine terminals, four winds, four riichi, four kans"),
    _o("formal_tenpai", "basic", "形式テンパイ", "Formal tenpai",
       "待ち牌を自分で4枚持つ形もテンパイと認める", "A wait on tiles the hand itself holds all four of is tenpai"),
    # --- 役
    _o("double_wind_pair_fu", "yaku", "連風牌の雀頭", "Double-wind pair", "場風と自風を兼ねる雀頭の符",
       "Fu of a pair that is both round and seat wind", {2: ("2符", "2 fu"), 4: ("4符", "4 fu")}),
    _o("rinshan_haitei_combine", "yaku", "嶺上開花と海底の複合", "Rinshan with haitei",
       "最後の牌での嶺上開花に海底摸月も付ける", "A rinshan win on the last tile also scores haitei"),
    _o("renhou", "yaku", "人和", "Renhou", "配牌後、最初のツモ前のロン", "Ron before one's first draw",
       {"off": ("なし", "no"), "mangan": ("満貫", "mangan"), "yakuman": ("役満", "yakuman")}),
    _o("nagashi_mangan", "yaku", "流し満貫", "Nagashi mangan", "么九牌だけを捨てて流局したら満貫ツモ扱い",
       "Only terminals and honours discarded to the draw: paid as a mangan tsumo"),
    # --- 先付け
    _o("yakuhai_sakizuke", "sakizuke", "翻牌の先付け", "Yakuhai first",
       "翻牌の刻子は暗刻か最初の鳴き、または双ポン和了で役になる", "A yakuhai set counts only if concealed, called first or won on a double wait"),
    _o("shanpon_tsumo_sakizuke", "sakizuke", "双ポンのツモ", "Double-wait tsumo",
       "双ポン待ちのツモ和了でも翻牌の先付けを満たす(新現代ルール)", "A double-wait tsumo also makes a yakuhai count (shin-gendai)"),
    _o("kataagari", "sakizuke", "片和了り禁止", "No one-sided waits",
       "鳴いた手は全ての待ちで縛りを満たすこと", "An open hand must meet the minimum on every wait"),
    _o("closed_ron", "sakizuke", "門前のロン", "Closed ron", "門前でロンするときの待ちの条件",
       "What every wait of a closed hand must have to ron",
       {"off": ("制限なし", "no restriction"), "any": ("全ての待ちに役", "a yaku on every wait"),
        "common": ("全ての待ちに共通の役", "one yaku common to every wait")}),
    _o("first_call", "sakizuke", "中付けの禁止", "First call makes the yaku",
       "最初の鳴きは役の一部であること", "The first call must be part of a yaku"),
    _o("later_calls", "sakizuke", "2つ目以降の鳴き", "Later calls", "2つ目以降の鳴きにも役との関係を求めるか",
       "Whether later calls must be part of a yaku too",
       {"free": ("自由", "free"), "justified": ("役の一部であること", "must be part of a yaku")}),
    _o("yaku_confirmed_by_first_call", "sakizuke", "役は最初の鳴きで確定", "Yaku fixed by the first call",
       "共通の役が最初の鳴きの後の鳴きを必要としない(解釈A)", "The common yaku needs no call after the first (reading A)"),
    _o("situational_qualify", "sakizuke", "状況役で縛りを満たす", "Situational yaku count",
       "海底・河底・嶺上・槍槓で縛りを満たせるか", "Whether haitei, houtei, rinshan, chankan meet the minimum",
       {"always": ("いつも", "always"), "closed_only": ("門前のみ", "closed hands only"), "never": ("認めない", "never")}),
    _o("score_with_confirmed_yaku", "sakizuke", "確定役で点数計算", "Score the confirmed yaku",
       "全ての待ちに共通の役を含む形で点数を数える", "Score the reading that holds the yaku common to every wait"),
    _o("open_tenpai_needs_yaku", "sakizuke", "鳴きのテンパイに役", "Open tenpai needs yaku",
       "流局時、鳴いた手は全ての待ちに役がないとノーテン", "At the draw an open hand is tenpai only with a yaku on every wait"),
    # --- 役満
    _o("kazoe_yakuman", "yakuman", "数え役満", "Counted yakuman", "13翻以上を役満にする", "13 han or more pays a yakuman"),
    _o("yakuman_add_up", "yakuman", "役満の複合", "Yakuman add up", "複数の役満を足し合わせる", "Several yakuman in one hand add up"),
    _o("double_yakuman_hands", "yakuman", "ダブル役満", "Double yakuman hands",
       "四暗刻単騎・国士十三面・純正九蓮・大四喜を2倍にする", "Four concealed triplets on a single wait and the like count double"),
    _o("yakuman_cap", "yakuman", "役満の上限", "Yakuman cap", "1局で支払う役満の最大倍数",
       "The most yakuman one hand is paid", unit=("倍", "×")),
    _o("pao", "yakuman", "パオ(責任払い)", "Pao (liability)", "大三元・大四喜を確定させた鳴かせの責任払い",
       "Who fed the last dragon or wind set pays for Daisangen / Daisuushii"),
    _o("pao_pays_ron_honba", "yakuman", "パオのロンの本場", "Pao pays ron honba",
       "パオのロンで本場もパオの人が払う(なし: 放銃者)", "On a pao ron the liable player pays the honba (no: the discarder)"),
    # --- 精算
    _o("riichi_stick", "settlement", "リーチ棒", "Riichi stick", "リーチで場に出す点数", "Points put down for riichi",
       unit=POINTS),
    _o("honba_value", "settlement", "本場", "Honba", "1本場あたりの加算(合計)", "Added per honba (in total)", unit=POINTS),
    _o("noten_total", "settlement", "ノーテン罰符", "No-tenpai penalty", "流局時のノーテン罰符の合計",
       "Total penalty at an exhaustive draw", unit=POINTS),
    _o("chombo_each", "settlement", "チョンボ", "Chombo", "チョンボした人が他の3人それぞれに払う",
       "The offender pays each other player", unit=POINTS),
    _o("penalty_value", "settlement", "罰符", "Penalty", "罰符として場に出す点数", "Points put on the table as a penalty",
       unit=POINTS),
    _o("return_points", "settlement", "返し", "Return points", "成績の基準点(持ち点より多いとオカ)",
       "Base of the result (above the start: oka to the top)", unit=POINTS),
    _o("uma", "settlement", "順位点", "Rank points", "1位から4位に加える点数", "Added to 1st, 2nd, 3rd, 4th", unit=POINTS),
    _o("tie_break", "settlement", "同点", "Ties", "同点のときの順位", "How players with equal points rank",
       {"seat": ("上家優先", "seat order from the first dealer"), "split": ("同着折半", "share the rank points")}),
    _o("score_rounding", "settlement", "素点の丸め", "Rounding", "順位点の前に素点を1000点単位に丸める",
       "Round the raw score to 1000 before rank points",
       {"none": ("丸めない", "none"), "shisha_gonyu": ("四捨五入", "round half up"),
        "gosha_rokunyu": ("五捨六入", "round 500 down")}),
    _o("top_takes_remainder", "settlement", "トップ取り", "Top takes the rest",
       "成績の合計が0になるよう端数をトップが取る", "The top's result makes the four sum to zero"),
    _o("leftover_sticks_to_top", "settlement", "残った供託はトップへ", "Leftover sticks to the top",
       "終局時に場に残ったリーチ棒をトップが取る", "Riichi sticks left at the end go to the top"),
    # --- 終局
    _o("bust", "end", "トビ", "Bust", "持ち点が0点未満になったら終了", "The game ends when someone is below zero"),
    _o("bust_ignores_honba", "end", "トビに積み棒を含めない", "Bust ignores honba",
       "トビの判定で本場の分を除く", "Bust is judged without the honba part of the payment"),
    _o("agari_yame", "end", "アガリ止め", "Stop on a win", "オーラスに親がトップで和了したら終了",
       "Last hand: the dealer on top may end the game after a win"),
    _o("tenpai_yame", "end", "テンパイ止め", "Stop on tenpai", "オーラスに親がトップでテンパイ流局したら終了",
       "Last hand: the dealer on top may end the game at a tenpai draw"),
    _o("west_round", "end", "西入", "West round", "南4局で返し点に誰も届かなければ西場へ",
       "Play on into West when nobody reached the return points"),
]

OPTIONS: dict[str, OptionInfo] = {o.key: o for o in _LIST}
_DECLARED = frozenset(OPTIONS)


def missing() -> list[str]:
    """Options of ``RuleSet`` without an entry here, and choices without words (kept empty by a test).

    >>> missing()
    []
    """
    names = [f.name for f in fields(RuleSet) if f.name != "name"]
    out = [key for key in names if key not in _DECLARED]
    out += [f"{key}={v!r}" for key, allowed in CHOICES.items() if key in _DECLARED
            for v in allowed if v not in (OPTIONS[key].values or {})]
    return out


# an option added to the engine before its entry here still shows (under its key, in 基本)
for _key in missing():
    if "=" not in _key:
        OPTIONS[_key] = _o(_key, "basic", _key, _key, "", "")
        _LIST.append(OPTIONS[_key])
ORDER: list[str] = [o.key for g, _ja, _en in GROUPS for o in _LIST if o.group == g]


def _lang(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang.startswith("en") else pair[0]


def label(key: str, lang: str = "ja") -> str:
    o = OPTIONS[key]
    return o.en if lang.startswith("en") else o.ja


def help_text(key: str, lang: str = "ja") -> str:
    o = OPTIONS[key]
    return o.help_en if lang.startswith("en") else o.help_ja


def preset_label(preset: str, lang: str = "ja") -> str:
    """The preset's name in ``lang`` (the key itself when unknown)."""
    table = PRESET_LABELS_EN if lang.startswith("en") else PRESET_LABELS
    return table.get(preset, preset)


def value_text(key: str, value: Any, lang: str = "ja") -> str:
    """How a value reads on the rules sheet: words for choices and switches, numbers with their unit."""
    o = OPTIONS[key]
    if o.values is not None and value in o.values:
        return _lang(o.values[value], lang)
    if isinstance(value, bool):
        return _lang(YES_NO[value], lang)
    if key == "uma":
        return " / ".join(f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in value)
    unit = _lang(o.unit, lang) if o.unit else ""
    return f"{value}{unit}"


def sheet(rs: RuleSet, base: RuleSet, lang: str = "ja") -> list[dict[str, Any]]:
    """The rules sheet of ``rs``: groups in order, each with its rows (label, help, value as text,
    ``changed`` when it differs from ``base`` and then ``base_text``)."""
    out = []
    for gkey, gja, gen in GROUPS:
        rows = []
        for key in ORDER:
            if OPTIONS[key].group != gkey:
                continue
            value, before = getattr(rs, key), getattr(base, key)
            rows.append({"key": key, "label": label(key, lang), "help": help_text(key, lang),
                         "text": value_text(key, value, lang), "changed": value != before,
                         "base_text": value_text(key, before, lang)})
        out.append({"key": gkey, "label": gen if lang.startswith("en") else gja, "rows": rows})
    return out

