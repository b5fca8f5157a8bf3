"""The replay viewer's data for Fields of Eternia logs: the map to draw, and at every sampled event of a
simulated game the view the engine gives after that event; an illegal log stops at its offending event."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import session
from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log

pytestmark = pytest.mark.django_db

GAME = "motu-fields-of-eternia"


def stored_and_verified(user, log: dict):
    stored = submit_log(user, json.dumps(log).encode(), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    stored.refresh_from_db()
    return stored


def view_after(log: dict, n: int) -> dict:
    replay = session.start(log)
    for i, event in enumerate(log["events"][: n + 1]):
        replay.apply(i, event)
    return replay.view()


def with_a_flight_by_a_walker(log: dict) -> tuple[dict, int]:
    """The log with He-Man's first one-step move sent over the flight route to the enemy base: only a
    flying hero may take a flight route (FE-6.6.1)."""
    bad = copy.deepcopy(log)
    index = next(
        i
        for i, e in enumerate(bad["events"])
        if e["type"] == "move" and e["hero"] == "he-man" and len(e["path"]) == 1
    )
    bad["events"][index]["path"] = ["temple-of-serpos"]
    return bad, index


@pytest.mark.parametrize(("seed", "mode"), [(3, "standard"), (4, "solo"), (5, "skirmish")])
def test_the_viewer_data_equals_the_engine_view_at_sampled_events(client, user, seed, mode):
    log = engine.simulate(GAME, seed, mode=mode)
    stored = stored_and_verified(user, log)
    client.force_login(user)
    data = client.get(f"/replay/logs/{stored.pk}.json").json()
    assert data["error"] is None and data["game"] == GAME
    assert data["board"] == session.board(session.start(log))
    assert data["initial"] == session.start(log).view()
    assert [s["index"] for s in data["steps"]] == list(range(len(log["events"])))
    last = len(log["events"]) - 1
    for n in (0, 17, last // 3, last // 2, last):
        assert data["steps"][n]["view"] == view_after(log, n), n
    assert data["steps"][-1]["view"]["over"]


def test_an_illegal_log_ends_at_its_offending_event_with_the_map_as_it_was(client, user):
    bad, index = with_a_flight_by_a_walker(engine.simulate(GAME, 5))
    stored = stored_and_verified(user, bad)
    client.force_login(user)
    data = client.get(f"/replay/logs/{stored.pk}.json").json()
    last = data["steps"][-1]
    assert last["illegal"] and last["index"] == index
    assert last["view"] == view_after(bad, index - 1)
    assert data["error"]["rule"] == "FE-6.6.1" and data["error"]["url"] == f"/rules/{GAME}/FE-6.6.1/"
    assert "flight route" in data["error"]["message"]
