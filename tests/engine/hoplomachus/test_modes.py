"""Each mode's setup, limits and end, and the rival rules not covered by the worked examples."""

from __future__ import annotations

import engine
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.state import new_unit

W, MR, MK = "p1:kunlun-warrior", "p1:kunlun-mountain-radical", "p1:kunlun-marksman"
PR_MK, PROT = "p2:plutos-refugees-marksman", "p2:plutos-refugees-protector"
ANTONY, BANDIT, HIPPO = "immortal:antony-blackbird", "arena:bandit", "arena:hippopotamus"


def test_hr_15_2_skirmish_setup(hr):
    """HR-9.1.1 (no rival troop outside Assault and Ascension), HR-15.1.1, HR-15.2.1, HR-15.2.3, HR-15.2.5, HR-15.2.6, HR-15.2.7, HR-15.3.1, HR-2.8.5, HR-2.8.6, HR-2.10.1:
    sides and chip colours, four units drawn into each camp, a neutral hero on the track, tactics in camp."""
    g = hr.game()
    s = g.s
    assert s.troops["p1"]["side"] == "blue" and s.troops["p2"]["side"] == "red"
    assert sorted(u["def"] for u in q.units_in_camp(g, "p1", heroes=False)) == [
        "kunlun-marksman", "kunlun-unit-04", "kunlun-unit-05", "kunlun-unit-06"]  # fmt: skip
    assert len(s.troops["p1"]["bag"]) == 6
    assert s.units["p1:rostam"]["zone"] == "track" and s.units["p1:rostam"]["active"]
    assert s.troops["p1"]["hero"] == "p1:feng"  # the primary hero
    assert s.troops["p1"]["tactics_camp"] == ["blitz", "adrenaline", "bolster-health", "hamstring"]
    assert s.supply == {"red": 60, "blue": 60}
    assert set(s.troops) == {"p1", "p2"}
    assert [g.a.label(h) for h in q.deploy_hexes(g, "p1", s.units[MK])] == [
        "B7",
        "C7",
        "D7",
        "F7",
        "G7",
        "H7",
    ]


