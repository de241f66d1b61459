"""The page cache's generations (``scoring.generations``) on the shared cache of the settings."""

import pytest
from django.core.cache import cache
from django.db import transaction

from scoring import generations

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_generation_stays_until_it_is_renewed():
    first = generations.generation("hanchan:1")
    assert generations.generation("hanchan:1") == first
    generations.new_generation("hanchan:1")
    assert generations.generation("hanchan:1") != first


def test_a_renewal_waits_for_the_commit_and_is_dropped_with_a_rollback():
    first = generations.generation("boards")
    with transaction.atomic():
        generations.new_generation("boards")
        assert generations.generation("boards") == first  # readers still see the old data
    assert generations.generation("boards") != first
    second = generations.generation("boards")
    with pytest.raises(RuntimeError), transaction.atomic():
        generations.new_generation("boards")
        raise RuntimeError
    assert generations.generation("boards") == second


def test_things_have_their_own_generations():
    both = generations.generation("boards", "names")
    generations.new_generation("hanchan:7")
    assert generations.generation("boards", "names") == both
    generations.new_generation("names")
    assert generations.generation("boards", "names") != both


def test_a_generation_lost_from_the_cache_is_replaced_by_one_nothing_was_stored_under():
    seen = {generations.generation("boards")}
    for _ in range(5):
        cache.clear()
        seen.add(generations.generation("boards"))
    assert len(seen) == 6
