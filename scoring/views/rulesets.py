"""Rule sets: list, rules sheet, create (also as a copy of another) and edit (only while unused)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from .. import selectors, services
from ..access import admin_required, readable
from ..forms import RuleSetForm
from ..models import RuleSet
from .common import apply_service, form_status, int_or_none


@readable
def ruleset_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/ruleset_list.html", {"rows": selectors.rulesets_listed()})


@readable
def ruleset_detail(request: HttpRequest, pk: int) -> HttpResponse:
    ruleset = get_object_or_404(RuleSet, pk=pk)
    return render(request, "scoring/ruleset_detail.html",
                  {"ruleset": ruleset, "sheet": selectors.ruleset_sheet(ruleset=ruleset)})


@admin_required
def ruleset_create(request: HttpRequest) -> HttpResponse:
    """The form starts from a preset (``?preset=``) or from a copy of a rule set (``?copy=<pk>``)."""
    if request.method == "POST" and "load" in request.POST:  # 「この値を読み込む」 without script
        return _form_page(request, _preset_form(request.POST), None, loaded=True)
    if request.method == "POST":
        form = RuleSetForm(request.POST)
        if form.is_valid():
            rs = apply_service(form, services.ruleset_create, name=form.cleaned_data["name"],
                               preset=form.cleaned_data["preset"], options=form.options())
            if rs:
                messages.success(request, _("ルール %(name)s を作成しました") % {"name": rs.name})
                return redirect("ruleset-detail", rs.pk)
    else:
        source = RuleSet.objects.filter(pk=int_or_none(request.GET.get("copy"))).first()
        if source is not None:
            form = RuleSetForm(preset=source.preset, options=source.options,
                               name=_("%(name)s のコピー") % {"name": source.name})
        else:
            form = _preset_form(request.GET)
    return _form_page(request, form, None)


@admin_required
def ruleset_update(request: HttpRequest, pk: int) -> HttpResponse:
    ruleset = get_object_or_404(RuleSet, pk=pk)
    used = selectors.hanchan_under_ruleset(ruleset=ruleset).count()
    if request.method == "POST" and "load" in request.POST:  # 「この値を読み込む」 without script
        return _form_page(request, _preset_form(request.POST, instance=ruleset), ruleset, used=used, loaded=True)
    if request.method == "POST":
        form = RuleSetForm(request.POST, instance=ruleset)
        if form.is_valid():
            rs = apply_service(form, services.ruleset_update, ruleset=ruleset, name=form.cleaned_data["name"],
                               preset=form.cleaned_data["preset"], options=form.options())
            if rs:
                messages.success(request, _("ルール %(name)s を変更しました") % {"name": rs.name})
                return redirect("ruleset-detail", rs.pk)
    elif "preset" in request.GET:  # another preset chosen on the page: its values, the name kept
        form = _preset_form(request.GET, instance=ruleset)
    else:
        form = RuleSetForm(preset=ruleset.preset, options=ruleset.options, name=ruleset.name, instance=ruleset)
    return _form_page(request, form, ruleset, used=used)


def _preset_form(data, **kwargs) -> RuleSetForm:
    """The form filled with the values of the preset named in ``data``, keeping the typed name."""
    return RuleSetForm(preset=data.get("preset"), name=data.get("name", "")[:80], **kwargs)


def _form_page(request: HttpRequest, form: RuleSetForm, ruleset: RuleSet | None, used: int = 0,
               loaded: bool = False) -> HttpResponse:
    """``loaded``: a preset's values read in by the no-script 「この値を読み込む」, a POST so that the
    CSRF token and every setting stay out of the address; nothing saved."""
    ctx = {"form": form, "ruleset": ruleset, "used": used}
    if request.htmx and request.method == "GET" and "preset" in request.GET:  # a preset chosen: new values
        return render(request, "scoring/ruleset_form.html#options", ctx)
    return render(request, "scoring/ruleset_form.html", ctx, status=200 if loaded else form_status(request))
