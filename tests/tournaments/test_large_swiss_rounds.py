"""Large fields are paired score group by score group, in windows of a few tables; the result is
held to the same bounds as the exact matching: no rematch, and the least sum of squared point
differences any pairing can have (swiss_solver.score_bound)."""

import random

import pytest

from tournaments.algorithms.checks import find_discrepancies
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.rules import EventRules
from tournaments.algorithms.swiss import SwissOptions, SwissPairer
from tournaments.algorithms.swiss_solver import entries, score_bound


@pytest.mark.parametrize(("players", "clubs"), [(301, 5), (400, 40)])
def test_a_large_event_pairs_every_round_without_rematch_at_the_score_bound(players, clubs):
    rng = random.Random(players)
    field = [
        Competitor(i, f"P{i}", rating=rng.randrange(1000, 2000), club=f"C{i % clubs}") for i in range(players)
    ]
    pairer = SwissPairer(SwissOptions())
    results, schedule = [], {}
    for number in range(1, 7):
        pairings = pairer.pair(field, results, number)
        schedule[number] = pairings
        history = EventHistory(field, results, before_round=number)
        games = [p for p in pairings if p.b is not None]
        assert sum(len(history.rounds_met(p.a, p.b)) for p in games) == 0
        paired = [pid for p in games for pid in p.players]
        squares = sum(round((history.points[p.a] - history.points[p.b]) ** 2 * 100) for p in games)
        assert squares == score_bound(entries(paired, history))
        same_club = sum(1 for p in games if p.a % clubs == p.b % clubs)
        assert same_club <= len(games) // 20  # club-mates kept apart in nearly every game
        for p in pairings:
            if p.b is None:
                results.append(ResultRecord.bye(number, p.a))
            else:
                results.append(ResultRecord(number, (p.a, p.b), rng.choice(["win", "loss", "draw"])))
    assert find_discrepancies(field, schedule, results, EventRules()) == []
