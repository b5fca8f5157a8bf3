"""The seams are real: a toy game registered only in tests goes through the whole platform.

Upload through the API → the worker's task (``workers.tasks.verify_log``, run in this process by
``ARBITER_VERIFY_INLINE``) → a legal verdict → the dashboards' stat rows → its dashboard page and the
meta API — with nothing outside ``tests/`` naming the game.
"""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

import engine
from dashboards.models import ComponentStat, GameStat, SeatStat
from dashboards.tasks import refresh_all_stale
from gamelogs.models import GameLog, LogState
from tests.game_plugins.dice_race import registered

pytestmark = pytest.mark.django_db


@pytest.fixture
def dice_race(settings):
    settings.ARBITER_VERIFY_INLINE = True
    cache.clear()
    with registered() as plugin:
        yield plugin
    cache.clear()


def test_a_dice_race_goes_from_upload_to_its_dashboard(
    dice_race, token_client, client, user, django_capture_on_commit_callbacks
):
    log_doc = engine.simulate("dice-race", 7, randomness="recorded")
    expected = engine.verify(log_doc)
    assert expected.status == "legal"
    with django_capture_on_commit_callbacks(execute=True):
        response = token_client.post("/api/logs/", data=json.dumps(log_doc), content_type="application/json")
    assert response.status_code == 201, response.content

    log = GameLog.objects.get(pk=response.json()["id"])
    assert log.game == "dice-race" and log.state == LogState.LEGAL
    assert log.result == expected.result and log.ruleset_version == "dr-1.0.0"

    stat = GameStat.objects.get(game_log=log)
    assert stat.game == "dice-race" and stat.simulated
    seats = {s.seat: s for s in SeatStat.objects.filter(game_stat=stat)}
    winner = next(s["seat"] for s in expected.result["seats"] if s["outcome"] == "win")
    assert seats[winner].outcome == "win" and seats[winner].score == 20  # DR-5: the end of the track
    distance = {
        c.seat.seat: c.value for c in ComponentStat.objects.filter(seat__game_stat=stat, component="distance")
    }
    assert distance == {s["seat"]: s["components"]["distance"] for s in expected.result["seats"]}

    # The worker's coalesced summary refresh (sent after the verdict; here run as the sweeper runs it).
    assert refresh_all_stale.apply().get() >= 1
    index = client.get("/api/meta/").json()
    assert "dice-race" in index["games"]
    rows = token_client.get("/api/meta/dice-race/score-components/?simulated=only").json()
    rows = rows.get("rows", rows)
    won = next(r for r in rows if r["name"].lower().startswith("win"))
    assert won["seats"] == 1 and won["score"] == 20

    page = client.get("/meta/dice-race/?simulated=only").content.decode()
    assert "Dice race" in page and "The race" in page and "Squares by source" in page
    assert "Distance" in page and "Sixes" in page

    client.force_login(user)
    log_page = client.get(f"/logs/{log.pk}/").content.decode()
    assert "Racer p1" in log_page and "Distance" in log_page
