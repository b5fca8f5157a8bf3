"""``python manage.py check_event EVENT``: audit an event from its stored results (see
draw.event_audit). Prints each discrepancy; exits 1 if there is any."""

from django.core.management.base import BaseCommand, CommandError

from draw.event_audit import event_discrepancies
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Re-derive an event's pairing rules and standings from its stored results; exit 1 on any discrepancy."
    )

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug (or its numeric id)")

    def handle(self, *args, event, **options):
        found = Event.objects.filter(slug=event).first()
        if found is None and event.isdigit():
            found = Event.objects.filter(pk=int(event)).first()
        if found is None:
            raise CommandError(f"no event {event!r}")
        problems = event_discrepancies(found)
        rounds = found.rounds.count()
        for problem in problems:
            self.stdout.write(f"DISCREPANCY {problem}")
        if problems:
            raise CommandError(
                f"{found.slug}: {len(problems)} discrepancy(ies) in {rounds} round(s)", returncode=1
            )
        self.stdout.write(f"{found.slug}: {rounds} round(s) checked, no discrepancies")
