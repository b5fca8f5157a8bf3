"""Lookups and the error handling every tournament page shares."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from tournaments.errors import EventError
from tournaments.models import Event


def event_or_404(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


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
