"""What a round's page and the round API read about its results: the tables still without a
counted result, and the corrections to earlier rounds made after it was paired (the results app
writes both: results.services)."""

from __future__ import annotations

from draw.models import COUNTED_STATES, Match, Round
from tournaments.models import AuditEntry

# The audit action of a correction to a closed round (results.services.corrections).
CORRECTED = "corrected"


def missing_results(round_: Round) -> list[Match]:
    """The round's tables (byes left out) whose result does not count yet, by table."""
    return [
        m
        for m in round_.matches.exclude(state__in=COUNTED_STATES)
        .prefetch_related("seats__registration")
        .order_by("table")
        if not m.is_bye
    ]


def corrections_before_pairing(round_: Round) -> list[dict]:
    """Corrections to earlier rounds made after ``round_`` was paired (or last re-paired): each
    ``{"round": number, "table", "when", "entry"}``, oldest first. Empty: the pairing saw them all."""
    paired = round_.paired_at
    repaired = (
        AuditEntry.objects.filter(round=round_, action="re-paired")
        .order_by("-created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    if repaired is not None and repaired > paired:
        paired = repaired
    entries = (
        AuditEntry.objects.filter(
            event_id=round_.event_id, action=CORRECTED, round__number__lt=round_.number, created_at__gt=paired
        )
        .select_related("round", "match")
        .order_by("created_at")
    )
    return [
        {
            "round": e.round.number,
            "table": e.match.table if e.match else None,
            "when": e.created_at,
            "entry": e,
        }
        for e in entries
    ]
