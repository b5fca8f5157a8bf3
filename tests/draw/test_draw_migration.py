"""Round, Match and MatchSeat move from the tournaments app to the draw app (tournaments 0014,
draw 0001) in the migration state only: their tables and every stored row stay, both ways, and
the rows pointing at a round or a match (seats, audit entries, reports) still find them."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0013_entrants_to_participants"), ("results", "0001_initial")]
AFTER = [("tournaments", "0014_rounds_and_matches_to_draw")]
NAMES = ("Round", "Match", "MatchSeat")
SEATS = [{"outcome": "win", "rank": 1, "score": 12}, {"outcome": "loss", "rank": 2, "score": 8}]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_rounds_and_matches_stay_while_their_models_change_app_and_back():
    apps = migrate(BEFORE)
    Event, User = apps.get_model("tournaments", "Event"), apps.get_model("auth", "User")
    ann = User.objects.create(username="ann")
    event = Event.objects.create(
        slug="kept", name="Kept", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 1)
    )
    Registration = apps.get_model("participants", "Registration")
    ann_entry = Registration.objects.create(event=event, player=ann, display_name="Ann")
    bob_entry = Registration.objects.create(event=event, display_name="Bob")
    round_ = apps.get_model("tournaments", "Round").objects.create(event=event, number=1, state="published")
    match = apps.get_model("tournaments", "Match").objects.create(
        round=round_, table=3, state="reported", result_source="report"
    )
    MatchSeat = apps.get_model("tournaments", "MatchSeat")
    MatchSeat.objects.create(match=match, registration=ann_entry, index=0, outcome="win", score=12)
    MatchSeat.objects.create(match=match, registration=bob_entry, index=1, outcome="loss", score=8)
    apps.get_model("tournaments", "AuditEntry").objects.create(
        event=event, round=round_, match=match, actor=ann, action="reported", detail="12-8"
    )
    apps.get_model("results", "ManualReport").objects.create(match=match, reported_by=ann, seats=SEATS)

    apps = migrate(AFTER)
    for name in NAMES:
        with pytest.raises(LookupError):
            apps.get_model("tournaments", name)
    tables = {name: apps.get_model("draw", name)._meta.db_table for name in NAMES}
    assert tables == {name: f"tournaments_{name.lower()}" for name in NAMES}
    kept = apps.get_model("draw", "Match").objects.get()
    assert (kept.round.number, kept.table, kept.state, kept.result_source) == (1, 3, "reported", "report")
    assert [(s.registration.display_name, s.outcome, s.score) for s in kept.seats.order_by("index")] == [
        ("Ann", "win", 12),
        ("Bob", "loss", 8),
    ]
    entry = apps.get_model("tournaments", "AuditEntry").objects.get()
    assert (entry.round_id, entry.match_id) == (round_.pk, match.pk)
    assert apps.get_model("results", "ManualReport").objects.get().match.table == 3
    assert apps.get_model("participants", "Registration").objects.get(display_name="Bob").seats.count() == 1

    apps = migrate(BEFORE)
    assert apps.get_model("tournaments", "Match").objects.get().seats.count() == 2
    assert apps.get_model("tournaments", "Round").objects.get().state == "published"
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
    from draw.models import Match as Current

    assert Current.objects.get().audit_entries.get().action == "reported"
