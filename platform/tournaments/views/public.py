"""Pages anyone can read: events, pairings, results, standings, brackets, lists once public, histories."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from draw import presenters
from draw.models import RoundState
from draw.pairing import planned_rounds
from draw.services.event_day import current_table
from draw.services.round_status import corrections_before_pairing, missing_results
from participants.models import ForceList, RegistrationStatus
from participants.services.registration import registration_of
from tournaments import distinct_factions
from tournaments.forms import NoteForm, SwapForm, TimerForm
from tournaments.models import AuditEntry, Event
from tournaments.permissions import can_create_events, manages, officiates
from tournaments.views.common import event_or_404, round_or_404


def event_list(request):
    events = Event.objects.all()
    return render(
        request,
        "tournaments/event_list.html",
        {"events": events, "can_create": can_create_events(request.user)},
    )


def event_detail(request, slug: str):
    event = event_or_404(slug)
    registrations = event.registrations.select_related("force_list").order_by("status", "created_at")
    context = {
        "event": event,
        "tab": "overview",
        "is_manager": manages(request.user, event),
        "mine": registration_of(request.user, event),
        "table": current_table(request.user, event),
        "entered": registrations.exclude(status=RegistrationStatus.WAITLISTED),
        "waiting": registrations.filter(status=RegistrationStatus.WAITLISTED),
        "rounds": presenters.visible_rounds(event, request.user),
        "planned_rounds": planned_rounds(event),
    }
    return render(request, "tournaments/event_detail.html", context)


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
    return render(request, "tournaments/round.html", context)


def bracket(request, slug: str):
    """The elimination bracket, round by round, with the placements settled so far."""
    event = event_or_404(slug)
    if not event.has_elimination_stage:
        raise Http404("this event has no elimination bracket")
    table, problem = presenters.bracket_page(event)
    context = {
        "event": event,
        "tab": "bracket",
        "bracket": table,
        "problem": problem,
        "is_manager": manages(request.user, event),
    }
    return render(request, "tournaments/bracket.html", context)


def lists(request, slug: str):
    """Every list of the event, once the organizer made lists public and they are locked."""
    event = event_or_404(slug)
    if not (event.lists_visible or manages(request.user, event)):
        raise Http404("lists are not public")
    force_lists = (
        ForceList.objects.filter(registration__event=event)
        .select_related("registration")
        .order_by("registration__display_name")
    )
    entries = [
        {
            "list": fl,
            "lines": presenters.list_lines(fl),
            "faction": presenters.faction_name(event, fl.faction),
        }
        for fl in force_lists
    ]
    return render(
        request,
        "tournaments/lists.html",
        {"event": event, "tab": "lists", "entries": entries, "is_manager": manages(request.user, event)},
    )


def audit_trail(request, slug: str):
    event = event_or_404(slug)
    entries = AuditEntry.objects.filter(event=event).select_related("actor", "round")[:500]
    return render(
        request,
        "tournaments/audit.html",
        {"event": event, "tab": "audit", "entries": entries, "is_manager": manages(request.user, event)},
    )
