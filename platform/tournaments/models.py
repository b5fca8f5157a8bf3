"""Events, entrants, force lists, rounds, matches and what happens to them.

Rows only: every change goes through ``tournaments.services`` (one function per intention), and
the pairing and ranking rules live in ``tournaments.algorithms`` (pure Python). A few
properties here answer questions about one row that templates and services both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

import games
from tournaments.algorithms.standings import DEFAULT_ORDER

if TYPE_CHECKING:
    from participants.models import Registration


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_ORDER)


class EventFormat(models.TextChoices):
    SWISS = "swiss", "Swiss"
    ROUND_ROBIN = "round_robin", "Round robin"
    SINGLE_ELIMINATION = "single_elimination", "Single elimination"
    SWISS_TOP_CUT = "swiss_top_cut", "Swiss, then a top cut"


class EventStatus(models.TextChoices):
    OPEN = "open", "Registration open"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class FirstRound(models.TextChoices):
    RANDOM = "random", "Random draw (replayable from the event's seed)"
    SEEDED = "seeded", "By seeding"


class OddField(models.TextChoices):
    """Who makes up the numbers when an odd number of players is to be paired."""

    BYE = "bye", "A bye (the lowest-ranked player without one sits out)"
    RINGER = "ringer", "The ringer (the organizer's stand-in plays)"


class SoftScoresUse(models.TextChoices):
    IGNORED = "ignored", "Shown only, not ranked"
    TIEBREAK = "tiebreak", "Break ties, right after the score"
    TOTAL = "total", "Added to the score"


class Event(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    game = models.CharField(max_length=64, default=games.default_game)
    starts_on = models.DateField()
    ends_on = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)

    format = models.CharField(max_length=24, choices=EventFormat.choices, default=EventFormat.SWISS)
    swiss_rounds = models.PositiveSmallIntegerField(
        default=5, help_text="Swiss rounds (Swiss and Swiss + top cut)"
    )
    top_cut = models.PositiveSmallIntegerField(default=8, help_text="players in the top cut (a power of two)")
    first_round = models.CharField(max_length=8, choices=FirstRound.choices, default=FirstRound.RANDOM)
    random_seed = models.PositiveIntegerField(default=0, help_text="replays the random first-round draw")
    avoid_same_club = models.BooleanField(default=True)
    # A draw break key the event's game offers (games.GamePlugin.all_draw_breaks).
    draw_rule = models.CharField(max_length=32, default="higher_seed")

    points_win = models.DecimalField(max_digits=5, decimal_places=2, default=3)
    points_draw = models.DecimalField(max_digits=5, decimal_places=2, default=1)
    points_loss = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    # The game's score (its ResultSchema's score label: VP, favour…) a bye is worth; the column keeps
    # the name it had when only Battleground (VP) ran events.
    bye_score = models.PositiveSmallIntegerField(
        default=0, db_column="bye_vp", help_text="the game's score a bye is worth"
    )
    tiebreaks = models.JSONField(default=default_tiebreaks, help_text="metric keys, most important first")
    max_byes = models.PositiveSmallIntegerField(default=1)
    # Bands of the score margin, [{min, max, label, winner, loser}] (algorithms.battle_points);
    # empty: the points per win, draw and loss above.
    battle_points = models.JSONField(default=list, blank=True)
    # [{key, name, max}]: sportsmanship, painting, ... entered per player (SoftScore).
    soft_score_categories = models.JSONField(default=list, blank=True)
    soft_scores_use = models.CharField(
        max_length=8, choices=SoftScoresUse.choices, default=SoftScoresUse.IGNORED
    )

    content_pack = models.CharField(max_length=64, default=games.default_pack)
    points_limit = models.PositiveSmallIntegerField(default=100)
    list_deadline = models.DateTimeField(null=True, blank=True)
    lists_public = models.BooleanField(default=False, help_text="publish every list once lists are locked")
    round_minutes = models.PositiveSmallIntegerField(default=90)
    registration_cap = models.PositiveIntegerField(null=True, blank=True)
    require_check_in = models.BooleanField(default=False, help_text="round 1 pairs checked-in players only")
    late_join_points = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    odd_field = models.CharField(
        max_length=8,
        choices=OddField.choices,
        default=OddField.BYE,
        help_text="an odd field gives a bye, or the ringer plays (Swiss rounds)",
    )
    # Players per team (at most what the game's seat model lets a side have, games.team_size_limit);
    # 0: everyone plays for themselves. Team events pair and rank teams (tournaments.teams).
    team_size = models.PositiveSmallIntegerField(
        default=0, help_text="players per team, up to the game's limit (0: every player for themselves)"
    )
    # The game's mode of play (engine.game(id).seats.modes), e.g. Hoplomachus "pandemonium": a free-for-all
    # mode of 3+ seats pairs pods (tournaments.game_modes); empty: the game's two-seat (or team) game.
    game_mode = models.CharField(
        max_length=32, blank=True, help_text="the game's mode of play (empty: the standard game)"
    )
    # Points per finishing place in a pod, first place first (tournaments.algorithms.placement_points);
    # empty: 3/2/1/0 scaled to the pod's size.
    placement_points = models.JSONField(
        default=list, blank=True, help_text="points per place in a pod, 1st first"
    )
    # Typed on /join/ (or read from its QR code) to register; empty: joining by code is off.
    join_code = models.CharField(max_length=8, blank=True)

    status = models.CharField(max_length=10, choices=EventStatus.choices, default=EventStatus.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="events_created"
    )
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="events_organized", blank=True)
    # Judges enter results, rule on disputes and correct results; they do not change the event's settings.
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="events_judged", blank=True)
    # Registration ids in seed order, fixed when a schedule is drawn up: the round robin's seats
    # (Berger tables) or the elimination bracket's seeds. Later rounds are derived from them.
    fixed_seeds = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["join_code"], condition=~Q(join_code=""), name="unique_join_code")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event", args=[self.slug])

    @property
    def game_plugin(self):
        from games import plugin

        return plugin(self.game)

    def get_draw_rule_display(self) -> str:
        try:
            return self.game_plugin.draw_break(self.draw_rule).label
        except KeyError:
            return self.draw_rule

    @property
    def is_elimination_only(self) -> bool:
        return self.format == EventFormat.SINGLE_ELIMINATION

    @property
    def has_swiss_stage(self) -> bool:
        return self.format in (EventFormat.SWISS, EventFormat.SWISS_TOP_CUT)

    @property
    def has_elimination_stage(self) -> bool:
        return self.format in (EventFormat.SINGLE_ELIMINATION, EventFormat.SWISS_TOP_CUT)

    @property
    def is_team_event(self) -> bool:
        return self.team_size > 0

    @property
    def lists_locked(self) -> bool:
        """Lists lock at the deadline, or when round 1 is paired if that comes first."""
        if self.list_deadline is not None and timezone.now() >= self.list_deadline:
            return True
        return self.rounds.exists()

    @property
    def lists_visible(self) -> bool:
        return self.lists_public and self.lists_locked


class RoundStage(models.TextChoices):
    SWISS = "swiss", "Swiss"
    ROUND_ROBIN = "round_robin", "Round robin"
    ELIMINATION = "elimination", "Elimination"


class RoundState(models.TextChoices):
    DRAFT = "draft", "Draft"
    PUBLISHED = "published", "Published"
    CLOSED = "closed", "Closed"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=12, choices=RoundStage.choices, default=RoundStage.SWISS)
    state = models.CharField(max_length=10, choices=RoundState.choices, default=RoundState.DRAFT)
    paired_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    timer_started_at = models.DateTimeField(null=True, blank=True)
    timer_ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.event.slug, self.number])


class MatchState(models.TextChoices):
    AWAITING_LOG = "awaiting-log", "Awaiting log"
    VERIFYING = "verifying", "Verifying"
    VERIFIED = "verified", "Verified"
    REPORTED = "reported", "Reported"
    DISPUTED = "disputed", "Disputed"
    CONFIRMED = "confirmed", "Confirmed"


# States whose result counts for standings and the next pairing.
COUNTED_STATES = (MatchState.VERIFIED, MatchState.CONFIRMED)


class Outcome(models.TextChoices):
    WIN = "win", "Win"
    DRAW = "draw", "Draw"
    LOSS = "loss", "Loss"


class ResultSource(models.TextChoices):
    LOG = "log", "Verified log"
    REPORT = "report", "Reported and confirmed"
    ORGANIZER = "organizer", "Organizer decision"
    BYE = "bye", "Bye"


class LogFlag(models.TextChoices):
    NONE = "", "None"
    ILLEGAL = "illegal", "Log is illegal"
    UNREADABLE = "unreadable", "Log is unreadable"
    MISMATCH = "mismatch", "Log does not match the match"


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
    reason = models.CharField(max_length=300, blank=True)
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
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table"),
            # One log is the evidence of one game: it cannot decide two matches.
            models.UniqueConstraint(
                fields=["game_log"], condition=Q(game_log__isnull=False), name="one_match_per_log"
            ),
        ]

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
        in the prefetch cache (``refresh_from_db`` drops it; tournaments.seats keeps it true)."""
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
    registration = models.ForeignKey(
        "participants.Registration", on_delete=models.CASCADE, related_name="seats"
    )
    index = models.PositiveSmallIntegerField(help_text="0-based, in table order")
    team = models.CharField(max_length=32, blank=True, help_text="empty: the seat plays for itself")
    # Games whose sides are chosen at the table (games.GamePlugin.sides_at_table: Fields of Eternia) get
    # their faction dealt per table when the round is paired (tournaments.table_factions).
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


class AuditEntry(models.Model):
    """What an organizer (or the system) did to an event, for anyone checking it later."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    detail = models.TextField()
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.event}: {self.action}"


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_notifications"
    )
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    message = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    read = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read", "-created_at"], name="notification_user_idx")]
