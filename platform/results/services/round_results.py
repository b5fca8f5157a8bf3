"""A round's results entered at once (the results grid), and the tables still without one.

Each row is one table: its seats' result and how the game ended. Rows are saved one by one,
each in its own savepoint, so a row that breaks a rule keeps its error and the others are
saved anyway. In an open round a row is an organizer's (or judge's) decision; in a closed
round it is a correction (results.services.corrections).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from draw import seats
from draw.models import Match, Round, RoundState
from draw.seats import SeatScore
from results.services.corrections import correct_result
from results.services.match_results import decide_result
from tournaments.errors import EventError
from tournaments.permissions import require_official


@dataclass(frozen=True)
class RowEntry:
    """One table's result as typed: ``scores`` one per seat in table order (None: left empty)."""

    match_id: int
    scores: list[SeatScore] | None
    ending: str | None = None
    note: str = ""


@dataclass(frozen=True)
class RowOutcome:
    """What became of a row: ``status`` is "saved", "unchanged", "empty" or "error" (``message`` says why)."""

    match_id: int
    table: int
    status: str
    message: str = ""

    @property
    def failed(self) -> bool:
        return self.status == "error"


def enter_results(actor, round_: Round, rows: list[RowEntry]) -> list[RowOutcome]:
    """Save every row that is valid; report each row's outcome in the order given.

    PermissionDenied (nothing saved) if ``actor`` is neither an organizer nor a judge; an
    EventError for a draft round. A row that repeats the stored result is left alone.
    """
    round_ = Round.objects.select_related("event").get(pk=round_.pk)  # its state as of now
    require_official(actor, round_.event)
    if round_.state == RoundState.DRAFT:
        raise EventError(
            _("Round %(number)s is a draft: publish it before entering results.") % {"number": round_.number},
            "state",
        )
    matches = {m.pk: m for m in round_.matches.prefetch_related("seats__registration__player")}
    outcomes = []
    for row in rows:
        match = matches.get(row.match_id)
        if match is None:
            outcomes.append(
                RowOutcome(row.match_id, 0, "error", f"Match {row.match_id} is not in round {round_.number}.")
            )
            continue
        outcomes.append(_enter_row(actor, round_, match, row))
    return outcomes


def _enter_row(actor, round_: Round, match: Match, row: RowEntry) -> RowOutcome:
    if match.is_bye:
        return RowOutcome(match.pk, match.table, "unchanged", "A bye needs no result.")
    if row.scores is None:
        return RowOutcome(match.pk, match.table, "empty")
    if _same(match, row):
        return RowOutcome(match.pk, match.table, "unchanged")
    scores = _with_kept_scores(match, row.scores)
    try:
        with transaction.atomic():
            if round_.state == RoundState.CLOSED:
                correct_result(actor, match, scores, ending=row.ending, note=row.note)
            else:
                decide_result(actor, match, scores, ending=row.ending, note=row.note)
    except (EventError, PermissionDenied) as exc:
        return RowOutcome(match.pk, match.table, "error", getattr(exc, "message", None) or str(exc))
    return RowOutcome(match.pk, match.table, "saved")


def _with_kept_scores(match: Match, typed: list[SeatScore]) -> list[SeatScore]:
    """A pod's row gives places only: each seat keeps the score and components its counted result had
    (a verified log's units defeated, say), so that correcting a place does not wipe them."""
    stored = match.seat_list() if match.counts and seats.is_pod(match) else []
    if len(stored) != len(typed):
        return typed
    return [
        replace(s, score=seat.score or 0, components=dict(seat.components or {}))
        for s, seat in zip(typed, stored, strict=True)
    ]


def _same(match: Match, row: RowEntry) -> bool:
    """The row repeats a counted result (so saving it would only add noise to the audit trail)."""
    if not match.counts:
        return False
    # A result without a stated ending (a verified log, a bye) is the same whatever ending the row names.
    if match.ending and (row.ending or "") != match.ending:
        return False
    try:
        typed = seats.validate(match, row.scores)
    except EventError:
        return False
    stored = match.seat_list()
    if seats.is_pod(match):  # a pod's row gives places only (its score and components stay the log's)
        return [seat.rank for seat in stored] == [s.rank for s in typed]
    # Components the row does not ask for (a verified log's, such as units defeated) are not compared.
    return all(
        (seat.outcome, seat.rank, seat.score) == (s.outcome, s.rank, s.score)
        and all((seat.components or {}).get(key, 0) == value for key, value in s.components.items())
        for seat, s in zip(stored, typed, strict=True)
    )
