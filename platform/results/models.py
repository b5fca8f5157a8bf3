"""Results typed in by players (reports) and contested (disputes). A match's result itself lives
on the match and its seats (tournaments.models)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from draw.models import Match, MatchState


class ReportStatus(models.TextChoices):
    PENDING = "pending", _("Awaiting the opponent")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    SUPERSEDED = "superseded", _("Superseded")


class ManualReport(models.Model):
    """A result typed in by one player of a match; it counts once the opponent confirms."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # One entry per seat in table order: {"outcome", "rank", "score", "components"}.
    seats = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=ReportStatus.choices, default=ReportStatus.PENDING)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_manualreport"  # the table it had inside the tournaments app
        ordering = ["-created_at", "-id"]


class DisputeStatus(models.TextChoices):
    OPEN = "open", _("Open")
    RESOLVED = "resolved", _("Resolved")


class Dispute(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    raised_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.TextField()
    status = models.CharField(max_length=10, choices=DisputeStatus.choices, default=DisputeStatus.OPEN)
    # The match's state before the dispute, so that "uphold" can put it back.
    previous_state = models.CharField(max_length=12, choices=MatchState.choices)
    # The ruling in English, as written; ``resolution_template`` and ``resolution_params`` (tournaments.said)
    # say it again in the reader's language. Older rows without a template read as stored.
    resolution = models.TextField(blank=True)
    resolution_template = models.TextField(blank=True, default="")
    resolution_params = models.JSONField(default=dict, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_dispute"  # the table it had inside the tournaments app
        ordering = ["-created_at", "-id"]

    def set_resolution(self, ruling) -> None:
        """Keep ``ruling`` (a sentence, tournaments.said) to be said in each reader's language."""
        from tournaments.said import render, split

        self.resolution_template, self.resolution_params = split(ruling)
        self.resolution = render(ruling, translate=False)

    @property
    def resolution_text(self) -> str:
        """The ruling in the active language (its English when it kept no template)."""
        from tournaments.said import stored

        return stored(self.resolution_template, self.resolution_params, self.resolution)
