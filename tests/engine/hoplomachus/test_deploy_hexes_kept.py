"""The deployment hexes of a troop's units, kept per game by troop and all_outer reward (Game.deploy_hex_cache),
are the hexes worked out anew, at every event of simulated games of every mode (HR-8.4.1, HR-15.3.2, HR-16.3.1,
HR-13.3, HR-14.9.1; HR-4.5.4: the hero reward opens all four outer hexes to a Colosseum troop)."""

from __future__ import annotations

import copy

import engine
from engine.games.hoplomachus import queries as q

GAME = "hoplomachus-remastered"


def test_hr_8_4_1_kept_deployment_hexes_match_the_hexes_worked_out_anew():
    info = engine.game(GAME)
    asked, modes = 0, set()
    for seed in range(15):
        log = engine.simulate(GAME, seed, randomness=info.randomness_modes[seed % len(info.randomness_modes)])
        modes.add(log["setup"]["mode"])
        g = info.ruleset.start(copy.deepcopy(log))
        for i, event in enumerate(log["events"]):
            g.apply(i, event)
            for troop in g.s.troops:
                for u in q.troop_units(g, troop):
                    if g.c.units[u["def"]].kind in ("sentinel", "titan"):
                        continue
                    assert q.deploy_candidates(g, troop, u) == q.unit_deploy_hexes(g, troop), (i, troop)
                    asked += 1
    assert asked > 1000 and len(modes) == 5
