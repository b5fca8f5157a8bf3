"""Attacks (BG-10), facing and flank (BG-12), wounds and threshold modifiers (BG-13.1, BG-13.2)."""

from __future__ import annotations

import pytest

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
MISS = {"attack": {"dice": [2]}, "defence": {"dice": [2]}}


def melee(
    bg,
    *,
    he_man=("sword-of-power",),
    strength=1,
    toughness=1,
    health=9,
    skeletor_facing=0,
    he_man_hex="K15",
    skeletor_hex="K16",
    ap=5,
    mana=0,
    ability=None,
    options=None,
):
    sc = bg.scenario(zones=ANYWHERE, options=options)
    bg.stats(sc, "he-man", strength=strength, perception=1, power=1)
    bg.stats(sc, "skeletor", toughness=toughness, mind=1, health=health)
    bg.weapon(
        sc, "sword-of-power", type="melee", dice=0, table=[{"min": 1, "wounds": 1}, {"min": 3, "wounds": 2}]
    )
    sc.place("p1", "he-man", list(he_man), he_man_hex, facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], skeletor_hex, facing=skeletor_facing)
    bg.begin(sc, "he-man", ap=ap, mana=mana, ability=ability)
    return sc


def hit(sc, weapon="sword-of-power", target="skeletor", attack=(2,), defence=(2,), **fields):
    sc.add(
        "attack",
        character="he-man",
        weapon=weapon,
        target=target,
        attack={"dice": list(attack)},
        defence={"dice": list(defence)},
        **fields,
    )
    return sc


# -- weapons and targets -------------------------------------------------------------------------------
def test_bg_10_1_1_the_weapon_must_be_equipped(bg):
    """BG-10.1.1: He-Man cannot attack with Skeletor's Havoc Staff."""
    bg.rejects(hit(melee(bg), weapon="havoc-staff"), "BG-10.1.1")


def test_bg_10_2_1_attacks_target_enemies_and_melee_turns_the_attacker(bg):
    """BG-10.2.1: the attacker rotates to face the enemy it attacks in melee; an ally is no target."""
    sc = melee(bg, he_man_hex="J16")  # Skeletor at K16 is across He-Man's side 1 (north-east)
    hit(sc)
    game = bg.state(sc)
    assert game.units["he-man"].facing == bg.grid.direction_to(bg.grid.parse("J16"), bg.grid.parse("K16"))
    sc = melee(bg)
    sc.place("p1", "stratos", ["flamethrower"], "J15", facing=0)
    bg.rejects(hit(sc, target="stratos"), "BG-10.2.1")


@pytest.mark.parametrize(("modifier", "dice"), [(1, 3), (0, 2), (-1, 1)])
def test_bg_10_1_3_the_weapons_dice_modifier_changes_the_dice(bg, modifier, dice):
    """BG-10.1.3 / BG-13.2.8: Strength 2 with a +1 / 0 / −1 die weapon rolls 3 / 2 / 1 dice."""
    sc = melee(bg, strength=2)
    bg.weapon(sc, "sword-of-power", dice=modifier)
    bg.accepts(hit(sc, attack=[2] * dice))
    sc.doc["events"][-1]["attack"] = {"dice": [2] * (dice + 1)}
    bg.rejects(sc, "BG-8.2")


def test_bg_10_2_4_fists_only_without_a_melee_weapon(bg):
    """BG-10.2.4: a character with a melee weapon equipped cannot fight with its fists."""
    bg.rejects(hit(melee(bg), weapon="fists"), "BG-10.2.4")


def test_bg_10_2_4_fists_deal_one_wound_on_any_net_success_and_count_as_melee(bg):
    """BG-10.2.4 / BG-DIS-26: fists roll Strength (3), deal 1 wound for 1+ net successes (3 here), and
    advance the melee counter: the second fist attack costs 2 AP."""
    sc = melee(bg, he_man=(), strength=3, ap=3)
    hit(sc, weapon="fists", attack=[5, 5, 5], defence=[1], expect={"net": 3, "wounds": 1})
    hit(sc, weapon="fists", attack=[2, 2, 2], defence=[1])
    game = bg.state(sc)
    assert game.frame().ap == 0 and game.frame().counters == {"melee": 2}


