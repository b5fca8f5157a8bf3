"""The worked examples WE-1…WE-5 (Skirmish in Pozzuoli, spec section 19) as tests."""

from __future__ import annotations

import pytest

W, MR, MK = "p1:kunlun-warrior", "p1:kunlun-mountain-radical", "p1:kunlun-marksman"
PR_MK, PROT = "p2:plutos-refugees-marksman", "p2:plutos-refugees-protector"


@pytest.fixture
def we1(hr):
    """WE-1 Given: Kunlun (p1) plays blue; Mountain Radical and Warrior in the arena; Marksman in camp."""
    g = hr.game()
    hr.put(g, W, "D5")
    hr.put(g, MR, "C5")
    return g


def test_we1_deploy_on_own_side_only(hr, we1):
    """WE-1: HR-2.5.3, HR-8.4.1, HR-8.4.2, HR-8.4.4, HR-8.4.6, HR-3.2.1, HR-3.1.4 (the side fixes hexes and chip colour), HR-2.10.3."""
    g = we1
    msg = hr.illegal(g, {"type": "deploy", "unit": "Marksman", "hex": "C1"}, "HR-8.4.1")  # a red hex
    assert "B7" in msg  # the message lists the hexes the player may use
    blue_before = g.s.supply["blue"]
    hr.apply(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"})
    mk = g.s.units[MK]
    assert mk["zone"] == "arena" and mk["hp"] == 3 and mk["dazed"]  # HR-8.4.4, HR-8.4.6
    assert g.s.supply["blue"] == blue_before - 3  # blue chips: Kunlun plays the blue side
    hr.illegal(g, {"type": "deploy", "unit": "kunlun-unit-04", "hex": "D7"}, "HR-8.4.2")


@pytest.fixture
def we2(hr, we1):
    hr.apply(we1, {"type": "deploy", "unit": "Marksman", "hex": "C7"})
    return we1


def test_we2_blitz_on_warrior(hr, we2):
    """WE-2: HR-8.5.1, HR-8.5.4, HR-6.5.1, HR-2.5.6 (one die per icon, plus Blitz's)."""
    g = we2
    assert g.s.units[W]["tactics"] == []
    hr.apply(g, {"type": "tactic", "tactic": "Blitz", "target": "Warrior"})
    assert [t["id"] for t in g.s.units[W]["tactics"]] == ["blitz"]  # HR-6.5.1: stays on the unit
    from engine.games.hoplomachus import queries as q

    assert q.attack_pool(g, g.s.units[W]) == ["black", "blue", "yellow", "green"]
    hr.illegal(g, {"type": "tactic", "tactic": "adrenaline", "target": "Marksman"}, "HR-8.5.3")


def test_we2_marksman_was_a_valid_target_and_heroes_are_not(hr, we2):
    g = we2
    hr.legal(
        g.copy(), {"type": "tactic", "tactic": "Blitz", "target": "Marksman"}
    )  # dazed is fine (HR-8.5.2)
    hr.put(g, "p1:feng", "E4")
    hr.illegal(g, {"type": "tactic", "tactic": "Blitz", "target": "Feng"}, "HR-6.3")


@pytest.fixture
def we3(hr, we2):
    hr.apply(we2, {"type": "tactic", "tactic": "Blitz", "target": "Warrior"})
    return we2


def test_we3_moves(hr, we3):
    """WE-3: HR-2.5.2, HR-8.6.1, HR-8.6.3, HR-8.6.4, HR-8.6.6 (the path is checked step by step), HR-3.1.1, HR-3.1.3."""
    g = we3
    hr.illegal(g, {"type": "move", "unit": "Warrior", "path": ["C5"]}, "HR-8.6.3")  # MR still there
    hr.illegal(g, {"type": "move", "unit": "Marksman", "path": ["C6"]}, "HR-7.2.2")  # dazed
    hr.apply(g, {"type": "move", "unit": "Mountain Radical", "path": ["C4", "C3"]})  # 2 of Movement 3
    hr.apply(g, {"type": "move", "unit": "Warrior", "path": ["C5"]})  # the hex just left
    assert hr.hex(g, MR) == "C3" and hr.hex(g, W) == "C5"
    hr.illegal(g, {"type": "move", "unit": "Mountain Radical", "path": ["D3"]}, "HR-8.6.4")
    hr.illegal(g, {"type": "tactic", "tactic": "adrenaline", "target": "Warrior"}, "HR-8.1.4")


def test_we3_movement_limit(hr, we3):
    hr.illegal(we3, {"type": "move", "unit": "Warrior", "path": ["D4", "D3", "D2"]}, "HR-8.6.2")


@pytest.fixture
def we4(hr, we3):
    g = we3
    hr.apply(g, {"type": "move", "unit": "Mountain Radical", "path": ["C4", "C3"]})
    hr.apply(g, {"type": "move", "unit": "Warrior", "path": ["C5"]})
    hr.put(g, PROT, "C2")  # adjacent to Mountain Radical (C3)
    return g


def test_we4_hurl_displaces(hr, we4):
    """WE-4: HR-8.7.1, HR-8.7.3, HR-7.7, AMB-5 (a displaced unit has not moved), HR-2.7.3."""
    g = we4
    hr.illegal(g, {"type": "ability", "unit": "Marksman", "ability": "Hurl 1"}, "HR-8.7.3")
    hr.illegal(
        g,
        {
            "type": "ability",
            "unit": "Mountain Radical",
            "ability": "Hurl 1",
            "target": "Protector",
            "hex": "C1",
        },
        "HR-3.4.2",
    )  # fmt: skip — 2 hexes from Mountain Radical
    hr.apply(
        g,
        {
            "type": "ability",
            "unit": "Mountain Radical",
            "ability": "Hurl 1",
            "target": "Protector",
            "hex": "B3",
        },
    )
    prot = g.s.units[PROT]
    assert hr.hex(g, PROT) == "B3" and not prot["moved"]  # HR-7.7: displaced, not moved
    hr.illegal(g, {"type": "ability", "unit": "Mountain Radical", "ability": "Hurl 1", "target": "Protector",
                   "hex": "C2"}, "HR-8.7.1")  # fmt: skip


@pytest.fixture
def we5(hr, we4):
    g = we4
    hr.apply(
        g,
        {
            "type": "ability",
            "unit": "Mountain Radical",
            "ability": "Hurl 1",
            "target": "Protector",
            "hex": "B3",
        },
    )
    hr.put(g, PR_MK, "C6", hp=2)  # adjacent to the Warrior (C5)
    return g


def test_we5_three_attacks(hr, we5):
    """WE-5: HR-8.8.1, HR-8.8.2, HR-8.8.3, HR-2.6.2, HR-2.5.4, HR-7.3, HR-10.3, HR-15.5.1, HR-7.2.2 (First Strike)."""
    g = we5
    prot = g.s.units[PROT]
    hp0 = prot["hp"]
    red0 = g.s.supply["red"]
    hr.illegal(
        g,
        {
            "type": "attack",
            "unit": "Warrior",
            "target": PR_MK,
            "dice": ["black:hit", "blue:hit", "yellow:hit"],
        },
        "HR-8.8.3",
    )  # fmt: skip — Blitz die missing
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": PR_MK,
                 "dice": ["black:hit", "blue:hit", "yellow:miss", "green:hit"]})  # fmt: skip
    assert g.s.units[PR_MK]["zone"] == "discard" and g.s.supply["red"] == red0 + 2  # HR-10.3
    assert g.s.favour["p1"]["f"] == 2  # derived: HR-15.5.1
    hr.illegal(g, {"type": "special", "unit": "Warrior", "special": "Whirlwind"}, "HR-8.8.1")
    hr.apply(
        g, {"type": "attack", "unit": "Mountain Radical", "target": PROT, "dice": ["blue:hit", "blue:miss"]}
    )
    assert prot["hp"] == hp0 - 1
    # The Marksman, dazed (deployed this turn), attacks thanks to First Strike; stand it within Range 2.
    g.s.place(g.s.units[MK], g.a.parse("B5", path="t"))
    hr.apply(
        g, {"type": "attack", "unit": "Marksman", "target": PROT, "dice": ["nero:colpito", "giallo:mancato"]}
    )
    assert prot["hp"] == hp0 - 2


def test_we5_retaliate_reaches_the_attacker(hr, we5):
    """CF-8 Retaliate; HR-7.1 (Innate skills work in the opponent's turn); HR-7.5.2 (a hit deals damage)."""
    g = we5
    hr.put(g, PROT, "C4")  # Protector (Retaliate in the starter pack) adjacent to the Warrior at C5
    w = g.s.units[W]
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": PROT,
                 "dice": ["black:hit", "blue:miss", "yellow:miss", "green:miss"]})  # fmt: skip
    assert w["hp"] == 2  # CF-8: Retaliate deals 1 damage to an attacker within its Range


def test_we5_zero_hits_no_retaliate(hr, we5):
    g = we5
    hr.put(g, PROT, "C4")
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": PROT,
                 "dice": ["black:miss", "blue:miss", "yellow:miss", "green:miss"]})  # fmt: skip
    assert g.s.units[W]["hp"] == 3  # HR-7.5.4: no hit, no damage dealt, nothing triggered
