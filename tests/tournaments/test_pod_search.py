"""Pods are chosen over whole rounds: Arbiter's split against every split of small fields.

Each field plays a few rounds paired by Arbiter with random finishing places; then the next round's
pods are compared with an exhaustive enumeration of every split into pods of the same sizes, on
repeat opponents first and points spread second (the order of pods' costs, tournaments.algorithms.pods).
"""

import random
from itertools import combinations

import pytest

from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, GameRecord, SeatResult
from tournaments.algorithms.pod_search import best_split
from tournaments.algorithms.pods import PodOptions, pair_pod_round, pod_sizes
from tournaments.algorithms.rules import ScoringRules

PLACES = ScoringRules(placement=(3, 2, 1, 0))


def splits(players, sizes):
    """Every split of ``players`` into pods of ``sizes`` (a multiset), each once."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            taken = set(companions)
            for tail in splits([p for p in rest if p not in taken], left):
                yield [(first, *companions), *tail]


def play(number, pairings, rng):
    out = []
    for p in pairings:
        seats = list(p.players)
        rng.shuffle(seats)
        out.append(
            GameRecord(
                number,
                tuple(
                    SeatResult(pid, "win" if i == 0 else "loss", rank=i + 1) for i, pid in enumerate(seats)
                ),
            )
        )
    return out


def quality(pods, history):
    repeats = sum(len(history.rounds_met(a, b)) for pod in pods for a, b in combinations(pod, 2))
    spread = sum(max(history.points[p] for p in pod) - min(history.points[p] for p in pod) for pod in pods)
    return repeats, spread


@pytest.mark.parametrize(("players", "seed"), [(n, s) for n in (6, 7, 8, 9, 10, 11, 12) for s in (1, 2)])
def test_pods_are_as_good_as_the_best_of_every_split(players, seed):
    rng = random.Random(seed)
    competitors = [Competitor(f"p{i}", seed=i) for i in range(players)]
    results = []
    options = PodOptions(scoring=PLACES)
    for number in range(1, 5):
        pairings = pair_pod_round(competitors, results, number, options)
        history = EventHistory(competitors, results, PLACES, before_round=number)
        ours = quality([p.players for p in pairings], history)
        ids = [c.id for c in competitors]
        best = min(quality(s, history) for s in splits(ids, pod_sizes(players)))
        assert ours == best, f"round {number}: {ours} where {best} was possible"
        results += play(number, pairings, rng)


def test_beyond_the_budget_the_search_says_it_is_not_exact_and_never_worsens_the_draft():
    """A field too large for the exact search within a tiny budget: the neighbourhood heuristic
    keeps the best split found and says it was not exhaustive."""
    rng = random.Random(3)
    ids = list(range(24))
    met = {frozenset(rng.sample(ids, 2)) for _ in range(40)}

    def cost(pod):
        return (sum(1 for a, b in combinations(pod, 2) if frozenset((a, b)) in met), max(pod) - min(pod))

    draft = [ids[i : i + 4] for i in range(0, 24, 4)]
    split = best_split(draft, cost, budget=50)
    assert not split.exact
    assert sorted(p for pod in split.pods for p in pod) == ids
    draft_cost = tuple(map(sum, zip(*(cost(p) for p in draft), strict=True)))
    assert split.cost <= draft_cost
    assert split.cost == tuple(map(sum, zip(*(cost(p) for p in split.pods), strict=True)))
