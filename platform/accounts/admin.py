from django.contrib import admin, messages

from accounts import roles
from accounts.models import OrganizerRequest, Profile, RequestStatus


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "club", "created_at")
    search_fields = ("user__username", "display_name", "club")


@admin.register(OrganizerRequest)
class OrganizerRequestAdmin(admin.ModelAdmin):
    """Decisions go through accounts.roles (the group, the player's notice), never a bare edit."""

    list_display = ("user", "status", "created_at", "decided_at", "decided_by", "reason")
    list_filter = ("status",)
    search_fields = ("user__username", "reason")
    readonly_fields = (
        "user",
        "reason",
        "status",
        "created_at",
        "decided_at",
        "decided_by",
        "note",
        "told_at",
    )
    actions = ["grant", "decline"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Grant the organizer role")
    def grant(self, request, queryset):
        self._decide(request, queryset, grant=True)

    @admin.action(description="Decline")
    def decline(self, request, queryset):
        self._decide(request, queryset, grant=False)

    def _decide(self, request, queryset, *, grant: bool) -> None:
        done = 0
        for organizer_request in queryset.filter(status=RequestStatus.PENDING):
            roles.decide(request.user, organizer_request, grant=grant)
            done += 1
        skipped = queryset.count() - done
        verb = "granted" if grant else "declined"
        messages.success(
            request, f"{done} request(s) {verb}" + (f"; {skipped} already decided." if skipped else ".")
        )
