"""Reads made on every hand entered or previewed (a hanchan with its club day, rule sets and players),
with their SQL built once per process.

Django builds a query's SQL again on every execution: for the hanchan read with its six joined
tables that is ~0.4 ms, eight times what SQLite takes to run it, and the hand-entry pages make
one or two such reads per request. ``Prepared`` compiles the queryset once per database
connection alias and then runs the SQL with the new primary key, building the model instances the
way Django's own ``ModelIterable`` does (``from_db`` and the ``select_related`` populators). It
relies on the compiler's ``select``/``klass_info`` (Django 5.2, pinned in requirements.txt);
``tests/scoring/test_prepared.py`` checks that it returns what the ORM returns. A plan keeps the
compiler of the connection that built it, which the threads of a worker share: its value
converters read only the backend's settings (time zone, JSON decoder), not that connection's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

from .models import Hanchan, HandRecord

_SENTINEL = -7_340_029  # the primary key the SQL is built with; replaced by the real one on each call


class Prepared:
    """``Prepared(lambda: Model.objects.select_related(...).order_by(...), "field")``: ``get(v)`` the
    object whose ``field`` is ``v`` (``Model.DoesNotExist`` when there is none) and ``all(v)`` every
    one in the queryset's order, read with SQL built on the first call."""

    def __init__(self, queryset: Callable[[], QuerySet], lookup: str = "pk"):
        self.queryset, self.lookup = queryset, lookup
        self._plans: dict[str, tuple[Any, ...]] = {}

    def _plan(self, using: str) -> tuple[Any, ...]:
        qs = self.queryset().using(using).filter(**{self.lookup: _SENTINEL})
        compiler = qs.query.get_compiler(using=using)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        klass_info, select = compiler.klass_info, compiler.select
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        init_list = [f[0].target.attname for f in select[start:end]]
        plan = (qs.model, sql, list(params), list(params).index(_SENTINEL), compiler, init_list, start, end,
                get_related_populators(klass_info, select, using), bool(qs.query.select_for_update))
        self._plans[using] = plan
        return plan

    def all(self, value: Any, using: str = "default") -> list[Model]:
        model, sql, params, at, compiler, init_list, start, end, populators, for_update = (
            self._plans.get(using) or self._plan(using))
        connection = connections[using]
        if for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = params[:]
        params[at] = value
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        out = []
        for row in compiler.results_iter([rows]):
            obj = model.from_db(using, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            out.append(obj)
        return out

    def get(self, value: Any, using: str = "default") -> Model:
        found = self.all(value, using)
        if not found:
            model = self._plans[using][0]
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
        return found[0]


# the hanchan as its pages and writes use it: club day, rule sets and players in one read
HANCHAN_RELATED = ("clubday__ruleset", "ruleset", "seat0", "seat1", "seat2", "seat3")


hanchan = Prepared(lambda: Hanchan.objects.select_related(*HANCHAN_RELATED))
hanchan_locked = Prepared(lambda: Hanchan.objects.select_for_update(of=("self",))
                          .select_related(*HANCHAN_RELATED))  # services: inside their transaction
hand = Prepared(lambda: HandRecord.objects.select_related(*(f"hanchan__{r}" for r in HANCHAN_RELATED)))
hands = Prepared(lambda: HandRecord.objects.order_by("order"), "hanchan_id")  # a hanchan's hands, in order


def set_version(hanchan: Hanchan) -> None:
    """Store ``hanchan.version`` and nothing else (no history, no signals: a version-only bump)."""
    connection = connections["default"]
    q, meta = connection.ops.quote_name, Hanchan._meta
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {q(meta.db_table)} SET {q(meta.get_field('version').column)} = %s"
                       f" WHERE {q(meta.pk.column)} = %s", [hanchan.version, hanchan.pk])


_EVENTS_SQL: dict[str, str] = {}


def stored_events(hanchan_id: int, using: str = "default") -> list[Any]:
    """The stored input (``HandRecord.event``) of a hanchan's hands in order: what every preview and
    hand form reads, by SQL written once and decoded by the field itself (as ``values_list`` does)."""
    connection = connections[using]
    sql = _EVENTS_SQL.get(using)
    if sql is None:
        q, meta = connection.ops.quote_name, HandRecord._meta
        column = lambda name: q(meta.get_field(name).column)
        sql = _EVENTS_SQL[using] = (f"SELECT {column('event')} FROM {q(meta.db_table)}"
                                    f" WHERE {column('hanchan')} = %s ORDER BY {column('order')}")
    decode = HandRecord._meta.get_field("event").from_db_value
    with connection.cursor() as cursor:
        cursor.execute(sql, [hanchan_id])
        return [decode(value, None, connection) for (value,) in cursor.fetchall()]
