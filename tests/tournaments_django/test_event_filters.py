"""The events list narrowed to one game (and mode): the page's plain GET form and the API's
``?game=`` and ``&mode=``; the event page names its game and mode."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

HOPLOMACHUS = "hoplomachus-remastered"
BATTLEGROUND = "motu-battleground"


@pytest.fixture
def three_events(make_event):
    return {
        "grayskull": make_event(name="Grayskull Cup"),
        "arena": make_event(name="Arena Skirmish", game=HOPLOMACHUS),
        "melee": make_event(name="Pandemonium Night", game=HOPLOMACHUS, game_mode="pandemonium"),
    }


def listed(page: str) -> list[str]:
    body = re.search(r'<table class="event-list">.*?<tbody>(.*?)</tbody>', page, re.S)
    return sorted(re.findall(r'<a href="/events/[^"]+/">([^<]+)</a>', body.group(1))) if body else []


def test_the_events_page_filters_by_game_and_mode_without_javascript(three_events, client):
    url = reverse("tournaments:list")
    page = client.get(url).content.decode()
    assert listed(page) == ["Arena Skirmish", "Grayskull Cup", "Pandemonium Night"]
    assert '<form method="get"' in page and 'name="game"' in page and 'id="filter-events"' in page
    assert 'name="mode"' not in page  # modes are offered once a game is chosen
    page = client.get(url, {"game": HOPLOMACHUS}).content.decode()
    assert listed(page) == ["Arena Skirmish", "Pandemonium Night"]
    assert f'<option value="{HOPLOMACHUS}" selected>' in page
    assert 'name="mode"' in page and '<option value="pandemonium">' in page
    assert listed(client.get(url, {"game": HOPLOMACHUS, "mode": "pandemonium"}).content.decode()) == [
        "Pandemonium Night"
    ]
    assert listed(client.get(url, {"game": HOPLOMACHUS, "mode": "standard"}).content.decode()) == [
        "Arena Skirmish"
    ]
    assert listed(client.get(url, {"game": BATTLEGROUND}).content.decode()) == ["Grayskull Cup"]
    # An unknown game (a stale link) lists every event rather than failing.
    assert len(listed(client.get(url, {"game": "chess"}).content.decode())) == 3
    none = client.get(url, {"game": "motu-fields-of-eternia"}).content.decode()
    assert listed(none) == [] and 'id="no-events"' in none


def test_the_api_filters_by_game_and_mode(three_events):
    api = APIClient()

    def names(**params):
        answer = api.get("/api/events/", params)
        assert answer.status_code == 200, answer.content
        return sorted(e["name"] for e in answer.json()["results"])

    assert names() == ["Arena Skirmish", "Grayskull Cup", "Pandemonium Night"]
    assert names(game=HOPLOMACHUS) == ["Arena Skirmish", "Pandemonium Night"]
    assert names(game=HOPLOMACHUS, mode="pandemonium") == ["Pandemonium Night"]
    assert names(game=BATTLEGROUND) == ["Grayskull Cup"]
    assert api.get("/api/events/", {"game": "chess"}).status_code == 400
    assert api.get("/api/events/", {"mode": "pandemonium"}).status_code == 400
    assert api.get("/api/events/", {"game": BATTLEGROUND, "mode": "pandemonium"}).status_code == 400


def test_the_event_page_names_the_game_and_its_mode(three_events, client):
    page = client.get(three_events["melee"].get_absolute_url()).content.decode()
    fact = re.search(r'<dd id="fact-game">(.*?)</dd>', page, re.S).group(1)
    assert fact.startswith("Hoplomachus: Remastered · Pandemonium")
    assert HOPLOMACHUS not in fact
    page = client.get(three_events["grayskull"].get_absolute_url()).content.decode()
    fact = re.search(r'<dd id="fact-game">(.*?)</dd>', page, re.S).group(1)
    assert fact.startswith("Masters of the Universe: Battleground ·") and BATTLEGROUND not in fact
    tiebreaks = re.search(r'<dd id="fact-tiebreaks">(.*?)</dd>', page, re.S).group(1)
    assert tiebreaks == "Tournament points, Strength of schedule, Score difference"
