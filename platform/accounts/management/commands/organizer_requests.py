"""``python manage.py organizer_requests [list | grant USER | decline USER] [--note TEXT]``:
the organizer requests waiting for staff, and deciding one from the command line."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts import roles


class Command(BaseCommand):
    help = "List waiting organizer requests, or grant or decline a player's request."

    def add_arguments(self, parser):
        parser.add_argument("action", nargs="?", default="list", choices=["list", "grant", "decline"])
        parser.add_argument("username", nargs="?", help="whose request to grant or decline")
        parser.add_argument("--note", default="", help="a note the player will read with the decision")

    def handle(self, *args, action, username, note, **options):
        if action == "list":
            waiting = list(roles.waiting_requests())
            for req in waiting:
                self.stdout.write(f"{req.user.get_username():<20} {req.created_at:%Y-%m-%d}  {req.reason}")
            self.stdout.write(f"{len(waiting)} request(s) waiting")
            return
        if not username:
            raise CommandError(
                f"Name the player whose request to {action}: organizer_requests {action} USERNAME"
            )
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No account named {username!r}.")
        waiting = roles.pending_request(user)
        if waiting is None:
            raise CommandError(f"{username} has no organizer request waiting.")
        try:
            roles.decide(None, waiting, grant=action == "grant", note=note)
        except roles.RoleRequestError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(f"{username}: {'granted, can run events now' if action == 'grant' else 'declined'}")
