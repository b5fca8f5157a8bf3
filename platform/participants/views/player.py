"""A player's pages: register, submit a list, my events with pairings and notifications."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from participants import services as participant_services
from participants.services.force_lists import event_content, list_of
from tournaments.errors import EventError
from tournaments.forms import ListForm
from tournaments.permissions import manages
from tournaments.views.common import back_on_event_error, event_or_404


@require_POST
@login_required
@back_on_event_error
def register(request, slug: str):
    event = event_or_404(slug)
    registration = participant_services.register(request.user, event)
    if registration.status == "waitlisted":
        messages.info(request, _("The event is full: you are on the waiting list."))
    else:
        messages.success(request, _("You are registered. Submit your list next."))
    return redirect("tournaments:my-list", slug=slug)


@require_POST
@login_required
@back_on_event_error
def withdraw(request, slug: str):
    event = event_or_404(slug)
    participant_services.withdraw(request.user, event)
    messages.success(request, _("You have left the event."))
    return redirect(event)


@require_POST
@login_required
@back_on_event_error
def check_in_self(request, slug: str):
    event = event_or_404(slug)
    registration = participant_services.registration_of(request.user, event)
    if registration is None:
        messages.error(request, _("You are not registered for this event."))
    else:
        participant_services.check_in(request.user, registration)
        messages.success(request, _("You are checked in."))
    return redirect(event)


@login_required
def my_list(request, slug: str):
    event = event_or_404(slug)
    registration = participant_services.registration_of(request.user, event)
    if registration is None:
        messages.error(request, _("Register for the event to submit a list."))
        return redirect(event)
    force_list = list_of(registration)
    form = ListForm(request.POST or None, initial={"text": force_list.text if force_list else ""})
    if request.method == "POST" and form.is_valid():
        try:
            force_list = participant_services.submit_list(request.user, event, text=form.cleaned_data["text"])
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            if force_list.valid:
                points = (force_list.validation or {}).get("points_limit") is not None
                messages.success(request, _("List saved: %(points)s points, valid.") % {"points": force_list.points}
                                 if points else _("List saved: valid."))  # fmt: skip
            else:
                messages.error(request, _("List saved, but it is not valid yet: see the problems below."))
            return redirect("tournaments:my-list", slug=slug)
    pack = event_content(event)
    context = {
        "event": event,
        "tab": "list",
        "registration": registration,
        "force_list": force_list,
        "form": form,
        "locked": event.lists_locked or (force_list is not None and force_list.locked),
        "catalogue": event.game_plugin.catalogue(pack),
        "is_manager": manages(request.user, event),
    }
    return render(request, "participants/my_list.html", context)
