"""Unique buffs and debuffs (BG-16.1.6, BG-AMB-27) and beneficial spells on allies (BG-10.5.2, BG-AMB-40)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.games.battleground.state import Unique
from tests.engine.battleground.conftest import Toolbox

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
TRI_KLOPS = {"unique": "tri-klops", "name": "Tri-Klops", "modifiers": [{"test": "defence", "dice": -1}]}
HIT = {"attack": {"dice": [5]}, "defence": {"dice": [1, 1]}}  # 1 net success with 1 attack die vs Toughness 2


def unreadable_pack(bg, edit) -> engine.Violation:
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal().add("concede", player="p2")
    sc.edit_pack(edit)
    verdict = engine.verify(sc.log(), content_pack=copy.deepcopy(sc.pack))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5"), verdict.summary()
    return verdict.error


# -- unique buffs and debuffs ----------------------------------------------------------------------------------
def tri_beam(bg, *, he_man="K14", stratos="A1", ap=3, curse_first=False):
    """Tri-Klops (K22, Perception 1) shoots the Tri-Beam: on 1+ net successes it gives the "Tri-Klops" unique
    debuff, which takes 1 die from its bearer's defence tests. He-Man and Stratos have Toughness 2."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.weapon(
        sc,
        "tri-beam",
        type="ranged",
        range_in=20,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "debuff": TRI_KLOPS}],
    )
    bg.stats(sc, "tri-klops", perception=1)
    bg.stats(sc, "he-man", toughness=2, health=9)
    bg.stats(sc, "stratos", toughness=2, health=9)
    sc.place("p1", "he-man", [], he_man, facing=0)
    sc.place("p1", "stratos", [], stratos, facing=0)
    sc.place("p2", "tri-klops", ["tri-beam"], "K22", facing=0)
    if curse_first:
        bg.begin(sc, "he-man", ability={"debuff": "curse"})  # an odd card, to have a Curse to replace
        sc.add("end_activation", player="p1").add(
            "activate", player="p2", character="tri-klops", bonus="mana"
        )
        bg.card(sc, "ew-fate-02", ap=ap)
    else:
        bg.begin(sc, "tri-klops", player="p2", ap=ap)
    sc.add("attack", character="tri-klops", weapon="tri-beam", target="he-man", **HIT)
    return sc


def test_bg_16_1_6_an_attack_gives_a_unique_debuff_with_its_own_effect(bg):
    """BG-16.1.6 / BG-10.6.1: He-Man gets the Tri-Klops debuff (source army: the Evil Warriors); his next
    defence test rolls Toughness 2 − 1 = 1 die."""
    sc = tri_beam(bg)
    debuff = bg.state(sc).units["he-man"].debuff
    assert isinstance(debuff, Unique) and (debuff.id, debuff.name, debuff.player) == (
        "tri-klops",
        "Tri-Klops",
        "p2",
    )
    sc.add(
        "attack",
        character="tri-klops",
        weapon="tri-beam",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    bg.accepts(sc)
    sc.doc["events"][-1]["defence"] = {"dice": [1, 1]}
    bg.rejects(sc, "BG-8.2")


def test_bg_16_1_6_a_unique_debuff_takes_the_one_debuff_slot(bg):
    """BG-16.1.6 / BG-16.1.2 / BG-AMB-35: it follows the normal rules: it replaces He-Man's Curse, whose
    removal deals 1 wound, and a common debuff later replaces it."""
    sc = tri_beam(bg, curse_first=True)
    he_man = bg.state(sc).units["he-man"]
    assert (he_man.debuff.id, he_man.wounds) == ("tri-klops", 1)
    bg.weapon(
        sc,
        "laser-rifle",
        type="ranged",
        range_in=20,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "debuff": "slow"}],
    )
    sc.doc["players"][1]["force"][0]["equipment"].append("laser-rifle")
    sc.add(
        "attack",
        character="tri-klops",
        weapon="laser-rifle",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    he_man = bg.state(sc).units["he-man"]
    assert (he_man.debuff, he_man.wounds) == ("slow", 1)


def test_bg_amb_27_one_active_copy_of_a_unique_debuff_per_army(bg):
    """BG-16.1.6 / BG-AMB-27: the Evil Warriors' second Tri-Klops debuff (on Stratos) removes their first (on
    He-Man); a copy the Masters create (on Tri-Klops himself) is theirs and leaves Stratos's in place."""
    sc = tri_beam(bg, stratos="M14")
    sc.add("attack", character="tri-klops", weapon="tri-beam", target="stratos", **HIT)
    game = bg.state(sc)
    assert game.units["he-man"].debuff is None and game.units["stratos"].debuff.id == "tri-klops"
    mimic = {
        "id": "mimic",
        "name": "Mimic",
        "kind": "active",
        "ap": 1,
        "target": "enemy",
        "range_in": 20,
        "effect": {"debuff": TRI_KLOPS},
    }
    Toolbox.give(sc, "he-man", mimic)
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("ability", character="he-man", ability="mimic", target="tri-klops")
    game = bg.state(sc)
    assert (game.units["tri-klops"].debuff.player, game.units["stratos"].debuff.player) == ("p1", "p2")
    bg.accepts(sc)


def test_bg_16_1_5_unique_buffs_and_debuffs_are_removed_in_cleanup(bg):
    """BG-16.1.5 / BG-7.3.1: like every buff and debuff. He-Man carries the Tri-Klops debuff and gives
    himself the unique Might of Grayskull buff; the cleanup removes both."""
    might = {"unique": "might-of-grayskull", "name": "Might of Grayskull", "modifiers": []}
    sc = tri_beam(bg).add("end_activation", player="p2")
    Toolbox.give(
        sc, "he-man", {"id": "might", "name": "Might", "kind": "active", "ap": 1, "effect": {"buff": might}}
    )
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("ability", character="he-man", ability="might")
    he_man = bg.state(sc).units["he-man"]
    assert (he_man.buff.id, he_man.debuff.id) == ("might-of-grayskull", "tri-klops")
    sc.add("end_activation", player="p1")
    sc.add("pass", player="p1")
    game = bg.state(sc)
    assert game.round == 2 and game.units["he-man"].debuff is None and game.units["he-man"].buff is None


def test_bg_16_1_6_a_unique_buff_from_an_ability(bg):
    """BG-16.1.6 / BG-16.1.2: He-Man's Might of Grayskull gives him a unique buff (+1 die on attack tests),
    replacing the card's Empower; his sword attack then rolls Strength 1 + 1 dice."""
    might = {
        "unique": "might-of-grayskull",
        "name": "Might of Grayskull",
        "modifiers": [{"test": "attack", "dice": 1}],
    }
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(
        sc, "he-man", {"id": "might", "name": "Might", "kind": "active", "ap": 1, "effect": {"buff": might}}
    )
    bg.stats(sc, "he-man", strength=1)
    sc.place("p1", "he-man", ["sword-of-power"], "K14", facing=3)
    sc.place("p2", "skeletor", [], "K15", facing=0)
    bg.begin(sc, "he-man", ability={"buff": "empower"})
    sc.add("ability", character="he-man", ability="might")
    assert bg.state(sc).units["he-man"].buff.id == "might-of-grayskull"
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"dice": [2, 2]},
        defence={"dice": [1, 1, 1]},
    )
    bg.accepts(sc)
    sc.doc["events"][-1]["attack"] = {"dice": [2]}
    bg.rejects(sc, "BG-8.2")


