"""check_event: re-derive an event from its stored results and list every discrepancy.

Two kinds of check, both from the rows alone:

1. The pairings obey the event's rules: tournaments.algorithms.checks.find_discrepancies
   over every round's stored pairings and the results that count (no avoidable rematch, at
   most the allowed byes per player, score groups respected, nobody paired twice or after
   dropping, no result for players who were not paired together).
2. The stored standings are the standings: for every closed round, the snapshot stored when
   it closed equals a fresh ``rank()`` of the results up to that round under the event's
   tiebreak order (``services.standings.standings_for``: a top cut's elimination rounds keep
   the Swiss standings), row by row (rank, player, and every metric's value).

Plus the bookkeeping the two rely on: a closed round has no match without a counted result.
"""

from __future__ import annotations

from tournaments import records
from tournaments.algorithms.checks import find_discrepancies
from tournaments.models import COUNTED_STATES, Event, RoundState
from tournaments.services.standings import standings_for


def event_discrepancies(event: Event) -> list[str]:
    problems = []
    competitors = records.competitors(event)
    rounds = records.pairings_by_round(event)
    results = records.results(event)
    problems += find_discrepancies(competitors, rounds, results, records.event_rules(event))
    for round_ in event.rounds.filter(state=RoundState.CLOSED).order_by("number"):
        open_tables = list(round_.matches.exclude(state__in=COUNTED_STATES).values_list("table", flat=True))
        if open_tables:
            problems.append(
                f"round {round_.number} is closed but table(s) {', '.join(map(str, open_tables))} have no counted result"
            )
        problems += standings_discrepancies(event, round_)
    return problems


def standings_discrepancies(event: Event, round_) -> list[str]:
    snapshot = getattr(round_, "standings", None)  # a missing one-to-one raises AttributeError
    if snapshot is None:
        return [f"round {round_.number} is closed but has no stored standings"]
    where = f"standings after round {round_.number}"
    order = list(snapshot.order)
    expected = records.ranking_order(event)
    if order != expected:
        return [f"{where} were ranked by {order}, but the event's tiebreak order is {expected}"]
    fresh = standings_for(event, through_round=round_.number, all_metrics=True)
    stored = snapshot.rows
    problems = []
    if len(stored) != len(fresh):
        problems.append(f"{where}: {len(stored)} stored row(s), {len(fresh)} recomputed")
    for position, (old, new) in enumerate(zip(stored, fresh, strict=False), start=1):
        # A team event's rows name their team (``team``), an individual event's its registration.
        if (old.get("team") or old.get("registration")) != new.player_id:
            problems.append(f"{where}, line {position}: stored {old.get('name')!r}, recomputed {new.name!r}")
            continue
        if old.get("rank") != new.rank:
            problems.append(f"{where}: {new.name} is stored at rank {old.get('rank')}, recomputed {new.rank}")
        stored_metrics = old.get("metrics") or {}
        for key, value in new.metrics.items():
            if key in stored_metrics and stored_metrics[key] != value:
                problems.append(
                    f"{where}: {new.name}'s {key} is stored as {stored_metrics[key]}, recomputed {value}"
                )
    return problems
