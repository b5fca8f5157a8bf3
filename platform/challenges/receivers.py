"""A verified log that enters a challenge becomes an accepted or refused entry (services.record_verdict).

Sent inside the verdict's transaction (gamelogs.signals); idempotent, one entry per (challenge, log), so a
repeated signal (the outbox's retry, a re-verification) updates the same rows."""

from django.dispatch import receiver

from challenges.services import record_verdict
from gamelogs.signals import log_verified


@receiver(log_verified, dispatch_uid="challenges.entries_from_verdict")
def entries_from_verdict(sender, game_log, verdict, **kwargs):
    record_verdict(game_log, verdict)
