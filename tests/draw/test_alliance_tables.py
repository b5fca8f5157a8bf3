"""An Alliance table (HR-17: two teams of two) reads "Anna & Ben vs Carla & Dan" wherever tables are
listed: the round's pairings, the printed pairings, the projector, the match page and the players' card."""

from __future__ import annotations

import re
from datetime import date

import pytest

from draw import services as draw_services
from participants import services as participant_services
from tournaments import services

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&")


def test_an_alliance_table_reads_partners_together_against_the_other_team(organizer, make_player, client):
    event = services.create_event(
        organizer, name="Alliance Cup", starts_on=date(2026, 6, 6), game="hoplomachus-remastered",
        content_pack="hr-core-starter", game_mode="alliance", team_size=2, swiss_rounds=2, first_round="seeded",
    )  # fmt: skip
    names = ["Anna", "Ben", "Carla", "Dan"]
    registrations = [participant_services.register(make_player(name), event) for name in names]
    participant_services.create_team(organizer, event, "Red Lions", registrations[:2], seed=1)
    participant_services.create_team(organizer, event, "Blue Eagles", registrations[2:], seed=2)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    match = round_.matches.get()

    client.force_login(organizer)
    round_page = text(client.get(f"/events/{event.slug}/rounds/1/").content.decode())
    assert "1 Anna & Ben (0) vs Carla & Dan (0)" in round_page
    printed = text(client.get(f"/events/{event.slug}/rounds/1/print/").content.decode())
    assert "1 Anna & Ben (0) vs Carla & Dan (0)" in printed and "Table 1 Anna & Ben vs Carla & Dan" in printed
    tables = client.get(f"/events/{event.slug}/projector.json").json()["tables"]
    assert "".join(p["before"] + p["name"] for p in tables[0]["players"]) == "Anna & Ben vs Carla & Dan"
    match_page = text(client.get(match.get_absolute_url()).content.decode())
    assert "Table 1: Anna & Ben vs Carla & Dan" in match_page
    grid = text(client.get(f"/events/{event.slug}/rounds/1/results/").content.decode())
    assert "Table 1 Anna & Ben vs Carla & Dan" in grid

    client.force_login(registrations[2].player)
    card = text(client.get(f"/events/{event.slug}/my-table/").content.decode())
    assert "Table 1: Anna & Ben vs Carla (you) & Dan" in card
    api = client.get(f"/api/events/{event.slug}/my-table/").json()["table"]
    assert (api["seating"], api["pod"]) == ("Anna & Ben vs Carla & Dan", False)
