"""Load simulated games straight into the meta's stat rows, then rebuild the summaries.

    python manage.py load_synthetic_meta --games 100000 --seed 7 [--replace]

For benchmarks and demos only. Every row is stored with ``simulated=True`` (the pages leave
such games out unless asked, and say so) and without a game log behind it, or with ``--logs`` as a verified log (the engine's simulator's, verified by
the engine), so the summaries are made from verdicts as for uploaded logs. The games are of
every game the engine registers, each made by its plugin (``dashboards.synthetic``), and stored
as a verified log of that game would be (per-side rows where the game keeps them, the generic
result's seats and score components for every game). They are drawn at random or from a few
seeded simulations, not simulated one by one, so 100,000 of them load in about a minute.

    python manage.py load_synthetic_meta --games 1000000 --logs --templated --game hoplomachus-remastered \
        --players 20000 --public 0.3

``--templated`` (with ``--logs``, PostgreSQL, games without per-side rows) reads each of the few templates once
and stores every game by COPY (``dashboards.bulk.TemplatedLoad``): its log's header and full verdict (not the
log's bytes), its stat rows and publication; the rebuild sums each game's verdict groups from its template's
instead of reading every verdict again. The summary rows are those of the production rebuild of the same games
(a test compares them). ``--public`` publishes that share of the logs, ``--players`` sets how many names play.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import models

from dashboards import models as m
from dashboards import summaries
from dashboards.bulk import SYNTHETIC_FILENAME, TemplatedLoad, game_log_model, insert_games
from dashboards.synthetic import SyntheticMeta, stored_fields

BATCH = 2000


class Command(BaseCommand):
    help = "Load N simulated games into the meta statistics (labelled simulated) and rebuild the summaries."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete earlier synthetic rows first (rows from real logs stay)",
        )
        parser.add_argument(
            "--game", action="append", help="games of this game only (repeatable; default: every game)"
        )
        parser.add_argument("--players", type=int, default=2000, help="player names the games draw from")
        parser.add_argument(
            "--public", type=float, default=0.0, help="the share of the logs published (with --logs)"
        )
        parser.add_argument(
            "--templated",
            action="store_true",
            help="with --logs: store each game from its template's parts by COPY, its verdict groups summed from "
            "the template's (PostgreSQL; games without per-side rows); the same summaries, much faster",
        )
        parser.add_argument(
            "--rebuild-only",
            action="store_true",
            help="with --templated: the games of this seed and count are stored already (a load stopped in its "
            "rebuild); draw them again and rebuild the summaries only",
        )
        parser.add_argument(
            "--logs",
            action="store_true",
            help="store each game as a verified log: one the engine's simulator played and the engine verified, "
            "with its verdict, so the summaries read the verdicts as they read uploaded ones",
        )

    def handle(self, *args, games: int, seed: int, replace: bool, logs: bool = False, game=None, **options):
        if games < 0:
            raise CommandError("--games must be positive")
        templated = options.get("templated", False)
        if templated and not logs:
            raise CommandError("--templated stores logs: give --logs too")
        started = time.perf_counter()
        if replace:
            deleted = _delete_synthetic()
            self.stdout.write(f"deleted {deleted} earlier synthetic games")
        generator = SyntheticMeta(
            seed,
            logs=logs,
            games=game or None,
            players=options.get("players", 2000),
            public=options.get("public", 0.0),
        )
        loader = TemplatedLoad() if templated else None
        done = 0
        if options.get("rebuild_only"):
            if loader is None or replace:
                raise CommandError("--rebuild-only goes with --templated, without --replace")
            loader.recall(generator, games)
            done = games
        while done < games:
            batch = [generator.game(i, build=not templated) for i in range(done, min(games, done + BATCH))]
            if loader is not None:
                done += loader.insert(batch, seed=seed, start=done)
            else:
                done += insert_games(
                    (made.game, made.verdict, stored_fields(made), made.log, made.public) for made in batch
                )
            if done % 20000 == 0 or done == games:
                self.stdout.write(f"{done} games loaded ({time.perf_counter() - started:.1f} s)")
        loaded = time.perf_counter()
        summaries.rebuild_all(loader.fill if loader is not None else None)
        self.stdout.write(
            self.style.SUCCESS(
                f"{games} simulated games loaded in {loaded - started:.1f} s; "
                f"summaries rebuilt in {time.perf_counter() - loaded:.1f} s"
            )
        )


def _delete_synthetic() -> int:
    """Remove synthetic games with plain DELETEs, children first (an ORM cascade over millions
    of rows would load them all into memory): every table that hangs from GameStat, the plugins' too."""
    GameLog = game_log_model()
    synthetic = m.GameStat.objects.filter(game_log__isnull=True, simulated=True)
    count = synthetic.count()
    _delete_with_children(synthetic)
    logs = GameLog.objects.filter(filename=SYNTHETIC_FILENAME, source="demo", simulated=True)
    count += logs.count()
    _delete_with_children(logs)
    return count


def _delete_with_children(rows) -> None:
    for relation in rows.model._meta.related_objects:
        if relation.on_delete is not models.CASCADE:
            continue
        _delete_with_children(relation.related_model.objects.filter(**{f"{relation.field.name}__in": rows}))
    rows._raw_delete(rows.db)
