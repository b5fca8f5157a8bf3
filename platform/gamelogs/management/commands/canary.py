"""Shadow-verify a sample of stored logs with this engine before it is promoted (a canary)."""

from django.core.management.base import BaseCommand

from gamelogs import canary
from games import game_ids


class Command(BaseCommand):
    help = (
        "Verify a random sample of a game's decided logs with the engine installed here, writing "
        "nothing to the logs, and report what it would change (legal ↔ illegal, winner, VP). Run it "
        "from the candidate release, against the production database, before promoting it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=game_ids(), required=True)
        parser.add_argument("--sample", type=int, default=200, help="how many logs (default 200)")

    def handle(self, *args, game, sample, **options):
        run = canary.shadow_verify(game, sample=sample)
        for line in canary.report_lines(run):
            self.stdout.write(line)
