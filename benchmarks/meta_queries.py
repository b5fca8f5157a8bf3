"""Meta dashboards at scale: load N simulated verified games, time every dashboard's data query
cold and warm, and measure the web process that serves the pages.

    python benchmarks/meta_queries.py                   # 100,000 games, seed 7
    python benchmarks/meta_queries.py --games 20000 --skip-load
    python benchmarks/meta_queries.py --games 100000 --logs --load-game hoplomachus-remastered \
        --game hoplomachus-remastered       # 100,000 verified logs of one game

With ``--logs`` every game is stored as a verified log (a game the engine's simulator played, verified by the
engine, with its verdict), so the summaries that read verdicts are built from them as from uploaded logs;
without it, the games have stat rows only (no log, so data sets that read verdicts find none).

Uses the PostgreSQL database named by --database-url (default arbiter_meta_bench on
127.0.0.1, created if missing; the rows are reused between runs when the count matches).
All games are simulated, so every query runs with ``simulated=include``.

What is measured, for every game (``--game`` for one), per data set (every chart's query, see
dashboards.datasets) and filter:
  cold   Django's cache emptied and a new database connection: the SQL aggregation runs.
         PostgreSQL's own buffer cache is not dropped (that would mean restarting a server
         other work shares); the first filter of each data set is the coldest case we can make.
  sql    the same again with the cache emptied but the connection warm (an uncached hit).
  warm   served from the cache (the normal case after the first view of a filter).
The staff's named dice table (``/api/meta/<game>/dice-luck/players/``) is timed cold per filter too: its first page,
a name looked up and its last page (``--datasets staff`` for it alone).
Then a separate web process (``manage.py runserver --noreload --nothreading``) serves every
page and every API data set twice; its resident memory (VmRSS, peak VmHWM) is read from /proc.
Its first request includes the process's own warm-up (imports, templates); the API calls come
after the pages and share their cache entries, so their "cold" column is a cache hit.
Budgets: warm < 300 ms, cold < 2 s, web process < 500 MB resident. Exit status 1 if missed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/arbiter_meta_bench"
GAME = "motu-battleground"
WARM_BUDGET, COLD_BUDGET, RSS_BUDGET_MB = 0.300, 2.0, 500


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(url: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbiter_site.settings.test"
    os.environ["DATABASE_URL"] = url
    # The benchmark's own Redis database: nothing it queues reaches a worker of the tests or the site.
    os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/12")
    os.environ.setdefault("ARBITER_TASK_QUEUE", "arbiter-meta-bench")
    import django

    django.setup()


def load(games: int, seed: int, *, logs: bool = False, only: list[str] | None = None) -> float:
    from django.core.management import call_command

    from dashboards.bulk import SYNTHETIC_FILENAME
    from dashboards.models import GameStat

    call_command("migrate", verbosity=0)
    synthetic = GameStat.objects.filter(simulated=True)
    synthetic = (
        synthetic.filter(game_log__filename=SYNTHETIC_FILENAME)
        if logs
        else synthetic.filter(game_log__isnull=True)
    )
    have = synthetic.count()
    if have == games:
        print(f"{have} simulated games already loaded")
        return 0.0
    started = time.perf_counter()
    call_command("load_synthetic_meta", games=games, seed=seed, replace=True, logs=logs, game=only or None)
    return time.perf_counter() - started


def filters(game: str = GAME):
    from dashboards.filters import MetaFilter
    from dashboards.models import GameStat

    event = (
        GameStat.objects.filter(game=game, event_ref__isnull=False)
        .values_list("event_ref", flat=True)
        .first()
    )
    # The game's latest content pack (Battleground's synthetic games change pack half-way).
    pack = (
        GameStat.objects.filter(game=game)
        .order_by("-played_on")
        .values_list("content_pack", flat=True)
        .first()
    )
    base = MetaFilter(game=game, simulated="include")
    return {
        "all games": base,
        "one event": MetaFilter(game=game, simulated="include", event=event),
        "date range": MetaFilter(
            game=game, simulated="include", date_from=dt.date(2025, 3, 1), date_to=dt.date(2025, 9, 30)
        ),
        "date+pack": MetaFilter(
            game=game,
            simulated="include",
            date_from=dt.date(2025, 2, 14),
            date_to=dt.date(2025, 11, 20),
            pack=pack,
        ),  # fmt: skip
        "content pack": MetaFilter(game=game, simulated="include", pack=pack),
        "rating band": MetaFilter(game=game, simulated="include", rating_band=1400),
    }


def games(only: str | None) -> list[str]:
    from dashboards.providers import game_ids

    return [only] if only else sorted(game_ids())


def time_queries(
    game: str = GAME,
    only_filters: list[str] | None = None,
    only_datasets: list[str] | None = None,
    cold_only: bool = False,
) -> list[dict]:
    from django.core.cache import cache
    from django.db import connection

    from dashboards.datasets import datasets_for

    DATASETS = datasets_for(game)
    results = []
    for key, dataset in DATASETS.items():
        if only_datasets and key not in only_datasets:
            continue
        for label, f in filters(game).items():
            if only_filters and label not in only_filters:
                continue
            cache.clear()
            connection.close()
            t0 = time.perf_counter()
            rows = dataset.rows(f)
            cold = time.perf_counter() - t0
            sql = None
            if not cold_only:
                cache.clear()
                t0 = time.perf_counter()
                dataset.rows(f)
                sql = time.perf_counter() - t0
            t0 = time.perf_counter()
            dataset.rows(f)
            warm = time.perf_counter() - t0
            results.append(
                {
                    "game": game,
                    "dataset": key,
                    "filter": label,
                    "rows": len(rows),
                    "cold": cold,
                    "sql": sql,
                    "warm": warm,
                }
            )
    return results


STAFF_TABLE = "/api/meta/{game}/dice-luck/players/"


def time_staff_table(game: str, only_filters: list[str] | None = None) -> list[dict]:
    """The staff's named dice table (``DiceLuckByPlayerView``, rendered to JSON) per filter, cold (Django's cache
    emptied, a new connection): its first page, a name looked up (one from the middle of the table) and its last
    page. A game without one (its table is empty) is left out."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from rest_framework.test import APIRequestFactory, force_authenticate

    from dashboards import providers
    from dashboards.api import DiceLuckByPlayerView

    view, factory = DiceLuckByPlayerView.as_view(), APIRequestFactory()
    staff = get_user_model()(username="bench-staff", is_staff=True)  # never saved: IsAdminUser reads is_staff

    def get(params: dict) -> tuple[float, int]:
        cache.clear()
        connection.close()
        t0 = time.perf_counter()
        request = factory.get(STAFF_TABLE.format(game=game), params)
        force_authenticate(request, user=staff)
        response = view(request, game=game)
        response.render()
        seconds = time.perf_counter() - t0
        assert response.status_code == 200, response.content[:200]
        return seconds, len(json.loads(response.content)["rows"])

    results = []
    for label, f in filters(game).items():
        if only_filters and label not in only_filters:
            continue
        names = providers.plugin(game).dice_luck_order(f)
        if not names:
            continue
        params = f.query_params()
        asks = {"first page": params, "a name": {**params, "search": names[len(names) // 2]},
                "last page": {**params, "page": "last"}}  # fmt: skip
        for what, ask in asks.items():
            cold, rows = get(ask)
            results.append({"game": game, "dataset": f"staff dice: {what}", "filter": label, "rows": rows,
                            "cold": cold, "sql": None, "warm": 0.0, "players": len(names)})  # fmt: skip
    return results


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _memory(pid: int) -> tuple[float, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def piece_pages(game: str) -> list[str]:
    """The page of the game's most played piece (``/meta/<game>/characters/<key>/``), if it keeps pieces."""
    from urllib.parse import quote

    from dashboards.datasets import datasets_for
    from dashboards.filters import MetaFilter
    from dashboards.pieces import has_pieces

    named = next((d for d in datasets_for(game).values() if d.names_pieces), None)
    if not has_pieces(game) or named is None:
        return []
    rows = named.rows(MetaFilter(game=game, simulated="include"))
    return [f"/meta/{game}/characters/{quote(str(rows[0]['key']))}/"] if rows else []


def web_process(url: str, game_list: list[str]) -> dict:
    from dashboards.datasets import datasets_for, pages_for

    port = _free_port()
    # One visitor asks for every page and data set in a row: the anonymous rate limit (60/min) would answer 429.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "arbiter_site.settings.test", "DATABASE_URL": url,
           "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}", "ARBITER_THROTTLE_ANON": "1000000/min"}  # fmt: skip
    server = subprocess.Popen(
        [sys.executable, "-m", "django", "runserver", f"127.0.0.1:{port}", "--noreload", "--nothreading"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # a loaded machine may take a while to start Django
            try:
                urllib.request.urlopen(f"{base}/meta/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.2)
        paths = []
        for game in game_list:
            paths += [f"/meta/{game}/" if p == "overview" else f"/meta/{game}/{p}/" for p in pages_for(game)]
            paths += piece_pages(game)
            paths += [f"/api/meta/{game}/{d}/" for d in datasets_for(game)]
        timings = []
        for path in paths:
            row = {"path": path}
            for attempt in ("cold", "warm"):
                t0 = time.perf_counter()
                with urllib.request.urlopen(f"{base}{path}?simulated=include", timeout=120) as response:
                    response.read()
                row[attempt] = time.perf_counter() - t0
            timings.append(row)
        rss, peak = _memory(server.pid)
        return {"requests": timings, "rss_mb": rss, "peak_rss_mb": peak, "pid": server.pid}
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--database-url", default=os.environ.get("META_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--skip-load", action="store_true", help="use whatever rows are in the database")
    parser.add_argument("--game", help="time this game's data sets and pages only (default: every game)")
    parser.add_argument("--no-web", action="store_true", help="time the data sets only, not the pages")
    parser.add_argument(
        "--logs", action="store_true", help="load verified logs (see above), not stat rows alone"
    )
    parser.add_argument("--load-game", action="append", help="load games of this game only (repeatable)")
    parser.add_argument("--filters", help="comma-separated filter labels to time (default: all)")
    parser.add_argument(
        "--datasets",
        help="comma-separated data set keys to time (default: all; 'staff': the staff's named table)",
    )
    parser.add_argument("--json", default=str(ROOT / "var" / "benchmarks" / "meta_queries.json"))
    parser.add_argument(
        "--cold-only", action="store_true", help="time each data set cold only, not uncached again (sql)"
    )
    args = parser.parse_args()

    ensure_database(args.database_url)
    setup_django(args.database_url)
    load_seconds = 0.0 if args.skip_load else load(args.games, args.seed, logs=args.logs, only=args.load_game)

    from django.db.models import Count

    from dashboards import models as m
    from games.battleground import models as bg

    names = ("GameStat", "SideStat", "CharacterStat", "WeaponStat", "ItemStat", "TestStat", "RoundStat", "EntryDaily",
             "GameDaily", "RoundDaily", "DiceDaily", "DiceMonthly", "DiceMonthlyTotal", "MatchupDaily", "MatchupMonthly",
             "MatchupMonthlyTotal",
             "VerdictGroupDaily", "VerdictGroupMonthly")  # fmt: skip
    models = [getattr(m, n, None) or getattr(bg, n, None) for n in names]
    sizes = {model.__name__: model.objects.count() for model in models if model is not None}
    from gamelogs.models import GameLog

    sizes["GameLog"] = GameLog.objects.count()
    print("rows:", ", ".join(f"{k} {v:,}" for k, v in sizes.items()))
    print(
        "games:",
        ", ".join(
            f"{r['game']} {r['n']:,}" for r in m.GameStat.objects.values("game").annotate(n=Count("id"))
        ),
    )
    game_list = games(args.game)
    only_filters = args.filters.split(",") if args.filters else None
    only_datasets = args.datasets.split(",") if args.datasets else None
    queries = [
        r for game in game_list for r in time_queries(game, only_filters, only_datasets, args.cold_only)
    ]
    if not only_datasets or "staff" in only_datasets:
        queries += [r for game in game_list for r in time_staff_table(game, only_filters)]
    print(
        f"\n{'game':<24}{'data set':<24}{'filter':<14}{'rows':>6}{'cold ms':>10}{'sql ms':>9}{'warm ms':>9}"
    )
    for r in queries:
        print(f"{r['game']:<24}{r['dataset']:<24}{r['filter']:<14}{r['rows']:>6}{r['cold'] * 1000:>10.1f}"
              f"{'-' if r['sql'] is None else format(r['sql'] * 1000, '.1f'):>9}{r['warm'] * 1000:>9.2f}")  # fmt: skip
    if args.no_web:
        web = {"requests": [{"path": "-", "cold": 0.0, "warm": 0.0}], "rss_mb": 0.0, "peak_rss_mb": 0.0}
    else:
        web = web_process(args.database_url, game_list)
    print(f"\n{'web request':<60}{'cold ms':>10}{'warm ms':>10}")
    for r in web["requests"]:
        print(f"{r['path']:<60}{r['cold'] * 1000:>10.1f}{r['warm'] * 1000:>10.1f}")
    print(f"\nweb process resident memory: {web['rss_mb']:.0f} MB now, {web['peak_rss_mb']:.0f} MB peak")

    worst = {
        "cold_s": max(r["cold"] for r in queries),
        "sql_s": max((r["sql"] for r in queries if r["sql"] is not None), default=0.0),
        "warm_s": max(r["warm"] for r in queries),
        "web_cold_s": max(r["cold"] for r in web["requests"]),
        "web_warm_s": max(r["warm"] for r in web["requests"]),
        "peak_rss_mb": web["peak_rss_mb"],
    }
    ok = (
        worst["warm_s"] < WARM_BUDGET
        and worst["cold_s"] < COLD_BUDGET
        and worst["peak_rss_mb"] < RSS_BUDGET_MB
    )
    print(
        f"worst: cold {worst['cold_s'] * 1000:.0f} ms (budget 2000), uncached warm {worst['sql_s'] * 1000:.0f} ms, "
        f"cached warm {worst['warm_s'] * 1000:.1f} ms (budget 300), web peak {worst['peak_rss_mb']:.0f} MB (budget 500)"
        f" → {'OK' if ok else 'OVER BUDGET'}"
    )
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"games": sizes["GameStat"], "load_seconds": load_seconds, "sizes": sizes,
                               "queries": queries, "web": web, "worst": worst, "ok": ok}, indent=1))  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
