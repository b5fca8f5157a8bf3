"""Solo and co-op challenges: one fixed setup and one committed seed that everyone plays, and their entries.

A challenge names no rules: its game and mode are registry ids, its setup is a log header template, and an
entry's score and rounds come from the verdict's generic result (``result.against_game``, ``rounds_played``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Challenge(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    game = models.CharField(max_length=64)
    mode = models.CharField(max_length=32)  # a registry Mode id with against_game=True
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    # The log header every entry must carry: game, content_pack, players (forces), setup, options, and
    # randomness {"mode": "seeded", "commitment"}; never the seed (see ``seed``).
    header = models.JSONField()
    difficulty = models.CharField(max_length=40, blank=True)  # a label from the setup, e.g. setup.difficulty
    commitment = models.CharField(max_length=64, unique=True)  # SHA-256 of the seed, published at creation
    seed = models.CharField(max_length=128)  # secret: shown to a player who starts, to everyone after closing
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()
    # Simulated logs are refused unless this is set, and it is set only for labelled demo or test challenges.
    allow_simulated = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="challenges_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-opens_at", "-id"]

    def __str__(self) -> str:
        return self.title

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.opens_at <= now < self.closes_at

    def is_closed(self, now=None) -> bool:
        return (now or timezone.now()) >= self.closes_at

    def seed_revealed(self, now=None) -> bool:
        return self.is_closed(now)


class ChallengeStart(models.Model):
    """A player asked for the seed: from then on they can play the challenge's seeded game."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="starts")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenge_starts"
    )
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["challenge", "player"], name="one_start_per_player")]


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the verdict")
    ACCEPTED = "accepted", _("On the leaderboard")
    REFUSED = "refused", _("Refused")


class ChallengeEntry(models.Model):
    """One log submitted to one challenge; accepted entries make the leaderboard (each player's best). An
    entry from the table belongs to every player seated there (``players``)."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="entries")
    log = models.ForeignKey("gamelogs.GameLog", on_delete=models.CASCADE, related_name="challenge_entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenge_entries"
    )
    # A game played at the table (play.finish): every account seated there, ``player`` (who opened the
    # table) among them; the entry is each of theirs (their entries, their place on the leaderboard). Empty
    # for an upload, which is its uploader's alone.
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="challenge_table_entries", blank=True
    )
    status = models.CharField(max_length=10, choices=EntryStatus.choices, default=EntryStatus.PENDING)
    # Why it was refused: ``reasons`` in English, as written; ``reasons_said`` the same sentences kept as
    # templates and params (tournaments.said) to say them in each reader's language. Entries refused before
    # that have none and show their English.
    reasons = models.JSONField(default=list, blank=True)
    reasons_said = models.JSONField(default=list, blank=True)
    outcome = models.CharField(max_length=16, blank=True)
    score = models.IntegerField(null=True, blank=True)
    rounds = models.PositiveIntegerField(null=True, blank=True)
    simulated = models.BooleanField(default=False)
    submitted_at = models.DateTimeField(default=timezone.now)
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["challenge", "log"], name="one_entry_per_log")]
        indexes = [models.Index(fields=["challenge", "status"])]
        ordering = ["-submitted_at", "-id"]

    @property
    def reasons_text(self) -> list[str]:
        """Why it was refused, in the active language (the stored English for an entry that kept no
        sentences)."""
        from tournaments.said import render

        if self.reasons_said and len(self.reasons_said) == len(self.reasons):
            return [render(reason) for reason in self.reasons_said]
        return [str(reason) for reason in self.reasons]
