"""Rules of sections 2–8, 10, 11 and 15–17 one by one (each test names the ids it proves)."""

from __future__ import annotations

import pytest

from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import flow
from engine.games.hoplomachus import queries as q

W, MR, MK = "p1:kunlun-warrior", "p1:kunlun-mountain-radical", "p1:kunlun-marksman"
PR_MK, PROT = "p2:plutos-refugees-marksman", "p2:plutos-refugees-protector"


def engaged(hr, **kw):
    g = hr.game(**kw)
    g.s.turn["phase"] = "engagement"
    return g


def test_hr_2_1_3_allies_are_never_attacked(hr):
    """HR-2.1.3, HR-2.1.2: a unit never targets one of its own team."""
    g = engaged(hr)
    hr.put(g, W, "D5")
    hr.put(g, MR, "D4")
    hr.illegal(g, {"type": "attack", "unit": "Warrior", "target": MR, "dice": []}, "HR-2.1.3")


def test_hr_2_5_1_range_ignores_blocking(hr):
    """HR-2.5.1, HR-3.4.3, HR-3.1.2: Range counts hexes geometrically; units in between do not matter."""
    g = engaged(hr)
    hr.put(g, MK, "D5")  # Range 2
    hr.put(g, W, "D4")  # a friendly unit in between
    hr.put(g, PROT, "D3")
    hr.apply(g, {"type": "attack", "unit": "Marksman", "target": PROT, "dice": ["black:hit", "yellow:miss"]})
    hr.put(g, PR_MK, "D1")
    hr.illegal(g.copy(), {"type": "attack", "unit": MK, "target": PR_MK, "dice": []}, "HR-8.8.1")
    g.s.units[MK]["engaged"] = False
    hr.illegal(g, {"type": "attack", "unit": MK, "target": PR_MK, "dice": []}, "HR-2.5.1")  # 4 hexes


def test_hr_2_5_7_effective_movement_with_adrenaline(hr):
    """HR-2.5.7, CF-7: Adrenaline gives +1 Movement; the engine uses effective values."""
    g = hr.game()
    w = hr.put(g, W, "D5")
    g.s.turn["phase"] = "tactic"
    hr.apply(g, {"type": "tactic", "tactic": "Adrenaline", "target": "Warrior"})
    assert q.movement(g, w) == 3
    hr.apply(g, {"type": "move", "unit": "Warrior", "path": ["D4", "D3", "D2"]})


def test_hr_2_6_1_hit_faces_by_colour(hr):
    """HR-2.6.1, HR-2.6.2, HR-2.6.3: five colours with 2–6 hit faces; faces per die only matter to simulation."""
    g = hr.game()
    assert g.c.hit_faces == {"yellow": 2, "blue": 3, "green": 4, "black": 5, "red": 6}
    assert g.c.die_faces == 8  # AMB-1: a pack constant, provisional


def test_amb_1_a_colour_with_no_miss_face(hr):
    """AMB-1: with die_faces equal to a colour's hit faces, that colour cannot miss (HR-2.6.1)."""
    import copy

    from engine.core.content import pack_hash
    from engine.games.hoplomachus import content_for

    doc = copy.deepcopy(hr_pack())
    doc["die_faces"] = 6
    c = content_for(doc, pack_hash(doc))
    from engine.games.hoplomachus.dice import Dice

    with pytest.raises(Exception) as info:
        Dice(c, None).roll(["red"], ["red:miss"], "test")
    assert info.value.rule == "HR-2.6.1"


def hr_pack():
    from engine.core.content import builtin_pack
    from engine.games.hoplomachus.content import CONTENT_DIR

    return builtin_pack(CONTENT_DIR, "hr-core-starter")[0]


def test_hr_2_8_3_inactive_hero_cannot_be_deployed(hr):
    """HR-2.8.3, HR-15.7.1: the primary hero starts inactive in camp (Pozzuoli Skirmish)."""
    g = hr.game()
    assert g.s.units["p1:feng"]["zone"] == "camp" and not g.s.units["p1:feng"]["active"]
    hr.illegal(g, {"type": "deploy", "unit": "Feng", "hex": "C7"}, "HR-2.8.3")


def test_hr_2_8_4_inactive_hero_cannot_attack(hr):
    """HR-2.8.4, HR-15.7.2: a chained inactive hero cannot move or attack but can be attacked."""
    g = engaged(hr, arena="colosseum")
    g.s.pending.clear()
    hero = g.s.units["p1:feng"]
    hr.put(g, PR_MK, "F8")  # next to p1's chained hero at F9
    hr.illegal(g, {"type": "attack", "unit": "Feng", "target": PR_MK, "dice": []}, "HR-2.8.4")
    g.s.turn["phase"] = "movement"
    hr.illegal(g, {"type": "move", "unit": "Feng", "path": ["E9"]}, "HR-2.8.4")
    assert q.cannot_engage(g, hero)[0] == "HR-2.8.4"


