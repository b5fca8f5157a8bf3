"""Assault and the rival turn: WE-6…WE-11 and DV-6, DV-7, DV-11 (spec section 19), and the waves."""

from __future__ import annotations

import pytest

from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.state import new_unit

W, PROT, ANTONY = "p1:kunlun-warrior", "p1:plutos-refugees-protector", "immortal:antony-blackbird"
BANDIT, HIPPO = "arena:bandit", "arena:hippopotamus"


def assault(hr, players=1):
    factions = ("kunlun", "plutos-refugees")[:players]
    heroes = {"p1": "rostam", "p2": "neutral-hero-2"}
    g = hr.game(
        mode="assault", factions=factions, neutral_heroes={k: heroes[k] for k in list(heroes)[:players]}
    )
    # The Assault example puts a Protector in the player's troop (CF-2): one more chip in the Kunlun camp.
    g.s.units[PROT] = new_unit(PROT, "plutos-refugees-protector", "p1", "camp")
    g.s.turn["wave_turn"] = 2  # combat in progress: not the first turn of the wave
    return g


@pytest.fixture
def we7(hr):
    """WE-7 Given: Kunlun in Pozzuoli; Antony Blackbird in combat; the Bandit in combat; the arena's Deploy step."""
    g = assault(hr)
    hr.rival(g, ANTONY, "E7")
    hr.rival(g, BANDIT, "A6")
    hr.put(g, W, "G4")  # on a stone hex
    hr.put(g, PROT, "A3")
    return hr.turn(g, "arena", "deploy")


def test_we7_arena_deployment(hr, we7):
    """WE-7: HR-9.2.1, HR-9.2.2, HR-9.2.3 (blue), HR-9.2.4, HR-13.3.2, HR-13.3.3, HR-13.4.3, HR-13.12.2, HR-9.1.2."""
    g = we7
    hr.illegal(
        g, {"type": "deploy", "player": "arena", "unit": "Hippopotamus", "hex": "C1"}, "HR-13.3.2"
    )  # red
    hr.apply(g, {"type": "deploy", "player": "arena", "unit": "Ippopotamo", "hex": "C7"})
    hippo = g.s.units[HIPPO]
    assert hippo["zone"] == "arena" and hippo["dazed"] and "hippopotamus" not in g.s.troops["arena"]["bag"]
    assert g.s.units[ANTONY]["zone"] == "arena" and not g.s.units[ANTONY]["moved"]  # Antony does not act
    hr.turn(g, "arena", "deploy")  # a later arena turn, two arena units in combat: the solo limit (HR-13.4.3)
    hr.illegal(g, {"type": "deploy", "player": "arena", "unit": "arena-unit-3", "hex": "D7"}, "HR-13.12.2")


def test_we7_a_deployment_is_owed(hr, we7):
    hr.illegal(we7, {"type": "move", "player": "arena", "unit": "Bandit", "path": ["A5"]}, "HR-13.12.2")


@pytest.fixture
def we8(hr, we7):
    hr.apply(we7, {"type": "deploy", "player": "arena", "unit": "Hippopotamus", "hex": "C7"})
    return we7


def test_we6_priority_list_order(hr, we8):
    """WE-6: stone > hero > strongest, each among the opponents the rival can reach. HR-9.3.6, HR-9.6.5 (nothing
    is remembered: the mark follows the position), HR-9.3.1, HR-9.3.2, HR-9.3.3, HR-9.3.4, HR-9.4.3, AMB-7 (closest by hex distance), AMB-34."""
    g = we8
    bandit = g.s.units[BANDIT]
    assert rv.priority(g, bandit) == ("on_stone", "hero", "strongest")  # HR-13.9.1
    assert rv.movement_plan(g, bandit) == (
        "2a",
        {g.a.parse("A4", path="t"): 2},
    )  # only the Protector is reachable
    hr.put(g, "p1:feng", "B4", hp=2)  # a hero the Bandit can reach → it becomes the mark, however weak
    step, dests = rv.movement_plan(g, bandit)
    assert sorted(g.a.label(h) for h in dests) == ["A5", "B5"] and set(dests.values()) == {1}
    g.s.place(g.s.units[W], g.a.parse("C4", path="t"))  # the Warrior on the other stone, now reachable
    step, dests = rv.movement_plan(g, bandit)
    assert all(g.a.distance(h, g.s.units[W]["hex"]) == 1 for h in dests)


