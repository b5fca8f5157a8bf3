from django.contrib import admin

from gamelogs.models import GameLog, LogSubmission, LogVerification


class SubmissionInline(admin.TabularInline):
    model = LogSubmission
    extra = 0
    readonly_fields = ("user", "source", "filename", "created_at")


class VerificationInline(admin.TabularInline):
    model = LogVerification
    extra = 0
    readonly_fields = ("engine_version", "status", "summary", "reason", "changed", "changes", "created_at")


@admin.register(GameLog)
class GameLogAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "state",
        "simulated",
        "uploader",
        "engine_version",
        "created_at",
        "verified_at",
    )
    list_filter = ("state", "game", "simulated", "engine_version")
    search_fields = ("sha256", "filename", "summary")
    exclude = ("content",)
    readonly_fields = ("sha256", "size", "verdict", "created_at", "enqueued_at", "started_at", "verified_at")
    inlines = [SubmissionInline, VerificationInline]
