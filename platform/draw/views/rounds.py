"""A round's pages: its pairings (organizers also see drafts, with the tools to review them), pairing, swapping, re-pairing, publishing, timing and closing it, and the elimination bracket."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import presenters
from draw import services as draw_services
from draw.models import RoundState
from draw.services.round_status import corrections_before_pairing, missing_results
from draw.services.rounds import AbsentPlayers
from draw.views.common import round_or_404
from participants.models import Registration, RegistrationStatus
from tournaments import distinct_factions
from tournaments.errors import EventError
from tournaments.forms import (
    NoteForm,
    SwapForm,
    TimerForm,
)
from tournaments.game_modes import plays_in_pods
from tournaments.permissions import (
    manages,
    officiates,
)
from tournaments.views.common import back_on_event_error, event_or_404


@require_POST
@login_required
@back_on_event_error
def pair(request, slug: str):
    event = event_or_404(slug)
    try:
        round_ = draw_services.pair_next_round(
            request.user, event, drop_absent=request.POST.get("drop_absent") == "1"
        )
    except AbsentPlayers:
        # Never drop silently: the organizer sees who is missing and decides (issue #13).
        return redirect("tournaments:pair-absent", slug=slug)
    messages.success(
        request,
        _("Round %(number)s is paired as a draft: review it, then publish.") % {"number": round_.number},
    )
    return redirect("tournaments:round", slug=slug, number=round_.number)


@require_POST
@login_required
@back_on_event_error
def swap(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    players = Registration.objects.filter(event=event).exclude(status=RegistrationStatus.WAITLISTED)
    form = SwapForm(request.POST, players=players)
    if not form.is_valid():
        raise EventError(_("Choose the two players to swap."))
    first = players.get(pk=form.cleaned_data["first"])
    second = players.get(pk=form.cleaned_data["second"])
    warnings = draw_services.swap_pairing(request.user, round_, first, second, note=form.cleaned_data["note"])
    messages.success(
        request,
        _("Swapped %(first)s and %(second)s.") % {"first": first.display_name, "second": second.display_name},
    )
    for warning in warnings:
        messages.warning(request, warning)
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def repair(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    form = NoteForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    draw_services.repair_round(request.user, round_, note=note)
    messages.success(request, _("Round %(number)s re-paired.") % {"number": number})
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def publish(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    draw_services.publish_round(request.user, round_)
    messages.success(
        request, _("Round %(number)s is published: players see their tables.") % {"number": number}
    )
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def timer(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    form = TimerForm(request.POST)
    minutes = form.cleaned_data["minutes"] if form.is_valid() else None
    round_ = draw_services.start_timer(request.user, round_, minutes=minutes)
    # Said in minutes: a clock time here would be the server's (UTC), not the room's.
    minutes = round((round_.timer_ends_at - round_.timer_started_at).total_seconds() / 60)
    messages.success(
        request,
        _("Round %(number)s clock started: %(minutes)s minutes.") % {"number": number, "minutes": minutes},
    )
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def close(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    draw_services.close_round(request.user, round_)
    messages.success(request, _("Round %(number)s closed; standings updated.") % {"number": number})
    return redirect("tournaments:standings", slug=slug)


def round_detail(request, slug: str, number: int):
    """Pairings of a round. Organizers also see drafts, with the tools to review them."""
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    is_manager = manages(request.user, event)
    context = {
        "event": event,
        "tab": "rounds",
        "round": round_,
        "rows": presenters.round_rows(round_),
        "is_manager": is_manager,
        "rounds": presenters.visible_rounds(event, request.user),
        # Corrections to earlier rounds made after this one was paired (services.corrections).
        "correction_flags": corrections_before_pairing(round_),
        # Matches that cannot be played as paired (two players of one faction, AMB-17 in Hoplomachus).
        "faction_warnings": distinct_factions.round_warnings(round_),
        "is_official": officiates(request.user, event),
        "pods": plays_in_pods(event),
    }
    if context["is_official"] and round_.state != RoundState.DRAFT:
        context["missing_count"] = len(missing_results(round_))
    if is_manager:
        players = [r for row in context["rows"] for r in row["match"].entrants()]
        context.update(
            swap_form=SwapForm(players=sorted(players, key=lambda r: r.display_name)),
            repair_form=NoteForm(),
            timer_form=TimerForm(initial={"minutes": event.round_minutes}),
            audit=round_.audit_entries.order_by("-created_at")[:20],
        )
    return render(request, "draw/round.html", context)


def bracket(request, slug: str):
    """The elimination bracket, round by round, with the placements settled so far."""
    event = event_or_404(slug)
    if not event.has_elimination_stage:
        raise Http404(_("this event has no elimination bracket"))
    table, problem = presenters.bracket_page(event)
    context = {
        "event": event,
        "tab": "bracket",
        "bracket": table,
        "problem": problem,
        "is_manager": manages(request.user, event),
    }
    return render(request, "draw/bracket.html", context)
