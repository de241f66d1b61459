"""Every hanchan write: one transaction that locks, re-reads and checks the form's version; the stored
caches always equal the replay of the stored hands (issue: results that no longer match their hands)."""

from __future__ import annotations

import json

import pytest
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from scoring import services
from scoring.models import FinalScoreSheet, Hanchan, HanchanResult, HandRecord

pytestmark = pytest.mark.django_db

STALE = "他の人がこの半荘を変更しました"


def assert_cache_is_replay(hanchan: Hanchan) -> None:
    """The stored per-hand settlement and results equal a fresh replay of the stored hands."""
    hanchan = Hanchan.objects.get(pk=hanchan.pk)
    hands = list(hanchan.hands.order_by("order"))
    assert [h.order for h in hands] == list(range(len(hands))), "hand numbers have a gap"
    out = rules.play(hanchan.game_doc([h.event for h in hands]))
    for hand, ev in zip(hands, out["events"]):
        assert (hand.deltas, hand.scores_after, hand.label) == (ev["deltas"], ev["scores"], ev["label"]["ja"])
    results = {r.seat: (r.score, r.rank, r.uma, r.net) for r in hanchan.results.all()}
    if hanchan.state == Hanchan.State.FINISHED and out["ended"]:
        r = out["result"]
        assert results == {s: (r["scores"][s], r["ranks"][s], r["uma"][s], r["net"][s]) for s in range(4)}
    elif hanchan.state == Hanchan.State.IN_PLAY:
        assert results == {}


def chombo(seat: int) -> dict:
    return {"type": "chombo", "offender": seat}


@pytest.fixture
def seven(hanchan, scorekeeper, ron):
    """Seven hands: non-dealer wins and chombos, so any one can be deleted without breaking the rest."""
    for k in range(7):
        event = chombo(k % 4) if k % 2 else ron(1 + k % 3, 0, 1, 30)
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    return hanchan


def test_editing_a_hand_loaded_before_an_earlier_one_was_deleted_edits_that_hand(seven, scorekeeper):
    hand7 = seven.hands.get(order=6)  # loaded by the edit page
    services.hanchan_delete_hand(hand=seven.hands.get(order=1), by=scorekeeper)  # someone deletes #2
    services.hanchan_update_hand(hand=hand7, event=chombo(3), by=scorekeeper)  # no version: trusts the re-read
    assert HandRecord.objects.get(pk=hand7.pk).order == 5
    assert HandRecord.objects.get(pk=hand7.pk).event == chombo(3)
    assert_cache_is_replay(seven)
    services.hanchan_record_hand(hanchan=seven, event=chombo(2), by=scorekeeper)  # numbering has no gap
    assert_cache_is_replay(seven)


def test_a_stale_edit_is_refused_and_nothing_changes(seven, scorekeeper):
    version = Hanchan.objects.get(pk=seven.pk).version
    hand7 = seven.hands.get(order=6)
    services.hanchan_delete_hand(hand=seven.hands.get(order=1), by=scorekeeper)
    before = snapshot()
    with pytest.raises(ValidationError) as err:
        services.hanchan_update_hand(hand=hand7, event=chombo(3), by=scorekeeper, version=version)
    assert err.value.code == "stale"
    assert snapshot() == before


def test_a_stale_delete_and_a_stale_append_are_refused(seven, scorekeeper):
    version = Hanchan.objects.get(pk=seven.pk).version
    services.hanchan_record_hand(hanchan=seven, event=chombo(1), by=scorekeeper)
    before = snapshot()
    for write in (lambda: services.hanchan_delete_hand(hand=seven.hands.get(order=0), by=scorekeeper,
                                                       version=version),
                  lambda: services.hanchan_record_hand(hanchan=seven, event=chombo(2), by=scorekeeper,
                                                       version=version)):
        with pytest.raises(ValidationError, match=STALE):
            write()
    assert snapshot() == before


def test_editing_or_deleting_a_hand_someone_deleted_is_refused(seven, scorekeeper):
    gone = seven.hands.get(order=3)
    services.hanchan_delete_hand(hand=gone, by=scorekeeper)
    with pytest.raises(ValidationError, match=STALE):
        services.hanchan_update_hand(hand=gone, event=chombo(0), by=scorekeeper)
    with pytest.raises(ValidationError, match=STALE):
        services.hanchan_delete_hand(hand=gone, by=scorekeeper)
    assert_cache_is_replay(seven)


