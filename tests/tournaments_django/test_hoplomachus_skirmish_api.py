"""A Hoplomachus Skirmish event (HR-15: two troops, one against the other) in each format (Swiss, round robin,
elimination) through the API and the pages: created by an organizer, joined by players, troop lists checked
against the content pack (HR-12: a troop is one faction of the pack), paired, one game decided by a verified
log whose troops are the players' lists, standings, and every page of the event answers."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

import engine
from draw.models import Match, MatchState, ResultSource
from tests.tournaments_django.conftest import verify

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"
# Four factions: a Skirmish's two troops must differ (AMB-17), and the pairings follow a drawn seed.
PLAYERS = {"Adam": "Amazons", "Teela": "Kunlun", "Duncan": "Faction 4", "Adora": "Pluto's Refugees"}


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("event_format", ["swiss", "round_robin", "single_elimination"])
def test_a_skirmish_event_runs_through_the_api_with_lists_checked_against_the_pack(
    event_format, organizer, make_player, client, django_capture_on_commit_callbacks
):
    made = _api(organizer).post("/api/events/", {
        "name": f"Skirmish {event_format}", "starts_on": "2026-06-06", "game": GAME, "format": event_format,
        "swiss_rounds": 2,
    }, format="json")  # fmt: skip
    assert made.status_code == 201, made.content
    slug = made.json()["slug"]
    assert made.json()["content_pack"] == "hr-core-starter"

    players = {name: make_player(name) for name in PLAYERS}
    for name, user in players.items():
        joined = _api(user).post(f"/api/events/{slug}/registrations/")
        assert joined.status_code == 201, joined.content
        wrong = _api(user).put(f"/api/events/{slug}/list/", {"text": "Faction: Spartans"}, format="json")
        assert wrong.status_code == 200 and wrong.json()["valid"] is False
        assert "unknown faction 'Spartans'" in str(wrong.json()["validation"])
        assert "Amazons" in str(wrong.json()["validation"])  # the pack's factions are named
        right = _api(user).put(
            f"/api/events/{slug}/list/", {"text": f"Faction: {PLAYERS[name]}"}, format="json"
        )
        assert right.status_code == 200 and right.json()["valid"] is True, right.json()

    paired = _api(organizer).post(f"/api/events/{slug}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    published = _api(organizer).post(f"/api/events/{slug}/rounds/1/publish/")
    assert published.status_code in (200, 201), published.content
    matches = list(Match.objects.filter(round__event__slug=slug, round__number=1).order_by("table"))
    assert len(matches) == 2 and all(len(m.seat_list()) == 2 for m in matches)

    # Table 1 by a verified Skirmish whose troops are the two players' registered factions.
    first = matches[0]
    seats = first.seat_list()
    factions = tuple(s.registration.force_list.faction for s in seats)
    doc = engine.simulate(GAME, 11, mode="skirmish", factions=factions)
    for player, seat in zip(doc["players"], seats, strict=True):
        player["name"] = seat.registration.display_name
    uploader = seats[0].registration.player
    with django_capture_on_commit_callbacks(execute=True):
        sent = _api(uploader).post(f"/api/events/{slug}/matches/{first.pk}/log/", json.dumps(doc),
                                   content_type="application/json")  # fmt: skip
    assert sent.status_code in (201, 202), sent.content
    first.refresh_from_db()
    verify(first.game_log_id, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    assert (first.state, first.result_source, first.log_flag) == (MatchState.VERIFIED, ResultSource.LOG, "")
    winner = engine.verify(json.dumps(doc)).result["winner"]
    won = next(s for s, p in zip(first.seat_list(), doc["players"], strict=True) if p["id"] == winner)
    assert won.outcome == "win"

    # Table 2's log names troops the players did not register (HR-12): the match is flagged for the
    # organizer, who decides it; then the round closes and the standings rank all four.
    second = matches[1]
    other = engine.simulate(GAME, 12, mode="skirmish", factions=("faction-7", "faction-6"))
    for player, seat in zip(other["players"], second.seat_list(), strict=True):
        player["name"] = seat.registration.display_name
    with django_capture_on_commit_callbacks(execute=True):
        sent = _api(second.seat_list()[0].registration.player).post(
            f"/api/events/{slug}/matches/{second.pk}/log/", json.dumps(other), content_type="application/json"
        )
    assert sent.status_code in (201, 202), sent.content
    second.refresh_from_db()
    verify(second.game_log_id, django_capture_on_commit_callbacks)
    second.refresh_from_db()
    assert second.log_flag and "faction" in json.dumps(second.flag_details).casefold(), second.flag_details
    decided = _api(organizer).post(f"/api/events/{slug}/matches/{second.pk}/decide/",
                                   {"seats": [{"outcome": "win", "score": 9}, {"outcome": "loss", "score": 4}]}, format="json")  # fmt: skip
    assert decided.status_code == 200, decided.content
    closed = _api(organizer).post(f"/api/events/{slug}/rounds/1/close/")
    assert closed.status_code == 200, closed.content
    standings = client.get(f"/api/events/{slug}/standings/").json()
    rows = standings["rows"] if isinstance(standings, dict) else standings
    assert {r["name"] for r in rows} == set(PLAYERS)

    pages = [f"/events/{slug}/", f"/events/{slug}/rounds/1/", f"/events/{slug}/standings/"]
    if event_format == "single_elimination":
        pages.append(f"/events/{slug}/bracket/")
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, path
        assert won.registration.display_name in page.content.decode(), path


def test_a_pandemonium_event_runs_through_the_api_with_pods_and_places(organizer, make_player, client):
    """HR-16 through the API: pods of 3–4 (seven players: a pod of four and one of three), a pod's result by
    places, placement points as configured, and the pairings page showing every seat of a pod."""
    made = _api(organizer).post("/api/events/", {
        "name": "Pandemonium Night", "starts_on": "2026-06-06", "game": GAME, "game_mode": "pandemonium",
        "placement_points": [4, 2, 1, 0], "swiss_rounds": 2,
    }, format="json")  # fmt: skip
    assert made.status_code == 201, made.content
    slug = made.json()["slug"]
    assert made.json()["game_mode"] == "pandemonium" and made.json()["placement_points"] == [4, 2, 1, 0]
    names = ["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis"]
    for name in names:
        user = make_player(name)
        assert _api(user).post(f"/api/events/{slug}/registrations/").status_code == 201
        assert _api(user).put(f"/api/events/{slug}/list/", {"text": "Kunlun"}, format="json").json()["valid"]

    assert _api(organizer).post(f"/api/events/{slug}/rounds/", {}, format="json").status_code == 201
    assert _api(organizer).post(f"/api/events/{slug}/rounds/1/publish/").status_code in (200, 201)
    pods = _api(organizer).get(f"/api/events/{slug}/rounds/1/pairings/").json()
    pods = pods["results"] if isinstance(pods, dict) else pods
    assert sorted(len(p["seats"]) for p in pods) == [3, 4]
    four = next(p for p in pods if len(p["seats"]) == 4)
    placed = _api(organizer).post(f"/api/events/{slug}/matches/{four['id']}/decide/",
                                  {"seats": [{"rank": r} for r in (3, 1, 4, 2)]}, format="json")  # fmt: skip
    assert placed.status_code == 200, placed.content
    seats = placed.json()["seats"]
    assert [s["rank"] for s in seats] == [3, 1, 4, 2] and seats[1]["outcome"] == "win"
    three = next(p for p in pods if len(p["seats"]) == 3)
    assert _api(organizer).post(f"/api/events/{slug}/matches/{three['id']}/decide/",
                                {"seats": [{"rank": r} for r in (1, 2, 3)]}, format="json").status_code == 200  # fmt: skip
    assert _api(organizer).post(f"/api/events/{slug}/rounds/1/close/").status_code == 200
    standings = client.get(f"/api/events/{slug}/standings/").json()
    rows = standings["rows"] if isinstance(standings, dict) else standings
    points = {r["name"]: r["metrics"]["points"] for r in rows}
    assert {s["name"]: points[s["name"]] for s in seats} == {
        s["name"]: [4, 2, 1, 0][s["rank"] - 1] for s in seats
    }
    page = client.get(f"/events/{slug}/rounds/1/").content.decode()
    assert all(name in page for name in names)
