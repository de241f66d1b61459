import pytest
from django.urls import reverse

from scoring.models import Member

pytestmark = pytest.mark.django_db
URL = "/members/new/"
GOOD = {"name": "山田 太郎", "kana": "ヤマダ タロウ", "number": "12", "active": "on"}


def test_the_url_name_is_member_create():
    assert reverse("member-create") == URL


def test_it_sends_anonymous_users_to_login(client):
    r = client.post(URL, GOOD)
    assert r.status_code == 302 and reverse("login") in r["Location"]
    assert not Member.objects.exists()


def test_it_forbids_scorekeepers(client_as, scorekeeper):
    assert client_as(scorekeeper).post(URL, GOOD).status_code == 403
    assert not Member.objects.exists()


def test_it_creates_a_member_with_the_kana_as_hiragana(client_as, admin_user):
    r = client_as(admin_user).post(URL, GOOD)
    assert r.status_code == 302
    assert Member.objects.get().kana == "やまだ たろう"


def test_a_name_without_its_reading_comes_back_with_a_guess_to_check_then_saves(client_as, admin_user):
    client = client_as(admin_user)
    r = client.post(URL, {**GOOD, "name": "長谷川 久美子", "kana": ""})
    body = r.content.decode()
    assert r.status_code == 422 and not Member.objects.exists()
    assert 'value="はせがわ くみこ"' in body and "名前から「はせがわ くみこ」と読みました" in body
    assert client.post(URL, {**GOOD, "name": "長谷川 久美子", "kana": "はせがわ くみこ"}).status_code == 302
    assert Member.objects.get().kana == "はせがわ くみこ"


def test_a_name_with_nothing_to_read_still_asks_for_the_reading(client_as, admin_user):
    r = client_as(admin_user).post(URL, {**GOOD, "name": "John", "kana": ""})
    assert r.status_code == 422 and "よみがなを入力してください" in r.content.decode()


def test_it_keeps_the_input_and_explains_a_bad_kana(client_as, admin_user):
    r = client_as(admin_user).post(URL, {**GOOD, "kana": "山田"})
    assert r.status_code == 422
    body = r.content.decode()
    assert "ひらがな か カタカナ" in body and 'value="山田 太郎"' in body
    assert not Member.objects.exists()


def test_it_refuses_a_member_number_already_used(client_as, admin_user, members):
    r = client_as(admin_user).post(URL, {**GOOD, "number": str(members[0].number)})
    assert r.status_code == 422
    assert Member.objects.count() == len(members)


def test_the_form_page_renders_for_htmx_requests_too(client_as, admin_user):
    assert client_as(admin_user).get(URL, HTTP_HX_REQUEST="true").status_code == 200


def test_a_number_in_use_names_its_holder_and_a_free_number(client_as, admin_user, members):
    r = client_as(admin_user).post(URL, {**GOOD, "number": "1"})
    body = r.content.decode()
    assert "会員番号 1 は 山田 さんが使っています(空いている番号: 6)" in body
    assert "を持った" not in body and 'value="山田 太郎"' in body


def test_the_service_gives_the_same_message(members):
    from django.core.exceptions import ValidationError

    from scoring import services
    with pytest.raises(ValidationError, match="会員番号 2 は 佐藤 さんが使っています"):
        services.member_create(name="別人", kana="べつじん", number=2)


@pytest.mark.parametrize("number", ["0", "-3"])
def test_member_numbers_start_at_1(client_as, admin_user, number):
    r = client_as(admin_user).post(URL, {**GOOD, "number": number})
    body = r.content.decode()
    assert r.status_code == 422 and f"会員番号は1から始まります。1以上の数字を入力してください({number})" in body
    assert 'value="山田 太郎"' in body and not Member.objects.exists()


def test_the_service_refuses_member_number_0_too(db):
    from django.core.exceptions import ValidationError

    from scoring import services

    with pytest.raises(ValidationError) as exc:
        services.member_create(name="山田", kana="やまだ", number=0)
    assert "会員番号は1から始まります" in str(exc.value) and not Member.objects.exists()
