"""Taps at the table through Chromium: whole games recorded by phones in a real browser, per game and mode.

    python benchmarks/recorder_taps_chromium.py                     # every table and dice mode, one game each
    python benchmarks/recorder_taps_chromium.py --table battleground --dice recorded --games 3 --seed 5

Where benchmarks/recorder_taps.py models the taps through play.services, this one drives the pages: the
whole-table harness of the browser tests (tests/browser/whole_table.py, which says how each event is
tapped) on one headless Chromium, each player's phone a window of its own browser context (390 × 844), the
site served under uvicorn with Redis so that each page's live stream is open (tests/browser/asgi_site.py).
The tables (``--table``): Battleground and Hoplomachus' skirmish on two phones, Pandemonium and Alliance on
four, Fields of Eternia's team game 2×3 on six and its co-op game on two. The first phone sets the table up
on the start page, the others join from the link. With the site's dice (``--dice seeded``) Hoplomachus'
and Eternia's events are the simulator's (the shortest of the table's ``tries`` games from the table's
header and seed, as in the tests); Battleground's, whose simulator cannot play a given header, are picked
at random among the legal events, weighted towards purposeful play. With real dice (``--dice recorded``,
LOG-4) every table's choices are picked so among the page's offers, and what the table rolled and drew is
entered on the grid the page then shows: a face at random per die row and per extra row asked for, cards
at random, "Next"/"Record" per need (no reroll taken); such a random game stops after ``--limit`` events
("not over"). The results are not confirmed (no "Confirm the result" tap).

Printed per game and mode:
  events        the events of the whole game, the site's own steps included (``site``: the rules left
                no choice, logged by the site, never tapped);
  decis.        events a phone entered that had more than one legal alternative (engine.session; with
                real dice, alternatives alike but for the dice are one);
  taps          clicks the pages received in their choices, board and dice entry (counted by the page
                itself, apart from the harness's own count: a difference is printed); ``on dice``:
                those entering real dice;
  refused       taps the page answered with its refusal message (each then tapped again);
  forced asked  events a phone entered although the rules left no choice (engine.session.forced: with
                real dice, also none to roll); 0 is the target;
  conceded      concessions the simulator made at its round limit, sent by the page's script (no tap);
  woken         pages still behind ten seconds after an event (the live stream should bring each at once).

Needs PostgreSQL (DATABASE_URL's server: a scratch database ``arbiter_bench_taps_chromium_<pid>``,
created and dropped), Redis (BENCH_BROKER_URL, default database 11: the live stream, and the log queue
``arbiter-bench-taps-chromium-<pid>`` whose keys are deleted at the end), and Debian's chromium and
chromium-driver. Results also go to var/bench/recorder_taps_chromium.json.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "platform")]


def _shared():
    spec = importlib.util.spec_from_file_location("bench_workers", REPO / "benchmarks" / "workers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.BENCH_DB = f"arbiter_bench_taps_chromium_{os.getpid()}"
    module.QUEUE = f"arbiter-bench-taps-chromium-{os.getpid()}"
    return module


def play_one(name: str, dice: str, seed: int, limit: int, users, base: str, profile: Path) -> dict:
    from tests.browser.phone_windows import Phones
    from tests.browser.whole_table import TABLES, Record, page_taps, play_whole_game, player_for, seat_phones

    spec = TABLES[name]
    began = time.monotonic()
    group = Phones(profile)
    try:
        record = Record(name, looks=False, strict=False)
        table, seated, by_player = seat_phones(group, base, users[: spec.phones], spec, record, dice)
        player = player_for(table, spec, seed, limit)
        played = time.monotonic()
        events = play_whole_game(table, by_player, record, player, check_every=None)
        seconds = time.monotonic() - played
        taps = page_taps(seated)
    finally:
        group.quit()
    return {
        "table": name,
        "game": spec.game,
        "mode": spec.mode,
        "dice": dice,
        "phones": spec.phones,
        "seed": seed,
        "events": len(events),
        "site": record.site,
        "decisions": record.decisions,
        "taps": taps,
        "harness_taps": record.taps,
        "board_taps": record.board_taps,
        "dice_taps": record.dice_taps,
        "refused": record.refused,
        "forced_asked": record.forced_asked,
        "conceded": record.conceded,
        "woken": record.woken,
        "live": record.live,
        "over": record.over,
        "play_seconds": round(seconds, 1),
        "last_events": events[-3:],  # how the game ended
        "seconds": round(time.monotonic() - began, 1),
    }


HEAD = (
    f"{'game':24} {'mode':14} {'dice':8} {'ph':>2} {'events':>6} {'site':>5} {'decis.':>6} {'taps':>5} {'on dice':>7} {'taps/ev':>7}"
    f" {'taps/dec':>8} {'refused':>7} {'forced asked':>12} {'conceded':>8} {'woken':>5} {'s':>5}"
)


def line(r: dict) -> str:
    text = (
        f"{r['game']:24} {r['mode']:14} {r['dice']:8} {r['phones']:2} {r['events']:6} {r['site']:5} {r['decisions']:6}"
        f" {r['taps']:5} {r['dice_taps']:7} {r['taps'] / max(r['events'], 1):7.2f} {r['taps'] / max(r['decisions'], 1):8.2f}"
        f" {r['refused']:7} {r['forced_asked']:12} {r['conceded']:8} {r['woken']:5} {r['seconds']:5.0f}"
    )
    if r["taps"] != r["harness_taps"]:
        text += f"  (the harness made {r['harness_taps']} taps)"
    if not r["over"]:
        text += "  (not over: the player's limit)"
    if r["live"] != r["phones"]:
        text += f"  ({r['live']} of {r['phones']} streams open)"
    return text


def forget_queue(broker_url: str, queue: str) -> None:
    """Delete this run's queue (the logs the finished games sent, never verified here) and its bindings:
    only keys and members naming it."""
    import redis

    client = redis.Redis.from_url(broker_url)
    for key in client.scan_iter(match=f"*{queue}*"):
        client.delete(key)
    for key in client.scan_iter(match="_kombu.binding.*"):
        for member in client.smembers(key):
            if queue.encode() in member:
                client.srem(key, member)
    client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games of each table (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed of the players' choices")
    parser.add_argument("--table", action="append", help="a table (repeatable; default: all six)")
    parser.add_argument("--dice", action="append", choices=["seeded", "recorded"], help="default: both")
    parser.add_argument("--limit", type=int, default=1500, help="events a random player plays at most")
    parser.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
    )
    args = parser.parse_args()
    broker_url = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/11")
    shared = _shared()
    shared.configure_environment(args.database_url, broker_url)
    os.environ["ARBITER_TASKS_EAGER"] = "0"
    try:
        shared.setup_django()
        from django.conf import settings
        from django.contrib.auth import get_user_model

        from tests.browser.asgi_site import serve
        from tests.browser.whole_table import NAMES, TABLES

        settings.CELERY_TASK_ALWAYS_EAGER = False
        names = args.table or list(TABLES)
        unknown = set(names) - set(TABLES)
        if unknown:
            parser.error(f"unknown tables {sorted(unknown)}; known: {', '.join(TABLES)}")
        users = [get_user_model().objects.create_user(n, password="x") for n in NAMES]
        results = []
        with serve() as base, tempfile.TemporaryDirectory(prefix="arbiter-taps-") as scratch:
            print(f"site {base} (uvicorn, live stream on {settings.ARBITER_LIVE_URL or 'nothing: polling'})")
            print(HEAD, flush=True)
            for name in names:
                for dice in args.dice or ["seeded", "recorded"]:
                    for n in range(args.games):
                        profile = Path(scratch) / f"{name}-{dice}-{n}"
                        r = play_one(name, dice, args.seed + n, args.limit, users, base, profile)
                        results.append(r)
                        print(line(r), flush=True)
        out = REPO / "var" / "bench" / "recorder_taps_chromium.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=1))
    finally:
        shared.drop_database(args.database_url)
        forget_queue(broker_url, shared.QUEUE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
