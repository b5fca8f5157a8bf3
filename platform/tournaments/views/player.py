"""The player's own events page: the events they entered, their tables now, and their notifications."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from draw.services.event_day import current_tables
from tournaments.models import Notification


@login_required
def my_events(request):
    """The player's page: current pairings with table and timer, their events, notifications."""
    registrations = request.user.registrations.select_related("event").order_by("-event__starts_on")
    notifications = list(Notification.objects.filter(user=request.user)[:50])
    unread = [n.pk for n in notifications if not n.read]
    context = {
        "registrations": registrations,
        "tables": current_tables(request.user),
        "notifications": notifications,
        "unread": set(unread),
        "organized": request.user.events_organized.all(),
    }
    response = render(request, "tournaments/my_events.html", context)
    # Shown once as new, then read.
    Notification.objects.filter(pk__in=unread).update(read=True)
    return response
