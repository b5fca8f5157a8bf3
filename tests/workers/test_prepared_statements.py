"""The statements every verdict runs are prepared once per connection (#14: parsing and planning them
again was a third of PostgreSQL's time per verdict), what they read comes back as a queryset would give
it, and ARBITER_DB_PREPARED_STATEMENTS=off (for a pooler that cannot keep them) prepares nothing."""

from __future__ import annotations

import json

import pytest
from django.db import connection

import engine
from accounts.services import create_player
from arbiter_site.prepared import prepared_cursor
from dashboards import models as m
from dashboards.onestatement import Table, _json_value, insert_tree
from gamelogs import verification
from gamelogs.models import GameLog
from gamelogs.services import submit_log
from games.battleground import models as bg

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def prepared(prefix: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", [prefix + "%"])
        return cursor.fetchone()[0]


def uploads(count: int) -> list[int]:
    user = create_player("prepared", "prepared-password-1")
    return [
        submit_log(user, json.dumps(engine.simulate("motu-battleground", seed)).encode()).log.pk
        for seed in range(1, count + 1)
    ]


def test_a_verdicts_statements_are_prepared_once_and_used_again():
    first, second = uploads(2)
    assert verification.verify_stored_log(first) == "legal"
    statements = {
        "claim": "UPDATE gamelogs_gamelog SET state",
        "verdict and history": 'WITH written AS (UPDATE "gamelogs_gamelog"',
        "statistics rows": "WITH ids0 AS MATERIALIZED",
    }
    assert {name: prepared(prefix) for name, prefix in statements.items()} == dict.fromkeys(statements, 1)
    assert verification.verify_stored_log(second) == "legal"
    # The second verdict ran the same prepared statements: none was prepared again.
    assert {name: prepared(prefix) for name, prefix in statements.items()} == dict.fromkeys(statements, 1)
    assert m.GameStat.objects.filter(game_log__in=[first, second]).count() == 2


def test_turned_off_nothing_is_prepared_and_verdicts_are_the_same(settings):
    settings.ARBITER_DB_PREPARED_STATEMENTS = False
    (log_id,) = uploads(1)
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")  # what earlier tests on this connection left
    assert verification.verify_stored_log(log_id) == "legal"
    assert prepared("") == 0
    assert bg.SideStat.objects.filter(game_stat__game_log=log_id).count() == 2


def test_the_claimed_log_is_the_row_a_queryset_reads():
    (log_id,) = uploads(1)
    claimed = verification.claim(log_id, owner="task-1")
    stored = GameLog.objects.get(pk=log_id)
    for field in GameLog._meta.concrete_fields:
        assert getattr(claimed, field.attname) == getattr(stored, field.attname), field.name
    assert isinstance(claimed.players, list) and claimed.players  # JSON parsed, not text
    assert claimed.raw_bytes() == stored.raw_bytes()
    assert claimed.state == "verifying" and claimed.lease_owner == "task-1"
    assert not claimed._state.adding


def test_statistics_values_go_through_json_exactly():
    """Rows travel to PostgreSQL as one JSON text per table: floats come back to the last digit,
    dates as dates, and a value JSON cannot hold is refused before anything is sent."""
    (log_id,) = uploads(1)
    stat = m.GameStat(
        game_log_id=log_id,
        game="motu-battleground",
        played_on="2026-05-04",
        rating=1512.3456789,
        rounds_played=4,
    )
    side = {"player": "p1", "player_name": "P", "faction": "f", "faction_name": "F", "force_points": 1,
            "first_player": True, "result": "win"}  # fmt: skip
    test_row = {"character": "he-man", "kind": "attack", "stat": "strength", "tests": 3, "dice": 6, "successes": 2,
                "expected_successes": 0.1 + 0.2}  # fmt: skip
    (stat_id,) = insert_tree(
        [
            Table(m.GameStat, [stat]),
            Table(bg.SideStat, [side], 0, "game_stat_id", [0]),
            Table(bg.TestStat, [test_row], 1, "side_id", [0]),
        ]  # fmt: skip
    )
    stored = m.GameStat.objects.get(pk=stat_id)
    assert stored.rating == 1512.3456789 and str(stored.played_on) == "2026-05-04"
    assert bg.TestStat.objects.get(side__game_stat=stat_id).expected_successes == 0.30000000000000004
    with pytest.raises(ValueError):
        insert_tree([Table(m.GameStat, [m.GameStat(game_log_id=log_id, game="x", played_on="2026-05-04",
                                                   rating=float("nan"))])])  # fmt: skip
    with pytest.raises(TypeError):
        _json_value(object())


def test_errors_come_back_as_djangos_own():
    from django.db import DataError

    with pytest.raises(DataError), prepared_cursor() as cursor:
        cursor.execute("SELECT %s::integer", ["not a number"])


def plans(prefix: str) -> tuple[int, int]:
    """(generic, custom) plans PostgreSQL used for the prepared statement starting with ``prefix``."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE %s",
            [prefix + "%"],
        )
        return cursor.fetchone()


@pytest.mark.parametrize("in_a_worker", [False, True])
def test_worker_connections_plan_the_stat_rows_statement_once(in_a_worker):
    """The statement that stores a verdict's stat rows draws ids for as many rows as a parameter says:
    left to itself PostgreSQL plans it again at every verdict (#25). A worker's connection keeps one
    plan for it, as for the other prepared statements, and the verdicts are the same."""
    from workers import celery as worker_app

    logs = uploads(7)
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")  # counts from earlier tests on this connection
    if in_a_worker:
        worker_app.set_generic_plans(None, connection)
    try:
        assert [verification.verify_stored_log(log_id) for log_id in logs] == ["legal"] * 7
        generic, custom = plans("WITH ids0 AS MATERIALIZED")
        assert (generic, custom) == ((7, 0) if in_a_worker else (0, 7))
        assert plans("UPDATE gamelogs_gamelog SET state")[1] == (0 if in_a_worker else 5)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET plan_cache_mode TO auto")
    assert bg.SideStat.objects.filter(game_stat__game_log__in=logs).count() == 14
