"""Relic hunt through the platform, installed by its entry points only: listed by the API and the site,
uploaded and verified by a real worker process, recorded at the table, paired in an event and counted on
the meta pages. Nothing outside ``tests/relic_hunt`` names the game."""

from __future__ import annotations

import json
import random

import pytest

import engine
from dashboards.tasks import refresh_all_stale
from gamelogs.verification import verify_stored_log
from play import finish, tables
from play.errors import TableError
from play.models import TableGame
from tests.relic_hunt.installed import pythonpath
from tests.support.waiting import wait_for
from tests.support.workers import WorkerProcess, purge_queue
from tournaments.simulation import run_simulated_event

pytestmark = pytest.mark.usefixtures("relic_hunt")


@pytest.mark.django_db
def test_the_api_and_the_site_list_the_game(client, user):
    assert "relic-hunt" in client.get("/api/meta/").json()["games"]
    assert "Relic hunt" in client.get("/meta/").content.decode()
    rules = client.get("/rules/relic-hunt/")
    assert rules.status_code == 200 and "RH-5" in rules.content.decode()
    client.force_login(user)
    start = client.get("/play/?game=relic-hunt").content.decode()
    assert 'name="name1"' in start and "Way to play (RH-1)" in start


@pytest.mark.e2e
@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_an_upload_is_verified_by_a_worker_process_and_counted_on_the_meta(token_client, client):
    purge_queue()
    worker = WorkerProcess("relic-hunt-worker", PYTHONPATH=pythonpath()).start()
    try:
        log = engine.simulate("relic-hunt", 11, randomness="recorded", mode="pairs")
        expected = engine.verify(log)
        body = token_client.post("/api/logs/", data=json.dumps(log), content_type="application/json").json()

        def verified():
            found = token_client.get(f"/api/logs/{body['id']}/").json()
            return found if found["final"] else None

        found = wait_for(verified, timeout=60, message="the worker's verdict")
    finally:
        worker.stop()
    assert found["state"] == "legal" and found["result"] == expected.result
    refresh_all_stale.apply().get()
    assert client.get("/api/meta/").json()["counts"]["relic-hunt"] == {"games": 0, "simulated": 1}
    assert client.get("/meta/relic-hunt/?simulated=include").status_code == 200


@pytest.mark.django_db
def test_a_duel_is_recorded_at_the_table_and_its_log_verified(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_game(
        alice, game="relic-hunt", seats=[tables.Seating("Alice", "hunter"), tables.Seating("Bob", "hunter")],
        first_player_seat=2, mode="recorded", setup={"mode": "duel"},
    )  # fmt: skip
    table = tables.join(table.code, bob)
    assert table.status == "playing"
    people, rng = {"p1": alice, "p2": bob}, random.Random(3)
    replay = engine.session.start(table.header)
    assert engine.session.to_act(replay) == ["p2"]  # Bob starts, as the table was set up (RH-1)
    with pytest.raises(TableError, match="other player"):
        finish.post_event(table.code, alice, {"type": "roll", "player": "p2", "dice": [4]}, table.version)
    while not engine.session.is_over(replay):
        event = rng.choice([e for e in replay.legal_events() if e["type"] != "concede"])
        actor = engine.session.actors(replay, event)[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
        replay.apply(replay.events_applied, event)
    table = TableGame.objects.get(pk=table.pk)
    assert table.status == "over" and table.game_log is not None
    assert table.game_log.game == "relic-hunt" and verify_stored_log(table.game_log_id) == "legal"


@pytest.mark.django_db(transaction=True)
def test_an_event_pairs_hunters_in_duels_and_ranks_them(client):
    report = run_simulated_event(players=6, rounds=3, seed=4, game="relic-hunt", eager=True, jobs=1)
    event = report.event
    assert report.logs == 9 and not report.flagged
    for round_ in event.rounds.all():
        matches = list(round_.matches.all())
        assert [len(m.seat_list()) for m in matches] == [2, 2, 2]  # duels: a Swiss pairing of six
        assert {m.state for m in matches} == {"verified"}  # each decided by its verified log
    rows = client.get(f"/api/events/{event.slug}/standings/").json()["rows"]
    assert len(rows) == 6 and rows[0]["rank"] == 1
