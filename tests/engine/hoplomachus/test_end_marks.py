"""The turn's end looks only at the units ``State.marked`` names (flow.end_marks): the same game as a walk over
every unit in the arena, over simulated games of every mode.

HR-7.2.3 (dazed ends with the turn), HR-8.6.4 (one move per turn), HR-8.7.1 (each Ability once per turn), HR-8.8.1
(one engagement per turn): the marks of every arena unit end; HR-6.5.3, HR-6.4: temporary chips count down and the
spent ones go to their players' discards, in the order the arena walk finds them.
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.hoplomachus import flow
from tests.engine.hoplomachus.conftest import replayed_both_ways

GAME = "hoplomachus-remastered"


def arena_walk(s, troop):
    """flow.end_marks the long way: every unit in the arena, in ``occupant`` order."""
    for u in map(s.units.__getitem__, s.occupant.values()):
        if u["tactics"]:
            keep = []
            for chip in u["tactics"]:
                if chip["left"] is not None and (chip["this_turn"] or u["owner"] == troop):
                    chip["left"] -= 1
                    if chip["left"] <= 0 or chip["this_turn"]:
                        s.troops[chip["by"]]["tactics_discard"].append(chip["id"])
                        continue
                keep.append(chip)
            u["tactics"] = keep
        u["dazed"] = u["moved"] = u["engaged"] = False
        if u["used"]:
            u["used"] = []


def outcome(g, i, event):
    try:
        g.apply(i, event)
    except (IllegalEvent, UnreadableLog) as exc:
        return ("refused", exc.rule)
    return ("applied", g.view(), g.s.units, g.s.stats, g.s.over)  # the units: every one's marks and chips


def marks_of(g) -> set[str]:
    return {
        uid
        for uid, u in g.s.units.items()
        if u["dazed"] or u["moved"] or u["engaged"] or u["used"] or u["tactics"]
    }


@pytest.mark.parametrize("seeds", [range(0, 10), range(10, 20)])
def test_end_marks_replay_as_the_arena_walk(seeds):
    """Each event of simulated games, with the marked units and with every arena unit looked at: the same state
    after it; and every unit with a mark or a chip is among the marked (State.marked)."""
    modes, compared, spent = set(), 0, 0
    for log, i, event, fast, got, want in replayed_both_ways(
        seeds, outcome, lambda m: m.setattr(flow, "end_marks", arena_walk)
    ):
        modes.add(log["setup"]["mode"])
        assert got == want, (log["setup"]["mode"], i, event)
        assert marks_of(fast) <= fast.s.marked, (log["setup"]["mode"], i, event)
        compared += 1
        if i == len(log["events"]) - 1:
            spent += sum(len(t["tactics_discard"]) for t in fast.s.troops.values())
    assert compared > 1000
    assert len(modes) >= 3
    assert spent > 0  # chips were discarded along the way


def test_hr_6_4_spent_chips_of_several_units_go_in_arena_order():
    """HR-6.4, HR-6.5.3: chips spent on several units at one turn's end reach the discard in the arena's order,
    whatever order the units were marked in."""
    info = engine.game(GAME)
    log = engine.simulate(GAME, 2, randomness="seeded")
    g = info.ruleset.start(copy.deepcopy(log))
    for i, event in enumerate(log["events"]):
        g.apply(i, event)
        if len(g.s.occupant) >= 3:
            break
    s = g.s
    troop = s.turn["player"]
    arena = list(s.occupant.values())[:3]
    for k, uid in enumerate(reversed(arena)):  # marked in the reverse of the arena's order
        s.units[uid]["tactics"] = [{"id": f"chip-{k}", "by": troop, "left": 1, "this_turn": True}]
        s.marked.add(uid)
    walked = copy.deepcopy(s.troops[troop]["tactics_discard"])
    other = s.copy()
    flow.end_marks(s, troop)
    arena_walk(other, troop)
    assert s.troops[troop]["tactics_discard"] == other.troops[troop]["tactics_discard"]
    assert s.troops[troop]["tactics_discard"][len(walked) :] == ["chip-2", "chip-1", "chip-0"]
    assert not s.marked & set(arena)
