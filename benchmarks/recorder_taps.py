"""Taps at the table: how many taps recording a whole game costs, per game and dice mode.

    python benchmarks/recorder_taps.py                      # every game, site dice and real dice
    python benchmarks/recorder_taps.py --games 3 --seed 5   # three games of each

Needs PostgreSQL (DATABASE_URL's server): a scratch database ``arbiter_bench_taps_<pid>`` is created and
dropped at the end. Two accounts sit at each table and play it to its end through play.services and
play.finish, exactly what the page's posts call, choosing at random among what the page offers them
(weighted towards purposeful play, as the platform tests do). Real dice are answered from the grid the
engine declares (engine/core/dice_grid.py): a random face per row, one extra row per face that asks for
one, cards picked among those left.

Taps are counted as table.js takes them (platform/play/static/play/table.js):
  - a choice: 1 tap; an offer that puts a piece on a space (a move; a deployment in Hoplomachus) is the
    space tapped on the board, where all are highlighted: 1 tap, 2 when several offered moves lead there
    (the space, then the way); on a game's own board (Hoplomachus, Eternia) each piece's spaces are
    buttons of their own too: 1 tap unless several of that piece's offers lead to the space;
  - recorded dice: the choice, then one tap per die row, per card drawn and per extra row, and one
    submit per need;
  - the steps the site logs itself (the rules leave no choice): 0 taps.
"Decisions" are events with more than one legal alternative at the table; "forced asked" counts events a
player entered although they were the only thing the rules allowed and needed no dice (0 is the target).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import sys
from pathlib import Path
from unittest import mock

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "platform")]

WEIGHTS = {"end_activation": 0.05, "pass": 0.05, "guard": 0.1, "concede": 0, "agree_draw": 0}
WEIGHTS |= {"attack": 10.0, "special": 6.0, "deploy": 6.0, "smite": 3.0, "toss": 3.0, "move": 2.0}


def _shared():
    spec = importlib.util.spec_from_file_location("bench_workers", REPO / "benchmarks" / "workers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.BENCH_DB = f"arbiter_bench_taps_{os.getpid()}"
    return module


def _seats(game: str):
    from play import tables

    if game == "hoplomachus-remastered":
        return {
            "seats": [
                tables.Seating("Alice", "kunlun", {"faction": "kunlun"}),
                tables.Seating("Bruno", "amazons", {"faction": "amazons"}),
            ],
            "setup": {"mode": "skirmish", "arena": "pozzuoli"},
        }
    if game == "motu-fields-of-eternia":
        return {
            "seats": [
                tables.Seating("Alice", ["he-man", "teela", "stratos"], {"faction": "motu"}),
                tables.Seating("Bruno", ["skeletor", "mer-man", "beast-man"], {"faction": "ew"}),
            ],
            "setup": {"mode": "standard"},
        }
    return {"seats": [tables.Seating("Alice", "first-game-ew"), tables.Seating("Bruno", "first-game-motu")]}


class _Secrets:
    """``secrets`` for play.tables drawn from ``seed``: the table's seed and placement are the same on every
    run of the same ``--seed``, so that two runs (before and after a change) play the same games."""

    def __init__(self, seed: str):
        self._rng = random.Random(seed)

    def token_hex(self, n: int) -> str:
        return self._rng.randbytes(n).hex()

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)

    def choice(self, seq):
        return self._rng.choice(seq)


def _fill(grid: dict, rng: random.Random):
    """A value the table could show for ``grid``, and the taps to enter it."""
    if "pick" in grid:
        pool = [o["value"] for o in grid["pick"]["options"] for _ in range(o["copies"])]
        drawn = rng.sample(pool, grid["pick"]["count"])
        return (drawn[0] if grid["pick"]["one"] else drawn), len(drawn)
    values = [rng.choice(row["faces"])["value"] for row in grid["rows"]]
    taps = len(values)
    if grid["shape"] != "pool":
        return values, taps
    value = {"dice": values}
    extra = grid.get("extra")
    if extra:
        due = sum(1 for v in values if v in extra["on"])
        explosions = []
        while len(explosions) < due:
            face = rng.choice(extra["faces"])["value"]
            explosions.append(face)
            due += face in extra["on"]
        if explosions:
            value["explosions"] = explosions
            taps += len(explosions)
    return value, taps


def _put(event: dict, path: list, value) -> None:
    for key in path[:-1]:
        event = event[key]
    event[path[-1]] = value


def _own_board(game: str) -> bool:
    """Whether the game's plugin draws its own board and panel (a file of platform/games registering
    ``window.ArbiterBoards[…]`` that names the game, by a literal or a constant): its pieces' spaces are
    then listed as buttons beside the board (table.js, ``drawOffers``)."""
    for path in (REPO / "platform" / "games").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        if "ArbiterBoards[" in text and f'"{game}"' in text:
            return True
    return False


def _choice_taps(offer: dict, offers: list[dict], listed: bool) -> int:
    """Taps to pick ``offer`` on the page (table.js). An offer that puts a piece on a space (``place``: a
    move's end, a Hoplomachus deployment's hex) can be tapped on the board, where every such space is
    highlighted: one tap when one offer leads there, else that tap and the way (2). A game drawing its own
    board (``listed``) also lists each piece's spaces as buttons: one tap when one of that piece's offers
    leads there, else the button and the way (2). A board of ArbiterBoard (Battleground) lists a piece's
    moves behind its "Move…" button (then the hex: never fewer than the board's taps). Any other offer is
    its button: 1 tap."""
    place = offer.get("place")
    if not place:
        return 1
    here = [o for o in offers if o.get("place") == place]
    if len(here) == 1:
        return 1
    if listed:
        piece = (offer.get("piece") or {}).get("id")
        return 1 if sum((o.get("piece") or {}).get("id") == piece for o in here) == 1 else 2
    return 2


def _kind(kinds: dict, event: dict) -> dict:
    return kinds.setdefault(
        event.get("type", "?"), dict.fromkeys(("entered", "taps", "decisions", "site"), 0)
    )


def play_one(game: str, mode: str, seed: int, users) -> dict:
    import engine
    from play import finish, services, tables
    from play.errors import Refused, Stale

    rng = random.Random(seed)
    listed = _own_board(game)
    with mock.patch.object(tables, "secrets", _Secrets(f"{game} {mode} {seed}")):  # the same game each run
        table = tables.create_game(
            users[0], game=game, first_player_seat=1, mode=mode, holders=list(users), **_seats(game)
        )
    table = finish.settle(table.code)
    taps = refused = forced_asked = decisions = stale = 0
    kinds: dict[str, dict[str, int]] = {}  # per event type: entered, taps, decisions, by the site
    for _ in range(4000):
        table = services.load(table.code)
        if table.status != "playing":
            break
        replay = services.replay_of(table)
        everyone = engine.session.offers(replay, recorded=mode == "recorded")
        person = offers = None
        for user in users:
            offers = services.state_payload(table, user)["offers"]
            if offers:
                person = user
                break
        if person is None:
            raise RuntimeError(f"{game} {mode}: nobody is offered anything")
        offer = rng.choices(offers, weights=[WEIGHTS.get(o["event"]["type"], 1.0) for o in offers])[0]
        event, cost = offer["event"], _choice_taps(offer, offers, listed)
        if mode == "recorded":
            answer = services.dice_needed(table.code, person, event)
            for _ in range(6):
                if not answer["needs"]:
                    break
                filled = json.loads(json.dumps(answer["event"]))
                for need in answer["needs"]:
                    value, entry_taps = _fill(need["grid"], rng)
                    _put(filled, need["path"], value)
                    cost += entry_taps + 1  # the faces, then "Record"
                answer = (
                    services.dice_needed(table.code, person, filled)
                    if answer.get("partial")
                    else {"event": filled, "needs": []}
                )
            event = answer["event"]
        if len(everyone) == 1 and (
            mode == "seeded" or not services.dice_needed(table.code, person, offer["event"])["needs"]
        ):
            forced_asked += 1  # the site should have logged it
        decisions += len(everyone) > 1
        kind = _kind(kinds, event)
        kind["entered"] += 1
        kind["taps"] += cost
        kind["decisions"] += len(everyone) > 1
        try:
            finish.post_event(table.code, person, event, None, expected_events=len(table.entries))
        except Refused:
            refused += 1
            taps += cost
            continue
        except Stale:
            stale += 1
            continue
        taps += cost
    table = services.load(table.code)
    by_site = sum(1 for e in table.entries if e["seat"] == services.SITE)
    for entry in table.entries:
        if entry["seat"] == services.SITE:
            _kind(kinds, entry["event"])["site"] += 1
    return {
        "events": len(table.entries),
        "by_site": by_site,
        "decisions": decisions,
        "taps": taps,
        "refused": refused + stale,
        "forced_asked": forced_asked,
        "over": table.status != "playing",
        "kinds": kinds,
    }


def print_kinds(results: list[dict]) -> None:
    """Per game and mode, every event type summed over the games: where the taps go."""
    print(f"\n{'game':26} {'mode':9} {'event type':22} {'entered':>7} {'taps':>5} {'taps/ev':>7} {'decis.':>6} "
          f"{'site':>5}")  # fmt: skip
    totals: dict[tuple, dict] = {}
    for r in results:
        for kind, n in r["kinds"].items():
            into = totals.setdefault((r["game"], r["mode"], kind), dict.fromkeys(n, 0))
            for key, value in n.items():
                into[key] += value
    for (game, mode, kind), n in sorted(totals.items(), key=lambda item: (item[0][:2], -item[1]["taps"])):
        print(
            f"{game:26} {mode:9} {kind:22} {n['entered']:7} {n['taps']:5} "
            f"{n['taps'] / max(n['entered'], 1):7.2f} {n['decisions']:6} {n['site']:5}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games of each game and mode (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--game",
        action="append",
        help="a game id (repeatable; default: the three games of the house)",
    )
    parser.add_argument("--mode", action="append", choices=["seeded", "recorded"])
    parser.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
    )
    args = parser.parse_args()
    games = args.game or ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"]
    modes = args.mode or ["seeded", "recorded"]
    shared = _shared()
    shared.configure_environment(
        args.database_url, os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/14")
    )
    os.environ["ARBITER_TASKS_EAGER"] = "0"
    try:
        shared.setup_django()
        from django.conf import settings
        from django.contrib.auth import get_user_model

        settings.CELERY_TASK_ALWAYS_EAGER = False
        users = [get_user_model().objects.create_user(f"player{i}", password="x") for i in (1, 2)]
        print(f"{'game':26} {'mode':9} {'events':>6} {'site':>5} {'decis.':>6} {'taps':>5} "
              f"{'taps/ev':>7} {'taps/dec':>8} {'refused':>7} {'forced asked':>12}")  # fmt: skip
        results = []
        for game in games:
            for mode in modes:
                for n in range(args.games):
                    r = play_one(game, mode, args.seed + n, users)
                    results.append({"game": game, "mode": mode, **r})
                    print(
                        f"{game:26} {mode:9} {r['events']:6} {r['by_site']:5} {r['decisions']:6} {r['taps']:5} "
                        f"{r['taps'] / max(r['events'], 1):7.2f} {r['taps'] / max(r['decisions'], 1):8.2f} "
                        f"{r['refused']:7} {r['forced_asked']:12}" + ("" if r["over"] else "  (not over)"),
                        flush=True,
                    )
        print_kinds(results)
        out = REPO / "var" / "bench" / "recorder_taps.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=1))
    finally:
        shared.drop_database(args.database_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
