"""完全先付け cases reconstructed from the club documents (seeds 000, 001, 003): the hands are
``scoring/examples.CASES`` (the 例題集 page shows them); here is what the engine must answer for each.

``waits``: the hand's waits, in order. ``expect`` maps a rule set (a preset, or ``preset+shibari2`` for it
with 両翻縛り) to its verdict:

- ``legal``: bool;
- ``reasons``: the exact set of (code, anchor) of the refusal, anchor = the wait tile (mpsz) or the
  call number (1 = first call) the reason names, or None;
- optional ``yaku`` (ids of the scored yaku, dora excluded), ``total`` (points before honba),
  ``per_wait`` ({tile: [qualifying yaku ids of that wait's best candidate]}).
"""

from typing import Any

from scoring import examples

B, A, K, S, AA = "shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai", "ariari"


def no(*reasons: tuple[str, Any], **more: Any) -> dict[str, Any]:
    return {"legal": False, "reasons": set(reasons), **more}


def ok(**more: Any) -> dict[str, Any]:
    return {"legal": True, "reasons": set(), **more}


def ruleset_spec(name: str):
    """``name`` or ``preset+shibari2`` (the preset with 両翻縛り)."""
    if name.endswith("+shibari2"):
        return {"preset": name.split("+")[0], "options": {"shibari": 2}}
    return name


