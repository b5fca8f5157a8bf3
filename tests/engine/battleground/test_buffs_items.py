"""Buffs and debuffs (BG-16.1), abilities (BG-11.1, BG-16.2, BG-16.4), items (BG-17.3) and mana
(BG-17.4, BG-AMB-31, BG-AMB-35)."""

from __future__ import annotations

import pytest

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]


def mover(bg, *, ability=None, speed=(3, 5), start="K3", terrain=()):
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.stats(sc, "he-man", speed=speed)
    sc.place("p1", "he-man", ["sword-of-power"], start, facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "Y30", facing=0)
    bg.begin(sc, "he-man", ap=3, ability=ability)
    return sc


def walk(sc, start_row, steps):
    sc.add("move", character="he-man", path=[f"K{start_row + i}" for i in range(1, steps + 1)])
    return sc


@pytest.mark.parametrize(("ability", "mp"), [({}, 3), ({"buff": "haste"}, 5)])
def test_bg_16_1_3_haste_adds_2_to_speed(bg, ability, mp):
    """BG-16.1.3 / BG-9.2.1: Haste (from the card's ability here) gives 3 + 2 = 5 MP."""
    assert bg.label(bg.state(walk(mover(bg, ability=ability), 3, mp)), "he-man") == f"K{3 + mp}"
    bg.rejects(walk(mover(bg, ability=ability), 3, mp + 1), "BG-9.2.1")


def test_bg_16_1_3_haste_adds_2_to_focused_speed_too(bg):
    """BG-16.1.3: both values change: focused 5 + 2 = 7."""
    sc = mover(bg, ability={"buff": "haste"})
    sc.add("focus", character="he-man")
    sc.add("move", character="he-man", path=[f"K{4 + i}" for i in range(7)], focus=True)
    assert bg.label(bg.state(sc), "he-man") == "K10"


def slowed(bg, *, terrain=(), start="K3", speed=(4, 6)):
    """Skeletor's Laser Rifle slows He-Man (an extra effect on 1+ net successes), then He-Man moves."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.stats(sc, "he-man", speed=speed, toughness=1, health=9)
    bg.stats(sc, "skeletor", perception=1)
    bg.weapon(
        sc,
        "laser-rifle",
        type="ranged",
        range_in=14,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "debuff": "slow"}],
    )
    sc.place("p1", "he-man", ["sword-of-power"], start, facing=3)
    sc.place("p2", "skeletor", ["laser-rifle"], "K14", facing=0)
    bg.card(sc, "ew-fate-01", initiative=9, ap=1, mana=0, ability={})
    bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
    sc.deal().select("motu-fate-02", "ew-fate-01")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add(
        "attack",
        character="skeletor",
        weapon="laser-rifle",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    return sc


def test_bg_16_1_4_slow_takes_2_from_speed(bg):
    """BG-16.1.4: 4 − 2 = 2 MP."""
    sc = slowed(bg)
    assert bg.state(sc).units["he-man"].debuff == "slow"
    assert bg.label(bg.state(walk(slowed(bg), 3, 2)), "he-man") == "K5"
    bg.rejects(walk(slowed(bg), 3, 3), "BG-9.2.1")


def test_bg_16_1_4_slow_does_not_stack_with_difficult_terrain(bg):
    """BG-16.1.4 / BG-9.2.1: starting on difficult terrain, Slow is ignored: 4 − 2 = 2, not 0."""
    bog = [{"piece": "bog", "kind": "difficult", "hexes": ["K3"]}]
    assert bg.label(bg.state(walk(slowed(bg, terrain=bog), 3, 2)), "he-man") == "K5"
    bg.rejects(walk(slowed(bg, terrain=bog), 3, 3), "BG-9.2.4")


def test_bg_16_1_2_a_new_debuff_replaces_the_old(bg):
    """BG-16.1.2: the Blind of He-Man's own card (its unique ability) replaces Skeletor's Slow."""
    sc = slowed(bg)
    sc.doc["events"][-1] = {"type": "activate", "player": "p1", "character": "he-man", "bonus": "ability"}
    bg.card(sc, "motu-fate-02", ability={"debuff": "blind"})
    assert bg.state(sc).units["he-man"].debuff == "blind"


def curse_then(bg, second_effect):
    """Skeletor curses He-Man with one weapon, then hits him with another whose extra effect replaces it."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "he-man", toughness=1, health=9)
    bg.stats(sc, "skeletor", perception=1)
    bg.weapon(
        sc,
        "curse-ray",
        type="ranged",
        range_in=14,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "debuff": "curse"}],
    )
    bg.weapon(
        sc,
        "laser-rifle",
        type="ranged",
        range_in=14,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, **second_effect}],
    )
    sc.place("p1", "he-man", ["sword-of-power"], "K3", facing=3)
    sc.place("p2", "skeletor", ["curse-ray", "laser-rifle"], "K14", facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=3)
    for weapon in ("curse-ray", "laser-rifle"):
        sc.add(
            "attack",
            character="skeletor",
            weapon=weapon,
            target="he-man",
            attack={"dice": [5]},
            defence={"dice": [1]},
        )
    return sc


