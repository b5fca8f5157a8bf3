"""What sets webhooks off: a verdict (gamelogs' ``log_verified``), a round published and a match
result that counts (saves of tournaments' models, so the tournaments app needs no change)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import OuterRef, Q
from django.db.models.signals import post_save

from draw.models import COUNTED_STATES, Match, Round, RoundState
from gamelogs.models import LogSubmission
from gamelogs.signals import interested, log_verified, register_interest
from webhooks import services
from webhooks.models import Subscription

log = logging.getLogger(__name__)


def verdict_announced(sender, game_log, verdict: dict, **kwargs) -> None:
    if interested(kwargs, "webhooks"):
        services.on_verdict(game_log, verdict)


def _subscriptions_that_may_hear():
    """Active subscriptions that could hear of a log's verdict (services.on_verdict decides): its
    uploaders' personal ones and those of events it is a match's evidence in."""
    uploaders = LogSubmission.objects.filter(log_id=OuterRef(OuterRef("pk"))).values("user_id")
    events = Match.objects.filter(game_log_id=OuterRef(OuterRef("pk"))).values("round__event_id")
    return Subscription.objects.filter(active=True).filter(
        Q(event__isnull=True, owner__in=uploaders) | Q(event__in=events)
    )


def round_saved(sender, instance: Round, update_fields=None, **kwargs) -> None:
    if instance.state == RoundState.PUBLISHED and (update_fields is None or "state" in update_fields):
        services.on_pairings(instance)


def match_saved(sender, instance: Match, **kwargs) -> None:
    # The result lives on the match's seats, written after the match row: read them once the
    # transaction that saved the match has committed.
    if instance.state in COUNTED_STATES:
        match_id = instance.pk
        transaction.on_commit(lambda: _result_committed(match_id))


def _result_committed(match_id: int) -> None:
    match = Match.objects.select_related("round__event").filter(pk=match_id).first()
    if match is not None and any(seat.outcome for seat in match.seat_list()):
        services.on_result(match)


def connect() -> None:
    register_interest("webhooks", _subscriptions_that_may_hear)
    log_verified.connect(verdict_announced, dispatch_uid="webhooks.verdict")
    post_save.connect(round_saved, sender=Round, dispatch_uid="webhooks.round")
    post_save.connect(match_saved, sender=Match, dispatch_uid="webhooks.match")
