"""Crowd favour: the derived vectors DV-1…DV-5, DV-8 and DV-10 (spec section 19)."""

from __future__ import annotations

from engine.games.hoplomachus import effects as fx


def test_dv1_pozzuoli_thresholds(hr):
    """DV-1: HR-4.2.1, HR-4.2.2, HR-4.2.3, AMB-3 (the bead starts at 0), HR-4.1.1."""
    g = hr.game()
    f = g.s.favour["p1"]
    f["f"] = 3
    fx.gain_favour(g, "p1", 4)
    assert f["f"] == 7 and g.s.units["p1:feng"]["active"]  # reward 1 (HR-4.3.1)
    g.s.pending.clear()


def test_dv1_three_rewards_in_order(hr):
    g = hr.game()
    s = g.s
    s.troops["p1"]["tactics_discard"] = ["stun"]
    s.units["p1:kunlun-warrior"]["zone"] = "discard"
    s.favour["p1"]["f"] = 4
    fx.gain_favour(g, "p1", 12)
    assert s.favour["p1"]["f"] == 16
    assert s.units["p1:feng"]["active"]  # reward 1
    assert "stun" in s.troops["p1"]["tactics_camp"]  # reward 2 (HR-4.3.2)
    assert s.units["p1:kunlun-warrior"]["zone"] == "camp"  # reward 3 (HR-4.3.3), one discarded unit only
    assert s.units["p1:rostam"]["zone"] == "track"  # reward 4 not reached


def test_dv1_top_of_track(hr):
    g = hr.game()
    s = g.s
    s.favour["p1"]["f"] = 18
    fx.gain_favour(g, "p1", 5)
    assert s.favour["p1"]["f"] == 20 and s.units["p1:rostam"]["zone"] == "camp"  # HR-4.3.4
    assert s.units["p1:rostam"]["active"]
    fx.gain_favour(g, "p1", 3)
    assert s.favour["p1"]["f"] == 20  # HR-4.2.4


def colosseum(hr):
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    return g


def test_dv2_colosseum_excess_is_lost(hr):
    """DV-2: HR-4.4.1, HR-4.4.4, HR-4.5.1, HR-4.5.2, HR-5.1.2."""
    g = colosseum(hr)
    f = g.s.favour["p1"]
    f.update(track="t2", pos=3)
    fx.gain_favour(g, "p1", 4)
    assert g.s.pending[0]["kind"] == "track"
    hr.apply(g, {"type": "track", "player": "p1", "track": "t2"})
    assert f["pos"] == 5 and f["done"] == ["t2"]  # 2 excess lost (HR-4.4.4)
    # t2 adds 3 HP to a unit of p1 in combat (its chained hero is one); the opponent's chip above it goes to p2.
    assert g.s.pending == [
        {"kind": "add_hp", "player": "p1", "amount": 3},
        {"kind": "support", "player": "p2"},
    ]
    hr.apply(g, {"type": "add_hp", "player": "p1", "unit": "Feng"})
    assert g.s.units["p1:feng"]["hp"] == 10  # HR-4.5.3: gaining HP may exceed Health (7)
    hr.illegal(g, {"type": "support", "player": "p2", "as": "sentinel", "hex": "E5"}, "HR-5.3.1")
    hr.apply(g, {"type": "support", "player": "p2", "as": "sentinel", "hex": "F3"})
    sentinel = g.s.units["p2:sentinel-1"]
    assert sentinel["dazed"] and sentinel["hp"] == 4 and g.a.label(sentinel["hex"]) == "F3"  # HR-5.3.2
    g.s.pending.clear()
    fx.gain_favour(g, "p1", 2)
    hr.illegal(g, {"type": "track", "player": "p1", "track": "t2"}, "HR-4.4.5")  # T complete
    hr.apply(g, {"type": "track", "player": "p1", "track": "t3"})
    assert f["track"] == "t3" and f["pos"] == 2


def test_dv3_colosseum_switching_loses_progress(hr):
    g = colosseum(hr)
    f = g.s.favour["p1"]
    f.update(track="t1", pos=3)
    fx.gain_favour(g, "p1", 1)
    hr.apply(g, {"type": "track", "player": "p1", "track": "t4"})
    assert f["track"] == "t4" and f["pos"] == 1  # T back to 0 (it restarts if resumed)
    fx.gain_favour(g, "p1", 1)
    hr.apply(g, {"type": "track", "player": "p1", "track": "t1"})
    assert f["pos"] == 1


def test_dv4_gold_lock(hr):
    g = colosseum(hr)
    f = g.s.favour["p1"]
    f["done"] = ["t1", "t2", "t3"]
    fx.gain_favour(g, "p1", 1)
    # One standard track left: it is the only choice, so no event is needed and gold stays locked.
    assert f["track"] == "t4" and not any(p["kind"] == "track" for p in g.s.pending)
    f.update(track="t3", pos=5, done=["t1", "t2"])
    g.s.pending.clear()
    fx.gain_favour(g, "p1", 1)
    hr.illegal(g, {"type": "track", "player": "p1", "track": "gold"}, "HR-4.4.6")


