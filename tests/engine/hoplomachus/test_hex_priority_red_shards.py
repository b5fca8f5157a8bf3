"""Rival priority lists beyond opponents: a hex priority (HR-9.3.5) and shards with red HP, which the rivals mark
and target like opposing units (HR-14.10.3). The starter pack's placeholder titans carry the provisional card
data: titan-5's list is Hero > an inner deployment hex > Strongest opponent; titan-6's is Hero > Shard > Strongest
opponent, and its yellow effect gives the shards lying in the arena 2 red HP."""

from __future__ import annotations

import copy

import pytest

from engine.core.content import builtin_pack
from engine.core.errors import UnreadableLog
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.content import CONTENT_DIR

UNIT4, UNIT5 = "p1:kunlun-unit-04", "p1:kunlun-unit-05"


def ascension(hr, titan: str, at: str = "F5", pack=None):
    g = hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan=titan, pack=pack)
    hr.rival(g, f"titan:{titan}", at)
    return hr.turn(g, "titan", "engagement")


def roll(hr, g, dice: list[str], arena_dice: list[int]):
    return hr.apply(g, {"type": "titan_roll", "player": "titan", "dice": dice, "arena_dice": arena_dice})


ADVANCE_2 = (
    ["green:hit", "blue:miss", "black:miss", "red:miss"],
    [3],
)  # titan-5: Advance, arena die 3 → 2 hexes


def test_hr_9_3_5_a_hex_priority_is_reached_only_by_standing_on_it(hr):
    """HR-9.3.5, HR-14.8.5, HR-9.4.4: with no hero in combat, titan-5's mark is an inner deployment hex. From E5 the
    inner hex D4 is one step away: a unit priority would already be within Range 1 there and the titan would stay,
    but a hex priority is reached only by moving onto the hex itself, so its Advance must end on D4."""
    g = ascension(hr, "titan-5", "E5")
    assert rv.movement_plan(g, g.s.units["titan:titan-5"], 2) == ("2a", {g.a.parse("D4", path="t"): 1})
    roll(hr, g, *ADVANCE_2)
    assert g.legal_events() == [{"type": "advance", "player": "p1", "path": ["D4"]}]
    stay = hr.illegal(g, {"type": "advance", "path": []}, "HR-14.8.5")
    assert "D4 in 1" in stay
    hr.illegal(g, {"type": "advance", "path": ["E4"]}, "HR-14.8.5")
    hr.apply(g, {"type": "advance", "path": ["D4"]})
    assert hr.hex(g, "titan:titan-5") == "D4"


def test_hr_9_3_5_an_occupied_hex_cannot_be_reached_and_the_hex_outranks_units(hr):
    """HR-9.3.5, HR-9.3.2, HR-9.4.3: a player unit on D4 blocks it, so D4 cannot be reached; the mark is then the
    closest inner hex the titan can move onto (D6, two steps). That unit, an opponent in reach, ranks below the hex
    priority on the list and is not the mark."""
    g = ascension(hr, "titan-5", "E5")
    hr.put(g, UNIT4, "D4")
    roll(hr, g, *ADVANCE_2)
    ends = {tuple(e["path"])[-1] for e in g.legal_events()}
    assert ends == {"D6"}
    hr.illegal(g, {"type": "advance", "path": []}, "HR-14.8.5")
    hr.apply(g, g.legal_events()[0])
    assert hr.hex(g, "titan:titan-5") == "D6"


def test_hr_9_3_5_hero_first_then_fallback_toward_the_hex(hr):
    """HR-9.3.2, HR-9.4.5: a reachable hero comes before the hex priority; with an Advance of 1 and no hero, no inner
    hex can be reached, so the titan uses its full Advance toward the nearest one (all at two steps)."""
    g = ascension(hr, "titan-5", "F5")
    feng = hr.put(g, "p1:feng", "E3")
    step, dests = rv.movement_plan(g, g.s.units["titan:titan-5"], 2)
    assert step == "2a" and dests and all(g.a.distance(h, feng["hex"]) == 1 for h in dests)
    assert not any(g.a.is_("inner", h) for h in dests)
    g2 = ascension(hr, "titan-5", "F5")
    step, dests = rv.movement_plan(g2, g2.s.units["titan:titan-5"], 1)
    inner = [g2.a.parse(x, path="t") for x in ("D4", "H4", "D6", "H6")]
    assert step == "2b" and dests and all(n == 1 for n in dests.values())
    assert all(min(g2.a.distance(h, i) for i in inner) == 1 for h in dests)


def test_hr_9_3_5_the_pack_names_hex_tags(hr):
    """HR-9.3.5, LOG-3.5: a hex priority names a hex tag of the pack's arenas; one naming none is refused."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    next(u for u in pack["units"] if u["id"] == "titan-5")["titan"]["priority"] = ["hex:lava"]
    with pytest.raises(UnreadableLog) as info:
        hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan="titan-5", pack=pack)
    assert "HR-9.3.5" in info.value.message and info.value.rule == "LOG-3.5"


SHARD_SMITE = (["green:miss", "blue:hit", "black:miss", "yellow:hit", "red:miss"], [3])  # Smite 2, shards red


def test_hr_14_10_3_an_effect_gives_the_shards_red_hp(hr):
    """HR-14.10.3, HR-14.8.4: titan-6's yellow effect (card data, provisional) gives every shard lying in the arena
    2 red HP, active side up; a shard with HP blocks its hex, and red HP is not the players' to attack."""
    g = ascension(hr, "titan-6")
    assert all(sh["hp"] == 0 for sh in g.s.shards.values())
    roll(hr, g, ["green:miss", "blue:miss", "black:miss", "yellow:hit", "red:miss"], [])
    assert {g.a.label(h): (sh["hp"], sh["colour"], sh["active"]) for h, sh in g.s.shards.items()} == {
        x: (2, "red", True) for x in ("B5", "F3", "F7", "J5")}  # fmt: skip
    unit4 = hr.put(g, UNIT4, "F4")
    assert q.blocked(g, unit4, g.a.parse("F3", path="t"))
    hr.turn(g, "p1", "engagement")
    hr.illegal(g, {"type": "attack", "unit": UNIT4, "target": "shard:F3"}, "HR-14.10.3")