def test_every_write_bumps_the_version(hanchan, scorekeeper, ron):
    seen = [Hanchan.objects.get(pk=hanchan.pk).version]
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    seen.append(Hanchan.objects.get(pk=hanchan.pk).version)
    services.hanchan_update_hand(hand=hand, event=ron(2, 0, 3, 30), by=scorekeeper)
    seen.append(Hanchan.objects.get(pk=hanchan.pk).version)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    seen.append(Hanchan.objects.get(pk=hanchan.pk).version)
    assert seen == sorted(set(seen))


def test_a_finished_game_edited_so_that_it_goes_on_is_in_play_again_with_no_results(hanchan, scorekeeper, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 8), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 8), by=scorekeeper)  # 山田 busts: 25000 − 2×16000
    assert Hanchan.objects.get(pk=hanchan.pk).state == "finished"
    assert_cache_is_replay(hanchan)
    services.hanchan_delete_hand(hand=hand, by=scorekeeper)
    assert Hanchan.objects.get(pk=hanchan.pk).state == "in_play"
    assert_cache_is_replay(hanchan)


def snapshot() -> str:
    """Every scoring row, serialised: equal snapshots mean the database did not change."""
    rows = []
    for model in (Hanchan, HandRecord, HanchanResult, FinalScoreSheet):
        rows += json.loads(serializers.serialize("json", model.objects.order_by("pk")))
    return json.dumps(rows, sort_keys=True)


def test_a_fault_in_the_middle_of_settling_leaves_the_database_exactly_as_before(
        seven, scorekeeper, monkeypatch):
    services.hanchan_finish(hanchan=seven, by=scorekeeper)
    before = snapshot()
    calls = {"n": 0}
    real_save = HanchanResult.save

    def failing_save(self, *args, **kwargs):  # the second result row fails after the first was written
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("disk full")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(HanchanResult, "save", failing_save)
    with pytest.raises(RuntimeError):
        services.hanchan_update_hand(hand=seven.hands.get(order=0), event={"type": "ron", "winner": 3, "loser": 0,
                                                                          "han": 5}, by=scorekeeper)
    assert calls["n"] == 2
    assert snapshot() == before


def test_final_scores_entered_again_keep_the_earlier_sheet(hanchan, scorekeeper):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[40000, 20000, 25000, 15000], sticks=0,
                                         by=scorekeeper)
    assert [s.scores for s in hanchan.sheets.order_by("pk")] == [[32600, 25000, 25000, 17400],
                                                                   [40000, 20000, 25000, 15000]]
    assert [r.score for r in hanchan.results.order_by("seat")] == [40000, 20000, 25000, 15000]


def test_resettle_corrects_every_cache_and_reports_the_hanchan(seven, scorekeeper, capsys):
    services.hanchan_finish(hanchan=seven, by=scorekeeper)
    HandRecord.objects.filter(hanchan=seven, order=2).update(deltas=[1, 2, 3, 4])
    HanchanResult.objects.filter(hanchan=seven, seat=0).update(net=123)
    HandRecord.objects.filter(hanchan=seven, order=6).update(order=9)  # a gap in the numbering
    call_command("resettle")
    out = capsys.readouterr().out
    assert f"#{seven.pk}" in out and "1 corrected" in out
    assert_cache_is_replay(seven)
    call_command("resettle")
    assert "0 corrected" in capsys.readouterr().out


def test_resettle_upgrade_recomputes_everything_once_after_code_that_settles_differently(seven, hanchan, scorekeeper,
                                                                                       capsys):
    """``make run`` runs ``resettle --upgrade``: results stored by an older version (another オカ, say)
    are corrected on the first start of a newer one, then only games in play are looked at."""
    from scoring.models import Settled
    from scoring.services.hanchan import SETTLED_VERSION

    services.hanchan_finish(hanchan=seven, by=scorekeeper)
    HanchanResult.objects.filter(hanchan=seven, seat=0).update(net=123)  # as the older code stored it
    HandRecord.objects.filter(hanchan=seven, order=1).update(description="古い説明")
    Settled.objects.create(version=SETTLED_VERSION - 1)
    call_command("resettle", "--upgrade")
    assert "older version" in capsys.readouterr().out
    assert_cache_is_replay(seven)
    assert Settled.objects.get().version == SETTLED_VERSION
    HanchanResult.objects.filter(hanchan=seven, seat=0).update(net=123)
    call_command("resettle", "--upgrade")  # this version's: the finished game is not looked at again
    assert HanchanResult.objects.get(hanchan=seven, seat=0).net == 123


