"""Organizer pages about one event's entries: a registration's check-in, drop or admission, late joiners, soft scores."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from participants import services as participant_services
from participants.models import ENTERED, Registration
from participants.services.soft_scores import soft_scores_by_registration
from tournaments.errors import EventError
from tournaments.forms import (
    LateJoinForm,
)
from tournaments.permissions import require_manager
from tournaments.views.common import back_on_event_error, event_or_404


@require_POST
@login_required
@back_on_event_error
def registration_action(request, slug: str, pk: int, action: str):
    event = event_or_404(slug)
    registration = get_object_or_404(Registration, pk=pk, event=event)
    if action == "check-in":
        participant_services.check_in(request.user, registration)
        messages.success(request, _("%(name)s checked in.") % {"name": registration.display_name})
    elif action == "drop":
        participant_services.drop(request.user, registration)
        messages.success(
            request, _("%(name)s dropped from the next round on.") % {"name": registration.display_name}
        )
    elif action == "admit":
        participant_services.admit(request.user, registration)
        messages.success(
            request, _("%(name)s admitted from the waiting list.") % {"name": registration.display_name}
        )
    else:
        raise EventError(_("Unknown action %(action)s.") % {"action": repr(action)})
    return redirect("tournaments:manage", slug=slug)


@require_POST
@login_required
@back_on_event_error
def check_in_bulk(request, slug: str):
    """Check in every registered player ("all") or the ticked ones ("registration"), in one POST."""
    event = event_or_404(slug)
    if request.POST.get("all"):
        chosen = None
    else:
        chosen = request.POST.getlist("registration")
        if not chosen:
            raise EventError(_("Tick the players to check in, or check in all."))
        if not all(pk.isdigit() for pk in chosen):
            raise EventError(_("Unknown registration."))
    checked = participant_services.check_in_many(request.user, event, chosen)
    messages.success(
        request,
        ngettext("%(count)d player checked in.", "%(count)d players checked in.", len(checked))
        % {"count": len(checked)},
    )
    back = request.POST.get("next")
    if back == "pair-absent":
        return redirect("tournaments:pair-absent", slug=slug)
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
    messages.success(
        request,
        _("%(name)s joins from round %(number)s.")
        % {"name": registration.display_name, "number": registration.joined_round},
    )
    return redirect("tournaments:manage", slug=slug)


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
            messages.success(
                request,
                ngettext(
                    "Soft scores saved (%(count)d change).", "Soft scores saved (%(count)d changes).", changed
                )
                % {"count": changed},
            )
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
    return render(request, "participants/soft_scores.html", context)
