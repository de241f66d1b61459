"""Rule sets: one frozen options object, presets as data, looked up by name.

>>> get_ruleset("ariari").kiriage_mangan
True
>>> get_ruleset("tenhou").red_fives
True
>>> get_ruleset({"preset": "ariari", "options": {"shibari": 2}}).shibari
2
>>> get_ruleset("nope")
Traceback (most recent call last):
...
rules.errors.RulesetError: unknown rule set 'nope' (known: ariari, kanzen_sakizuke, sakizuke_a, shimamachi, shingendai, tenhou)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Mapping

from .errors import RulesetError

# Allowed values of the options that are not plain bool/int.
CHOICES: dict[str, tuple] = {
    "renhou": ("off", "mangan", "yakuman"),
    "closed_ron": ("off", "any", "common"),
    "later_calls": ("free", "justified"),
    "situational_qualify": ("always", "closed_only", "never"),
    "multi_ron": ("atamahane", "double_ron"),
    "tie_break": ("seat", "split"),
    "shibari": (1, 2),
    "double_wind_pair_fu": (2, 4),
    "score_rounding": ("none", "shisha_gonyu", "gosha_rokunyu"),
}
# Sane bounds of the integer options, with the unit they move in (points are per player; ``uma``
# per entry). A typo like 250000 or -300 for a stick would otherwise settle whole club days wrongly.
BOUNDS: dict[str, tuple[int, int, int]] = {
    "start_points": (1000, 200_000, 100), "return_points": (0, 200_000, 100),
    "riichi_stick": (100, 10_000, 100), "honba_value": (0, 3000, 100), "noten_total": (0, 30_000, 100),
    "chombo_each": (0, 100_000, 100), "penalty_value": (0, 100_000, 100),
    "riichi_min_score": (0, 100_000, 100), "yakuman_cap": (1, 10, 1), "uma": (-200_000, 200_000, 100),
}


@dataclass(frozen=True)
class RuleSet:
    """Every option is one field. Defaults are seed 002 (``ariari``)."""

    name: str = "ariari"

    # --- hand scoring (docs/rules.md §2–4) ---
    open_tanyao: bool = True  # 喰いタン
    red_fives: bool = False  # one red five per suit (0m 0p 0s)
    kiriage_mangan: bool = True  # 切り上げ満貫: 30符4翻 / 60符3翻 = mangan
    kazoe_yakuman: bool = True  # 13+ han = yakuman
    yakuman_add_up: bool = False  # several yakuman in one hand add up
    double_yakuman_hands: bool = False  # 四暗刻単騎, 国士十三面, 純正九蓮, 大四喜 count double
    yakuman_cap: int = 1  # most yakuman a hand is paid (1 = 32000/48000 even for double)
    double_wind_pair_fu: int = 4  # fu for a pair of 連風牌
    rinshan_haitei_combine: bool = False  # 嶺上開花と海底摸月の複合
    renhou: str = "off"  # 人和
    nagashi_mangan: bool = False  # 流し満貫: the game's "nagashi" event, paid as a mangan tsumo
    shibari: int = 1  # 1翻縛り / 2 = 両翻縛り

    # --- 完全先付け (docs/rules.md §5); all off in ariari ---
    yakuhai_sakizuke: bool = False
    shanpon_tsumo_sakizuke: bool = False  # 新現代ルール: 双ポン tsumo also qualifies a yakuhai
    kataagari: bool = False  # 片和了り禁止
    closed_ron: str = "off"  # off / any / common
    first_call: bool = False  # 中付けの禁止
    later_calls: str = "free"  # free / justified
    yaku_confirmed_by_first_call: bool = False
    situational_qualify: str = "always"  # always / closed_only / never
    score_with_confirmed_yaku: bool = False
    open_tenpai_needs_yaku: bool = False
    formal_tenpai: bool = True  # 形式テンパイあり (not when holding all four of every wait)

    # --- game (docs/rules.md §6, §7) ---
    start_points: int = 25000
    return_points: int = 25000  # no oka
    uma: tuple[int, int, int, int] = (12000, 4000, -4000, -12000)
    tie_break: str = "seat"  # 上家優先 / split = 同着折半
    riichi_stick: int = 1000
    honba_value: int = 300  # per honba, in total
    noten_total: int = 3000
    chombo_each: int = 3000  # paid to each other player
    penalty_value: int = 1000  # 罰符, to the table
    multi_ron: str = "atamahane"
    triple_ron_draw: bool = False  # 三家和: three claims = abortive draw
    pao: bool = True  # 大三元 / 大四喜
    pao_pays_ron_honba: bool = False  # パオのロン: 本場もパオ払い (天鳳); off: the discarder pays it
    bust: bool = True  # トビ ends the game (tournament: off)
    bust_ignores_honba: bool = True  # 積み棒は除外
    agari_yame: bool = False
    tenpai_yame: bool = False
    west_round: bool = False  # 西入
    leftover_sticks_to_top: bool = True
    riichi_min_score: int = 1000  # 持ち点1000点未満でのリーチ不可
    abortive_draws: bool = False  # 途中流局: the "abortive" event (九種九牌 四風連打 四家立直 四開槓 三家和)
    score_rounding: str = "none"  # 素点の丸め before 順位点: none / shisha_gonyu 四捨五入 / gosha_rokunyu 五捨六入
    top_takes_remainder: bool = False  # トップ取り: the top's net makes the nets sum to 0 (オカ and rounding)

    def __hash__(self) -> int:
        """The hash of every option, kept once computed (rule sets key the engine's shared work)."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash(tuple([getattr(self, name) for name in _FIELDS]))
        return found

    def replace(self, **options: Any) -> "RuleSet":
        """A copy with some options changed; unknown names or wrong types raise ``RulesetError``."""
        return dataclasses.replace(self, **_checked(options))

    def as_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["uma"] = list(self.uma)
        return data


_FIELDS = {f.name: f for f in fields(RuleSet)}


def _checked(options: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in options.items():
        if key not in _FIELDS:
            raise RulesetError(f"unknown rule option '{key}'", ja=f"不明なルール項目です: {key}")
        default = getattr(RuleSet, key, None)
        if key == "uma":
            if not (isinstance(value, (list, tuple)) and len(value) == 4 and all(isinstance(v, int) for v in value)):
                raise RulesetError("option 'uma' needs four integers", ja="順位点(uma)は整数4つで指定してください")
            value = tuple(value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise RulesetError(f"option '{key}' must be true or false, not {value!r}",
                                   ja=f"ルール項目 {key} は true/false で指定してください({value!r})")
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesetError(f"option '{key}' must be an integer, not {value!r}",
                                   ja=f"ルール項目 {key} は整数で指定してください({value!r})")
        elif isinstance(default, str) and not isinstance(value, str):
            raise RulesetError(f"option '{key}' must be a string, not {value!r}"[:200],
                               ja=f"ルール項目 {key} は文字列で指定してください({value!r})"[:200])
        elif isinstance(default, str) and len(value) > 60:
            raise RulesetError(f"option '{key}' is longer than 60 characters", ja=f"ルール項目 {key} は60文字以内です")
        low, high, step = BOUNDS.get(key, (None, None, 1))
        if low is not None and any(not (low <= v <= high and v % step == 0)
                                   for v in (value if key == "uma" else [value])):
            unit, unit_ja = (f" in steps of {step}", f"({step}単位)") if step > 1 else ("", "")
            raise RulesetError(f"option '{key}' must be from {low} to {high}{unit}",
                               ja=f"ルール項目 {key} は{low}〜{high}の範囲{unit_ja}で指定してください")
        if key in CHOICES and value not in CHOICES[key]:
            allowed = ", ".join(map(str, CHOICES[key]))
            raise RulesetError(f"option '{key}' must be one of {allowed}, not {value!r}",
                               ja=f"ルール項目 {key} の値は {allowed} のいずれかです({value!r})")
        out[key] = value
    return out


_SAKIZUKE_B = dict(
    open_tanyao=False, yakuhai_sakizuke=True, kataagari=True, closed_ron="any", first_call=True,
    later_calls="justified", situational_qualify="closed_only", open_tenpai_needs_yaku=True,
)
_KANZEN = dict(
    open_tanyao=False, yakuhai_sakizuke=True, kataagari=True, closed_ron="any",
    situational_qualify="always", score_with_confirmed_yaku=True, open_tenpai_needs_yaku=True,
)

# Presets are data: option overrides on top of the defaults (seed 002).
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "ariari": {},
    "shimamachi": _SAKIZUKE_B,
    "sakizuke_a": {
        **_SAKIZUKE_B, "closed_ron": "common", "later_calls": "free", "yaku_confirmed_by_first_call": True,
        "situational_qualify": "never", "score_with_confirmed_yaku": True,
    },
    "kanzen_sakizuke": _KANZEN,
    "shingendai": {**_KANZEN, "shanpon_tsumo_sakizuke": True},
    "tenhou": {
        # real Tenhou pays 四暗刻単騎, 国士十三面, 純正九蓮 and 大四喜 as single yakuman (docs/rules.md §4.3)
        "red_fives": True, "kiriage_mangan": False, "yakuman_add_up": True, "double_yakuman_hands": False,
        "yakuman_cap": 6, "multi_ron": "double_ron", "triple_ron_draw": True,
        # Tenhou's game rules (docs/rules.md §7): 途中流局, 流し満貫, アガリ止め/テンパイ止め, 西入,
        # トビ with honba, 30000 返し, uma 20/10, the raw score rounded to 1000, the top takes the rest.
        "abortive_draws": True, "nagashi_mangan": True, "agari_yame": True, "tenpai_yame": True,
        "west_round": True, "bust_ignores_honba": False, "return_points": 30000, "pao_pays_ron_honba": True,
        "uma": (20000, 10000, -10000, -20000), "score_rounding": "shisha_gonyu", "top_takes_remainder": True,
    },
}

PRESET_LABELS: dict[str, str] = {
    "ariari": "アリアリ(健康麻将クラブ)",
    "shimamachi": "島町ルール(完全先付け・解釈B)",
    "sakizuke_a": "完全先付け・解釈A",
    "kanzen_sakizuke": "完全先付け(一般)",
    "shingendai": "新現代ルール",
    "tenhou": "天鳳ルール(比較用)",
}

PRESETS: dict[str, RuleSet] = {
    name: RuleSet(name=name).replace(**opts) for name, opts in PRESET_OPTIONS.items()
}


def get_ruleset(spec: "str | Mapping[str, Any] | RuleSet") -> RuleSet:
    """A rule set from a preset name, ``{"preset": name, "options": {...}}``, or a RuleSet."""
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        try:
            return PRESETS[spec]
        except KeyError:
            known = ", ".join(sorted(PRESETS))
            raise RulesetError(f"unknown rule set '{spec}' (known: {known})",
                               ja=f"不明なルールセットです: {spec}(使えるもの: {known})") from None
    if isinstance(spec, Mapping):
        extra = set(spec) - {"preset", "options", "name"}
        if extra:
            raise RulesetError(f"unknown rule set field(s): {', '.join(sorted(extra))}",
                               ja=f"ルールセットの不明な項目: {', '.join(sorted(extra))}")
        base = get_ruleset(spec.get("preset", "ariari"))
        options = spec.get("options") or {}
        if not isinstance(options, Mapping):
            raise RulesetError("rule set 'options' must be an object", ja="options はオブジェクトで指定してください")
        options = dict(options)
        options.pop("name", None)
        rs = base.replace(**options)
        return rs.replace(name=spec["name"]) if isinstance(spec.get("name"), str) else rs
    raise RulesetError(f"a rule set is a preset name or an object, not {type(spec).__name__}",
                       ja="ルールセットはプリセット名かオブジェクトで指定してください")
