"""Ascension beyond Mars: titan allies (HR-14.9, HR-14.5), the titan card's limits (HR-14.4.1), shards
(HR-14.10) and the compass (HR-2.11.2). The starter pack's placeholder titans carry the provisional card data:
titan-2 deploys arena Bandits, titan-3 a titan-troop guard it prompts and moves by the compass, titan-4 has
shards with blue HP."""

from __future__ import annotations

import copy

import pytest

from engine.core.content import builtin_pack
from engine.core.errors import UnreadableLog
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus.content import CONTENT_DIR

FENG, MK = "p1:feng", "p1:kunlun-marksman"
UNIT4, UNIT5 = "p1:kunlun-unit-04", "p1:kunlun-unit-05"


def ascension(hr, titan: str, pack=None):
    g = hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan=titan, pack=pack)
    t = g.s.units[f"titan:{titan}"]
    hr.rival(g, t["uid"], "F5")
    return hr.turn(g, "titan", "engagement")


def roll(hr, g, dice: list[str], arena_dice: list[int] | None = None):
    ev = {"type": "titan_roll", "player": "titan", "dice": dice}
    if arena_dice is not None:
        ev["arena_dice"] = arena_dice
    return hr.apply(g, ev)


def test_hr_14_9_arena_allies(hr):
    """HR-14.8.6, HR-14.9.1, HR-14.9.2, HR-14.9.3, HR-14.5.1, HR-14.5.2, HR-14.5.3: titan-2's black hit deploys a
    Bandit, an arena unit of its own troop, allied to the titan and not elite, on a free hex the card names,
    dazed this turn; it is no longer dazed in the arena turn that follows and acts there."""
    g = ascension(hr, "titan-2")
    s = g.s
    bandit = s.units["arena:bandit-1"]
    assert bandit["owner"] == "arena" and bandit["zone"] == "camp" and not q.udef(g, bandit).elite
    assert q.allied(g, bandit, s.units["titan:titan-2"]) and s.troops["arena"]["team"] == "rivals"
    hr.put(g, MK, "B7")
    roll(hr, g, ["green:miss", "blue:miss", "black:hit", "red:hit"])
    assert s.pending[0]["kind"] == "deploy_ally"
    msg = hr.illegal(g, {"type": "deploy_ally", "hex": "D4"}, "HR-14.9.1")
    assert "B8" in msg and "J8" in msg
    assert "name its hex" in hr.illegal(g, {"type": "deploy_ally", "hex": None}, "HR-14.9.1")
    hr.apply(g, {"type": "deploy_ally", "hex": "B8"})
    assert bandit["zone"] == "arena" and bandit["dazed"] and g.a.label(bandit["hex"]) == "B8"
    hr.illegal(g, {"type": "attack", "player": "titan", "unit": "arena:bandit-1", "target": MK}, "HR-14.9.4")
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    hr.apply(g, {"type": "end_turn", "player": "p1"})
    assert s.turn["player"] == "arena" and not bandit["dazed"]
    # Arena units never deploy in the arena's own Deploy phase; the Bandit must attack the Marksman in Range.
    hr.illegal(g, {"type": "end_turn", "player": "arena"}, "HR-9.6.1")
    hr.apply(
        g,
        {"type": "attack", "player": "arena", "unit": "arena:bandit-1", "target": MK, "dice": ["black:hit"]},
    )
    assert s.units[MK]["hp"] == q.udef(g, s.units[MK]).health - 1


