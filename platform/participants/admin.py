from django.contrib import admin

from participants.models import ForceList, Registration


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("display_name", "event", "status", "joined_round", "dropped_after_round")
    list_filter = ("status",)
    search_fields = ("display_name", "player__username", "event__slug")


admin.site.register(ForceList)
