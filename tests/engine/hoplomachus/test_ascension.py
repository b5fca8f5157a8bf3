"""Ascension: WE-12 (Mars's turn), WE-13 (tiers), the titan's rules, shards and the co-op allocation."""

from __future__ import annotations

import copy

import pytest

from engine.core.content import builtin_pack
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus.content import CONTENT_DIR

MARS, FENG, MK = "titan:mars", "p1:feng", "p1:kunlun-marksman"


def ascension(hr, players=1, **kw):
    factions = ("kunlun", "plutos-refugees")[:players]
    return hr.game(mode="ascension", arena="colosseum", factions=factions, **kw)


def test_hr_14_2_setup(hr):
    """HR-14.2.1, HR-14.2.2, HR-14.2.3, HR-14.2.4, HR-14.2.5, HR-14.2.6, HR-14.6.1, HR-14.6.2, HR-14.8.3:
    red side, a random neutral hero on gold, Mars chosen, a shard on each pedestal, six units and one tactic,
    the hero inactive; the titan turn comes first and deploys Mars on the central hex."""
    g = ascension(hr)
    s = g.s
    assert s.troops["p1"]["side"] == "red" and s.troops["titan"]["side"] == "blue"
    assert s.units["p1:rostam"]["zone"] == "track"
    assert sorted(g.a.label(h) for h in s.shards) == ["B5", "F3", "F7", "J5"]
    assert len(q.units_in_camp(g, "p1", heroes=False)) == 6 and s.troops["p1"]["tactics_camp"] == ["blitz"]
    assert not s.units[FENG]["active"]
    assert (s.turn["player"], s.turn["phase"]) == ("titan", "deploy")
    hr.illegal(g, {"type": "end_turn", "player": "titan"}, "HR-14.8.3")
    hr.illegal(g, {"type": "deploy", "player": "titan", "hex": "D4"}, "HR-14.8.3")
    hr.apply(g, {"type": "deploy", "player": "titan", "hex": "F5"})
    mars = s.units[MARS]
    assert mars["dazed"] and mars["hp"] == 20
    hr.illegal(g, {"type": "titan_roll", "player": "titan", "dice": []}, "HR-14.8.4")  # dazed: no activity
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    assert s.turn["player"] == "p1" and s.troops["titan"]["dice"] == [
        "green",
        "yellow",
        "blue",
        "black",
        "yellow",
    ]


def test_hr_14_3_deployment_hexes(hr):
    """HR-14.3.1, HR-14.3.2, HR-14.3.3, HR-14.4.2: the two red outer hexes, inner and central hexes; no limit."""
    g = ascension(hr)
    hr.turn(g, "p1", "deploy")
    labels = sorted(g.a.label(h) for h in q.deploy_hexes(g, "p1", g.s.units["p1:kunlun-unit-04"]))
    assert labels == ["B2", "D4", "D6", "F5", "H4", "H6", "J2"]


@pytest.fixture
def we12(hr):
    """WE-12 Given: Mars deployed; Feng (Retaliate, Range 1) active in combat; the Marksman (2 HP) weakest;
    Mars has six titan dice now."""
    g = ascension(hr)
    s = g.s
    hr.rival(g, MARS, "B3")
    s.units[MARS]["dazed"] = False
    hr.put(g, FENG, "B6")
    hr.put(g, MK, "A5", hp=2)
    s.troops["titan"]["dice"] = ["green", "yellow", "yellow", "blue", "black", "red"]
    return hr.turn(g, "titan", "engagement")


def test_we12_titan_turn(hr, we12):
    """WE-12: HR-14.8.1, HR-14.8.2, HR-14.8.4, HR-14.8.5, HR-9.4.4, HR-9.6.2, AMB-32, HR-2.11.1, CF-6."""
    g = we12
    hr.illegal(g, {"type": "attack", "player": "titan", "unit": MARS, "target": MK}, "HR-14.8.2")
    hr.apply(g, {"type": "titan_roll", "player": "titan", "arena_dice": [4, 5],
                 "dice": ["green:hit", "yellow:miss", "yellow:miss", "blue:hit", "black:hit", "red:hit"]})  # fmt: skip
    assert [p["kind"] for p in g.s.pending] == ["advance", "smite", "toss"] and g.s.turn["arena_turn"]
    assert g.s.pending[0]["value"] == 2 and g.s.pending[1]["value"] == 2  # arena die 4 → 2 hexes, 5 → 2 hexes
    hr.illegal(g, {"type": "advance", "path": []}, "HR-14.8.5")  # the Marksman is reachable: it must advance
    hr.illegal(g, {"type": "advance", "path": ["B4", "C4"]}, "HR-14.8.5")  # no more than needed
    hr.apply(g, {"type": "advance", "path": ["B4"]})  # 1 hex brings the weakest reachable opponent in Range
    hr.illegal(g, {"type": "smite", "target": MK, "dice": ["black:hit", "black:hit", "red:hit"]}, "HR-9.6.2")
    hr.apply(g, {"type": "smite", "target": FENG, "dice": ["black:hit", "black:hit", "red:hit"]})
    assert (
        g.s.units[FENG]["hp"] == 7 - 3 and g.s.units[MARS]["hp"] == 20
    )  # Feng's Retaliate: Mars out of Range
    hr.illegal(g, {"type": "toss", "target": FENG, "hex": "E6"}, "HR-9.6.2")  # Feng is not adjacent
    far = [g.a.label(h) for h in range(g.a.size) if g.a.distance(g.s.units[MARS]["hex"], h) == 3
           and not q.blocked(g, g.s.units[MK], h)]  # fmt: skip
    hr.illegal(g, {"type": "toss", "target": MK, "hex": "A3"}, "HR-3.4.2")  # 2 hexes away, not exactly 3
    hr.apply(g, {"type": "toss", "target": MK, "hex": far[0]})
    mk = g.s.units[MK]
    assert mk["hp"] == 1 and g.a.distance(mk["hex"], g.s.units[MARS]["hex"]) == 3
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    hr.apply(g, {"type": "end_turn", "player": "p1"})
    assert g.s.turn["player"] == "arena"  # the red hit: an arena turn this round (HR-14.6.4)
    hr.apply(g, {"type": "end_turn", "player": "arena"})
    assert g.s.turn["player"] == "titan" and not g.s.turn["arena_turn"]