def test_hr_14_4_1_the_titan_card_limits_its_allies(hr):
    """HR-14.4.1, AMB-31: with the card's limit of one arena ally reached, a deploy_ally effect deploys nothing and
    the log must say so (hex null); naming a hex is refused with the limit."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    card = next(u for u in pack["units"] if u["id"] == "titan-2")["titan"]
    card["limits"] = {"arena": 1}
    g = ascension(hr, "titan-2", pack=pack)
    hr.rival(g, "arena:bandit-1", "J8")
    roll(hr, g, ["green:miss", "blue:miss", "black:hit", "red:miss"])
    msg = hr.illegal(g, {"type": "deploy_ally", "hex": "B8"}, "HR-14.4.1")
    assert "allows 1" in msg and '"hex": null' in msg
    hr.apply(g, {"type": "deploy_ally", "hex": None})
    assert g.s.units["arena:bandit-2"]["zone"] == "camp"


def test_hr_14_9_4_titan_allies_act_only_when_prompted(hr):
    """HR-14.9.3, HR-14.9.4, HR-14.9.5, HR-14.4.1: titan-3's guard belongs to the titan's troop; dazed on the turn it
    enters, the prompt passes it by; on a later prompt it attacks the opponent its card list ranks first
    (weakest), and only then."""
    g = ascension(hr, "titan-3")
    s = g.s
    hr.put(g, FENG, "C8")
    hr.put(g, MK, "A8", hp=2)
    roll(hr, g, ["green:miss", "blue:miss", "black:hit", "yellow:hit", "red:miss"])
    hr.apply(g, {"type": "deploy_ally", "hex": "B8"})
    guard = s.units["titan:titan-guard-1"]
    assert guard["dazed"] and s.pending == []  # the prompt found only a dazed ally: nothing to log
    hr.apply(g, {"type": "end_turn", "player": "titan"})
    hr.apply(g, {"type": "end_turn", "player": "p1"})
    hr.turn(g, "titan", "engagement")
    roll(hr, g, ["green:miss", "blue:miss", "black:hit", "yellow:hit", "red:miss"])
    # The limit of one titan ally: the second guard stays in camp (HR-14.4.1).
    hr.illegal(g, {"type": "deploy_ally", "hex": "J8"}, "HR-14.4.1")
    hr.apply(g, {"type": "deploy_ally", "hex": None})
    assert s.pending[0]["kind"] == "ally_attack"
    hr.illegal(g, {"type": "ally_attack", "unit": guard["uid"], "target": FENG}, "HR-14.9.5")
    hr.apply(g, {"type": "ally_attack", "unit": guard["uid"], "target": MK, "dice": ["blue:hit"]})
    assert s.units[MK]["hp"] == 1 and s.pending == [] and guard["engaged"]


def test_hr_2_11_2_the_compass_moves_the_titan(hr):
    """HR-2.11.2, HR-2.11.1: titan-3's green hit rolls an arena die and moves the titan one hex in the direction the
    arena's compass prints for it; toward a blocked hex it stays."""
    g = ascension(hr, "titan-3")
    start = g.s.units["titan:titan-3"]["hex"]
    g2 = g.copy()
    roll(hr, g, ["green:hit", "blue:miss", "black:miss", "yellow:miss", "red:miss"], [2])
    want = g.a.step(start, g.a.compass_direction(2))
    assert g.s.units["titan:titan-3"]["hex"] == want != start
    hr.put(g2, UNIT4, g.a.label(want))
    roll(hr, g2, ["green:hit", "blue:miss", "black:miss", "yellow:miss", "red:miss"], [2])
    assert g2.s.units["titan:titan-3"]["hex"] == start


