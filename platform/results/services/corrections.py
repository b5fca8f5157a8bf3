"""Correcting a result after its round closed, and what that means for the rounds after it.

A correction is final like an organizer's decision. The stored standings of the corrected
round and of every closed round after it are ranked again from the results (so check_event
still finds them equal). Rounds already paired from the old standings are not re-paired: the
round page flags them ("paired before a correction to round N") and the organizer decides.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from draw.models import Match, RoundState
from draw.seats import SeatScore
from draw.services.locks import lock_match
from draw.services.round_status import CORRECTED
from results.models import DisputeStatus, ReportStatus
from results.services.match_results import (
    _name,
    _set_result,
    audit_result,
    checked,
    result_said,
    snapshot,
)
from tournaments import hooks
from tournaments.errors import EventError
from tournaments.permissions import require_official
from tournaments.said import said
from tournaments.services.common import audit, lock_event, notify, notify_organizers


@transaction.atomic
def correct_result(
    actor, match: Match, scores: list[SeatScore], *, ending: str | None = None, note: str = ""
) -> Match:
    """An organizer or a judge replaces the result of a match in a closed round.

    ``scores`` one per seat in table order, held to the game's rules for ``ending`` as any
    result typed by hand. Returns the match; the rounds paired since are named in the audit
    entry (``later_rounds``) and flagged on their pages.
    """
    event = lock_event(match.round.event)
    match = lock_match(match)
    require_official(actor, event)
    round_ = match.round
    if match.is_bye:
        raise EventError(_("A bye has no result to correct."), "state")
    if round_.state != RoundState.CLOSED:
        raise EventError(
            _("Round %(number)s is not closed: set the result on the match page or the results grid.")
            % {"number": round_.number},
            "state",
        )
    note = (note or "").strip()
    result = checked(match, scores, ending)
    before = snapshot(match)
    _set_result(match, result, ending)
    after = snapshot(match)
    if after["seats"] == before["seats"] and after["ending"] == before["ending"]:
        raise EventError(_("That is the result already stored: nothing to correct."), "state")
    match.reports.filter(status=ReportStatus.PENDING).update(status=ReportStatus.SUPERSEDED)
    for dispute in match.disputes.filter(status=DisputeStatus.OPEN):
        dispute.status = DisputeStatus.RESOLVED
        dispute.resolution = f"corrected after the round closed: {after['line']}"
        dispute.resolved_by = actor
        dispute.resolved_at = timezone.now()
        dispute.save()
    later = list(event.rounds.filter(number__gt=round_.number).order_by("number"))
    for closed in [round_, *[r for r in later if r.state == RoundState.CLOSED]]:
        hooks.standings().store_standings(event, closed)
    audit_result(
        actor,
        match,
        CORRECTED,
        said(gettext_noop("corrected after the round closed by %(name)s"), name=_name(actor, match)),
        before,
        note=note,
    )
    if later:
        numbers = ", ".join(str(r.number) for r in later)
        message = said(
            gettext_noop(
                "round(s) %(numbers)s were paired before this correction to round %(number)s; "
                "their pairings stand (re-pair a draft if the new standings should decide it)"
            ),
            numbers=numbers,
            number=round_.number,
        )
        audit(
            event,
            "correction-flag",
            message,
            actor=actor,
            round=round_,
            match=match,
            later_rounds=[r.number for r in later],
        )
        notify_organizers(
            event,
            said(
                gettext_noop("Round %(number)s, table %(table)s corrected: %(note)s."),
                number=round_.number,
                table=match.table,
                note=message,
            ),
            match=match,
        )
    for registration in match.entrants():
        notify(
            registration.player,
            said(
                gettext_noop("Round %(number)s result corrected: %(line)s. Standings were updated."),
                number=round_.number,
                line=result_said(match),
            ),
            match=match,
            event=event,
        )
    return match
