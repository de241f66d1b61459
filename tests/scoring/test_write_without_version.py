"""Every web write to a hanchan carries the version its form was built from (``views.common.
posted_version``). A post without ``version``, or with one that is not a number, used to be taken
as "no version" and written without the check; now it is refused as a stale form is: the same
message, nothing stored, the input kept (422 with the form on form pages and for htmx; the button
buttons — delete, stop early and its undo, void and its undo, restore — go back to the page with the
message, or for htmx get the live part with it, as a stale one does)."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.urls import reverse
from versions import with_version

from scoring import services
from scoring.models import Dispute, Hanchan, HandRecord

pytestmark = pytest.mark.django_db

STALE = "他の人がこの半荘を変更しました。最新の記録を確かめてから、もう一度送信してください"
STALE_BUTTON = "他の人がこの半荘を変更しました。"  # a button's refusal says what was not done, not 「入力した内容」
MISSING = object()
# no version at all, and versions that are not a number
BAD_VERSIONS = [pytest.param(MISSING, id="missing"), pytest.param("x", id="x"), pytest.param("", id="empty"),
                pytest.param("1.0", id="decimal"), pytest.param("1_0", id="underscore"),
                pytest.param("-1", id="negative"), pytest.param("１", id="fullwidth")]
RON = {"type": "ron", "winner": "1", "loser": "0", "value": "quick", "han": "2", "fu": "30"}
SHEET = {"score0": "32600", "score1": "25000", "score2": "25000", "score3": "17400", "sticks": "0"}


def snapshot() -> dict:
    """Everything a write could change: rows of every model, and each hanchan's and hand's state."""
    return {
        "rows": {m._meta.label: m.objects.count() for m in apps.get_app_config("scoring").get_models()},
        "hanchan": list(Hanchan.objects.order_by("pk").values_list("pk", "version", "state", "mode")),
        "hands": list(HandRecord.objects.order_by("pk").values_list("pk", "order", "event")),
        "disputes": list(Dispute.objects.order_by("pk").values_list("pk", "status")),
    }


def without_version(data: dict, version) -> dict:
    data = {k: v for k, v in data.items() if k != "version"}
    if version is not MISSING:
        data["version"] = version
    return data


@pytest.fixture
def played(hanchan, scorekeeper, ron):
    """Two hands recorded (the game in play)."""
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=ron(2, 1, 1, 30), by=scorekeeper)
    return Hanchan.objects.get(pk=hanchan.pk)


# -- the form pages: 422, the stale message, the typed input on the page

@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_hand_without_the_version_is_not_recorded_and_the_form_is_kept(client_as, scorekeeper, played, version):
    before = snapshot()
    r = client_as(scorekeeper).post(reverse("hand-create", args=[played.pk]), without_version(RON, version))
    body = r.content.decode()
    assert r.status_code == 422 and STALE in body
    assert re.search(r'name="han" value="2"[^>]*checked', body)
    assert re.search(r'name="winner" value="1"[^>]*checked', body)
    assert snapshot() == before


@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_an_htmx_hand_without_the_version_keeps_the_form_and_gets_the_current_one(client_as, scorekeeper, played,
                                                                                  version):
    before = snapshot()
    r = client_as(scorekeeper).post(reverse("hand-create", args=[played.pk]), without_version(RON, version),
                                    HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 422 and r["HX-Retarget"] == "#hand-errors" and STALE in body
    # only the error box is swapped (the typed form stays on screen), and the form's version is set
    # to the current one out of band, so sending it again records it
    assert f'value="{played.version}" id="hand-version" hx-swap-oob="true"' in body
    assert snapshot() == before
    again = client_as(scorekeeper).post(reverse("hand-create", args=[played.pk]), {**RON, "version": played.version},
                                        HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and HandRecord.objects.filter(hanchan=played).count() == 3


@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_hand_edit_without_the_version_is_not_saved_and_the_form_is_kept(client_as, scorekeeper, played, version):
    hand = played.hands.get(order=0)
    before = snapshot()
    r = client_as(scorekeeper).post(reverse("hand-update", args=[hand.pk]), without_version(RON, version))
    body = r.content.decode()
    assert r.status_code == 422 and STALE in body
    assert re.search(r'name="han" value="2"[^>]*checked', body)
    assert snapshot() == before


@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_final_scores_without_the_version_are_not_recorded_and_the_form_is_kept(client_as, scorekeeper, hanchan,
                                                                                version):
    before = snapshot()
    r = client_as(scorekeeper).post(reverse("hanchan-final-scores", args=[hanchan.pk]),
                                    without_version(SHEET, version))
    body = r.content.decode()
    assert r.status_code == 422 and STALE in body and 'value="32600"' in body and 'value="17400"' in body
    assert snapshot() == before


@pytest.fixture
def hanchan_paper(played, scorekeeper):
    """A second game of the day, on paper (final scores only)."""
    paper = services.hanchan_create(clubday=played.clubday, table=2, players=played.members)
    services.hanchan_record_final_scores(hanchan=paper, scores=[40000, 30000, 20000, 10000], sticks=0, by=scorekeeper)
    return paper


@pytest.fixture
def dispute(played, reader):
    return services.dispute_open(hand=played.hands.get(order=0), by=reader, comment="3翻ではない")


@pytest.mark.parametrize("decision", [
    {"decision": "upheld", "reason": "記録どおり"},
    {"decision": "amended", "reason": "2翻30符が正しい", **RON},
])
@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_ruling_without_the_version_is_refused_and_the_form_is_kept(client_as, admin_user, dispute, decision,
                                                                      version):
    before = snapshot()
    r = client_as(admin_user).post(reverse("dispute-rule", args=[dispute.pk]), without_version(decision, version))
    body = r.content.decode()
    assert r.status_code == 422 and STALE in body and decision["reason"] in body
    assert snapshot() == before and Dispute.objects.get().status == "open"


# -- the buttons (they post the page's #hanchan-actions form, or a form of their own): back to the
# page with the message; htmx gets the live part as it is, with the message (422)

def post_button(client, url: str, version, htmx: bool):
    if htmx:
        r = client.post(url, without_version({}, version), HTTP_HX_REQUEST="true")
        assert r.status_code == 422
    else:
        r = client.post(url, without_version({}, version), follow=True)
        assert r.redirect_chain and r.status_code == 200
    body = r.content.decode()
    assert body.count(STALE_BUTTON) == 1 and "入力した内容は残っています" not in body
    return r


@pytest.mark.parametrize("version", BAD_VERSIONS)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_delete_without_the_version_deletes_nothing(client_as, scorekeeper, played, version, htmx):
    before = snapshot()
    post_button(client_as(scorekeeper), reverse("hand-delete", args=[played.hands.get(order=1).pk]), version, htmx)
    assert snapshot() == before


@pytest.mark.parametrize("version", BAD_VERSIONS)
@pytest.mark.parametrize("htmx", [False, True])
def test_stopping_early_and_its_undo_without_the_version_change_nothing(client_as, scorekeeper, played, version,
                                                                       htmx):
    client = client_as(scorekeeper)
    before = snapshot()
    post_button(client, reverse("hanchan-finish", args=[played.pk]), version, htmx)
    assert snapshot() == before and Hanchan.objects.get(pk=played.pk).state == "in_play"
    services.hanchan_finish(hanchan=played, by=scorekeeper)
    before = snapshot()
    post_button(client, reverse("hanchan-reopen", args=[played.pk]), version, htmx)
    assert snapshot() == before and Hanchan.objects.get(pk=played.pk).state == "finished"


@pytest.mark.parametrize("version", BAD_VERSIONS)
@pytest.mark.parametrize("htmx", [False, True])
def test_voiding_and_unvoiding_without_the_version_change_nothing(client_as, scorekeeper, played, version, htmx):
    client = client_as(scorekeeper)
    before = snapshot()
    post_button(client, reverse("hanchan-void", args=[played.pk]), version, htmx)
    assert snapshot() == before
    services.hanchan_void(hanchan=played, by=scorekeeper)
    before = snapshot()
    post_button(client, reverse("hanchan-unvoid", args=[played.pk]), version, htmx)
    assert snapshot() == before and Hanchan.objects.get(pk=played.pk).state == "void"


@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_restore_without_the_version_restores_nothing(client_as, admin_user, scorekeeper, played, version):
    gone = played.hands.get(order=1)
    services.hanchan_delete_hand(hand=gone, by=scorekeeper)
    before = snapshot()
    post_button(client_as(admin_user), reverse("hand-restore", args=[gone.pk]), version, htmx=False)
    assert snapshot() == before and not HandRecord.objects.filter(pk=gone.pk).exists()


# -- and with the version the page sends, each of them goes through

def test_with_the_pages_version_every_write_goes_through(client_as, admin_user, scorekeeper, played, dispute):
    client = client_as(admin_user)
    assert client.post(reverse("hand-create", args=[played.pk]), with_version(played, RON)).status_code == 302
    hand = played.hands.get(order=2)
    assert client.post(reverse("hand-update", args=[hand.pk]), with_version(played, RON)).status_code == 302
    assert client.post(reverse("hand-delete", args=[hand.pk]), with_version(played)).status_code == 302
    assert client.post(reverse("hand-restore", args=[hand.pk]), with_version(played)).status_code == 302
    assert HandRecord.objects.filter(hanchan=played).count() == 3
    r = client.post(reverse("dispute-rule", args=[dispute.pk]),
                    with_version(played, {"decision": "upheld", "reason": "記録どおり"}))
    assert r.status_code == 302 and Dispute.objects.get().status == "upheld"
    for name, state in (("hanchan-finish", "finished"), ("hanchan-reopen", "in_play"), ("hanchan-void", "void"),
                        ("hanchan-unvoid", "in_play")):
        assert client.post(reverse(name, args=[played.pk]), with_version(played)).status_code == 302
        assert Hanchan.objects.get(pk=played.pk).state == state, name


def _posts(body: str, page: str) -> list[tuple[str, str]]:
    """(URL, the form that carries it) for every form and every button that posts another form."""
    out = []
    for form in re.findall(r'<form\b[^>]*method="post".*?</form>', body, flags=re.S):
        action = re.search(r'^<form[^>]*\saction="([^"]*)"', form)
        out.append((action.group(1) if action else page, form))  # no action: the form posts to its page
    for button in re.findall(r"<button\b[^>]*>", body):
        owner, target = re.search(r'\sform="([^"]*)"', button), re.search(r'\sformaction="([^"]*)"', button)
        if owner and target:
            out.append((target.group(1), re.search(rf'<form id="{owner.group(1)}".*?</form>', body, flags=re.S).group(0)))
    return out


def test_every_form_and_button_that_writes_to_a_hanchan_sends_its_version(client_as, admin_user, scorekeeper,
                                                                          played, dispute, hanchan_paper):
    """The pages as drawn post ``version`` to every write URL they point at."""
    client = client_as(admin_user)
    services.hanchan_delete_hand(hand=played.hands.get(order=1), by=scorekeeper)  # a restore button
    writes = ("/hands/new/", "/edit/", "/delete/", "/finish/", "/reopen/", "/void/", "/unvoid/", "/final-scores/",
              "/restore/", "/rule/")
    stopped = services.hanchan_create(clubday=played.clubday, table=3, players=played.members)
    services.hanchan_record_hand(hanchan=stopped, event={"type": "draw", "tenpai": [0]}, by=scorekeeper)
    services.hanchan_finish(hanchan=stopped, by=scorekeeper)
    services.hanchan_void(hanchan=hanchan_paper, by=scorekeeper)
    pages = [reverse("hanchan-detail", args=[played.pk]), reverse("hand-update", args=[played.hands.get().pk]),
             reverse("dispute-detail", args=[dispute.pk]), reverse("history", args=["hanchan", played.pk]),
             reverse("hanchan-final-scores", args=[played.pk]), reverse("hanchan-detail", args=[stopped.pk]),
             reverse("hanchan-detail", args=[hanchan_paper.pk])]
    seen = set()
    for page in pages:
        for target, form in _posts(client.get(page).content.decode(), page):
            if target.endswith(writes):
                assert re.search(r'name="version" value="\d+"', form), (page, target)
                seen.add(target.rsplit("/", 2)[-2])
    assert seen == {w.strip("/").rsplit("/", 1)[-1] for w in writes}
