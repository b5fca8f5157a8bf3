"""Every force list of an event, once public."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from participants import entrants
from participants.models import ForceList
from tournaments.permissions import manages
from tournaments.views.common import event_or_404


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
            "lines": entrants.list_lines(fl),
            "faction": entrants.faction_name(event, fl.faction),
        }
        for fl in force_lists
    ]
    return render(
        request,
        "participants/lists.html",
        {"event": event, "tab": "lists", "entries": entries, "is_manager": manages(request.user, event)},
    )