def test_we8_bandit_moves_toward_its_mark(hr, we8):
    """WE-8: HR-9.4.1, HR-9.4.2, HR-9.4.4, HR-9.4.6, AMB-6, AMB-41, HR-9.1.3 (the players' choice, checked)."""
    g = we8
    hr.illegal(g, {"type": "move", "player": "arena", "unit": "Hippopotamus", "path": ["C6"]}, "HR-7.2.2")
    hr.illegal(
        g, {"type": "move", "player": "arena", "unit": "Bandit", "path": ["A5"]}, "HR-9.4.4"
    )  # out of Range
    msg = hr.illegal(
        g, {"type": "ability", "player": "arena", "unit": "Bandit", "ability": "Regen 1"}, "HR-9.4.6"
    )
    assert "must still move" in msg  # HR-9.4.6: the phase cannot end while the Bandit owes its move
    hr.apply(g, {"type": "move", "player": "arena", "unit": "Bandit", "path": ["A5", "A4"]})
    assert hr.hex(g, BANDIT) == "A4"


def test_we8_a_stone_opponent_it_cannot_reach_is_skipped(hr, we8):
    g = we8
    bandit = g.s.units[BANDIT]
    reach = rv.q.reachable(g, bandit, 2)
    assert not any(g.a.distance(h, g.s.units[W]["hex"]) <= 1 for h in reach)  # priority 1 unreachable


@pytest.fixture
def we9(hr, we8):
    hr.apply(we8, {"type": "move", "player": "arena", "unit": "Bandit", "path": ["A5", "A4"]})
    we8.s.units[BANDIT]["hp"] = 3
    return we8


def test_we9_rival_regen(hr, we9):
    g = we9
    hr.illegal(
        g,
        {"type": "attack", "player": "arena", "unit": "Bandit", "target": PROT, "dice": ["black:hit"]},
        "HR-9.5.1",
    )  # fmt: skip — Regen's conditions are met, so it must be used (AMB-10)
    hr.apply(g, {"type": "ability", "player": "arena", "unit": "Bandit", "ability": "Regen 1"})
    assert g.s.units[BANDIT]["hp"] == 4  # healed 1, capped at Health 5 (HR-7.6)


def test_we10_rival_engagement(hr, we9):
    """WE-10: HR-9.6.1, HR-9.6.2, HR-9.6.4, HR-13.12.1, HR-13.8.1, HR-13.8.4."""
    g = we9
    hr.apply(g, {"type": "ability", "player": "arena", "unit": "Bandit", "ability": "Regen 1"})
    hp = g.s.units[PROT]["hp"]
    hr.illegal(g, {"type": "attack", "player": "arena", "unit": "Hippopotamus", "target": PROT}, "HR-7.2.2")
    hr.illegal(g, {"type": "end_turn", "player": "arena"}, "HR-9.6.1")  # the Bandit must attack
    hr.apply(
        g, {"type": "attack", "player": "arena", "unit": "Bandit", "target": PROT, "dice": ["black:hit"]}
    )
    assert g.s.units[PROT]["hp"] == hp - 1
    hr.apply(g, {"type": "end_turn", "player": "arena"})
    assert g.s.turn["player"] == "immortal" and g.s.turn["round"] == 2


@pytest.fixture
def we11(hr):
    """WE-11 Given: Antony deployed earlier; the Warrior (Retaliate) on a stone in his Range; Bandit and a full
    Hippopotamus are his allies."""
    g = assault(hr)
    hr.rival(g, ANTONY, "G5")
    hr.rival(g, BANDIT, "A6", hp=4)
    hr.rival(g, HIPPO, "C7")
    hr.put(g, W, "G4")
    return hr.turn(g, "immortal", "movement")


