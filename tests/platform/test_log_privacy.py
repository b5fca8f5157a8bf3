"""The visibility model: a private log counts in anonymous aggregates but never appears on a page
or endpoint that names a player or an event, until an uploader publishes it."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from dashboards.datasets import datasets_for, pages_for
from gamelogs.models import GameLog, LogSubmission
from gamelogs.signals import log_verified
from games.battleground.synthetic import build_statistics
from tests.dashboards.meta_fixtures import EVIL, GAME, MOTU, make_log, side
from visibility import services

pytestmark = pytest.mark.django_db

SECRET_EVENT, HIDDEN, QUIET = "Secret Cup", "Hidden Hank", "Quiet Quinn"
PRIVATE_STRINGS = (SECRET_EVENT, HIDDEN, QUIET)


def _game(a: str, b: str, tests=()):
    return build_statistics(
        side(a, MOTU, ["he-man", "stratos"], tests=list(tests)),
        side(b, EVIL, ["skeletor", "trap-jaw"]),
        winner="p1",
        first_player="p1",
    )


@pytest.fixture
def logs(settings, user):
    """One public game (Alice v Bob at the Open Cup) and one private game uploaded by ``user``
    (Hidden Hank v Quiet Quinn at the Secret Cup, with recorded dice)."""
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    public, verdict = make_log(_game("Alice", "Bob"), created="2026-03-01", event="Open Cup", salt="pub")
    log_verified.send(sender=GameLog, game_log=public, verdict=verdict)
    dice = [("he-man", "attack", "strength", 3, 40, 30, 20.0)]
    private, verdict = make_log(
        _game(HIDDEN, QUIET, dice), created="2026-03-02", event=SECRET_EVENT, salt="priv", public=False
    )
    LogSubmission.objects.create(log=private, user=user)
    log_verified.send(sender=GameLog, game_log=private, verdict=verdict)
    yield public, private
    cache.clear()


def _public_urls(uploader: str = "") -> list[str]:
    urls = ["/meta/", f"/meta/{GAME}/", "/api/meta/"]
    urls += [f"/meta/{GAME}/{page}/" for page in pages_for(GAME)]
    urls += [f"/api/meta/{GAME}/{key}/" for key in datasets_for(GAME)]
    urls += [f"/api/meta/{GAME}/{key}/?format=csv" for key in datasets_for(GAME)]
    urls += [f"/api/meta/players/{HIDDEN}/", f"/meta/players/{HIDDEN}/", f"/meta/players/{QUIET}/"]
    if uploader:  # the uploader's profile lists their uploads and games' statistics
        urls += [f"/players/{uploader}/", f"/api/players/{uploader}/"]
    return urls


def _leaks(client, uploader: str = "") -> dict[str, list[str]]:
    found = {}
    for url in _public_urls(uploader):
        cache.clear()  # the anonymous throttle's counts live there: every answer must be a real one
        response = client.get(url)
        assert response.status_code in (200, 404), url
        body = response.content.decode()
        hits = [s for s in PRIVATE_STRINGS if s in body]
        if hits:
            found[url] = hits
    return found


def test_a_private_log_never_appears_on_a_public_page_or_endpoint(logs, make_user, user):
    assert _leaks(Client(), user.username) == {}
    assert _leaks(Client(HTTP_AUTHORIZATION=""), user.username) == {}
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert _leaks(stranger, user.username) == {}
    # The public game is shown by name, so the pages do name players and events.
    assert "Alice" in Client().get("/api/meta/players/Alice/").content.decode()
    assert "Open Cup" in Client().get(f"/meta/{GAME}/").content.decode()


def test_an_event_only_private_logs_name_filters_to_nothing(logs):
    # The filter is echoed back (the caller typed it), but no game of that event is counted.
    private = Client().get(f"/api/meta/{GAME}/factions/", {"event": SECRET_EVENT}).json()
    assert private["rows"] == []
    public = Client().get(f"/api/meta/{GAME}/factions/", {"event": "Open Cup"}).json()
    assert sum(r["games"] for r in public["rows"]) == 2  # one game, two sides


def test_a_private_log_still_counts_in_anonymous_aggregates(logs):
    rows = Client().get(f"/api/meta/{GAME}/factions/").json()["rows"]
    motu = next(r for r in rows if r["key"] == MOTU)
    assert motu["games"] == 2 and motu["wins"] == 2


def test_a_player_page_shows_public_games_only(logs):
    assert Client().get(f"/api/meta/players/{HIDDEN}/").status_code == 404
    alice = Client().get("/api/meta/players/Alice/").json()
    assert alice["games"] == 1 and [h["event"] for h in alice["history"]] == ["Open Cup"]


def test_publishing_makes_the_log_appear_and_taking_it_back_hides_it(logs, user):
    _, private = logs
    client = Client()
    client.force_login(user)
    url = f"/api/logs/{private.pk}/publication/"
    assert client.get(url).json() == {"log": private.pk, "public": False, "published_by_you": False}
    assert client.post(url).json() == {"log": private.pk, "public": True, "published_by_you": True}
    profile = Client().get(f"/api/meta/players/{HIDDEN}/").json()
    assert profile["games"] == 1 and profile["history"][0]["opponent"] == QUIET
    assert "dice" not in profile  # dice luck is the player's own, never on a public endpoint
    assert SECRET_EVENT in Client().get(f"/api/meta/{GAME}/trends-event/").content.decode()
    assert client.delete(url).json()["public"] is False
    assert _leaks(Client()) == {}


def test_only_an_uploader_may_publish(logs, make_user):
    _, private = logs
    url = f"/api/logs/{private.pk}/publication/"
    assert Client().post(url).status_code in (401, 403)
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.post(url).status_code == 404
    staff = Client()
    staff.force_login(make_user("root", is_staff=True))
    assert staff.get(url).status_code == 200  # staff may read any log…
    assert staff.post(url).status_code == 404  # …but publish only their own
    assert not services.is_public(private)


def test_the_log_page_has_a_publish_button_for_its_uploader(logs, user):
    _, private = logs
    client = Client()
    client.force_login(user)
    page = client.get(f"/logs/{private.pk}/").content.decode()
    assert "Private: only its uploaders see it" in page and 'value="publish"' in page
    response = client.post(f"/logs/{private.pk}/publication/", {"action": "publish"})
    assert response.status_code == 302 and services.is_public(private)
    assert 'value="withdraw"' in client.get(f"/logs/{private.pk}/").content.decode()
    client.post(f"/logs/{private.pk}/publication/", {"action": "withdraw"})
    assert not services.is_public(private)
