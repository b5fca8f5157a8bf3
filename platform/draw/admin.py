from django.contrib import admin

from draw.models import Match, MatchSeat, Round


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


admin.site.register(Round)
