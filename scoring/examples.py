"""The club's sample hands (seeds 000, 001, 003): the 例題集 page shows them, and the engine's tests
check every verdict (``tests/rules/sakizuke_cases.py``).

The seeds' tile pictures are missing: each hand is built to fit the quoted words exactly, and
``quote`` names in braces the tiles of this hand that stood in a picture (``先に{234m}をチーし``).
Where the seed leaves the case open, ``note`` gives the reading chosen and the option that controls
it (docs/rules.md §5.3, §5.7). Seat wind is 南 (non-dealer) and round wind 東 unless stated (``document``).
"""

from __future__ import annotations

from typing import Any


def chi(t: str) -> dict:
    return {"type": "chi", "tiles": t}


def pon(t: str) -> dict:
    return {"type": "pon", "tiles": t}


CASES: list[dict[str, Any]] = [
    # ---------------------------------------------------------------- seed 000 ★1 中付けの禁止
    dict(id="000-nakazuke-ex1", seed="000",
         quote="先に{234m}をチーし、後から役牌の{777z}をポンしているので第1副露が役に絡んでおらず、完全先付けでの和了は不可",
         doc=dict(hand="567p789s4s", melds=[chi("234m"), pon("777z")], win_tile="4s"),
         note="翻牌の先付け (yakuhai_sakizuke): 中 pon after a chi does not qualify, so 4s has no yaku."),
    dict(id="000-nakazuke-ex2", seed="000",
         quote="先に役牌の{777z}をポンし、後から{234m}をチーしているので第1副露が役に絡んでおり、完全先付けでの和了も可",
         doc=dict(hand="567p789s4s", melds=[pon("777z"), chi("234m")], win_tile="4s"),
         note="later_calls=justified: the 中 pon (call 1) was complete before the chi (seed 000 例2, docs/rules.md §5.3)."),
    dict(id="000-nakazuke-ex3", seed="000",
         quote="副露していない手牌の中に役牌の{777z}が暗刻で存在するため、第1副露が役に絡まなかったとしても、完全先付けでの和了も可",
         doc=dict(hand="777z567p789s4s", melds=[chi("234m")], win_tile="4s")),
    dict(id="000-nakazuke-ex4", seed="000",
         quote="第1副露の{678m}が678の三色同順に絡んでいるので、完全先付けでの和了も可",
         doc=dict(hand="678p678s234p4z", melds=[chi("678m")], win_tile="4z")),
    dict(id="000-nakazuke-ex5", seed="000",
         quote="副露していない手牌の中で678の三色同順を構成する牌がすべて揃っているため、第1副露が役に絡まなかったとしても、完全先付けでの和了も可",
         doc=dict(hand="678m678p678s4z", melds=[chi("234p")], win_tile="4z")),
    dict(id="000-nakazuke-ex6", seed="000",
         quote="第1副露が役に全く絡んでおらず、また副露していない手牌の中で678の三色同順を構成する牌がすべて揃っていないため、完全先付けでの和了は不可",
         doc=dict(hand="678p68s44z", melds=[chi("234p"), chi("678m")], win_tile="7s"),
         note="'wholly in the concealed part' is read without the winning tile (7s completes 678s)."),
    dict(id="000-nakazuke-ex7", seed="000",
         quote="カン待ち。この例では三色は確定しているので完全先付の和了は可、役は三色のみ食い下がり1翻",
         doc=dict(hand="678p68s234p44z", melds=[chi("678m")], win_tile="7s")),
    dict(id="000-nakazuke-ex8", seed="000",
         quote="第2副露が役に絡んでいないので島町麻雀クラブは和了不可",
         doc=dict(hand="678p68s44z", melds=[chi("678m"), chi("234p")], win_tile="7s"),
         note="Read with 例7 (docs/rules.md §5.7): the sanshoku was not complete before call 2. A has "
              "later_calls=free and the sanshoku needs no call after the first, so A allows it (the seed "
              "names only 島町)."),
    # ---------------------------------------------------------------- seed 000 ★2 片和了りの禁止
    dict(id="000-kataagari-tsumo-only", seed="000",
         quote="和了役はツモのみ。一筒の暗刻 8 符+嵌張待ち 2 符+ツモ符 2 符で 40 符 1 翻、子 400-700",
         doc=dict(hand="111p678p13m456s99s", win_tile="2m", tsumo=True)),
    dict(id="000-kataagari-tsumo-only-ron", seed="000",
         quote="他に役がないため、ロン和了はできない牌姿である",
         doc=dict(hand="111p678p13m456s99s", win_tile="2m")),
    dict(id="000-kataagari-ex1", seed="000",
         quote="この手牌は三面待ちではあるが、{9p}で一気通貫となるものの、{3p}{6p}では、何も役がつかないために和了することができない",
         doc=dict(hand="45678p234s22z", melds=[chi("123p")], win_tile="9p"),
         note="Reconstructed as an open hand whose first call (123p) is part of the ittsuu, so the only "
              "defect is 片和了り."),
    dict(id="000-kataagari-ex1-tsumo", seed="000",
         quote="片和了りとなり、完全先付けでの和了は不可 (ツモ上がり、ロン上がりにかかわらず不可)",
         doc=dict(hand="45678p234s22z", melds=[chi("123p")], win_tile="9p", tsumo=True)),
    dict(id="000-kataagari-ex2", seed="000",
         quote="どちらの待ち牌でも一気通貫となるために片和了りではなく、完全先付けでの和了も可",
         doc=dict(hand="123456p2233s", melds=[chi("789p")], win_tile="3s")),
    dict(id="000-kataagari-ex3", seed="000",
         quote="待ち牌が{1z}の1つだけであり、和了れない待ち牌はないため片和了りではなく、完全先付けでの和了も可",
         doc=dict(hand="123456p444s1z", melds=[chi("789p")], win_tile="1z")),
    dict(id="000-kataagari-ex4", seed="000",
         quote="Aの考え方では これは最初に2筒を鳴いた時点で役が確定していないので和了不可 / Bは一気通貫として認め和了可",
         doc=dict(hand="456p234s5z", melds=[chi("123p"), chi("789p")], win_tile="5z"),
         note="yaku_confirmed_by_first_call (A): the ittsuu needs call 2 (chi 789p)."),
    # ---------------------------------------------------------------- seed 000: A vs B, closed hands
    dict(id="000-AB-haku-chun-shanpon", seed="000",
         quote="白で和了ると白のみで、中で和了ると中のみとなりどちらの和了りにも共通している役がないのでAは和了不可。Bは和了可",
         doc=dict(hand="234m567p789s55z77z", win_tile="5z")),
    dict(id="000-AB-haku-chun-shanpon-riichi", seed="000",
         quote="リーチを掛ける場合は問題ありません",
         doc=dict(hand="234m567p789s55z77z", win_tile="7z", riichi=True)),
    dict(id="000-AB-2s-chun-shanpon", seed="000",
         quote="待ち牌の2索、中のうち役がつくのは中だけなので、役が確定していないので、2索でも中でも A、Bとも和了不可",
         doc=dict(hand="234m567p789s22s77z", win_tile="7z")),
    dict(id="000-AB-2s-chun-shanpon-on-2s", seed="000",
         quote="2索でも中でも A、Bとも和了不可",
         doc=dict(hand="234m567p789s22s77z", win_tile="2s")),
    dict(id="000-AB-2s-chun-shanpon-tsumo", seed="000",
         quote="ツモるかリーチを掛けるは Bの島町自治会麻雀クラブも同じ",
         doc=dict(hand="234m567p789s22s77z", win_tile="2s", tsumo=True),
         note="Decision (docs/rules.md §5.7): a closed tsumo or a riichi win is allowed under B as well (and A)."),
    dict(id="000-AB-2s-chun-shanpon-riichi", seed="000",
         quote="ツモるかリーチを掛けるは Bの島町自治会麻雀クラブも同じ",
         doc=dict(hand="234m567p789s22s77z", win_tile="2s", riichi=True)),
    dict(id="000-AB-chun-ankou", seed="000",
         quote="どんな和了り方をしても中の役が確定している。 A、Bとも和了可",
         doc=dict(hand="777z234m567p78s99s", win_tile="6s")),
    dict(id="000-AB-suuankou-junchan", seed="000",
         quote="7筒で和了ると四暗刻となりますが、8筒で和了ると純全一盃口になって共通している役がないのでAは和了不可。Bは三暗刻が確定しているので和了可",
         doc=dict(hand="7p999p777888999s", win_tile="8p"),
         note="On 8p the hand also reads 三暗刻 (777s 888s 999s); 高点法 scores 純全一盃口. On 7p it also "
              "reads 789s×3 (一盃口), but a wait whose completed hand is a yakuman has just that yakuman as its "
              "yaku for the common-yaku test (docs/rules.md §5.1, §5.7), so A finds no common yaku, "
              "as the seed says."),
    dict(id="000-AB-234p-suuankou", seed="000",
         quote="同じ四暗刻で待ちは2 3 4筒ですが、2 4筒は対々和、三暗刻(もしくは四暗刻)、3筒は一盃口となるためAは和了不可。Bは和了可",
         doc=dict(hand="2233344p111m999s", win_tile="4p"),
         note="Decision (docs/rules.md §5.7): 'Bは三暗刻が確定' does not hold on 3p; the verdict (every wait has a yaku) does."),
    dict(id="000-AB-143m", seed="000",
         quote="待ち牌は1 4 3萬の3種類あり、1萬は平和のみ、4萬はタンピン、3萬はタンヤオのみ…Aは和了不可。Bはピンフが確定なので和了可",
         doc=dict(hand="2223m234p567p345s", win_tile="3m"),
         note="Decision (docs/rules.md §5.7): 'ピンフが確定' does not hold on 3m; the verdict does."),
    dict(id="000-AB-147s", seed="000",
         quote="1索は平和、4索はタンピン、7索はタンヤオのみで確定している役がないのでAは和了不可。Bは和了可",
         doc=dict(hand="2344567s567p345m", win_tile="1s")),
    dict(id="000-AB-258s", seed="000",
         quote="2索はタンピン、5索はタンピン、8索はタンヤオでタンヤオが確定。 A・Bとも和了可",
         doc=dict(hand="3455678s567p345m", win_tile="8s")),
    dict(id="000-AB-25s", seed="000",
         quote="聴牌の待ち牌は2 5索、役がつくのは5索だけで2索は役がつかないので、 A・Bとも和了不可",
         doc=dict(hand="345m345p34s999m99p", win_tile="5s")),
    dict(id="000-AB-25s-tsumo", seed="000",
         quote="ツモるかリーチを掛けるは Bの島町自治会麻雀クラブも同じ",
         doc=dict(hand="345m345p34s999m99p", win_tile="2s", tsumo=True)),
    dict(id="000-AB-369p-closed", seed="000",
         quote="これも役がつくのは9筒だけで3 6筒は役がつかないので A・Bとも和了不可",
         doc=dict(hand="12345678p789s11z", win_tile="9p"),
         note="東 pair in an 東 round: no pinfu on 3p/6p."),
    dict(id="000-AB-ex1.1", seed="000",
         quote="一通で3 6 9筒のどの和了りであっても平和が付きますので、A・Bとも和了可",
         doc=dict(hand="12345678p234m55s", win_tile="3p")),
    dict(id="000-AB-ex1.2", seed="000",
         quote="3筒で平和一盃口。6筒の場合は七対子と二盃口のどちらにも取れる。一盃口が確定しているのでAもBも和了可",
         doc=dict(hand="44556p223344m99s", win_tile="6p"),
         note="二盃口 contains 一盃口 (closed_ron=common)."),
    # ---------------------------------------------------------------- seed 000: 喰いタンなしの例外 (島町)
    dict(id="000-kuitan-sanshoku", seed="000",
         quote="カン待ち。この例では三色は確定で完全先付の和了は可、役は三色のみの食下がり1翻。タイヤオ加算なし",
         doc=dict(hand="345p35s678m22p", melds=[chi("345m")], win_tile="4s")),
    dict(id="000-kuitan-toitoi", seed="000",
         quote="4満単騎で、トイトイが確定しているので完全先付の和了は可。役はトイトイ2翻。タイヤオ加算なし",
         doc=dict(hand="333s4m", melds=[pon("222p"), pon("666s"), pon("888m")], win_tile="4m"),
         note="Under A a toitoi needs calls 2 and 3 (yaku_confirmed_by_first_call); the seed gives only 島町."),
    dict(id="000-kuitan-doukou", seed="000",
         quote="{8p}待ちで三色同刻が確定しているので完全先付の和了は可。タイヤオ加算なし",
         doc=dict(hand="444s345p8p", melds=[pon("444m"), pon("444p")], win_tile="8p")),
    dict(id="000-kuitan-chinitsu", seed="000",
         quote="{34679s}待ちの清一色で確定。完全先付の和了は可",
         doc=dict(hand="4566778888s", melds=[chi("234s")], win_tile="6s"),
         note="Every wait is 清一色; 9s is not simple, so tanyao differs by wait (irrelevant under 喰いタンなし)."),
    # ---------------------------------------------------------------- seed 000: 偶然役
    dict(id="000-situational-closed-houtei", seed="000",
         quote="他に役がない偶然役のみのAは和了不可。Bは面前の場合は和了可",
         doc=dict(hand="111p678p13m456s99s", win_tile="2m", situational=["houtei"])),
    dict(id="000-situational-open-haitei", seed="000",
         quote="Bの島町自治会麻雀クラブは面前の場合は和了可、副露の場合は役付きに限る",
         doc=dict(hand="678p13m456s99s", melds=[pon("111p")], win_tile="2m", tsumo=True, situational=["haitei"]),
         note="situational_qualify: 島町 closed_only, A never, 一般の完全先付け always (seed 001)."),
    # ---------------------------------------------------------------- seed 001
    dict(id="001-369s-open", seed="001",
         quote="この手が門前聴牌でなければ、完全先付けのルールでは仮令九索が出ても引いても和了出来ません",
         doc=dict(hand="12345678s11z", melds=[chi("789m")], win_tile="9s", tsumo=True)),
    dict(id="001-369s-open-haitei", seed="001",
         quote="但し、海底摸月など場に訳がある状態なら、一翻縛りなら和了出来ます。勿論…九索が和了牌になれば一気通貫も加算されます",
         doc=dict(hand="12345678s11z", melds=[chi("789m")], win_tile="9s", tsumo=True, situational=["haitei"])),
    dict(id="001-369s-closed-ron", seed="001",
         quote="門前聴牌の場合は九索での栄和は出来ません",
         doc=dict(hand="12345678s789m11z", win_tile="9s")),
    dict(id="001-369s-closed-tsumo", seed="001",
         quote="一翻縛りで摸和であれば他の牌を引いても門前摸和が付くので和了出来ます",
         doc=dict(hand="12345678s789m11z", win_tile="3s", tsumo=True)),
    dict(id="001-369s-closed-tsumo-ryanhan", seed="001",
         quote="両翻縛りの場合は、九索以外では役が足りず和了出来ません",
         doc=dict(hand="12345678s789m11z", win_tile="3s", tsumo=True)),
    dict(id="001-369s-closed-tsumo-ryanhan-9s", seed="001",
         quote="九索を引いた場合は門前摸和と一気通貫の都合三翻で和了出来ます",
         doc=dict(hand="12345678s789m11z", win_tile="9s", tsumo=True)),
    dict(id="001-369s-closed-houtei", seed="001",
         quote="河底撈魚や搶槓和になるなら、一翻縛りであれば栄和も出来ます",
         doc=dict(hand="12345678s789m11z", win_tile="3s", situational=["houtei"])),
    dict(id="001-riichi-ryanhan", seed="001",
         quote="(両翻縛りの場合、)立直役を含めて全ての待ち牌で縛りを満たせない場合は立直が掛けられません",
         doc=dict(hand="12345678s789m11z", win_tile="9s", riichi=True)),
    dict(id="001-yakuhai-after-chi", seed="001",
         quote="翻牌以外の牌を吃・ポン・大明槓した後にポン・大明槓した翻牌は縛りを満たさない",
         doc=dict(hand="567p789s4s", melds=[chi("234m"), pon("666z")], win_tile="4s")),
    dict(id="001-yakuhai-shanpon-after-chi", seed="001",
         quote="翻牌以外の牌を吃・ポン・大明槓した場合、双ポンとなる翻牌は縛りを満たさない(翻牌同士の双ポンであっても駄目)",
         doc=dict(hand="77z66z678p456s", melds=[chi("234m")], win_tile="7z")),
    dict(id="001-yakuhai-shanpon-tsumo-shingendai", seed="001",
         quote="このルールでは、翻牌の先付けについて双ポンの翻牌を摸和した場合は役として扱う事になっておりました",
         doc=dict(hand="77z66z678p456s", melds=[chi("234m")], win_tile="7z", tsumo=True)),
    dict(id="001-yakuhai-shanpon-closed", seed="001",
         quote="翻牌以外の牌を吃・ポン・大明槓していない状態(翻牌しか鳴いていないか門前聴牌)で双ポン待ちで和了した",
         doc=dict(hand="77z66z678p456s234m", win_tile="7z")),
    dict(id="001-yakuhai-shanpon-after-yakuhai-pon", seed="001",
         quote="翻牌しか鳴いていない…双ポン待ちで和了した場合に限り縛りを満たす",
         doc=dict(hand="77z66s678p456m", melds=[pon("555z")], win_tile="7z")),
    dict(id="001-yakuhai-han-still-count", seed="001",
         quote="縛りを満たさないと言っても、翻牌としての翻数は有効で他の役で縛りを満たせば翻数は加算されます",
         doc=dict(hand="456789s1s", melds=[chi("123s"), pon("777z")], win_tile="1s")),
    # ---------------------------------------------------------------- seed 003 平和
    dict(id="003-pinfu-1123344s", seed="003",
         quote="ちなみに、完全先付けでは和了資格役がピンフしかないので、この手は2でも三色同順にならずピンフ・一盃口(子2000点/親2900点)となる",
         doc=dict(hand="1123344s123m123p", win_tile="2s"),
         note="score_with_confirmed_yaku: A and 一般 score 平和一盃口; 島町 (off) keeps 高点法."),
    dict(id="003-pinfu-1123344s-dealer", seed="003",
         quote="ピンフ・一盃口(子2000点/親2900点)",
         doc=dict(hand="1123344s123m123p", win_tile="2s", seat_wind="E")),
]


