"""A write that waited out the database's busy timeout (SQLite's one writer held by a long results
import): a page that says to try again (503), never a server error."""

import pytest
from django.db import OperationalError

from scoring import services

pytestmark = pytest.mark.django_db


def locked(**kw):
    raise OperationalError("database is locked")


def test_a_write_that_waited_out_the_lock_is_told_to_try_again(client_as, admin_user, monkeypatch):
    monkeypatch.setattr(services, "member_create", locked)
    r = client_as(admin_user).post("/members/new/", {"name": "待田", "kana": "まちだ", "number": 77, "active": "on"})
    assert r.status_code == 503 and r["Retry-After"] == "60"
    body = r.content.decode()
    assert "ほかの保存(成績の取り込みなど、時間のかかるもの)が終わるのを待ちきれなかったため、保存していません。" in body
    assert "「戻る」で入力した画面に戻り" in body


def test_another_database_error_is_still_a_server_error(client_as, admin_user, monkeypatch):
    def broken(**kw):
        raise OperationalError("no such table: scoring_member")

    monkeypatch.setattr(services, "member_create", broken)
    with pytest.raises(OperationalError):
        client_as(admin_user).post("/members/new/", {"name": "待田", "kana": "まちだ", "number": 77, "active": "on"})
