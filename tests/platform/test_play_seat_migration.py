"""Migrations play 0003-0005 move a table's seat1/seat2 and its result confirmations onto its seats, one
per header player, and back, keeping every stored row."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

BEFORE = [("play", "0002_tablegame_challenge_ref")]
AFTER = [("play", "0005_tablegame_without_seat_columns")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _header(*players):
    return {"game": "g", "players": [{"id": f"p{i}", **p} for i, p in enumerate(players, start=1)]}


def test_two_seat_columns_become_seats_and_come_back():
    apps = migrate(BEFORE)
    TableGame, User = apps.get_model("play", "TableGame"), apps.get_model("auth", "User")
    ann, bob, cy = (User.objects.create(username=n) for n in ("ann", "bob", "cy"))
    duel = TableGame.objects.create(
        code="DUEL22", game="g", status="over", seat1=ann, seat2=bob, result_confirmed=[2],
        header=_header({"name": "Ann", "faction": "ew", "force": "f1"}, {"name": "Bob", "faction": "motu", "force": "f2"}),
        entries=[{"event": {"type": "x"}, "seat": 2}], version=7,
    )  # fmt: skip
    waiting = TableGame.objects.create(
        code="WAIT22", game="g", seat1=cy, header=_header({"name": "Cy", "faction": "a"}, {"name": "?", "faction": "b"})
    )  # fmt: skip
    coop = TableGame.objects.create(  # Eternia's co-op on one phone (FE-18.1.2): three players, seat1 only
        code="COOP33", game="g", status="confirmed", seat1=ann, result_confirmed=[1],
        header=_header(
            {"name": "Ann", "faction": "motu", "force": ["he-man"]},
            {"name": "Bea", "faction": "motu", "force": ["teela"]},
            {"name": "Cid", "faction": "motu", "force": ["stratos"]},
        ),
    )  # fmt: skip

    apps = migrate(AFTER)
    seats = apps.get_model("play", "TableSeat").objects.order_by("table__code", "number")
    assert [
        (s.table.code, s.number, s.user_id, s.player, s.team, s.controls, s.confirmed) for s in seats
    ] == [
        ("COOP33", 1, ann.pk, "p1", "motu", ["he-man"], True),
        ("COOP33", 2, ann.pk, "p2", "motu", ["teela"], True),
        ("COOP33", 3, ann.pk, "p3", "motu", ["stratos"], True),
        ("DUEL22", 1, ann.pk, "p1", "", [], False),
        ("DUEL22", 2, bob.pk, "p2", "", [], True),
        ("WAIT22", 1, cy.pk, "p1", "", [], False),
        ("WAIT22", 2, None, "p2", "", [], False),
    ]
    kept = apps.get_model("play", "TableGame").objects.get(code="DUEL22")
    assert (kept.version, kept.entries, kept.status) == (7, duel.entries, "over")

    apps = migrate(BEFORE)
    rows = apps.get_model("play", "TableGame").objects.order_by("code")
    assert [(t.code, t.seat1_id, t.seat2_id, t.result_confirmed, t.status) for t in rows] == [
        ("COOP33", ann.pk, None, [1], coop.status),
        ("DUEL22", ann.pk, bob.pk, [2], "over"),
        ("WAIT22", cy.pk, None, [], waiting.status),
    ]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
