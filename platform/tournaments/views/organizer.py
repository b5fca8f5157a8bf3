"""Organizer pages: create and edit events, manage entries, pair, review, publish, close."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import services as draw_services
from draw.models import MatchState, RoundState
from draw.pairing import planned_rounds
from participants.models import RegistrationStatus
from participants.services.force_lists import missing_or_invalid_lists
from tournaments import services
from tournaments.algorithms.standings import DEFAULT_ORDER
from tournaments.errors import EventError
from tournaments.forms import (
    EVENT_FIELDS,
    EventForm,
    LateJoinForm,
    OrganizerForm,
    typed_values,
)
from tournaments.models import Event, EventStatus
from tournaments.permissions import require_manager, require_organizer_role
from tournaments.views.common import back_on_event_error, event_or_404

# The name of the form's "Choose" button: the game changed, show its choices without saving.
CHOOSE_GAME = "choose_game"


@login_required
def event_create(request):
    require_organizer_role(request.user)
    if request.method == "POST" and CHOOSE_GAME in request.POST:
        form = EventForm(initial=typed_values(EventForm, request.POST))
    elif request.method == "POST":
        form = EventForm(request.POST, initial={"tiebreaks": list(DEFAULT_ORDER)})
    else:
        form = EventForm(initial={"tiebreaks": list(DEFAULT_ORDER), "game": request.GET.get("game")})
    if form.is_bound and form.is_valid():
        settings = {k: v for k, v in form.cleaned_data.items() if k in EVENT_FIELDS}
        name, starts_on = settings.pop("name"), settings.pop("starts_on")
        try:
            event = services.create_event(request.user, name=name, starts_on=starts_on, **settings)
        except EventError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Event created. Players can register now."))
            return redirect("tournaments:manage", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "creating": True})


@login_required
def event_edit(request, slug: str):
    event = event_or_404(slug)
    require_manager(request.user, event)
    instance = Event.objects.get(pk=event.pk)
    if request.method == "POST" and CHOOSE_GAME in request.POST:
        form = EventForm(instance=instance, initial=typed_values(EventForm, request.POST))
    else:
        form = EventForm(request.POST or None, instance=instance)
    if form.is_bound and form.is_valid():
        changes = {k: v for k, v in form.cleaned_data.items() if k in EVENT_FIELDS}
        changes["ends_on"] = changes.get("ends_on") or changes["starts_on"]
        try:
            services.update_event(request.user, event, **changes)
        except EventError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Event saved."))
            return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "tournaments/event_form.html",
        {"form": form, "event": event, "tab": "manage", "is_manager": True},
    )


@login_required
def manage(request, slug: str):
    event = event_or_404(slug)
    require_manager(request.user, event)
    rounds = list(event.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    registrations = event.registrations.select_related("player", "force_list").order_by(
        "status", "created_at"
    )
    context = {
        "event": event,
        "tab": "manage",
        "is_manager": True,
        "registrations": registrations,
        "rounds": rounds,
        "current": current,
        "current_states": _state_counts(current) if current else {},
        "can_pair": event.status != EventStatus.FINISHED
        and (current is None or current.state == RoundState.CLOSED),
        "planned_rounds": planned_rounds(event),
        "missing_lists": missing_or_invalid_lists(event),
        # Distinct ids: both forms have a username field (and the judges' card a third).
        "late_join_form": LateJoinForm(initial={"points": event.late_join_points}, auto_id="id_late_join_%s"),
        "organizer_form": OrganizerForm(auto_id="id_organizer_%s"),
        "awaiting_check_in": sum(1 for r in registrations if r.status == RegistrationStatus.REGISTERED),
        "organizers": event.organizers.all(),
        "audit": event.audit_entries.select_related("actor")[:15],
        "readiness": draw_services.readiness(event) if not rounds else [],
    }
    return render(request, "tournaments/manage.html", context)


def _state_counts(round_) -> dict[str, int]:
    counts = dict.fromkeys(MatchState.labels, 0)
    for match in round_.matches.all():
        counts[match.get_state_display()] += 1
    return {k: v for k, v in counts.items() if v}


@require_POST
@login_required
@back_on_event_error
def add_organizer(request, slug: str):
    event = event_or_404(slug)
    form = OrganizerForm(request.POST)
    if not form.is_valid():
        raise EventError("; ".join(e for errors in form.errors.values() for e in errors))
    services.add_organizer(request.user, event, form.cleaned_data["username"])
    messages.success(
        request,
        _("%(username)s now organizes this event.")
        % {"username": form.cleaned_data["username"].get_username()},
    )
    return redirect("tournaments:manage", slug=slug)
