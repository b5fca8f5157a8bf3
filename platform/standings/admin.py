from django.contrib import admin

from standings.models import StandingSnapshot


@admin.register(StandingSnapshot)
class StandingSnapshotAdmin(admin.ModelAdmin):
    list_display = ("event", "round", "created_at")
    raw_id_fields = ("event", "round")