def test_dv5_skirmish_catch_up_tie(hr):
    """DV-5: HR-3.2.2, HR-4.1.3, HR-8.3.1, HR-15.5.3, AMB-43 (one of the player's own units in combat)."""
    g = hr.game()
    s = g.s
    hr.put(g, "p1:kunlun-warrior", "C4")
    hr.put(g, "p1:kunlun-mountain-radical", "G4")
    s.favour["p1"]["f"] = 2
    s.favour["p2"]["f"] = 5
    s.turn["phase"] = "start"
    from engine.games.hoplomachus import flow

    s.serial -= 1
    flow.start_turn(g)  # P1's Stone Check: both stones → +3 (HR-15.5.2)
    assert s.favour["p1"]["f"] == 5 and s.units["p1:feng"]["active"]  # reward 1
    assert s.pending == [{"kind": "catch_up", "player": "p1"}]  # 5–5 tie → the active player (HR-15.5.3)
    hr.apply(g, {"type": "catch_up", "player": "p1", "unit": "Warrior"})
    assert s.units["p1:kunlun-warrior"]["hp"] == 5  # +2 to a non-elite: gaining, above Health (3)
    hr.apply(g, {"type": "deploy", "unit": "Feng", "hex": "B7"})  # deployable in this turn's Deploy phase


def test_dv5_catch_up_must_come_first(hr):
    g = hr.game()
    hr.put(g, "p1:kunlun-warrior", "C4")
    g.s.favour["p2"]["f"] = 5
    fx.gain_favour(g, "p1", 5)
    msg = hr.illegal(g, {"type": "end_turn", "player": "p1"}, "HR-15.5.3")
    assert "catch-up" in msg


def test_dv8_hp_lost_favour_in_the_colosseum(hr):
    g = colosseum(hr)
    hr.put(g, "p1:kunlun-warrior", "E5")
    hr.put(g, "p2:plutos-refugees-marksman", "E6", hp=2)
    g.s.turn["phase"] = "engagement"
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": "p2:plutos-refugees-marksman",
                 "dice": ["black:hit", "blue:hit", "yellow:hit"]})  # fmt: skip
    assert g.s.units["p2:plutos-refugees-marksman"]["zone"] == "discard"
    hr.apply(g, {"type": "track", "player": "p1", "track": "t1"})
    assert g.s.favour["p1"]["pos"] == 2  # 2 HP lost → 2 favour, not 3 (HR-15.5.4, HR-14.7.1)


def test_dv10_central_hex(hr):
    """DV-10: HR-3.3.2, AMB-12 (the start of the unit's own troop's turn; from no unit, no favour), HR-15.6.2."""
    g = colosseum(hr)
    w = hr.put(g, "p1:kunlun-warrior", "F5")
    hr.put(g, "p2:plutos-refugees-marksman", "E1")
    g.s.turn["phase"] = "engagement"
    hr.apply(g, {"type": "end_turn", "player": "p1"})  # p2's turn: p1's unit is not hurt
    assert w["hp"] == 3
    hr.illegal(g, {"type": "end_turn", "player": "p2"}, "HR-15.6.3")  # the refill draw must be recorded
    hr.apply(g, {"type": "end_turn", "player": "p2", "draw": ["plutos-refugees-unit-05"]})  # p1's turn starts
    assert w["hp"] == 2 and g.s.favour["p2"]["pos"] == 0 and not g.s.pending  # from no unit: no favour


def test_colosseum_chained_hero_activates_when_damaged(hr):
    """HR-15.2.4, HR-3.3.4, HR-15.7.3, HR-15.7.4, AMB-19."""
    g = colosseum(hr)
    hero = g.s.units["p2:plutos-refugees-hero"]
    assert hero["zone"] == "arena" and not hero["active"] and hr.hex(g, hero["uid"]) == "F1"  # AMB-19
    hr.put(g, "p1:kunlun-warrior", "F2")
    g.s.turn["phase"] = "engagement"
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": hero["uid"],
                 "dice": ["black:hit", "blue:miss", "yellow:miss"]})  # fmt: skip
    assert hero["active"] and hero["dazed"] and hero["hp"] == 6  # HR-15.7.3 (b), HR-15.7.4


def test_hr_15_5_3_the_catch_up_taken_by_the_leader_cites_the_catch_up_rule(hr):
    """HR-15.5.3 («Poi, il giocatore con il minor favore della folla totale può aggiungere immediatamente +1 HP a
    un'unità elite a sua scelta o +2 HP a un'unità non elite a sua scelta»): the catch-up
    belongs to the player with less crowd favour; the leader logging it is refused under HR-15.5.3, not under
    HR-1.2.5 ("may" is optional), and the message names whose it is."""
    g = hr.game()
    hr.put(g, "p1:kunlun-warrior", "C4")
    hr.put(g, "p2:plutos-refugees-marksman", "C6")
    g.s.favour["p2"]["f"] = 1
    fx.gain_favour(g, "p1", 5)  # p1 reaches its first reward at 5; p2, with 1, may add the HP
    assert g.s.pending == [{"kind": "catch_up", "player": "p2"}]
    msg = hr.illegal(g, {"type": "catch_up", "player": "p1", "unit": "Warrior"}, "HR-15.5.3")
    assert "p2's to add, the player with less crowd favour" in msg and '"player": "p2"' in msg


def test_a_decision_event_with_no_decision_waiting_cites_the_rule_that_would_make_it_due(hr):
    g = hr.game()
    g.s.pending.clear()
    msg = hr.illegal(g, {"type": "catch_up", "player": "p1"}, "HR-15.5.3")
    assert "no decision is waiting" in msg
