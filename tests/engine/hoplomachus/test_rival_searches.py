"""The searches of a rival's movement plan (rivals.movement_plan) give what whole searches give, over every rival
unit at every event of simulated Assault and Ascension games:

- HR-9.4.5 (AMB-8): the search of every hex the unit can reach, resumed from the rings of its Movement's search,
  finds the same hexes, steps and order as one search from the unit's hex (q.reachable, no limit);
- HR-9.4.5: the search back from a goal, stopped at ``depth`` steps, tells which hexes lie exactly ``depth`` steps
  from it as a whole search from the goal does.
"""

from __future__ import annotations

import copy

import engine
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv

GAME = "hoplomachus-remastered"


def whole_search(g, u, sources):
    """Steps from ``sources`` through every hex not blocked for ``u``, to the end (no limit)."""
    return q.search(g.a.adjacent, q.blocked_hexes(g, u), dict.fromkeys(sources, 0), rv.UNBOUNDED)


def test_hr_9_4_5_resumed_and_stopped_searches_match_whole_ones():
    info = engine.game(GAME)
    looked = 0
    for seed in range(40):
        log = engine.simulate(GAME, seed, randomness=info.randomness_modes[seed % len(info.randomness_modes)])
        if log["setup"]["mode"] not in ("assault", "ascension"):
            continue
        g = info.ruleset.start(copy.deepcopy(log))
        for i, event in enumerate(log["events"]):
            g.apply(i, event)
            for troop in ("immortal", "arena", "titan"):
                if troop not in g.s.troops:
                    continue
                for u in g.s.in_arena(troop):
                    m = q.movement(g, u)
                    walls = q.blocked_hexes(g, u)
                    reach = q.search(g.a.adjacent, walls, {u["hex"]: 0}, m)
                    assert reach == q.reachable(g, u, m)
                    full = q.reachable(g, u, rv.UNBOUNDED)
                    resumed = q.search(g.a.adjacent, walls, dict(reach), rv.UNBOUNDED)
                    assert list(resumed.items()) == list(full.items())
                    far = max(full.values())
                    goal = [h for h, s in full.items() if s == far]
                    whole = whole_search(g, u, goal)
                    for depth in range(-1, far + 2):
                        stopped = q.search(g.a.adjacent, walls, dict.fromkeys(goal, 0), depth)
                        assert {h for h in full if stopped.get(h) == depth} == {
                            h for h in full if whole.get(h) == depth
                        }
                    looked += 1
    assert looked > 200
