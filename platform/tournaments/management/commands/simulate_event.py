"""``python manage.py simulate_event --players 64 --rounds 6 --seed 1``: a whole simulated
event through the real pipeline (see tournaments.simulation), then its standings."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.algorithms.rules import format_points
from tournaments.simulation import default_jobs, run_simulated_event


class Command(BaseCommand):
    help = "Simulate a Swiss event: lists, pairings, simulated logs verified by the workers, standings."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--rounds", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--game",
            help="game id (default: the default game); hoplomachus-remastered plays Skirmish, "
            "motu-fields-of-eternia its team game",
        )
        parser.add_argument(
            "--team-size",
            type=int,
            help="players per team (default: the game's; Fields of Eternia plays teams of 2; 0: no teams)",
        )
        parser.add_argument(
            "--mode",
            default="",
            help="the event's game mode, when the game's plugin simulates it (motu-fields-of-eternia: "
            "skirmish, FE-19, one player a side; hoplomachus-remastered: pandemonium, pods of 3-4, HR-16, "
            "or alliance, teams of two, HR-17)",
        )
        parser.add_argument(
            "--eager",
            action="store_true",
            help="verify in this process with the workers' task function (no broker)",
        )
        parser.add_argument(
            "--jobs", type=int, default=default_jobs(), help="processes simulating games (default: CPUs)"
        )
        parser.add_argument(
            "--timeout", type=float, default=600, help="seconds to wait for the workers per round"
        )
        parser.add_argument("--top", type=int, default=10, help="standings lines to print (0: all)")

    def handle(
        self,
        *args,
        players,
        rounds,
        seed,
        eager,
        jobs,
        timeout,
        top,
        game=None,
        team_size=None,
        mode="",
        **options,
    ):
        try:
            report = run_simulated_event(
                players=players,
                rounds=rounds,
                seed=seed,
                game=game,
                eager=eager,
                team_size=team_size,
                game_mode=mode,
                jobs=jobs,
                timeout=timeout,
                progress=self.stdout.write,
            )
        except (ValueError, TimeoutError) as exc:
            raise CommandError(str(exc)) from None
        event = report.event
        snapshot = event.standing_snapshots.order_by("-round__number").first()
        rows = snapshot.rows if snapshot else []
        keys = list(event.tiebreaks)
        self.stdout.write(f"\nStandings of {event.slug} after round {report.rounds}:")
        self.stdout.write(f"{'rank':>4}  {'player':<20} " + " ".join(f"{k:>10}" for k in keys))
        for row in rows[: top or None]:
            values = " ".join(f"{format_points(row['metrics'][k]):>10}" for k in keys)
            self.stdout.write(f"{row['rank']:>4}  {row['name']:<20} {values}")
        for line in report.flagged:
            self.stdout.write(self.style.WARNING(f"flagged: {line}"))
        timings = ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items())
        self.stdout.write(f"\n{report.logs} game(s) by verified log; {timings}")
        self.stdout.write(f"check it: python manage.py check_event {event.slug}")
