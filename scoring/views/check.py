"""判定ツール: the hand checker (public, it shows no club data), its JSON twin for scripts, and the
例題集 built from the club's sample hands."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import push_url

import rules
from clubsite.middleware import long_url_ok
from rules.__main__ import MAX_BYTES, answer
from rules.options_info import preset_label

from .. import examples
from ..checklink import link_query, melds_to_text
from ..forms.check import CheckForm, read_tiles
from ..models import RuleSet
from ..selectors.check import check_hand, club_rulesets
from .common import form_errors, phone_url


@require_safe  # GET, and HEAD (a link checker, a monitor)
def check(request: HttpRequest) -> HttpResponse:
    """The hand in the URL, judged under the club's rule set and every preset; htmx gets the results."""
    choices, club = club_rulesets()
    data = request.GET.copy()
    for key, default in (("rs", club), ("tsumo", "0"), ("seat", "S"), ("round", "E")):
        if not data.get(key):
            data[key] = default
    form = CheckForm(data, rulesets=choices)
    result, path, status = None, "", 200 if form.is_valid() else 422
    if form.is_valid() and form.cleaned_data["hand"].strip():
        rs = form.cleaned_data["rs"]
        ruleset = RuleSet.objects.filter(pk=rs).first() if rs else None
        result = check_hand(document=form.document(), ruleset=ruleset)
        query = link_query(form.document())
        if rs and rs != club:  # a link follows the club's rule set of the day it is opened
            query["rs"] = rs
        path = link_path(query)
        if result["error"]:
            status = 422
    if form.is_valid() and form.cleaned_data["melds"]:  # shown short (the palette reads both forms)
        form.data["melds"] = melds_to_text(form.cleaned_data["melds"])
    situation = any(data.get(k) for k in ("riichi", "ippatsu", "sit", "dora", "ura")) or \
        (data.get("seat"), data.get("round")) != ("S", "E")
    ctx = {"form": form, "result": result, "link": phone_url(request, path) if path else "",
           "situation_open": situation, "errors": form_errors(form)}
    response = render(request, "scoring/check.html" + ("#results" if request.htmx else ""), ctx, status=status)
    if request.htmx and path:  # the address bar shows the short link, not the form's fields as typed
        push_url(response, path)
    return response


def link_path(query: dict) -> str:
    """``/check/?…`` of a link's parameters (commas left readable: ``melds=chi234m,pon777z``)."""
    return reverse("check") + "?" + urlencode(query, doseq=True, safe=",")


def _json(out: dict, status: int) -> HttpResponse:
    # the CLI's bytes exactly (rules/__main__.py ``_write``): a lone surrogate goes out escaped
    text = json.dumps(out, ensure_ascii=False, indent=2) + "\n"
    return HttpResponse(text.encode("utf-8", "backslashreplace"), status=status,
                        content_type="application/json; charset=utf-8")


@long_url_ok  # ?doc= is bounded (MAX_BYTES) and refused in the JSON scripts read
@csrf_exempt  # it writes nothing; scripts POST a document as `python -m rules compare` reads it
@require_http_methods(["GET", "HEAD", "POST"])
def check_json(request: HttpRequest) -> HttpResponse:
    """``python -m rules compare`` over HTTP: ``?doc=<JSON>`` or the JSON as the POST body."""
    if request.method == "POST":
        size = int(request.META.get("CONTENT_LENGTH") or 0)
        raw = request.read(MAX_BYTES + 1) if size <= MAX_BYTES else None
    elif "doc" in request.GET:
        raw = request.GET["doc"].encode("utf-8", "surrogatepass")
    else:
        return _json({"error": {"code": "bad_document",
                                "message": "give the document as ?doc=<JSON> or as the POST body",
                                "ja": "文書を ?doc=<JSON> か POST の本文で指定してください"}}, 400)
    if raw is not None and len(raw) > MAX_BYTES:
        raw = None
    out, code = answer("compare", raw)
    return _json(out, {0: 200, 2: 400}.get(code, 500))


@require_safe
def check_examples(request: HttpRequest) -> HttpResponse:
    """例題集: every sample hand of the seeds with its verdict under A and B, linking to the checker."""
    lang = get_language() or "ja"
    names = [f"A {preset_label('sakizuke_a', lang)}", f"B {preset_label('shimamachi', lang)}"]
    sections = {ja: {"ja": ja, "en": en, "cases": []} for _prefix, ja, en in examples.SECTIONS}
    for case in examples.CASES:
        document = examples.document(case)
        out = rules.compare(document, ["sakizuke_a", "shimamachi"])["verdicts"]
        sections[examples.section_of(case)]["cases"].append({
            "case": case, "document": document, "pairs": list(zip(out, names)), "url": link_path(link_query(document)),
        })
    return render(request, "scoring/examples.html", {"sections": [s for s in sections.values() if s["cases"]]})


@require_safe
def check_tiles(request: HttpRequest) -> JsonResponse:
    """The tap palette's reader of typed tiles, as JSON."""
    return JsonResponse(read_tiles(request.GET.get("hand", ""), request.GET.get("melds", ""),
                                   request.GET.get("win_tile", "")))