def test_we12_arena_dice_must_be_recorded(hr, we12):
    hr.illegal(we12, {"type": "titan_roll", "player": "titan", "arena_dice": [4],
                      "dice": ["green:hit", "yellow:miss", "yellow:miss", "blue:hit", "black:hit", "red:hit"]},
               "HR-2.11.1")  # fmt: skip
    hr.illegal(we12, {"type": "titan_roll", "player": "titan", "arena_dice": [4, 7],
                      "dice": ["green:hit", "yellow:miss", "yellow:miss", "blue:hit", "black:miss", "red:miss"]},
               "HR-2.11.1")  # fmt: skip


def test_we13_only_the_highest_tier(hr):
    """WE-13, HR-14.8.4: with tiers for 1 and 2 hits and 2 hits rolled, only the 2-hit effect happens."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    mars = next(u for u in pack["units"] if u["id"] == "mars")
    mars["titan"]["effects"][1] = {"colour": "yellow", "tiers": {
        "1": {"effect": "toss", "damage": 1, "distance": 3}, "2": {"effect": "arena_turn"}}}  # fmt: skip
    g = ascension(hr, pack=pack)
    hr.rival(g, MARS, "B3")
    g.s.units[MARS]["dazed"] = False
    hr.put(g, MK, "B4")
    g.s.troops["titan"]["dice"] = ["yellow", "yellow"]
    hr.turn(g, "titan", "engagement")
    g1 = g.copy()
    hr.apply(g, {"type": "titan_roll", "player": "titan", "dice": ["yellow:hit", "yellow:hit"]})
    assert g.s.turn["arena_turn"] and g.s.pending == []
    hr.apply(g1, {"type": "titan_roll", "player": "titan", "dice": ["yellow:hit", "yellow:miss"]})
    assert not g1.s.turn.get("arena_turn") and [p["kind"] for p in g1.s.pending] == ["toss"]


def test_dv8_hp_lost_favour_in_ascension(hr):
    """DV-8, HR-14.7.1: 3 hits on an opponent with 2 HP → 2 favour and the opponent defeated (the titan here)."""
    g = ascension(hr)
    hr.rival(g, MARS, "F5", hp=2)
    hr.put(g, "p1:kunlun-warrior", "F4")
    g.s.favour["players"]["done"] = ["t1", "t2", "t3"]  # one track left: no choice to log
    hr.turn(g, "p1", "engagement")
    hr.apply(g, {"type": "attack", "unit": "p1:kunlun-warrior", "target": MARS,
                 "dice": ["black:hit", "blue:hit", "yellow:hit"]})  # fmt: skip
    assert g.s.favour["players"]["pos"] == 2
    assert g.s.over == {"winner": "players", "ended_by": "titan_defeated", "rule": "HR-14.1.2", "round": 1}
    assert g.result()["against_game"] == {"outcome": "win", "score": None}


def test_dv10_the_titan_takes_no_central_damage(hr):
    """DV-10, HR-14.3.3: the titan on the central hex takes no damage at any turn start; a player unit does."""
    g = ascension(hr)
    mars = hr.rival(g, MARS, "F5")
    hr.turn(g, "titan", "engagement", rolled=True)
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    assert mars["hp"] == 20


def test_hr_14_7_2_every_track_gives_its_chip(hr):
    """HR-14.7.2, HR-4.5.2: the player gains the chip above each standard track, whatever the reward."""
    g = ascension(hr)
    g.s.favour["players"].update(track="t2", pos=4)
    fx.gain_favour(g, "p1", 1)
    hr.apply(g, {"type": "track", "player": "p1", "track": "t2"})
    assert [p["kind"] for p in g.s.pending] == ["support"]  # add 3 HP had no unit to take it
    hr.illegal(
        g, {"type": "support", "player": "p1", "as": "sentinel", "hex": "F3"}, "HR-5.3.1"
    )  # AMB-28: a shard
    hr.apply(g, {"type": "support", "player": "p1", "as": "foothold", "hex": "E8"})


def test_hr_14_7_coop_allocation(hr):
    """HR-14.7.3, HR-14.7.5, HR-14.7.7, AMB-15, AMB-27, HR-14.2.5, HR-14.3.1: one shared track; B's hero on the
    gold space; B takes 3 HP and the gold hero; A the hero activation and the foothold action; B controls every
    sentinel; both use red chips; B deploys on the blue outer hexes."""
    g = ascension(hr, players=2)
    s = g.s
    assert set(s.favour) == {"players"} and s.units["p2:plutos-refugees-hero"]["zone"] == "track"
    assert s.troops["p1"]["tactics_camp"] == [] and s.troops["p2"]["tactics_camp"] == ["stun"]
    assert q.colour_of(g, "p2") == "red"
    labels = {g.a.label(h) for h in q.deploy_hexes(g, "p2", s.units["p2:plutos-refugees-unit-04"])}
    assert {"B8", "J8"} <= labels and "B2" not in labels
    hr.put(g, "p2:plutos-refugees-unit-04", "D6")
    fx.ascension_reward(g, "p1", "t2", "add_3_hp")
    assert s.pending[0] == {"kind": "add_hp", "player": "p2", "amount": 3}
    s.pending.clear()
    fx.ascension_reward(g, "p1", "t4", "foothold_action")
    assert s.troops["p1"]["foothold_action"] and not s.troops["p2"]["foothold_action"]
    s.pending[:] = [{"kind": "support", "player": "p1"}]
    s.shards.clear()
    hr.apply(g, {"type": "support", "player": "p1", "as": "sentinel", "hex": "F7"})
    assert s.units["p2:sentinel-1"]["owner"] == "p2"
    fx.ascension_reward(g, "p1", "gold", "gold_hero")
    assert (
        s.units["p2:plutos-refugees-hero"]["zone"] == "camp" and s.units["p2:plutos-refugees-hero"]["active"]
    )


def test_amb_27_only_player_a_hero_loses(hr):
    """AMB-27, HR-14.1.2: in co-op only player A's primary hero's defeat loses the game."""
    g = ascension(hr, players=2)
    hr.rival(g, MARS, "F5")
    hero_b = g.s.units["p2:plutos-refugees-hero"]
    g.s.lift(hero_b, "discard")  # as a defeat puts it there (State.lift marks the end check due)
    g.settle()
    assert g.s.over is None
    g.s.lift(g.s.units[FENG], "discard")
    g.settle()
    assert g.s.over["ended_by"] == "hero_defeated" and g.s.over["winner"] == "rivals"


def test_hr_14_11_1_forfeit(hr):
    """HR-14.11.1: no units in combat and none deployable → the players forfeit."""
    g = ascension(hr)
    for u in g.s.units.values():
        if u["owner"] == "p1" and u["zone"] == "camp":
            u["zone"] = "discard"
    hr.turn(g, "p1", "deploy", deploy_checked=False)
    g.settle()
    assert g.s.over["rule"] == "HR-14.11.1"


def test_hr_14_6_5_coop_turns_and_shared_footholds(hr):
    """HR-14.6.5, HR-14.5.4, HR-14.7.6, HR-14.7.4, HR-14.6.3: co-op players choose their order each round, are
    allies, share footholds; the player whose damage completes a track places its chip; no Stone Check."""
    g = ascension(hr, players=2)
    s = g.s
    hr.apply(g, {"type": "deploy", "player": "titan", "hex": "F5"})
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    assert s.pending == [{"kind": "begin_turn", "player": "p1"}]
    hr.apply(g, {"type": "begin_turn", "player": "p2"})
    assert s.turn["player"] == "p2" and s.turn["phase"] == "deploy"
    a = hr.put(g, "p1:kunlun-unit-04", "E6")
    b = hr.put(g, "p2:plutos-refugees-unit-04", "E7")
    assert q.allied(g, a, b)
    s.footholds[g.a.parse("D6", path="t")] = "p1"
    assert not q.blocked(g, b, g.a.parse("D6", path="t"))
    s.favour["players"].update(track="t1", pos=4)
    s.units[MARS]["dazed"] = False
    hr.put(g, "p2:plutos-refugees-unit-05", "F6")
    hr.turn(g, "p2", "engagement")
    hr.apply(g, {"type": "attack", "player": "p2", "unit": "p2:plutos-refugees-unit-05", "target": MARS,
                 "dice": ["black:hit", "blue:miss"]})  # fmt: skip
    hr.apply(g, {"type": "track", "player": "p1", "track": "t1"})  # chosen jointly: either player may say
    assert s.pending == [{"kind": "support", "player": "p2"}]
