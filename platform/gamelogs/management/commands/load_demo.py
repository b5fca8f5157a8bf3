"""Load a small demo dataset made by the engine's simulator (every log labelled simulated): the
demo player's logs, a finished event with its organizer account, and a solo challenge."""

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

import engine
from accounts.services import create_player
from challenges import demo as challenge_demo
from gamelogs import demo
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, submit_log
from games import game_ids


class Command(BaseCommand):
    help = (
        "Create the 'demo' player and upload simulated logs for the workers to verify; create the "
        "'organizer' account and a finished demo event."
    )

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=12, help="how many simulated logs (default 12)")

    def handle(self, *args, count, **options):
        User = get_user_model()
        user = User.objects.filter(username=demo.DEMO_USERNAME).first()
        if user is None:
            user = create_player(
                demo.DEMO_USERNAME, demo.DEMO_PASSWORD, display_name="Demo Player", club="Arbiter demo"
            )
        self.stdout.write(f"demo account: {demo.DEMO_USERNAME} / {demo.DEMO_PASSWORD}")
        try:
            logs = demo.simulated_logs(count)
        except demo.SimulatorUnavailable as exc:
            self.stdout.write(
                self.style.WARNING(
                    "The engine's simulator is not ready yet, so there is no demo data; the site works "
                    f"without it and you can upload logs yourself. ({exc})"
                )
            )
            return
        # A game of several modes (Hoplomachus' five, Eternia's three) gets one log of each.
        for game in game_ids():
            if len(engine.game(game).seats.modes) > 1:
                logs += demo.one_per_mode(game, seed=1983)
            logs += demo.plugin_games(game, seed=1983)  # e.g. Eternia's boss game and a mounted hero
        new = 0
        for name, log in logs:
            new += self._upload(user, name, demo.encode(log))
        # The illegal example: a recorded game whose first die is made a 7, which the engine refuses.
        broken = demo.illegal_example(log for name, log in logs if "recorded" in name)
        if broken is not None:
            new += self._upload(user, "illegal-example.json", demo.encode(broken))
        self.stdout.write(
            f"queued {new} new simulated log(s) ({len(logs) + (broken is not None) - new} already loaded)"
        )
        if apps.is_installed("tournaments"):
            from tournaments import demo as event_demo

            event = event_demo.load()
            self.stdout.write(
                f"organizer account: {event_demo.ORGANIZER_USERNAME} / {event_demo.ORGANIZER_PASSWORD}"
            )
            if event is not None:
                status = event.get_status_display().lower()
                self.stdout.write(f"demo event ({status}): /events/{event.slug}/")
            for other in event_demo.simulated_events():
                status = other.get_status_display().lower()
                mode = f" {other.game_mode}" if other.game_mode else ""
                self.stdout.write(
                    f"simulated {other.game_plugin.label}{mode} event ({status}): /events/{other.slug}/"
                )
        for challenge in challenge_demo.load_all():
            self.stdout.write(f"demo challenge with simulated entries: /challenges/{challenge.slug}/")

    def _upload(self, user, name: str, data: bytes) -> int:
        try:
            return 0 if submit_log(user, data, source=LogSource.DEMO, filename=name).duplicate else 1
        except UploadRejected as exc:
            self.stderr.write(f"{name}: refused ({exc.code}: {exc.message})")
            return 0
