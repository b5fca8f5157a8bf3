"""Lookups and the error handling every tournament page shares."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from draw.models import Match, Round, RoundState
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import manages


def event_or_404(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def round_or_404(event: Event, number: int, user) -> Round:
    """A round of the event; a draft answers 404 to everyone but the organizers."""
    round_ = get_object_or_404(Round.objects.select_related("event"), event=event, number=number)
    if round_.state == RoundState.DRAFT and not manages(user, event):
        raise Http404("no such round")
    return round_


def match_or_404(event: Event, pk: int, user) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("round__event", "game_log").prefetch_related(
            "seats__registration__player"
        ),
        pk=pk,
        round__event=event,
    )
    if match.round.state == RoundState.DRAFT and not manages(user, event):
        raise Http404("no such match")
    return match


def back_on_event_error(view):
    """Run an action view; an EventError becomes a message on the page it came from."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except EventError as exc:
            messages.error(request, exc.message)
            back = request.META.get("HTTP_REFERER", "")
            if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
                return redirect(back)
            return redirect("tournaments:list")

    return wrapper