def test_we11_immortal_turn(hr, we11):
    """WE-11: HR-7.5.3 (ignored damage still counts as dealt), HR-1.2.6 (the players choose the hex), HR-13.10.1, HR-13.10.3, HR-13.10.4, HR-13.6.1, HR-13.5.1, HR-9.6.3, HR-13.8.2, CF-8 (Dig In)."""
    g = we11
    antony = g.s.units[ANTONY]
    hr.illegal(
        g, {"type": "deploy", "player": "immortal", "hex": "D7"}, "HR-8.1.4"
    )  # not a wave's first turn
    hr.illegal(
        g, {"type": "move", "player": "immortal", "unit": ANTONY, "path": ["F5"]}, "HR-9.4.4"
    )  # mark in Range
    assert rv.q.attack_pool(g, antony) == ["green", "blue", "black", "yellow"]  # Dig In: he did not move
    hr.illegal(g, {"type": "end_turn", "player": "immortal"}, "HR-9.6.1")
    hp0 = antony["hp"]
    hr.apply(g, {"type": "attack", "player": "immortal", "unit": ANTONY, "target": W,
                 "dice": ["green:hit", "blue:hit", "black:miss", "yellow:miss"]})  # fmt: skip
    assert g.s.units[W]["hp"] == 1  # 2 damage, survives
    assert antony["hp"] == hp0 and g.s.favour["p1"]["f"] == 1  # Retaliate: ignored, but 1 favour (HR-13.5.1)
    assert g.s.pending[0]["kind"] == "displace"  # green hit: the players displace the Warrior
    hr.illegal(g, {"type": "displace", "player": "p1", "hex": "G2"}, "HR-3.4.2")  # not adjacent
    hr.apply(g, {"type": "displace", "player": "p1", "hex": "F3"})
    assert hr.hex(g, W) == "F3" and not g.s.units[W]["moved"]
    assert g.s.units[BANDIT]["hp"] == 5 and g.s.units[HIPPO]["hp"] == 7  # blue hit: allies +1, above Health
    hr.apply(g, {"type": "end_turn", "player": "immortal"})
    assert g.s.turn["player"] == "p1"


def test_we11_immortal_always_rolls(hr, we11):
    """HR-13.10.3, AMB-11 (rolled even without an attack), HR-13.10.4."""
    g = we11
    g.s.place(g.s.units[W], g.a.parse("A1", path="t"))  # out of Range and far away: no attack
    hr.turn(g, "immortal", "engagement")
    hr.illegal(g, {"type": "end_turn", "player": "immortal"}, "HR-13.10.3")
    hr.apply(
        g,
        {
            "type": "roll",
            "player": "immortal",
            "dice": ["green:miss", "blue:hit", "black:miss", "yellow:hit"],
        },
    )
    assert g.s.units[BANDIT]["hp"] == 5  # the triggers still resolve (HR-13.10.4)


def test_dv6_stones_and_arena_defeats_wear_the_immortal(hr):
    """DV-6: HR-13.6.2, HR-13.6.3, AMB-23, AMB-26, HR-13.13.3, HR-13.8.3."""
    g = assault(hr)
    antony = hr.rival(g, ANTONY, "E7")
    hr.put(g, W, "C4")
    hr.put(g, "p1:kunlun-marksman", "G4")
    hp0 = antony["hp"]
    hr.turn(g, "immortal", "engagement", rolled=True)  # Antony has rolled and has no one in Range
    hr.apply(g, {"type": "end_turn", "player": "immortal"})  # p1's Stone Check: two stones
    assert antony["hp"] == hp0 - 2 and g.s.favour["p1"]["f"] == 0  # −2 HP, no favour
    bandit = hr.rival(g, BANDIT, "C5", hp=1)
    hr.phase(g, "engagement")
    hr.apply(
        g, {"type": "attack", "unit": W, "target": BANDIT, "dice": ["black:hit", "blue:miss", "yellow:miss"]}
    )
    assert bandit["zone"] == "bag" and "bandit" in g.s.troops["arena"]["bag"]  # HR-13.13.3
    assert antony["hp"] == hp0 - 3  # HR-13.6.2


