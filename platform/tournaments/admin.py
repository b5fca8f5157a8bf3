"""Admin pages for looking at tournament rows; changes belong to the services and pages."""

from django.contrib import admin

from tournaments.models import AuditEntry, Event, ForceList, Match, MatchSeat, Registration, Round


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "format", "starts_on", "status")
    search_fields = ("name", "slug", "venue")
    list_filter = ("format", "status")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("display_name", "event", "status", "joined_round", "dropped_after_round")
    list_filter = ("status",)
    search_fields = ("display_name", "player__username", "event__slug")


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


for model in (Round, ForceList, AuditEntry):
    admin.site.register(model)