def test_hr_2_9_2_tactics_never_on_elite(hr):
    """HR-2.9.2, HR-6.3, DV-9: elite units never take tactics."""
    g = hr.game()
    hr.put(g, "p1:feng", "D5")
    g.s.turn["phase"] = "tactic"
    hr.illegal(g, {"type": "tactic", "tactic": "Blitz", "target": "Feng"}, "HR-6.3")


def test_dv9_tactic_targets(hr):
    """DV-9, HR-8.5.1: an opposing non-elite unit adjacent to one of yours: legal; not adjacent: illegal."""
    g = hr.game()
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D4")
    hr.put(g, PR_MK, "H2")
    hr.illegal(g, {"type": "tactic", "tactic": "hamstring", "target": PR_MK}, "HR-8.5.1")
    hr.apply(g, {"type": "tactic", "tactic": "hamstring", "target": "Protector"})
    assert q.movement(g, g.s.units[PROT]) == 0  # Hamstring (provisional: −1 Movement)
    hr.illegal(g, {"type": "tactic", "tactic": "Blitz", "target": "Warrior"}, "HR-8.5.3")


def test_hr_3_4_1_foothold_blocks_opponents_only(hr):
    """HR-3.4.1, HR-3.4.4, AMB-4, HR-5.2.3: an opposing foothold blocks; a friendly one does not."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    w = hr.put(g, W, "D5")
    prot = hr.put(g, PROT, "H5")
    g.s.footholds[g.a.parse("E5", path="t")] = "p1"
    assert not q.blocked(g, w, g.a.parse("E5", path="t"))
    assert q.blocked(g, prot, g.a.parse("E5", path="t"))


def test_hr_3_3_5_pedestals_only_for_sentinels(hr):
    """HR-3.3.5: pedestals block every unit but sentinels."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    w = hr.put(g, W, "F4")
    g.s.turn["phase"] = "movement"
    hr.illegal(g, {"type": "move", "unit": "Warrior", "path": ["F3"]}, "HR-8.6.3")
    assert q.blocked(g, w, g.a.parse("F3", path="t"))


def test_hr_3_3_3_inner_hex_silences_unless_foothold(hr):
    """HR-3.3.3, AMB-13, HR-5.2.5: no attacks and no skills on an inner hex, unless a friendly foothold is there."""
    g = engaged(hr, arena="colosseum")
    g.s.pending.clear()
    w = hr.put(g, W, "D4")  # inner hex
    hr.put(g, PROT, "D3")
    assert not q.skills_on(g, w)
    hr.illegal(g, {"type": "attack", "unit": "Warrior", "target": PROT, "dice": []}, "HR-3.3.3")
    g.s.footholds[w["hex"]] = "p1"
    assert q.skills_on(g, w) and q.cannot_engage(g, w) is None


def test_hr_3_3_2_central_hex_deployment_open_to_all(hr):
    """HR-3.3.2, HR-15.3.2, HR-3.3.1: central and inner hexes are open to both; outer ones to their colour."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    mk = g.s.units[MK]
    labels = sorted(g.a.label(h) for h in q.deploy_hexes(g, "p1", mk))
    assert labels == ["B8", "D4", "D6", "F5", "H4", "H6", "J8"]  # p1 plays blue


def test_hr_4_5_4_activate_hero_opens_all_outer_hexes(hr):
    """HR-4.5.4: the reward flips the hero (dazed this turn) and opens all four outer hexes."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.favour["p1"].update(track="t3", pos=4)
    fx.gain_favour(g, "p1", 1)
    hr.apply(g, {"type": "track", "player": "p1", "track": "t3"})
    hero = g.s.units["p1:feng"]
    assert hero["active"] and hero["dazed"]  # HR-2.8.7
    labels = {g.a.label(h) for h in q.deploy_hexes(g, "p1", g.s.units[MK])}
    assert {"B2", "J2", "B8", "J8"} <= labels


def test_hr_4_4_7_no_favour_after_gold(hr):
    """HR-4.4.7, HR-4.5.6: after the gold reward, favour gives nothing more."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.favour["p1"].update(track="gold", pos=4, done=["t1", "t2", "t3", "t4"])
    fx.gain_favour(g, "p1", 2)
    assert g.s.favour["p1"]["done"][-1] == "gold" and g.s.units["p1:rostam"]["zone"] == "camp"
    fx.gain_favour(g, "p1", 3)
    assert not g.s.pending


def test_hr_4_4_3_each_gain_event_chooses_a_track(hr):
    """HR-4.4.3, AMB-36, HR-4.4.2: the bead starts on no track; each gain event asks which track to follow."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    assert g.s.favour["p1"] == {"track": None, "pos": 0, "done": []}
    fx.gain_favour(g, "p1", 1)
    msg = hr.illegal(g, {"type": "end_turn"}, "HR-4.4.3")
    assert "track" in msg


