"""Subscriptions to other apps' signals (connected in TournamentsConfig.ready)."""

from __future__ import annotations

from django.dispatch import receiver

from gamelogs.models import GameLog
from gamelogs.signals import log_verified
from tournaments.services.results import on_log_verified


@receiver(log_verified, sender=GameLog, dispatch_uid="tournaments.match_result_from_log")
def match_result_from_log(sender, game_log, verdict, **kwargs):
    """A verified log attached to a match becomes (or flags) that match's result.

    Sent once per verification run, possibly twice for one verdict: on_log_verified is
    idempotent. Logs that are no match's evidence cost one indexed query.
    """
    on_log_verified(game_log, verdict)
