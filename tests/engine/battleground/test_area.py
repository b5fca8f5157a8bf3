"""Area attacks (BG-15, BG-AMB-12): the targets, one action, the modifiers against additional targets and
knock-outs that wait for the end of the attack."""

from __future__ import annotations

import pytest

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]


def toward(bg, a: str, b: str) -> int:
    return bg.grid.facings_toward(bg.grid.parse(a), bg.grid.parse(b))[0]


def area(
    bg,
    *,
    weapon="fireball",
    kind="spell",
    hexes=2,
    placements=(),
    terrain=(),
    evil_lyn="K22",
    ap=3,
    mana=0,
    ability=None,
):
    """Evil-Lyn (Power 1, Perception 1) with an area weapon; He-Man at K16 is the initial target."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.weapon(
        sc,
        weapon,
        type=kind,
        range_in=10,
        mana_cost=0,
        area={"hexes": hexes},
        table=[{"min": 1, "wounds": 1}],
    )
    bg.stats(sc, "evil-lyn", power=1, perception=1)
    for name in ("he-man", "orko", "skeletor", "stratos", "trap-jaw"):
        bg.stats(sc, name, mind=1, toughness=1, health=9)
    sc.place("p1", "he-man", ["sword-of-power"], "K16", facing=3)
    for player, name, hex_, facing in placements:
        sc.place(player, name, [], hex_, facing=facing)
    sc.place("p2", "evil-lyn", [weapon], evil_lyn, facing=0)
    bg.begin(sc, "evil-lyn", player="p2", ap=ap, mana=mana, ability=ability)
    return sc


def attack(sc, weapon="fireball", initial=(2,), additional=(), **fields):
    sc.add(
        "attack",
        character="evil-lyn",
        weapon=weapon,
        target="he-man",
        attack={"dice": list(initial)},
        defence={"dice": [1]},
        additional=[
            {
                "target": t,
                "attack": {"dice": list(d)},
                "defence": {"dice": [1]},
                **({"expect": e} if e else {}),
            }
            for t, d, e in additional
        ],
        **fields,
    )
    return sc


def test_bg_amb_12_the_area_is_a_hex_distance_from_the_initial_target(bg):
    """BG-AMB-12 / BG-15.1.2: with a 2-hex area, Skeletor 2 hexes from He-Man must be attacked; Trap Jaw 3
    hexes away may not be."""
    placements = [("p2", "skeletor", "M16", 3), ("p2", "trap-jaw", "N16", 3)]
    bg.accepts(attack(area(bg, placements=placements), additional=[("skeletor", [2], None)]))
    sc = attack(
        area(bg, placements=placements), additional=[("skeletor", [2], None), ("trap-jaw", [2], None)]
    )
    bg.rejects(sc, "BG-15.1.2")


def test_bg_15_1_2_allies_are_attacked_too_and_only_at_the_initial_targets_height(bg):
    """BG-15.1.2: Orko (He-Man's ally) is attacked; Skeletor on a platform beside He-Man is not."""
    terrain = [{"piece": "deck", "kind": "platform", "hexes": ["K15"]}]
    placements = [("p1", "orko", "K17", 0), ("p2", "skeletor", "K15", 3)]
    sc = attack(area(bg, placements=placements, terrain=terrain), additional=[("orko", [2], None)])
    bg.accepts(sc)
    sc = attack(
        area(bg, placements=placements, terrain=terrain),
        additional=[("orko", [2], None), ("skeletor", [2], None)],
    )
    bg.rejects(sc, "BG-15.1.2")


def test_bg_amb_12_the_attacker_is_never_an_additional_target(bg):
    """BG-AMB-12: Evil-Lyn standing within her own Fireball's area is not attacked."""
    sc = attack(area(bg, evil_lyn="K20", hexes=4))
    bg.accepts(sc)
    sc = attack(area(bg, evil_lyn="K20", hexes=4), additional=[("evil-lyn", [2], None)])
    bg.rejects(sc, "BG-15.1.2")


def test_bg_15_1_3_each_additional_target_is_attacked_once_with_its_own_tests(bg):
    """BG-15.1.3: two attack tests for Orko in one area attack are illegal; each has its own dice."""
    placements = [("p1", "orko", "K17", 0)]
    sc = attack(area(bg, placements=placements), additional=[("orko", [2], None), ("orko", [2], None)])
    bg.rejects(sc, "BG-15.1.3")
    sc = attack(area(bg, placements=placements), additional=[("orko", [2, 2], None)])
    bg.rejects(sc, "BG-8.2")


@pytest.mark.parametrize(("facing", "successes"), [(1, 1), (4, 0)])
def test_bg_15_2_1_flank_is_judged_from_the_initial_target(bg, facing, successes):
    """BG-15.2.1: Skeletor at M16 facing away from He-Man (side 1) has He-Man's base in his rear arc: T = 3;
    facing him (side 4): T = 4. A 3 tells them apart."""
    placements = [("p2", "skeletor", "M16", facing)]
    sc = attack(
        area(bg, placements=placements), additional=[("skeletor", [3], {"attack_successes": successes})]
    )
    bg.accepts(sc)


@pytest.mark.parametrize(("kind", "successes"), [("ranged", 0), ("spell", 1)])
def test_bg_15_2_2_engaged_additional_targets_narrow_ranged_area_attacks_only(bg, kind, successes):
    """BG-15.2.2: Skeletor beside He-Man is engaged: a ranged area attack on him has T = 5, a spell T = 4."""
    placements = [("p2", "skeletor", "K17", 0)]
    sc = area(bg, weapon="grenade", kind=kind, hexes=1, placements=placements)
    attack(sc, weapon="grenade", additional=[("skeletor", [4], {"attack_successes": successes})])
    bg.accepts(sc)


def test_bg_15_2_3_cover_is_judged_from_the_initial_target(bg):
    """BG-15.2.3 / BG-AMB-12: a low obstacle at K18 between He-Man (K16) and Skeletor (K19) gives Skeletor
    cover (T = 5), though nothing lies between Evil-Lyn and Skeletor."""
    terrain = [{"piece": "wall", "kind": "low", "hexes": ["K18"]}]
    sc = area(bg, hexes=3, placements=[("p2", "skeletor", "K19", 0)], terrain=terrain, evil_lyn="O16")
    attack(sc, additional=[("skeletor", [4], {"attack_successes": 0})], facing=toward(bg, "O16", "K16"))
    bg.accepts(sc)


def test_bg_15_2_4_one_focus_token_widens_every_test(bg):
    """BG-15.2.4 / BG-9.1.6: focused Evil-Lyn has T = 3 against He-Man and Orko; the token is spent once."""
    sc = area(bg, placements=[("p1", "orko", "L16", 0)])
    sc.add("focus", character="evil-lyn")
    attack(sc, initial=[3], additional=[("orko", [3], {"attack_successes": 1})])
    sc.doc["events"][-1]["expect"] = {"attack_successes": 1}
    game = bg.state(sc)
    assert game.units["evil-lyn"].focused is False
    bg.accepts(sc)


def test_bg_amb_12_an_area_attack_in_an_interrupt_still_hits_every_target(bg):
    """BG-AMB-12 / BG-15.2.5 / BG-14.1.4 / BG-3.2: Evil-Lyn, on guard, fireballs He-Man as he arrives;
    Skeletor within 2 hexes must be attacked too (the weapon card outranks the rulebook's interrupt
    targeting rule), and the interrupt narrowing applies to both tests (T = 5)."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.weapon(
        sc,
        "fireball",
        type="spell",
        range_in=10,
        mana_cost=0,
        area={"hexes": 2},
        table=[{"min": 1, "wounds": 1}],
    )
    bg.stats(sc, "evil-lyn", power=1)
    bg.stats(sc, "he-man", mind=1, health=9, speed=(6, 8))
    bg.stats(sc, "skeletor", mind=1, health=9)
    sc.place("p1", "he-man", ["sword-of-power"], "K8", facing=3)
    sc.place("p2", "skeletor", [], "M14", facing=3)
    sc.place("p2", "evil-lyn", ["fireball"], "K22", facing=0)
    bg.begin(sc, "evil-lyn", player="p2", ap=1)
    sc.add("guard", character="evil-lyn")
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    sc.add("move", character="he-man", path=["K9", "K10", "K11", "K12", "K13", "K14"])
    sc.add("interrupt", character="evil-lyn")
    sc.add(
        "attack",
        character="evil-lyn",
        weapon="fireball",
        target="he-man",
        attack={"dice": [4]},
        defence={"dice": [1]},
        expect={"attack_successes": 0},
        additional=[
            {
                "target": "skeletor",
                "attack": {"dice": [5]},
                "defence": {"dice": [1]},
                "expect": {"attack_successes": 1},
            }
        ],
    )
    bg.accepts(sc)
    sc.doc["events"][-1].pop("additional")
    bg.rejects(sc, "BG-15.1.2")


def test_bg_15_3_1_knockouts_wait_for_the_end_of_the_area_attack(bg):
    """BG-15.3.1: He-Man (the initial target) and Orko fall during the Fireball, yet He-Man is still the
    origin of the area and Orko still gives cover to Skeletor (T = 5) until the whole attack is over; then
    all are removed and VP are scored as normal."""
    placements = [("p1", "orko", "K18", 0), ("p2", "skeletor", "K20", 0)]
    sc = area(bg, hexes=4, placements=placements, evil_lyn="O16")
    bg.stats(sc, "he-man", health=1, cost=30)
    bg.stats(sc, "orko", health=1, cost=20)
    attack(
        sc,
        initial=[5],
        additional=[("orko", [5], {"knocked_out": True}), ("skeletor", [4], {"attack_successes": 0})],
        facing=toward(bg, "O16", "K16"),
    )
    sc.doc["events"][-1]["expect"] = {"knocked_out": True}
    game = bg.state(sc)
    assert not game.units["he-man"].on_board and not game.units["orko"].on_board
    assert game.sides["p2"].vp["knockouts"] == 30 + 10 + 20
    bg.accepts(sc)


def test_bg_15_1_1_the_initial_attack_follows_all_the_normal_rules(bg):
    """BG-15.1.1 / BG-10.3.5: an area attack still needs its initial target in range: He-Man 11" away is
    out of the Fireball's 10"."""
    sc = area(bg, evil_lyn="K28")
    attack(sc)
    bg.rejects(sc, "BG-10.3.5")
