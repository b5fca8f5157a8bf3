"""StandingSnapshot moves from the tournaments app to the standings app (tournaments 0011,
standings 0001) in the migration state only: its table and every stored row stay, both ways."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0010_matchseat_faction")]
AFTER = [("standings", "0001_initial")]
ROWS = [{"rank": 1, "registration": 7, "name": "Ann", "dropped": False, "metrics": {"points": 3}}]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def tables() -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.table_names(cursor))


def test_stored_standings_stay_while_the_model_changes_app_and_back():
    apps = migrate(BEFORE)
    Event, Round = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Round")
    event = Event.objects.create(
        slug="kept", name="Kept", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 1)
    )
    round_ = Round.objects.create(event=event, number=1, state="closed")
    apps.get_model("tournaments", "StandingSnapshot").objects.create(
        event=event, round=round_, order=["points"], rows=ROWS
    )

    apps = migrate(AFTER)
    with pytest.raises(LookupError):
        apps.get_model("tournaments", "StandingSnapshot")
    moved = apps.get_model("standings", "StandingSnapshot")
    assert moved._meta.db_table == "tournaments_standingsnapshot"
    snapshot = moved.objects.get()
    assert (snapshot.event_id, snapshot.round_id, snapshot.order, snapshot.rows) == (
        event.pk,
        round_.pk,
        ["points"],
        ROWS,
    )
    # The reverse accessors the pages and check_event read are the same.
    assert apps.get_model("tournaments", "Round").objects.get().standings.rows == ROWS
    assert apps.get_model("tournaments", "Event").objects.get().standing_snapshots.count() == 1
    assert "standings_standingsnapshot" not in tables()

    apps = migrate(BEFORE)
    back = apps.get_model("tournaments", "StandingSnapshot").objects.get()
    assert (back.round_id, back.rows) == (round_.pk, ROWS)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
    from standings.models import StandingSnapshot

    assert StandingSnapshot.objects.get().rows == ROWS
