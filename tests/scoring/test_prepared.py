"""``scoring.prepared``: reads whose SQL is built once give what the ORM gives."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError

from scoring import prepared, services
from scoring.models import Hanchan, HandRecord, RuleSet
from scoring.prepared import HANCHAN_RELATED


def _same(a, b, related) -> None:
    """Same fields, and the same related objects already loaded (no query to reach them)."""
    assert type(a) is type(b)
    assert {f.attname: getattr(a, f.attname) for f in a._meta.concrete_fields} == \
           {f.attname: getattr(b, f.attname) for f in b._meta.concrete_fields}
    assert a._state.adding is False and a._state.db == b._state.db
    for path in related:
        x, y = a, b
        for name in path.split("__"):
            x, y = getattr(x, name), getattr(y, name)
            if y is None:
                assert x is None
                break
            assert {f.attname: getattr(x, f.attname) for f in x._meta.concrete_fields} == \
                   {f.attname: getattr(y, f.attname) for f in y._meta.concrete_fields}


def test_hanchan_read_equals_the_orm(hanchan, django_assert_num_queries):
    other = RuleSet.objects.create(name="別ルール", preset="ariari", options={"shibari": 2})
    Hanchan.objects.filter(pk=hanchan.pk).update(ruleset=other)  # the nullable join filled too
    expected = Hanchan.objects.select_related(*HANCHAN_RELATED).get(pk=hanchan.pk)
    with django_assert_num_queries(1):
        got = prepared.hanchan.get(hanchan.pk)
        _same(got, expected, HANCHAN_RELATED)
        assert got.ruleset_in_force.name == "別ルール" and got.player_names() == expected.player_names()


def test_a_second_hanchan_is_read_with_the_same_sql(hanchan, members, clubday):
    second = services.hanchan_create(clubday=clubday, table=2, players=list(reversed(members[:4])))
    assert prepared.hanchan.get(hanchan.pk).seat0 == members[0]
    assert prepared.hanchan.get(second.pk).seat0 == members[3]
    assert prepared.hanchan.get(second.pk).ruleset is None


def test_hand_read_equals_the_orm(hanchan, scorekeeper, ron):
    hand = services.hanchan_record_hand(hanchan=hanchan, event=ron(1, 0, 3, 30), by=scorekeeper)
    expected = HandRecord.objects.select_related(*(f"hanchan__{r}" for r in HANCHAN_RELATED)).get(pk=hand.pk)
    got = prepared.hand.get(hand.pk)
    _same(got, expected, [f"hanchan__{r}" for r in HANCHAN_RELATED])
    assert got.event == ron(1, 0, 3, 30)  # JSON decoded as the ORM decodes it


def test_missing_row_raises_does_not_exist(db):
    with pytest.raises(Hanchan.DoesNotExist):
        prepared.hanchan.get(987654)
    with pytest.raises(HandRecord.DoesNotExist):
        prepared.hand.get(987654)


@pytest.mark.django_db(transaction=True)
def test_the_locking_read_needs_a_transaction(hanchan):
    with pytest.raises(TransactionManagementError):
        prepared.hanchan_locked.get(hanchan.pk)
    with transaction.atomic():
        assert prepared.hanchan_locked.get(hanchan.pk).pk == hanchan.pk


def test_stored_events_are_the_hands_input_in_order(hanchan, scorekeeper, ron):
    assert prepared.stored_events(hanchan.pk) == []
    first, second = ron(1, 0, 3, 30), {"type": "draw", "tenpai": [0, 2]}
    services.hanchan_record_hand(hanchan=hanchan, event=first, by=scorekeeper)
    services.hanchan_record_hand(hanchan=hanchan, event=second, by=scorekeeper)
    assert prepared.stored_events(hanchan.pk) == [first, second] == \
        list(hanchan.hands.order_by("order").values_list("event", flat=True))


def test_hands_in_order_equal_the_orm(hanchan, scorekeeper, ron):
    assert prepared.hands.all(hanchan.pk) == []
    for event in (ron(1, 0, 3, 30), {"type": "draw", "tenpai": [0, 2]}, ron(2, 1, 1, 30)):
        services.hanchan_record_hand(hanchan=hanchan, event=event, by=scorekeeper)
    got, expected = prepared.hands.all(hanchan.pk), list(hanchan.hands.order_by("order"))
    assert [h.order for h in got] == [0, 1, 2]
    for a, b in zip(got, expected):
        _same(a, b, [])


def test_set_version_stores_the_version_alone(hanchan):
    history_rows = hanchan.history.count()
    hanchan.version += 5
    hanchan.state = Hanchan.State.VOID  # not stored: only the version is
    prepared.set_version(hanchan)
    stored = Hanchan.objects.get(pk=hanchan.pk)
    assert stored.version == hanchan.version and stored.state == Hanchan.State.IN_PLAY
    assert hanchan.history.count() == history_rows
