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
