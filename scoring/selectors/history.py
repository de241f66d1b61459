"""Reads of the change history (django-simple-history rows): who changed what, when, before → after."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

import rules

from ..models import ClubDay, FinalScoreSheet, Hanchan, HanchanResult, HandRecord, Member, RuleSet
from ..shared import DISPUTE_REASON, RESTORED, listed

MAX_ROWS = 300  # the newest changes shown on one page

KINDS: dict[str, type[Model]] = {"hand": HandRecord, "hanchan": Hanchan, "member": Member, "ruleset": RuleSet,
                                 "result": HanchanResult}
# fields shown per model (others are caches or bookkeeping); labels from the model unless given here
SHOWN: dict[type[Model], list[str]] = {
    HandRecord: ["order", "event"],
    Hanchan: ["clubday", "table", "number", "seat0", "seat1", "seat2", "seat3", "ruleset", "state", "mode",
              "closed_early"],
    Member: ["name", "kana", "number", "active", "user"],
    RuleSet: ["name", "preset", "options"],
    HanchanResult: ["member", "seat", "score", "rank", "uma", "net"],
    FinalScoreSheet: ["scores", "sticks"],
}
LABELS = {"order": "番号", "event": "内容", "scores": "得点", "sticks": "供託", "seat": "席", "options": "変更する項目",
          "member": "会員", "clubday": "例会"}
WINDS = ("東", "南", "西", "北")  # seat winds from 起家 (translated as they are elsewhere)
ACTIONS = {"+": "作成", "~": "変更", "-": "削除"}
TYPE_NAMES = {"ron": "ロン", "tsumo": "ツモ", "draw": "流局", "chombo": "チョンボ", "penalty": "罰符",
              "abandon": "アガリ放棄", "abortive": "途中流局", "nagashi": "流し満貫"}


@dataclass
class Change:
    field: str
    old: Any
    new: Any


@dataclass
class Entry:
    """One history row, readable: what (``what``, e.g. 「#3」), action, who, when, the changes."""

    when: Any
    who: str
    action: str
    action_code: str
    what: str
    reason: str = ""
    changes: list[Change] = field(default_factory=list)
    hand_id: int | None = None


def event_text(event: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    """A recorded event, readable: ``text`` and the ``tiles`` of each win entered tile by tile."""
    if not isinstance(event, dict):
        return {"text": "—", "tiles": []}

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    kind = event.get("type", "")
    parts = [_(TYPE_NAMES.get(kind, kind))]
    tiles: list[dict[str, Any]] = []
    for win in event.get("wins") or ([event] if "winner" in event else []):
        winner = who(win.get("winner"))
        loser = " ← " + who(event["loser"]) if kind == "ron" and event.get("loser") is not None else ""
        parts.append(f"{winner}{loser} {_value_text(win)}")
        if isinstance(hand := win.get("hand"), dict):
            tiles.append({"winner": winner, "hand": hand.get("hand", ""),
                          "melds": [m.get("tiles", "") for m in hand.get("melds") or [] if isinstance(m, dict)],
                          "win_tile": hand.get("win_tile", "")})
    if kind == "draw":
        tenpai = event.get("tenpai") or []
        parts.append(_("テンパイ: %(who)s") % {"who": listed(who(s) for s in tenpai)} if tenpai else _("全員ノーテン"))
    parts += [who(event[key]) for key in ("offender", "player") if event.get(key) is not None]
    if event.get("kind"):
        parts.append(str(event["kind"]))
    text = " ".join(p for p in parts if p)
    if event.get("riichi"):
        text += " / " + _("リーチ: %(who)s") % {"who": listed(who(s) for s in event["riichi"])}
    if event.get("pao") is not None:
        text += " / " + _("パオ: %(who)s") % {"who": who(event["pao"])}
    return {"text": text, "tiles": tiles}


def _value_text(win: dict[str, Any]) -> str:
    if win.get("yakuman"):
        return _("役満") if win["yakuman"] == 1 else _("%(n)s倍役満") % {"n": win["yakuman"]}
    if win.get("han") is not None:
        fu = _("%(fu)s符") % {"fu": win["fu"]} if win.get("fu") else ""
        return _("%(han)s翻") % {"han": win["han"]} + fu
    if isinstance(win.get("hand"), dict):
        return _("(牌で入力)")
    return ""


def _names_for(hanchan_ids: set[int]) -> dict[int, list[str]]:
    hanchans = Hanchan.objects.filter(pk__in=hanchan_ids).select_related("seat0", "seat1", "seat2", "seat3")
    return {h.pk: h.player_names() for h in hanchans}


class _Lookups:
    """Names for the ids in history rows (members, rule sets, club days, users), fetched once."""

    def __init__(self, rows: list[Any], *, admin: bool) -> None:
        def ids(*fields: str) -> set[int]:
            return {getattr(row, f) for row in rows for f in fields if getattr(row, f, None)}

        members = dict(Member.objects.filter(pk__in=ids("seat0_id", "seat1_id", "seat2_id", "seat3_id", "member_id"))
                       .values_list("pk", "name"))
        self.by_id = {**dict.fromkeys(("seat0", "seat1", "seat2", "seat3", "member"), members),
                      "ruleset": dict(RuleSet.objects.filter(pk__in=ids("ruleset_id")).values_list("pk", "name")),
                      "clubday": {d.pk: str(d) for d in ClubDay.objects.filter(pk__in=ids("clubday_id"))}}
        self.names = _names_for(ids("hanchan_id"))
        self.admin = admin

    def show(self, row: Any, name: str, value: Any) -> Any:
        if value is None or value == "":
            return "—"
        if name in self.by_id:
            return self.by_id[name].get(value, f"#{value}")
        if name == "user":
            return f"#{value}" if self.admin else _("(ログインあり)")
        if name == "event":
            return event_text(value, self.names.get(getattr(row, "hanchan_id", None), ["?"] * 4))
        if name == "order":
            return f"#{value + 1}"
        if name == "seat":
            return _wind(value)
        if isinstance(value, bool):
            return "○" if value else "—"
        if name in ("state", "mode", "preset"):  # the history model keeps the field's choices
            return dict(row._meta.get_field(name).choices).get(value, value)
        if name in ("net", "uma") and isinstance(value, int):  # in thousands, as the result tables show them
            return rules.net_text(value)
        if name in ("options", "scores"):
            return json.dumps(value, ensure_ascii=False)
        return value


def _wind(seat: Any) -> Any:
    return _(WINDS[seat]) if isinstance(seat, int) and 0 <= seat < 4 else seat


def _username(user: Any) -> str:
    return user.get_username() if user else "—"


def _label(model: type[Model], name: str) -> str:
    if name in LABELS:
        return _(LABELS[name])
    return str(model._meta.get_field(name).verbose_name)


def _what(model: type[Model], row: Any) -> str:
    if model is HandRecord:
        return _("#%(n)s の局") % {"n": row.order + 1}
    if model is HanchanResult:
        return _("結果(%(seat)s家)") % {"seat": _wind(row.seat)}
    if model is FinalScoreSheet:
        return _("最終得点の記録")
    return str(model._meta.verbose_name)


def _entries(model: type[Model], rows: list[Any], lookups: _Lookups, *, show_users: bool) -> list[Entry]:
    shown = [f for f in SHOWN[model] if lookups.admin or f != "user"]  # a member's login: admins only
    entries = []
    older = _previous(rows)
    for row in rows:
        prev = None if row.history_type == "+" else older.get(row.history_id) or row.prev_record
        if prev is None:
            changes = [Change(_label(model, f), None, lookups.show(row, f, _field(row, model, f)))
                       for f in shown if _field(row, model, f) not in (None, "", [], {})]
        elif row.history_type == "~":
            changes = [Change(_label(model, c.field), lookups.show(prev, c.field, c.old),
                              lookups.show(row, c.field, c.new))
                       for c in row.diff_against(prev, included_fields=shown).changes]
        else:  # deleted: what was there
            changes = [Change(_label(model, f), lookups.show(row, f, _field(row, model, f)), None)
                       for f in shown if f in ("order", "event", "member", "scores")
                       and _field(row, model, f) not in (None, "")]
        if row.history_type == "~" and not changes:
            continue  # nothing shown changed (e.g. only bookkeeping fields)
        entries.append(Entry(when=row.history_date, who=_username(row.history_user) if show_users else "",
                             action=_(ACTIONS.get(row.history_type, row.history_type)),
                             action_code=row.history_type, what=_what(model, row),
                             reason=_reason(row.history_change_reason), changes=changes,
                             hand_id=row.id if model is HandRecord else None))
    return entries


def _previous(rows: list[Any]) -> dict[int, Any]:
    """``{history_id: the same object's previous row}`` among ``rows`` (newest first)."""
    out: dict[int, Any] = {}
    newer: dict[Any, Any] = {}
    for row in rows:
        if row.id in newer:
            out[newer[row.id].history_id] = row
        newer[row.id] = row
    return out


def _field(row: Any, model: type[Model], name: str) -> Any:
    return getattr(row, model._meta.get_field(name).attname)


def _reason(code: str | None) -> str:
    if code == RESTORED:
        return _("削除から復元")
    if code and code.startswith(DISPUTE_REASON):
        return _("物言いの裁定による訂正(物言い %(pk)s)") % {"pk": code.removeprefix(DISPUTE_REASON)}
    return code or ""


def _rows(history: QuerySet) -> list[Any]:
    """The newest ``MAX_ROWS`` of these history rows, newest first."""
    return list(history.select_related("history_user").order_by("-history_date", "-history_id")[:MAX_ROWS])


def object_history(*, kind: str, pk: int, admin: bool = False, show_users: bool = True) -> dict[str, Any]:
    """The history page of one object; ``LookupError`` for an unknown kind or an object that never
    existed. A hanchan's page gathers the changes of its hands, paper sheets and results too, and
    lists its deleted hands."""
    model = KINDS[kind]  # a KeyError is a LookupError
    rows = _rows(model.history.filter(id=pk))
    if not rows:
        raise LookupError(pk)
    parts: list[tuple[type[Model], list[Any]]] = [(model, rows)]
    ctx = {"title": rows[0].name if model in (Member, RuleSet) else _what(model, rows[0]), "kind": kind,
           "hanchan_id": getattr(rows[0], "hanchan_id", None), "deleted_hands": []}
    if model is Hanchan:
        parts += [(m, _rows(m.history.filter(hanchan_id=pk))) for m in (HandRecord, FinalScoreSheet, HanchanResult)]
        ctx.update(title=None, hanchan_id=pk, deleted_hands=deleted_hands(hanchan_id=pk))
    lookups = _Lookups([row for _m, part in parts for row in part], admin=admin)
    entries = [e for m, part in parts for e in _entries(m, part, lookups, show_users=show_users)]
    entries.sort(key=lambda e: e.when, reverse=True)
    return {**ctx, "entries": entries[:MAX_ROWS], "live": model.objects.filter(pk=pk).exists()}


def deleted_hands(*, hanchan_id: int, names: list[str] | None = None) -> list[dict[str, Any]]:
    """The hands of a hanchan deleted and not restored (「削除された局」), newest deletion first;
    ``names``: the players, when the caller has them."""
    live = HandRecord.objects.filter(hanchan_id=hanchan_id).values_list("pk", flat=True)
    rows = _rows(HandRecord.history.filter(hanchan_id=hanchan_id, history_type="-").exclude(id__in=live))
    if names is None:
        names = _names_for({hanchan_id}).get(hanchan_id, ["?"] * 4)
    newest: dict[int, Any] = {}
    for row in rows:
        newest.setdefault(row.id, row)  # a hand restored and deleted again has two deletions
    return [{"id": row.id, "number": row.order + 1, "event": event_text(row.event, names), "when": row.history_date,
             "who": _username(row.history_user)} for row in newest.values()]
