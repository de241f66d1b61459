"""Property tests of rules.play over random valid games, drawn with hypothesis strategies.

``games()`` builds a game event by event through the public API: each event is drawn from the state
``rules.next_hand`` reports after the previous one (so riichi is only declared by players who may,
nobody wins after アガリ放棄, 途中流局 and 流し満貫 only where the rule set has them), and a failure
shrinks to a short game with simple events.

Checked after every event: scores + the table equal 4 x start; deltas add up; the state before each
event is the state after the previous one; the round and honba follow from the previous event by the
rules; the game ends exactly when the rules say (an oracle written here from docs/rules.md §6 and
§7, independently of rules.game). At the end: nets sum to 0, ranks and uma are
consistent, and the replay is deterministic and equal to the events applied one by one.
"""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import GameError, get_ruleset, next_hand, play
from rules.points import VALID_FU, han_fu_problem

PLAYERS = ["A", "B", "C", "D"]
MAX_EVENTS = 120
ROUNDS = ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4", "W1", "W2", "W3", "W4"]
RULESETS = [
    "ariari", "tenhou", "shimamachi",
    {"preset": "ariari", "options": {"bust": False}},
    {"preset": "ariari", "options": {"bust_ignores_honba": False}},
    {"preset": "ariari", "options": {"agari_yame": True, "tenpai_yame": True}},
    {"preset": "ariari", "options": {"tie_break": "split", "triple_ron_draw": True}},
    {"preset": "tenhou", "options": {"triple_ron_draw": False, "agari_yame": False}},
    {"preset": "tenhou", "options": {"tie_break": "split", "bust_ignores_honba": True, "west_round": False}},
    {"preset": "ariari", "options": {"abortive_draws": True, "nagashi_mangan": True, "west_round": True,
                                     "return_points": 30000, "top_takes_remainder": True,
                                     "score_rounding": "gosha_rokunyu"}},
    {"preset": "tenhou", "options": {"return_points": 40000, "bust": False}},  # 西入 nearly always
]
# every possible han+fu below mangan, and one entry per limit hand (so most wins are small, as at a table)
HAN_FU = {tsumo: [(han, fu) for han in range(1, 5) for fu in VALID_FU if not han_fu_problem(han=han, fu=fu, tsumo=tsumo)]
          + [(han, None) for han in (5, 6, 8, 11, 13)] for tsumo in (False, True)}
ABORTIVE = ["kyuushu", "suufon_renda", "suukaikan", "sanchahou"]


def values(tsumo: bool):
    """A win's value: han+fu, han alone from 5 han, or (one in 25) a yakuman count."""
    plain = st.sampled_from(HAN_FU[tsumo]).map(lambda hf: {"han": hf[0], "fu": hf[1]} if hf[1] else {"han": hf[0]})
    yakuman = st.sampled_from([1, 1, 2]).map(lambda n: {"yakuman": n})
    return st.integers(0, 24).flatmap(lambda k: yakuman if k == 24 else plain)


