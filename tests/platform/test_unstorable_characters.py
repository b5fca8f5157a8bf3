"""NUL (PostgreSQL text cannot hold it) or a lone surrogate in a URL path or query string: a 400
that says what is wrong, never a 500. JSON error shape under /api/, a page elsewhere."""

from __future__ import annotations

import pytest
from django.test import Client

from arbiter_site.middleware import unstorable_character

pytestmark = pytest.mark.django_db

PAGES = [
    "/meta/motu-battleground/?event=%00",
    "/meta/motu-battleground/factions/?pack=a%00b",
    "/meta/players/Al%00ice/",
    "/events/players/al%00ice/",
    "/logs/?state=%00",
]
API = [
    "/api/logs/?game=%00",
    "/api/logs/?ga%00me=x",
    "/api/meta/players/Al%00ice/",
    "/api/meta/motu-battleground/factions/?event=%00",
    "/api/events/players/al%00ice/",
]


@pytest.fixture
def quiet_client(user):
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("url", PAGES)
def test_pages_refuse_nul_with_a_400_page(quiet_client, url):
    response = quiet_client.get(url)
    assert response.status_code == 400, url
    assert response["Content-Type"].startswith("text/html")
    assert b"NUL character (%00)" in response.content


@pytest.mark.parametrize("url", API)
def test_the_api_refuses_nul_in_the_error_shape(quiet_client, url):
    response = quiet_client.get(url)
    assert response.status_code == 400, url
    error = response.json()["error"]
    assert error["code"] == "bad_characters" and "NUL character" in error["message"]


def test_ordinary_names_and_filters_pass(quiet_client):
    assert quiet_client.get("/api/logs/?game=motu-battleground").status_code == 200
    # An unknown player: the name reached the view, which says so.
    assert quiet_client.get("/meta/players/Zo%C3%AB%20%F0%9F%8E%B2/").status_code == 404


def test_lone_surrogates_and_nul_are_named():
    assert unstorable_character("Alice") is None
    assert unstorable_character("Al\x00ice") == "a NUL character (%00)"
    assert unstorable_character("x\udc80") == "a lone surrogate (U+DC80)"
