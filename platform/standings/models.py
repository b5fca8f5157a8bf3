from django.db import models
from django.utils.translation import gettext_lazy as _

from draw.models import Round
from tournaments.models import Event


class StandingSnapshot(models.Model):
    """The standings as stored when a round closed; check_event recomputes and compares them."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standing_snapshots")
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="standings")
    order = models.JSONField(help_text=_("the tiebreak keys used"))
    rows = models.JSONField(help_text=_("[{rank, registration, name, dropped, metrics}] best first"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_standingsnapshot"  # the table it had inside the tournaments app
        ordering = ["event", "round__number"]
