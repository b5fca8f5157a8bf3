"""Minimum-cost perfect matching with lexicographic costs, on networkx's blossom algorithm.

Pairing constraints are ranked: one avoidable rematch is worse than any sum of squared
score differences, which is worse than any number of same-club games, and so on. Each edge
therefore carries a tuple of non-negative integer *tiers*, most important first, and
:func:`combine_tiers` folds the tuples into one integer per edge with multipliers large
enough that no amount of a lower tier can outweigh one unit of a higher tier over a whole
perfect matching. Python integers do not overflow, and networkx's matching stays exact on
integer weights, so the order of priorities is kept exactly.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

import networkx as nx

Edge = tuple[Hashable, Hashable]


def combine_tiers(tiers: Mapping[Edge, Sequence[int]], pairs: int) -> dict[Edge, int]:
    """Fold per-edge tier tuples (most important first) into single integer costs.

    ``pairs`` is the number of edges in a perfect matching. Every tuple must have the same
    length and only non-negative entries. Returns {edge: cost}; comparing the total cost of
    two perfect matchings then compares their summed tiers lexicographically.
    """
    if not tiers:
        return {}
    width = len(next(iter(tiers.values())))
    highest = [max(t[i] for t in tiers.values()) for i in range(width)]
    multipliers = [0] * width
    ceiling = 0  # the most that tiers below the current one can add up to over a matching
    for i in reversed(range(width)):
        multipliers[i] = ceiling + 1
        ceiling += pairs * highest[i] * multipliers[i]
    return {
        edge: sum(t * m for t, m in zip(values, multipliers, strict=True)) for edge, values in tiers.items()
    }


def min_cost_perfect_matching(nodes: Iterable[Hashable], costs: Mapping[Edge, int]) -> list[Edge] | None:
    """The cheapest perfect matching of ``nodes`` using only the edges in ``costs``.

    Returns the matched edges, or None when the edges admit no perfect matching. Ties
    between equally cheap matchings are broken by networkx, deterministically for a given
    insertion order of nodes and edges.
    """
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    if graph.number_of_nodes() % 2:
        return None
    if graph.number_of_nodes() == 0:
        return []
    costs = _reduced(costs)
    top = max(costs.values(), default=0) + 1
    # max_weight_matching with maxcardinality first maximises the number of pairs, then the
    # weight; with weight = top - cost that is the cheapest among the largest matchings.
    graph.add_weighted_edges_from((u, v, top - c) for (u, v), c in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != graph.number_of_nodes():
        return None
    return list(matching)


def _reduced(costs: Mapping[Edge, int]) -> dict[Edge, int]:
    """Costs minus, node by node, the cheapest edge still touching that node.

    Every perfect matching uses exactly one edge at each node, so subtracting a constant
    from all edges of one node lowers every perfect matching's cost by the same amount and
    keeps the optimum. It narrows the range of weights the blossom algorithm has to close
    with dual updates, which is what makes it slow; a node whose edges all carry a large
    penalty (a float-down node, say) no longer costs many rounds of updates.
    """
    reduced = dict(costs)
    incident: dict[Hashable, list[Edge]] = {}
    for edge in reduced:
        incident.setdefault(edge[0], []).append(edge)
        incident.setdefault(edge[1], []).append(edge)
    for edges in incident.values():
        cheapest = min(reduced[e] for e in edges)
        if cheapest:
            for e in edges:
                reduced[e] -= cheapest
    return reduced
