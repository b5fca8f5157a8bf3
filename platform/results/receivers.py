"""Subscriptions to other apps' signals (connected in ResultsConfig.ready)."""

from __future__ import annotations

from django.db.models import OuterRef
from django.dispatch import receiver

from draw.models import Match
from gamelogs.models import GameLog
from gamelogs.signals import interested, log_verified, register_interest
from results.services.match_results import on_log_verified

register_interest("tournaments", lambda: Match.objects.filter(game_log_id=OuterRef("pk")))


@receiver(log_verified, sender=GameLog, dispatch_uid="tournaments.match_result_from_log")
def match_result_from_log(sender, game_log, verdict, **kwargs):
    """A verified log attached to a match becomes (or flags) that match's result.

    Sent once per verification run, possibly twice for one verdict: on_log_verified is
    idempotent. Most logs are no match's evidence: for them the verdict's interest checks
    (gamelogs.signals) already said so, or this is one indexed query, without the savepoint and row
    lock a match's result takes. Notifications are sent on commit (services.common.notify), so a
    verdict rolled back tells nobody anything.
    """
    if interested(kwargs, "tournaments") and Match.objects.filter(game_log_id=game_log.pk).exists():
        on_log_verified(game_log, verdict)
