"""The event's results page: every published round's tables with their results, latest first."""

from __future__ import annotations

from django.shortcuts import render

from draw import presenters
from draw.models import RoundState
from tournaments.permissions import manages
from tournaments.views.common import event_or_404


def results(request, slug: str):
    event = event_or_404(slug)
    rounds = [
        {"round": r, "rows": presenters.round_rows(r)}
        for r in event.rounds.exclude(state=RoundState.DRAFT).order_by("-number")
    ]
    return render(
        request,
        "results/results.html",
        {"event": event, "tab": "results", "rounds": rounds, "is_manager": manages(request.user, event)},
    )
