"""The shortcuts replays take on their hottest events give what the long way gives.

- ``State.arena_by`` (each troop's units in the arena, kept as units are placed and lifted) lists, after every
  event of simulated games of every mode, exactly the units ``occupant`` holds for the troop, in its order
  (HR-8.4, HR-7.3: units enter and leave the arena), in a replay and in its copies.
- ``actions.attack``'s check of the usual attack (HR-8.8.3, HR-2.1.3, HR-2.5.1) changes the state exactly as
  ``check_attack`` then ``do_attack`` do, and a refused attack is refused with the same rule.
"""

from __future__ import annotations

import copy

import pytest

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.hoplomachus import actions as act
from tests.engine.hoplomachus.conftest import simulated_replays

GAME = "hoplomachus-remastered"


def derived(s) -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for h, uid in s.occupant.items():
        out.setdefault(s.units[uid]["owner"], []).append((h, uid))
    return out


def indexed(s) -> dict[str, list[tuple[int, str]]]:
    return {t: list(by.items()) for t, by in s.arena_by.items() if by}


def replays(seeds):
    return simulated_replays(seeds, copies=1)


def test_arena_index_follows_every_placement():
    modes = set()
    for log, g in replays(range(18)):
        modes.add(log["setup"]["mode"])
        assert indexed(g.s) == derived(g.s)
        for i, event in enumerate(log["events"]):
            g.apply(i, event)
            assert indexed(g.s) == derived(g.s), (log["setup"]["mode"], i, event)
            for troop in g.s.troops:
                assert g.s.in_arena(troop) == [u for u in g.s.in_arena() if u["owner"] == troop]
                assert g.s.has_in_arena(troop) == any(u["owner"] == troop for u in g.s.in_arena())
            if i % 40 == 0:  # a copy keeps its own index
                c = g.copy()
                assert indexed(c.s) == derived(c.s)
                assert all(c.s.arena_by[t] is not g.s.arena_by[t] for t in g.s.arena_by)
    assert modes == {"skirmish", "pandemonium", "alliance", "assault", "ascension"}


def test_arena_index_is_remade_when_a_hex_is_taken_over(hr):
    """A placement onto an occupied hex (no rule makes one) still leaves the index as ``occupant`` says."""
    g = hr.game(arena="colosseum")
    s = g.s
    mine = [u for u in s.units.values() if u["owner"] == "p1"][:2]
    theirs = next(u for u in s.units.values() if u["owner"] == "p2")
    s.place(mine[0], 3)
    s.place(theirs, 4)
    s.place(mine[1], 4)  # over the p2 unit, whose hex still says 4
    assert indexed(s) == derived(s)
    s.lift(theirs, "discard")  # lifts whatever stands on 4: the p1 unit
    assert indexed(s) == derived(s)
    assert not s.has_in_arena("p2")


def outcome(g, i, event):
    try:
        g.apply(i, event)
    except (IllegalEvent, UnreadableLog) as exc:
        return ("refused", exc.rule)
    counter = None if g.dice.stream is None else g.dice.stream.counter  # the seed's draws taken
    return ("applied", g.view(), g.s.stats, event.get("dice"), counter)


@pytest.mark.parametrize("seeds", [range(0, 12), range(12, 24)])
def test_usual_attack_matches_the_long_way(monkeypatch, seeds):
    """Every attack of simulated games, and each with its target swapped for every other unit, by the shortcut
    and by check_attack then do_attack alone: the same refusal rule, or the same state after it."""

    def long_way(g, ev):
        act.do_attack(g, ev, *act.check_attack(g, ev))

    compared = refused = 0
    for log, g in replays(seeds):
        for i, event in enumerate(log["events"]):
            if event["type"] == "attack" and not g.s.pending:
                uids = [event.get("target")] + sorted(u for u in g.s.units if u != event.get("target"))[:6]
                for target in uids:
                    ev = {**event, "target": target}
                    fast, slow = g.copy(), g.copy()
                    got = outcome(fast, i, copy.deepcopy(ev))
                    with monkeypatch.context() as m:
                        m.setitem(act.ACTIONS, "attack", long_way)
                        want = outcome(slow, i, copy.deepcopy(ev))
                    assert got == want, (i, ev)
                    compared += 1
                    refused += got[0] == "refused"
            g.apply(i, event)
    assert compared > 100 and refused > 10
