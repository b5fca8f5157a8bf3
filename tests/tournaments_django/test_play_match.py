"""A tournament match recorded at the table: the players, their registered lists and the event's pack come
from the event; the finished log becomes the match's evidence and decides it once verified."""

from __future__ import annotations

import random

import pytest

from play import tables
from play.models import TableGame
from tests.platform.test_play import play_offered
from tests.tournaments_django.conftest import verify

pytestmark = pytest.mark.django_db


def test_a_match_recorded_at_the_table_decides_the_match(
    client, running_round, published, django_capture_on_commit_callbacks
):
    event, round_, players = running_round
    match = round_.matches.games().first()
    first, second = match.entrants()[0].player, match.entrants()[1].player
    client.force_login(second)
    page = client.get("/play/")
    assert f"round {round_.number}, table {match.table}" in page.content.decode()

    started = client.post("/play/", {"action": "match", "match": match.pk, "first": "2"})
    table = TableGame.objects.get()
    assert started.status_code == 302 and started.url == f"/play/{table.code}/"
    assert (table.holder(1), table.holder(2), table.status) == (first, second, "playing")
    assert table.header["reference"] == {"event": event.slug, "match": str(match.pk), "round": round_.number}
    assert table.header["setup"]["first_player"] == "p2"
    for seat, registration in zip(table.header["players"], match.entrants(), strict=True):
        assert seat["name"] == registration.display_name
        assert seat["faction"] == registration.force_list.faction
        assert [f["character"] for f in seat["force"]] == [
            e["character"] for e in registration.force_list.entries
        ]
    # Starting again finds the same table.
    client.post("/play/", {"action": "match", "match": match.pk, "first": "1"})
    assert TableGame.objects.count() == 1

    with django_capture_on_commit_callbacks(execute=False):
        play_offered(table, random.Random(5))
    table.refresh_from_db()
    match.refresh_from_db()
    assert table.status == "over" and match.game_log_id == table.game_log_id is not None
    assert match.state == "verifying"
    verify(table.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.state == "verified" and match.has_result


def test_a_stranger_cannot_start_someone_elses_match(client, running_round, make_user):
    _, round_, _ = running_round
    match = round_.matches.first()
    client.force_login(make_user("eve"))
    page = client.post("/play/", {"action": "match", "match": match.pk, "first": "1"})
    assert page.status_code == 200 and "not yours" in page.content.decode()
    assert not TableGame.objects.exists()
    assert tables.tables_of(match.entrants()[0].player) == []
