"""The shortcuts of the turn's hottest steps give what the long way gives, over simulated games of every mode:

- ``Dice.roll`` takes a seeded roll the log leaves out, and a recorded roll of dice already read once in pool
  order, without ``_roll`` (HR-8.8.3, HR-2.6.1, LOG-4.3): the same hits, draws and refusals as ``_roll``;
- ``flow.start_turn`` starts a turn with no Deploy-phase check owed (Skirmish, a rival's turn) with the check
  done, so no settle follows its end: the same game as when ``deploy_phase_checks`` runs after every turn start
  (HR-16.8.1, HR-17.7.1, HR-13.14.1, HR-14.11.1);
- ``flow.camp_count`` counts the non-hero units in a camp as ``units_in_camp`` lists them (AMB-18, HR-15.6.3).
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.hoplomachus import dice as dice_mod
from engine.games.hoplomachus import flow
from engine.games.hoplomachus import queries as q
from tests.engine.hoplomachus.conftest import replayed_both_ways, simulated_replays

GAME = "hoplomachus-remastered"
MODES = {"skirmish", "pandemonium", "alliance", "assault", "ascension"}


def replays(seeds):
    return simulated_replays(seeds, copies=2)


def outcome(g, i, event):
    try:
        g.apply(i, event)
    except (IllegalEvent, UnreadableLog) as exc:
        return ("refused", exc.rule)
    counter = None if g.dice.stream is None else g.dice.stream.counter  # the seed's draws taken
    return ("applied", g.view(), g.s.stats, g.s.over, event.get("dice"), counter)


def long_roll(self, pool, given, what, rule="HR-8.8.3"):
    """Dice.roll by _roll alone."""
    return self._roll(pool, given, what, rule)


def long_start(start_turn):
    def started(g):
        start_turn(g)
        g.s.turn["deploy_checked"] = False  # as before the shortcut: deploy_phase_checks runs after it

    return started


@pytest.mark.parametrize("seeds", [range(0, 10), range(10, 20)])
def test_turn_shortcuts_replay_as_the_long_way(seeds):
    """Each event of simulated games, by the shortcuts and by the long way: the same state after it."""

    def long_way(m):
        m.setattr(dice_mod.Dice, "roll", long_roll)
        m.setattr(flow, "start_turn", long_start(flow.start_turn))

    modes, compared = set(), 0
    for log, i, event, _, got, want in replayed_both_ways(seeds, outcome, long_way):
        modes.add(log["setup"]["mode"])
        assert got == want, (log["setup"]["mode"], i, event)
        compared += 1
    assert compared > 1000
    assert len(modes) >= 3


def test_all_five_modes_are_replayed():
    assert {log["setup"]["mode"] for log, _, _ in replays(range(20))} == MODES


@pytest.mark.parametrize(
    "given",
    [
        ["red:hit", "blue:miss"],  # a colour not in the pool
        ["black:hit"],  # too few dice
        ["blue:miss", "black:hit"],  # the pool's colours in another order: accepted, in the order logged
        ["black:hit", 3],  # not a die
        "black:hit",  # not a list
        ["black:hit", "blue:maybe"],  # not a result
    ],
)
def test_hr_8_8_3_recorded_rolls_outside_the_shortcut_are_read_as_before(given):
    """HR-8.8.3: a recorded roll the shortcut does not take is read by _roll, with _roll's refusal."""
    info = engine.game(GAME)
    log = engine.simulate(GAME, 1, randomness="recorded")
    g = info.ruleset.start(copy.deepcopy(log))
    pool = ["black", "blue"]
    g.dice.roll(pool, ["black:hit", "blue:miss"], "warm")  # every die read once

    def result(call):
        try:
            return ("ok", call())
        except (IllegalEvent, UnreadableLog) as exc:
            return ("refused", exc.rule, exc.message)

    assert result(lambda: g.dice.roll(pool, copy.deepcopy(given), "the roll")) == result(
        lambda: g.dice._roll(pool, copy.deepcopy(given), "the roll", "HR-8.8.3")
    )


def test_amb_18_camp_count_matches_units_in_camp():
    """AMB-18: the units counted toward a Skirmish camp of four are its non-hero units in camp."""
    counted = 0
    for log, g, _ in replays(range(12)):
        for i, event in enumerate(log["events"]):
            g.apply(i, event)
            for troop in g.s.turn["seats"]:
                assert flow.camp_count(g, troop) == len(q.units_in_camp(g, troop, heroes=False))
                counted += 1
    assert counted > 1000


def test_hr_8_8_3_a_recorded_roll_read_again_is_read_as_the_first_time():
    """HR-8.8.3, HR-2.6.1: a recorded roll logged again (Dice._rolls) gives the hits it gave the first time, as
    _roll reads them; the same dice against another pool take _roll's refusal; the hits given are the caller's
    own list."""
    info = engine.game(GAME)
    log = engine.simulate(GAME, 1, randomness="recorded")
    g = info.ruleset.start(copy.deepcopy(log))
    pool, given = ["black", "blue"], ["black:hit", "blue:miss"]
    g.dice.roll(pool, list(given), "warm")  # every die read once (by _roll)
    first, _ = g.dice.roll(pool, list(given), "the roll")  # by the shortcut, which keeps the roll
    assert tuple(given) in g.dice._rolls
    first.append(True)  # the caller's list: changing it changes no later roll
    again, _ = g.dice.roll(pool, list(given), "the roll")
    assert again == [True, False] == g.dice._roll(pool, list(given), "the roll", "HR-8.8.3")[0]
    with pytest.raises(IllegalEvent) as refused:
        g.dice.roll(["blue", "blue"], list(given), "the roll")
    with pytest.raises(IllegalEvent) as long_way:
        g.dice._roll(["blue", "blue"], list(given), "the roll", "HR-8.8.3")
    assert refused.value.rule == long_way.value.rule
