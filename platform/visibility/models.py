"""An uploader's choice to publish a log (see the package docstring for the whole model)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PublishedLog(models.Model):
    """``log`` is public because ``user`` (one of its uploaders) published it. A log two players
    uploaded is public while either of them keeps it published. ``user`` is empty for a log
    published by the site itself (demo data, an administrator)."""

    log = models.ForeignKey("gamelogs.GameLog", on_delete=models.CASCADE, related_name="publications")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["log", "user"], name="one_publication_per_uploader")]

    def __str__(self) -> str:
        return f"log {self.log_id} published by {self.user_id or 'the site'}"