def test_hr_5_1_4_sentinel_needs_a_free_pedestal(hr):
    """HR-5.1.4, HR-5.2.2, AMB-28: with no free pedestal only a foothold can be placed."""
    g = hr.game(arena="colosseum")
    g.s.pending[:] = [{"kind": "support", "player": "p1"}]
    for i, h in enumerate(["B5", "J5", "F3", "F7"]):
        g.s.occupant[g.a.parse(h, path="t")] = f"x{i}"
    assert q.free_pedestals(g) == []
    hr.illegal(g, {"type": "support", "player": "p1", "as": "sentinel", "hex": "F3"}, "HR-5.3.1")
    hr.illegal(
        g, {"type": "support", "player": "p1", "as": "foothold", "hex": "F5"}, "HR-5.2.2"
    )  # central hex


def test_hr_5_2_4_no_deployment_onto_an_opposing_foothold(hr):
    """HR-5.2.4, HR-5.2.1: a foothold is no unit; opponents cannot deploy on it."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.footholds[g.a.parse("F5", path="t")] = "p2"
    hr.illegal(g, {"type": "deploy", "unit": "Marksman", "hex": "F5"}, "HR-8.4.1")
    assert all(u["hex"] != g.a.parse("F5", path="t") for u in g.s.in_arena())


def test_hr_4_5_5_foothold_move_and_flip(hr):
    """HR-4.5.5, AMB-14, HR-5.3.3: move a foothold one hex, or flip it into a dazed sentinel on a pedestal."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.footholds[g.a.parse("E5", path="t")] = "p1"
    g.s.turn["phase"] = "tactic"
    hr.illegal(g, {"type": "foothold", "hex": "E5", "to": "E6"}, "HR-4.5.5")  # reward not gained
    g.s.troops["p1"]["foothold_action"] = True
    hr.illegal(g, {"type": "foothold", "hex": "E5", "to": "F5"}, "HR-4.5.5")  # onto the central hex
    g2 = g.copy()
    hr.apply(g, {"type": "foothold", "hex": "E5", "to": "E6"})
    assert g.s.footholds == {g.a.parse("E6", path="t"): "p1"}
    hr.illegal(g, {"type": "foothold", "hex": "E6", "to": "E7"}, "HR-4.5.5")  # one per phase
    hr.apply(g2, {"type": "foothold", "hex": "E5", "to": "F7", "flip": True})
    sentinel = g2.s.units["p1:sentinel-1"]
    assert not g2.s.footholds and sentinel["dazed"] and g2.a.label(sentinel["hex"]) == "F7"
    assert q.can_move(g2, {**sentinel, "dazed": False})[0] == "HR-5.3.3"


def test_hr_5_3_7_tactics_may_go_on_sentinels(hr):
    """HR-5.3.7, HR-5.3.5: sentinels are non-elite, Range 4 and First Strike."""
    g = hr.game(arena="colosseum")
    g.s.pending[:] = [{"kind": "support", "player": "p1"}]
    hr.apply(g, {"type": "support", "player": "p1", "as": "sentinel", "hex": "F7"})
    s = g.s.units["p1:sentinel-1"]
    d = q.udef(g, s)
    assert d.range == 4 and d.skill_of("first_strike") and not d.elite
    hr.apply(g, {"type": "tactic", "tactic": "Blitz", "target": "p1:sentinel-1"})
    assert [t["id"] for t in s["tactics"]] == ["blitz"]


def test_hr_6_4_tactics_go_to_the_player_who_played_them(hr):
    """HR-6.4, HR-10.3, HR-2.10.2: when the unit carrying a tactic is defeated, the chip goes to its player's discard."""
    g = hr.game()
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D4", hp=1)
    g.s.turn["phase"] = "tactic"
    hr.apply(g, {"type": "tactic", "tactic": "hamstring", "target": PROT})
    hr.apply(
        g, {"type": "attack", "unit": W, "target": PROT, "dice": ["black:hit", "blue:miss", "yellow:miss"]}
    )
    assert g.s.units[PROT]["zone"] == "discard" and g.s.troops["p1"]["tactics_discard"] == ["hamstring"]


