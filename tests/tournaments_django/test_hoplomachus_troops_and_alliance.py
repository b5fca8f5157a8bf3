"""Hoplomachus troop lists beyond the faction, and Alliance events whose troops must all differ.

Troop lists (games.hoplomachus.lists): a Skirmish or Pandemonium troop is the whole faction (HR-2.3.4,
HR-15.2.5, HR-16.2.3), an Alliance troop the faction's hero and tactics with six non-elite units the
player chooses (HR-17.2.8); the list is checked against the event's pack, shown on the player's and the
event's list pages, and compared with the units an uploaded Alliance log fields.

Alliance (HR-17): four troops at one table, each player choosing a faction (HR-17.2.4) from one set of
chips per faction (AMB-17; the engine refuses a log in which two troops share one), so partners and
opponents all differ: drawn partners are spread, Swiss keeps teams that share a faction apart, and the
round page and API warn about what the pairing cannot fix."""

from __future__ import annotations

import json
from datetime import date

import pytest

import engine
from draw import services as draw_services
from draw.models import MatchState
from participants import services as participant_services
from results import services as result_services
from tests.tournaments_django.conftest import verify
from tournaments import distinct_factions, services

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"
NAMES = ["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis", "Tung"]


def hr_event(organizer, **settings):
    defaults = dict(name="Arena Night", starts_on=date(2026, 6, 6), game=GAME, content_pack="hr-core-starter",
                    swiss_rounds=2, first_round="seeded", random_seed=5)  # fmt: skip
    return services.create_event(organizer, **{**defaults, **settings})


def alliance_event(organizer, **settings):
    return hr_event(organizer, name="Alliance Cup", game_mode="alliance", team_size=2, **settings)


def roster(faction: str) -> list[str]:
    return list(engine.game(GAME).content_loader("hr-core-starter").factions[faction]["roster"])


def troop(faction: str, units: list[str] | None = None) -> str:
    """A troop list as a player types it: the faction, then one unit per line."""
    return "\n".join([f"Faction: {faction}", *(units or [])])


def six(faction: str, start: int = 0) -> list[str]:
    return roster(faction)[start : start + 6]


# -- troop lists -----------------------------------------------------------------------------------------
def test_an_alliance_troop_names_six_units_of_its_faction_checked_against_the_pack(
    client, organizer, make_player
):
    event = alliance_event(organizer)
    player = make_player("Adam")
    participant_services.register(player, event)
    client.force_login(player)

    # HR-17.2.8: five units, another faction's unit, a unit twice and a hero not the faction's are refused.
    bad = troop(
        "Kunlun", ["Hero: Amazons hero", "Warrior", "Warrior", "Amazons unit 2", "Marksman", "Kunlun unit 4"]
    )
    client.post(f"/events/{event.slug}/list/", {"text": bad})
    page = client.get(f"/events/{event.slug}/list/").content.decode()
    for said in (
        "not the hero of Kunlun",
        "named twice",
        "is not a unit of Kunlun",
        "choose exactly 6",
        "HR-17.2.8",
    ):
        assert said in page, said
    assert not event.registrations.get().force_list.valid

    # A good troop: the faction's hero may be named; units by name, id or the Italian alias (Guerriero).
    good = troop(
        "Kunlun", ["Hero: Feng", "Guerriero", "Marksman", "Mountain Radical", *roster("kunlun")[3:6]]
    )
    answer = client.post(f"/events/{event.slug}/list/", {"text": good}, follow=True)
    force_list = event.registrations.get().force_list
    assert force_list.valid and force_list.faction == "kunlun", force_list.validation
    assert sorted(e["character"] for e in force_list.entries) == sorted(roster("kunlun")[:6])
    shown = answer.content.decode()
    assert "List saved: valid." in shown and 'id="troop"' in shown
    registered = shown.split('id="troop"')[1].split("</ul>")[0]
    assert "Feng (hero)" in registered and "Kunlun unit 6" in registered
    assert "Kunlun unit 7" not in registered and "Blitz (tactic)" in registered  # six units, not ten
    assert 'id="troops"' in shown and "Pluto" in shown  # the pack's troops to choose from

    client.force_login(organizer)
    lists = client.get(f"/events/{event.slug}/lists/").content.decode()
    assert (
        "Adam" in lists and "Mountain Radical" in lists and "points" not in lists.split("<h2>Lists</h2>")[1]
    )


