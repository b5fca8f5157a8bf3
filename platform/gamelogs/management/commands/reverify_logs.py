"""Re-verify stored logs after the engine (or a content pack) changed, newest first."""

from django.core.management.base import BaseCommand

import engine
from gamelogs import queue, verification
from gamelogs.models import LogVerification


class Command(BaseCommand):
    help = (
        "Re-verify logs decided by an older engine version (or every log with --all), newest first, "
        "recording each run and what changed. Runs here, or on the workers with --enqueue."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=engine.GAME_IDS, help="only logs of this game")
        parser.add_argument("--limit", type=int, default=None, help="at most this many logs")
        parser.add_argument(
            "--all",
            dest="include_current",
            action="store_true",
            help="also logs this engine version already decided (use when a content pack changed)",
        )
        parser.add_argument(
            "--enqueue", action="store_true", help="queue one task per log instead of running here"
        )

    def handle(self, *args, game, limit, include_current, enqueue, **options):
        if enqueue:
            sent = queue.enqueue_reverification(game=game, limit=limit, force=include_current)
            self.stdout.write(f"queued {sent} log(s) for re-verification by engine {engine.ENGINE_VERSION}")
            return
        ids = list(
            verification.logs_to_reverify(
                game=game, limit=limit, include_current=include_current
            ).values_list("pk", flat=True)
        )
        changed = 0
        for log_id in ids:
            verification.verify_stored_log(log_id, force=include_current, reason="reverify")
            run = LogVerification.objects.filter(log_id=log_id).first()
            if run is not None and run.changed:
                changed += 1
                self.stdout.write(f"log {log_id}: " + "; ".join(run.changes))
        self.stdout.write(
            f"re-verified {len(ids)} log(s) with engine {engine.ENGINE_VERSION}; {changed} changed"
        )
