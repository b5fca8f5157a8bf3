"""``python manage.py import_players EVENT FILE.csv [--names] [--commit] [--as USERNAME]``: enter
players (and their lists) from a CSV, or names one per line, as the manage page does.

Without ``--commit`` it only previews: one line per row saying what would happen and what is
wrong. With it, the rows without errors are imported; importing the same file again adds
nobody twice. Exits 1 when some row has an error.
"""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError

from participants import services as participant_services
from participants.services import player_import
from tournaments.errors import EventError
from tournaments.models import Event


class Command(BaseCommand):
    help = "Preview (or with --commit, do) an import of players and lists into an event from a CSV file."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("file", help="the CSV file (or with --names, a text file of names), - for stdin")
        parser.add_argument(
            "--names", action="store_true", help="the file is names, one per line (Name, Club)"
        )
        parser.add_argument("--commit", action="store_true", help="import; without it nothing is written")
        parser.add_argument(
            "--as", dest="actor", help="the organizer importing (default: the event's first organizer)"
        )

    def handle(self, *args, event, file, names, commit, actor, **options):
        found = Event.objects.filter(slug=event).first()
        if found is None:
            raise CommandError(f"no event {event!r}")
        user = self._actor(found, actor)
        data = self.stdin_bytes() if file == "-" else self._read(file)
        try:
            if names:
                rows, notes = player_import.rows_from_names(player_import.decode(data)), []
            else:
                rows, notes = player_import.parse_csv(data)
            if commit:
                plan = participant_services.import_players(user, found, rows)
            else:
                plan = player_import.plan_import(found, rows)
        except EventError as exc:
            raise CommandError(exc.message) from None
        except PermissionDenied as exc:
            raise CommandError(str(exc)) from None
        for note in notes:
            self.stdout.write(note)
        for row in plan.rows:
            line = f"line {row.line}: {row.name or '?'}: {row.action_label}"
            if row.has_list:
                line += f", list {'valid' if row.list_valid else 'NOT valid'}"
            for text in row.errors:
                line += f"\n    error: {text}"
            for text in row.notes:
                line += f"\n    note: {text}"
            self.stdout.write(line)
        verb = "imported" if commit else "preview (nothing written; add --commit to import)"
        self.stdout.write(f"{found.slug}: {verb}: {plan.summary()}")
        if plan.errors:
            raise CommandError(f"{plan.errors} row(s) with errors", returncode=1)

    def stdin_bytes(self) -> bytes:
        import sys

        return sys.stdin.buffer.read(player_import.MAX_BYTES + 1)

    @staticmethod
    def _read(file: str) -> bytes:
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"no file {file!r}")
        if path.stat().st_size > player_import.MAX_BYTES:
            raise CommandError(f"{file} is larger than {player_import.MAX_BYTES // 1024} KiB: split it")
        return path.read_bytes()

    @staticmethod
    def _actor(event: Event, username: str | None):
        if username:
            user = get_user_model().objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"no account {username!r}")
            return user
        user = event.organizers.order_by("pk").first()
        if user is None:
            raise CommandError(f"{event.slug} has no organizer: name one with --as")
        return user
