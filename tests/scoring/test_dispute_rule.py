import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from scoring import services
from scoring.access import REFEREE
from scoring.models import Dispute, HanchanResult, HandRecord

pytestmark = pytest.mark.django_db

AMEND = {"decision": "amended", "reason": "2翻30符が正しい", "type": "ron", "winner": "1", "loser": "0",
         "value": "quick", "han": "2", "fu": "30"}


@pytest.fixture
def referee(django_user_model):
    user = django_user_model.objects.create_user(username="shinpan", password="pass-1234")
    user.groups.add(Group.objects.get(name=REFEREE))  # the group comes from migration 0006
    return user


@pytest.fixture
def dispute(hanchan, scorekeeper, reader, ron):
    """A finished hanchan (途中終了 after two hands) with the first hand disputed."""
    first = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    services.hanchan_finish(hanchan=hanchan, by=scorekeeper)
    return services.dispute_open(hand=first, by=reader, comment="3翻ではない")


def url(dispute):
    return reverse("dispute-rule", args=[dispute.pk])


def post(client, dispute, data, version=None):
    dispute.hanchan.refresh_from_db()
    return client.post(url(dispute), {**data, "version": dispute.hanchan.version if version is None else version})


def scores(hanchan):
    return {r.seat: (r.score, r.net) for r in HanchanResult.objects.filter(hanchan=hanchan)}


def test_it_sends_anonymous_users_to_login(client, dispute):
    assert post(client, dispute, AMEND).status_code == 302
    assert Dispute.objects.get().status == "open"


@pytest.mark.parametrize("who", ["reader", "scorekeeper"])
def test_members_and_scorekeepers_may_not_rule(client_as, request, dispute, who):
    r = post(client_as(request.getfixturevalue(who)), dispute, AMEND)
    assert r.status_code == 403 and Dispute.objects.get().status == "open"


def test_only_officers_see_the_ruling_form(client_as, reader, admin_user, dispute):
    detail = reverse("dispute-detail", args=[dispute.pk])
    assert url(dispute) not in client_as(reader).get(detail).content.decode()
    assert url(dispute) in client_as(admin_user).get(detail).content.decode()


def test_an_amending_ruling_resettles_the_hand_and_the_results(client_as, admin_user, dispute):
    before = scores(dispute.hanchan)
    r = post(client_as(admin_user), dispute, AMEND)
    assert r.status_code == 302
    hand = HandRecord.objects.get(pk=dispute.hand_id)
    assert hand.event == {"type": "ron", "winner": 1, "loser": 0, "han": 2, "fu": 30}
    assert hand.deltas == [-2000, 2000, 0, 0]
    after = scores(dispute.hanchan)
    assert after != before and after[1][0] == 25000 + 2000 - 1000  # 2000 now, then deals in 1000 to 鈴木
    d = Dispute.objects.get()
    assert (d.status, d.reason, d.ruled_by) == ("amended", "2翻30符が正しい", admin_user)
    assert d.event_before == {"type": "ron", "winner": 1, "loser": 0, "han": 3, "fu": 30}
    assert d.event_after == hand.event and d.ruled_at is not None


def test_a_referee_may_rule(client_as, referee, dispute):
    assert post(client_as(referee), dispute, AMEND).status_code == 302
    assert Dispute.objects.get().ruled_by == referee


def test_an_upholding_ruling_changes_nothing_but_the_dispute(client_as, admin_user, dispute):
    before = scores(dispute.hanchan)
    version = dispute.hanchan.version
    r = post(client_as(admin_user), dispute, {"decision": "upheld", "reason": "記録どおり", "type": "chombo"})
    assert r.status_code == 302
    dispute.hanchan.refresh_from_db()
    assert scores(dispute.hanchan) == before and dispute.hanchan.version == version
    assert HandRecord.objects.get(pk=dispute.hand_id).event["han"] == 3
    d = Dispute.objects.get()
    assert (d.status, d.event_before["han"], d.event_after) == ("upheld", 3, None)


def test_a_ruling_needs_a_reason(client_as, admin_user, dispute):
    r = post(client_as(admin_user), dispute, {**AMEND, "reason": ""})
    assert r.status_code == 422 and Dispute.objects.get().status == "open"