@st.composite
def events(draw, state: dict, rs) -> dict:
    """One valid event for ``state`` (the table ``next_hand`` reports) under the rule set ``rs``."""
    may_riichi = [s for s in range(4) if s not in state["riichi"] and state["scores"][s] >= rs.riichi_min_score]
    riichi = draw(st.lists(st.sampled_from(may_riichi), unique=True, max_size=2)) if may_riichi else []
    can_win = [s for s in range(4) if s not in state["abandoned"]]
    kinds = ["ron"] * 6 + ["tsumo"] * 4 + ["draw"] * 5 + ["chombo", "penalty", "abandon"]
    if rs.abortive_draws:
        kinds.append("abortive")
    if rs.nagashi_mangan:
        kinds.append("nagashi")
    kind = draw(st.sampled_from(kinds))
    declared = set(state["riichi"]) | set(riichi)
    ev: dict = {"type": "draw", "tenpai": sorted(declared)}
    if kind == "ron":
        loser = draw(st.integers(0, 3))
        claimants = [s for s in can_win if s != loser]
        if claimants:
            k = draw(st.integers(0, 30))  # mostly one claim; sometimes two or three on one discard
            n = min(len(claimants), 3 if k == 30 else 2 if k >= 26 else 1)
            winners = draw(st.lists(st.sampled_from(claimants), min_size=n, max_size=n, unique=True))
            wins = []
            for w in winners:
                win = {"winner": w, **draw(values(False))}
                if "yakuman" in win and rs.pao and draw(st.booleans()):
                    win["pao"] = draw(st.sampled_from([s for s in range(4) if s != w]))
                wins.append(win)
            ev = {"type": "ron", "loser": loser, "wins": wins} if len(wins) > 1 or draw(st.booleans()) else \
                {"type": "ron", "loser": loser, **wins[0]}
    elif kind == "tsumo" and can_win:
        w = draw(st.sampled_from(can_win))
        ev = {"type": "tsumo", "winner": w, **draw(values(True))}
        if "yakuman" in ev and rs.pao and draw(st.booleans()):
            ev["pao"] = draw(st.sampled_from([s for s in range(4) if s != w]))
    elif kind == "draw":
        tenpai = draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
        # mostly the riichi players are tenpai; sometimes one is not (ノーテンリーチ = チョンボ)
        ev = {"type": "draw", "tenpai": sorted(set(tenpai) | (declared if draw(st.booleans()) else set()))}
    elif kind in ("chombo", "penalty"):
        ev = {"type": kind, "offender": draw(st.integers(0, 3))}
    elif kind == "abandon" and len(state["abandoned"]) < 4:
        ev = {"type": "abandon", "player": draw(st.sampled_from([s for s in range(4) if s not in state["abandoned"]]))}
    elif kind == "abortive":
        abortive = ABORTIVE[:3] + (["sanchahou"] if rs.triple_ron_draw else [])
        ev = {"type": "abortive", "kind": draw(st.sampled_from(abortive))}
        if draw(st.integers(0, 5)) == 0 and len(declared) < 4:
            ev["kind"], riichi = "suucha_riichi", riichi + [s for s in range(4) if s not in declared]
            if any(state["scores"][s] < rs.riichi_min_score for s in riichi):
                ev["kind"], riichi = "kyuushu", []
    elif kind == "nagashi" and can_win:
        ev = {"type": "nagashi", "winners": draw(st.lists(st.sampled_from(can_win), min_size=1, max_size=2, unique=True)),
              "tenpai": draw(st.lists(st.integers(0, 3), unique=True, max_size=4))}
    if riichi:
        ev["riichi"] = riichi
    return ev


@st.composite
def games(draw) -> tuple[dict, list[dict]]:
    """A valid game document and the outputs of its events applied one by one with ``next_hand``."""
    spec = draw(st.sampled_from(RULESETS))
    rs = get_ruleset(spec)
    doc = {"ruleset": spec, "players": PLAYERS, "hands": []}
    state, outs = play(doc)["state"], []
    length = draw(st.integers(0, MAX_EVENTS))  # most games end (トビ, 南4局) well before this
    while len(doc["hands"]) < length:
        ev = draw(events(state, rs))
        out = next_hand(doc, copy.deepcopy(ev))
        doc["hands"].append(ev)
        outs.append(out["event"])
        state = out["after"]
        if out["ended"]:
            break
    return doc, outs


# --------------------------------------------------------------------------- the oracle

def honba_part(ev: dict, rs) -> list[int]:
    """The honba share of each seat's delta in a hand-ending event, from the rule text (docs/rules.md §3.4)."""
    part = [0] * 4
    h = ev["honba"] * rs.honba_value
    if ev["type"] == "ron" and ev["winners"]:
        first = next(w for w in ev["wins"] if w["winner"] == ev["winners"][0])
        part[first["pao"] if first["pao"] is not None and rs.pao_pays_ron_honba else ev["loser"]] -= h
        part[ev["winners"][0]] += h
    elif ev["type"] == "tsumo":
        w = ev["winners"][0]
        for s in range(4):
            if s != w:
                part[s if ev["pao"] is None else ev["pao"]] -= h // 3
        part[w] += h
    return part


def is_rank_one(scores: list[int], seat: int, rs) -> bool:
    higher = [s for s in range(4) if scores[s] > scores[seat]]
    tied_before = [s for s in range(seat) if scores[s] == scores[seat]]
    return not higher and (rs.tie_break == "split" or not tied_before)


def expected_flow(ev: dict, rs) -> tuple[int, int, str | None]:
    """(round index, honba) of the next hand and how the game ends (if it does), from one event."""
    r, h, dealer = ROUNDS.index(ev["round"]), ev["honba"], ev["dealer"]
    kind = ev["type"]
    if kind in ("penalty", "abandon"):
        return r, h, None
    if kind == "chombo" or (kind == "draw" and ev["chombo"]):
        nr, nh, keeps, outcome = r, h, True, "chombo"
    elif kind in ("draw", "nagashi"):
        keeps, outcome = dealer in ev["tenpai"], "draw"
        nr, nh = (r if keeps else r + 1), h + 1
    elif kind == "abortive" or (kind == "ron" and not ev["winners"]):  # 途中流局, 三家和
        nr, nh, keeps, outcome = r, h + 1, True, "abortive"
    else:
        keeps, outcome = dealer in ev["winners"], "win"
        nr, nh = (r, h + 1) if keeps else (r + 1, 0)
    return nr, nh, expected_end(ev, rs, r, outcome, keeps)