def test_dv7_zero_hits_on_an_immortal(hr):
    g = assault(hr)
    antony = hr.rival(g, ANTONY, "G5")
    hr.put(g, W, "G4")
    hr.turn(g, "p1", "engagement")
    hr.apply(
        g, {"type": "attack", "unit": W, "target": ANTONY, "dice": ["black:miss", "blue:miss", "yellow:miss"]}
    )
    assert g.s.favour["p1"]["f"] == 0
    g2 = assault(hr)
    hr.rival(g2, ANTONY, "G5")
    hr.put(g2, W, "G4")
    hr.turn(g2, "p1", "engagement")
    hr.apply(
        g2, {"type": "attack", "unit": W, "target": ANTONY, "dice": ["black:hit", "blue:hit", "yellow:miss"]}
    )
    assert g2.s.favour["p1"]["f"] == 2 and g2.s.units[ANTONY]["hp"] == antony["hp"]  # ignored, but favour


def test_dv11_unit_limits(hr):
    """DV-11: HR-13.4.2, HR-13.3.1 (co-op players share the red hexes)."""
    g = assault(hr)
    for uid, h in ((W, "C5"), ("p1:kunlun-marksman", "D5"), ("p1:kunlun-mountain-radical", "E5")):
        hr.put(g, uid, h)
    hr.turn(g, "p1", "deploy")
    hr.illegal(g, {"type": "deploy", "unit": "kunlun-unit-04", "hex": "C1"}, "HR-13.4.2")
    coop = assault(hr, players=2)
    for uid, h in ((W, "C5"), ("p1:kunlun-marksman", "D5"), ("p2:plutos-refugees-marksman", "E5"),
                   ("p2:plutos-refugees-unit-03", "F5")):  # fmt: skip
        hr.put(coop, uid, h)
    for p, unit in (("p1", "kunlun-unit-04"), ("p2", "plutos-refugees-unit-04")):
        hr.turn(coop, p, "deploy")
        hr.illegal(coop, {"type": "deploy", "player": p, "unit": unit, "hex": "C1"}, "HR-13.4.2")


def test_wave_ends_when_the_immortal_falls(hr):
    """HR-13.11.2 and the steps after it: trophy, cleanup, favour reset, and a new round that starts with a new immortal. HR-13.6.4, HR-13.11.1, HR-13.11.2, HR-13.11.3, HR-13.11.4, HR-13.11.5, HR-13.11.6, HR-13.11.7, HR-13.13.4, AMB-24."""
    g = assault(hr)
    antony = hr.rival(g, ANTONY, "E7", hp=1)
    hr.put(g, W, "C4")
    hr.put(g, "p1:feng", "D3", hp=5)
    g.s.favour["p1"]["f"] = 3
    hr.turn(g, "immortal", "engagement", rolled=True)
    hr.apply(g, {"type": "end_turn", "player": "immortal"})  # p1's Stone Check takes Antony's last HP
    assert antony["zone"] == "trophy"
    assert g.s.units[W]["zone"] == "camp" and g.s.units["p1:feng"]["zone"] == "camp"
    assert not g.s.units["p1:feng"]["active"] and g.s.favour["p1"]["f"] == 0  # HR-13.11.4, HR-13.11.6
    t = g.s.turn
    assert (t["player"], t["wave"], t["wave_turn"], t["phase"]) == ("immortal", 2, 1, "deploy")
    msg = hr.illegal(
        g, {"type": "end_turn", "player": "immortal"}, "HR-13.10.2"
    )  # the new immortal deploys first
    assert "must be deployed" in msg
    hr.apply(g, {"type": "deploy", "player": "immortal", "unit": "immortal-3", "hex": "D7"})
    assert g.s.units["immortal:immortal-3"]["dazed"]
    hr.illegal(
        g, {"type": "deploy", "player": "immortal", "unit": "antony-blackbird", "hex": "D7"}, "HR-8.4.2"
    )