@pytest.mark.parametrize(("strict", "dice"), [(False, 3), (True, 2)])
def test_bg_amb_14_fists_and_strength_modifiers(bg, strict, dice):
    """BG-AMB-14: fists use the printed Strength (2) with no weapon modifier; ordinary modifiers (a +1
    Strength item here) still apply unless the log chooses ``fists_ignore_all_modifiers``."""
    sc = melee(bg, he_man=("strong-belt",), strength=2, options={"fists_ignore_all_modifiers": strict})
    bg.item(sc, "strong-belt", modifiers=[{"stat": "strength", "dice": 1}])
    hit(sc, weapon="fists", attack=[2] * dice)
    bg.accepts(sc)


def test_bg_10_3_4_ranged_attacks_roll_perception_against_toughness(bg):
    """BG-10.3.4 / BG-1.5: Perception 3 attack dice, Toughness 2 defence dice (Mind is not rolled)."""
    sc = bg.scenario()
    bg.stats(sc, "man-at-arms", perception=3, strength=1)
    bg.stats(sc, "skeletor", toughness=2, mind=4)
    sc.place("p1", "man-at-arms", ["arm-cannon"], "K12", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K17", facing=0)
    bg.begin(sc, "man-at-arms")
    sc.add(
        "attack",
        character="man-at-arms",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [2, 2, 2]},
        defence={"dice": [2, 2]},
    )
    bg.accepts(sc)


# -- ranged facing -----------------------------------------------------------------------------------------
def shooter(bg, target_hex, **attack_fields):
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "man-at-arms", perception=1)
    bg.stats(sc, "skeletor", toughness=1, health=9)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    sc.place("p1", "man-at-arms", ["arm-cannon"], "K12", facing=0)
    sc.place("p2", "skeletor", ["havoc-staff"], target_hex, facing=0)
    bg.begin(sc, "man-at-arms")
    sc.add("attack", character="man-at-arms", weapon="arm-cannon", target="skeletor", **MISS, **attack_fields)
    return sc


def test_bg_10_3_1_the_shooter_faces_the_adjacent_hex_closest_to_the_target(bg):
    """BG-10.3.1: K12 shooting at K17 turns to face south (side 3)."""
    assert bg.state(shooter(bg, "K17")).units["man-at-arms"].facing == 3


def test_bg_amb_07_a_facing_tie_must_be_chosen_in_the_log(bg):
    """BG-AMB-07 / BG-28.5: K12 → O12 is equally close to two adjacent hexes; the log must pick one of them."""
    options = bg.grid.facings_toward(bg.grid.parse("K12"), bg.grid.parse("O12"))
    assert len(options) == 2
    v = bg.rejects(shooter(bg, "O12"), "BG-10.3.1")
    assert "2 facings (1, 2) are equally close" in v.message and '"facing": 1' in v.message
    assert bg.state(shooter(bg, "O12", facing=options[1])).units["man-at-arms"].facing == options[1]
    wrong = next(d for d in range(6) if d not in options)
    bg.rejects(shooter(bg, "O12", facing=wrong), "BG-10.3.1")


def test_bg_amb_07_a_tied_attack_is_offered_once_per_facing(bg):
    """BG-AMB-07 / BG-28.5: what legal_events offers is accepted as offered: the tied shot comes with each
    candidate facing, and an untied one without any."""
    for target_hex, facings in (("O12", {1, 2}), ("K17", {None})):
        sc = shooter(bg, target_hex)
        sc.doc["events"].pop()
        game = bg.state(sc)
        shots = [e for e in game.legal_events() if e["type"] == "attack" and e["weapon"] == "arm-cannon"]
        assert {e.get("facing") for e in shots} == facings
        assert all(game.is_legal({**e, **MISS}) for e in shots)


