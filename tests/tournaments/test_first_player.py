"""Who plays first: the first seat of each Swiss game (listed first), balanced across rounds.

The player who has gone first less often goes first; on a tie the one who went second in their
latest game; on a tie again (round 1) the higher-ranked at odd tables, the lower-ranked at even."""

import random

from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.swiss import SwissPairer


def test_round_one_alternates_by_table():
    field = [Competitor(i, f"P{i}", seed=i) for i in range(1, 9)]
    pairings = SwissPairer().pair(field, [], 1)
    assert [(p.a, p.b) for p in pairings] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_first_seats_stay_balanced_over_an_event():
    rng = random.Random(5)
    field = [Competitor(i, f"P{i}", seed=i) for i in range(1, 17)]
    results = []
    pairer = SwissPairer()
    for number in range(1, 7):
        for p in pairer.pair(field, results, number):
            outcome = rng.choice(["win", "loss", "draw"])
            results.append(ResultRecord(number, (p.a, p.b), outcome))
    history = EventHistory(field, results)
    firsts = [history.times_first(c.id) for c in field]
    # Six games each: three first and three second, give or take one.
    assert all(2 <= f <= 4 for f in firsts), firsts
    assert sum(firsts) == 8 * 6