VERDICTS: dict[str, dict[str, Any]] = {
    "000-nakazuke-ex1": dict(
        waits=["4s"],
        expect={AA: ok(yaku=["yakuhai_chun"]),
                B: no(("kataagari", "4s"), ("first_call", 1), ("later_call", 2)),
                A: no(("kataagari", "4s"), ("first_call", 1)),
                K: no(("kataagari", "4s"))}),
    "000-nakazuke-ex2": dict(
        waits=["4s"],
        expect={AA: ok(), B: ok(yaku=["yakuhai_chun"]), A: ok(), K: ok(), S: ok()}),
    "000-nakazuke-ex3": dict(
        waits=["4s"],
        expect={B: ok(yaku=["yakuhai_chun"]), A: ok(), K: ok()}),
    "000-nakazuke-ex4": dict(
        waits=["4z"],
        expect={B: ok(yaku=["sanshoku"]), A: ok(), K: ok()}),
    "000-nakazuke-ex5": dict(
        waits=["4z"],
        expect={B: ok(yaku=["sanshoku"]), A: ok(), K: ok()}),
    "000-nakazuke-ex6": dict(
        waits=["7s"],
        expect={B: no(("first_call", 1)), A: no(("first_call", 1), ("not_confirmed", 2)), K: ok(yaku=["sanshoku"])}),
    "000-nakazuke-ex7": dict(
        waits=["7s"],
        expect={B: ok(yaku=["sanshoku"], total=1000), A: ok(), K: ok(), AA: ok(yaku=["sanshoku"])}),
    "000-nakazuke-ex8": dict(
        waits=["7s"],
        expect={B: no(("later_call", 2)), A: ok(yaku=["sanshoku"]), K: ok()}),
    "000-kataagari-tsumo-only": dict(
        waits=["2m"],
        expect={AA: ok(yaku=["menzen_tsumo"], total=1500), B: ok(total=1500), A: ok(total=1500),
                K: ok(total=1500)}),
    "000-kataagari-tsumo-only-ron": dict(
        waits=["2m"],
        expect={AA: no(("no_yaku", None)), B: no(("no_yaku", None), ("closed_ron", "2m")),
                A: no(("no_yaku", None), ("closed_ron", "2m")), K: no(("no_yaku", None), ("closed_ron", "2m"))}),
    "000-kataagari-ex1": dict(
        waits=["3p", "6p", "9p"],
        expect={AA: ok(yaku=["ittsuu"]),
                B: no(("kataagari", "3p"), ("kataagari", "6p"), per_wait={"3p": [], "6p": [], "9p": ["ittsuu"]}),
                A: no(("kataagari", "3p"), ("kataagari", "6p")),
                K: no(("kataagari", "3p"), ("kataagari", "6p"))}),
    "000-kataagari-ex1-tsumo": dict(
        waits=["3p", "6p", "9p"],
        expect={AA: ok(), B: no(("kataagari", "3p"), ("kataagari", "6p")), K: no(("kataagari", "3p"), ("kataagari", "6p"))}),
    "000-kataagari-ex2": dict(
        waits=["2s", "3s"],
        expect={B: ok(yaku=["ittsuu"], per_wait={"2s": ["ittsuu"], "3s": ["ittsuu"]}), A: ok(), K: ok()}),
    "000-kataagari-ex3": dict(
        waits=["1z"],
        expect={B: ok(yaku=["ittsuu"]), A: ok(), K: ok()}),
    "000-kataagari-ex4": dict(
        waits=["5z"],
        expect={B: ok(yaku=["ittsuu"]), A: no(("not_confirmed", 2)), K: ok(), AA: ok()}),
    "000-AB-haku-chun-shanpon": dict(
        waits=["5z", "7z"],
        expect={B: ok(yaku=["yakuhai_haku"], per_wait={"5z": ["yakuhai_haku"], "7z": ["yakuhai_chun"]}),
                A: no(("no_common_yaku", None)), K: ok(), S: ok(), AA: ok()}),
    "000-AB-haku-chun-shanpon-riichi": dict(
        waits=["5z", "7z"],
        expect={A: ok(yaku=["riichi", "yakuhai_chun"]), B: ok()}),
    "000-AB-2s-chun-shanpon": dict(
        waits=["2s", "7z"],
        expect={B: no(("closed_ron", "2s")), A: no(("closed_ron", "2s")), K: no(("closed_ron", "2s")), AA: ok()}),
    "000-AB-2s-chun-shanpon-on-2s": dict(
        waits=["2s", "7z"],
        expect={B: no(("no_yaku", None), ("closed_ron", "2s")), A: no(("no_yaku", None), ("closed_ron", "2s")),
                AA: no(("no_yaku", None))}),
    "000-AB-2s-chun-shanpon-tsumo": dict(
        waits=["2s", "7z"],
        expect={B: ok(yaku=["menzen_tsumo"]), A: ok(yaku=["menzen_tsumo"]), K: ok()}),
    "000-AB-2s-chun-shanpon-riichi": dict(
        waits=["2s", "7z"],
        expect={B: ok(yaku=["riichi"]), A: ok(yaku=["riichi"]), K: ok()}),
    "000-AB-chun-ankou": dict(
        waits=["6s", "9s"],
        expect={B: ok(yaku=["yakuhai_chun"]), A: ok(yaku=["yakuhai_chun"]), K: ok()}),
    "000-AB-suuankou-junchan": dict(
        waits=["7p", "8p"],
        expect={B: ok(yaku=["iipeikou", "junchan"], per_wait={"7p": ["suuankou"], "8p": ["iipeikou", "junchan"]}),
                A: no(("no_common_yaku", None)), K: ok()}),
    "000-AB-234p-suuankou": dict(
        waits=["2p", "3p", "4p"],
        expect={B: ok(yaku=["toitoi", "sanankou"], per_wait={"3p": ["iipeikou"]}),
                A: no(("no_common_yaku", None)), K: ok()}),
    "000-AB-143m": dict(
        waits=["1m", "3m", "4m"],
        expect={B: ok(yaku=["tanyao"], per_wait={"1m": ["pinfu"], "3m": ["tanyao"], "4m": ["pinfu", "tanyao"]}),
                A: no(("no_common_yaku", None)), K: ok()}),
    "000-AB-147s": dict(
        waits=["1s", "4s", "7s"],
        expect={B: ok(yaku=["pinfu"], per_wait={"1s": ["pinfu"], "4s": ["pinfu", "tanyao"], "7s": ["tanyao"]}),
                A: no(("no_common_yaku", None)), K: ok()}),
    "000-AB-258s": dict(
        waits=["2s", "5s", "8s"],
        expect={B: ok(yaku=["tanyao"]), A: ok(yaku=["tanyao"]), K: ok()}),
    "000-AB-25s": dict(
        waits=["2s", "5s"],
        expect={B: no(("closed_ron", "2s")), A: no(("closed_ron", "2s")), AA: ok(yaku=["sanshoku"])}),
    "000-AB-25s-tsumo": dict(
        waits=["2s", "5s"],
        expect={B: ok(yaku=["menzen_tsumo"]), A: ok(yaku=["menzen_tsumo"])}),
    "000-AB-369p-closed": dict(
        waits=["3p", "6p", "9p"],
        expect={B: no(("closed_ron", "3p"), ("closed_ron", "6p")), A: no(("closed_ron", "3p"), ("closed_ron", "6p")),
                AA: ok(yaku=["ittsuu"])}),
    "000-AB-ex1.1": dict(
        waits=["3p", "6p", "9p"],
        expect={B: ok(yaku=["pinfu"], per_wait={"3p": ["pinfu"], "6p": ["pinfu"], "9p": ["pinfu", "ittsuu"]}),
                A: ok(yaku=["pinfu"]), K: ok()}),
    "000-AB-ex1.2": dict(
        waits=["3p", "6p"],
        expect={B: ok(yaku=["pinfu", "ryanpeikou"], per_wait={"3p": ["pinfu", "iipeikou"], "6p": ["pinfu", "ryanpeikou"]}),
                A: ok(yaku=["pinfu", "ryanpeikou"]), K: ok()}),
    "000-kuitan-sanshoku": dict(
        waits=["4s"],
        expect={B: ok(yaku=["sanshoku"], total=1000), AA: ok(yaku=["tanyao", "sanshoku"], total=2000)}),
    "000-kuitan-toitoi": dict(
        waits=["4m"],
        expect={B: ok(yaku=["toitoi"]), AA: ok(yaku=["tanyao", "toitoi"])}),
    "000-kuitan-doukou": dict(
        waits=["8p"],
        expect={B: ok(yaku=["sanshoku_doukou"]), AA: ok(yaku=["tanyao", "sanshoku_doukou"])}),
    "000-kuitan-chinitsu": dict(
        waits=["3s", "4s", "6s", "7s", "9s"],
        expect={B: ok(yaku=["chinitsu"]), AA: ok(yaku=["tanyao", "chinitsu"])}),
    "000-situational-closed-houtei": dict(
        waits=["2m"],
        expect={B: ok(yaku=["houtei"]), A: no(("closed_ron", "2m")), K: ok(), AA: ok()}),
    "000-situational-open-haitei": dict(
        waits=["2m"],
        expect={B: no(("kataagari", "2m"), ("first_call", 1)), A: no(("kataagari", "2m"), ("first_call", 1)),
                K: ok(yaku=["haitei"]), AA: ok()}),
    "001-369s-open": dict(
        waits=["3s", "6s", "9s"],
        expect={K: no(("kataagari", "3s"), ("kataagari", "6s")), S: no(("kataagari", "3s"), ("kataagari", "6s")),
                AA: ok(yaku=["ittsuu"])}),
    "001-369s-open-haitei": dict(
        waits=["3s", "6s", "9s"],
        expect={K: ok(yaku=["haitei", "ittsuu"], per_wait={"3s": ["haitei"], "6s": ["haitei"], "9s": ["haitei", "ittsuu"]}),
                B: no(("kataagari", "3s"), ("kataagari", "6s"), ("first_call", 1)),
                A: no(("kataagari", "3s"), ("kataagari", "6s"), ("first_call", 1))}),
    "001-369s-closed-ron": dict(
        waits=["3s", "6s", "9s"],
        expect={K: no(("closed_ron", "3s"), ("closed_ron", "6s"))}),
    "001-369s-closed-tsumo": dict(
        waits=["3s", "6s", "9s"],
        expect={K: ok(yaku=["menzen_tsumo"])}),
    "001-369s-closed-tsumo-ryanhan": dict(
        waits=["3s", "6s", "9s"],
        expect={"kanzen_sakizuke+shibari2": no(("no_qualifying_yaku", None), ("shibari", None))}),
    "001-369s-closed-tsumo-ryanhan-9s": dict(
        waits=["3s", "6s", "9s"],
        expect={"kanzen_sakizuke+shibari2": ok(yaku=["menzen_tsumo", "ittsuu"])}),
    "001-369s-closed-houtei": dict(
        waits=["3s", "6s", "9s"],
        expect={K: ok(yaku=["houtei"])}),
    "001-riichi-ryanhan": dict(
        waits=["3s", "6s", "9s"],
        expect={"kanzen_sakizuke+shibari2": no(("closed_ron", "3s"), ("closed_ron", "6s")), K: ok()}),
    "001-yakuhai-after-chi": dict(
        waits=["4s"],
        expect={K: no(("kataagari", "4s")), S: no(("kataagari", "4s")), AA: ok(yaku=["yakuhai_hatsu"])}),
    "001-yakuhai-shanpon-after-chi": dict(
        waits=["6z", "7z"],
        expect={K: no(("kataagari", "6z"), ("kataagari", "7z")), S: no(("kataagari", "6z"), ("kataagari", "7z")),
                AA: ok(yaku=["yakuhai_chun"])}),
    "001-yakuhai-shanpon-tsumo-shingendai": dict(
        waits=["6z", "7z"],
        expect={S: ok(yaku=["yakuhai_chun"]), K: no(("kataagari", "6z"), ("kataagari", "7z"))}),
    "001-yakuhai-shanpon-closed": dict(
        waits=["6z", "7z"],
        expect={K: ok(yaku=["yakuhai_chun"]), S: ok()}),
    "001-yakuhai-shanpon-after-yakuhai-pon": dict(
        waits=["6s", "7z"],
        expect={K: ok(yaku=["yakuhai_haku", "yakuhai_chun"], per_wait={"6s": ["yakuhai_haku"],
                                                                       "7z": ["yakuhai_haku", "yakuhai_chun"]})}),
    "001-yakuhai-han-still-count": dict(
        waits=["1s"],
        expect={K: ok(yaku=["yakuhai_chun", "ittsuu", "honitsu"], per_wait={"1s": ["ittsuu", "honitsu"]})}),
    "003-pinfu-1123344s": dict(
        waits=["2s", "5s"],
        expect={AA: ok(yaku=["iipeikou", "sanshoku"], total=5200),
                B: ok(yaku=["iipeikou", "sanshoku"], total=5200),
                A: ok(yaku=["pinfu", "iipeikou"], total=2000),
                K: ok(yaku=["pinfu", "iipeikou"], total=2000)}),
    "003-pinfu-1123344s-dealer": dict(
        waits=["2s", "5s"],
        expect={AA: ok(total=7700), A: ok(total=2900)}),
}

CASES = [case | VERDICTS[case["id"]] for case in examples.CASES]