@pytest.mark.parametrize(
    "edit",
    [
        lambda p: p["weapons"][0].update(
            extra_effects=[{"min": 1, "debuff": {"unique": "curse", "name": "Curse"}}]
        ),
        lambda p: p["weapons"][0].update(extra_effects=[{"min": 1, "debuff": {"unique": "tri-klops"}}]),
        lambda p: p["weapons"][0].update(
            extra_effects=[
                {"min": 1, "debuff": {**TRI_KLOPS, "modifiers": [{"test": "defence", "threshold": 1}]}}
            ]
        ),
        lambda p: p["fate_cards"][0].update(ability={"buff": {**TRI_KLOPS, "extra": 1}}),
    ],
    ids=["common-id", "no-name", "unknown-modifier", "unknown-field"],
)
def test_bg_16_1_6_a_malformed_unique_effect_makes_the_pack_unreadable(bg, edit):
    """LOG-3.5 / BG-16.1.6: a unique token has its own id (not a common buff's), a name, and modifiers of the
    documented shape."""
    unreadable_pack(bg, edit)


# -- beneficial spells ------------------------------------------------------------------------------------------
BLESSING = {
    "type": "spell",
    "range_in": 6,
    "mana_cost": 1,
    "table": [{"min": 1, "wounds": 0}],
    "beneficial": {"buff": "protection"},
}