# -- spells ------------------------------------------------------------------------------------------------
def caster(bg, *, mana=1, cost=1, skeletor_hex="K12", he_man_hex="K17", terrain=(), power=2, mind=1):
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.weapon(sc, "magic-blast", type="spell", range_in=10, mana_cost=cost)
    bg.stats(sc, "skeletor", power=power)
    bg.stats(sc, "he-man", mind=mind, toughness=5, health=9)
    sc.place("p1", "he-man", ["sword-of-power"], he_man_hex, facing=0)
    sc.place("p2", "skeletor", ["magic-blast"], skeletor_hex, facing=3)
    bg.begin(sc, "skeletor", player="p2", mana=mana)
    return sc


def blast(sc, attack=(2, 2), defence=(2,), **fields):
    sc.add(
        "attack",
        character="skeletor",
        weapon="magic-blast",
        target="he-man",
        attack={"dice": list(attack)},
        defence={"dice": list(defence)},
        **fields,
    )
    return sc


def test_bg_10_5_1_a_spell_rolls_power_against_mind_and_costs_its_mana(bg):
    """BG-10.5.1 (b, c) / BG-1.5 / BG-10.1.6: Power 2 dice, Mind 1 defence die; the 2 mana of the spell
    are paid when it is chosen, before the test."""
    sc = blast(caster(bg, mana=3, cost=2))
    assert bg.state(sc).units["skeletor"].mana == 1
    bg.accepts(sc)


def test_bg_10_5_1_without_the_mana_the_spell_is_illegal(bg):
    """BG-10.5.1 (c): 1 mana for a 2-mana spell."""
    bg.rejects(blast(caster(bg, mana=1, cost=2)), "BG-10.5.1")


def test_bg_17_4_2_mana_paid_for_the_spell_is_not_there_for_rerolls(bg):
    """BG-17.4.2 / BG-10.5.1: 2 mana, spell cost 2 → no mana left to reroll the attack dice."""
    sc = blast(caster(bg, mana=2, cost=2), attack=[1, 1])
    sc.doc["events"][-1]["attack"]["mana_rerolls"] = {"dice": [0], "results": [5]}
    bg.rejects(sc, "BG-17.4.2")


def test_bg_amb_40_no_spell_while_engaged(bg):
    """BG-10.5.1 / BG-AMB-40 / BG-10.3.2: a spell follows the ranged rules, so not while engaged."""
    bg.rejects(blast(caster(bg, he_man_hex="K13")), "BG-10.5.1")


def test_bg_10_5_1_spell_range_and_line_of_sight(bg):
    """BG-10.5.1 / BG-10.3.3 / BG-10.3.5: Magic Blast (10") cannot reach He-Man 11" away, nor see him
    behind a wall."""
    bg.rejects(blast(caster(bg, he_man_hex="K24")), "BG-10.3.5")
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K14", "L14"]}]
    bg.rejects(blast(caster(bg, he_man_hex="K18", terrain=wall)), "BG-10.3.3")


def test_bg_13_3_1_cover_narrows_spells_too(bg):
    """BG-13.3.1 / BG-13.2.3 / BG-DIS-15: a low obstacle on the line gives cover against a spell: T = 5."""
    low = [{"piece": "wall", "kind": "low", "hexes": ["K15"]}]
    sc = blast(caster(bg, terrain=low), attack=[4, 5], expect={"attack_successes": 1})
    bg.accepts(sc)


def test_bg_13_3_1_cover_does_not_protect_against_melee(bg):
    """BG-13.3.1: a character standing behind the target does not matter to a melee attack: T = 4."""
    sc = melee(bg, strength=2)
    sc.place("p1", "stratos", ["flamethrower"], "K14", facing=0)
    bg.accepts(hit(sc, attack=[4, 4], expect={"attack_successes": 2}))


# -- facing and flank ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("side", "flank"), [(0, False), (1, False), (5, False), (2, True), (3, True), (4, True)]
)
def test_bg_12_2_three_adjacent_hexes_are_front_and_three_rear(bg, side, flank):
    """BG-12.2 / BG-12.3 / BG-13.2.1 / BG-AMB-06: Skeletor at K16 faces north; an attack from the hex across
    side 2, 3 or 4 is a flank attack (T = 3, so a 3 succeeds); from 0, 1 or 5 it is frontal (T = 4)."""
    attacker = bg.step("K16", side)
    sc = melee(bg, he_man_hex=attacker, strength=1)
    bg.accepts(hit(sc, attack=[3], defence=[1], expect={"attack_successes": 1 if flank else 0}))


