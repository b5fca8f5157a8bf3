"""Who plays in an event: registrations (players and guests, their status and check-in), the
teams of a team event, each player's force list and soft scores. The tables keep the names they
had in the tournaments app (participants.0001_initial took them over in the migration state)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")
    WAITLISTED = "waitlisted", _("Waiting list")
    CHECKED_IN = "checked-in", _("Checked in")
    DROPPED = "dropped", _("Dropped")


# Who is in the event (as opposed to waiting for a place).
ENTERED = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN, RegistrationStatus.DROPPED)


class Team(models.Model):
    """A side of a team event: a name and 1 to ``event.team_size`` registrations (its members).

    Teams are the competitors of a team event: they are paired and ranked; every member sits
    at the team's matches and shares its outcome (FE-17). A match seat names its team by the
    team's id (``MatchSeat.team``), so a game stays readable if a member later moves."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="organizer seed, 1 = top seed")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_team"
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="one_team_name_per_event")]

    def __str__(self) -> str:
        return f"{self.name} at {self.event}"


class Registration(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="registrations")
    # The team the player plays for in a team event; None in an individual event.
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    # None for a guest: a player the organizer entered by name, until someone claims the
    # registration with its claim code.
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="registrations",
    )
    display_name = models.CharField(max_length=100, help_text="the name in pairings and standings")
    club = models.CharField(max_length=100, blank=True)
    status = models.CharField(
        max_length=12, choices=RegistrationStatus.choices, default=RegistrationStatus.REGISTERED
    )
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="organizer seed, 1 = top seed")
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="first round the player can be paired in"
    )
    starting_points = models.DecimalField(
        max_digits=5, decimal_places=2, default=0, help_text="late-join score"
    )
    claim_code = models.CharField(
        max_length=12,
        blank=True,
        help_text="given to a guest so that they can attach the entry to an account",
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    # The organizer's stand-in: paired instead of a bye, excluded from standings and ratings.
    is_ringer = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_registration"
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
            models.UniqueConstraint(
                fields=["claim_code"], condition=~Q(claim_code=""), name="unique_claim_code"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.display_name} at {self.event}"

    @property
    def is_entered(self) -> bool:
        return self.status in ENTERED

    @property
    def is_guest(self) -> bool:
        """Entered by the organizer without an account (and not claimed yet)."""
        return self.player_id is None

    @property
    def is_active(self) -> bool:
        return self.status in (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


class SoftScore(models.Model):
    """One player's points in one of the event's soft score categories (painting, sportsmanship),
    entered by an organizer; kept apart from the points games earn."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="soft_scores")
    category = models.CharField(max_length=32)
    points = models.DecimalField(max_digits=6, decimal_places=2)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_softscore"
        ordering = ["registration", "category"]
        constraints = [
            models.UniqueConstraint(fields=["registration", "category"], name="one_soft_score_per_category")
        ]


class ForceList(models.Model):
    """A player's force for one event: ``entries`` are [{"character", "equipment": [...]}] as
    typed (names or ids); ``validation`` is what the game's list rules said about them (games.<game>.lists)."""

    registration = models.OneToOneField(Registration, on_delete=models.CASCADE, related_name="force_list")
    faction = models.CharField(max_length=64, blank=True)
    entries = models.JSONField(default=list)
    text = models.TextField(blank=True, help_text="the list as the player typed it")
    valid = models.BooleanField(default=False)
    points = models.PositiveIntegerField(default=0)
    validation = models.JSONField(default=dict, blank=True)
    locked = models.BooleanField(default=False)
    submitted_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_forcelist"

    def __str__(self) -> str:
        return f"list of {self.registration}"

    @property
    def errors(self) -> list[dict]:
        return (self.validation or {}).get("errors", [])
