"""The split of a round's players into pods that costs least, over whole rounds.

A split's cost is the sum over its pods of a tuple (compared lexicographically) that the caller
computes per pod, e.g. (same-faction pairs, repeat opponents, points spread, rank spread) for
Pandemonium (tournaments.algorithms.pods). Every entry must be non-negative, so a partial split
never costs more than any split that completes it; that is what lets the search prune.

How the split is found (:func:`best_split`):

1. **Draft and hill climb.** The caller's draft (normally the ranking poured into pods from the
   top table) is improved by swapping two players of different pods while a swap lowers the
   total. This gives an upper bound quickly.
2. **Exact search.** A depth-first branch and bound over every split into pods of the draft's
   sizes: the best-ranked player not yet seated opens the next pod with each size left and each
   choice of companions; a branch is cut as soon as
   its partial cost reaches the best complete split found so far. When the search finishes
   within ``budget`` pod evaluations the result is the exact optimum (:attr:`Split.exact`). Up to
   12 players the search needs fewer than 16,000 evaluations and always finishes; somewhat larger
   fields often finish too, because the bound cuts most branches.
3. **Beyond the budget (the documented heuristic).** The best split found so far is improved by
   *large-neighbourhood moves*: every group of three pods that holds a repeat opponent (or any
   cost in the first two entries) is re-split exactly together with its neighbours at the
   adjacent tables, repeatedly, until no such re-split lowers the total. Each re-split is an exact
   search of at most 12 players, so a round of hundreds of pods stays fast; the result is
   optimal for every three pods taken together, not necessarily for the whole round.

Deterministic: the same players, sizes and costs always give the same split.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

PodCost = Callable[[Sequence[Hashable]], tuple]

# Pod evaluations the exact search may spend before the heuristic takes over.
DEFAULT_BUDGET = 50_000


@dataclass(frozen=True)
class Split:
    pods: list[list[Hashable]]
    cost: tuple
    exact: bool  # True when no split of these players has a lower cost


def add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def total(pods: Sequence[Sequence[Hashable]], cost: PodCost) -> tuple:
    costs = [cost(p) for p in pods]
    out = costs[0]
    for c in costs[1:]:
        out = add(out, c)
    return out


def best_split(draft: list[list[Hashable]], cost: PodCost, budget: int = DEFAULT_BUDGET) -> Split:
    """The cheapest split of the draft's players into pods of the draft's sizes (see the module
    docstring). The draft's player order (pod by pod) is the order the search seats players in,
    so give the best-ranked first."""
    pods = _hill_climb([list(p) for p in draft], cost)
    best = total(pods, cost)
    order = [pid for pod in draft for pid in pod]
    sizes = sorted((len(p) for p in draft), reverse=True)
    found, found_cost, finished = _branch_and_bound(order, sizes, cost, best, budget)
    if found is not None:
        pods, best = found, found_cost
    if finished:
        return Split(_in_draft_order(pods, order), best, True)
    pods, best = _large_neighbourhood(pods, cost, best)
    return Split(_in_draft_order(pods, order), best, False)


def _in_draft_order(pods: list[list[Hashable]], order: list[Hashable]) -> list[list[Hashable]]:
    """Each pod's players in draft order, and pods by size (largest first), then by their best player."""
    at = {pid: i for i, pid in enumerate(order)}
    pods = [sorted(p, key=at.__getitem__) for p in pods]
    return sorted(pods, key=lambda p: (-len(p), at[p[0]]))


def _hill_climb(pods: list[list[Hashable]], cost: PodCost) -> list[list[Hashable]]:
    costs = [cost(p) for p in pods]
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(pods)), 2):
            for x in range(len(pods[i])):
                for y in range(len(pods[j])):
                    a, b = list(pods[i]), list(pods[j])
                    a[x], b[y] = b[y], a[x]
                    new_a, new_b = cost(a), cost(b)
                    if add(new_a, new_b) < add(costs[i], costs[j]):
                        pods[i], pods[j], costs[i], costs[j] = a, b, new_a, new_b
                        improved = True
    return pods


def _branch_and_bound(
    order: list[Hashable], sizes: list[int], cost: PodCost, bound: tuple, budget: int
) -> tuple[list[list[Hashable]] | None, tuple, bool]:
    """Depth-first search for a split into pods of ``sizes`` strictly cheaper than ``bound``. Returns (the best split
    found or None, its cost, whether the search finished within ``budget``)."""
    zero = tuple(0 for _ in bound)
    best: list = [None, bound]
    spent = [0]

    def search(remaining: list[Hashable], sizes_left: list[int], chosen: list, partial: tuple) -> bool:
        if not remaining:
            best[0], best[1] = [list(p) for p in chosen], partial
            return True
        first, rest = remaining[0], remaining[1:]
        for size in sorted(set(sizes_left), reverse=True):
            left = list(sizes_left)
            left.remove(size)
            for companions in combinations(rest, size - 1):
                spent[0] += 1
                if spent[0] > budget:
                    return False
                pod = (first, *companions)
                step = add(partial, cost(pod))
                if step >= best[1]:
                    continue
                taken = set(companions)
                chosen.append(pod)
                ok = search([p for p in rest if p not in taken], left, chosen, step)
                chosen.pop()
                if not ok:
                    return False
        return True

    finished = search(order, sizes, [], zero)
    return best[0], best[1], finished


def _large_neighbourhood(
    pods: list[list[Hashable]], cost: PodCost, best: tuple
) -> tuple[list[list[Hashable]], tuple]:
    """Re-split three pods at a time exactly (the pods with a cost in the first two entries,
    each with its two nearest tables) until no re-split helps."""
    improved = True
    while improved:
        improved = False
        for i in range(len(pods)):
            if not any(cost(pods[i])[:2]):
                continue
            for window in _windows(i, len(pods)):
                group = [pods[k] for k in window]
                before = total(group, cost)
                order = [pid for pod in group for pid in pod]
                sizes = sorted((len(p) for p in group), reverse=True)
                found, after, _ = _branch_and_bound(order, sizes, cost, before, DEFAULT_BUDGET)
                if found is not None and after < before:
                    for k, pod in zip(window, found, strict=True):
                        pods[k] = list(pod)
                    improved = True
    return pods, total(pods, cost)


def _windows(i: int, count: int) -> list[tuple[int, ...]]:
    """Sets of up to three table indices around table ``i``: with both neighbours, with the next
    two, and with the previous two (tables near in the ranking are near in points)."""
    candidates = [(i - 1, i, i + 1), (i, i + 1, i + 2), (i - 2, i - 1, i)]
    out = []
    for w in candidates:
        w = tuple(k for k in w if 0 <= k < count)
        if len(w) >= 2 and w not in out:
            out.append(w)
    return out