def test_bg_12_2_halfway_hexes_are_not_flank(bg):
    """BG-12.2 / BG-AMB-06: M16 lies exactly on the line through K16 across its facing (north): halfway,
    so a ranged attack from there is frontal (T = 4), while from M17 (behind the line) it is a flank."""
    grid = bg.grid
    assert grid.arc(grid.parse("K16"), 0, grid.parse("M16")) == 0
    for hex_, successes in (("M16", 0), ("M17", 1)):
        sc = bg.scenario(zones=ANYWHERE)
        bg.stats(sc, "man-at-arms", perception=1)
        bg.stats(sc, "skeletor", toughness=1, health=9)
        sc.place("p1", "man-at-arms", ["arm-cannon"], hex_, facing=4)
        sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
        bg.begin(sc, "man-at-arms")
        sc.add(
            "attack",
            character="man-at-arms",
            weapon="arm-cannon",
            target="skeletor",
            facing=grid.facings_toward(grid.parse(hex_), grid.parse("K16"))[0],
            attack={"dice": [3]},
            defence={"dice": [1]},
            expect={"attack_successes": successes},
        )
        bg.accepts(sc)


def test_bg_12_3_flank_applies_to_ranged_attacks(bg):
    """BG-12.3: Skeletor faces away from the shooter: T = 3."""
    sc = bg.scenario()
    bg.stats(sc, "man-at-arms", perception=1)
    bg.stats(sc, "skeletor", toughness=1, health=9)
    sc.place("p1", "man-at-arms", ["arm-cannon"], "K12", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K17", facing=3)
    bg.begin(sc, "man-at-arms")
    sc.add(
        "attack",
        character="man-at-arms",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [3]},
        defence={"dice": [1]},
        expect={"attack_successes": 1},
    )
    bg.accepts(sc)


# -- buffs and debuffs on tests -----------------------------------------------------------------------------
def test_bg_13_2_7_empower_widens_and_blind_narrows_attack_tests(bg):
    """BG-13.2.7 / BG-16.1.3 / BG-16.1.4: T = 3 with Empower, 5 with Blind (here from the card's ability)."""
    sc = melee(bg, strength=2, ability={"buff": "empower"})
    bg.accepts(hit(sc, attack=[3, 2], defence=[1], expect={"attack_successes": 1}))
    sc = melee(bg, strength=2, ability={"debuff": "blind"})
    bg.accepts(hit(sc, attack=[4, 5], defence=[1], expect={"attack_successes": 1}))


