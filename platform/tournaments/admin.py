"""Admin pages for looking at tournament rows; changes belong to the services and pages."""

from django.contrib import admin

from tournaments.models import AuditEntry, Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "format", "starts_on", "status")
    search_fields = ("name", "slug", "venue")
    list_filter = ("format", "status")


admin.site.register(AuditEntry)
