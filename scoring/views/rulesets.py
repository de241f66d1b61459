"""Rule sets: list and create."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .. import services
from ..access import admin_required, readable
from ..forms import RuleSetForm
from ..models import RuleSet
from .common import apply_service, form_status


@readable
def ruleset_list(request: HttpRequest) -> HttpResponse:
    rows = [{"ruleset": rs, "options": rs.engine().as_dict()} for rs in RuleSet.objects.order_by("pk")]
    return render(request, "scoring/ruleset_list.html", {"rows": rows, "form": RuleSetForm()})


@admin_required
def ruleset_create(request: HttpRequest) -> HttpResponse:
    form = RuleSetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        rs = apply_service(form, services.ruleset_create, **form.cleaned_data)
        if rs:
            messages.success(request, _("ルール %(name)s を作成しました") % {"name": rs.name})
            return redirect("ruleset-list")
    status = form_status(request)
    return render(request, "scoring/ruleset_form.html", {"form": form}, status=status)
