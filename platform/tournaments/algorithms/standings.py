"""Standings: order competitors by an event's list of tiebreak keys.

``rank(competitors, results, order=[...])`` computes every registered metric, sorts by the
keys in ``order`` (each higher-is-better), and gives shared ranks to players exactly tied on
all of them ("1, 2, 2, 4"). Within a shared rank rows are listed in seeding order, so the
output is deterministic; the rank number itself says they are tied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import AnyRecord, Competitor, PlayerId, seeding_order
from tournaments.algorithms.rules import ScoringRules
from tournaments.algorithms.tiebreaks import Number, StandingsContext, get_metric, metrics_for

#: Used when an event does not choose: points, then strength of schedule, then score difference.
DEFAULT_ORDER: tuple[str, ...] = ("points", "sos", "score_diff")


def order_with_soft_scores(order: Sequence[str], use: str) -> list[str]:
    """The ranking order once an event's choice for soft scores is applied.

    ``"ignored"``: the order as it is (soft scores are shown, not ranked). ``"tiebreak"``:
    ``soft_score`` right after the first key, unless the order already places it. ``"total"``:
    ``total`` (points plus soft scores) in place of ``points`` (first, if the order has no
    ``points``). Swiss pairing keeps the event's own order: soft scores are no game result.
    """
    keys = list(order)
    if use == "tiebreak" and "soft_score" not in keys:
        keys.insert(1 if keys else 0, "soft_score")
    elif use == "total":
        keys = ["total" if k == "points" else k for k in keys]
        if "total" not in keys:
            keys.insert(0, "total")
    return keys


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``rank`` is shared by players tied on every key of the order; ``metrics`` holds the
    value of every metric the event may use by key (not only those in the order), so a page
    can show any column.
    """

    rank: int
    player_id: PlayerId
    name: str
    dropped: bool
    metrics: dict[str, Number] = field(hash=False)


def rank(
    competitors: Sequence[Competitor],
    results: Iterable[AnyRecord],
    order: Sequence[str] = DEFAULT_ORDER,
    *,
    rules: ScoringRules | None = None,
    before_round: int | None = None,
    game: str | None = None,
    format: str | None = None,
) -> list[StandingRow]:
    """Rank every competitor (dropped ones included) by the tiebreak keys in ``order``.

    ``rules`` gives the points per outcome and the bye VP (default 3/1/0, bye VP 0);
    ``before_round`` ranks on the results of earlier rounds only. Head-to-head inside
    ``order`` is applied within the groups tied on the keys before it; when it is not in
    ``order`` its column is computed within groups tied on tournament points. ``game`` and
    ``format`` (None: any) choose which metrics apply (see ``Metric.supports``). Results may
    be two-seat records or games of any number of seats and teams.

    Returns rows best first. Raises UnknownMetric for an unknown key, InvalidInput for an
    empty or repeated order, a key the game or format does not support, or a result naming
    an unknown player.
    """
    if not order:
        raise InvalidInput("a ranking needs at least one tiebreak key")
    if len(set(order)) != len(order):
        raise InvalidInput(f"tiebreak order repeats a key: {list(order)}")
    history = EventHistory(competitors, results, rules, before_round=before_round)
    values = compute_metrics(history, order, game=game, format=format)

    seeded = seeding_order(competitors)
    position = {c.id: i for i, c in enumerate(seeded)}

    def sort_key(pid: PlayerId) -> tuple:
        # None is "does not apply" (head-to-head in a group that did not all meet): it ties.
        return tuple(-(values[key][pid] or 0) for key in order)

    ordered = sorted(position, key=lambda pid: (sort_key(pid), position[pid]))
    rows: list[StandingRow] = []
    for index, pid in enumerate(ordered):
        tied_with_previous = index > 0 and sort_key(pid) == sort_key(ordered[index - 1])
        shared = rows[-1].rank if tied_with_previous else index + 1
        c = history.competitors[pid]
        rows.append(
            StandingRow(
                rank=shared,
                player_id=pid,
                name=c.label,
                dropped=c.dropped,
                metrics={key: values[key][pid] for key in values},
            )
        )
    return rows


def ranked_ids(history: EventHistory, order: Sequence[str] = DEFAULT_ORDER) -> list[PlayerId]:
    """Every competitor's id, best first, as :func:`rank` orders them, from an EventHistory already
    built and computing only the keys in ``order`` (what pairing a round needs: a 10,000-player
    Swiss round would otherwise spend most of its time on standings columns nobody reads)."""
    values: dict[str, dict[PlayerId, Number]] = {}
    groups: list[frozenset[PlayerId]] = [frozenset(history.competitors)]
    for key in order:
        values[key] = get_metric(key).compute(StandingsContext(history, tuple(groups)))
        groups = _split(groups, values[key])
    position = {c.id: i for i, c in enumerate(seeding_order(history.competitors.values()))}
    return sorted(position, key=lambda pid: (tuple(-(values[key][pid] or 0) for key in order), position[pid]))


def compute_metrics(
    history: EventHistory, order: Sequence[str], *, game: str | None = None, format: str | None = None
) -> dict[str, dict[PlayerId, Number]]:
    """The values of every metric ``game`` and ``format`` allow, keyed by metric key, with
    ``order`` applied for tie groups.

    The keys in ``order`` are computed first, in order, each position-dependent one within
    the groups still tied on the keys before it. Raises UnknownMetric for an unknown key,
    InvalidInput for a key the game or format does not support.
    """
    values: dict[str, dict[PlayerId, Number]] = {}
    groups: list[frozenset[PlayerId]] = [frozenset(history.competitors)]
    for key in order:
        metric = get_metric(key)
        if not metric.supports(game, format):
            raise InvalidInput(
                f"the tiebreak {key!r} does not apply to {game or 'this game'} ({format or 'any format'})"
            )
        values[key] = metric.compute(StandingsContext(history, tuple(groups)))
        groups = _split(groups, values[key])
    points_groups = _split([frozenset(history.competitors)], values.get("points") or _points(history))
    for key, cls in metrics_for(game, format).items():
        if key in values:
            continue
        metric = cls()
        groups_for_metric = tuple(points_groups) if metric.uses_tie_groups else None
        values[key] = metric.compute(StandingsContext(history, groups_for_metric))
    return values


def _points(history: EventHistory) -> dict[PlayerId, Number]:
    return get_metric("points").compute(StandingsContext(history))


def _split(groups: list[frozenset[PlayerId]], value: dict[PlayerId, Number]) -> list[frozenset[PlayerId]]:
    """Refine tie groups by one more metric: players stay together only if their values match."""
    refined: list[frozenset[PlayerId]] = []
    for group in groups:
        by_value: dict[Number, set[PlayerId]] = {}
        for pid in group:
            by_value.setdefault(value[pid] or 0, set()).add(pid)
        refined.extend(frozenset(members) for members in by_value.values())
    return refined