def test_bg_amb_35_a_replaced_curse_deals_its_wound(bg):
    """BG-16.1.2 / BG-AMB-35 / BG-16.1.4: a Curse removed by being replaced (by Slow) still deals 1 wound."""
    game = bg.state(curse_then(bg, {"debuff": "slow"}))
    he_man = game.units["he-man"]
    assert (he_man.debuff, he_man.wounds) == ("slow", 1)


def test_bg_amb_35_a_replaced_curse_counts_in_the_expected_wounds(bg):
    """BG-AMB-35: the wound from the replaced Curse belongs to that attack; a log expecting a knock-out of a
    He-Man with Health 1 is right."""
    sc = curse_then(bg, {"debuff": "slow"})
    bg.stats(sc, "he-man", health=1)
    game = bg.state(sc)
    assert not game.units["he-man"].on_board
    assert game.sides["p2"].vp["knockouts"] > 0


def test_bg_amb_35_a_replaced_regeneration_heals(bg):
    """BG-16.1.2 / BG-AMB-35 / BG-16.1.3: Skeletor, wounded and regenerating, gains Haste from his weapon's
    extra effect: the replaced Regeneration removes 1 wound."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "he-man", toughness=1, health=9, strength=1)
    bg.stats(sc, "skeletor", perception=1, toughness=1, health=9)
    bg.weapon(
        sc,
        "laser-rifle",
        type="ranged",
        range_in=14,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "buff": "haste"}],
    )
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=14)
    sc.place("p1", "he-man", ["arm-cannon"], "K3", facing=3)
    sc.place("p2", "skeletor", ["laser-rifle"], "K14", facing=0)
    bg.begin(sc, "he-man", ap=1)
    bg.stats(sc, "he-man", perception=1)
    sc.add(
        "attack",
        character="he-man",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [1]},
        expect={"wounds": 1},
    )
    sc.add("end_activation", player="p1")
    bg.card(sc, "ew-fate-02", initiative=1, ap=3, mana=0, ability={"buff": "regeneration"})
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    game = bg.state(sc)
    assert (game.units["skeletor"].buff, game.units["skeletor"].wounds) == ("regeneration", 1)
    sc.add(
        "attack",
        character="skeletor",
        weapon="laser-rifle",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    game = bg.state(sc)
    assert (game.units["skeletor"].buff, game.units["skeletor"].wounds) == ("haste", 0)


def test_bg_16_1_3_regeneration_has_no_effect_while_present(bg):
    """BG-16.1.3: gaining Regeneration heals nothing by itself."""
    sc = bg.scenario()
    bg.stats(sc, "he-man", health=9)
    sc.place("p1", "he-man", ["sword-of-power"], "K3", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "he-man", ability={"buff": "regeneration"})
    he_man = bg.state(sc).units["he-man"]
    assert (he_man.buff, he_man.wounds) == ("regeneration", 0)


# -- abilities ----------------------------------------------------------------------------------------------
def tactician(bg, *, ally_hex="K8", terrain=(), mana=2):
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.stats(sc, "man-at-arms", health=9)
    sc.edit_pack(
        lambda p: next(c for c in p["characters"] if c["id"] == "man-at-arms").update(
            abilities=[
                {
                    "id": "tactical-master",
                    "name": "Tactical Master",
                    "kind": "active",
                    "ap": 1,
                    "mana": 1,
                    "target": "ally",
                    "range_in": 8,
                    "effect": {"buff": "empower"},
                },
                {"id": "steady-aim", "name": "Steady Aim", "kind": "passive", "effect": {}},
            ]
        )
    )
    sc.place("p1", "man-at-arms", ["arm-cannon"], "K3", facing=0)
    sc.place("p1", "he-man", ["sword-of-power"], ally_hex, facing=0)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "man-at-arms", ap=3, mana=mana)
    return sc


def test_bg_16_4_2_a_targeted_ability_turns_its_user_and_applies_to_the_target(bg):
    """BG-11.1.2 / BG-16.4.2 / BG-16.1.1: Tactical Master (1 AP, 1 mana, ally within 8") empowers He-Man;
    Man-At-Arms turns to face him."""
    sc = tactician(bg)
    sc.add("ability", character="man-at-arms", ability="tactical-master", target="he-man")
    game = bg.state(sc)
    assert game.units["he-man"].buff == "empower"
    assert game.units["man-at-arms"].facing == 3
    assert (game.frame().ap, game.units["man-at-arms"].mana) == (2, 1)


def test_bg_16_4_1_ability_range(bg):
    """BG-16.4.1: He-Man 9" away is out of the ability's 8"."""
    sc = tactician(bg, ally_hex="K13")
    sc.add("ability", character="man-at-arms", ability="tactical-master", target="he-man")
    bg.rejects(sc, "BG-16.4.1")


def test_bg_16_4_2_ability_line_of_sight(bg):
    """BG-16.4.2 / BG-10.4.6: a wall between them blocks the ability."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K5", "L5"]}]
    sc = tactician(bg, ally_hex="K9", terrain=wall)
    sc.add("ability", character="man-at-arms", ability="tactical-master", target="he-man")
    bg.rejects(sc, "BG-16.4.2")


