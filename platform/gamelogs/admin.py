from django.contrib import admin

from gamelogs.models import GameLog, LogSubmission, LogVerification, ShadowDiff, ShadowRun, VerdictOutbox


class SubmissionInline(admin.TabularInline):
    model = LogSubmission
    extra = 0
    readonly_fields = ("user", "source", "filename", "created_at")


class VerificationInline(admin.TabularInline):
    model = LogVerification
    extra = 0
    readonly_fields = (
        "engine_version",
        "ruleset_version",
        "status",
        "summary",
        "reason",
        "changed",
        "changes",
        "created_at",
    )


@admin.register(GameLog)
class GameLogAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "state",
        "simulated",
        "uploader",
        "engine_version",
        "ruleset_version",
        "attempts",
        "error_rule",
        "created_at",
        "verified_at",
    )
    # error_rule PLATFORM-GAVE-UP / PLATFORM-UNSTORABLE: logs the pipeline gave up on (staff alerted).
    list_filter = ("state", "game", "simulated", "engine_version", "ruleset_version", "error_rule")
    search_fields = ("sha256", "filename", "summary")
    exclude = ("content",)
    readonly_fields = (
        "sha256", "size", "verdict", "created_at", "enqueued_at", "started_at", "lease_until", "lease_owner",
        "verified_at",
    )  # fmt: skip
    inlines = [SubmissionInline, VerificationInline]


@admin.register(VerdictOutbox)
class VerdictOutboxAdmin(admin.ModelAdmin):
    """Verdict effects (statistics, match results) that failed and wait for the sweeper."""

    list_display = ("log", "attempts", "next_attempt_at", "created_at", "last_error")
    readonly_fields = ("log", "attempts", "last_error", "created_at")


class ShadowDiffInline(admin.TabularInline):
    model = ShadowDiff
    extra = 0
    can_delete = False
    readonly_fields = ("log", "status_before", "status_after", "changes", "summary_after")


@admin.register(ShadowRun)
class ShadowRunAdmin(admin.ModelAdmin):
    """Canaries: what a candidate engine or ruleset would change (``manage.py canary``)."""

    list_display = (
        "game", "ruleset_version", "engine_version", "checked", "changed", "status_changes", "winner_changes",
        "vp_changes", "created_at",
    )  # fmt: skip
    list_filter = ("game",)
    readonly_fields = (
        "game", "engine_version", "ruleset_version", "sample_size", "checked", "changed", "status_changes",
        "winner_changes", "vp_changes", "created_at", "finished_at",
    )  # fmt: skip
    inlines = [ShadowDiffInline]
