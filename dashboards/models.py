"""Statistics rows written from verified games, and the daily summary tables the pages read.

Two layers, each generic here and extended by the game plugins that keep rows of their own:

* **Stat rows** (``GameStat``, ``SeatStat``, ``ComponentStat``) hold every legal verdict's generic
  result. They are replaced whole when a log is re-verified.
* **Summaries** (``GameDaily``, ``ScoreDaily``, ``TeamDaily`` with its month rollup) are those rows
  aggregated by SQL ``INSERT … SELECT`` (see ``dashboards.summaries``) into one row per
  *bucket*: game × day played × content pack × event × rating band × simulated × source × mode, plus the
  dimension's own key. Every page filter is a ``WHERE`` on bucket columns, so a filtered
  statistic is a ``SUM … GROUP BY`` over a few thousand summary rows instead of a scan of
  millions of stat rows, and the day grain keeps date ranges exact.

Hand-reported match results (confirmed by both players or decided by an organizer) are stored in
the generic core only (``GameStat`` and ``SeatStat``, ``source = "report"``); every summary row
carries its source, and a filter counts reported results only when asked (``include_reported``).

Event and rating are plain nullable columns owned here until the tournaments app has event
and rating models: ``event_ref`` is the log header's optional ``reference.event`` and
``rating`` the mean of the players' ratings when something supplies it (nothing does yet).
"""

from __future__ import annotations

from django.db import models


class Source(models.TextChoices):
    """Where a counted game comes from: a log the engine verified, or a result players reported by
    hand and confirmed (or an organizer decided), which no engine checked."""

    LOG = "log", "Verified log"
    REPORT = "report", "Reported result (unverified)"


class GameStat(models.Model):
    """One verified, legal game (``statistics["game"][0]``) plus the columns pages filter on."""

    # Null for synthetic benchmark/demo rows, which have no uploaded log behind them, and for
    # reported results, which have a match instead.
    game_log = models.OneToOneField(
        "gamelogs.GameLog", null=True, blank=True, on_delete=models.CASCADE, related_name="meta_stat"
    )
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.LOG)
    match = models.OneToOneField(
        "draw.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="meta_stat"
    )
    game = models.CharField(max_length=64)
    played_on = models.DateField(
        help_text="Day the game was played: the log header's 'created', else upload day."
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    content_pack = models.CharField(max_length=100, help_text="id@version")
    event_ref = models.CharField(max_length=200, null=True, blank=True)
    rating = models.FloatField(null=True, blank=True)
    rating_band = models.IntegerField(null=True, blank=True)
    simulated = models.BooleanField(default=False)
    # The engine Mode id the log was played in ("" for a game whose logs name none).
    mode = models.CharField(max_length=32, blank=True, default="")
    randomness = models.CharField(max_length=16)
    rounds_played = models.PositiveSmallIntegerField()
    events = models.PositiveIntegerField(default=0)
    first_player = models.CharField(max_length=32)
    winner = models.CharField(max_length=32, null=True, blank=True)
    outcome = models.CharField(max_length=16)
    ended_by = models.CharField(max_length=32)  # "tie-break-eternium" (FE-17.2) is 18
    # The game counts in its plugin's public-only summary rows (the verdict groups of
    # ``providers.VerdictGroups.public_only``, the summaries of ``providers.Summary.public_game``): its log was
    # public when they were last written or corrected (``dashboards.verdictgroups``, ``dashboards.summaries``).
    groups_public = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["game", "played_on"], name="dash_game_game_day"),
            models.Index(fields=["game", "event_ref"], name="dash_game_game_event"),
            # The games counted public: the few a public-only grouping checks are still public.
            models.Index(
                fields=["game", "played_on"],
                condition=models.Q(groups_public=True),
                name="dash_game_public_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.played_on} #{self.pk}"


class SeatStat(models.Model):
    """One seat of one game as the generic result gives it (``verdict["result"]["seats"]``):
    every game has these, whatever its own statistics."""

    game_stat = models.ForeignKey(GameStat, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=32, help_text="the player id of the log header")
    team = models.CharField(max_length=32, blank=True)
    outcome = models.CharField(max_length=8)  # win | draw | loss
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)


class ComponentStat(models.Model):
    """One score component of one seat, by the game's key (the sources of its score)."""

    seat = models.ForeignKey(SeatStat, on_delete=models.CASCADE, related_name="components")
    component = models.CharField(max_length=64)
    value = models.IntegerField()


# --- Summaries --------------------------------------------------------------------------------


# The columns of ``Bucket`` but ``game``: what a filter reads beside it.
BUCKET_FILTERS = ("day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode")


class Bucket(models.Model):
    """The filter columns every summary row carries; a filter is a WHERE on these."""

    game = models.CharField(max_length=64)
    day = models.DateField()
    content_pack = models.CharField(max_length=100)
    event_ref = models.CharField(max_length=200, null=True, blank=True)
    rating_band = models.IntegerField(null=True, blank=True)
    simulated = models.BooleanField(default=False)
    source = models.CharField(max_length=8, default=Source.LOG)
    mode = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        abstract = True


class GameDaily(Bucket):
    """Games by length, how they ended and outcome."""

    rounds_played = models.PositiveSmallIntegerField()
    ended_by = models.CharField(max_length=32)  # "tie-break-eternium" (FE-17.2) is 18
    outcome = models.CharField(max_length=16)
    games = models.IntegerField(default=0)
    first_player_wins = models.IntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "day"], name="dash_gamed_game_day")]


