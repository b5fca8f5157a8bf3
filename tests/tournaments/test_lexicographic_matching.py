"""The matching core: tiered costs compare lexicographically, checked against brute force."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.algorithms.matching import combine_tiers, min_cost_perfect_matching


def perfect_matchings(nodes):
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, partner in enumerate(rest):
        for m in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, partner), *m]


def test_one_unit_of_a_higher_tier_outweighs_any_amount_of_lower_tiers():
    # Four players: pairing 0-1 / 2-3 costs one rematch; 0-2 / 1-3 costs a lot of everything else.
    tiers = {
        (0, 1): (1, 0, 0),
        (2, 3): (0, 0, 0),
        (0, 2): (0, 5, 900),
        (1, 3): (0, 5, 900),
        (0, 3): (1, 0, 0),
        (1, 2): (1, 0, 0),
    }
    matching = min_cost_perfect_matching(range(4), combine_tiers(tiers, pairs=2))
    assert sorted(tuple(sorted(e)) for e in matching) == [(0, 2), (1, 3)]


def test_no_perfect_matching_is_none():
    assert min_cost_perfect_matching(range(4), {(0, 1): 0, (1, 2): 0, (0, 2): 0}) is None
    assert min_cost_perfect_matching(range(3), {(0, 1): 0}) is None
    assert min_cost_perfect_matching([], {}) == []


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_combined_costs_find_the_lexicographic_optimum(data):
    n = data.draw(st.sampled_from([2, 4, 6, 8]))
    tier = st.tuples(st.integers(0, 2), st.integers(0, 3), st.integers(0, 50))
    edges = {}
    for u, v in combinations(range(n), 2):
        if data.draw(st.booleans()) or v == u + 1:  # keep a perfect matching available
            edges[(u, v)] = data.draw(tier)
    matching = min_cost_perfect_matching(range(n), combine_tiers(edges, n // 2))

    def total(m):
        cost = [0, 0, 0]
        for u, v in m:
            for i, value in enumerate(edges[(min(u, v), max(u, v))]):
                cost[i] += value
        return tuple(cost)

    feasible = [m for m in perfect_matchings(list(range(n))) if all((min(e), max(e)) in edges for e in m)]
    assert total(matching) == min(total(m) for m in feasible)
