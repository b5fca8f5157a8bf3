"""A match's page and what players and organizers do there: upload the log, report, confirm,
dispute, decide, resolve."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import presenters, result_rules
from draw.models import MatchState, RoundState
from draw.views.common import match_or_404
from gamelogs.services import UploadRejected
from gamelogs.uploads import read_uploaded_file, reject_oversized_request
from results import services as result_services
from results.mismatch import said_lines
from results.models import Dispute, DisputeStatus, ReportStatus
from results.services.match_results import DISPUTABLE_STATES, LOG_STATES, person_name
from tournaments.errors import EventError
from tournaments.forms import DecisionForm, DisputeForm, ResolveForm, ResultForm, UploadLogForm
from tournaments.models import Event
from tournaments.permissions import manages, officiates
from tournaments.views.common import back_on_event_error, event_or_404


def match_detail(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    side = match.side_of(request.user)
    is_manager = manages(request.user, event)
    is_official = officiates(request.user, event)  # organizers and judges rule on results
    open_round = match.round.state == RoundState.PUBLISHED and not match.is_bye
    pending = match.reports.filter(status=ReportStatus.PENDING).select_related("reported_by").first()
    open_dispute = match.disputes.filter(status=DisputeStatus.OPEN).select_related("raised_by").first()
    involved = side is not None or is_official

    def name(user):
        return person_name(user, event)

    context = {
        "event": event,
        "tab": "rounds",
        "match": match,
        "round": match.round,
        "side": side,
        "is_manager": is_manager,
        "state_class": presenters.STATE_CLASSES.get(match.state, "pending"),
        "status_line": presenters.match_status(
            match, pending_report=pending, open_dispute=open_dispute, name=name
        ),
        "ending_label": result_rules.ending_label(event, match.ending),
        "dealt_sides": presenters.dealt_sides(match),
        "line": presenters.seating(match),
        "reported_by": name(pending.reported_by) if pending else "",
        # The log's header and verdict are evidence for the two players and the organizers.
        "log": presenters.log_facts(match) if involved else None,
        "pending_report": pending,
        "result": presenters.result_table(match) if match.has_result else None,
        "open_dispute": open_dispute,
        "disputes": [
            {
                "dispute": d,
                "raised_by": name(d.raised_by),
                "resolved_by": name(d.resolved_by) if d.resolved_by else "",
            }
            for d in match.disputes.select_related("raised_by", "resolved_by")
        ]
        if involved
        else [],
        "can_correct": match.round.state == RoundState.CLOSED and is_official and not match.is_bye,
        "can_upload": open_round and side is not None and match.state in LOG_STATES,
        "can_report": open_round
        and side is not None
        and match.state in (MatchState.AWAITING_LOG, MatchState.REPORTED),
        "can_confirm": open_round
        and side is not None
        and pending is not None
        and pending.reported_by_id != request.user.pk
        and match.state == MatchState.REPORTED,
        # Any result of the player's own match, whoever entered it (a log, a report, an official's decision).
        "can_dispute": open_round
        and side is not None
        and match.state in DISPUTABLE_STATES
        and match.has_result,
        # With a dispute open, the organizer rules through it (the same result fields) instead.
        "can_decide": open_round and is_official and open_dispute is None,
    }
    if context["can_upload"]:
        context["upload_form"] = UploadLogForm()
    if context["can_report"]:
        context["report_form"] = ResultForm(match=match)
    if context["can_dispute"]:
        context["dispute_form"] = DisputeForm()
    if context["can_decide"] or context["can_correct"]:
        context["decide_form"] = DecisionForm(match=match, initial=_current_result(match))
    if open_round and is_official and open_dispute is not None:
        context["resolve_form"] = ResolveForm(match=match, initial=_current_result(match))
    # Why an uploaded log was not taken, each line in the reader's language where it reads back (lang="en" else).
    context["flag_lines"] = said_lines(match.flag_details)
    return render(request, "results/match.html", context)


def _current_result(match) -> dict:
    return ResultForm.initial_for(match)


def _typed_a_new_result(match, form) -> bool:
    """The resolve form's result differs from the one stored (it was shown filled in)."""
    stored = ResultForm.initial_for(match)
    return any(
        str(form.cleaned_data.get(key)) != str(value)
        for key, value in stored.items()
        if key in form.cleaned_data
    )