def test_a_stale_ruling_is_refused_and_the_input_kept(client_as, admin_user, scorekeeper, dispute):
    dispute.hanchan.refresh_from_db()
    loaded = dispute.hanchan.version
    second = HandRecord.objects.get(hanchan=dispute.hanchan, order=1)
    services.hanchan_update_hand(hand=second, event={"type": "ron", "winner": 2, "loser": 1, "han": 2, "fu": 30},
                                 by=scorekeeper)
    r = post(client_as(admin_user), dispute, {**AMEND, "reason": "入力を残す理由"}, version=loaded)
    body = r.content.decode()
    assert r.status_code == 422 and "他の人がこの半荘を変更しました" in body and "入力を残す理由" in body
    assert Dispute.objects.get().status == "open"
    assert HandRecord.objects.get(pk=dispute.hand_id).event["han"] == 3


def test_an_amendment_that_breaks_later_hands_is_refused(client_as, admin_user, dispute):
    data = {**AMEND, "value": "yakuman", "yakuman": "2"}  # 64000 from 山田: トビ, the game ends before #2
    r = post(client_as(admin_user), dispute, data)
    assert r.status_code == 422 and "後の記録が成り立たなくなります: #2" in r.content.decode()
    assert Dispute.objects.get().status == "open"


def test_a_ruled_dispute_cannot_be_ruled_again(client_as, admin_user, dispute):
    post(client_as(admin_user), dispute, {"decision": "upheld", "reason": "記録どおり"})
    r = post(client_as(admin_user), dispute, AMEND)
    assert r.status_code == 422 and "この物言いはすでに裁定されています" in r.content.decode()
    assert Dispute.objects.get().status == "upheld"


def test_the_hands_history_names_the_ruling(client_as, admin_user, dispute):
    post(client_as(admin_user), dispute, AMEND)
    row = HandRecord.history.filter(id=dispute.hand_id).latest("history_date")
    assert (row.history_change_reason, row.history_user) == (f"dispute:{dispute.pk}", admin_user)
    body = client_as(admin_user).get(reverse("history", args=["hand", dispute.hand_id])).content.decode()
    assert "物言いの裁定による訂正" in body


def test_an_amendment_replays_the_game_once(client_as, admin_user, dispute, monkeypatch):
    # the ruling's hand form reads riichi already declared from the stored hands, as hand entry does
    import rules as engine
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda doc: calls.append(1) or real(doc))
    r = post(client_as(admin_user), dispute, AMEND)
    assert r.status_code == 302 and HandRecord.objects.get(pk=dispute.hand_id).event["han"] == 2
    assert len(calls) == 1


def test_a_double_ron_keeps_its_other_win_in_the_ruling_form(client_as, admin_user, reader, members, scorekeeper):
    import datetime
    from scoring.models import RuleSet
    day = services.clubday_create(date=datetime.date(2026, 11, 3), venue="天鳳",
                                  ruleset=RuleSet.objects.get(preset="tenhou", options={}))
    h = services.hanchan_create(clubday=day, table=1, players=members[:4])
    event = {"type": "ron", "loser": 0, "wins": [{"winner": 1, "han": 2, "fu": 30}, {"winner": 2, "han": 1, "fu": 30}]}
    hand = services.hanchan_record_hand(hanchan=h, event=event, by=scorekeeper)
    d = services.dispute_open(hand=hand, by=reader, comment="?")
    client = client_as(admin_user)
    body = client.get(reverse("dispute-detail", args=[d.pk])).content.decode()
    assert 'name="wins"' in body and "追加した和了" in body
    r = post(client, d, {"decision": "amended", "reason": "鈴木は2翻", "type": "ron", "winner": "2", "loser": "0",
                         "value": "quick", "han": "2", "fu": "30",
                         "wins": '[{"winner": 1, "han": 2, "fu": 30}]'})
    assert r.status_code == 302
    assert HandRecord.objects.get(pk=hand.pk).event["wins"] == [{"winner": 1, "han": 2, "fu": 30},
                                                                {"winner": 2, "han": 2, "fu": 30}]