def skeletor_first(bg, effect, *, skeletor_ap=1):
    """Skeletor activates first with a card whose ability gives him ``effect``; then He-Man activates."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "skeletor", toughness=1, health=1)
    bg.weapon(sc, "sword-of-power", type="melee", dice=0, table=[{"min": 1, "wounds": 1}])
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    bg.card(sc, "ew-fate-01", initiative=9, ap=skeletor_ap, mana=0, ability=effect)
    bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
    sc.deal().select("motu-fate-02", "ew-fate-01")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    return sc


@pytest.mark.parametrize(("effect", "defence"), [({"buff": "protection"}, [3]), ({"debuff": "stun"}, [5])])
def test_bg_13_2_7_protection_widens_and_stun_narrows_defence_tests(bg, effect, defence):
    """BG-13.2.7 / BG-16.1.3 / BG-16.1.4: Skeletor's defence has T = 3 with Protection (a 3 succeeds) and
    T = 5 with Stun (a 4 would fail, a 5 succeeds)."""
    sc = skeletor_first(bg, effect)
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    hit(sc, attack=[5], defence=defence, expect={"defence_successes": 1})
    bg.accepts(sc)
    sc.doc["events"][-1]["defence"] = {"dice": [defence[0] - 1]}
    sc.doc["events"][-1]["expect"] = {"defence_successes": 0}
    bg.accepts(sc)


# -- wounds and knock-outs ----------------------------------------------------------------------------------
def test_bg_13_1_2_knocked_out_at_health(bg):
    """BG-13.1.1 / BG-13.1.2: wounds accumulate; at ≥ Health the miniature leaves the battlefield."""
    sc = melee(bg, strength=3, health=2)
    hit(sc, attack=[5, 2, 2], defence=[1], expect={"wounds": 1, "knocked_out": False})
    game = bg.state(sc)
    assert game.units["skeletor"].wounds == 1 and game.units["skeletor"].on_board
    hit(sc, attack=[5, 5, 5], defence=[1], expect={"wounds": 2, "knocked_out": True})
    game = bg.state(sc)
    assert game.units["skeletor"].wounds == 3 and not game.units["skeletor"].on_board


def test_bg_13_1_3_the_opponent_scores_the_knockout_at_once(bg):
    """BG-13.1.3 / BG-7.5.3: Skeletor (cost 30) with the Havoc Staff (10) → 40 VP for MotU immediately."""
    sc = melee(bg, strength=1, health=1)
    bg.stats(sc, "skeletor", cost=30)
    bg.weapon(sc, "havoc-staff", cost=10)
    hit(sc, attack=[5], defence=[1])
    assert bg.state(sc).sides["p1"].vp["knockouts"] == 40


def test_bg_13_1_2_a_knocked_out_character_cannot_be_attacked_again(bg):
    """BG-13.1.2: it has left the battlefield."""
    sc = melee(bg, strength=1, health=1)
    hit(sc, attack=[5], defence=[1])
    hit(sc, attack=[5], defence=[1])
    bg.rejects(sc, "BG-13.1.2")


def test_bg_13_1_4_a_knocked_out_characters_tokens_go(bg):
    """BG-13.1.4: focus, guard and buff leave the battlefield with the miniature (here Skeletor's focus and
    Protection both widen his defence, T = 2, and still he falls)."""
    sc = skeletor_first(bg, {"buff": "protection"}, skeletor_ap=2)
    sc.add("focus", character="skeletor").add("guard", character="skeletor")
    game = bg.state(sc)
    skeletor = game.units["skeletor"]
    assert (skeletor.focused, skeletor.guard, skeletor.buff) == (True, True, "protection")
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    hit(sc, attack=[6], defence=[1], expect={"knocked_out": True})
    sc.doc["events"][-1]["attack"]["explosions"] = [5]
    skeletor = bg.state(sc).units["skeletor"]
    assert not skeletor.on_board
    assert (skeletor.focused, skeletor.guard, skeletor.buff, skeletor.debuff) == (False, False, None, None)


def test_bg_13_1_2_a_knocked_out_character_can_no_longer_act(bg):
    """BG-13.1.2: knocked out by an opportunity attack as he leaves, He-Man's card and equipment cannot be
    used any more: his activation can only end."""
    sc = melee(bg, strength=1, health=9)
    bg.stats(sc, "skeletor", strength=3)
    bg.stats(sc, "he-man", toughness=1, health=1)
    sc.add("move", character="he-man", path=["K14"])
    sc.add("interrupt", character="skeletor")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="he-man",
        attack={"dice": [5, 5, 5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_interrupt", character="skeletor")
    game = bg.state(sc)
    assert not game.units["he-man"].on_board and game.units["he-man"].hex == bg.grid.parse("K15")
    for action in (
        {"type": "focus", "character": "he-man"},
        {"type": "move", "character": "he-man", "path": ["K14"]},
    ):
        sc.doc["events"].append(action)
        bg.rejects(sc, "BG-13.1.2")
        sc.doc["events"].pop()
    sc.add("end_activation", player="p1")
    bg.accepts(sc)


def test_bg_6_6_3_attacks_need_their_ap(bg):
    """BG-6.6.3 / BG-10.1.2: with 2 AP a second melee attack (2 AP) cannot follow the first (1 AP)."""
    sc = melee(bg, ap=2)
    hit(sc)
    hit(sc)
    bg.rejects(sc, "BG-6.6.3")