def test_hr_15_4_1_no_unit_limit(hr):
    """HR-15.4.1, HR-17.4.1: Skirmish and Alliance have no limit on units in combat."""
    g = hr.game()
    for uid, h in ((W, "B5"), (MR, "C5"), ("p1:kunlun-unit-07", "E5"), ("p1:kunlun-unit-08", "F5")):
        hr.put(g, uid, h)
    hr.apply(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"})


def test_hr_15_2_2_recorded_order_is_read(hr):
    """HR-15.2.2: the random player order is recorded (or derived from the seed)."""
    g = hr.game(order=["p2", "p1"])
    assert g.s.turn["player"] == "p2"


def test_hr_16_2_2_pandemonium_goes_clockwise(hr):
    """HR-16.1.1, HR-16.2.1, HR-16.2.2, HR-16.2.5: the order is the seating from the random first player."""
    doc = hr.header(
        mode="pandemonium", factions=("kunlun", "plutos-refugees", "amazons"), order=["p2", "p1", "p3"]
    )
    v = engine.verify(doc)
    assert v.status == "unreadable" and v.error.rule == "HR-16.2.2"
    g = hr.game(
        mode="pandemonium", factions=("kunlun", "plutos-refugees", "amazons"), order=["p2", "p3", "p1"]
    )
    assert g.s.turn["order"] == ["p2", "p3", "p1"] and g.s.supply == {"any": 120}


def test_hr_17_alliance_setup(hr):
    """HR-17.1.1, HR-17.2.2, HR-17.2.4, HR-17.2.6, HR-17.2.7, HR-17.2.9: teams on sides, a bead per team at 0,
    tactics in camp, units hidden until deployed."""
    g = hr.game(mode="alliance", factions=("kunlun", "plutos-refugees", "amazons", "faction-4"))
    s = g.s
    assert {p: s.troops[p]["side"] for p in ("p1", "p2", "p3", "p4")} == {"p1": "red", "p2": "blue", "p3": "red",
                                                                            "p4": "blue"}  # fmt: skip
    assert s.favour == {"blue": {"f": 0}, "red": {"f": 0}}
    assert len(s.troops["p4"]["tactics_camp"]) == 4
    assert sum(1 for u in s.units.values() if u["owner"] == "p2" and u["zone"] == "unused") == 4


def test_hr_17_6_1_defeats_earn_team_favour(hr):
    """HR-17.6.1, HR-17.6.3: 2 favour per opposing unit defeated, on the team's track."""
    g = hr.game(mode="alliance", factions=("kunlun", "plutos-refugees", "amazons", "faction-4"))
    g.s.turn["phase"] = "engagement"
    hr.put(g, "p1:kunlun-unit-04", "D3")
    hr.put(g, "p2:plutos-refugees-unit-04", "D4", hp=1)
    hr.apply(g, {"type": "attack", "unit": "p1:kunlun-unit-04", "target": "p2:plutos-refugees-unit-04",
                 "dice": ["blue:hit"]})  # fmt: skip
    assert g.s.favour["red"]["f"] == 2


def assault(hr, players=1):
    factions = ("kunlun", "plutos-refugees")[:players]
    heroes = {"p1": "rostam", "p2": "neutral-hero-2"}
    return hr.game(
        mode="assault", factions=factions, neutral_heroes={k: heroes[k] for k in list(heroes)[:players]}
    )


def test_hr_13_2_assault_setup(hr):
    """HR-13.2.1, HR-13.2.2, HR-13.2.3, HR-13.2.4, HR-13.2.5, HR-13.2.6, HR-13.3.3, HR-2.1.5, HR-13.1.1, HR-2.1.1: red for the player, rivals blue; the chosen neutral hero on
    the track; eight arena chips in the bag; six immortals face down in their camp; the hero inactive."""
    g = assault(hr)
    s = g.s
    assert s.troops["p1"]["side"] == "red" and s.troops["immortal"]["side"] == "blue"
    assert s.troops["immortal"]["team"] == s.troops["arena"]["team"] == "rivals"
    assert s.units["p1:rostam"]["zone"] == "track"
    assert len(s.troops["arena"]["bag"]) == 8
    assert sum(1 for u in s.units.values() if u["owner"] == "immortal" and u["zone"] == "camp") == 6
    assert not s.units["p1:feng"]["active"] and s.units["p1:feng"]["zone"] == "camp"
    assert s.turn["player"] == "immortal" and s.turn["phase"] == "deploy"  # HR-13.10.2: a wave's first turn
    doc = hr.header(mode="assault", factions=("kunlun",))
    assert engine.verify(doc).error.rule == "HR-13.2.2"  # the neutral hero must be chosen


def test_hr_13_2_2_coop_tracks_and_immortal_health(hr):
    """HR-13.2.2, HR-13.5.2 (co-op: each player's own track), HR-13.10.2 (co-op: +2 Health), HR-13.4.3."""
    g = assault(hr, players=2)
    assert set(g.s.favour) == {"p1", "p2"}
    assert q.unit_limit(g, "arena")[1] == 3
    hr.apply(g, {"type": "deploy", "player": "immortal", "unit": "antony-blackbird", "hex": "D7"})
    assert g.s.units[ANTONY]["hp"] == 8 + 2
    # HR-2.1.4: the co-op players are one team; HR-13.4.1: one immortal at a time.
    assert (
        q.allied(g, g.s.units[W], g.s.units["p2:plutos-refugees-marksman"])
        and q.unit_limit(g, "immortal")[1] == 1
    )


def test_amb_31_no_draw_when_no_deployment_is_possible(hr):
    """AMB-31, HR-9.2.2, HR-13.12.2: at the arena limit no unit is drawn and none is owed."""
    g = assault(hr)
    g.s.turn["wave_turn"] = 2
    hr.rival(g, BANDIT, "B7")
    hr.rival(g, HIPPO, "C7")
    hr.turn(g, "arena", "deploy")
    assert rv.rival_deploy_due(g) is None and not rv.rival_can_deploy(g, "arena")


def test_amb_30_rival_chips_exhausted(hr):
    """AMB-30, HR-9.2.3: without blue chips for it, a rival unit cannot be deployed."""
    g = assault(hr)
    g.s.supply["blue"] = 0
    hr.turn(g, "arena", "deploy")
    assert not rv.rival_can_deploy(g, "arena")


def test_hr_9_1_4_rivals_have_no_tactics(hr):
    """HR-9.1.4, HR-6.1: no Tactic Placement for rivals; they never play tactics."""
    g = assault(hr)
    g.s.turn["wave_turn"] = 2
    hr.rival(g, BANDIT, "B6")
    hr.put(g, W, "B5")
    hr.turn(g, "arena", "movement")
    hr.illegal(g, {"type": "tactic", "player": "arena", "tactic": "blitz", "target": BANDIT}, "HR-6.1")


def test_hr_9_4_5_fallback_movement(hr):
    """HR-9.4.5, AMB-8: nothing reachable → full Movement along a shortest path toward the list's first priority."""
    g = assault(hr)
    g.s.turn["wave_turn"] = 2
    bandit = hr.rival(g, BANDIT, "A7")
    hr.put(g, W, "I1")  # far away: out of reach this turn
    hr.turn(g, "arena", "movement")
    step, dests = rv.movement_plan(g, bandit)
    assert step == "2b" and set(dests.values()) == {2}
    before = g.a.distance(bandit["hex"], g.s.units[W]["hex"])
    assert all(g.a.distance(h, g.s.units[W]["hex"]) == before - 2 for h in dests)
    hr.illegal(
        g, {"type": "move", "player": "arena", "unit": BANDIT, "path": ["B6"]}, "HR-9.4.5"
    )  # 1 step only
    hr.illegal(g, {"type": "ability", "player": "arena", "unit": BANDIT, "ability": "regen-1"}, "HR-9.4.6")
    target = g.a.label(sorted(dests)[0])
    path = [g.a.label(h) for h in q.path_to(g, bandit, 2, g.a.parse(target, path="t"))]
    hr.apply(g, {"type": "move", "player": "arena", "unit": BANDIT, "path": path})


def test_amb_9_no_matching_target_no_attack(hr):
    """AMB-9, HR-9.6.4: a rival with no opponent in Range does not attack and owes nothing."""
    g = assault(hr)
    g.s.turn["wave_turn"] = 2
    hr.rival(g, BANDIT, "A7")
    hr.put(g, W, "I1")
    hr.turn(g, "arena", "engagement")
    assert rv.rival_duty(g) is None
    hr.apply(g, {"type": "end_turn", "player": "arena"})


def test_hr_13_14_1_forfeit(hr):
    """HR-13.14.1, HR-11.1.2: no units in combat and none deployable in the Deploy phase → the players lose."""
    g = assault(hr)
    for u in g.s.units.values():
        if u["owner"] == "p1" and u["zone"] == "camp":
            u["zone"] = "discard"
    hr.turn(g, "p1", "deploy", deploy_checked=False)
    g.settle()
    assert g.s.over == {"winner": "rivals", "ended_by": "forfeit", "rule": "HR-13.14.1", "round": 1}


def test_amb_25_six_immortals_end_the_game(hr):
    """AMB-25, HR-13.11.7: when no immortal is left the game ends with all six defeated."""
    g = assault(hr)
    for u in g.s.units.values():
        if u["owner"] == "immortal" and u["def"] != "antony-blackbird":
            u["zone"] = "trophy"
    antony = hr.rival(g, ANTONY, "C5", hp=1)
    hr.put(g, W, "C4")
    hr.turn(g, "immortal", "engagement", rolled=True, wave_turn=3)
    antony["engaged"] = True
    hr.apply(g, {"type": "end_turn", "player": "immortal"})
    assert g.s.over["ended_by"] == "all_immortals"
    assert g.result()["against_game"] == {"outcome": "win", "score": 6}


def test_hr_13_5_3_neutral_hero_once_per_game(hr):
    """HR-13.5.3, HR-4.2.5, HR-13.5.4: the track resets each wave but the neutral hero comes once; the 3rd reward
    can bring a discarded secondary hero back, active."""
    g = assault(hr)
    s = g.s
    s.favour["p1"]["f"] = 19
    fx.gain_favour(g, "p1", 1)
    assert s.units["p1:rostam"]["zone"] == "camp"
    s.units["p1:rostam"]["zone"] = "discard"
    s.units["p1:rostam"]["active"] = False
    s.favour["p1"]["f"] = 14
    fx.gain_favour(g, "p1", 1)
    assert s.units["p1:rostam"]["zone"] == "camp" and s.units["p1:rostam"]["active"]
    s.favour["p1"]["f"] = 19
    s.units["p1:rostam"]["zone"] = "arena"
    fx.gain_favour(g, "p1", 1)
    assert s.units["p1:rostam"]["zone"] == "arena"  # nothing new on the 4th space


def test_hr_2_2_3_units_out_of_the_arena_are_not_in_combat(hr):
    """HR-2.2.3, HR-2.2.1: a unit in a camp cannot be attacked."""
    g = hr.game()
    g.s.turn["phase"] = "engagement"
    hr.put(g, W, "D5")
    hr.illegal(g, {"type": "attack", "unit": W, "target": PROT, "dice": []}, "HR-2.1.3")


def test_amb_38_entering_in_another_turn(hr):
    """AMB-38, HR-7.2.3, HR-5.3.4: a sentinel placed in the opponent's turn is dazed for that turn only, then acts
    in its own troop's turn."""
    g = hr.game(arena="colosseum")
    g.s.pending[:] = [{"kind": "support", "player": "p2"}]
    hr.put(g, W, "F6")
    hr.apply(g, {"type": "support", "player": "p2", "as": "sentinel", "hex": "F7"})
    sentinel = g.s.units["p2:sentinel-1"]
    assert sentinel["dazed"]
    hr.apply(g, {"type": "end_turn"})
    assert not sentinel["dazed"] and g.s.turn["player"] == "p2"
    g.s.turn["phase"] = "engagement"
    hr.apply(g, {"type": "attack", "unit": "p2:sentinel-1", "target": W, "dice": ["blue:hit", "yellow:miss"]})


def test_hr_5_3_6_a_sentinel_deploys_on_a_pedestal(hr):
    """HR-5.3.6: a sentinel back in camp deploys on a free pedestal, never on a deployment hex."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    u = new_unit("p1:sentinel-1", "sentinel", "p1", "camp")
    g.s.units[u["uid"]] = u
    assert sorted(g.a.label(h) for h in q.deploy_hexes(g, "p1", u)) == ["B5", "F3", "F7", "J5"]
    hr.illegal(g, {"type": "deploy", "unit": "p1:sentinel-1", "hex": "B8"}, "HR-5.3.6")
    hr.apply(g, {"type": "deploy", "unit": "p1:sentinel-1", "hex": "F7"})


def test_hr_6_6_several_tactics_on_one_unit(hr):
    """HR-6.6, AMB-22: nothing forbids a second tactic on a unit in a later turn; a dazed unit is a valid target."""
    g = hr.game()
    w = hr.put(g, W, "D5", dazed=True)
    hr.put(g, PROT, "D1")
    hr.apply(g, {"type": "tactic", "tactic": "Blitz", "target": "Warrior"})
    g.s.turn["tactic"] = False
    hr.apply(g, {"type": "tactic", "tactic": "hamstring", "target": "Warrior"})
    assert [t["id"] for t in w["tactics"]] == ["blitz", "hamstring"]


def test_hr_5_2_6_footholds_stay(hr):
    """HR-5.2.6, HR-5.2.1: a foothold is never attacked or removed by play; it stays through turns."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.footholds[g.a.parse("E5", path="t")] = "p1"
    hr.put(g, W, "E6")
    hr.put(g, PROT, "E1")
    hr.apply(g, {"type": "end_turn"})
    assert g.s.footholds == {g.a.parse("E5", path="t"): "p1"}
