"""Events, entrants, force lists, rounds, matches and what happens to them.

Rows only: every change goes through ``tournaments.services`` (one function per intention), and
the pairing and ranking rules live in ``tournaments.algorithms`` (pure Python). A few
properties here answer questions about one row that templates and services both ask.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import games
from tournaments.algorithms.standings import DEFAULT_ORDER


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_ORDER)


class EventFormat(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
    SWISS_TOP_CUT = "swiss_top_cut", _("Swiss, then a top cut")


class EventStatus(models.TextChoices):
    OPEN = "open", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class FirstRound(models.TextChoices):
    RANDOM = "random", _("Random draw (replayable from the event's seed)")
    SEEDED = "seeded", _("By seeding")


class OddField(models.TextChoices):
    """Who makes up the numbers when an odd number of players is to be paired."""

    BYE = "bye", _("A bye (the lowest-ranked player without one sits out)")
    RINGER = "ringer", _("The ringer (the organizer's stand-in plays)")


class SoftScoresUse(models.TextChoices):
    IGNORED = "ignored", _("Shown only, not ranked")
    TIEBREAK = "tiebreak", _("Break ties, right after the score")
    TOTAL = "total", _("Added to the score")


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

    @property
    def game_name(self) -> str:
        """The game's name as its plugin gives it (its id for a game without one)."""
        return self.game_plugin.label or self.game

    @property
    def mode_name(self) -> str:
        """The mode of play's name, or "" for the game's standard game."""
        from tournaments.game_modes import mode_of

        mode = mode_of(self)
        return mode.name if mode is not None else ""

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


class AuditEntry(models.Model):
    """What an organizer (or the system) did to an event, for anyone checking it later."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    round = models.ForeignKey(
        "draw.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    match = models.ForeignKey(
        "draw.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    # ``detail`` is the entry in English, as written; ``template`` and ``params`` (tournaments.said) say it
    # again in the reader's language. Entries written before templates were kept have none: their detail
    # is shown as it was stored.
    detail = models.TextField()
    template = models.TextField(blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.event}: {self.action}"

    @property
    def text(self) -> str:
        """The entry in the active language (its stored English detail if it kept no template)."""
        from tournaments.said import stored

        return stored(self.template, self.params, self.detail)

    @property
    def action_label(self) -> str:
        """The kind of entry in the active language (an action the site does not name reads as itself)."""
        from tournaments.audit_actions import ACTION_LABELS

        label = ACTION_LABELS.get(self.action)
        return str(label) if label is not None else self.action


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_notifications"
    )
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(
        "draw.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # As the audit trail's entries: ``message`` is the English, as written; ``template`` and ``params``
    # (tournaments.said) say it again in the reader's language. Older rows without a template read as stored.
    message = models.CharField(max_length=300)
    template = models.TextField(blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True)
    read = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read", "-created_at"], name="notification_user_idx")]

    @property
    def text(self) -> str:
        """The message in the active language (its stored English if it kept no template)."""
        from tournaments.said import stored

        return stored(self.template, self.params, self.message)