@require_POST
@login_required
@back_on_event_error
def upload_log(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    try:
        reject_oversized_request(request)
        form = UploadLogForm(request.POST, request.FILES)
        if not form.is_valid():
            raise UploadRejected(_("Choose the game's log file."), "empty")
        data, filename = read_uploaded_file(form.cleaned_data["file"])
    except UploadRejected as exc:
        raise EventError(exc.message) from None
    result_services.attach_log_to_match(request.user, match, data, filename=filename)
    messages.success(request, _("Log uploaded: it is being verified. This page shows the result once it is."))
    return redirect(match)


@require_POST
@login_required
@back_on_event_error
def report(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    form = ResultForm(request.POST, match=match)
    if not form.is_valid():
        raise EventError(
            _("Fill in the result: %(problems)s")
            % {"problems": "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())}
        )
    result_services.report_result(request.user, match, form.scores(), ending=form.ending())
    messages.success(request, _("Result reported: it counts once your opponent confirms it."))
    return redirect(match)


@require_POST
@login_required
@back_on_event_error
def confirm(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    result_services.confirm_result(request.user, match)
    messages.success(request, _("Result confirmed."))
    return redirect(match)


@require_POST
@login_required
@back_on_event_error
def dispute(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        raise EventError(_("Say what is wrong with the result."))
    result_services.dispute_result(request.user, match, reason=form.cleaned_data["reason"])
    messages.success(request, _("Dispute sent to the organizers."))
    return redirect(match)


@require_POST
@login_required
@back_on_event_error
def decide(request, slug: str, pk: int):
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    form = DecisionForm(request.POST, match=match)
    if not form.is_valid():
        raise EventError(_("Fill in the result."))
    note = form.cleaned_data["note"]
    if match.round.state == RoundState.CLOSED:
        result_services.correct_result(request.user, match, form.scores(), ending=form.ending(), note=note)
        messages.success(request, _("Result corrected; the standings were updated."))
    else:
        result_services.decide_result(request.user, match, form.scores(), ending=form.ending(), note=note)
        messages.success(request, _("Result decided."))
    return redirect(match)


@require_POST
@login_required
@back_on_event_error
def resolve(request, slug: str, pk: int):
    event = event_or_404(slug)
    found = dispute_or_404(event, pk)
    form = ResolveForm(request.POST, match=found.match)
    if not form.is_valid():
        raise EventError(" ".join(e for errors in form.errors.values() for e in errors))
    uphold = form.cleaned_data["decision"] == "uphold"
    scores = form.scores()
    if uphold and _typed_a_new_result(found.match, form):
        raise EventError(
            "You chose to uphold the result but changed it below: choose “Replace it” to apply the new result."
        )
    result_services.resolve_dispute(
        request.user,
        found,
        uphold=uphold,
        note=form.cleaned_data["note"],
        scores=None if uphold else scores,
        ending=None if uphold else form.ending(),
    )
    messages.success(request, _("Dispute resolved."))
    return redirect(found.match)


@login_required
def log_file(request, slug: str, pk: int):
    """The attached log's bytes, for the match's players and the organizers (evidence)."""
    event = event_or_404(slug)
    match = match_or_404(event, pk, request.user)
    if match.game_log is None:
        raise Http404(_("no log is attached"))
    if match.side_of(request.user) is None and not officiates(request.user, event):
        raise PermissionDenied(_("Only the players, the organizers and the judges can read this log."))
    response = HttpResponse(match.game_log.raw_bytes(), content_type="application/json")
    response["Content-Disposition"] = (
        f'attachment; filename="{event.slug}-round-{match.round.number}-table-{match.table}.json"'
    )
    return response


def dispute_or_404(event: Event, pk: int) -> Dispute:
    return get_object_or_404(
        Dispute.objects.select_related("match__round__event"), pk=pk, match__round__event=event
    )