def test_a_member_renamed_is_named_so_in_the_stored_descriptions_of_their_hands(hanchan, scorekeeper, members, ron):
    """The descriptions stored with each hand name the players: a rename replays the member's games,
    so they still equal the replay (and ``resettle`` finds nothing to correct)."""
    services.hanchan_record_hand(hanchan=hanchan, event={**ron(1, 0, 1, 30), "riichi": [1, 2]}, by=scorekeeper)
    services.member_update(member=members[1], name="佐々木")
    hand = hanchan.hands.get()
    out = rules.play(Hanchan.objects.get(pk=hanchan.pk).game_doc([hand.event]))["events"][0]
    assert "佐々木" in hand.description and (hand.description, hand.description_en) == (
        out["description"]["ja"], out["description"]["en"])
    assert services.hanchan_resettle(hanchan=hanchan) == []


def test_resettle_recomputes_final_scores_from_the_newest_sheet(hanchan, scorekeeper, capsys):
    services.hanchan_record_final_scores(hanchan=hanchan, scores=[32600, 25000, 25000, 17400], sticks=0,
                                         by=scorekeeper)
    HanchanResult.objects.filter(hanchan=hanchan).update(rank=1)
    call_command("resettle")
    assert [r.rank for r in hanchan.results.order_by("seat")] == [1, 2, 3, 4]


def test_a_stale_hand_edit_form_keeps_its_input_and_says_why(client_as, scorekeeper, seven):
    c = client_as(scorekeeper)
    hand = seven.hands.get(order=6)
    version = Hanchan.objects.get(pk=seven.pk).version
    services.hanchan_record_hand(hanchan=seven, event=chombo(0), by=scorekeeper)
    r = c.post(reverse("hand-update", args=[hand.pk]),
               {"type": "chombo", "offender": "2", "version": version})
    assert r.status_code == 422
    page = r.content.decode()
    assert STALE in page
    assert 'name="offender" value="2"' in page and "checked" in page
    assert HandRecord.objects.get(pk=hand.pk).event == hand.event


def test_a_stale_htmx_append_keeps_the_form_and_refreshes_the_board(client_as, scorekeeper, seven):
    c = client_as(scorekeeper)
    version = Hanchan.objects.get(pk=seven.pk).version
    services.hanchan_record_hand(hanchan=seven, event=chombo(0), by=scorekeeper)
    count = seven.hands.count()
    r = c.post(reverse("hand-create", args=[seven.pk]), {"type": "chombo", "offender": "1", "version": version},
               HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and r["HX-Retarget"] == "#hand-errors"
    page = r.content.decode()
    assert STALE in page and 'hx-swap-oob="true"' in page
    assert f'value="{version + 1}" id="hand-version"' in page
    assert seven.hands.count() == count


OPS = st.lists(st.tuples(st.sampled_from(["append", "edit", "delete", "stale-edit", "stale-delete"]),
                         st.integers(0, 20), st.integers(0, 3)), min_size=1, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_any_interleaving_of_writes_keeps_stored_equal_to_replay(hanchan, scorekeeper, ops):
    """Writes from forms loaded at different times (objects and versions read earlier), in any order:
    each either applies to the hand as it is now or is refused; the cache always equals the replay."""
    HandRecord.objects.filter(hanchan=hanchan).delete()
    loaded = []  # (hand object, version) as an edit page would have loaded them
    for op, k, seat in ops:
        version = Hanchan.objects.get(pk=hanchan.pk).version
        hands = list(HandRecord.objects.filter(hanchan=hanchan).order_by("order"))
        loaded += [(h, version) for h in hands]
        try:
            if op == "append":
                services.hanchan_record_hand(hanchan=hanchan, event=chombo(seat), by=scorekeeper, version=version)
            elif loaded:
                hand, seen = loaded[k % len(loaded)]
                checked = seen if op.startswith("stale") else None
                if op.endswith("edit"):
                    services.hanchan_update_hand(hand=hand, event=chombo(seat), by=scorekeeper, version=checked)
                else:
                    services.hanchan_delete_hand(hand=hand, by=scorekeeper, version=checked)
        except ValidationError:
            pass
        assert_cache_is_replay(hanchan)
