"""Statistics version 3: what the meta pages need beside the counters — the rivals the players faced (HR-13.10.2,
HR-14.2.3), the tactic cards played (HR-8.5.1), crowd favour at each round's end and the rewards claimed with
their round (HR-4), and the attack dice rolled per colour against the pack's faces (HR-8.8.3, HR-2.6.1)."""

from __future__ import annotations

import json

import jsonschema
import pytest

import engine
from engine.core.registry import game as game_info
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus.state import new_unit

GAME = "hoplomachus-remastered"
W, PROT, FENG = "p1:kunlun-warrior", "p1:plutos-refugees-protector", "p1:feng"
ANTONY, MK = "immortal:antony-blackbird", "p2:plutos-refugees-marksman"
SCHEMA = json.loads(game_info(GAME).statistics_schema.read_text())


def _dice(pool: list[str], hits: int) -> list[str]:
    return [f"{c}:{'hit' if i < hits else 'miss'}" for i, c in enumerate(pool)]


def _assault(hr):
    g = hr.game(mode="assault", factions=("kunlun",), neutral_heroes={"p1": "rostam"})
    g.s.units[PROT] = new_unit(PROT, "plutos-refugees-protector", "p1", "camp")
    return g


def test_hr_8_5_1_tactics_by_name(hr):
    """HR-8.5.1: the tactic chip played from the camp is counted by its pack id, for the troop that played it."""
    g = hr.game()
    hr.put(g, W, "D5")
    g.s.turn["phase"] = "tactic"
    hr.apply(g, {"type": "tactic", "tactic": "Adrenaline", "target": "Warrior"})
    stats = g.statistics()
    assert stats["tactics"] == [{"player": "p1", "tactic": "adrenaline", "played": 1}]
    assert stats["troops"][0]["tactics"] == 1


def test_hr_8_8_3_dice_per_colour_against_the_packs_faces(hr):
    """HR-8.8.3 step 2, HR-2.6.1: each die of the attack pool is counted under its colour with its hit, and the
    expected hits are the colour's hit faces ÷ the die's faces (from the pack, AMB-1)."""
    g = hr.game()
    hr.put(g, W, "E5")
    hr.put(g, MK, "E6", hp=5)
    hr.turn(g, "p1", "engagement")
    pool = q.attack_pool(g, g.s.units[W])
    hr.apply(g, {"type": "attack", "unit": "Warrior", "target": MK, "dice": _dice(pool, 1)})
    rows = g.statistics()["dice"]
    want = {}
    for i, c in enumerate(pool):
        r = want.setdefault(c, {"player": "p1", "colour": c, "dice": 0, "hits": 0, "faces": 0})
        r["dice"] += 1
        r["hits"] += int(i < 1)
        r["faces"] += g.c.hit_faces[c]
    assert rows == [
        {"player": "p1", "colour": c, "dice": r["dice"], "hits": r["hits"],
         "expected_hits": round(r["faces"] / g.c.die_faces, 4)}
        for c, r in sorted(want.items(), key=lambda kv: list(g.c.hit_faces).index(kv[0]))
    ]  # fmt: skip
    assert sum(r["hits"] for r in rows) == g.statistics()["troops"][0]["hits"] == 1
    assert g.statistics()["game"][0]["randomness"] == "recorded"