def blessing(bg, *, mer_man="K18", he_man="A1", mana=2, ap=2, terrain=(), **spell):
    """Skeletor (K22, facing south) has the Dark Blessing spell: Protection on an ally within 6" (1 mana)."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.weapon(sc, "dark-blessing", **{**BLESSING, **spell})
    bg.weapon(sc, "magic-blast", type="spell", range_in=10, mana_cost=1)
    sc.place("p1", "he-man", [], he_man, facing=0)
    sc.place("p2", "skeletor", ["dark-blessing", "magic-blast"], "K22", facing=3)
    sc.place("p2", "mer-man", [], mer_man, facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=ap, mana=mana)
    return sc


def cast(sc, target="mer-man", weapon="dark-blessing", **fields):
    return sc.add("attack", character="skeletor", weapon=weapon, target=target, **fields)


def test_bg_10_5_2_a_beneficial_spell_on_an_ally(bg):
    """BG-10.5.2: Skeletor turns to face Mer-Man, pays the spell's mana and its AP as a spell attack, and
    Mer-Man gains Protection; no attack or defence test is made."""
    sc = cast(blessing(bg, he_man="K14"))
    game = bg.state(sc)
    skeletor = game.units["skeletor"]
    assert game.units["mer-man"].buff == "protection"
    assert (skeletor.mana, skeletor.facing, game.frame().ap, game.frame().counters["spell"]) == (1, 0, 1, 1)
    bg.accepts(sc)
    cast(sc, target="he-man", weapon="magic-blast")  # a second spell attack costs 2 AP (BG-6.6.2)
    bg.rejects(sc, "BG-6.6.3")


@pytest.mark.parametrize(
    ("setup", "rule"),
    [
        ({"mer_man": "K10"}, "BG-10.3.5"),  # 11" away, beyond 6"
        ({"terrain": [{"piece": "wall", "kind": "high", "hexes": ["J20", "K20", "L20"]}]}, "BG-10.3.3"),
        ({"mana": 0}, "BG-10.5.1"),
        ({"he_man": "K23"}, "BG-10.5.1"),  # BG-AMB-40: engaged, even on an ally
    ],
    ids=["range", "sight", "mana", "engaged"],
)
def test_bg_10_5_2_range_sight_mana_and_engagement_still_apply(bg, setup, rule):
    """BG-10.5.2 / BG-AMB-40: all the normal range, LoS and mana rules, and the engagement ban of spells."""
    bg.rejects(cast(blessing(bg, **setup)), rule)


def test_bg_10_5_2_whom_a_beneficial_spell_may_target(bg):
    """BG-10.5.2 / BG-10.2.1: the Dark Blessing targets allies (not an enemy, not Skeletor himself); the Magic
    Blast, not beneficial, still cannot target an ally."""
    bg.rejects(cast(blessing(bg, he_man="K18", mer_man="A30"), target="he-man"), "BG-10.5.2")
    bg.rejects(cast(blessing(bg), target="skeletor"), "BG-10.5.2")
    bg.rejects(cast(blessing(bg), weapon="magic-blast"), "BG-10.2.1")


def test_bg_10_5_2_a_spell_for_any_target(bg):
    """BG-10.5.2: with "targets": "any" the spell attacks an enemy (tests and table) and blesses an ally."""
    sc = blessing(bg, he_man="K18", mer_man="M20", targets="any", ap=3)
    cast(sc, target="he-man", attack={"dice": [2] * 5}, defence={"dice": [2] * 3})
    cast(sc, target="mer-man", facing=1)
    game = bg.state(sc)
    assert game.units["mer-man"].buff == "protection" and game.units["he-man"].buff is None
    bg.accepts(sc)


def test_bg_10_5_2_a_beneficial_cast_carries_no_dice(bg):
    """LOG-5.2: rolls in a beneficial cast on an ally would be dice of tests that are not made."""
    verdict = bg.verify(cast(blessing(bg), attack={"dice": [5]}))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.2"), verdict.summary()


def test_bg_10_5_2_offered_targets_include_allies(bg):
    """BG-10.5.2 / BG-28.5: legal_events offers the Dark Blessing on Mer-Man, and nothing on He-Man."""
    game = bg.state(blessing(bg, he_man="K16"))
    casts = {(e["weapon"], e["target"]) for e in game.legal_events() if e["type"] == "attack"}
    assert ("dark-blessing", "mer-man") in casts and ("dark-blessing", "he-man") not in casts
    assert ("magic-blast", "he-man") in casts and ("magic-blast", "mer-man") not in casts


def test_bg_14_1_4_an_interrupting_caster_may_bless_an_ally(bg):
    """BG-14.1.4 a / BG-10.5.2: only attacks on enemies must target the interrupted character; in his guard
    interrupt Skeletor may bless Mer-Man."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.weapon(sc, "dark-blessing", **BLESSING)
    bg.weapon(sc, "magic-blast", type="spell", range_in=10, mana_cost=1)
    sc.place("p1", "he-man", [], "K8", facing=3)
    sc.place("p2", "skeletor", ["dark-blessing", "magic-blast"], "K22", facing=0)
    sc.place("p2", "mer-man", [], "K26", facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=2, mana=2)
    sc.add("guard", character="skeletor")
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("move", character="he-man", path=["K9", "K10", "K11", "K12"])
    sc.add("interrupt", character="skeletor")
    cast(sc)
    assert bg.state(sc).units["mer-man"].buff == "protection"
    bg.accepts(sc)


@pytest.mark.parametrize(
    "edit",
    [
        lambda p: p["weapons"][0].update(beneficial={"buff": "haste"}),  # the sword: not a spell
        lambda p: p["weapons"][5].update(targets="allies"),  # Magic Blast without a beneficial effect
        lambda p: p["weapons"][9].update(beneficial={"buff": "haste"}),  # Fireball: an area spell
    ],
    ids=["melee", "no-effect", "area"],
)
def test_bg_10_5_2_only_spells_have_beneficial_effects(bg, edit):
    """LOG-3.5 / BG-10.5.2: checked when the pack is loaded."""
    unreadable_pack(bg, edit)
