"""The draw: an event's rounds, the matches (tables) each round pairs and their seats, and once
played, each seat's result. The tables keep the names they had in the tournaments app
(draw.0001_initial took them over in the migration state)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from participants.models import Registration


class RoundStage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")
    ELIMINATION = "elimination", _("Elimination")


class RoundState(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    CLOSED = "closed", _("Closed")


class Round(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=12, choices=RoundStage.choices, default=RoundStage.SWISS)
    state = models.CharField(max_length=10, choices=RoundState.choices, default=RoundState.DRAFT)
    paired_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    timer_started_at = models.DateTimeField(null=True, blank=True)
    timer_ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_round"
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.event.slug, self.number])


class MatchState(models.TextChoices):
    AWAITING_LOG = "awaiting-log", _("Awaiting log")
    VERIFYING = "verifying", _("Verifying")
    VERIFIED = "verified", _("Verified")
    REPORTED = "reported", _("Reported")
    DISPUTED = "disputed", _("Disputed")
    CONFIRMED = "confirmed", _("Confirmed")


# States whose result counts for standings and the next pairing.
COUNTED_STATES = (MatchState.VERIFIED, MatchState.CONFIRMED)


class Outcome(models.TextChoices):
    WIN = "win", _("Win")
    DRAW = "draw", _("Draw")
    LOSS = "loss", _("Loss")


class ResultSource(models.TextChoices):
    LOG = "log", _("Verified log")
    REPORT = "report", _("Reported and confirmed")
    ORGANIZER = "organizer", _("Organizer decision")
    BYE = "bye", _("Bye")


class LogFlag(models.TextChoices):
    NONE = "", _("None")
    ILLEGAL = "illegal", _("Log is illegal")
    UNREADABLE = "unreadable", _("Log is unreadable")
    MISMATCH = "mismatch", _("Log does not match the match")


class MatchQuerySet(models.QuerySet):
    def with_seat_count(self):
        return self.annotate(seat_count=models.Count("seats"))

    def with_side_count(self):
        """``side_count``: the sides at the table, as ``Match.is_bye`` counts them: each team once
        (however many of its members sit there), each seat without a team on its own."""
        return self.annotate(
            side_count=models.Count("seats__team", distinct=True, filter=~Q(seats__team=""))
            + models.Count("seats", filter=Q(seats__team=""))
        )

    def byes(self):
        """Matches of one side: a single seat, or in a team event the seats of one team (its bye)."""
        return self.with_side_count().filter(side_count__lt=2)

    def games(self):
        """Matches of two sides or more (byes left out)."""
        return self.with_side_count().filter(side_count__gte=2)

    def of(self, registration):
        """The matches ``registration`` sits at."""
        return self.filter(seats__registration=registration)


class Match(models.Model):
    """One table of a round and its seats (``seats``, one per registration, in table order).

    One seat is a bye; a two-seat game lists its players in table order, as pairings do.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    # Why the table was paired: ``reason`` in English, as written; ``reason_template`` and ``reason_params``
    # (tournaments.said) say it again in the reader's language. The pairing algorithms' own reasons (pure
    # Python) are English only and keep no template; the page marks them lang="en".
    reason = models.CharField(max_length=300, blank=True)
    reason_template = models.TextField(blank=True, default="")
    reason_params = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=12, choices=MatchState.choices, default=MatchState.AWAITING_LOG)
    result_source = models.CharField(max_length=10, choices=ResultSource.choices, blank=True)
    # How the game ended when a person typed the result (a key of the game's ResultSchema.endings).
    ending = models.CharField(max_length=32, blank=True)

    game_log = models.ForeignKey(
        "gamelogs.GameLog",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_matches",
    )
    log_uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    log_flag = models.CharField(max_length=10, choices=LogFlag.choices, blank=True)
    flag_details = models.JSONField(default=list, blank=True, help_text="one line per difference found")
    updated_at = models.DateTimeField(auto_now=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        db_table = "tournaments_match"
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table"),
            # One log is the evidence of one game: it cannot decide two matches.
            models.UniqueConstraint(
                fields=["game_log"], condition=Q(game_log__isnull=False), name="one_match_per_log"
            ),
        ]

    def set_reason(self, reason) -> None:
        """Keep ``reason`` (a sentence, tournaments.said, or an English string) to be said in each reader's
        language."""
        from tournaments.said import render, split

        self.reason_template, self.reason_params = split(reason)
        self.reason = render(reason, translate=False)[:300]

    @property
    def reason_text(self) -> str:
        """Why the table was paired, in the active language (its English when it kept no template)."""
        from tournaments.said import stored

        return stored(self.reason_template, self.reason_params, self.reason)

    @property
    def reason_is_english(self) -> bool:
        return bool(self.reason) and not self.reason_template

    def __str__(self) -> str:
        sides: dict[str, list[str]] = {}
        for seat in self.seat_list():  # partners read together: "Adam & Teela vs Keldor & Evelyn"
            sides.setdefault(seat.team or f"#{seat.index}", []).append(seat.registration.display_name)
        names = [" & ".join(side) for side in sides.values()]
        if len(names) == 1:
            names.append("bye")
        return f"round {self.round.number} table {self.table}: {' vs '.join(names)}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:match", args=[self.round.event.slug, self.pk])

    def seat_list(self) -> list[MatchSeat]:
        """The seats in table order, with their registrations and players. Read once and kept
        in the prefetch cache (``refresh_from_db`` drops it; draw.seats keeps it true)."""
        if "seats" not in getattr(self, "_prefetched_objects_cache", {}):
            models.prefetch_related_objects([self], "seats__registration__player")
        return sorted(self.seats.all(), key=lambda seat: seat.index)

    @property
    def is_bye(self) -> bool:
        """One side only: a single seat, or in a team event the seats of one team."""
        return len({seat.team or f"#{seat.index}" for seat in self.seat_list()}) < 2

    @property
    def counts(self) -> bool:
        return self.state in COUNTED_STATES

    @property
    def has_result(self) -> bool:
        return any(seat.outcome for seat in self.seat_list())

    def entrants(self) -> list[Registration]:
        return [seat.registration for seat in self.seat_list()]

    def seat_of(self, user) -> MatchSeat | None:
        """The seat ``user`` plays in this match, if any."""
        if user is None or not user.is_authenticated:
            return None
        return next((seat for seat in self.seat_list() if seat.registration.player_id == user.pk), None)

    def side_of(self, user) -> str | None:
        """ "a", "b", … (the seat's letter) if ``user`` plays this match, else None."""
        seat = self.seat_of(user)
        return seat.letter if seat is not None else None

    def opponents_of(self, user) -> list[Registration]:
        """The registrations ``user`` plays against (partners on their team left out)."""
        mine = self.seat_of(user)
        if mine is None:
            return []
        return [s.registration for s in self.seat_list() if s.index != mine.index and not mine.partners(s)]

    def opponent_of(self, user) -> Registration | None:
        opponents = self.opponents_of(user)
        return opponents[0] if len(opponents) == 1 else None

    def seen_from(self, registration_id: int) -> dict:
        """The match from one seat: its opponents' names and its line ("win 30–10")."""
        seats = self.seat_list()
        mine = next((seat for seat in seats if seat.registration_id == registration_id), None)
        if mine is None:
            return {"opponents": "", "line": ""}
        others = [seat for seat in seats if seat.index != mine.index and not mine.partners(seat)]
        line = ""
        if mine.outcome:
            against = "/".join(str(seat.score) for seat in others)
            line = f"{mine.get_outcome_display().lower()} {mine.score}–{against}" if others else "win (bye)"
        return {"opponents": ", ".join(seat.registration.display_name for seat in others), "line": line}

    def score_line(self) -> str:
        if self.is_bye:
            return "bye"
        if not self.has_result:
            return ""
        seats = self.seat_list()
        if seats[0].team:  # a team match: partners share the result, read once per team (FE-17)
            first_of_team: dict[str, MatchSeat] = {}
            for seat in seats:
                first_of_team.setdefault(seat.team, seat)
            seats = list(first_of_team.values())
        if len(seats) == 2:
            a, b = seats
            return f"{a.outcome} {a.score}–{b.score} {b.outcome}"
        return ", ".join(f"{s.registration.display_name} {s.outcome} {s.score}" for s in seats)


