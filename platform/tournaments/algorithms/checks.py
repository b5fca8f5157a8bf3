"""Audit an event's pairings against its rules: a list of human-readable discrepancies.

:func:`find_discrepancies` is what a ``check_event`` command prints. Definitions:

* **Paired twice** — a player appears at more than one table of a round.
* **Paired after dropping** — a competitor with ``dropped_after_round = d`` is paired in a
  round after ``d``.
* **Too many byes** — a player's byes exceed ``EventRules.max_byes``. Byes are the rounds
  in which the player was paired without an opponent or has a bye result; ``had_bye``
  counts as one bye when neither shows any (it means "has had at least one").
* **Result without pairing** — a result of a round names players who were not paired
  together (or given a bye) in that round.

For Swiss rounds only (``EventRules.swiss_rounds``), with the *pool* of a round being the
players paired against an opponent (the bye is set aside), *score groups* being the players
of the pool on equal points before the round, and two groups *adjacent* when no group of the
pool lies between their point totals:

* **Avoidable same-faction game** (only with ``EventRules.distinct_factions``) — the round
  pairs more players of one registered faction than the fewest any perfect matching of its
  pool has. Such a game cannot be played (Hoplomachus Skirmish, AMB-17), so it weighs above a
  rematch: the rematch and score-group checks below count only among matchings with the
  fewest of them.
* **Avoidable rematch** — the round has more rematches than the fewest any perfect matching
  of its pool has; in particular, any rematch when a rematch-free pairing existed.
* **Wider floats than needed** — the round's pairs' squared differences in points add up to
  more than the least any perfect matching with the fewest rematches has (the Swiss pairer's
  score cost: one float across two groups weighs more than two floats across one). Every pair
  between score groups is then named with that sum and the least.

Both are decided with networkx matchings on the pool: first on a sparse candidate graph
(each player's nearest neighbours by points), widened until it finds a pairing with no
rematch and the least squared differences any matching can have (the bound of
``swiss_solver.score_bound``) or becomes the complete graph, so the answer is exact either way.

A round of pods (free-for-all tables of three or more, tournaments.algorithms.pods) is
re-derived instead: the split of its players into pods of the same sizes is searched
(tournaments.algorithms.pod_search, starting from the stored pods) for fewer same-faction
pairs, then fewer repeat opponents, then a smaller points spread, and each of the three is
reported when the search finds a split that is better on it (with the ones above no worse).
Each report is then true: such a split exists. The search is exact up to 12 players and a
bounded heuristic beyond, so it always ends.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from itertools import combinations

from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.matching import combine_tiers, min_cost_perfect_matching
from tournaments.algorithms.players import (
    Competitor,
    Pairing,
    PlayerId,
    ResultRecord,
    index_competitors,
    shared_factions,
)
from tournaments.algorithms.pod_search import best_split
from tournaments.algorithms.rules import EventRules, format_points
from tournaments.algorithms.swiss import fewest_mirrors

_FIRST_WIDTH = 8


def find_discrepancies(
    competitors: Sequence[Competitor],
    rounds: Mapping[int, Sequence[Pairing]],
    results: Sequence[ResultRecord],
    rules: EventRules | None = None,
) -> list[str]:
    """Every discrepancy between the event's pairings/results and its rules, one line each.

    ``rounds`` maps a round number to that round's pairings. Returns an empty list for a
    clean event. Results naming unknown players are reported, not raised; raises
    InvalidInput only for duplicate competitor ids.
    """
    rules = rules or EventRules()
    by_id = index_competitors(competitors)
    problems: list[str] = []

    def name(pid: PlayerId) -> str:
        return by_id[pid].label if pid in by_id else repr(pid)

    known_results = []
    for r in results:
        unknown = [pid for pid in r.players if pid not in by_id]
        if unknown:
            problems.append(
                f"round {r.round}: result names unknown player(s) {', '.join(map(repr, unknown))}"
            )
        else:
            known_results.append(r)

    bye_rounds: dict[PlayerId, set[int]] = defaultdict(set)
    for r in known_results:
        if r.is_bye:
            bye_rounds[r.players[0]].add(r.round)

    for round_number in sorted(rounds):
        pairings = rounds[round_number]
        problems.extend(_check_tables(round_number, pairings, by_id, name))
        for p in pairings:
            if p.b is None and p.a in by_id:
                bye_rounds[p.a].add(round_number)
        problems.extend(_check_results_paired(round_number, pairings, known_results, name))
        if rules.is_swiss_round(round_number):
            problems.extend(
                _check_swiss_round(round_number, pairings, competitors, known_results, rules, name)
            )

    for pid, c in by_id.items():
        count = len(bye_rounds[pid]) + (1 if c.had_bye and not bye_rounds[pid] else 0)
        if count > rules.max_byes:
            listed = ", ".join(str(r) for r in sorted(bye_rounds[pid]))
            where = f"rounds {listed}" if listed else "before these results"
            problems.append(f"{name(pid)} has {count} bye(s) ({where}); the event allows {rules.max_byes}")
    return problems


def _check_tables(round_number, pairings, by_id, name) -> list[str]:
    problems = []
    tables: dict[PlayerId, list[int]] = defaultdict(list)
    for p in pairings:
        for pid in p.players:
            tables[pid].append(p.table)
    for pid, where in tables.items():
        if pid not in by_id:
            problems.append(f"round {round_number}, table {where[0]}: unknown player {pid!r}")
            continue
        if len(where) > 1:
            listed = " and ".join(str(t) for t in where)
            problems.append(
                f"round {round_number}: {name(pid)} is paired {len(where)} times (tables {listed})"
            )
        dropped = by_id[pid].dropped_after_round
        if dropped is not None and round_number > dropped:
            problems.append(
                f"round {round_number}, table {where[0]}: {name(pid)} is paired after dropping out after round {dropped}"
            )
    return problems


def _check_results_paired(round_number, pairings, results, name) -> list[str]:
    paired = {frozenset(p.players) for p in pairings}
    problems = []
    for r in results:
        if r.round == round_number and frozenset(r.players) not in paired:
            who = " vs ".join(name(pid) for pid in r.players)
            kind = "bye" if r.is_bye else "result"
            problems.append(f"round {round_number}: {kind} for {who} but they were not paired so")
    return problems


def _check_swiss_round(round_number, pairings, competitors, results, rules, name) -> list[str]:
    if any(p.others for p in pairings):
        return _check_pod_round(round_number, pairings, competitors, results, rules, name)
    games = [p for p in pairings if p.b is not None]
    pool = [pid for p in games for pid in p.players]
    history = EventHistory(competitors, results, rules.scoring, before_round=round_number)
    if len(set(pool)) != len(pool) or len(pool) < 2 or not all(pid in history.competitors for pid in pool):
        return []  # double or unknown players are reported already; no matching question to ask
    totals = sorted({history.points[pid] for pid in pool}, reverse=True)
    group = {pid: totals.index(history.points[pid]) for pid in pool}

    faction = {pid: history.competitors[pid].faction if rules.distinct_factions else None for pid in pool}

    def tiers(a: PlayerId, b: PlayerId) -> tuple[int, int, int]:
        mirror = 1 if shared_factions(faction[a], faction[b]) else 0
        squares = round((history.points[a] - history.points[b]) ** 2 * 100)  # x100: exact for halves
        return (mirror, len(history.rounds_met(a, b)), squares)

    actual = [tiers(p.a, p.b) for p in games]
    mirrors = sum(t[0] for t in actual)
    rematches = sum(t[1] for t in actual)
    squares = sum(t[2] for t in actual)
    bound = _score_bound([history.points[pid] for pid in pool])
    if not mirrors and not rematches and squares == bound:
        return []
    best_mirrors, best_rematches, best_squares = _best_pairing(
        pool, group, tiers, list(faction.values()), bound
    )

    problems = []
    pts = history.points
    for p, (mirror, met, pair_squares) in zip(games, actual, strict=True):
        if mirror and mirrors > best_mirrors:
            problems.append(
                f"round {round_number}, table {p.table}: {name(p.a)} and {name(p.b)} both registered "
                f"{', '.join(shared_factions(faction[p.a], faction[p.b]))}, but the round's players could have been paired with only {best_mirrors} "
                "such game(s)"
            )
        if met and rematches > best_rematches:
            rounds_met = ", ".join(str(r) for r in history.rounds_met(p.a, p.b))
            alternative = (
                "without any rematch" if best_rematches == 0 else f"with only {best_rematches} rematch(es)"
            )
            problems.append(
                f"round {round_number}, table {p.table}: {name(p.a)} vs {name(p.b)} is a rematch "
                f"(met in round {rounds_met}), but the round's players could have been paired {alternative}"
            )
        if (
            pair_squares
            and squares > best_squares
            and rematches <= best_rematches
            and mirrors <= best_mirrors
        ):
            problems.append(
                f"round {round_number}, table {p.table}: {name(p.a)} ({format_points(pts[p.a])} pts) vs "
                f"{name(p.b)} ({format_points(pts[p.b])} pts) floats {abs(group[p.a] - group[p.b])} score "
                f"group(s); the round's squared point differences add up to {format_points(squares / 100)}, but "
                f"the round could have been paired with {format_points(best_squares / 100)} and no more rematches"
            )
    return problems


def _score_bound(points: Sequence[float]) -> int:
    """The least sum of squared point differences (x100) a perfect matching of players on these
    points can have: each cut between score groups with an odd number of players above it is
    crossed by at least one pair, at best one pair of the two adjacent groups."""
    totals = sorted(set(points), reverse=True)
    count = Counter(points)
    bound, above = 0, 0
    for upper, lower in zip(totals, totals[1:], strict=False):
        above += count[upper]
        if above % 2:
            bound += round((upper - lower) ** 2 * 100)
    return bound


def _check_pod_round(round_number, pairings, competitors, results, rules, name) -> list[str]:
    pods = [list(p.players) for p in pairings if p.b is not None]
    seated = [pid for pod in pods for pid in pod]
    history = EventHistory(competitors, results, rules.scoring, before_round=round_number)
    if len(set(seated)) != len(seated) or not all(pid in history.competitors for pid in seated):
        return []  # double or unknown players are reported already
    faction = {pid: history.competitors[pid].faction if rules.distinct_factions else None for pid in seated}

    def cost(pod) -> tuple[int, int, float]:
        clashes = sum(1 for a, b in combinations(pod, 2) if shared_factions(faction[a], faction[b]))
        repeats = sum(len(history.rounds_met(a, b)) for a, b in combinations(pod, 2))
        points = [history.points[pid] for pid in pod]
        return clashes, repeats, max(points) - min(points)

    # Largest pods first, as the pairer seats them; the search keeps each size's count.
    draft = sorted(pods, key=len, reverse=True)
    used = [0, 0, 0]
    for pod in draft:
        used = [u + c for u, c in zip(used, cost(pod), strict=True)]
    best = best_split(draft, cost).cost
    problems = []
    table_of = {pid: p.table for p in pairings for pid in p.players}
    if best[0] < used[0]:
        problems.append(
            f"round {round_number}: the pods seat {used[0]} pair(s) of players of one faction together, "
            f"but a split of the round's players into pods of the same sizes has only {best[0]}"
        )
    elif best[1] < used[1]:
        met = sorted(
            {table_of[a] for pod in draft for a, b in combinations(pod, 2) if history.rounds_met(a, b)}
        )
        problems.append(
            f"round {round_number}: the pods hold {used[1]} repeat opponent(s) (table(s) "
            f"{', '.join(map(str, met))}), but a split of the round's players into pods of the same sizes "
            f"has only {best[1]}"
        )
    elif best[2] < used[2] - 1e-9:
        problems.append(
            f"round {round_number}: the pods' points spread adds up to {format_points(used[2])}, but a split "
            f"of the round's players into pods of the same sizes with no more repeat opponents has "
            f"{format_points(best[2])}"
        )
    return problems


def _best_pairing(
    pool: list[PlayerId], group: Mapping[PlayerId, int], tiers, factions: Sequence[str | None], bound: int
) -> tuple[int, int, int]:
    """Fewest same-faction games over perfect matchings of ``pool`` (0 unless factions count), then
    fewest rematches among those, then the least sum of squared point differences (x100)."""
    if len(pool) % 2:
        raise ValueError(f"a pool of {len(pool)} players has no perfect matching")
    fewest = fewest_mirrors(factions)
    ordered = sorted(pool, key=lambda pid: group[pid])  # neighbours by points
    index = {pid: i for i, pid in enumerate(ordered)}
    width = _FIRST_WIDTH
    while True:
        complete = width >= len(ordered) - 1
        edges = {}
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :] if complete else ordered[i + 1 : i + 1 + width]:
                edges[(index[a], index[b])] = tiers(a, b)
        matching = min_cost_perfect_matching(range(len(ordered)), combine_tiers(edges, len(ordered) // 2))
        if matching is not None:
            totals = [0, 0, 0]
            for i, j in matching:
                for k, t in enumerate(edges[(min(i, j), max(i, j))]):
                    totals[k] += t
            best = tuple(totals)
            if complete or best == (fewest, 0, bound):
                return best
        elif complete:
            raise ValueError(f"a pool of {len(pool)} players has no perfect matching")
        width *= 2
