"""Properties over random hands (hypothesis): notation round trip, no exception on any valid hand,
payments add up, totals in 100s, dealer ron 1.5 × non-dealer ron before rounding."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import evaluate
from rules.candidates import best, candidates
from rules.document import parse_doc
from rules.points import ceil100
from rules.tiles import parse_tiles, tile_name, to_mpsz

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WINDS = ["E", "S", "W", "N"]


@st.composite
def tile_lists(draw, size=st.integers(0, 14)):
    """Tiles within counts (at most four of a kind), red fives at most one per suit."""
    n = draw(size)
    pool = [t for t in range(34) for _ in range(4)]
    picked = draw(st.lists(st.sampled_from(range(len(pool))), min_size=n, max_size=n, unique=True))
    tiles = sorted(pool[i] for i in picked)
    reds = [int(draw(st.booleans()) and (9 * s + 4) in tiles) for s in range(3)]
    return tiles, reds


@given(tile_lists())
@SETTINGS
def test_notation_round_trip(data):
    tiles, reds = data
    text = to_mpsz(tiles, reds)
    assert parse_tiles(text) == (tiles, reds)
    assert to_mpsz(*parse_tiles(text)) == text


@st.composite
def winning_docs(draw):
    """A complete hand built from four sets and a pair; some sets called; a random situation."""
    while True:
        sets = []
        for i in range(4):
            if not draw(st.booleans()):
                s, n = (draw(st.integers(0, 2)) + i) % 3, draw(st.integers(0, 6))
                sets.append(("run", [9 * s + n + k for k in range(3)]))
            else:
                t = draw(st.integers(0, 33))
                sets.append(("quad" if draw(st.integers(0, 9)) == 0 else "triplet", [t] * 3))
        pair = draw(st.integers(0, 33))
        counts = [0] * 34
        for _, tiles in sets:
            for t in tiles:
                counts[t] += 1
        counts[pair] += 2
        for kind, tiles in sets:
            if kind == "quad":
                counts[tiles[0]] += 1
        if max(counts) <= 4:
            break
    concealed, melds = [pair, pair], []
    for kind, tiles in sets:
        call = draw(st.sampled_from(["none", "none", "call"]))
        if kind == "quad":
            melds.append({"type": draw(st.sampled_from(["ankan", "minkan", "kakan"])), "tiles": to_mpsz(tiles + tiles[:1])})
        elif call == "call":
            melds.append({"type": "chi" if kind == "run" else "pon", "tiles": to_mpsz(tiles)})
        else:
            concealed += tiles
    win = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    closed = all(m["type"] == "ankan" for m in melds)
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    flags = []
    if tsumo and draw(st.integers(0, 5)) == 0:
        flags.append("haitei")
    if not tsumo and draw(st.integers(0, 5)) == 0:
        flags.append(draw(st.sampled_from(["houtei", "chankan"])))
    if tsumo and any(m["type"] != "chi" and m["type"] != "pon" for m in melds) and draw(st.booleans()):
        flags.append("rinshan")
    return {
        "ruleset": draw(st.sampled_from(["ariari", "tenhou", "shimamachi", "sakizuke_a", "kanzen_sakizuke"])),
        "hand": to_mpsz(concealed), "melds": melds, "win_tile": tile_name(win), "tsumo": tsumo,
        "seat_wind": draw(st.sampled_from(WINDS)), "round_wind": draw(st.sampled_from(WINDS[:2])),
        "riichi": riichi, "ippatsu": riichi and draw(st.booleans()), "situational": flags,
        "dora_indicators": [tile_name(draw(st.integers(0, 33)))], "honba": draw(st.integers(0, 3)),
        "sticks": draw(st.integers(0, 2)),
    }


@st.composite
def any_docs(draw):
    """Any 14 tiles within counts (mostly not a win) with a random situation."""
    tiles, _ = draw(tile_lists(st.just(14)))
    order = draw(st.permutations(tiles))
    return {"hand": to_mpsz(order[:13]), "win_tile": tile_name(order[13]), "tsumo": draw(st.booleans()),
            "seat_wind": draw(st.sampled_from(WINDS)), "riichi": draw(st.booleans()),
            "ruleset": draw(st.sampled_from(["ariari", "tenhou"]))}


@given(any_docs())
@SETTINGS
def test_any_valid_hand_evaluates(doc):
    out = evaluate(doc)
    assert out["legal"] in (True, False)
    assert sum(p["amount"] for p in out["payments"]) == out["total"]


@given(winning_docs())
@SETTINGS
def test_winning_hands_evaluate_and_payments_add_up(doc):
    out = evaluate(doc)
    assert out["reasons"] or out["legal"]
    assert out["win_tile"] in out["waits"]
    assert sum(p["amount"] for p in out["payments"]) == out["total"]
    assert out["total"] % 100 == 0
    assert out["fu"] == sum(line["fu"] for line in out["fu_detail"])
    assert out["fu"] in (20, 25) or out["fu"] % 10 == 0
    if out["legal"]:
        assert out["received"] == out["total"] + 300 * doc["honba"] + 1000 * doc["sticks"]
    if not out["yaku"]:
        assert out["total"] == 0 and not out["legal"]


@given(winning_docs())
@SETTINGS
def test_dealer_ron_is_one_and_a_half_non_dealer_ron(doc):
    # winds decide yakuhai and fu, so use seats whose wind is not in the hand: the value is the same
    doc = {**doc, "tsumo": False, "situational": [], "round_wind": "E"}
    hand, rs = parse_doc({**doc, "seat_wind": "S"})
    if {27, 28} & set(hand.all_tiles()):
        return
    non_dealer = best(candidates(hand, rs))
    dealer = best(candidates(parse_doc({**doc, "seat_wind": "E"})[0], rs))
    assert non_dealer.base == dealer.base
    if non_dealer.yaku:
        assert non_dealer.total == ceil100(4 * non_dealer.base)
        assert dealer.total == ceil100(3 * non_dealer.base * 4 // 2)
