"""The page cache's generations (``scoring.generations``) on the shared cache of the settings."""

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings

from scoring import generations

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_generation_stays_until_it_is_renewed():
    first = generations.generation("hanchan:1")
    assert generations.generation("hanchan:1") == first
    generations.new_generation("hanchan:1")
    assert generations.generation("hanchan:1") != first


def test_on_the_database_cache_the_renewal_commits_with_the_write():
    first = generations.generation("boards")
    with transaction.atomic():
        generations.new_generation("boards")
        during = generations.generation("boards")
    assert first != during == generations.generation("boards")


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}})
def test_on_another_cache_a_renewal_is_renewed_again_at_the_commit():
    """Redis sees a renewal at once: what a reader caches between it and the commit (the old data,
    under the new generation) is retired by the second renewal."""
    first = generations.generation("boards")
    with transaction.atomic():
        generations.new_generation("boards")
        during = generations.generation("boards")
    assert first != during != generations.generation("boards")


def test_on_the_database_cache_a_rolled_back_write_keeps_the_generation():
    first = generations.generation("boards")
    with pytest.raises(RuntimeError), transaction.atomic():
        generations.new_generation("boards")
        raise RuntimeError
    assert generations.generation("boards") == first


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


def test_a_start_of_the_app_forgets_everything_older_code_drew():
    """The shared cache outlives a restart: ``manage.py clubstart`` (``make run``) empties it."""
    from django.core.management import call_command

    before = generations.generation("boards", "hanchan:1")
    cache.set(f"template.cache.x.{before}", "drawn by the code that ran before", timeout=None)
    call_command("clubstart", "--no-serve", stdout=open("/dev/null", "w"))
    after = generations.generation("boards", "hanchan:1")
    assert before != after and cache.get(f"template.cache.x.{before}") is None


def test_several_generations_are_read_in_one_look_up(django_assert_num_queries):
    both, names = generations.generations(("boards", "names"), ("names",))
    assert (both, names) == (generations.generation("boards", "names"), generations.generation("names"))
    with django_assert_num_queries(1):  # on the database cache: one query for all of them
        generations.generations(("boards", "names"), ("names",))
