"""Mounted heroes (FE-4.1.8, FE-19.4.1, AMB-58, WE-09). The rulebook names no mounted hero, so the starter
pack's two are placeholders: He-Man starting with a tamed epic beast (FE-4.1.8 item 1) and Skeletor with
his own card's values (item 2)."""

from __future__ import annotations

import pytest
from fe_support import header, pack, play, setup_draws
from test_fe_skirmish import start as skirmish_start
from test_fe_skirmish import through_setup

import engine
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.eternia import RULESET, epic
from engine.games.eternia import queries as q

BEAST = "stridor-the-ancient"  # the placeholder He-Man's mount


def table(motu=("he-man-mounted", "she-ra", "teela"), ew=("skeletor", "evil-lyn", "beast-man"), doc=None):
    g = RULESET.start(header(motu=list(motu), ew=list(ew), doc=doc), content_pack=doc)
    setup_draws(g)
    return g


def pool(g, team: str) -> int:
    """The team's Eternium at setup: its pool less the first day's income (FE-8.2.2)."""
    t = g.s.teams[team]
    return t.eternium - sum(amount for _round, amount in t.income)


def test_fe_23_3_the_pack_s_mounted_heroes_are_placeholders():
    """FE-23.3: the mounted-hero cards and their beasts are not in the rulebook: every entry says so."""
    content = engine.game("motu-fields-of-eternia").content_loader()
    assert set(content.mounted) == {"he-man-mounted", "skeletor-mounted"}
    for entry in content.mounted.values():
        assert "hero" in entry["provisional"] and "placeholder" in entry["note"]
        assert content.provisional_fields()[f"mounted_heroes/{entry['id']}"] == entry["provisional"]


def test_fe_4_1_8_a_mounted_hero_starts_with_its_tamed_beast_and_the_team_facing_it_gets_4_eternium():
    """FE-4.1.8 items 1 and 4, WE-09 ("enemy fields a mounted hero, you do not: 10 + 4 = 14"): the hero takes
    its beast card at the start (out of the scenario deck), with the beast's bonus; events name the hero."""
    g = table()
    s = g.s
    he_man = s.heroes["he-man"]
    assert he_man.mounted == "he-man-mounted" and (he_man.mount, he_man.mount_kind) == (BEAST, "epic_beast")
    assert BEAST not in s.decks["scenario"]
    bonus = g.content.epic_beasts[BEAST]["taming_bonus"]["movement"]
    assert q.stat(g, he_man, "movement") == g.content.heroes["he-man"]["movement"] + bonus
    assert pool(g, "motu") == 10 and pool(g, "ew") == 14
    assert g.view()["heroes"]["he-man"]["mounted"] == "he-man-mounted"


def test_fe_4_1_8_a_mounted_hero_s_own_card_gives_its_printed_values_in_play_and_in_combat():
    """FE-4.1.8 item 2: Skeletor's mounted card prints HP, initiative and movement (placeholders) that replace
    his hero card's; the base initiative counts in the epic-combat totals (FE-11.5.5.1)."""
    g = table(motu=("he-man", "she-ra", "teela"), ew=("skeletor-mounted", "evil-lyn", "beast-man"))
    s = g.s
    card = g.content.mounted["skeletor-mounted"]["card"]
    skeletor = s.heroes["skeletor"]
    assert skeletor.mount is None and q.max_hp(g, skeletor) == q.hp(g, skeletor) == card["hp"]
    assert q.stat(g, skeletor, "movement") == card["movement"] != g.content.heroes["skeletor"]["movement"]
    assert q.stat(g, skeletor, "mind") == g.content.heroes["skeletor"]["mind"]  # not printed: the hero card's
    assert pool(g, "motu") == 14 and pool(g, "ew") == 10
    s.heroes["he-man"].area = "central-tower"
    skeletor.area = "central-tower"
    epic.start_hero(g, "he-man", "skeletor", "central-tower")
    assert epic.totals(g, s.combat, s.combat.defender)["initiative"] == card["initiative"]


