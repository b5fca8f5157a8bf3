"""ManualReport and Dispute move from the tournaments app to the results app (tournaments 0012,
results 0001) in the migration state only: their tables and every stored row stay, both ways."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0011_standingsnapshot_to_standings")]
AFTER = [("results", "0001_initial")]
SEATS = [{"outcome": "win", "rank": 1, "score": 12}, {"outcome": "loss", "rank": 2, "score": 8}]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_reports_and_disputes_stay_while_their_models_change_app_and_back():
    apps = migrate(BEFORE)
    Event, Round = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Round")
    Match, User = apps.get_model("tournaments", "Match"), apps.get_model("auth", "User")
    ann = User.objects.create(username="ann")
    event = Event.objects.create(
        slug="kept", name="Kept", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 1)
    )
    match = Match.objects.create(round=Round.objects.create(event=event, number=1), table=1, state="disputed")
    apps.get_model("tournaments", "ManualReport").objects.create(match=match, reported_by=ann, seats=SEATS)
    apps.get_model("tournaments", "Dispute").objects.create(
        match=match, raised_by=ann, reason="wrong score", previous_state="reported"
    )

    apps = migrate(AFTER)
    for name in ("ManualReport", "Dispute"):
        with pytest.raises(LookupError):
            apps.get_model("tournaments", name)
    Report, Dispute = apps.get_model("results", "ManualReport"), apps.get_model("results", "Dispute")
    assert (Report._meta.db_table, Dispute._meta.db_table) == (
        "tournaments_manualreport",
        "tournaments_dispute",
    )
    report, dispute = Report.objects.get(), Dispute.objects.get()
    assert (report.match_id, report.reported_by_id, report.seats, report.status) == (
        match.pk,
        ann.pk,
        SEATS,
        "pending",
    )
    assert (dispute.match_id, dispute.reason, dispute.status) == (match.pk, "wrong score", "open")
    # The reverse accessors the match page reads are the same.
    game = apps.get_model("tournaments", "Match").objects.get()
    assert (game.reports.count(), game.disputes.count()) == (1, 1)

    apps = migrate(BEFORE)
    assert apps.get_model("tournaments", "ManualReport").objects.get().seats == SEATS
    assert apps.get_model("tournaments", "Dispute").objects.get().reason == "wrong score"
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
    from results.models import Dispute as Current

    assert Current.objects.get().previous_state == "reported"
