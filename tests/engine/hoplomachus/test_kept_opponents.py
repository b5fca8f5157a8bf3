"""``q.opponents_of`` keeps each team's opposing units in the arena (State.foes) until a unit enters, leaves or
changes hex: over simulated games of every mode, the same game as when they are looked for among the occupied hexes
at every call (HR-2.1.2, HR-9.3.3, HR-8.8.3), and a kept list is at every event the one the occupied hexes give.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.hoplomachus import queries as q
from tests.engine.hoplomachus.conftest import replayed_both_ways, simulated_replays

GAME = "hoplomachus-remastered"
MODES = {"skirmish", "pandemonium", "alliance", "assault", "ascension"}


def outcome(g, i, event):
    try:
        g.apply(i, event)
    except (IllegalEvent, UnreadableLog) as exc:
        return ("refused", exc.rule, exc.message)
    return ("applied", g.view(), g.s.units, g.s.stats, g.s.over, event.get("dice"))


def looked_for(g, u):
    """q.opponents_of the long way: every occupied hex, at every call."""
    mine = g.team_of[u["owner"]]
    return [v for v in map(g.s.units.__getitem__, g.s.occupant.values()) if g.team_of[v["owner"]] != mine]


@pytest.mark.parametrize("seeds", [range(0, 10), range(10, 20)])
def test_hr_2_1_2_kept_opponents_replay_as_the_long_way(seeds):
    """Each event of simulated games, with the kept opponents and with opponents looked for at every call: the
    same state, or the same refusal, after it; and every kept list is the one the occupied hexes give now."""
    modes, compared, kept = set(), 0, 0
    for log, i, event, fast, got, want in replayed_both_ways(
        seeds, outcome, lambda m: m.setattr(q, "opponents_of", looked_for)
    ):
        modes.add(log["setup"]["mode"])
        assert got == want, (log["setup"]["mode"], i, event)
        for team, foes in fast.s.foes.items():
            mine = next(u for u in fast.s.units.values() if fast.team_of[u["owner"]] == team)
            assert foes == looked_for(fast, mine), (log["setup"]["mode"], i, event, team)
            kept += 1
        compared += 1
    assert compared > 1000 and kept > 100
    assert len(modes) >= 3


def test_all_five_modes_are_replayed():
    assert {log["setup"]["mode"] for log, _, _ in simulated_replays(range(20))} == MODES
