"""A Hoplomachus Skirmish event pairs players of different factions: "each player plays a different
faction" (AMB-17), and the engine refuses a log of two troops of one faction, so a same-faction
match could never be played. Swiss avoids one whenever the field allows; when it cannot (everyone
registered one faction) or a fixed schedule makes one, the organizer is warned in words, in the
API answer and on the round page."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from draw.models import Match

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _event(organizer, make_player, factions: dict[str, str], **settings) -> str:
    made = _api(organizer).post("/api/events/", {
        "name": "Skirmish Cup", "starts_on": "2026-06-06", "game": GAME, "first_round": "seeded", **settings,
    }, format="json")  # fmt: skip
    assert made.status_code == 201, made.content
    slug = made.json()["slug"]
    for name, faction in factions.items():
        user = make_player(name)
        assert _api(user).post(f"/api/events/{slug}/registrations/").status_code == 201
        listed = _api(user).put(f"/api/events/{slug}/list/", {"text": f"Faction: {faction}"}, format="json")
        assert listed.status_code == 200 and listed.json()["valid"] is True, listed.json()
    return slug


def _factions_at_tables(slug: str, number: int) -> list[tuple[str, str]]:
    matches = Match.objects.filter(round__event__slug=slug, round__number=number).order_by("table")
    return [tuple(s.registration.force_list.faction for s in m.seat_list()) for m in matches if not m.is_bye]


def test_a_swiss_skirmish_never_pairs_one_faction_against_itself_when_the_field_allows(
    organizer, make_player
):
    # Seeded round 1 is top half against bottom half: seeds 2-5 (both Amazons) and 3-6 (both Kunlun)
    # would be mirrors; three Amazons and three Kunlun can always be paired across (AMB-17).
    factions = {"Adam": "Amazons", "Teela": "Amazons", "Duncan": "Kunlun", "Adora": "Kunlun",
                "Orko": "Amazons", "Cringer": "Kunlun"}  # fmt: skip
    slug = _event(organizer, make_player, factions, format="swiss", swiss_rounds=3)
    org = _api(organizer)
    for number in (1, 2, 3):
        paired = org.post(f"/api/events/{slug}/rounds/", {}, format="json")
        assert paired.status_code == 201, paired.content
        assert paired.json()["warnings"] == []
        tables = _factions_at_tables(slug, number)
        assert len(tables) == 3
        assert all(a != b for a, b in tables), (number, tables)
        assert not any("same faction" in p["reason"] for p in paired.json()["pairings"])
        assert org.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code in (200, 201)
        for match in Match.objects.filter(round__event__slug=slug, round__number=number):
            decided = org.post(f"/api/events/{slug}/matches/{match.pk}/decide/",
                               {"seats": [{"outcome": "win", "score": 9}, {"outcome": "loss", "score": 4}]}, format="json")  # fmt: skip
            assert decided.status_code == 200, decided.content
        assert org.post(f"/api/events/{slug}/rounds/{number}/close/").status_code == 200
    # check_event re-derives the rounds: no avoidable same-faction game, rematch or group jump.
    from draw.event_audit import event_discrepancies
    from tournaments.models import Event

    assert event_discrepancies(Event.objects.get(slug=slug)) == []


def test_an_all_amazons_field_is_paired_and_the_organizer_is_warned(organizer, make_player, client):
    factions = {"Adam": "Amazons", "Teela": "Amazons", "Duncan": "Amazons", "Adora": "Amazons"}
    slug = _event(organizer, make_player, factions, format="swiss", swiss_rounds=2)
    paired = _api(organizer).post(f"/api/events/{slug}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    body = paired.json()
    assert len(body["pairings"]) == 2
    assert all(p["reason"].startswith("warning: same faction (Amazons)") for p in body["pairings"])
    assert len(body["warnings"]) == 2
    assert body["warnings"][0].startswith("Table 1: ")
    assert "both registered Amazons" in body["warnings"][0]
    assert "needs two different factions" in body["warnings"][0]
    # The same answer for the round later, and on the organizer's round page.
    again = _api(organizer).get(f"/api/events/{slug}/rounds/1/").json()
    assert again["warnings"] == body["warnings"]
    client.force_login(organizer)
    page = client.get(f"/events/{slug}/rounds/1/").content.decode()
    assert page.count('class="flag faction-warning"') == 2
    assert "both registered Amazons" in page


def test_a_round_robin_warns_of_a_scheduled_same_faction_match(organizer, make_player):
    # The schedule is fixed by seeds, so it cannot avoid the two Kunlun players meeting in some
    # round: that match's reason and the round's warnings say so.
    factions = {"Adam": "Amazons", "Teela": "Kunlun", "Duncan": "Kunlun", "Adora": "Pluto's Refugees"}
    slug = _event(organizer, make_player, factions, format="round_robin")
    org = _api(organizer)
    warned = []
    for number in (1, 2, 3):
        paired = org.post(f"/api/events/{slug}/rounds/", {}, format="json")
        assert paired.status_code == 201, paired.content
        for p in paired.json()["pairings"]:
            if "same faction" in p["reason"]:
                assert "the schedule fixes this match" in p["reason"]
        warned += [(number, w) for w in paired.json()["warnings"]]
        assert org.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code in (200, 201)
        for match in Match.objects.filter(round__event__slug=slug, round__number=number):
            org.post(
                f"/api/events/{slug}/matches/{match.pk}/decide/",
                {"seats": [{"outcome": "win"}, {"outcome": "loss"}]},
                format="json",
            )
        assert org.post(f"/api/events/{slug}/rounds/{number}/close/").status_code == 200
    assert len(warned) == 1, warned  # Teela and Duncan meet once
    assert "Teela and Duncan both registered Kunlun" in warned[0][1] or "Duncan and Teela" in warned[0][1]


def test_battleground_keeps_mirror_matches(organizer, make_event):
    # Battleground's rules do not forbid both armies being of one faction: no faction rule there.
    from tournaments import distinct_factions

    assert distinct_factions.applies(make_event()) is False


def test_an_elimination_bracket_warns_of_a_same_faction_first_match(organizer, make_player):
    # Four seeds: 1 v 4 and 2 v 3. Seeds 1 (Adam) and 4 (Adora) both registered Amazons.
    factions = {"Adam": "Amazons", "Teela": "Kunlun", "Duncan": "Pluto's Refugees", "Adora": "Amazons"}
    slug = _event(organizer, make_player, factions, format="single_elimination")
    paired = _api(organizer).post(f"/api/events/{slug}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    warnings = paired.json()["warnings"]
    assert len(warnings) == 1 and "Adam and Adora both registered Amazons" in warnings[0], warnings
    marked = [p for p in paired.json()["pairings"] if "same faction (Amazons)" in p["reason"]]
    assert len(marked) == 1
