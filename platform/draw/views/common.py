"""Looking up a round or a match of an event for a page, as its reader may see it."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from draw.models import Match, Round, RoundState
from tournaments.models import Event
from tournaments.permissions import manages


def round_or_404(event: Event, number: int, user) -> Round:
    """A round of the event; a draft answers 404 to everyone but the organizers."""
    round_ = get_object_or_404(Round.objects.select_related("event"), event=event, number=number)
    if round_.state == RoundState.DRAFT and not manages(user, event):
        raise Http404(_("no such round"))
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
        raise Http404(_("no such match"))
    return match
