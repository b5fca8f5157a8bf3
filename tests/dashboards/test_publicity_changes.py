"""The logs whose publicity may have changed are queued by the database (``visibility.models.PublicityChange``,
PostgreSQL triggers), whatever made the change: the public-only summaries check those logs' games alone, so with
none queued the check reads nothing, and what they give still equals the sums over the public games' verdicts
under every filter; the sweep counts the queued games again and empties the queue, as a rebuild leaves it."""

from __future__ import annotations

import io
from importlib import import_module

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection

from dashboards import providers, summaries
from dashboards.models import GameStat, VerdictGroupDaily, VerdictGroupMonthly
from visibility.models import PublicityChange, PublishedLog

from .verdict_group_checks import compare_groups

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HR = "hoplomachus-remastered"


@pytest.fixture
def loaded():
    call_command("load_synthetic_meta", games=120, seed=11, logs=True, game=[HR], players=12, public=0.4,
                 stdout=io.StringIO())  # fmt: skip
    cache.clear()


def queued() -> set[int]:
    return set(PublicityChange.objects.values_list("log_id", flat=True))


def _groups() -> list:
    fields = ("day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode", "name", "key")
    return [
        row
        for model in (VerdictGroupDaily, VerdictGroupMonthly)
        for row in model.objects.filter(name__startswith="hr-dice-player")
        .order_by(*fields)
        .values_list(*fields, "n0", "n1", "n2", "n3")
    ]


def test_with_no_change_queued_the_check_reads_nothing(loaded, django_assert_num_queries):
    assert PublishedLog.objects.exists() and not queued()  # the load's publications, counted by its rebuild
    with django_assert_num_queries(1):  # the queue, found empty
        gained, lost = providers.publicity_moved(GameStat.objects.all())
        assert not gained and not lost
    assert compare_groups(HR) > 100


def test_changes_no_hook_sees_are_queued_counted_as_read_and_swept(loaded):
    stats = GameStat.objects.filter(game=HR, game_log__isnull=False).order_by("id")
    private = [s.game_log_id for s in stats.filter(groups_public=False)[:3]]
    public = [s.game_log_id for s in stats.filter(groups_public=True)[:3]]
    rows = _groups()
    PublishedLog.objects.bulk_create([PublishedLog(log_id=log) for log in private[:2]])  # no hook
    PublishedLog.objects.filter(log_id=public[0]).delete()
    PublishedLog.objects.filter(log_id=public[1]).update(log_id=private[2])  # one publication moved
    assert queued() == {*private, public[0], public[1]}
    assert _groups() == rows  # the bucket rows count them as before, the data sets correct as they read
    assert compare_groups(HR) > 100

    assert summaries.publicity_changed() == 5  # the periodic sweep: the queued games counted as they are
    assert not queued()
    assert compare_groups(HR) > 100
    swept = _groups()
    assert swept != rows
    summaries.rebuild_all()
    assert _groups() == swept and not queued()


def test_a_hook_takes_its_own_log_off_the_queue(loaded):
    stats = GameStat.objects.filter(game=HR, game_log__isnull=False).order_by("id")
    one, other = (s.game_log_id for s in stats.filter(groups_public=False)[:2])
    PublishedLog.objects.create(log_id=one)
    PublishedLog.objects.create(log_id=other)
    assert summaries.publicity_changed([one]) == 1  # as visibility.publish does for its log
    assert queued() == {other}
    assert compare_groups(HR) > 100


def test_the_migration_queues_the_games_counted_otherwise(loaded):
    stats = GameStat.objects.filter(game=HR, game_log__isnull=False).order_by("id")
    private = [s.game_log_id for s in stats.filter(groups_public=False)[:2]]
    public = [s.game_log_id for s in stats.filter(groups_public=True)[:2]]
    with connection.cursor() as cursor:
        # Changes made before the triggers were there (replication role: no trigger fires).
        cursor.execute("SET session_replication_role = replica")
        try:
            PublishedLog.objects.bulk_create([PublishedLog(log_id=log) for log in private])
            PublishedLog.objects.filter(log_id__in=public).delete()
        finally:
            cursor.execute("SET session_replication_role = DEFAULT")
        assert not queued()
        cursor.execute(import_module("visibility.migrations.0002_publicity_changes").COUNTED_OTHERWISE)
    assert queued() == {*private, *public}
    assert summaries.publicity_changed() == 4 and not queued()
    assert compare_groups(HR) > 100