def test_hr_6_5_2_instant_and_6_5_3_temporary(hr):
    """HR-6.5.2: an instant tactic acts and is discarded; HR-6.5.3: a temporary one ends with its duration."""
    g = hr.game()
    w = hr.put(g, W, "D5")
    g.s.turn["phase"] = "tactic"
    hr.apply(g, {"type": "tactic", "tactic": "Bolster Health", "target": "Warrior"})
    assert w["hp"] == 5 and "bolster-health" in g.s.troops["p1"]["tactics_discard"]
    g2 = hr.game()
    w2 = hr.put(g2, W, "D5")
    g2.s.turn["phase"] = "tactic"
    hr.apply(g2, {"type": "tactic", "tactic": "Adrenaline", "target": "Warrior"})
    hr.apply(g2, {"type": "end_turn"})
    assert w2["tactics"] == [] and "adrenaline" in g2.s.troops["p1"]["tactics_discard"]


def test_hr_7_2_3_dazed_ends_with_the_turn(hr):
    """HR-7.2.1, HR-7.2.3, HR-8.4.6: deployed → dazed for that turn only."""
    g = hr.game()
    hr.put(g, W, "D6")
    hr.apply(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"})
    assert g.s.units[MK]["dazed"]
    hr.apply(g, {"type": "end_turn", "draw": ["kunlun-unit-07"]})
    assert not g.s.units[MK]["dazed"]


def test_hr_7_3_defeat_mid_sequence_and_10_2_discard(hr):
    """HR-7.3, HR-10.1, HR-10.2: no HP left → defeated at once, to its own troop's discard."""
    g = engaged(hr)
    hr.put(g, W, "D5", hp=1)
    hr.put(g, PROT, "D4", hp=1)
    hr.apply(
        g, {"type": "attack", "unit": W, "target": PROT, "dice": ["black:hit", "blue:miss", "yellow:miss"]}
    )
    assert (
        g.s.units[PROT]["zone"] == "discard" and g.s.units[W]["hp"] == 1
    )  # no Retaliate from a defeated unit


def test_hr_7_5_1_retaliate_is_not_triggered_by_specials(hr):
    """HR-7.5.1, HR-8.8.4: a Special is not an attack, so Retaliate (on attack damage) does not answer."""
    g = engaged(hr)
    w = hr.put(g, W, "D5")
    hr.put(g, PROT, "D4")
    hr.apply(g, {"type": "special", "unit": W, "special": "Whirlwind",
                 "dice": [["black:hit", "blue:miss", "yellow:miss"]]})  # fmt: skip
    assert w["hp"] == 3 and w["engaged"]


def test_hr_8_8_4_long_shot_range(hr):
    """HR-8.8.4, HR-2.7.3: Long Shot 4 reaches 4 hexes (placeholder effect), within its own range only."""
    g = engaged(hr)
    hr.put(g, MK, "D6")
    hr.put(g, PROT, "D2")
    hr.put(g, PR_MK, "D1")
    hr.illegal(g, {"type": "special", "unit": MK, "special": "Long Shot 4", "target": PR_MK}, "HR-8.8.4")
    hr.apply(g, {"type": "special", "unit": MK, "special": "Long Shot 4", "target": PROT,
                 "dice": ["black:hit", "yellow:hit"]})  # fmt: skip
    assert g.s.units[PROT]["hp"] == 4


def test_hr_8_4_3_must_deploy_with_no_units(hr):
    """HR-8.4.3: a player with no units in combat must deploy if able."""
    g = hr.game()
    msg = hr.illegal(g, {"type": "end_turn"}, "HR-8.4.3")
    assert "must deploy" in msg


def test_hr_8_4_5_supply_limits_deployment(hr):
    """HR-8.4.5, HR-8.4.7, AMB-29: without enough chips of the colour, no deployment."""
    g = hr.game()
    g.s.supply["blue"] = 2
    hr.illegal(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"}, "HR-8.4.5")


def test_hr_8_6_5_sentinels_and_dazed_do_not_move(hr):
    """HR-8.6.5, HR-8.6.1: only the active player's own units move."""
    g = hr.game()
    hr.put(g, PROT, "D4")
    g.s.turn["phase"] = "movement"
    hr.illegal(g, {"type": "move", "unit": PROT, "path": ["D3"]}, "HR-8.1.1")


def test_hr_8_7_2_hurl_needs_an_adjacent_unit(hr):
    """HR-8.7.2: an Ability whose condition is not met cannot be used."""
    g = hr.game()
    hr.put(g, MR, "D5")
    hr.put(g, PROT, "D2")
    g.s.turn["phase"] = "abilities"
    hr.illegal(
        g, {"type": "ability", "unit": MR, "ability": "Hurl 1", "target": PROT, "hex": "D1"}, "HR-8.7.2"
    )


def test_hr_8_1_3_phase_order(hr):
    """HR-8.1.3, HR-8.1.4: a deployment after a move is illegal."""
    g = hr.game()
    hr.put(g, W, "D5")
    hr.apply(g, {"type": "move", "unit": W, "path": ["D4"]})
    hr.illegal(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"}, "HR-8.1.4")


def test_hr_15_1_3_no_units_after_a_first_turn_loses(hr):
    """HR-15.1.3, AMB-16: a Pozzuoli Skirmish player with no unit in combat after a turn of theirs loses."""
    g = engaged(hr)
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D4", hp=1)
    g.s.troops["p2"]["turns_done"] = 1
    hr.apply(
        g, {"type": "attack", "unit": W, "target": PROT, "dice": ["black:hit", "blue:miss", "yellow:miss"]}
    )
    assert g.s.over == {"winner": "p1", "ended_by": "no_units", "rule": "HR-15.1.3", "round": 1}
    hr.illegal(g, {"type": "end_turn"}, "HR-11.1.1")


def test_amb_16_option_from_the_end_of_round_one(hr):
    """AMB-16 config: with skirmish_no_units_from = round_end, round 1 never ends the game this way."""
    doc = hr.header(options={"skirmish_no_units_from": "round_end"})
    doc["options"] = doc["setup"].pop("options")
    from engine.games.hoplomachus import RULESET

    g = RULESET.start(doc)
    g.s.turn["phase"] = "engagement"
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D4", hp=1)
    g.s.troops["p2"]["turns_done"] = 1
    hr.apply(
        g, {"type": "attack", "unit": W, "target": PROT, "dice": ["black:hit", "blue:miss", "yellow:miss"]}
    )
    assert g.s.over is None


def test_hr_15_1_2_primary_hero_defeat_wins(hr):
    """HR-15.1.2, HR-11.1.1: defeating the other primary hero ends the game at once."""
    g = engaged(hr)
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D6")
    hr.put(g, "p2:plutos-refugees-hero", "D4", hp=1)
    hr.apply(g, {"type": "attack", "unit": W, "target": "p2:plutos-refugees-hero",
                 "dice": ["black:hit", "blue:miss", "yellow:miss"]})  # fmt: skip
    assert g.s.over["winner"] == "p1" and g.s.over["ended_by"] == "hero_defeated"
    assert g.result()["seats"][0]["outcome"] == "win"


def test_hr_15_6_3_refill_counts_non_hero_units(hr):
    """HR-15.6.3, HR-2.10.4, AMB-18, AMB-39: refill to four non-hero units from the bag at the end of the turn."""
    g = hr.game()
    hr.put(g, W, "D6")
    hr.apply(g, {"type": "deploy", "unit": "Marksman", "hex": "C7"})
    hr.illegal(g, {"type": "end_turn", "draw": ["kunlun-unit-07", "kunlun-unit-08"]}, "HR-15.6.3")
    hr.illegal(g, {"type": "end_turn", "draw": ["plutos-refugees-unit-05"]}, "HR-15.6.3")  # not in p1's bag
    hr.apply(g, {"type": "end_turn", "draw": ["kunlun-unit-07"]})
    camp = q.units_in_camp(g, "p1", heroes=False)
    assert len(camp) == 4 and g.s.units["p1:kunlun-unit-07"]["zone"] == "camp"


def test_hr_15_2_2_turn_order_never_changes(hr):
    """HR-15.6.1, HR-15.2.2: p1 then p2, every round."""
    g = hr.game()
    hr.put(g, W, "D6")
    hr.put(g, PROT, "D2")
    hr.apply(g, {"type": "end_turn"})
    assert g.s.turn["player"] == "p2"
    hr.apply(g, {"type": "end_turn", "draw": ["plutos-refugees-unit-05"]})
    assert (g.s.turn["player"], g.s.turn["round"]) == ("p1", 2)


def test_amb_17_factions_differ(hr):
    """AMB-17: one set of chips per faction."""
    import engine

    doc = hr.header(factions=("kunlun", "kunlun"))
    v = engine.verify(doc)
    assert v.status == "unreadable" and "different faction" in v.error.message


# --- Pandemonium ------------------------------------------------------------------------------------


def pandemonium(hr, n=3):
    return hr.game(mode="pandemonium", factions=("kunlun", "plutos-refugees", "amazons", "faction-4")[:n])


def test_hr_16_2_4_heroes_active_and_all_units_in_camp(hr):
    """HR-16.2.3, HR-16.2.4, HR-16.3.1: heroes start active; every deployment hex is open."""
    g = pandemonium(hr)
    assert g.s.units["p1:feng"]["active"] and g.s.units["p1:feng"]["zone"] == "camp"
    assert len(q.deploy_hexes(g, "p1", g.s.units["p1:feng"])) == 12
    hr.apply(g, {"type": "deploy", "unit": "Feng", "hex": "C1"})


def test_hr_16_4_1_three_units_at_most(hr):
    """HR-16.4.1, HR-16.4.2: three units per troop; chip colours do not matter."""
    g = pandemonium(hr)
    for uid, h in ((W, "D5"), (MR, "E5"), (MK, "F5")):
        hr.put(g, uid, h)
    assert set(g.s.supply) == {"any"}
    hr.illegal(g, {"type": "deploy", "unit": "Feng", "hex": "C1"}, "HR-16.4.1")


def test_hr_16_6_2_fewer_than_three_must_deploy(hr):
    """HR-16.6.2: fewer than three units in combat → deploy if able."""
    g = pandemonium(hr)
    hr.put(g, W, "D5")
    hr.illegal(g, {"type": "move", "unit": W, "path": ["D4"]}, "HR-16.6.2")


def test_hr_16_6_1_stones_return_tactics(hr):
    """HR-16.6.1, HR-16.5.1, HR-1.3 (no favour track is set up at all): one discarded tactic back per stone occupied."""
    g = pandemonium(hr)
    hr.put(g, W, "C4")
    g.s.troops["p1"]["tactics_discard"] = ["blitz", "stun"]
    g.s.turn["player"], g.s.turn["index"] = "p1", 0
    g.s.serial -= 1
    flow.start_turn(g)
    assert g.s.pending == [{"kind": "stone_tactics", "player": "p1", "max": 1}]
    hr.illegal(g, {"type": "stone_tactics", "player": "p1", "tactics": ["blitz", "stun"]}, "HR-16.6.1")
    hr.apply(g, {"type": "stone_tactics", "player": "p1", "tactics": ["stun"]})
    assert "stun" in g.s.troops["p1"]["tactics_camp"] and g.s.favour == {}


def test_hr_16_7_1_hero_defeat_returns_units(hr):
    """HR-16.7.1, AMB-21: the troop whose hero fell may return up to two non-elite units."""
    g = pandemonium(hr)
    g.s.turn["phase"] = "engagement"
    hr.put(g, W, "D5")
    hr.put(g, "p2:plutos-refugees-hero", "D4", hp=1)
    hr.put(g, PROT, "H1")
    g.s.units[PR_MK]["zone"] = "discard"
    hr.apply(g, {"type": "attack", "unit": W, "target": "p2:plutos-refugees-hero",
                 "dice": ["black:hit", "blue:miss", "yellow:miss"]})  # fmt: skip
    assert g.s.pending[0] == {
        "kind": "return_units",
        "player": "p2",
        "max": 2,
        "elite": False,
        "rule": "HR-16.7.1",
    }
    hr.illegal(g, {"type": "return_units", "player": "p2", "units": ["Pluto's Refugees hero"]}, "HR-16.7.1")
    hr.apply(g, {"type": "return_units", "player": "p2", "units": ["Marksman"]})
    assert g.s.units[PR_MK]["zone"] == "camp"


def test_hr_16_8_1_forfeit_and_last_standing(hr):
    """HR-16.8.1, HR-16.1.2: no units and unable to deploy → eliminated; the last player wins."""
    g = pandemonium(hr)
    for p in ("p2", "p3"):
        for u in g.s.units.values():
            if u["owner"] == p:
                u["zone"] = "discard"
    hr.put(g, W, "D5")
    hr.put(g, MR, "E5")
    hr.put(g, MK, "F5")
    hr.apply(g, {"type": "end_turn"})
    assert g.s.troops["p2"]["out"] and g.s.troops["p3"]["out"]
    assert g.s.over == {"winner": "p1", "ended_by": "last_standing", "rule": "HR-16.1.2", "round": 1}
    ranks = {s["seat"]: s["rank"] for s in g.result()["seats"]}
    assert ranks == {"p1": 1, "p3": 2, "p2": 3}  # p3 was eliminated after p2


# --- Alliance -------------------------------------------------------------------------------------


def alliance(hr):
    return hr.game(mode="alliance", factions=("kunlun", "plutos-refugees", "amazons", "faction-4"))


def test_hr_17_2_5_heroes_camp_and_track(hr):
    """HR-17.2.5, HR-17.2.8, HR-17.3.1: one hero in camp inactive, the teammate's on the track; six units each."""
    g = alliance(hr)
    assert g.s.units["p1:feng"]["zone"] == "camp" and not g.s.units["p1:feng"]["active"]
    assert g.s.units["p3:amazons-hero"]["zone"] == "track" and g.s.units["p3:amazons-hero"]["active"]
    assert len(q.units_in_camp(g, "p1", heroes=False)) == 6
    assert g.a.label(q.deploy_hexes(g, "p1", g.s.units["p1:kunlun-unit-04"])[0]).endswith("1")  # red side


def test_hr_17_6_3_shared_track_and_own_stones(hr):
    """HR-17.6.2, HR-17.6.3: stones count the player's own units only; favour goes on the team's track."""
    g = alliance(hr)
    hr.put(g, "p1:kunlun-unit-04", "C4")
    hr.put(g, "p3:amazons-unit-04", "G4")
    g.s.serial -= 1
    flow.start_turn(g)
    assert g.s.favour["red"]["f"] == 1 and set(g.s.favour) == {"red", "blue"}


def test_hr_17_6_4_rewards_and_catch_up(hr):
    """HR-17.6.4, HR-17.6.5, AMB-20: reward 1 to the member whose hero is in camp; catch-up after every reward."""
    g = alliance(hr)
    hr.put(g, "p2:plutos-refugees-unit-04", "C6")
    fx.gain_favour(g, "p1", 5)
    assert g.s.units["p1:feng"]["active"]
    assert g.s.pending == [{"kind": "catch_up", "player": "p2"}]  # blue is behind; p4 has no unit in combat
    g.s.pending.clear()
    g.s.favour["red"]["f"] = 19
    fx.gain_favour(g, "p1", 1)
    assert g.s.units["p3:amazons-hero"]["zone"] == "camp"  # reward 4 to its owner
    assert g.s.pending == [{"kind": "catch_up", "player": "p2"}]  # catch-up after the 4th too (AMB-20)


def test_hr_17_6_4_second_reward_team_chooses(hr):
    """HR-17.6.4: the team chooses which member takes their tactics back."""
    g = alliance(hr)
    g.s.troops["p3"]["tactics_discard"] = ["stun"]
    g.s.favour["red"]["f"] = 9
    fx.gain_favour(g, "p1", 1)
    assert g.s.pending[0]["kind"] == "choose_member"
    hr.illegal(g, {"type": "reward", "player": "p2"}, "HR-17.6.4")
    hr.apply(g, {"type": "reward", "player": "p3"})
    assert "stun" in g.s.troops["p3"]["tactics_camp"]


def test_hr_17_1_2_both_heroes_defeated(hr):
    """HR-17.1.2: a team wins when both opposing primary heroes are defeated."""
    g = alliance(hr)
    g.s.lift(g.s.units["p2:plutos-refugees-hero"], "discard")  # as a defeat does (State.lift)
    assert not flow.check_end(g)
    g.s.lift(g.s.units["p4:faction-4-hero"], "discard")
    assert flow.check_end(g) and g.s.over["winner"] == "red"
    assert [t["outcome"] for t in g.result()["teams"]] == ["win", "loss"]


def test_hr_17_7_1_team_forfeit(hr):
    """HR-17.7.1: a player with no units who cannot deploy makes the whole team forfeit."""
    g = alliance(hr)
    for u in g.s.units.values():
        if u["owner"] == "p1":
            u["zone"] = "discard"
    g.s.turn["deploy_checked"] = False
    g.settle()
    assert g.s.over["ended_by"] == "forfeit" and g.s.over["winner"] == "blue"


def test_hr_17_2_1_teams_alternate(hr):
    """HR-17.2.1, HR-17.2.3: the order must alternate teams."""
    import engine

    doc = hr.header(mode="alliance", factions=("kunlun", "plutos-refugees", "amazons", "faction-4"))
    doc["setup"]["teams"] = {"red": ["p1", "p2"], "blue": ["p3", "p4"]}
    v = engine.verify(doc)
    assert v.status == "unreadable" and v.error.rule == "HR-17.2.1"


# --- content facts ----------------------------------------------------------------------------------


def test_cf2_printed_stats_in_the_starter_pack(hr):
    """CF-2, CF-3, CF-7, CF-9: values the rulebook prints are in the pack as printed."""
    c = hr.game().c
    w = c.units["kunlun-warrior"]
    assert (w.movement, w.range, w.attack) == (2, 1, ("black", "blue", "yellow"))
    assert [s.id for s in w.skills] == ["retaliate", "whirlwind"]
    assert c.units["amazons-warrior"].health == 3
    assert c.units["kunlun-mountain-radical"].attack == ("blue", "blue")
    mk = c.units["kunlun-marksman"]
    assert (
        mk.range == 2
        and mk.attack == ("black", "yellow")
        and [s.id for s in mk.skills] == ["first-strike", "long-shot-4"]
    )
    b = c.units["bandit"]
    assert (b.movement, b.range, b.health, b.attack) == (2, 1, 5, ("black",))
    assert [s.id for s in c.units["rostam"].skills] == ["retaliate", "first-strike", "long-shot-3"]
    assert c.tactics["blitz"].type == "permanent" and c.tactics["blitz"].effect == {
        "kind": "extra_die",
        "colour": "green",
    }
    assert sum(1 for u in c.units.values() if u.kind == "immortal") == 6
    assert sum(1 for u in c.units.values() if u.kind == "arena") == 8
    a = hr.game(arena="colosseum").a
    assert len(a.tags["pedestal"]) == 4 and len(a.tags["outer_red"]) == 2 and len(a.tags["central"]) == 1


def test_cf1_every_unprinted_value_is_marked_provisional():
    """CF-1, HR-21.4: an entry that is not wholly printed says which of its fields are placeholders."""
    pack = hr_pack()
    for table in ("units", "tactics", "factions", "arenas", "skills"):
        for entry in pack[table]:
            assert "provisional" in entry, (table, entry["id"])
            if entry["provisional"]:
                assert entry.get("note"), (table, entry["id"])
    assert "die_faces" in pack["provisional"] and "supply" in pack["provisional"]


def test_hr_5_1_3_placing_a_gained_chip_is_no_deployment(hr):
    """HR-5.1.3, HR-4.5.2, HR-5.1.1: the active player's own chip, placed, then a deployment in the same phase."""
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    g.s.favour["p1"].update(track="t1", pos=4)
    fx.gain_favour(g, "p1", 1)
    hr.apply(g, {"type": "track", "player": "p1", "track": "t1"})
    assert g.s.pending == [{"kind": "support", "player": "p1"}] and g.s.support_left["p1"] == 3
    hr.apply(g, {"type": "support", "player": "p1", "as": "foothold", "hex": "E8"})
    hr.apply(g, {"type": "deploy", "unit": "Marksman", "hex": "B8"})
    assert g.s.footholds == {g.a.parse("E8", path="t"): "p1"} and g.s.units[MK]["zone"] == "arena"


def test_hr_1_2_5_catch_up_may_be_declined(hr):
    """HR-1.2.5: "may" is optional — the catch-up HP can be declined."""
    g = hr.game()
    w = hr.put(g, W, "D5")
    g.s.favour["p2"]["f"] = 9
    fx.gain_favour(g, "p1", 5)
    hr.apply(g, {"type": "catch_up", "player": "p1", "unit": None})
    assert w["hp"] == 3 and not g.s.pending


def test_hr_2_7_1_skill_types(hr):
    """HR-2.7.1: a Special is used in the Engagement phase, not as an Ability."""
    g = hr.game()
    hr.put(g, W, "D5")
    hr.put(g, PROT, "D4")
    g.s.turn["phase"] = "abilities"
    hr.illegal(g, {"type": "ability", "unit": W, "ability": "Whirlwind"}, "HR-2.7.1")


def test_hr_2_3_4_faction_sets(hr):
    """HR-2.3.3, HR-2.3.4, HR-2.4.2, HR-2.8.1, HR-2.8.2: a faction is a hero, ten units and four tactics; rivals,
    neutral heroes and sentinels have no faction; heroes are elite; every unit has a class."""
    c = hr.game().c
    for f in c.factions.values():
        assert len(f["roster"]) == 10 and len(f["tactics"]) == 4 and c.units[f["hero"]].elite
    assert all(u.faction is None for u in c.units.values() if u.kind in ("immortal", "arena", "sentinel"))
    assert all(u.cls in ("archer", "attacker", "beast", "defender", "tactician") for u in c.units.values())
    g = hr.game(arena="colosseum")
    assert not g.s.units["p1:feng"]["active"]  # the inactive side up


def test_hr_13_13_2_other_units_are_discarded(hr):
    """HR-13.13.2, HR-13.1.3, HR-13.7.1: a player's other units go to the discard; rivals never target each other;
    in co-op either primary hero's defeat loses."""
    from engine.games.hoplomachus import rivals as rv

    g = hr.game(mode="assault", factions=("kunlun", "plutos-refugees"),
                neutral_heroes={"p1": "rostam", "p2": "neutral-hero-2"})  # fmt: skip
    g.s.turn["wave_turn"] = 2
    hr.rival(g, "immortal:antony-blackbird", "C5")
    bandit = hr.rival(g, "arena:bandit", "C6")
    assert rv.targets(g, bandit) == []  # Antony is adjacent, but an ally
    hr.put(g, W, "D6", hp=1)
    hr.turn(g, "arena", "engagement")
    hr.apply(
        g, {"type": "attack", "player": "arena", "unit": "arena:bandit", "target": W, "dice": ["black:hit"]}
    )
    assert g.s.units[W]["zone"] == "discard" and g.s.over is None
    hr.put(g, "p2:plutos-refugees-hero", "B6", hp=1)
    g.s.units["arena:bandit"]["engaged"] = False
    hr.apply(g, {"type": "attack", "player": "arena", "unit": "arena:bandit", "target": "p2:plutos-refugees-hero",
                 "dice": ["black:hit"]})  # fmt: skip
    assert g.s.over["ended_by"] == "hero_defeated"
