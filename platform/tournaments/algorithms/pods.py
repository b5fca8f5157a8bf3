"""Swiss pods for free-for-all games of three or four seats (Hoplomachus' Pandemonium, HR-16).

A round splits the active players into pods of 3 or 4 (:func:`pod_sizes`): as many pods of four
as the field allows, the rest of three, so every field from 3 players up seats everyone except
5 (4 + 1 and 3 + 2 both leave a pod too small to play, so the pairing says so and asks the
organizer to add or drop a player). Pods of four take the top tables.

Players are ranked as for a Swiss round (tournament points, then the event's tiebreaks; round 1
by seeding or by a replayable shuffle), then poured into the pods from the top table down (the
"slide": the best four at table 1, and so on). From that draft the split of the whole round is
searched (tournaments.algorithms.pod_search) for the lowest total, in this order of importance:

0. same faction (only with ``distinct_factions``, for a game in which every troop at a table plays
   its own faction, e.g. Hoplomachus Pandemonium, HR-16.2.3 and AMB-17): pairs of players in one pod
   who registered the same faction. Such a pod cannot be played at all, which is worse than any
   rematch; it is kept only when no split separates them (a faction with more players than there
   are pods, or every player on one faction), and its reason then starts with a warning;
1. repeat opponents: pairs of players who already met in a pod (each earlier meeting counts);
2. the points spread inside pods (a pod's highest points minus its lowest, summed over pods);
3. the rank spread inside pods (the same over positions in the ranking).

The search is exact (every split considered, by branch and bound) when it finishes within its
budget, which it always does up to 12 players; beyond, it keeps the best split found and improves
it by re-splitting three neighbouring pods at a time exactly (see pod_search). A pod's reason says
which: "no split of the round" when the search was exact, "no re-split of neighbouring pods"
otherwise. Rematches are avoided where possible, never forbidden: a small field that must meet
again still gets its round. The same input always gives the same pods.

Pure: no ORM. Points come from :class:`~tournaments.algorithms.history.EventHistory`, where a
pod's seats score by finishing place (tournaments.algorithms.placement_points).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tournaments.algorithms.errors import PairingError
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import (
    AnyRecord,
    Competitor,
    Pairing,
    PlayerId,
    seeding_order,
    shared_factions,
)
from tournaments.algorithms.pod_search import best_split
from tournaments.algorithms.rules import ScoringRules, format_points
from tournaments.algorithms.standings import DEFAULT_ORDER, rank

SMALLEST_POD = 3  # HR-16: Pandemonium is played by three or four troops
LARGEST_POD = 4


@dataclass(frozen=True)
class PodOptions:
    """An event's settings for pod rounds: how points are scored, how ties in points are ranked,
    and how round 1 is drawn (``"seeded"`` or ``"random"`` with ``random_seed``).
    ``distinct_factions`` keeps players of the same registered faction in different pods above all
    else (tier 0 of the swaps)."""

    scoring: ScoringRules = ScoringRules()
    ranking_order: tuple[str, ...] = DEFAULT_ORDER
    first_round: str = "seeded"
    random_seed: int | None = None
    smallest: int = SMALLEST_POD
    largest: int = LARGEST_POD
    distinct_factions: bool = False


def pod_sizes(players: int, smallest: int = SMALLEST_POD, largest: int = LARGEST_POD) -> list[int]:
    """The pod sizes for ``players``, largest pods first: 10 → [4, 3, 3], 12 → [4, 4, 4], 9 → [3, 3, 3].

    Raises PairingError, in words an organizer can act on, when no split fits (fewer than
    ``smallest`` players, or 5 with pods of 3–4)."""
    if players < smallest:
        raise PairingError(
            f"{players} active player(s): a pod needs at least {smallest}. Add players (or a ringer) to pair a round."
        )
    for large in range(players // largest, -1, -1):
        rest = players - large * largest
        for size in range(largest - 1, smallest - 1, -1):
            if rest % size == 0:
                return [largest] * large + [size] * (rest // size)
    raise PairingError(
        f"{players} active players cannot sit in pods of {smallest}–{largest}: every split leaves a pod "
        f"of fewer than {smallest}. Add a player (or the ringer) or drop one, then pair again."
    )


def pair_pod_round(
    competitors: Sequence[Competitor],
    results: Sequence[AnyRecord],
    round_number: int,
    options: PodOptions | None = None,
) -> list[Pairing]:
    """Pods for ``round_number`` from the results of earlier rounds, top table first.

    Each Pairing seats ``a``, ``b`` and then ``others`` in ranking order, with a one-line reason.
    Raises PairingError when the active players cannot fill pods (see :func:`pod_sizes`).
    """
    opts = options or PodOptions()
    if round_number < 1:
        raise PairingError(f"rounds are numbered from 1, not {round_number}")
    history = EventHistory(competitors, results, opts.scoring, before_round=round_number)
    ranked = [pid for pid in _ranking(competitors, results, history, round_number, opts)]
    active = [pid for pid in ranked if not history.competitors[pid].dropped]
    sizes = pod_sizes(len(active), opts.smallest, opts.largest)
    position = {pid: i for i, pid in enumerate(active)}
    pods, start = [], 0
    for size in sizes:
        pods.append(active[start : start + size])
        start += size
    faction = {pid: history.competitors[pid].faction if opts.distinct_factions else None for pid in active}
    split = best_split(pods, lambda pod: _pod_cost(pod, history, position, faction))
    first_round = not any(history.games[pid] for pid in active)
    pairings = []
    for table, pod in enumerate(split.pods, start=1):
        pod = sorted(pod, key=position.__getitem__)
        reason = _reason(pod, history, first_round, opts, faction, split.exact)
        pairings.append(Pairing(table, pod[0], pod[1], reason, tuple(pod[2:])))
    return pairings


def _ranking(competitors, results, history: EventHistory, round_number: int, opts: PodOptions) -> list:
    if not any(history.games.values()) and opts.first_round == "random":
        if opts.random_seed is None:
            raise PairingError(
                "a random first round needs the event's random seed, so that the draw can be replayed"
            )
        order = [c.id for c in seeding_order(competitors)]
        random.Random(opts.random_seed).shuffle(order)
        return order
    rows = rank(competitors, results, opts.ranking_order, rules=opts.scoring, before_round=round_number)
    # Points first whatever the tiebreak order (a Swiss score group); the order ranks within them.
    return [row.player_id for row in sorted(rows, key=lambda row: -history.points[row.player_id])]


def _same_faction(pod: Sequence[PlayerId], faction: dict) -> list[tuple[PlayerId, PlayerId]]:
    """The pairs of the pod's players who registered the same faction (none without factions)."""
    return [(a, b) for a, b in combinations(pod, 2) if shared_factions(faction[a], faction[b])]


