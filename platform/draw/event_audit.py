"""check_event: re-derive an event from its stored results and list every discrepancy.

Two kinds of check, both from the rows alone:

1. The pairings obey the event's rules: tournaments.algorithms.checks.find_discrepancies
   over every round's stored pairings and the results that count (no avoidable rematch, at
   most the allowed byes per player, score groups respected, nobody paired twice or after
   dropping, no result for players who were not paired together).
2. The stored standings are the standings: for every closed round, the snapshot stored when
   it closed equals a fresh ``rank()`` of the results up to that round under the event's
   tiebreak order (``standings.services.standings_for``: a top cut's elimination rounds keep
   the Swiss standings), row by row (rank, player, and every metric's value). The standings app
   adds that check to ``hooks.round_audits`` (see standings.audit).

Plus the bookkeeping the two rely on: a closed round has no match without a counted result.
"""

from __future__ import annotations

from draw import records
from draw.models import COUNTED_STATES, RoundState
from tournaments import hooks
from tournaments.algorithms.checks import find_discrepancies
from tournaments.models import Event


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
        for check in hooks.round_audits:  # the stored standings: standings.audit
            problems += check(event, round_)
    return problems
