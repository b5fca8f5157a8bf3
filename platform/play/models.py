"""A game recorded at the table: both players' phones append events that the engine checked."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class DiceMode(models.TextChoices):
    SEEDED = "seeded", "The site rolls (seed committed before the first roll, revealed at the end)"
    RECORDED = "recorded", "We roll real dice and enter the faces"


class TableStatus(models.TextChoices):
    WAITING = "waiting", "Waiting for the second player"
    PLAYING = "playing", "Playing"
    OVER = "over", "Over — confirm the result"
    CONFIRMED = "confirmed", "Result confirmed"


class TableGame(models.Model):
    """One game at the table. ``entries`` holds, in order, every accepted event with its words and dice
    (``{"event", "text", "rolls", "seat"}``); ``version`` counts changes, so two phones posting at once
    cannot both win (optimistic concurrency) and a page polls it cheaply."""

    code = models.CharField(max_length=8, unique=True)
    game = models.CharField(max_length=64)
    header = models.JSONField()  # the log header; for a seeded game the commitment only, never the seed
    mode = models.CharField(max_length=16, choices=DiceMode.choices, default=DiceMode.SEEDED)
    seed = models.CharField(max_length=128, blank=True)  # secret until the game is over
    entries = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    last_confirmed = models.BooleanField(default=True)  # the opponent confirmed the last event
    seat1 = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    seat2 = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    status = models.CharField(max_length=16, choices=TableStatus.choices, default=TableStatus.WAITING)
    result_confirmed = models.JSONField(default=list)  # seats (1, 2) that confirmed the result
    match_ref = models.JSONField(null=True, blank=True)  # {"event", "match", "round"} for a match's game
    # {"challenge": slug, "entry": id once entered} for a challenge played at the table (play.challenges)
    challenge_ref = models.JSONField(null=True, blank=True)
    game_log = models.ForeignKey(
        "gamelogs.GameLog", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"table {self.code} ({self.game})"

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("play:table", args=[self.code])

    def seat_of(self, user) -> int | None:
        if user is None or not user.is_authenticated:
            return None
        if self.seat1_id == user.pk:
            return 1
        if self.seat2_id == user.pk:
            return 2
        return None

    @property
    def events(self) -> list[dict]:
        return [entry["event"] for entry in self.entries]
