"""CSV out (results and standings, streamed) and in (results: upload, dry-run preview, commit)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import readable, scorekeeper_required
from ..forms.boards import BoardFilterForm
from ..forms.csvio import ResultsImportConfirmForm, ResultsImportForm
from ..models import ClubDay, ResultsImport, RuleSet
from ..selectors import csvio as selectors_csv
from ..services import csvcells, csvio as csv_service
from .common import error_list, form_errors

PREVIEW_ROWS = 200
# An import is one transaction: on SQLite it holds the write lock (every scorekeeper waits) while
# it runs. Bigger files go through ``manage.py importresults``.
WEB_MAX_HANCHAN = 2000


def export_filters(params: QueryDict) -> dict[str, Any]:
    """The filters from the URL, as ``selectors.standings`` takes them: either the standings page's
    own query string (a link from that page just adds ``.csv``), or the short form ``from``, ``to``,
    ``day``, ``ruleset`` (id or name), ``min_games``. ValueError with a message for a bad value."""
    if "period" in params or "clubday" in params:
        form = BoardFilterForm(params)
        if not form.is_valid():
            raise ValueError(" ".join(form_errors(form)))
        return form.filters()
    out: dict[str, Any] = {}
    for param, key in (("from", "start"), ("to", "end")):
        if params.get(param):
            try:
                out[key] = datetime.date.fromisoformat(params[param])
            except ValueError:
                raise ValueError(_("%(p)s は YYYY-MM-DD の日付で指定してください") % {"p": param}) from None
    if params.get("day"):
        try:
            out["clubday"] = ClubDay.objects.get(pk=int(params["day"]))
        except (ValueError, ClubDay.DoesNotExist):
            raise ValueError(_("例会が見つかりません(day=%(v)s)") % {"v": params["day"]}) from None
    if params.get("ruleset"):
        value = params["ruleset"]
        rs = (RuleSet.objects.filter(pk=int(value)).first() if value.isdecimal() else None) \
            or RuleSet.objects.filter(name=value).first()
        if rs is None:
            raise ValueError(_("ルールが見つかりません(ruleset=%(v)s)") % {"v": value})
        out["ruleset"] = rs
    try:
        out["min_games"] = max(int(params.get("min_games") or params.get("min") or 0), 0)
    except ValueError:
        raise ValueError(_("min_games は整数で指定してください")) from None
    out["include_inactive"] = params.get("inactive") in ("1", "on", "true", "True")
    return out


def _export(request: HttpRequest, name: str, columns: list[str],
            rows_for: Callable[[dict[str, Any]], Iterable[list[Any]]]) -> HttpResponse:
    """The CSV of ``rows_for(filters)``, or 400 with the message of a bad filter."""
    try:
        filters = export_filters(request.GET)
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    lines = selectors_csv.csv_lines(columns, rows_for(filters))
    response = StreamingHttpResponse((line.encode("utf-8") for line in lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-{timezone.localdate():%Y%m%d}.csv"'
    return response


@readable
def results_csv(request: HttpRequest) -> HttpResponse:
    return _export(request, "results", selectors_csv.RESULT_COLUMNS, lambda filters: selectors_csv.result_rows(
        **{k: v for k, v in filters.items() if k in ("start", "end", "clubday", "ruleset")}))


@readable
def standings_csv(request: HttpRequest) -> HttpResponse:
    # computed before the response starts, so an error is an error page, not a cut-off file
    return _export(request, "standings", selectors_csv.STANDINGS_COLUMNS,
                   lambda filters: list(selectors_csv.standings_rows(**filters)))


@scorekeeper_required
def results_import(request: HttpRequest) -> HttpResponse:
    """GET: the upload form. POST with a file: the dry run (what would be created, or every refused
    row). POST with the confirm token: store it all, or nothing."""
    if request.method != "POST":
        return _page(request, form=ResultsImportForm())
    if "token" in request.POST:
        return _commit(request)
    form = ResultsImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, form=form, status=422)
    upload = form.cleaned_data["file"]
    create, ruleset = form.cleaned_data["create_members"], form.cleaned_data["ruleset"]
    try:
        # one byte past the limit is enough for upload_sheets to refuse a file as too large
        sheets = csvcells.upload_sheets(upload.read(csvcells.MAX_BYTES + 1))
    except ValidationError as exc:
        form.add_error("file", exc)
        return _page(request, form=form, status=422)
    plan = csv_service.results_import_check(sheets=sheets, create_members=create, ruleset=ruleset)
    confirm = None
    if plan.ok:
        token = ResultsImportConfirmForm.token_for(upload.name, sheets)
        if len(plan.hanchans) > WEB_MAX_HANCHAN or len(token) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 10_000:
            plan.notes.append(_("このファイルは画面から取り込むには大きすぎます(%(n)s 半荘まで)。"
                                "python manage.py importresults で取り込んでください") % {"n": f"{WEB_MAX_HANCHAN:,}"})
        else:
            confirm = ResultsImportConfirmForm(initial={"token": token, "create_members": create, "ruleset": ruleset})
    return _page(request, form=ResultsImportForm(initial={"create_members": create, "ruleset": ruleset}), plan=plan,
                 confirm=confirm, status=200 if plan.ok else 422)


def _commit(request: HttpRequest) -> HttpResponse:
    confirm = ResultsImportConfirmForm(request.POST)
    if not confirm.is_valid():
        return _page(request, form=ResultsImportForm(), errors=form_errors(confirm), status=422)
    d = confirm.cleaned_data
    try:
        plan = services.results_import(sheets=d["token"]["sheets"], file_name=d["token"]["name"],
                                       create_members=d["create_members"], ruleset=d["ruleset"], by=request.user)
    except ValidationError as exc:
        return _page(request, form=ResultsImportForm(), errors=error_list(exc), status=422)
    _imported(request, plan)
    return redirect("results-imports")  # where it is listed, and can be undone


def _imported(request: HttpRequest, plan: csv_service.ImportPlan) -> None:
    # the rows of the hanchan imported (not of those skipped as recorded before): four each
    messages.success(request, _("%(n)s 半荘(%(rows)s 行)を取り込みました") % {"n": len(plan.hanchans),
                                                                     "rows": 4 * len(plan.hanchans)})


@scorekeeper_required
def results_imports(request: HttpRequest) -> HttpResponse:
    """The imports made, newest first: each can be undone, and an undone one imported again."""
    return render(request, "scoring/results_imports.html", {"imports": selectors_csv.results_imports()})


@scorekeeper_required
def results_import_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what the undo would take away; POST: the undo."""
    made = get_object_or_404(ResultsImport.objects.select_related("created_by").defer("sheets"), pk=pk)
    if request.method != "POST":
        if made.undone_at is not None:
            return redirect("results-imports")
        return render(request, "scoring/results_import_undo.html",
                      {"made": made, "effect": selectors_csv.results_import_effect(made)})
    try:
        n = services.results_import_undo(results_import=made, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(error_list(exc)))
    else:
        messages.success(request, _("取り込んだ %(n)s 半荘を取り消しました。取り込みは一覧に残り、もう一度取り込めます")
                         % {"n": n})
    return redirect("results-imports")