def test_hr_13_assault_rivals_favour_by_round_and_rewards(hr):
    """HR-13.10.2: the immortal drawn at a wave's start is a rival faced, from its round; HR-13.5.1: damage dealt to
    it earns favour, reaching a reward (HR-4.2.3, HR-4.3.1) claimed in round 1; HR-13.6.3 and HR-13.11.2–13.11.7: the
    Stone Check defeats it, it becomes a trophy, the round and wave end with the favour noted before the reset
    (HR-13.11.6), and the next wave's immortal enters in round 2."""
    g = _assault(hr)
    hr.turn(g, "immortal", "deploy", wave_turn=1)
    hr.apply(g, {"type": "deploy", "player": "immortal", "unit": "antony-blackbird", "hex": "D7"})
    antony = g.s.units[ANTONY]
    g.s.place(antony, g.a.parse("G5", path="test"))
    hr.put(g, W, "G4")  # a stone hex
    hr.put(g, FENG, "D3", hp=5)
    g.s.favour["p1"]["f"] = 3
    hr.turn(g, "p1", "engagement", wave_turn=2)
    hr.apply(
        g, {"type": "attack", "unit": W, "target": ANTONY, "dice": _dice(q.attack_pool(g, g.s.units[W]), 2)}
    )
    assert g.s.favour["p1"]["f"] == 5
    antony["hp"] = 1
    hr.turn(g, "immortal", "engagement", rolled=True)
    hr.apply(g, {"type": "end_turn", "player": "immortal"})  # p1's Stone Check takes Antony's last HP
    assert antony["zone"] == "trophy" and g.s.turn["round"] == 2 and g.s.favour["p1"]["f"] == 0
    hr.apply(g, {"type": "deploy", "player": "immortal", "unit": "immortal-3", "hex": "D7"})
    stats = g.statistics()
    assert stats["rivals"] == [
        {"rival": "antony-blackbird", "kind": "immortal", "round": 1, "defeated": True},
        {"rival": "immortal-3", "kind": "immortal", "round": 2, "defeated": False},
    ]
    assert stats["favour"] == [
        {"track": "p1", "players": ["p1"], "round": 1, "favour": 5},
        {"track": "p1", "players": ["p1"], "round": 2, "favour": 0},
    ]
    assert stats["rewards"] == [
        {"player": "p1", "track": "p1", "reward": g.a.favour["rewards"]["5"], "round": 1}
    ]
    assert stats["game"][0]["titan"] is None
    jsonschema.validate(stats, SCHEMA)


def test_hr_14_the_titan_faced_and_its_dice(hr):
    """HR-14.2.3: the titan chosen is named in the game row and is the rival faced, entering on the first turn
    (HR-14.8.3); its titan dice (HR-14.8.4) are counted under the titan troop, apart from the players'."""
    g = hr.game(mode="ascension", factions=("kunlun",), arena="colosseum")
    assert g.statistics()["rivals"] == [{"rival": "mars", "kind": "titan", "round": None, "defeated": False}]
    hr.apply(g, {"type": "deploy", "player": "titan", "hex": "F5"})
    stats = g.statistics()
    assert stats["game"][0]["titan"] == "mars"
    assert stats["rivals"] == [{"rival": "mars", "kind": "titan", "round": 1, "defeated": False}]
    jsonschema.validate(stats, SCHEMA)


@pytest.mark.parametrize("mode", ["skirmish", "alliance", "assault", "ascension", "pandemonium"])
@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
def test_version_3_rows_agree_with_the_counters(mode, randomness):
    """Simulated games of every mode follow schema version 3, and the new rows agree with the troops' counters:
    tactics played (HR-8.5.1), rewards (HR-4.2.3, HR-4.4.4), the last round's favour where no wave reset it (HR-4), at
    least the attack hits among the dice (a Special rolls attack dice too, HR-8.8.4)."""
    assert SCHEMA["version"] == game_info(GAME).statistics_version == 3
    for seed in (1, 2):
        verdict = engine.verify(engine.simulate(GAME, seed, randomness=randomness, mode=mode))
        assert verdict.legal
        stats = verdict.statistics
        jsonschema.validate(stats, SCHEMA)
        assert stats["game"][0]["randomness"] == randomness
        for troop in stats["troops"]:
            p = troop["player"]
            assert sum(r["played"] for r in stats["tactics"] if r["player"] == p) == troop.get("tactics", 0)
            assert sum(1 for r in stats["rewards"] if r["player"] == p) == troop.get("rewards", 0)
            dice = [r for r in stats["dice"] if r["player"] == p]
            assert sum(r["hits"] for r in dice) >= troop.get("hits", 0)
            assert all(0 <= r["hits"] <= r["dice"] and r["expected_hits"] <= r["dice"] for r in dice)
        rounds = stats["game"][0]["rounds"]
        kinds = {r["kind"] for r in stats["rivals"]}
        assert kinds == ({"immortal"} if mode == "assault" else {"titan"} if mode == "ascension" else set())
        if mode == "pandemonium":
            assert stats["favour"] == []
        else:
            last = {r["track"]: r for r in stats["favour"] if r["round"] == rounds}
            assert last and all(r["round"] <= rounds for r in stats["favour"])
            if mode != "assault":
                for troop in stats["troops"]:
                    track = next(r for r in last.values() if troop["player"] in r["players"])
                    assert track["favour"] == troop["favour"]