def _pod_cost(
    pod: Sequence[PlayerId], history: EventHistory, position: dict, faction: dict
) -> tuple[int, int, float, int]:
    clashes = len(_same_faction(pod, faction))
    repeats = sum(len(history.rounds_met(a, b)) for a, b in combinations(pod, 2))
    points = [history.points[p] for p in pod]
    ranks = [position[p] for p in pod]
    return clashes, repeats, max(points) - min(points), max(ranks) - min(ranks)


def _searched(exact: bool) -> str:
    return "no split of the round" if exact else "no re-split of neighbouring pods"


def _reason(
    pod: list[PlayerId],
    history: EventHistory,
    first_round: bool,
    opts: PodOptions,
    faction: dict,
    exact: bool,
) -> str:
    text = _score_reason(pod, history, first_round, opts, exact)
    clashes = _same_faction(pod, faction)
    if not clashes:
        return text
    shared = sorted({f for a, b in clashes for f in shared_factions(faction[a], faction[b])})
    names = "; ".join(
        f"{history.competitors[a].label} and {history.competitors[b].label}" for a, b in clashes
    )
    return (
        f"warning: same faction ({', '.join(shared)}) twice in the pod ({names}), which the game does not "
        f"allow; {_searched(exact)} has fewer such pairs; {text}"
    )


def _score_reason(
    pod: list[PlayerId], history: EventHistory, first_round: bool, opts: PodOptions, exact: bool
) -> str:
    size = f"pod of {len(pod)}"
    if first_round:
        how = (
            "random draw (replayable from the event's seed)" if opts.first_round == "random" else "by seeding"
        )
        return f"{size}, round 1 {how}"
    points = [history.points[p] for p in pod]
    high, low = max(points), min(points)
    group = f"{format_points(high)} pts" if high == low else f"{format_points(high)}–{format_points(low)} pts"
    met = [(a, b, history.rounds_met(a, b)) for a, b in combinations(pod, 2) if history.rounds_met(a, b)]
    if not met:
        return f"{size}, {group}, no one met before"
    names = "; ".join(
        f"{history.competitors[a].label} and {history.competitors[b].label} met in round "
        f"{', '.join(map(str, rounds))}"
        for a, b, rounds in met
    )
    # Same-faction pairs weigh more than rematches: with factions the claim holds among splits with as few.
    as_few = " with as few same-faction pairs" if opts.distinct_factions else ""
    return f"{size}, {group}; {_searched(exact)}{as_few} has fewer rematches: {names}"
