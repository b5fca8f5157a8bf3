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


class PublicityChange(models.Model):
    """A log that may have turned public or private (``log_id``; the log may be gone since), written by the
    database itself on PostgreSQL (triggers of migration 0002) whenever a publication is made or deleted, a match's
    log or round changes, or a round's state changes, however that happened (with or without ``publish``). The
    meta's public-only summaries check these logs' games alone (``dashboards.providers.publicity_moved``) and take
    them off once they are counted as they are (``dashboards.summaries.publicity_changed``): with none queued, the
    check reads nothing."""

    log_id = models.BigIntegerField(db_index=True)

    def __str__(self) -> str:
        return f"log {self.log_id}: publicity may have changed"