class MatchSeat(models.Model):
    """One seat of a match: a registration, its team, and once there is a result, how the
    game ended for it (outcome, rank), its score and the game's score components."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(help_text="0-based, in table order")
    team = models.CharField(max_length=32, blank=True, help_text="empty: the seat plays for itself")
    # Games whose sides are chosen at the table (games.GamePlugin.sides_at_table: Fields of Eternia) get
    # their faction dealt per table when the round is paired (draw.table_factions).
    faction = models.CharField(
        max_length=64,
        blank=True,
        help_text="the faction dealt to this seat's side at this table (empty: none)",
    )
    outcome = models.CharField(max_length=4, choices=Outcome.choices, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 = best; ties share a rank")
    score = models.IntegerField(default=0)
    components = models.JSONField(default=dict, blank=True, help_text="the game's score components by key")

    class Meta:
        db_table = "tournaments_matchseat"
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(fields=["match", "registration"], name="one_seat_per_registration"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.display_name}, seat {self.index + 1} of match {self.match_id}"

    @property
    def letter(self) -> str:
        return "abcdefghijklmnopqrstuvwxyz"[self.index]

    def partners(self, other: MatchSeat) -> bool:
        return bool(self.team) and self.team == other.team

    def result(self) -> tuple:
        return (self.outcome, self.rank, self.score, dict(self.components or {}))
