"""Send again every log the broker never accepted, or that sat queued or verifying too long."""

from datetime import timedelta

from django.core.management.base import BaseCommand

from gamelogs import queue


class Command(BaseCommand):
    help = "Re-send pending logs to the workers (the same sweep the periodic task runs)."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=1000, help="at most this many logs (oldest first)")
        parser.add_argument(
            "--older-than",
            type=int,
            default=None,
            metavar="SECONDS",
            help="re-send logs queued or verifying for longer than this (default: ARBITER_REQUEUE_AFTER_SECONDS)",
        )

    def handle(self, *args, limit, older_than, **options):
        stale_after = timedelta(seconds=older_than) if older_than is not None else None
        sent, failed = queue.requeue_pending(limit=limit, stale_after=stale_after)
        self.stdout.write(f"re-sent {sent} log(s)")
        if failed:
            self.stderr.write(
                "the broker refused a message: it looks down; the rest stay queued for the next sweep"
            )
