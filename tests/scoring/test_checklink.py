"""Checker links (``scoring.checklink``): any legal hand, however it was typed, makes a link of a few
hundred bytes that opens the same hand."""

from __future__ import annotations

import dataclasses
from urllib.parse import urlsplit

import pytest
from django.http import QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.document import parse_doc
from rules.tiles import TILE_NAMES, tile_name
from scoring import examples
from scoring.checklink import link_query
from scoring.forms.check import SITUATIONAL, CheckForm
from scoring.views.check import link_path

SHORT = 512  # bytes: every link of a legal hand stays under this (a chat app carries 2 KB and more)
FLAGS = [key for key, _label in SITUATIONAL]


def opened(path: str) -> dict:
    """The evaluate document the checker reads when the link ``path`` is opened."""
    form = CheckForm(QueryDict(urlsplit(path).query), rulesets=[])
    assert form.is_valid(), form.errors
    return form.document()


def reading(document: dict):
    """What the engine reads from a document (order of concealed tiles and indicators aside); the
    error's class when it refuses it. Red fives kept (tenhou has them)."""
    try:
        hand, _rs = parse_doc({**document, "ruleset": "tenhou"})
    except RulesError as exc:
        return type(exc)
    return dataclasses.replace(hand, concealed=tuple(sorted(hand.concealed)),
                               dora_indicators=tuple(sorted(hand.dora_indicators)),
                               ura_indicators=tuple(sorted(hand.ura_indicators)))


def assert_round_trip(document: dict) -> str:
    path = link_path(link_query(document))
    assert len(path.encode()) < SHORT, path
    again = opened(path)
    assert reading(again) == reading(document)
    assert link_path(link_query(again)) == path  # the link of an opened link is the same link
    return path


@pytest.mark.parametrize("case", examples.CASES, ids=[c["id"] for c in examples.CASES])
def test_every_sample_hand_makes_a_short_link_that_opens_it(case):
    assert_round_trip(examples.document(case))


def test_the_longest_hand_makes_a_short_link():
    """Four kans with red fives, every flag, five dora and five ura indicators, all in Japanese."""
    document = {"hand": "(暗カン)0m五五五 (加カン)0p⑤⑤⑤ 南", "melds": [
        {"type": "ankan", "tiles": "0s５５５"}, {"type": "minkan", "tiles": "中中中中"}],
        "win_tile": "南", "tsumo": True, "double_riichi": True, "ippatsu": True, "situational": FLAGS,
        "seat_wind": "北", "round_wind": "西", "dora_indicators": ["一", "⑨", "9", "東", "白"],
        "ura_indicators": ["二二", "③", "3", "西", "發"]}
    path = link_path({**link_query(document), "rs": "2147483647"})
    assert len(path) < 400, path
    assert link_query(document)["melds"] == "ankan0555s,minkan7777z,ankan0555m,kakan0555p"
    assert link_query(document)["hand"] == "2z"


def test_a_link_is_canonical_mpsz_with_defaults_left_out():
    assert link_query({"hand": "⑤⑥⑦ 789 4", "melds": [{"type": "chi", "tiles": "二三四"}],
                       "win_tile": "4s", "seat_wind": "南", "tsumo": True}) == {
        "hand": "567p4789s", "melds": "chi234m", "win_tile": "4s", "tsumo": "1"}
    assert link_query({"hand": "123m(ポン)中中中456p11z", "melds": [{"type": "ankan", "tiles": "5055p"}],
                       "win_tile": "1z", "seat_wind": "E", "round_wind": "S",
                       "dora_indicators": ["4p", "0m"]})["melds"] == "ankan0555p,pon777z"


def test_a_part_that_cannot_be_read_is_kept_as_typed():
    query = link_query({"hand": "123m456p789s1122x", "melds": [{"type": "pon", "tiles": "12m"}], "win_tile": "5"})
    assert query == {"hand": "123m456p789s1122x", "melds": '[{"type":"pon","tiles":"12m"}]', "win_tile": "5s"}
    assert opened(link_path(query))["melds"] == [{"type": "pon", "tiles": "12m"}]


# --- any legal hand, typed any way ------------------------------------------------------------

JA = {**{k: c for k, c in enumerate("一二三四五六七八九")}, **{9 + k: c for k, c in enumerate("①②③④⑤⑥⑦⑧⑨")},
      **{18 + k: c for k, c in enumerate("123456789")}, **{27 + k: c for k, c in enumerate("東南西北白發中")}}