def test_primary_hero_defeat_loses(hr):
    """HR-13.13.1, HR-13.1.2, HR-11.1.1."""
    g = assault(hr)
    hr.rival(g, ANTONY, "G5")
    hr.put(g, "p1:feng", "G4", hp=1)
    hr.turn(g, "immortal", "engagement")
    hr.apply(g, {"type": "attack", "player": "immortal", "unit": ANTONY, "target": "p1:feng",
                 "dice": ["green:hit", "blue:miss", "black:miss", "yellow:miss"]})  # fmt: skip
    assert g.s.over["ended_by"] == "hero_defeated" and g.s.over["rule"] == "HR-13.13.1"
    assert g.result()["against_game"] == {"outcome": "loss", "score": 0}


def test_coop_players_choose_their_order_each_round(hr):
    """HR-13.8.5."""
    g = assault(hr, players=2)
    hr.rival(g, ANTONY, "E7")
    hr.put(g, W, "C3")
    hr.put(g, "p2:plutos-refugees-marksman", "G3")
    hr.turn(g, "immortal", "engagement")
    hr.apply(
        g,
        {
            "type": "roll",
            "player": "immortal",
            "dice": ["green:miss", "blue:miss", "black:miss", "yellow:miss"],
        },
    )
    hr.apply(g, {"type": "end_turn", "player": "immortal"})
    hr.illegal(g, {"type": "deploy", "player": "p1", "unit": "kunlun-unit-04", "hex": "C1"}, "HR-13.8.5")
    hr.apply(g, {"type": "begin_turn", "player": "p2"})
    assert g.s.turn["player"] == "p2" and g.s.turn["order"] == ["immortal", "p2", "p1", "arena"]


def options_game(hr, **options):
    from engine.games.hoplomachus import RULESET

    doc = hr.header(mode="assault", factions=("kunlun",), neutral_heroes={"p1": "rostam"})
    doc["options"] = options
    g = RULESET.start(doc)
    g.s.units[PROT] = new_unit(PROT, "plutos-refugees-protector", "p1", "camp")
    return g


def test_amb_11_dazed_immortal_option(hr):
    """AMB-11 (config): by default the freshly deployed immortal rolls and resolves its triggers although dazed;
    with dazed_immortal_rolls = false it does not roll."""
    g = assault(hr)
    g.s.turn["wave_turn"] = 1
    hr.turn(g, "immortal", "deploy")
    hr.apply(g, {"type": "deploy", "player": "immortal", "unit": "antony-blackbird", "hex": "D7"})
    hr.illegal(g, {"type": "end_turn", "player": "immortal"}, "HR-13.10.3")
    hr.apply(
        g,
        {
            "type": "roll",
            "player": "immortal",
            "dice": ["green:miss", "blue:miss", "black:miss", "yellow:miss"],
        },
    )
    g2 = options_game(hr, dazed_immortal_rolls=False)
    hr.apply(g2, {"type": "deploy", "player": "immortal", "unit": "antony-blackbird", "hex": "D7"})
    hr.illegal(g2, {"type": "roll", "player": "immortal", "dice": []}, "AMB-11")
    hr.apply(g2, {"type": "end_turn", "player": "immortal"})


def test_amb_7_closest_by_steps_option(hr):
    """AMB-7 (config): "closest" by hex distance (default) or by the fewest steps to bring it within Range."""
    picks = {}
    for option in ("hex_distance", "steps"):
        g = options_game(hr, rival_closest=option)
        bandit = hr.rival(g, BANDIT, "E4")
        near = hr.put(g, PROT, "E2")  # 2 hexes away as the crow flies
        far = hr.put(g, W, "H4")  # 3 hexes away
        # Suppose walls make the near one slower to reach: 3 steps to stand next to it, 2 for the far one.
        reach = {g.a.parse("E3", path="t"): 3, g.a.parse("G4", path="t"): 2}
        picks[option] = [u["uid"] for u in rv.closest(g, bandit, [near, far], reach)]
    assert picks == {"hex_distance": [PROT], "steps": [W]}
    import engine

    doc = hr.header(mode="assault", factions=("kunlun",), neutral_heroes={"p1": "rostam"})
    doc["options"] = {"dazed_immortal_rolls": 1}
    assert engine.verify(doc).error.rule == "LOG-2.3"  # booleans only


