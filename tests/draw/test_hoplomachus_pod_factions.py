"""Pandemonium pods whose troops all play different factions (HR-16.2.3: each player chooses a faction in
turn; one set of chips per faction, AMB-17; the engine refuses a log in which two troops share one).

The pod pairing of a Pandemonium event keeps players who registered one faction in different pods where
the field allows (tournaments.algorithms.pods, tier 0), from the same seed the same pods, and the round
page and API warn, per pod, about what no split of the field avoids."""

from __future__ import annotations

from datetime import date

import pytest

from draw import records
from draw import services as draw_services
from participants import services as participant_services
from tournaments import distinct_factions, services

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"
NAMES = ["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis", "Tung"]


def pandemonium(organizer, make_player, factions: list[str], **settings):
    """A Pandemonium event whose players, seeded in order, registered ``factions`` (by name)."""
    defaults = dict(name="Pandemonium Night", starts_on=date(2026, 6, 6), game=GAME, content_pack="hr-core-starter",
                    game_mode="pandemonium", swiss_rounds=2, first_round="seeded", random_seed=5)  # fmt: skip
    event = services.create_event(organizer, **{**defaults, **settings})
    for seed, (name, faction) in enumerate(zip(NAMES, factions, strict=False), start=1):
        player = make_player(f"{name} {event.slug}")
        registration = participant_services.register(player, event)
        registration.seed = seed
        registration.save()
        assert participant_services.submit_list(
            player, event, text=faction
        ).valid  # a Pandemonium troop: the faction
    return event


def pods(round_) -> list[list[str]]:
    """Each table's players by first name, in seat order."""
    return [
        [s.registration.display_name.split()[0] for s in m.seat_list()]
        for m in round_.matches.order_by("table")
    ]


def test_players_of_one_faction_are_paired_in_different_pods(organizer, make_player):
    # By seeding Adam, Teela, Duncan and Adora would share table 1; Adam and Teela both registered Kunlun.
    factions = ["Kunlun", "Kunlun", "Amazons", "Faction 4", "Faction 5", "Faction 6", "Faction 7"]
    event = pandemonium(organizer, make_player, factions, slug="pods-apart")
    assert [c.faction for c in records.competitors(event)] == factions
    round1 = draw_services.pair_next_round(organizer, event)
    tables = pods(round1)
    assert [len(t) for t in tables] == [4, 3]
    assert not any({"Adam", "Teela"} <= set(t) for t in tables)
    # The whole round's split with the least seeding spread: 8 (e.g. seeds 1-4-5-6 and 0-2-3, or
    # 0-4-5-6 and 1-2-3), where one swap from the seeding (0-2-3-4 and 1-5-6) spreads 9.
    seed = {
        name: i for i, name in enumerate(["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis"])
    }
    assert sum(max(seed[n] for n in t) - min(seed[n] for n in t) for t in tables) == 8
    assert distinct_factions.round_warnings(round1) == []
    assert not any(m.reason.startswith("warning") for m in round1.matches.all())


def test_a_same_faction_pod_no_split_avoids_is_warned_on_the_round_page_and_api(
    client, organizer, make_player
):
    # Three of six players registered Kunlun: two pods of three seat two of them together at best.
    factions = ["Kunlun", "Amazons", "Kunlun", "Faction 4", "Kunlun", "Faction 5"]
    event = pandemonium(organizer, make_player, factions, slug="pods-warned")
    round1 = draw_services.pair_next_round(organizer, event)
    warned = [
        m for m in round1.matches.order_by("table") if m.reason.startswith("warning: same faction (Kunlun)")
    ]
    assert len(warned) == 1 and round1.matches.count() == 2  # the round is paired anyway
    kunlun = {f"{n} pods-warned" for n, f in zip(NAMES, factions, strict=False) if f == "Kunlun"}
    two = [
        s.registration.display_name for s in warned[0].seat_list() if s.registration.display_name in kunlun
    ]
    warnings = distinct_factions.round_warnings(round1)
    assert warnings == [
        f"Table {warned[0].table}: {two[0]} and {two[1]} both registered Kunlun, and every troop in a "
        "Hoplomachus pod needs its own faction (one set of chips each), so this pod cannot be played as "
        "paired. Swap one of them with another pod, or ask one of them to change their list."
    ]
    draw_services.publish_round(organizer, round1)
    client.force_login(organizer)
    assert client.get(f"/api/events/{event.slug}/rounds/1/").json()["warnings"] == warnings
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "both registered Kunlun" in page and "faction-warning" in page


def test_a_pod_of_one_faction_names_everyone_in_it(organizer, make_player):
    event = pandemonium(organizer, make_player, ["Kunlun"] * 4, slug="one-faction")
    round1 = draw_services.pair_next_round(organizer, event)
    [warning] = distinct_factions.round_warnings(round1)
    assert warning.startswith(
        "Table 1: Adam one-faction, Teela one-faction, Duncan one-faction and Adora one-faction all registered Kunlun"
    )


def test_the_event_seed_draws_the_same_pods(organizer, make_player):
    factions = ["Kunlun", "Kunlun", "Amazons", "Amazons", "Faction 4", "Faction 4", "Faction 5", "Faction 6"]
    drawn = []
    for slug in ("seeded-a", "seeded-b"):
        event = pandemonium(organizer, make_player, factions, slug=slug, first_round="random", random_seed=11)
        round1 = draw_services.pair_next_round(organizer, event)
        assert distinct_factions.round_warnings(round1) == []
        assert all("random draw" in m.reason for m in round1.matches.all())
        drawn.append(pods(round1))
    assert drawn[0] == drawn[1]
    assert [len(t) for t in drawn[0]] == [4, 4]
