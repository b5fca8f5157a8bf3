"""A player's profile beside Django's User."""

from django.conf import settings
from django.db import models

ORGANIZER_PERMISSION = "accounts.organizer"
ORGANIZERS_GROUP = "organizers"


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(
        max_length=100, blank=True, help_text="the name shown in standings and logs"
    )
    club = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        permissions = [("organizer", "Can organize events")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()


class RequestStatus(models.TextChoices):
    PENDING = "pending", "Waiting for staff"
    GRANTED = "granted", "Granted"
    DECLINED = "declined", "Declined"


class OrganizerRequest(models.Model):
    """A player asking to run events ("I want to run events"), and what staff decided.

    Granting adds the player to the "organizers" group (accounts.roles.decide). ``told_at`` is
    when the player saw the outcome; until then the site shows it to them on every page."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organizer_requests"
    )
    reason = models.TextField(max_length=1000, help_text="what events the player wants to run")
    status = models.CharField(max_length=10, choices=RequestStatus.choices, default=RequestStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="empty when decided from the command line",
    )
    note = models.CharField(max_length=500, blank=True, help_text="staff's words to the player")
    told_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="one_pending_organizer_request",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user.get_username()}: {self.get_status_display().lower()}"