def test_hr_14_10_3_the_titan_targets_red_shards_by_its_list(hr):
    """HR-14.10.3, HR-9.6.2, HR-14.8.5: with no hero in range, titan-6's Smite (2 hexes) must take a red shard
    (Shard ranks above Strongest opponent on its list) rather than the adjacent player unit; the shard loses HP
    like a unit, and at none it turns inactive."""
    g = ascension(hr, "titan-6")
    hr.put(g, UNIT4, "F6")
    roll(hr, g, *SHARD_SMITE)
    offered = {e["target"] for e in g.legal_events()}
    assert offered == {"shard:F3", "shard:F7"}
    msg = hr.illegal(g, {"type": "smite", "target": UNIT4, "dice": ["black:hit", "green:hit"]}, "HR-9.6.2")
    assert "the shard on F3" in msg and "the shard on F7" in msg
    assert g.describe_offer({"type": "smite", "target": "shard:F3"}) == "The titan smites the shard on F3"
    hr.apply(g, {"type": "smite", "target": "shard:F3", "dice": ["black:hit", "green:hit"]})
    f3 = g.s.shards[g.a.parse("F3", path="t")]
    assert f3["hp"] == 0 and not f3["active"] and g.s.units[UNIT4]["hp"] == q.udef(g, g.s.units[UNIT4]).health


def test_hr_14_10_3_the_titan_marks_red_shards(hr):
    """HR-14.10.3, HR-9.4.3, HR-9.4.4: with no opponent in combat, titan-6's Advance marks the nearest red shards
    (F3 and F7, tied: the players choose) and stops the fewest steps from them that bring them within Range 1."""
    g = ascension(hr, "titan-6")
    roll(hr, g, ["green:hit", "blue:miss", "black:miss", "yellow:hit", "red:miss"], [3])
    assert {e["path"][-1] for e in g.legal_events()} == {"F4", "F6"}
    hr.illegal(g, {"type": "advance", "path": []}, "HR-14.8.5")
    hr.apply(g, {"type": "advance", "path": ["F4"]})


def test_hr_14_10_3_rival_units_attack_the_strongest_even_a_shard(hr):
    """HR-14.10.3, HR-9.3.4, HR-9.6.1, HR-9.6.2: a red shard counts among the opponents a rival's comparative
    priority ranks. titan-2's Bandit (arena turn; list Hero > Strongest opponent) has a red shard of 3 HP and a
    player unit of 1 HP in Range: it must attack the shard; ending the turn without attacking is refused."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    next(u for u in pack["units"] if u["id"] == "titan-2")["titan"]["shards"] = {"active": True, "hp": 3,
                                                                                   "colour": "red"}  # fmt: skip
    g = ascension(hr, "titan-2", pack=pack)
    bandit = hr.rival(g, "arena:bandit-1", "C5")
    hr.put(g, UNIT4, "C4", hp=1)
    hr.turn(g, "arena", "engagement")
    assert [v["uid"] for v in rv.targets(g, bandit)] == ["shard:B5"]
    assert "the shard on B5" in hr.illegal(g, {"type": "attack", "player": "arena", "unit": bandit["uid"],
                                               "target": UNIT4, "dice": ["black:hit"]}, "HR-9.6.2")  # fmt: skip
    hr.illegal(g, {"type": "end_turn", "player": "arena"}, "HR-9.6.1")
    pool = q.attack_pool(g, bandit)
    assert {
        "type": "attack",
        "player": "arena",
        "unit": bandit["uid"],
        "target": "shard:B5",
    } in g.legal_events()
    hr.apply(g, {"type": "attack", "player": "arena", "unit": bandit["uid"], "target": "shard:B5",
                 "dice": [f"{c}:hit" for c in pool]})  # fmt: skip
    assert g.s.shards[g.a.parse("B5", path="t")]["hp"] == max(0, 3 - len(pool))


def test_hr_14_10_3_blue_shards_are_not_the_rivals(hr):
    """HR-14.10.3: shards with blue HP (titan-4) are the players' to attack; a rival never marks or targets them."""
    g = ascension(hr, "titan-4")
    titan = g.s.units["titan:titan-4"]
    assert rv.opponents(g, titan) == [] and rv.movement_plan(g, titan, 3) == ("2b", {})  # nothing to approach


def test_hr_14_10_3_the_pack_states_the_shards_hp(hr):
    """HR-14.10.3, LOG-3.5: a shard_hp effect states its HP and a colour of health chips, red or blue."""
    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    card = next(u for u in pack["units"] if u["id"] == "titan-6")["titan"]
    card["effects"][0]["tiers"]["1"] = {"effect": "shard_hp", "hp": 2, "colour": "green"}
    with pytest.raises(UnreadableLog) as info:
        hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan="titan-6", pack=pack)
    assert info.value.rule == "LOG-3.5" and "HR-14.10.3" in info.value.message