class ScoreDaily(Bucket):
    """Seats by outcome with their score (``component`` empty) or one score component summed:
    the generic core every game's dashboard can read."""

    outcome = models.CharField(max_length=8)
    component = models.CharField(max_length=64, blank=True)
    seats = models.IntegerField(default=0)
    total = models.BigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "day"], name="dash_score_game_day")]


class TeamDaily(Bucket):
    """Teams of the generic result's seats (``SeatStat.team``) per game, by the team's result: each team in
    each game counts once however many seats shared it (``games``), and in ``wins``/``draws`` when one of
    its seats won/drew. ``solo``: the game's verified result names a difficulty, a game against the game
    (FE-18). A game belongs to one bucket, so the counts of several buckets add up."""

    team = models.CharField(max_length=32, blank=True)
    solo = models.BooleanField(default=False)
    games = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    draws = models.IntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "day"], name="dash_team_game_day")]


class TeamMonthly(Bucket):
    """``TeamDaily`` summed per calendar month (``day`` is its first day)."""

    team = models.CharField(max_length=32, blank=True)
    solo = models.BooleanField(default=False)
    games = models.BigIntegerField(default=0)
    wins = models.BigIntegerField(default=0)
    draws = models.BigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "day"], name="dash_teamm_game_day")]


GROUP_SUMS = ("n0", "n1", "n2", "n3", "n4", "n5")


class VerdictGroupDaily(Bucket):
    """Sums a game plugin reads from its stored verdicts' JSON (``providers.VerdictGroups``), kept per bucket so
    its data sets do not read every verdict of the filter again (issue #25): one row per bucket, group ``name``
    and ``key`` (the group's key values as a JSON list), with up to six integer sums (``n0``…``n5``, named by the
    group). A game belongs to one bucket, so the sums of several buckets add up."""

    name = models.CharField(max_length=48)
    key = models.CharField(max_length=400)
    n0 = models.BigIntegerField(default=0)
    n1 = models.BigIntegerField(default=0)
    n2 = models.BigIntegerField(default=0)
    n3 = models.BigIntegerField(default=0)
    n4 = models.BigIntegerField(default=0)
    n5 = models.BigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "name", "day"], name="dash_vgroup_game_name_day")]


class VerdictGroupMonthly(Bucket):
    """``VerdictGroupDaily`` summed per calendar month (``day`` is its first day)."""

    name = models.CharField(max_length=48)
    key = models.CharField(max_length=400)
    n0 = models.BigIntegerField(default=0)
    n1 = models.BigIntegerField(default=0)
    n2 = models.BigIntegerField(default=0)
    n3 = models.BigIntegerField(default=0)
    n4 = models.BigIntegerField(default=0)
    n5 = models.BigIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["game", "name", "day"], name="dash_vgroupm_game_name_day"),
            # A grouping's rows in key order with every column a filter and a sum read (PostgreSQL: an index-only
            # scan, no sort): the month rows of one grouping are spread over the whole table, so a filter over
            # every month (a player's dice: a row per name and month) would read every page of it.
            models.Index(
                fields=["game", "name", "key"],
                include=[*BUCKET_FILTERS, *GROUP_SUMS],
                name="dash_vgroupm_name_key",
            ),
        ]


class VerdictGroupGame(models.Model):
    """One game's groups of a public-only ``providers.VerdictGroups`` (``public_only``) kept per game too: what is
    added to or taken off the bucket rows when its log is made public or private, without reading its verdict."""

    game_stat = models.ForeignKey(GameStat, on_delete=models.CASCADE, related_name="verdict_groups")
    name = models.CharField(max_length=48)
    key = models.CharField(max_length=400)
    n0 = models.BigIntegerField(default=0)
    n1 = models.BigIntegerField(default=0)
    n2 = models.BigIntegerField(default=0)
    n3 = models.BigIntegerField(default=0)
    n4 = models.BigIntegerField(default=0)
    n5 = models.BigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game_stat", "name"], name="dash_vgroupg_stat_name")]


class SummaryVersion(models.Model):
    """Bumped whenever a game's stat rows or summaries change; part of every cache key."""

    game = models.CharField(max_length=64, primary_key=True)
    version = models.BigIntegerField(default=0)
    refreshed_at = models.DateTimeField(null=True, blank=True)


class StaleBucket(models.Model):
    """A (game, day) whose summaries are out of date. Receivers add rows; ``refresh_meta_summaries``
    drains them, so a burst of verdicts on one day costs one refresh, not one per verdict."""

    game = models.CharField(max_length=64)
    day = models.DateField()
    # A refresh task has been sent for this mark. Kept in the database beside the mark (not in a cache),
    # so every worker process sees it whatever the cache backend.
    scheduled = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "day"], name="dash_stale_bucket_once")]


class StatisticsRejection(models.Model):
    """A legal verdict whose ``statistics`` broke its game's statistics schema (issue #9: the contract is
    checked at ingest). The verdict stands; the log has no stat rows until a verdict that follows the
    contract replaces this one (``python manage.py statistics_rejections`` lists them)."""

    game_log = models.OneToOneField(
        "gamelogs.GameLog", on_delete=models.CASCADE, related_name="statistics_rejection"
    )
    game = models.CharField(max_length=64)
    schema_version = models.IntegerField(null=True, blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    problems = models.JSONField(default=list)  # "/json/pointer: message", as the schema check words them
    rejected_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rejected_at"]

    def __str__(self) -> str:
        return f"log {self.game_log_id} ({self.game}): {len(self.problems)} problem(s)"