def test_hr_14_10_3_shards_with_hp(hr):
    """HR-14.10.1, HR-14.10.2, HR-14.10.3, AMB-28, HR-3.4.1: titan-4's shards start active with blue HP; a player
    unit in Range attacks one like an opponent, earns the HP it loses as favour, and at no HP it turns inactive."""
    g = ascension(hr, "titan-4")
    s = g.s
    b5 = g.a.parse("B5", path="t")
    assert s.shards[b5] == {"active": True, "hp": 2, "colour": "blue", "count": 1, "dropped": False}
    hr.put(g, UNIT4, "B4")
    hr.put(g, UNIT5, "D3")
    hr.turn(g, "p1", "engagement")
    pool = q.attack_pool(g, s.units[UNIT4])
    assert {"type": "attack", "player": "p1", "unit": UNIT4, "target": "shard:B5"} in g.legal_events()
    far = hr.illegal(
        g, {"type": "attack", "unit": UNIT5, "target": "shard:B5", "dice": ["black:hit"]}, "HR-2.5.1"
    )
    assert "Range" in far
    assert len(pool) == 1
    hr.apply(g, {"type": "attack", "unit": UNIT4, "target": "shard:B5", "dice": [f"{pool[0]}:hit"]})
    assert s.shards[b5]["hp"] == 1 and s.shards[b5]["active"] and q.blocked(g, s.units[UNIT5], b5)
    assert s.pending[0]["kind"] == "track" and s.pending[0]["amount"] == 1  # favour = the HP lost
    hr.apply(g, {"type": "track", "track": "t1"})
    six = hr.put(g, "p1:kunlun-unit-06", "A5")
    hr.apply(g, {"type": "attack", "unit": six["uid"], "target": "shard:B5",
                 "dice": [f"{c}:hit" for c in q.attack_pool(g, six)]})  # fmt: skip
    assert s.shards[b5]["hp"] == 0 and not s.shards[b5]["active"]
    assert s.pending[0]["amount"] == 1  # only the HP it still had


def test_hr_14_10_3_red_shards_are_not_the_players_targets(hr):
    """HR-14.10.3: a shard with red HP is the rivals' to attack, not the players'."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    next(u for u in pack["units"] if u["id"] == "titan-4")["titan"]["shards"]["colour"] = "red"
    g = ascension(hr, "titan-4", pack=pack)
    hr.put(g, UNIT4, "B4")
    hr.turn(g, "p1", "engagement")
    assert "not an opponent" in hr.illegal(
        g, {"type": "attack", "unit": UNIT4, "target": "shard:B5"}, "HR-14.10.3"
    )


def test_hr_14_10_5_and_6_dropped_shards(hr):
    """HR-14.10.4, HR-14.10.5, HR-14.10.6, HR-8.6.6: a defeated shardholder leaves its shards on its hex, active side
    up; a rival moving through leaves them, a player unit moving through equips them and carries them."""
    g = ascension(hr, "titan-2")
    s = g.s
    holder = hr.put(g, UNIT4, "D2", hp=1)
    holder["shards"] = [{"hp": 0}, {"hp": 0}]  # equipped by a titan card's effect (HR-21.3)
    from engine.games.hoplomachus import effects as fx

    fx.deal_damage(g, holder, 1, s.units["titan:titan-2"], attack=True)
    d2 = g.a.parse("D2", path="t")
    assert holder["zone"] == "discard" and s.shards[d2] == {
        "active": True, "hp": 0, "colour": None, "count": 2, "dropped": True}  # fmt: skip
    assert not q.blocked(g, s.units[UNIT5], d2)  # a shard without HP blocks nothing
    hr.rival(g, "arena:bandit-1", "D1")
    hr.turn(g, "arena", "movement")
    hr.put(g, FENG, "D4")
    bandit = s.units["arena:bandit-1"]
    hr.apply(g, {"type": "move", "player": "arena", "unit": bandit["uid"], "path": ["D2", "D3"]})
    assert d2 in s.shards and bandit["shards"] == []
    hr.turn(g, "p1", "movement")
    hr.put(g, UNIT5, "C2")
    hr.apply(g, {"type": "move", "unit": UNIT5, "path": ["D2", "E2"]})
    assert d2 not in s.shards and len(s.units[UNIT5]["shards"]) == 2
    copy_ = g.copy()
    assert copy_.s.units[UNIT5]["shards"] == s.units[UNIT5]["shards"]
    assert copy_.s.units[UNIT5]["shards"] is not s.units[UNIT5]["shards"]


def test_hr_14_5_3_a_pack_with_an_elite_ally_is_refused(hr):
    """HR-14.5.3: only the titan is elite; a pack giving it an elite ally is malformed."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    next(u for u in pack["units"] if u["id"] == "titan-guard")["elite"] = True
    with pytest.raises(UnreadableLog) as info:
        hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan="titan-3", pack=pack)
    assert "HR-14.5.3" in info.value.message