def test_bg_1_2_an_ally_ability_cannot_target_an_enemy_or_its_user(bg):
    """BG-1.2: "ally" excludes the character itself, and enemies are not allies."""
    for target in ("skeletor", "man-at-arms"):
        sc = tactician(bg)
        sc.add("ability", character="man-at-arms", ability="tactical-master", target=target)
        bg.rejects(sc, "BG-1.2")


def test_bg_16_2_1_passive_abilities_are_not_actions_and_abilities_must_be_owned(bg):
    """BG-16.2.1 / BG-11.1.1: a passive ability cannot be used as an action; nor can another's ability."""
    sc = tactician(bg)
    sc.add("ability", character="man-at-arms", ability="steady-aim")
    bg.rejects(sc, "BG-16.2.1")
    sc = tactician(bg)
    sc.doc["events"][-1] = {"type": "activate", "player": "p1", "character": "he-man", "bonus": "ability"}
    sc.add("ability", character="he-man", ability="tactical-master", target="man-at-arms")
    bg.rejects(sc, "BG-16.2.1")


def test_bg_6_6_3_an_ability_needs_its_ap(bg):
    """BG-6.6.3 / BG-11.1.2: Tactical Master costs 1 AP; with none left it cannot be used."""
    sc = tactician(bg)
    sc.add("move", character="man-at-arms", path=["K2"]).add("move", character="man-at-arms", path=["K1"])
    sc.add("ability", character="man-at-arms", ability="tactical-master", target="he-man")
    bg.rejects(sc, "BG-6.6.3")


# -- items ----------------------------------------------------------------------------------------------------
def test_bg_17_3_2_only_equipped_items_are_used(bg):
    """BG-17.3.2 / BG-17.3.4: He-Man has no single-use item; the +1 Mind trinket is not single-use."""
    sc = mover(bg)
    sc.add("use_item", character="he-man", item="example-ap-token")
    bg.rejects(sc, "BG-17.3.2")
    sc = mover(bg)
    sc.doc["players"][0]["force"][0]["equipment"].append("example-mind-trinket")
    sc.add("use_item", character="he-man", item="example-mind-trinket")
    bg.rejects(sc, "BG-17.3.4")


def test_bg_17_1_1_a_free_action_does_not_advance_a_counter(bg):
    """BG-17.1.1 / BG-6.6.5: after the free single-use item, the first Focus still costs 1 AP."""
    sc = mover(bg)
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.doc["players"][0]["force"][0]["equipment"].append("example-ap-token")
    sc.add("use_item", character="he-man", item="example-ap-token")
    sc.add("focus", character="he-man")
    game = bg.state(sc)
    assert game.frame().ap == 3 + 1 - 1 and game.frame().counters == {"focus": 1}


# -- mana --------------------------------------------------------------------------------------------------------
def test_bg_amb_31_mana_above_5_is_lost(bg):
    """BG-17.4.3 / BG-6.5.1 / BG-AMB-31: a card worth 5 mana plus the +1 mana bonus leaves 5."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K3", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "he-man", mana=5, bonus="mana")
    assert bg.state(sc).units["he-man"].mana == 5


def test_bg_17_4_4_mana_comes_from_the_card_the_bonus_and_cleanup(bg):
    """BG-17.4.4 / BG-7.6.1: 2 from the card, +1 from the fate bonus; a character not activated in the
    round gains 1 in cleanup."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K3", facing=3)
    sc.place("p1", "stratos", ["flamethrower"], "M3", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "he-man", mana=2, bonus="mana")
    sc.add("end_activation", player="p1").add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add("end_activation", player="p2").add("pass", player="p1")
    game = bg.state(sc)
    assert game.round == 2
    assert (game.units["he-man"].mana, game.units["stratos"].mana, game.units["skeletor"].mana) == (3, 1, 0)


def test_bg_amb_35_a_knockout_by_a_replaced_curse_is_the_attacks_knockout(bg):
    """BG-AMB-35 / BG-13.1.2: He-Man (Health 1) is knocked out by the wound of his replaced Curse during the
    second attack; a log saying so is right, and one denying it is not."""
    sc = curse_then(bg, {"debuff": "slow"})
    bg.stats(sc, "he-man", health=1)
    sc.doc["events"][-1]["expect"] = {"wounds": 0, "knocked_out": True}
    bg.accepts(sc)
    sc.doc["events"][-1]["expect"] = {"knocked_out": False}
    bg.rejects(sc, "BG-13.1.2")


def test_bg_9_2_1_movement_points_never_go_below_zero(bg):
    """BG-9.2.1: speed 1 with Slow is 0 MP, not −1: no step, but a Move that only rotates is still legal."""
    sc = slowed(bg, speed=(1, 3))
    sc.add("move", character="he-man", path=[], facing=0)
    assert bg.state(sc).units["he-man"].facing == 0
    walk(sc, 3, 1)
    bg.rejects(sc, "BG-9.2.1")