def typed(draw, tokens: list[tuple[int, bool]]) -> str:
    """Tiles as a person may type them: mpsz tile by tile, mpsz grouped, or Japanese (red fives in
    mpsz first, as Japanese notation has none)."""
    style = draw(st.sampled_from(["each", "grouped", "japanese"]))
    if style == "each":
        return "".join(tile_name(k, r) for k, r in tokens)
    if style == "grouped":
        out, suit = "", None
        for k, r in tokens:
            name = tile_name(k, r)
            if suit is not None and name[1] != suit:
                out += suit
            out, suit = out + name[0], name[1]
        return out + (suit or "")
    reds = "".join(tile_name(k, True) for k, r in tokens if r)
    return reds + " ".join(JA[k] for k, r in tokens if not r)


@st.composite
def legal_documents(draw) -> dict:
    wall = [k for k in range(34) for _ in range(4)]

    def take(kind: int) -> int:
        wall.remove(kind)
        return kind

    def count(kind: int) -> int:
        return wall.count(kind)

    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan"]))
        if kind == "chi":
            starts = [k for k in range(27) if k % 9 <= 6 and all(count(k + i) for i in range(3))]
            if not starts:
                continue
            start = draw(st.sampled_from(starts))
            melds.append((kind, [take(start + i) for i in range(3)]))
        else:
            need = 3 if kind == "pon" else 4
            kinds = [k for k in range(34) if count(k) >= need]
            k = draw(st.sampled_from(kinds))
            melds.append((kind, [take(k) for _ in range(need)]))
    concealed = [take(draw(st.sampled_from(sorted(set(wall))))) for _ in range(13 - 3 * len(melds))]
    win = take(draw(st.sampled_from(sorted(set(wall)))))
    # one red five per suit at most, on one of the fives the hand holds
    groups = [concealed, [win]] + [tiles for _kind, tiles in melds]
    red_at = {}
    for suit in range(3):
        fives = [(g, i) for g, tiles in enumerate(groups) for i, k in enumerate(tiles) if k == 9 * suit + 4]
        if fives and draw(st.booleans()):
            red_at[draw(st.sampled_from(fives))] = True
    tokens = [[(k, red_at.get((g, i), False)) for i, k in enumerate(tiles)] for g, tiles in enumerate(groups)]
    for g in range(len(tokens)):
        if g != 1:
            tokens[g] = draw(st.permutations(tokens[g]))
    hand_tokens, win_token, meld_tokens = tokens[0], tokens[1][0], tokens[2:]
    calls = [{"type": kind, "tiles": typed(draw, toks)} for (kind, _t), toks in zip(melds, meld_tokens)]
    inline = draw(st.integers(0, len(calls)))  # the last calls written inside the hand, as (ポン)中中中
    inline_word = {"chi": "チー", "pon": "ポン", "minkan": "カン", "kakan": "加カン", "ankan": "暗カン"}
    hand = typed(draw, hand_tokens) + "".join(f"({inline_word[c['type']]}){c['tiles']}" for c in calls[len(calls) - inline:])
    tsumo = draw(st.booleans())
    document = {"hand": hand, "win_tile": typed(draw, [win_token]), "tsumo": tsumo}
    if calls[:len(calls) - inline]:
        document["melds"] = calls[:len(calls) - inline]
    winds = [["E", "東", "1z"], ["S", "南", "2z"], ["W", "西", "3z"], ["N", "北", "4z"]]
    seat, round_ = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    document["seat_wind"] = draw(st.sampled_from(winds[seat]))
    document["round_wind"] = draw(st.sampled_from(winds[round_]))
    # the situation as the engine allows it (a contradiction is refused alike before and after)
    if all(kind == "ankan" for kind, _t in melds):
        riichi = draw(st.sampled_from([None, "riichi", "double_riichi"]))
        if riichi:
            document[riichi] = True
            document["ippatsu"] = draw(st.booleans())
    possible = ["haitei"] if tsumo else ["houtei", "chankan"]
    if tsumo and any(kind != "chi" and kind != "pon" for kind, _t in melds):
        possible.append("rinshan")
    if tsumo and not melds:
        possible.append("tenhou" if seat == 0 else "chiihou")
    flags = draw(st.lists(st.sampled_from(possible), unique=True, max_size=2))
    if flags:
        document["situational"] = flags
    for key in ("dora_indicators", "ura_indicators"):
        indicators = draw(st.lists(st.sampled_from(TILE_NAMES), max_size=5))
        if indicators:
            document[key] = [typed(draw, [(int(TILE_NAMES.index(t)), False)]) for t in indicators]
    return document


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_documents())
def test_any_hand_typed_any_way_makes_a_short_link_that_opens_it(document):
    assert_round_trip(document)
