"""Team events on the pages and in the API: the teams page and its form, the teams endpoints,
team pairings and the team standings (page, JSON, CSV)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.seats import two_seats
from participants import services as participant_services
from participants.models import Team
from results import services as result_services

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def open_event(team_event, organizer, make_player):
    """The team event with two more players in no team."""
    event, teams = team_event
    free = [participant_services.register(make_player(name), event) for name in ("Zodac", "Sy-Klone")]
    return event, teams, free


def test_the_teams_page_lists_teams_and_lets_the_organizer_form_one(open_event, organizer, client):
    event, _, free = open_event
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/teams/").content.decode()
    assert "Royal Guard" in page and "Duncan, Adora" in page
    assert 'id="form-team"' in page and "In no team yet: Sy-Klone, Zodac" in page
    response = client.post(
        f"/events/{event.slug}/teams/", {"name": "Cosmic Enforcers", "members": [r.pk for r in free]}
    )
    assert response.status_code == 302
    assert sorted(
        Team.objects.get(name="Cosmic Enforcers").members.values_list("display_name", flat=True)
    ) == [
        "Sy-Klone",
        "Zodac",
    ]


def test_a_team_form_that_cannot_be_saved_keeps_what_was_typed(open_event, organizer, client):
    event, _, free = open_event
    client.force_login(organizer)
    response = client.post(f"/events/{event.slug}/teams/", {"name": "Horde", "members": [r.pk for r in free]})
    page = response.content.decode()
    assert response.status_code == 200
    assert "This event already has a team called Horde." in page
    assert 'value="Horde"' in page


def test_players_see_the_teams_but_no_form(open_event, client, make_player):
    event, _, _ = open_event
    client.force_login(make_player("Onlooker"))
    page = client.get(f"/events/{event.slug}/teams/").content.decode()
    assert "Snake Mountain" in page and 'id="form-team"' not in page
    assert client.post(f"/events/{event.slug}/teams/", {"name": "X"}).status_code == 403


def test_the_teams_api_lists_forms_changes_and_disbands(open_event, organizer, make_player):
    event, teams, free = open_event
    listed = api().get(f"/api/events/{event.slug}/teams/").json()
    assert [t["name"] for t in listed] == ["Grayskull", "Royal Guard", "Snake Mountain", "Horde"]
    assert [m["name"] for m in listed[0]["members"]] == ["Adam", "Teela"]

    created = api(organizer).post(
        f"/api/events/{event.slug}/teams/", {"name": "Cosmic", "members": [free[0].pk]}, format="json"
    )
    assert created.status_code == 201, created.json()
    team = created.json()["id"]
    changed = api(organizer).put(
        f"/api/events/{event.slug}/teams/{team}/", {"members": [r.pk for r in free]}, format="json"
    )
    assert [m["name"] for m in changed.json()["members"]] == ["Zodac", "Sy-Klone"]
    too_many = api(organizer).put(
        f"/api/events/{event.slug}/teams/{team}/",
        {"members": [r.pk for r in free] + [teams[0].members.first().pk]},
        format="json",
    )
    assert too_many.status_code == 400
    assert "at most 2 players" in str(too_many.json())
    assert api(make_player("Nobody")).delete(f"/api/events/{event.slug}/teams/{team}/").status_code == 403
    assert api(organizer).delete(f"/api/events/{event.slug}/teams/{team}/").status_code == 204
    assert not Team.objects.filter(pk=team).exists()


def test_team_pairings_and_standings_on_the_pages_and_in_the_exports(team_event, organizer, client):
    event, teams = team_event
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    pairings = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    text = re.sub(r"<[^>]+>", "", pairings)  # a team table reads "Adam & Teela vs Keldor & Evelyn"
    assert "Adam &amp; Teela (0)" in text and "Keldor &amp; Evelyn (0)" in text
    assert "Grayskull vs Snake Mountain" in text
    for match in round1.matches.all():
        result_services.decide_result(organizer, match, scores=two_seats("win", (10, 7)))
    draw_services.close_round(organizer, round1)
    results = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "win 10–7 loss" in results  # one line per table: the teams' result, not each player's

    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Team standings after round 1" in page and "Adam, Teela" in page
    data = api().get(f"/api/events/{event.slug}/standings/").json()
    assert data["teams"] is True
    assert [(r["name"], r["members"], r["metrics"]["points"]) for r in data["rows"][:2]] == [
        ("Grayskull", ["Adam", "Teela"], 3),
        ("Horde", ["Kronis", "Tung"], 3),  # the first seat at table 2 (first seats alternate by table)
    ]
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/standings.csv").content.decode())))
    assert rows[0][:4] == ["rank", "team", "members", "dropped"]
    assert rows[1][1:3] == ["Grayskull", "Adam; Teela"]
