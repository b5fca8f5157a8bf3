"""check_event on Pandemonium events (HR-16): pod rounds are re-derived as pods, never as pairs.

Pairing the pool of a pod round as two-seat games pooled every pod player and, with an odd pool
(13 players: 4 + 3 + 3 + 3), looked for a perfect matching that cannot exist, forever."""

import random
from itertools import combinations

import pytest

from tournaments.algorithms.checks import find_discrepancies
from tournaments.algorithms.players import Competitor, GameRecord, Pairing, SeatResult
from tournaments.algorithms.pods import PodOptions, pair_pod_round
from tournaments.algorithms.rules import EventRules, ScoringRules

PLACES = ScoringRules(placement=(3, 2, 1, 0))


def play(round_number, pairings, rng):
    """Finishing places drawn at random, ties included (two seats may share a place)."""
    records = []
    for p in pairings:
        seats = list(p.players)
        rng.shuffle(seats)
        places = []
        for i, _ in enumerate(seats):
            if i and rng.random() < 0.2:
                places.append(places[-1])  # tied with the seat before
            else:
                places.append(i + 1)
        records.append(
            GameRecord(
                round_number,
                tuple(
                    SeatResult(pid, "win" if rank == 1 else "loss", rank=rank)
                    for pid, rank in zip(seats, places, strict=True)
                ),
            )
        )
    return records


def pandemonium(players: int, rounds: int, seed: int):
    rng = random.Random(seed)
    competitors = [Competitor(f"p{i}", f"P{i}", seed=i) for i in range(1, players + 1)]
    options = PodOptions(scoring=PLACES)
    paired, results = {}, []
    for number in range(1, rounds + 1):
        paired[number] = pair_pod_round(competitors, results, number, options)
        results += play(number, paired[number], rng)
    return competitors, paired, results


@pytest.mark.parametrize("players", [13, 14])
def test_a_pandemonium_event_paired_by_arbiter_checks_clean(players):
    competitors, rounds, results = pandemonium(players, 4, seed=players)
    assert sorted(len(p.players) for p in rounds[1]) == ([3, 3, 3, 4] if players == 13 else [3, 3, 4, 4])
    assert find_discrepancies(competitors, rounds, results, EventRules(scoring=PLACES)) == []


@pytest.mark.parametrize("players", [13, 14])
def test_pods_that_repeat_avoidable_opponents_are_reported(players):
    """Round 2 seats round 1's pods again: every pod is a rematch, and the pods of round 2 as the
    pairer draws them show a split with none."""
    competitors, rounds, results = pandemonium(players, 1, seed=players)
    again = [Pairing(p.table, p.a, p.b, "test", p.others) for p in rounds[1]]
    rng = random.Random(0)
    results += play(2, again, rng)
    problems = find_discrepancies(competitors, {1: rounds[1], 2: again}, results, EventRules(scoring=PLACES))
    repeats = sum(len(list(combinations(p.players, 2))) for p in again)
    assert problems == [
        f"round 2: the pods hold {repeats} repeat opponent(s) (table(s) "
        f"{', '.join(str(p.table) for p in again)}), but a split of the round's players into pods of the "
        "same sizes has only 0"
    ]
