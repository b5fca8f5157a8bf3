"""A spectator link needs no login, so full renders of it are counted per client address
(ARBITER_THROTTLE_WATCH, play.watch_limit): past the limit that address is answered 429 with Retry-After, a
styled page for the page and the API's error shape for the state; unchanged polls (``?since=``) are never
counted, and another address is not affected."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.support.phones import battleground_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache(settings):
    settings.ARBITER_THROTTLE_WATCH = "3/min"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table(user, other_user):
    return battleground_table(user, other_user)


def test_full_renders_past_the_limit_are_refused_per_address(table):
    spectator = Client(REMOTE_ADDR="203.0.113.60")
    state = f"/play/watch/{table.watch_token}/state.json"
    assert [spectator.get(state).status_code for _ in range(3)] == [200, 200, 200]
    refused = spectator.get(state)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert (
        refused.json()["error"]["code"] == "throttled"
        and "spectator link" in refused.json()["error"]["message"]
    )
    page = spectator.get(f"/play/watch/{table.watch_token}/")
    assert page.status_code == 429 and "<html" in page.text and 'role="alert"' in page.text
    # Someone else watching from another address still sees the game.
    assert Client(REMOTE_ADDR="198.51.100.60").get(state).status_code == 200


def test_unchanged_polls_are_not_counted(table):
    spectator = Client(REMOTE_ADDR="203.0.113.61")
    version = spectator.get(f"/play/watch/{table.watch_token}/state.json").json()["version"]
    since = f"/play/watch/{table.watch_token}/state.json?since={version}"
    assert all(spectator.get(since).status_code == 200 for _ in range(10))
    assert spectator.get(f"/play/watch/{table.watch_token}/").status_code == 200  # 2 of 3 used


def test_a_refused_address_learns_nothing_of_a_wrong_token(table):
    spectator = Client(REMOTE_ADDR="203.0.113.62")
    wrong = "/play/watch/0123456789abcdef/state.json"
    assert [spectator.get(wrong).status_code for _ in range(3)] == [404, 404, 404]
    assert spectator.get(wrong).status_code == 429  # guessing tokens is counted too
