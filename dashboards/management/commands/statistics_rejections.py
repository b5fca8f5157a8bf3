"""List the legal verdicts whose statistics broke their game's statistics schema (issue #9).

    python manage.py statistics_rejections [--game G] [--limit N]

Such a log keeps its verdict but has no rows in the meta; the worker logged a warning when it stored
it. Re-verifying the log with an engine whose statistics follow the schema clears the entry
(``python manage.py reverify_logs --game G``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from dashboards.models import StatisticsRejection


class Command(BaseCommand):
    help = "List verified logs whose statistics do not follow their game's statistics schema (not counted in the meta)."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game id")
        parser.add_argument("--limit", type=int, default=50, help="entries to print (0: all)")

    def handle(self, *args, game=None, limit=50, **options):
        rejections = StatisticsRejection.objects.all()
        if game:
            rejections = rejections.filter(game=game)
        total = rejections.count()
        if not total:
            self.stdout.write("Every verified log's statistics follow its game's schema.")
            return
        self.stdout.write(
            f"{total} verified log(s) with statistics that do not follow the schema (not counted):"
        )
        for rejection in rejections[: limit or None]:
            version = (
                f"schema v{rejection.schema_version}" if rejection.schema_version is not None else "schema"
            )
            self.stdout.write(
                f"log {rejection.game_log_id} ({rejection.game}, engine {rejection.engine_version or '?'}, "
                f"{version}), {rejection.rejected_at:%Y-%m-%d %H:%M}:"
            )
            for problem in rejection.problems[:5]:
                self.stdout.write(f"  {problem}")
            if len(rejection.problems) > 5:
                self.stdout.write(f"  … and {len(rejection.problems) - 5} more")
