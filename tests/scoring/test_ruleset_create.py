"""The rule-set form: labelled fields grouped as a club reads them, starting from a preset; only
what differs from the preset is stored."""

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.forms import RuleSetForm
from scoring.models import RuleSet

pytestmark = pytest.mark.django_db
URL = "/rules/new/"


def form_data(preset: str = "ariari", name: str = "両翻縛り", **changes) -> dict:
    """What the browser posts for the form as it starts from ``preset``, with ``changes`` typed in."""
    data = {}
    for key, value in {**RuleSetForm(preset=preset, name=name).initial, **changes}.items():
        if value is True:
            data[key] = "on"
        elif value is not False:
            data[key] = str(value)
    return data


def post(client, htmx: bool = False, **data):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(URL, data, **headers)


def test_the_url_name_is_ruleset_create():
    assert reverse("ruleset-create") == URL


def test_it_sends_anonymous_users_to_login(client):
    assert post(client, **form_data()).status_code == 302
    assert not RuleSet.objects.filter(name="両翻縛り").exists()


def test_it_forbids_scorekeepers(client_as, scorekeeper):
    assert post(client_as(scorekeeper), **form_data()).status_code == 403


def test_the_form_shows_labelled_fields_in_the_clubs_groups(client_as, admin_user):
    body = client_as(admin_user).get(URL).content.decode()
    for group in ("基本", "役", "先付け", "役満", "精算", "終局"):
        assert f"<legend>{group}</legend>" in body
    assert "喰いタン" in body and "鳴いた手で断么九を認める" in body
    assert 'name="uma_3"' in body and 'value="-12000"' in body
    assert 'type="checkbox" name="open_tanyao"' in body and "JSON" not in body


def test_an_admin_creates_a_rule_set_and_only_the_differences_are_stored(client_as, admin_user):
    r = post(client_as(admin_user), **form_data(shibari=2, open_tanyao=False, uma_0=10000, uma_3=-10000))
    rs = RuleSet.objects.get(name="両翻縛り")
    assert r.status_code == 302 and r["Location"] == reverse("ruleset-detail", args=[rs.pk])
    assert rs.options == {"shibari": 2, "open_tanyao": False, "uma": [10000, 4000, -4000, -10000]}
    assert rs.engine().shibari == 2


def test_a_rule_set_left_as_its_preset_stores_no_options(client_as, admin_user):
    post(client_as(admin_user), **form_data(preset="tenhou", name="天鳳そのまま"))
    assert RuleSet.objects.get(name="天鳳そのまま").options == {}


def test_choosing_a_preset_fills_in_its_values_and_keeps_the_name(client_as, admin_user):
    r = client_as(admin_user).get(URL, {"preset": "tenhou", "name": "ネット対戦"}, HTTP_HX_REQUEST="true")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<div id="rule-options"')
    assert re.search(r'<input[^>]*name="red_fives"[^>]*checked', body)  # 赤ドラ
    assert re.search(r'<input[^>]*name="return_points" value="30000"', body)  # 30000 返し
    page = client_as(admin_user).get(URL, {"preset": "tenhou", "name": "ネット対戦"}).content.decode()
    assert 'value="ネット対戦"' in page and '<option value="tenhou" selected>' in page


def test_copy_starts_from_another_rule_sets_values(client_as, admin_user):
    src = services.ruleset_create(name="うちのルール", preset="ariari", options={"shibari": 2})
    body = client_as(admin_user).get(URL, {"copy": src.pk}).content.decode()
    assert 'value="うちのルール のコピー"' in body
    assert '<option value="2" selected>' in body


def test_a_number_out_of_bounds_is_explained_and_the_input_kept(client_as, admin_user):
    r = post(client_as(admin_user), **form_data(name="試し", start_points=25050, noten_total=1500))
    body = r.content.decode()
    assert r.status_code == 422
    assert "持ち点は1000〜200000の範囲で、100点単位で入力してください" in body
    assert 'value="試し"' in body and 'value="25050"' in body and 'value="1500"' in body
    assert not RuleSet.objects.filter(name="試し").exists()


def test_a_name_in_use_gets_a_friendly_message(client_as, admin_user, ariari):
    r = post(client_as(admin_user), htmx=True, **form_data(name=ariari.name))
    assert r.status_code == 422
    assert f"ルール名「{ariari.name}」はもう使われています" in r.content.decode()
    assert "を持った" not in r.content.decode()


def test_a_blank_name_is_explained(client_as, admin_user):
    r = post(client_as(admin_user), **form_data(name="  "))
    assert r.status_code == 422 and "ルールの名前を入力してください" in r.content.decode()


def test_the_form_reads_in_english(client_as, admin_user):
    c = client_as(admin_user)
    c.post(reverse("set_language"), {"language": "en", "next": "/"})
    body = c.get(URL).content.decode()
    assert "Open tanyao" in body and "Tenhou rules (for comparison)" in body and "Settlement" in body
    assert "喰いタン" not in body


def test_reading_a_presets_values_in_without_script_posts_and_keeps_them_out_of_the_address(client_as, admin_user):
    """Issue 19: 「この値を読み込む」 was a GET of the whole form: the CSRF token and every setting went
    into the address bar (and the server's log). Now it is a POST that only reads the preset in."""
    client = client_as(admin_user)
    page = client.get(URL).content.decode()
    button = re.search(r'<button[^>]*>この値を読み込む</button>', page).group(0)
    assert 'formmethod="get"' not in button and 'name="load"' in button
    assert re.search(r'<form method="post" class="rules-form"', page)
    r = client.post(URL, {**form_data(preset="ariari", name="読み込みテスト"), "preset": "tenhou", "load": "1"})
    assert r.status_code == 200 and not RuleSet.objects.filter(name="読み込みテスト").exists()
    body = r.content.decode()
    assert 'value="読み込みテスト"' in body  # the name typed is kept
    assert re.search(r'<option value="tenhou" selected>', body)  # the chosen preset's values are filled in
    form = RuleSetForm(preset="tenhou", name="x")
    assert r.context["form"].initial == {**form.initial, "name": "読み込みテスト"}