# The seeds' headings (Japanese, English) by the prefix of a case id, in page order.
SECTIONS: list[tuple[str, str, str]] = [
    ("000-nakazuke", "中付けの禁止", "No nakazuke (the first call must be part of a yaku)"),
    ("000-kataagari", "片和了りの禁止", "No kataagari (every wait needs a yaku)"),
    ("000-AB", "解釈AとB(門前の手)", "Interpretations A and B (closed hands)"),
    ("000-kuitan", "喰いタンなしの例外(島町)", "No open tanyao: the exceptions (Shimamachi)"),
    ("000-situational", "偶然役", "Chance yaku"),
    ("001-369s", "一気通貫の片和了り", "Kataagari of a straight"),
    ("001-riichi", "両翻縛りとリーチ", "Two-han minimum and riichi"),
    ("001-yakuhai", "翻牌の先付け", "Yakuhai sakizuke"),
    ("003-pinfu", "平和と高点法", "Pinfu and the highest-value reading"),
]


def section_of(case: dict[str, Any]) -> str:
    """The Japanese heading of a case's section."""
    return next(ja for prefix, ja, _en in SECTIONS if case["id"].startswith(prefix))


def document(case: dict[str, Any]) -> dict[str, Any]:
    """The evaluate document of a case (seat 南 unless the case says otherwise)."""
    return {"seat_wind": "S", **case["doc"]}
