"""Statistics version 2: one row per player-troop unit — its attacks, the damage it dealt and the units it
defeated (HR-8.8.3, HR-7.5, HR-7.3) — adding up to its troop's counters."""

from __future__ import annotations

import json

import jsonschema
import pytest

import engine
from engine.core.registry import game as game_info
from engine.games.hoplomachus import queries as q

GAME = "hoplomachus-remastered"
FENG, MK, PROT = "p1:feng", "p2:plutos-refugees-marksman", "p2:plutos-refugees-protector"


def test_hr_8_8_3_and_7_3_unit_rows_of_an_attack_and_its_retaliation(hr):
    """HR-8.8.3, HR-7.5.2, HR-7.3, CF-8: the Marksman attacks Feng and deals the hits it rolled; Feng's Retaliate
    (not an attack) deals 1 and defeats it. Each unit's row counts what it did; a unit that did nothing has none."""
    g = hr.game()
    hr.put(g, FENG, "E5")
    hr.put(g, MK, "E6", hp=1)
    hr.put(g, PROT, "A7")
    hr.turn(g, "p2", "engagement")
    pool = q.attack_pool(g, g.s.units[MK])
    one_hit = [f"{c}:{'hit' if i == 0 else 'miss'}" for i, c in enumerate(pool)]
    hr.apply(g, {"type": "attack", "unit": MK, "target": FENG, "dice": one_hit})
    rows = {r["uid"]: r for r in g.statistics()["units"]}
    assert rows[MK] == {"player": "p2", "unit": "plutos-refugees-marksman", "uid": MK, "attacks": 1,
                        "damage_dealt": 1, "defeats": 0}  # fmt: skip
    assert rows[FENG] == {
        "player": "p1",
        "unit": "feng",
        "uid": FENG,
        "attacks": 0,
        "damage_dealt": 1,
        "defeats": 1,
    }
    assert PROT not in rows
    assert [r["player"] for r in g.statistics()["units"]] == ["p1", "p2"]  # seat order


@pytest.mark.parametrize("mode", ["skirmish", "alliance", "assault", "ascension", "pandemonium"])
def test_unit_rows_add_up_to_their_troops(mode):
    """HR-8.8.3, HR-7.3: in simulated games of every mode the unit rows follow schema version 2 and add up to each
    troop's attacks, damage dealt and units defeated; rival units have no rows."""
    info = game_info(GAME)
    schema = json.loads(info.statistics_schema.read_text())
    assert schema["version"] == info.statistics_version == 3
    for seed in (1, 2):
        verdict = engine.verify(engine.simulate(GAME, seed, randomness="seeded", mode=mode))
        assert verdict.legal
        stats = verdict.statistics
        jsonschema.validate(stats, schema)
        assert stats["units"], "every simulated game deploys units"
        for troop in stats["troops"]:
            mine = [r for r in stats["units"] if r["player"] == troop["player"]]
            assert sum(r["attacks"] for r in mine) == troop.get("attacks", 0)
            assert sum(r["damage_dealt"] for r in mine) == troop.get("damage_dealt", 0)
            assert sum(r["defeats"] for r in mine) == troop.get("units_defeated", 0)
        assert {r["player"] for r in stats["units"]} <= {t["player"] for t in stats["troops"]}
