"""Migrations 0002 and 0003 move the two-player columns onto seats, and back, losing nothing."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = [("tournaments", "0001_initial")], [("tournaments", "0002_match_seats")]
NO_COLUMNS = [("tournaments", "0003_match_without_entrant_columns")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_results_move_onto_seats_and_back(django_user_model):
    apps = migrate(BEFORE)
    Event, Registration = (
        apps.get_model("tournaments", "Event"),
        apps.get_model("tournaments", "Registration"),
    )
    Round, Match = apps.get_model("tournaments", "Round"), apps.get_model("tournaments", "Match")
    ManualReport = apps.get_model("tournaments", "ManualReport")
    User = apps.get_model("auth", "User")
    event = Event.objects.create(
        slug="old", name="Old", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 1),
        tiebreaks=["points", "vp_diff", "vp", "knockouts"], draw_rule="more_vp",
    )  # fmt: skip
    ann, bob, cy = (
        Registration.objects.create(event=event, player=User.objects.create(username=n), display_name=n)
        for n in ("ann", "bob", "cy")
    )
    round_ = Round.objects.create(event=event, number=1)
    game = Match.objects.create(
        round=round_, table=1, entrant_a=ann, entrant_b=bob, state="confirmed",
        outcome_a="loss", outcome_b="win", vp_a=12, vp_b=30, knockouts_a=1, knockouts_b=3,
    )  # fmt: skip
    Match.objects.create(round=round_, table=2, entrant_a=cy, state="confirmed", outcome_a="win")
    ManualReport.objects.create(match=game, reported_by=ann.player, outcome_a="draw", vp_a=5, vp_b=5)

    apps = migrate(AFTER)
    seats = apps.get_model("tournaments", "MatchSeat").objects.order_by("match__table", "index")
    assert [(s.registration_id, s.index, s.outcome, s.rank, s.score, s.components) for s in seats] == [
        (ann.pk, 0, "loss", 2, 12, {"knockouts_dealt": 1}),
        (bob.pk, 1, "win", 1, 30, {"knockouts_dealt": 3}),
        (cy.pk, 0, "win", 1, 0, {"knockouts_dealt": 0}),
    ]
    report = apps.get_model("tournaments", "ManualReport").objects.get()
    assert [(s["outcome"], s["rank"], s["score"]) for s in report.seats] == [("draw", 1, 5), ("draw", 1, 5)]
    event = apps.get_model("tournaments", "Event").objects.get()
    assert (event.tiebreaks, event.draw_rule) == (
        ["points", "score_diff", "score", "knockouts"],
        "more_score",
    )

    # 0003 drops the two-seat columns; going back fills them from seats 0 and 1.
    migrate(NO_COLUMNS)
    apps = migrate(AFTER)
    tables = apps.get_model("tournaments", "Match").objects.order_by("table")
    assert [(m.entrant_a_id, m.entrant_b_id) for m in tables] == [(ann.pk, bob.pk), (cy.pk, None)]

    apps = migrate(BEFORE)
    game = apps.get_model("tournaments", "Match").objects.get(table=1)
    assert (game.outcome_a, game.outcome_b, game.vp_a, game.vp_b, game.knockouts_a, game.knockouts_b) == (
        "loss", "win", 12, 30, 1, 3,
    )  # fmt: skip
    assert apps.get_model("tournaments", "Event").objects.get().tiebreaks[:3] == ["points", "vp_diff", "vp"]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
