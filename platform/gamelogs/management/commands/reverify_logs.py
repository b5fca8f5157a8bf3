"""Re-verify stored logs after the engine, a game's ruleset or a content pack changed, newest first."""

from django.conf import settings
from django.core.management.base import BaseCommand

import engine
from gamelogs import queue, verification
from games import game_ids


class Command(BaseCommand):
    help = (
        "Re-verify logs decided by an older engine version or an older ruleset of their game (or every "
        "log with --all), newest first, in batches, recording each run and what changed. Runs here, or "
        "on the workers with --enqueue."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=game_ids(), help="only logs of this game")
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
        runs = verification.reverify(
            ids, force=include_current, batch_size=settings.ARBITER_REVERIFY_BATCH_SIZE
        )
        changed = [run for run in runs if run.changed]
        for run in changed:
            self.stdout.write(f"log {run.log_id}: " + "; ".join(run.changes))
        self.stdout.write(
            f"re-verified {len(runs)} log(s) with engine {engine.ENGINE_VERSION}; {len(changed)} changed"
        )
