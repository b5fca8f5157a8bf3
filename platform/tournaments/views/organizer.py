"""Organizer pages: create and edit events, manage entries, pair, review, publish, close."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from draw import services as draw_services
from draw.models import MatchState, RoundState
from draw.pairing import planned_rounds
from draw.services.rounds import AbsentPlayers
from participants import services as participant_services
from participants.models import ENTERED, Registration, RegistrationStatus
from participants.services.force_lists import missing_or_invalid_lists
from participants.services.soft_scores import soft_scores_by_registration
from tournaments import services
from tournaments.algorithms.standings import DEFAULT_ORDER
from tournaments.errors import EventError
from tournaments.forms import (
    EVENT_FIELDS,
    EventForm,
    LateJoinForm,
    NoteForm,
    OrganizerForm,
    SwapForm,
    TimerForm,
)
from tournaments.models import Event, EventStatus
from tournaments.permissions import require_manager, require_organizer_role
from tournaments.views.common import back_on_event_error, event_or_404, round_or_404


@login_required
def event_create(request):
    require_organizer_role(request.user)
    form = EventForm(request.POST or None, initial={"tiebreaks": list(DEFAULT_ORDER)})
    if request.method == "POST" and form.is_valid():
        settings = {k: v for k, v in form.cleaned_data.items() if k in EVENT_FIELDS}
        name, starts_on = settings.pop("name"), settings.pop("starts_on")
        try:
            event = services.create_event(request.user, name=name, starts_on=starts_on, **settings)
        except EventError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Event created. Players can register now.")
            return redirect("tournaments:manage", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "creating": True})


@login_required
def event_edit(request, slug: str):
    event = event_or_404(slug)
    require_manager(request.user, event)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        changes = {k: v for k, v in form.cleaned_data.items() if k in EVENT_FIELDS}
        changes["ends_on"] = changes.get("ends_on") or changes["starts_on"]
        try:
            services.update_event(request.user, event, **changes)
        except EventError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Event saved.")
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
        "late_join_form": LateJoinForm(initial={"points": event.late_join_points}),
        "organizer_form": OrganizerForm(),
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
def registration_action(request, slug: str, pk: int, action: str):
    event = event_or_404(slug)
    registration = get_object_or_404(Registration, pk=pk, event=event)
    if action == "check-in":
        participant_services.check_in(request.user, registration)
        messages.success(request, f"{registration.display_name} checked in.")
    elif action == "drop":
        participant_services.drop(request.user, registration)
        messages.success(request, f"{registration.display_name} dropped from the next round on.")
    elif action == "admit":
        participant_services.admit(request.user, registration)
        messages.success(request, f"{registration.display_name} admitted from the waiting list.")
    else:
        raise EventError(f"Unknown action {action!r}.")
    return redirect("tournaments:manage", slug=slug)


@require_POST
@login_required
@back_on_event_error
def late_join(request, slug: str):
    event = event_or_404(slug)
    form = LateJoinForm(request.POST)
    if not form.is_valid():
        raise EventError("; ".join(e for errors in form.errors.values() for e in errors))
    registration = participant_services.late_join(
        request.user, event, form.cleaned_data["username"], points=form.cleaned_data["points"]
    )
    messages.success(request, f"{registration.display_name} joins from round {registration.joined_round}.")
    return redirect("tournaments:manage", slug=slug)


@require_POST
@login_required
@back_on_event_error
def add_organizer(request, slug: str):
    event = event_or_404(slug)
    form = OrganizerForm(request.POST)
    if not form.is_valid():
        raise EventError("; ".join(e for errors in form.errors.values() for e in errors))
    services.add_organizer(request.user, event, form.cleaned_data["username"])
    messages.success(request, f"{form.cleaned_data['username'].get_username()} now organizes this event.")
    return redirect("tournaments:manage", slug=slug)


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
    messages.success(request, f"Round {round_.number} is paired as a draft: review it, then publish.")
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
        raise EventError("Choose the two players to swap.")
    first = players.get(pk=form.cleaned_data["first"])
    second = players.get(pk=form.cleaned_data["second"])
    warnings = draw_services.swap_pairing(request.user, round_, first, second, note=form.cleaned_data["note"])
    messages.success(request, f"Swapped {first.display_name} and {second.display_name}.")
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
    messages.success(request, f"Round {number} re-paired.")
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def publish(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    draw_services.publish_round(request.user, round_)
    messages.success(request, f"Round {number} is published: players see their tables.")
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
    messages.success(request, f"Round {number} clock started: {minutes} minutes.")
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
@login_required
@back_on_event_error
def close(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    draw_services.close_round(request.user, round_)
    messages.success(request, f"Round {number} closed; standings updated.")
    return redirect("tournaments:standings", slug=slug)


@login_required
def soft_scores(request, slug: str):
    """Every player's soft scores (sportsmanship, painting, ...) in one grid; typed values stay
    on the page when one of them is refused."""
    event = event_or_404(slug)
    require_manager(request.user, event)
    categories = list(event.soft_score_categories or [])
    players = list(event.registrations.filter(status__in=ENTERED).order_by("display_name", "pk"))
    stored = soft_scores_by_registration(event)
    typed = {r.pk: {c["key"]: stored.get(r.pk, {}).get(c["key"]) for c in categories} for r in players}
    problem = ""
    if request.method == "POST":
        typed = {
            r.pk: {c["key"]: request.POST.get(f"soft-{r.pk}-{c['key']}", "").strip() for c in categories}
            for r in players
        }
        try:
            changed = participant_services.enter_soft_scores(request.user, event, typed)
        except EventError as exc:
            problem = exc.message
        else:
            messages.success(request, f"Soft scores saved ({changed} change{'s' if changed != 1 else ''}).")
            return redirect("tournaments:soft-scores", slug=slug)
    rows = [
        {
            "registration": r,
            "cells": [
                {
                    "name": f"soft-{r.pk}-{c['key']}",
                    "value": "" if typed[r.pk][c["key"]] is None else typed[r.pk][c["key"]],
                    "max": c["max"],
                    "label": f"{c['name']} for {r.display_name}",
                }
                for c in categories
            ],
        }
        for r in players
    ]
    context = {
        "event": event,
        "tab": "manage",
        "is_manager": True,
        "categories": categories,
        "rows": rows,
        "problem": problem,
    }
    return render(request, "tournaments/soft_scores.html", context)
