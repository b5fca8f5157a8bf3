"""Pages anyone can read: events, pairings, results, standings, brackets, lists once public, histories."""

from __future__ import annotations

from django.shortcuts import render

from draw import presenters
from draw.pairing import planned_rounds
from draw.services.event_day import current_table
from participants.models import RegistrationStatus
from participants.services.registration import registration_of
from tournaments import event_filters
from tournaments.models import AuditEntry, Event
from tournaments.permissions import can_create_events, manages
from tournaments.tiebreak_labels import tiebreak_name
from tournaments.views.common import event_or_404


def event_list(request):
    """Every event, or those of the game (and mode) chosen in the filter form: a plain GET form,
    so the filter works without JavaScript and its address can be shared."""
    offered = event_filters.game_choices()
    game = request.GET.get("game", "")
    if game not in {game_id for game_id, _name in offered}:
        game = ""
    modes = event_filters.mode_choices(game) if game else []
    mode = request.GET.get("mode", "")
    if mode not in {value for value, _name in modes}:
        mode = ""
    events = event_filters.filter_events(Event.objects.all(), game, mode)
    return render(
        request,
        "tournaments/event_list.html",
        {
            "events": events,
            "can_create": can_create_events(request.user),
            "games": offered,
            "game": game,
            "modes": modes if len(modes) > 1 else [],
            "mode": mode,
            "filtered": bool(game),
        },
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
        "tiebreak_names": [
            tiebreak_name(key, battle_points=bool(event.battle_points)) for key in event.tiebreaks
        ],
    }
    return render(request, "tournaments/event_detail.html", context)


def audit_trail(request, slug: str):
    event = event_or_404(slug)
    entries = AuditEntry.objects.filter(event=event).select_related("actor", "round")[:500]
    return render(
        request,
        "tournaments/audit.html",
        {"event": event, "tab": "audit", "entries": entries, "is_manager": manages(request.user, event)},
    )