@require_POST
@scorekeeper_required
def results_import_again(request: HttpRequest, pk: int) -> HttpResponse:
    """An undone import's sheets, checked and imported again (as a new import)."""
    made = get_object_or_404(ResultsImport, pk=pk, undone_at__isnull=False)
    if made.hanchan_count > WEB_MAX_HANCHAN:
        messages.error(request, _("この取り込みは画面から取り込むには大きすぎます(%(n)s 半荘まで)。"
                                  "python manage.py importresults で元のファイルを取り込んでください")
                       % {"n": f"{WEB_MAX_HANCHAN:,}"})
        return redirect("results-imports")
    try:
        plan = services.results_import(sheets=made.sheets, file_name=made.file_name, ruleset=made.ruleset,
                                       create_members=made.create_members, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(error_list(exc)[:20]))
    else:
        _imported(request, plan)
    return redirect("results-imports")


def _page(request: HttpRequest, *, form: ResultsImportForm, plan=None, confirm=None,
          errors: list[str] | None = None, status: int = 200) -> HttpResponse:
    ctx = {"form": form, "plan": plan, "confirm": confirm, "errors": errors or [],
           "columns": ",".join(selectors_csv.RESULT_COLUMNS), "header_search": csvcells.HEADER_SEARCH,
           "other_headings": [(csvcells.JAPANESE_HEADINGS[c], hs) for c, hs in csvcells.OTHER_HEADINGS.items()]}
    if plan is not None:
        ctx.update(shown=plan.hanchans[:PREVIEW_ROWS], hidden_count=max(len(plan.hanchans) - PREVIEW_ROWS, 0),
                   new_members=sorted(plan.new_members.items()), new_days=sorted(plan.new_days.items()),
                   several_rulesets=len({h.ruleset.pk for h in plan.hanchans}) > 1)
    return render(request, "scoring/csv_import.html", ctx, status=status)
