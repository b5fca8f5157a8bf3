"""A game recorded at the table: the phones of its seats (one to six) append events that the engine checked."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DiceMode(models.TextChoices):
    SEEDED = "seeded", _("The site rolls (seed committed before the first roll, revealed at the end)")
    RECORDED = "recorded", _("We roll real dice and enter the faces")


class TableStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for players to join")
    PLAYING = "playing", _("Playing")
    OVER = "over", _("Over — confirm the result")
    CONFIRMED = "confirmed", _("Result confirmed")
    ABANDONED = "abandoned", _("Abandoned")


def new_watch_token() -> str:
    """A table's spectator link's secret: 16 random URL-safe characters (96 bits), never guessed."""
    return secrets.token_urlsafe(12)


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
    status = models.CharField(max_length=16, choices=TableStatus.choices, default=TableStatus.WAITING)
    match_ref = models.JSONField(null=True, blank=True)  # {"event", "match", "round"} for a match's game
    # {"challenge": slug, "entry": id once entered} for a challenge played at the table (play.challenges)
    challenge_ref = models.JSONField(null=True, blank=True)
    game_log = models.ForeignKey(
        "gamelogs.GameLog", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The secret of the table's read-only link (play:watch): whoever has it sees the game as a spectator,
    # with no seat and nothing any seat keeps hidden; the join code is never shown there.
    watch_token = models.CharField(max_length=32, unique=True, default=new_watch_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"table {self.code} ({self.game})"

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("play:table", args=[self.code])

    def seat_list(self) -> list[TableSeat]:
        """The seats in order, read once per table object (``forget_seats`` after a change)."""
        cached = getattr(self, "_seat_list", None)
        if cached is None:
            cached = self._seat_list = list(self.seats.select_related("user__profile").order_by("number"))
        return cached

    def forget_seats(self) -> None:
        self.__dict__.pop("_seat_list", None)

    def seats_of(self, user) -> list[TableSeat]:
        """The seats ``user`` holds (several only when one phone plays them all)."""
        if user is None or not user.is_authenticated:
            return []
        return [seat for seat in self.seat_list() if seat.user_id == user.pk]

    def seat_of(self, user) -> int | None:
        """The first seat number ``user`` holds, or None for someone not seated."""
        mine = self.seats_of(user)
        return mine[0].number if mine else None

    def holder(self, number: int):
        """The account holding seat ``number`` (None while it is free)."""
        return next((seat.user for seat in self.seat_list() if seat.number == number), None)

    def holders(self) -> list:
        """Every account seated, once each, in seat order."""
        out = []
        for seat in self.seat_list():
            if seat.user is not None and seat.user not in out:
                out.append(seat.user)
        return out

    def refresh_from_db(self, *args, **kwargs):
        self.forget_seats()
        return super().refresh_from_db(*args, **kwargs)

    @property
    def events(self) -> list[dict]:
        return [entry["event"] for entry in self.entries]


MAX_SEATS = 6


class TableSeat(models.Model):
    """One seat at a table: the header player it plays, its team ("" when it plays for itself), the pieces it
    controls (Eternia's heroes of a co-op team; [] when the whole force is its own), the account holding it
    (null until someone joins), and whether it confirmed the result."""

    table = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 1..MAX_SEATS, the header's players in order
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    player = models.CharField(max_length=32)  # the log header's player id ("p1")
    team = models.CharField(max_length=64, blank=True)
    controls = models.JSONField(default=list, blank=True)
    confirmed = models.BooleanField(default=False)  # confirmed the result
    abandon = models.BooleanField(default=False)  # its holder agrees to abandon the game
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="play_one_seat_per_number"),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=MAX_SEATS), name="play_seat_number_1_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.table_id}"