def expected_end(ev: dict, rs, r: int, outcome: str, keeps: bool) -> str | None:
    """How the game ends after a hand (docs/rules.md §6.10, §6.11; §7 for 西入 and オーラス止め)."""
    scores, dealer, target = ev["scores"], ev["dealer"], rs.return_points
    judged = [scores[s] - (honba_part(ev, rs)[s] if rs.bust_ignores_honba else 0) for s in range(4)]
    if rs.bust and min(judged) < 0:
        return "bust"
    if r < 7 or outcome in ("chombo", "abortive"):
        return None
    someone_at_target = max(scores) >= target
    dealer_top = is_rank_one(scores, dealer, rs)
    if keeps and not dealer_top:
        return None  # the dealer's 連荘 is never cut
    if keeps:
        yame = rs.agari_yame if outcome == "win" else rs.tenpai_yame
        last_hand = r == 11 or not rs.west_round
        if yame and (last_hand or scores[dealer] >= target):
            return "agari_yame" if outcome == "win" else "tenpai_yame"
        return "west_target" if r >= 8 and someone_at_target else None
    if r >= 8:
        return "west_target" if someone_at_target else ("west_4" if r == 11 else None)
    return None if rs.west_round and not someone_at_target else "south_4"


def check_game(doc: dict, outs: list[dict]) -> None:
    rs = get_ruleset(doc["ruleset"])
    full = 4 * rs.start_points
    out = play(doc)
    assert out["events"] == outs  # one by one == all at once
    assert play(copy.deepcopy(doc)) == out  # deterministic
    scores, pot, nxt = [rs.start_points] * 4, 0, (0, 0)
    for ev in out["events"]:
        assert (ROUNDS.index(ev["round"]), ev["honba"]) == nxt
        before = ev["state_before"]
        assert (before["scores"], before["pot"], before["honba"]) == (scores, pot, ev["honba"])
        assert sum(ev["deltas"]) + (ev["pot"] - pot) == 0
        assert ev["scores"] == [a + d for a, d in zip(scores, ev["deltas"])]
        assert sum(ev["scores"]) + ev["sticks"] * rs.riichi_stick == full
        scores, pot = ev["scores"], ev["pot"]
        r, h, ended = expected_flow(ev, rs)
        nxt = (r, h)
        is_last = ev is out["events"][-1]
        assert (ended is not None) == (is_last and out["ended"]), (ev, ended)
        if ended:
            assert out["ended_by"] == ended
    if out["ended"]:
        res = out["result"]
        assert res["raw_scores"] == scores
        if rs.leftover_sticks_to_top:
            assert sum(res["scores"]) == full
        if rs.leftover_sticks_to_top and (rs.top_takes_remainder or rs.score_rounding == "none"):
            assert sum(res["net"]) == 0  # the オカ (返し above the start) goes to the top
        assert sorted(res["ranks"])[0] == 1 and sum(res["uma"]) == 0
    else:
        assert out["state"]["scores"] == scores and out["state"]["pot"] == pot


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game=games())
def test_random_games(game):
    check_game(*game)


BAD = [
    {"type": "ron", "winner": 1, "loser": 1, "han": 1, "fu": 30},
    {"type": "ron", "winner": 4, "loser": 1, "han": 1, "fu": 30},
    {"type": "ron", "winner": 2, "loser": 1, "han": 1, "fu": 20},
    {"type": "tsumo", "winner": 2, "yakuman": 0},
    {"type": "tsumo", "winner": 2, "yakuman": 1, "pao": 2},
    {"type": "ron", "loser": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}, {"winner": 2, "han": 2, "fu": 30}]},
    {"type": "draw", "tenpai": [0], "note": "?"},
    {"type": "nagashi"},
    {"type": "abortive", "kind": "ryuukyoku"},
    {"type": "chombo", "offender": -1},
]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game=games(), bad=st.sampled_from(BAD), cut=st.floats(0, 1))
def test_a_bad_event_is_named_and_nothing_is_returned(game, bad, cut):
    doc, _ = game
    at = int(cut * len(doc["hands"]))
    doc["hands"] = doc["hands"][:at] + [bad] + doc["hands"][at:]
    with pytest.raises(GameError) as exc:
        play(doc)
    assert exc.value.index == at
