"""check_event's standings check: a closed round's stored standings equal a fresh ranking of the
results up to it (see draw.event_audit, which runs it through tournaments.hooks)."""

from __future__ import annotations

from draw import records
from standings.services import standings_for
from tournaments.models import Event


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
