"""A player's profile beside Django's User."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ORGANIZER_PERMISSION = "accounts.organizer"
ORGANIZERS_GROUP = "organizers"


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile", verbose_name=_("user")
    )
    display_name = models.CharField(
        _("display name"), max_length=100, blank=True, help_text=_("the name shown in standings and logs")
    )
    club = models.CharField(_("club"), max_length=100, blank=True)
    # Empty: no preference, the browser's language (or the switcher's) is used.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("the language of every page once you sign in"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        permissions = [("organizer", _("Can organize events"))]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()


class RequestStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for staff")
    GRANTED = "granted", _("Granted")
    DECLINED = "declined", _("Declined")


class OrganizerRequest(models.Model):
    """A player asking to run events ("I want to run events"), and what staff decided.

    Granting adds the player to the "organizers" group (accounts.roles.decide). ``told_at`` is
    when the player saw the outcome; until then the site shows it to them on every page."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="organizer_requests",
        verbose_name=_("user"),
    )
    reason = models.TextField(
        _("reason"), max_length=1000, help_text=_("what events the player wants to run")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=RequestStatus.choices, default=RequestStatus.PENDING
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
        help_text=_("empty when decided from the command line"),
    )
    note = models.CharField(_("note"), max_length=500, blank=True, help_text=_("staff's words to the player"))
    told_at = models.DateTimeField(_("told"), null=True, blank=True)

    class Meta:
        verbose_name = _("organizer request")
        verbose_name_plural = _("organizer requests")
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
