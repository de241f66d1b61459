"""The English pages (issue 19): every message the code marks for translation is in the catalogue,
and the pages the walk-through found in Japanese read in English."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from scoring import services
from scoring.access import setup_token_issue

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"


def english(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    return client


@pytest.mark.skipif(not shutil.which("xgettext"), reason="gettext tools are not installed")
def test_every_marked_message_has_an_english_translation(tmp_path):
    """``makemessages`` on a copy of the sources: no message new to the catalogue, none left empty."""
    for name in ("scoring", "templates", "clubsite", "rules", "locale", "manage.py"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tmp_path / name)
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "en", "--no-obsolete", "-v", "0"],
                   cwd=tmp_path, check=True, capture_output=True,
                   env={**os.environ, "DJANGO_SETTINGS_MODULE": "clubsite.settings", "PYTHONPATH": str(tmp_path)})
    missing = []
    for entry in (tmp_path / PO.relative_to(ROOT)).read_text().split("\n\n")[1:]:
        # an empty translation: a msgstr (or a plural's msgstr[n]) "" that no continued line follows
        if "#, fuzzy" in entry or re.search(r'msgstr(\[\d\])? ""\s*(?=\nmsgstr|\Z)', entry):
            missing.append(re.search(r'msgid (".*")', entry).group(1) + ("…" if 'msgid ""\n"' in entry else ""))
    assert missing == []


def _po_entries(text: str):
    """(key, translation) of each translated entry of a .po text, keyed as Python's gettext keys a
    compiled catalogue: ``context\x04msgid``, and ``(msgid, n)`` for each plural form."""
    for block in text.split("\n\n")[1:]:  # the first is the header
        fields: dict[str, str] = {}
        for line in block.splitlines():
            if line.startswith(("msgctxt", "msgid", "msgstr")):
                name, _sep, line = line.partition(" ")
                assert name not in fields, f"two entries without a blank line between them:\n{block}"
                fields[name] = ""
            if line.startswith('"'):
                fields[name] += line[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        if "#, fuzzy" in block or "msgid" not in fields:
            continue
        msgid = (fields["msgctxt"] + "\x04" if "msgctxt" in fields else "") + fields["msgid"]
        if "msgid_plural" in fields:
            yield from (((msgid, int(k[7:-1])), v) for k, v in fields.items() if k.startswith("msgstr["))
        elif fields["msgstr"]:
            yield msgid, fields["msgstr"]


def test_the_compiled_catalogue_is_the_catalogue():
    """``django.mo`` holds every translation of ``django.po``: a .mo left newer than its .po (by a
    merge) is skipped by compilemessages, and the pages then stay in Japanese."""
    import gettext

    with (PO.parent / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog
    stale = [key for key, text in _po_entries(PO.read_text()) if compiled.get(key) != text]
    assert stale == []


@pytest.mark.django_db
def test_the_setup_page_is_in_english(client):
    body = english(client).get(f"/setup/?token={setup_token_issue()}").content.decode()
    assert "(10 characters or more)" in body and "10 characters or more; nothing like the user name" in body
    assert "管理者のユーザー名" not in body and "10文字以上" not in body


@pytest.mark.django_db
def test_a_corrected_dispute_says_so_in_english(client_as, admin_user, hanchan, ron, scorekeeper):
    services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    dispute = services.dispute_open(hand=hanchan.hands.get(), by=admin_user, comment="符が違います")
    services.dispute_rule(dispute=dispute, by=admin_user, decision="amended", reason="40符でした",
                          event=ron(1, 0, 3, 40))
    client = english(client_as(admin_user))
    for url in (reverse("dispute-list") + "?status=closed", reverse("dispute-detail", args=[dispute.pk])):
        body = client.get(url).content.decode()
        assert "Corrected" in body and ">訂正<" not in body, url


@pytest.mark.django_db
def test_the_navigation_names_the_checker_and_the_disputes(client):
    body = english(client).get("/").content.decode()
    nav = body[body.index("<nav>"):body.index("</nav>")]
    assert ">Checker</a>" in nav and ">Disputes</a>" in nav


@pytest.mark.django_db
def test_the_hanchan_page_names_a_preset_rule_set_in_english_like_the_club_day(client, hanchan):
    from django.utils import translation

    from scoring.selectors.rulesets import ruleset_display_name

    with translation.override("en"):
        shown = ruleset_display_name(hanchan.ruleset_in_force)
    assert shown != hanchan.ruleset_in_force.name  # a preset: its English name
    client = english(client)
    assert f"Rules: {shown}" in client.get(reverse("hanchan-detail", args=[hanchan.pk])).content.decode()
    assert shown in client.get(reverse("clubday-detail", args=[hanchan.clubday_id])).content.decode()