def test_fe_4_1_8_each_team_fields_at_most_one_mounted_hero_and_names_are_checked():
    """FE-4.1.8 item 3 (an organizer's pack with a second MOTU mounted hero); an unknown name is unreadable."""
    doc = pack()
    doc["mounted_heroes"].append(dict(doc["mounted_heroes"][0], id="she-ra-mounted", name="She-Ra, mounted",
                                      hero="she-ra", beast="great-dragosaur"))  # fmt: skip
    with pytest.raises(IllegalEvent) as info:
        table(motu=("he-man-mounted", "she-ra-mounted", "teela"), doc=doc)
    assert info.value.rule == "FE-4.1.8" and "at most one mounted hero" in info.value.message
    both = table(
        motu=("she-ra-mounted", "he-man", "teela"), ew=("skeletor-mounted", "evil-lyn", "beast-man"), doc=doc
    )
    assert pool(both, "motu") == pool(both, "ew") == 10  # AMB-58: both field one, nobody is compensated
    with pytest.raises(UnreadableLog):
        table(motu=("he-man-on-a-unicorn", "she-ra", "teela"))


def test_fe_19_4_1_a_mounted_hero_is_deployed_and_played_in_a_skirmish():
    """FE-19.4.1 with FE-19.5.1 and FE-4.1.8 item 4 (AMB-58: the 4 Eternium join the team's 15 for its
    purchases), FE-19.7.1 (the mount's card is not in the scenario deck), FE-19.6.3 (deployed in its zone),
    FE-19.8.3 (its movement is capped at 2 even mounted), FE-9.9.2 (its beast card may be traded)."""
    g = skirmish_start(motu=["he-man-mounted", "she-ra", "teela"], ew=["skeletor", "evil-lyn", "beast-man"])
    s = g.s
    assert s.teams["motu"].eternium == 15 and s.teams["ew"].eternium == 19
    assert s.heroes["he-man"].mount == BEAST and BEAST not in s.decks["scenario"]
    through_setup(g)
    he_man = s.heroes["he-man"]
    assert he_man.area in g.scenario["deployment_zones"]["west"]["hero_starts"]
    assert q.stat(g, he_man, "movement") == 2
    s.heroes["she-ra"].area = he_man.area
    play(g, {"type": "activate", "hero": "he-man"},
         {"type": "trade", "hero": "he-man", "with": "she-ra", "give": [BEAST], "take": []})  # fmt: skip
    assert he_man.mount is None and s.heroes["she-ra"].mount == BEAST and he_man.mounted == "he-man-mounted"


def test_fe_19_4_1_two_mounted_heroes_in_one_skirmish_team_are_refused():
    """FE-19.4.1: free heroes (FE-19.3.1) let a team pick heroes of any faction, still one mounted hero."""
    head = header(motu=["he-man-mounted", "skeletor-mounted", "teela"], ew=["evil-lyn", "she-ra", "trap-jaw"])
    head["setup"] = {
        "mode": "skirmish",
        "scenario": "skirmish-1",
        "starting_team": "motu",
        "free_heroes": True,
    }
    with pytest.raises(IllegalEvent) as info:
        RULESET.start(head)
    assert info.value.rule == "FE-19.4.1"


@pytest.mark.parametrize("mode", ["standard", "skirmish", "solo"])
def test_fe_4_1_8_simulated_games_with_a_mounted_hero_are_legal(mode):
    """FE-4.1.8, FE-19.4.1: the simulator fields a mounted hero for the first team in every mode."""
    doc = engine.simulate("motu-fields-of-eternia", 3, mode=mode, mounted=True)
    assert doc["players"][0]["force"][0] == "he-man-mounted"
    verdict = engine.verify(doc)
    assert verdict.status == "legal", verdict