def test_an_alliance_troop_through_the_api_answers_the_troop_it_fields(organizer, make_player):
    from rest_framework.test import APIClient

    event = alliance_event(organizer, slug="api-troop")
    player = make_player("Duncan")
    participant_services.register(player, event)
    api = APIClient()
    api.force_authenticate(player)
    units = [{"character": name} for name in roster("amazons")[4:10]]
    answer = api.put(
        f"/api/events/{event.slug}/list/", {"faction": "Amazons", "entries": units}, format="json"
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["valid"] and body["faction"] == "amazons"
    assert [e["character"] for e in body["entries"]] == roster("amazons")[4:10]
    roles = [line["role"] for line in body["validation"]["lines"]]
    assert roles == ["hero"] + ["unit"] * 6 + ["tactic"] * 4  # HR-2.3.4, HR-17.2.8
    short = api.put(
        f"/api/events/{event.slug}/list/", {"faction": "Amazons", "entries": units[:3]}, format="json"
    )
    assert (
        not short.json()["valid"]
        and "choose exactly 6" in short.json()["validation"]["errors"][-1]["message"]
    )


def test_a_skirmish_troop_is_the_whole_faction(client, organizer, make_player):
    event = hr_event(organizer)
    player = make_player("Teela")
    participant_services.register(player, event)
    force_list = participant_services.submit_list(player, event, text=troop("Amazons", ["Warrior"]))
    assert not force_list.valid
    assert "in Skirmish a troop is the whole faction" in force_list.validation["errors"][0]["message"]
    force_list = participant_services.submit_list(player, event, text="Amazons")
    assert force_list.valid and force_list.faction == "amazons" and force_list.entries == []
    lines = [line["name"] for line in force_list.validation["lines"]]
    assert lines[0] == "Amazons hero (hero)" and len([n for n in lines if "(" not in n]) == 10  # HR-2.3.4


def test_a_skirmish_match_starts_at_the_table_with_each_registered_faction(organizer, make_player):
    from play import matches

    event = hr_event(organizer, slug="skirmish-table")
    players = [make_player(name) for name in ("Adam", "Teela")]
    for player, faction in zip(players, ("Kunlun", "Amazons"), strict=True):
        participant_services.register(player, event)
        participant_services.submit_list(player, event, text=faction)
    match = draw_services.publish_round(
        organizer, draw_services.pair_next_round(organizer, event)
    ).matches.get()
    table = matches.start_from_match(match.entrants()[0].player, match.pk, first_player_seat=1)
    by_name = {p["name"]: p["faction"] for p in table.header["players"]}
    assert by_name == {"Adam": "kunlun", "Teela": "amazons"} and table.header["setup"]["mode"] == "skirmish"


def _alliance_log(seed: int = 3) -> dict:
    return engine.simulate(GAME, seed, randomness="seeded", mode="alliance")


def _alliance_with_registered(organizer, make_player, log: dict, *, slug: str, change_units_of: str = ""):
    """An Alliance event of two teams whose four players registered the troops ``log`` fields (but for
    ``change_units_of``, who registered other units); round 1 paired and published, one match."""
    event = alliance_event(organizer, slug=slug)
    setup = log["setup"]
    regs = {}
    for i, seat in enumerate(log["players"]):
        player = make_player(f"{NAMES[i]} {slug}")
        regs[seat["id"]] = participant_services.register(player, event)
        units = list(setup["units"][seat["id"]])
        if seat["id"] == change_units_of:
            units = [u for u in roster(seat["faction"]) if u not in units][:1] + units[1:]
        force_list = participant_services.submit_list(player, event, text=troop(seat["faction"], units))
        assert force_list.valid, force_list.validation
        seat["name"] = regs[seat["id"]].display_name
    for n, (side, members) in enumerate(sorted(setup["teams"].items()), start=1):
        participant_services.create_team(organizer, event, side.title(), [regs[p] for p in members], seed=n)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round1.matches.get()


def test_an_alliance_log_is_checked_against_each_registered_troop(
    organizer, make_player, django_capture_on_commit_callbacks
):
    log = _alliance_log()
    _, match = _alliance_with_registered(organizer, make_player, log, slug="troops-kept")
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(
            match.entrants()[0].player, match, json.dumps(log).encode(), filename="a.json"
        )
    match.refresh_from_db()
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert (match.state, match.log_flag) == (MatchState.VERIFIED, ""), match.flag_details

    # The same game against an event where p1 registered another unit: the log is not their troop.
    log = _alliance_log()
    _, match = _alliance_with_registered(
        organizer, make_player, log, slug="troops-changed", change_units_of="p1"
    )
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(
            match.entrants()[0].player, match, json.dumps(log).encode(), filename="b.json"
        )
    match.refresh_from_db()
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.log_flag == "mismatch" and match.state != MatchState.VERIFIED
    said = " ".join(match.flag_details)
    assert "fields other units in the log than their registered troop (HR-17.2.8)" in said, said
    assert "registered but not fielded" in said and "fielded but not registered" in said


# -- Alliance: every troop at the table its own faction ----------------------------------------------------
def test_drawn_partners_never_share_a_faction_when_the_field_allows(organizer, make_player):
    factions = ["kunlun"] * 4 + ["amazons"] * 2 + ["plutos-refugees"] * 2  # four teams: one Kunlun each
    players = [make_player(name) for name in NAMES]
    for seed in (1, 2, 3, 4, 5):
        event = alliance_event(organizer, slug=f"draw-{seed}", random_seed=seed)
        for player, faction in zip(players, factions, strict=True):
            participant_services.register(player, event)
            participant_services.submit_list(player, event, text=troop(faction, six(faction)))
        teams = participant_services.draw_teams(organizer, event)
        for team in teams:
            held = [m.force_list.faction for m in team.members.select_related("force_list")]
            assert len(set(held)) == len(held), (seed, team.name, held)
        assert distinct_factions.team_warnings(event) == []


def test_spreading_drawn_partners_is_deterministic_and_leaves_a_clean_draw_alone():
    faction = {"A": "k", "B": "k", "C": "a", "D": "p", "E": "k", "F": "a"}.get
    assert distinct_factions.spread_partners([["A", "C"], ["D", "F"]], faction) == [["A", "C"], ["D", "F"]]
    spread = distinct_factions.spread_partners([["A", "B"], ["C", "D"], ["E", "F"]], faction)
    assert spread == distinct_factions.spread_partners([["A", "B"], ["C", "D"], ["E", "F"]], faction)
    assert all(len({faction(m) for m in team}) == 2 for team in spread)
    assert sorted(m for team in spread for m in team) == list("ABCDEF")
    # All one faction: nothing can help, the draw stays as it was.
    assert distinct_factions.spread_partners([["A", "B"], ["E", "X"]], lambda m: "k") == [
        ["A", "B"],
        ["E", "X"],
    ]


def _teams_with(organizer, make_player, event, teams: list[tuple[str, str]]):
    players = iter(NAMES)
    made = []
    for n, pair in enumerate(teams, start=1):
        members = []
        for faction in pair:
            player = make_player(f"{next(players)} {event.slug}")
            members.append(participant_services.register(player, event))
            participant_services.submit_list(player, event, text=troop(faction, six(faction)))
        made.append(participant_services.create_team(organizer, event, f"Team {n}", members, seed=n))
    return made


def test_swiss_pairs_alliance_teams_that_share_no_faction(organizer, make_player):
    event = alliance_event(organizer, slug="swiss-teams")
    # Team 1 shares Kunlun with Team 2 and Amazons with Team 3; Team 2 shares Pluto's with Team 4: the only
    # pairing with four different factions at both tables is 1–4 and 2–3.
    teams = _teams_with(organizer, make_player, event, [("kunlun", "amazons"), ("kunlun", "plutos-refugees"),
                                                        ("amazons", "faction-4"), ("plutos-refugees", "faction-5")])  # fmt: skip
    round1 = draw_services.pair_next_round(organizer, event)
    tables = {frozenset(s.team for s in m.seat_list()) for m in round1.matches.all()}
    ids = [str(t.pk) for t in teams]
    assert tables == {frozenset({ids[0], ids[3]}), frozenset({ids[1], ids[2]})}
    assert distinct_factions.round_warnings(round1) == []


def test_what_pairing_cannot_fix_is_a_warning_on_the_round_page_and_api(client, organizer, make_player):
    # Two teams must meet and both hold Kunlun: the pairing says so, and so do the round page and API.
    event = alliance_event(organizer, slug="warned")
    _teams_with(organizer, make_player, event, [("kunlun", "plutos-refugees"), ("kunlun", "amazons")])
    round1 = draw_services.pair_next_round(organizer, event)
    assert round1.matches.get().reason.startswith("warning: same faction (Kunlun)")
    warnings = distinct_factions.round_warnings(round1)
    assert len(warnings) == 1 and "both registered Kunlun" in warnings[0]
    assert "swap one team with another table" in warnings[0]
    draw_services.publish_round(organizer, round1)
    client.force_login(organizer)
    assert client.get(f"/api/events/{event.slug}/rounds/1/").json()["warnings"] == warnings
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "both registered Kunlun" in page and "faction-warning" in page


def test_partners_of_one_faction_are_warned_on_the_teams_page_and_at_their_table(
    client, organizer, make_player
):
    event = alliance_event(organizer, slug="partners")
    _teams_with(organizer, make_player, event, [("kunlun", "plutos-refugees"), ("amazons", "faction-4")])
    partner = event.teams.get(name="Team 2").members.order_by("pk").last()
    partner.force_list.delete()
    participant_services.submit_list(
        partner.player, event, text=troop("Amazons", six("amazons", 2))
    )  # fixed partners
    warned = distinct_factions.team_warnings(event)
    assert len(warned) == 1 and warned[0].startswith("Team 2: partners") and "Amazons" in warned[0]
    client.force_login(organizer)
    teams_page = client.get(f"/events/{event.slug}/teams/").content.decode()
    assert "Team 2: partners" in teams_page and "(Amazons)" in teams_page
    round1 = draw_services.pair_next_round(organizer, event)
    warnings = distinct_factions.round_warnings(round1)
    assert (
        len(warnings) == 1 and "both registered Amazons" in warnings[0] and "they are partners" in warnings[0]
    )
