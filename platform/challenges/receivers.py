"""A verified log that enters a challenge becomes an accepted or refused entry (services.record_verdict).

Sent inside the verdict's transaction (gamelogs.signals); idempotent, one entry per (challenge, log), so a
repeated signal (the outbox's retry, a re-verification) updates the same rows."""

from django.db.models import OuterRef
from django.dispatch import receiver

from challenges.models import Challenge, ChallengeEntry
from challenges.services import record_verdict
from gamelogs.signals import interested, log_verified, register_interest

# A log can only enter a challenge it has an entry in, or one still open when it arrived.
register_interest("challenges.entries", lambda: ChallengeEntry.objects.filter(log_id=OuterRef("pk")))
register_interest("challenges.open", lambda: Challenge.objects.filter(closes_at__gt=OuterRef("created_at")))


@receiver(log_verified, dispatch_uid="challenges.entries_from_verdict")
def entries_from_verdict(sender, game_log, verdict, **kwargs):
    if interested(kwargs, "challenges.entries") or interested(kwargs, "challenges.open"):
        record_verdict(game_log, verdict)
