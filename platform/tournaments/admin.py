"""Admin pages for looking at tournament rows; changes belong to the services and pages."""

from django.contrib import admin

from tournaments.models import AuditEntry, Event, Match, MatchSeat, Round


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "format", "starts_on", "status")
    search_fields = ("name", "slug", "venue")
    list_filter = ("format", "status")


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    raw_id_fields = ("registration",)
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "state", "result_source", "log_flag")
    list_filter = ("state", "log_flag")
    raw_id_fields = ("game_log", "round")
    inlines = [MatchSeatInline]


for model in (Round, AuditEntry):
    admin.site.register(model)
