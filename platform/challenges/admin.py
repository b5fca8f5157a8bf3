from django.contrib import admin

from challenges.models import Challenge, ChallengeEntry, ChallengeStart


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("title", "game", "mode", "difficulty", "opens_at", "closes_at", "allow_simulated")
    list_filter = ("game", "difficulty")
    readonly_fields = ("commitment", "seed", "header", "created_at")


@admin.register(ChallengeEntry)
class ChallengeEntryAdmin(admin.ModelAdmin):
    list_display = ("challenge", "player", "status", "score", "rounds", "simulated", "verified_at")
    list_filter = ("status", "simulated")
    raw_id_fields = ("log", "player")


@admin.register(ChallengeStart)
class ChallengeStartAdmin(admin.ModelAdmin):
    list_display = ("challenge", "player", "started_at")
