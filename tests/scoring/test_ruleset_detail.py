"""The rules sheet: what a member checks before playing — grouped, in words, differences marked."""

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def house(db):
    return services.ruleset_create(name="うちのルール", preset="ariari",
                                   options={"open_tanyao": False, "uma": [10000, 5000, -5000, -10000]})


def url(rs):
    return reverse("ruleset-detail", args=[rs.pk])


def test_the_url_is_rules_pk(house):
    assert url(house) == f"/rules/{house.pk}/"


def test_it_reads_as_a_rules_sheet_in_japanese_words(client, ariari):
    body = client.get(url(ariari)).content.decode()
    for group in ("基本", "役", "先付け", "役満", "精算", "終局"):
        assert f"<h2>{group}</h2>" in body
    assert "<dt>喰いタン" in body and "<strong>あり</strong>" in body
    assert "<strong>+12000 / +4000 / −4000 / −12000</strong>" in body
    assert "<strong>頭ハネ</strong>" in body and "<strong>25000点</strong>" in body
    for engine_word in ("open_tanyao", "False", "True", "closed_only", "atamahane", "(12000, 4000"):
        assert engine_word not in body


def test_the_differences_from_the_preset_are_listed_and_marked(client, house):
    body = client.get(url(house)).content.decode()
    diff = body.split('class="rule-diff"')[1].split("</section>")[0]
    assert "喰いタン" in diff and "なし" in diff and "プリセット: あり" in diff
    assert "+10000 / +5000 / −5000 / −10000" in diff and "赤ドラ" not in diff
    assert body.count('class="rule-item changed"') == 2


def test_a_preset_says_it_has_no_differences(client, ariari):
    assert "プリセットのままです。" in client.get(url(ariari)).content.decode()


def test_it_reads_in_english(client, house):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    body = client.get(url(house)).content.decode()
    assert "Open tanyao" in body and "<strong>no</strong>" in body and "Rank points" in body
    assert "喰いタン" not in body and "Ari-ari (kenkou mahjong club)" in body


def test_admins_may_edit_an_unused_rule_set_and_copy_any(client_as, admin_user, house, hanchan, ariari):
    body = client_as(admin_user).get(url(house)).content.decode()
    assert reverse("ruleset-update", args=[house.pk]) in body
    used = client_as(admin_user).get(url(ariari)).content.decode()  # the fixture's hanchan plays ariari
    assert reverse("ruleset-update", args=[ariari.pk]) not in used
    assert f"{reverse('ruleset-create')}?copy={ariari.pk}" in used and "1 半荘で使用" in used


def test_readers_see_no_edit_links(client_as, reader, house):
    assert "/edit/" not in client_as(reader).get(url(house)).content.decode()


def test_it_requires_login_when_boards_are_private(client, settings, house):
    settings.PUBLIC_BOARDS = False
    assert client.get(url(house)).status_code == 302


def test_an_unknown_rule_set_is_404(client):
    assert client.get("/rules/999/").status_code == 404


def test_the_english_pao_help_names_the_yakuman_in_english(client, ariari, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("ruleset-detail", args=[ariari.pk])).content.decode()
    assert "pays for Daisangen / Daisuushii" in body and "大三元" not in body
