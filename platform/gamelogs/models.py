"""Uploaded game logs, who submitted them, and every verification run over them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class LogState(models.TextChoices):
    QUEUED = "queued", _("Queued")
    VERIFYING = "verifying", _("Verifying")
    LEGAL = "legal", _("Legal")
    ILLEGAL = "illegal", _("Illegal")
    UNREADABLE = "unreadable", _("Unreadable")


FINAL_STATES = frozenset({LogState.LEGAL, LogState.ILLEGAL, LogState.UNREADABLE})


class LogSource(models.TextChoices):
    WEB = "web", _("Upload page")
    API = "api", "API"
    CLI = "cli", _("Command line")
    DEMO = "demo", _("Demo data")


class GameLog(models.Model):
    """One distinct log, keyed by the SHA-256 of the bytes uploaded (never stored twice).

    The raw upload is kept verbatim in ``content`` so any later engine version can re-verify it.
    Fields after ``state`` are copied from the latest verdict for listing and filtering; the full
    verdict (result, statistics, error) is in ``verdict``.
    """

    # No index of its own: gamelog_uploader_idx leads with the uploader. Every lease and verdict writes
    # each index of this table, so none is kept that another already serves.
    uploader = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="uploaded_logs",
        db_index=False,
    )
    sha256 = models.CharField(max_length=64)  # unique: the constraint below, without a LIKE-pattern twin
    game = models.CharField(max_length=64)
    size = models.PositiveIntegerField()
    content = models.BinaryField()
    filename = models.CharField(max_length=255, blank=True)
    source = models.CharField(max_length=8, choices=LogSource.choices, default=LogSource.API)
    simulated = models.BooleanField(default=False)
    players = models.JSONField(default=list, blank=True)  # [{"id", "name", "faction"}] from the header

    state = models.CharField(max_length=12, choices=LogState.choices, default=LogState.QUEUED)
    events_total = models.PositiveIntegerField(default=0)
    events_verified = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)

    verdict = models.JSONField(null=True, blank=True)
    summary = models.TextField(blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    # With engine_version, the key of the latest verdict: a release of one game's ruleset re-verifies
    # only that game's logs (gamelogs.verification.is_current).
    ruleset_version = models.CharField(max_length=32, blank=True)
    content_pack_sha = models.CharField(max_length=64, blank=True)
    error_rule = models.CharField(max_length=64, blank=True)
    error_event_index = models.IntegerField(null=True, blank=True)
    result_winner = models.CharField(max_length=32, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)  # null: the broker has not accepted it yet
    started_at = models.DateTimeField(null=True, blank=True)
    # The worker verifying the log holds it until lease_until and renews while it makes progress; a
    # log whose lease ran out (its worker died) is sent again by the sweeper. lease_owner is the Celery
    # task id, which a retry of the same task keeps.
    lease_until = models.DateTimeField(null=True, blank=True)
    lease_owner = models.CharField(max_length=64, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["uploader", "-created_at"], name="gamelog_uploader_idx"),
            models.Index(fields=["state", "created_at"], name="gamelog_state_idx"),
            models.Index(fields=["game", "-created_at"], name="gamelog_game_idx"),
            models.Index(fields=["-created_at"], name="gamelog_created_idx"),
            models.Index(fields=["engine_version"], name="gamelog_engine_idx"),
            models.Index(fields=["game", "ruleset_version"], name="gamelog_ruleset_idx"),
        ]
        constraints = [models.UniqueConstraint(fields=["sha256"], name="gamelog_sha256_unique")]

    def __str__(self) -> str:
        return f"log {self.pk} ({self.game}, {self.state})"

    def get_absolute_url(self) -> str:
        return reverse("gamelogs:detail", args=[self.pk])

    @property
    def is_final(self) -> bool:
        return self.state in FINAL_STATES

    @property
    def result(self) -> dict | None:
        return (self.verdict or {}).get("result")

    @property
    def statistics(self) -> dict | None:
        return (self.verdict or {}).get("statistics")

    @property
    def error(self) -> dict | None:
        return (self.verdict or {}).get("error")

    def raw_bytes(self) -> bytes:
        # PostgreSQL hands BinaryField back as memoryview, SQLite as bytes.
        return bytes(self.content)


class LogSubmission(models.Model):
    """A user's upload of a log. A duplicate upload adds a submission, not a second log; a log is
    visible to everyone who submitted it (both players of a match may upload the same file)."""

    log = models.ForeignKey(GameLog, on_delete=models.CASCADE, related_name="submissions")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="log_submissions"
    )
    source = models.CharField(max_length=8, choices=LogSource.choices, default=LogSource.API)
    filename = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["log", "user"], name="one_submission_per_user")]
        indexes = [models.Index(fields=["user", "-created_at"], name="submission_user_idx")]

    def __str__(self) -> str:
        return f"{self.user} submitted log {self.log_id}"


class LogVerification(models.Model):
    """One verification run: which engine and content pack decided what, and what changed since
    the previous run (legal ↔ illegal, a different winner or score)."""

    log = models.ForeignKey(GameLog, on_delete=models.CASCADE, related_name="verifications")
    engine_version = models.CharField(max_length=32)
    ruleset_version = models.CharField(max_length=32, blank=True)
    content_pack_sha = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=12, choices=LogState.choices)
    summary = models.TextField(blank=True)
    result_winner = models.CharField(max_length=32, blank=True)
    error_rule = models.CharField(max_length=64, blank=True)
    error_event_index = models.IntegerField(null=True, blank=True)
    reason = models.CharField(max_length=16, default="upload")  # upload, reverify, sweep
    changed = models.BooleanField(default=False)
    changes = models.JSONField(
        default=list, blank=True
    )  # human-readable lines, e.g. "status: legal → illegal"
    duration_ms = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["log", "-created_at"], name="verification_log_idx"),
            models.Index(fields=["changed", "-created_at"], name="verification_changed_idx"),
        ]

    def __str__(self) -> str:
        return f"log {self.log_id}: {self.status} by engine {self.engine_version}"


class VerdictOutbox(models.Model):
    """The effects of a log's latest verdict (``log_verified`` receivers: statistics rows, match
    results) that have not completed yet.

    Receivers normally run inside the verdict's own transaction and no row is left. A receiver that
    fails there is rolled back to a savepoint and leaves this row, committed with the verdict; the
    sweeper (``gamelogs.outbox.complete_pending``) runs the receivers again until they succeed, so
    every verdict's effects happen exactly once. Staff see rows that keep failing in the admin.
    """

    log = models.OneToOneField(GameLog, on_delete=models.CASCADE, related_name="pending_effects")
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField()

    class Meta:
        ordering = ["next_attempt_at", "id"]
        indexes = [models.Index(fields=["next_attempt_at"], name="outbox_due_idx")]

    def __str__(self) -> str:
        return f"effects of log {self.log_id} ({self.attempts} attempts)"


class ShadowRun(models.Model):
    """A canary: a sample of stored logs verified by a candidate engine or ruleset, before it is
    promoted, with nothing written to the logs. Its diffs (ShadowDiff) show staff what the release
    would change: legal ↔ illegal, winners, VP."""

    game = models.CharField(max_length=64)
    engine_version = models.CharField(max_length=32)  # the candidate's
    ruleset_version = models.CharField(max_length=32, blank=True)
    sample_size = models.PositiveIntegerField()
    checked = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    status_changes = models.PositiveIntegerField(default=0)  # legal ↔ illegal ↔ unreadable
    winner_changes = models.PositiveIntegerField(default=0)
    vp_changes = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"canary {self.game} {self.ruleset_version or self.engine_version}: {self.changed}/{self.checked} changed"


class ShadowDiff(models.Model):
    """One log whose verdict the candidate would change."""

    run = models.ForeignKey(ShadowRun, on_delete=models.CASCADE, related_name="diffs")
    log = models.ForeignKey(GameLog, on_delete=models.CASCADE, related_name="shadow_diffs")
    status_before = models.CharField(max_length=12)
    status_after = models.CharField(max_length=12)
    changes = models.JSONField(default=list)  # lines, as in LogVerification.changes
    summary_after = models.TextField(blank=True)

    class Meta:
        ordering = ["run", "id"]

    def __str__(self) -> str:
        return f"log {self.log_id}: {'; '.join(self.changes)}"
