"""Store every match's hand-reported result in the meta statistics again (issue #13).

    python manage.py store_reported_results

Results confirmed by both players or decided by an organizer are stored as they are confirmed; run
this once after upgrading (results confirmed before then) or to repair a write a dying process lost.
Idempotent: each match's rows are replaced by what the match says now, or removed.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from dashboards.models import GameStat, Source
from meta import reported


class Command(BaseCommand):
    help = "Store every match's hand-reported result in the meta statistics (marked unverified) again."

    def handle(self, *args, **options):
        looked_at = reported.store_all()
        stored = GameStat.objects.filter(source=Source.REPORT).count()
        self.stdout.write(f"{looked_at} match(es) looked at; {stored} reported result(s) in the statistics.")