def test_amb_41_recheck_option(hr):
    """AMB-41 (config), HR-9.4.6: by default every unit that has not moved is checked again when the rival
    Movement phase ends; with rival_recheck = "blocked" only units owed a move, or blocked, at its start."""
    for option, owed in (("all", True), ("blocked", False)):
        g = options_game(hr, rival_recheck=option)
        g.s.turn["wave_turn"] = 2
        hr.rival(g, BANDIT, "A6")
        hr.put(g, PROT, "A3")
        hr.turn(g, "arena", "movement", owed_moves=(), stuck=())  # as if the Bandit had been content to stay
        assert (rv.movement_duty(g) is not None) == owed
        if option == "blocked":
            rv.movement_snapshot(g)
            assert g.s.turn["owed_moves"] == (BANDIT,) and rv.movement_duty(g) is not None


def test_a_move_the_lenient_recheck_does_not_owe_is_offered_beside_ending_the_phase(hr):
    """AMB-41 (config), HR-9.4.6: with rival_recheck = "blocked" a unit content to stay when the rival Movement
    phase began is not owed a move when it ends, so ``apply`` accepts the end of the turn as well as the
    unit's move, and ``legal_events`` offers both (it used to offer only the move). By default the move is
    owed: only the moves are offered, and ending the turn is refused."""
    end = {"type": "end_turn", "player": "arena"}
    for option in ("all", "blocked"):
        g = options_game(hr, rival_recheck=option)
        g.s.turn["wave_turn"] = 2
        hr.rival(g, BANDIT, "A6")
        hr.put(g, PROT, "A3")
        hr.turn(g, "arena", "movement", owed_moves=(), stuck=())  # as if the Bandit had been content to stay
        offered = g.legal_events()
        moves = [ev for ev in offered if ev["type"] == "move"]
        assert moves and all(ev["unit"] == BANDIT for ev in moves)
        assert offered == (moves if option == "all" else [*moves, end]), option
        for ev in offered:
            hr.legal(g.copy(), ev)
        if option == "all":
            hr.illegal(g, end, "HR-9.4.6")


def test_a_rival_with_no_movement_stays_put_in_its_fallback_move(hr):
    """HR-9.4.5, AMB-8, HR-8.6.6: a rival unit whose priorities are all out of reach falls back on its full
    Movement; at an effective Movement of 0 (Hamstring's -1 on the Hippopotamus's Movement 1) that gets it no
    closer to anything, so it stays put: no move is owed (HR-9.4.6), none is offered or accepted, and the
    arena turn goes on. (It used to be owed a zero-step move that no log can write: the game could not go on.)"""
    g = assault(hr)
    hippo = hr.rival(g, HIPPO, "A6")
    hr.put(g, W, "G4")  # far out of the Hippopotamus's reach
    hr.turn(g, "arena", "movement")
    step, dests = rv.movement_plan(g, hippo)
    assert step == "2b" and dests and all(n == 1 for n in dests.values())  # Movement 1: one step closer
    hippo["tactics"].append({"id": "hamstring", "by": "p1", "left": None, "this_turn": False})
    assert rv.q.movement(g, hippo) == 0
    assert rv.movement_plan(g, hippo) == ("2b", {})  # step 2b with nowhere closer: it stays put
    assert not rv.must_move(g, hippo) and rv.movement_duty(g) is None
    offered = g.legal_events()
    assert offered and not any(ev["type"] == "move" for ev in offered)
    # The refusal names step 2b's rule (it cannot get closer), not 2a's (a mark within Range).
    hr.illegal(g, {"type": "move", "player": "arena", "unit": "Hippopotamus", "path": ["A5"]}, "HR-9.4.5")
    for ev in offered:  # whatever else the arena turn offers is accepted
        hr.legal(g.copy(), ev)
    assert {"type": "end_turn", "player": "arena"} in offered
