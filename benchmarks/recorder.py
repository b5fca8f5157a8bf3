"""Table recorder benchmark: time from a tap to the stored, validated event, with many games at once.

    python benchmarks/recorder.py                 # 20 games at once against gunicorn with 2 workers
    python benchmarks/recorder.py --games 5 --quick
    python benchmarks/recorder.py --game hoplomachus-remastered   # longer games: past event 150


Needs PostgreSQL (DATABASE_URL's server). It creates a scratch database ``arbiter_bench_recorder`` (dropped
at the end), seats two players at each of ``--games`` tables and starts the site (gunicorn, 2 sync
workers). Then one
thread per game plays it over HTTP as both phones would: read the state (the offers), wait ``--think``
seconds, pick an offer (moves and attacks more often than ending an activation, as players do) and post
it (the poster's page keeps the state its post answered with; the other page reads the new state once);
meanwhile every phone polls the table's version every 1.5 s as the page does. The figure is the
round trip of each post: the request to the answer that the event was checked by the engine and stored
(the page shows the event as soon as this answer arrives). Games are played to their end.

The figures are given for every post, from ``--late`` on, and per event index (buckets of 50 events:
the cost of a post may grow with the game). Battleground games recorded this way end after 80–100
events; a Hoplomachus Skirmish runs to 250–450, so ``--game hoplomachus-remastered`` measures posts at
and past event 150 (the ``150-199`` bucket); ``--until 200`` stops every game there, so all of them are being played
while those posts are measured.

Results are printed and written to var/bench/recorder.json.

``--live``: the live updates instead (play.live, docs/recorder.md). Four phones at each table (a Hoplomachus
Pandemonium of four, HR-16), every phone holding the table's server-sent event stream, served as deployed: the
streams by uvicorn (Django's ASGI application, /play/<code>/stream) and the posts by gunicorn, with Redis
pub/sub between them. One thread per table posts an offered event for whoever is to act; every other phone,
told of the new version on its stream, reads the state as the page does. The figure is the time from the
event stored (its version published on Redis, heard by a subscriber in this process) to each of the other
three phones being told (the stream's message) and having the state with that event, p50 and p95; the same
from the tap (the post sent: the engine's check and the storing included), and the post's own round trip.
The stream's message carries the state for the phone's seat (play.live), so a phone holds the new state
when the message arrives; a phone that missed a version reads ``state.json`` as the page does. The sizes
of the messages carrying a state are reported (``stream_message_bytes``).
Written to var/bench/recorder-live.json.

    python benchmarks/recorder.py --live                 # 20 tables of 4 phones, 60 events each
    python benchmarks/recorder.py --live --poll          # the same, the phones polling: the baseline
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "platform")]

CSRF = "benchmarkcsrftoken0123456789abcd"  # a well-formed token: the cookie and the header agree
WEIGHTS = {"end_activation": 0.05, "pass": 0.05, "guard": 0.1, "concede": 0, "agree_draw": 0}
# Hoplomachus: purposeful play so a game reaches its end (as tests/platform/test_play_hoplomachus_eternia.py)
WEIGHTS |= {"attack": 10.0, "special": 6.0, "deploy": 6.0, "smite": 3.0, "toss": 3.0, "move": 2.0}
BUCKET = 50  # events per bucket of the per-event-index figures
POLL_SECONDS = 1.5


def _shared():
    """benchmarks/workers.py's scratch-database helpers, pointed at this benchmark's database."""
    spec = importlib.util.spec_from_file_location("bench_workers", REPO / "benchmarks" / "workers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.BENCH_DB = f"arbiter_bench_recorder_{os.getpid()}"  # two runs at once do not collide
    return module


def session_cookie(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"sessionid={store.session_key}; csrftoken={CSRF}"


def call(url: str, cookie: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET")
    request.add_header("Cookie", cookie)
    if body is not None:
        request.add_header("Content-Type", "application/json")
        request.add_header("X-CSRFToken", CSRF)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


class Game(threading.Thread):
    def __init__(
        self,
        base: str,
        code: str,
        cookies: list[str],
        seed: int,
        think: float,
        stop: threading.Event,
        until: int | None = None,
    ):
        super().__init__(daemon=True)
        self.until = until
        self.base, self.code, self.cookies, self.think, self.stop = base, code, cookies, think, stop
        self.rng = random.Random(seed)
        self.posts: list[tuple[int, float, int]] = []  # (event index, seconds, status)
        self.refused = 0
        self.error: str | None = None

    def run(self) -> None:
        try:
            self.play()
        except Exception as exc:  # noqa: BLE001 — reported with the results, never hidden
            self.error = f"{type(exc).__name__}: {exc}"

    def play(self) -> None:
        url = f"{self.base}/play/{self.code}"
        states = [call(f"{url}/state.json", cookie)[1] for cookie in self.cookies]
        while not self.stop.is_set():
            if states[0]["status"] != "playing":
                return
            if self.until is not None and len(states[0]["events"]) >= self.until:
                return  # far enough: the figures are about the posts up to here
            seat = next((i for i, s in enumerate(states) if s["offers"]), None)
            if seat is None:
                raise RuntimeError(f"table {self.code}: nobody is offered anything")
            offers = states[seat]["offers"]
            offer = self.rng.choices(offers, weights=[WEIGHTS.get(o["event"]["type"], 1) for o in offers])[0]
            time.sleep(self.think)
            body = {
                "event": offer["event"],
                "version": states[seat]["version"],
                "cid": f"{self.code}-{len(self.posts)}",
            }
            started = time.perf_counter()
            status, answer = call(f"{url}/events", self.cookies[seat], body)
            elapsed = time.perf_counter() - started
            self.posts.append((len(states[seat]["events"]), elapsed, status))
            if status == 422:
                self.refused += 1  # an offer the engine turned down (reported); pick again
            elif status != 200:
                raise RuntimeError(f"table {self.code}: post answered {status}: {answer}")
            # As the phones do: the poster's page shows the state its post answered with; the other page
            # reads the new state once its poll sees the version change.
            other = 1 - seat
            states = [None, None]
            states[seat] = answer["state"]
            states[other] = call(f"{url}/state.json", self.cookies[other])[1]


class Phone(threading.Thread):
    """A phone with the table page open: its stream names each new version, and it then reads the state
    (``state.json?since=``) as the page does. Records when each version arrived both ways."""

    def __init__(self, base: str, stream_base: str, code: str, cookie: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.base, self.stream_base, self.code, self.cookie, self.stop = base, stream_base, code, cookie, stop
        self.told: dict[int, float] = {}  # version → when the stream named it
        self.seen: dict[int, float] = {}  # version → when the state with it was read
        self.state: dict | None = None
        self.sizes: list[int] = []  # bytes of each message of the stream
        self.read_sizes: list[int] = []  # bytes of each state.json read (about: as re-encoded here)
        self.from_stream = 0  # versions taken from the stream's message, no request made
        self.changed = threading.Condition()
        self.opened = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        if self.stream_base is None:
            self.poll()
            return
        import http.client

        try:
            host, port = self.stream_base.removeprefix("http://").split(":")
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            connection.request(
                "GET",
                f"/play/{self.code}/stream",
                headers={"Cookie": self.cookie, "Accept": "text/event-stream"},
            )
            response = connection.getresponse()
            if response.status != 200:
                raise RuntimeError(f"stream answered {response.status}")
            self.opened.set()
            while not self.stop.is_set():
                line = response.fp.readline()
                if not line:
                    raise RuntimeError("the stream ended")
                if line.startswith(b"data: "):
                    message = json.loads(line[6:])
                    version = message["version"]
                    self.told.setdefault(version, time.perf_counter())
                    self.sizes.append(len(line))
                    if not self.heard(message):
                        self.read(version)
        except Exception as exc:  # noqa: BLE001 — reported with the results
            if not self.stop.is_set():
                self.error = f"{type(exc).__name__}: {exc}"
            self.opened.set()

    def poll(self) -> None:
        """The page without a stream (the fallback): the table's version every 1.5 s, then the state."""
        self.opened.set()
        try:
            while not self.stop.wait(POLL_SECONDS):
                known = self.state["version"] if self.state else 0
                status, data = call(f"{self.base}/play/{self.code}/state.json?since={known}", self.cookie)
                if status == 200 and data.get("changed") is False:
                    continue
                if status != 200:
                    raise RuntimeError(f"state answered {status}")
                now = time.perf_counter()
                self.read_sizes.append(len(json.dumps(data)))
                with self.changed:
                    if self.state is None or data["version"] > self.state["version"]:
                        for v in range(known + 1, data["version"] + 1):
                            self.seen.setdefault(v, now)
                        self.state = data
                    self.changed.notify_all()
        except Exception as exc:  # noqa: BLE001 — reported with the results
            if not self.stop.is_set():
                self.error = f"{type(exc).__name__}: {exc}"

    def heard(self, message: dict) -> bool:
        """As the page does: a message with the state (and the events added since the version before)
        is the new state when this phone is at that version before; False when it must read it."""
        if "state" not in message:
            return False
        with self.changed:
            known = self.state
            if known is not None and message["version"] <= known["version"]:
                return True
            events = message["events"]
            if "since" in message:
                if known is None or known["version"] != message["since"]:
                    return False
                events = known["events"][: message["kept"]] + events
            now = time.perf_counter()
            self.state = {**message["state"], "version": message["version"], "events": events}
            self.seen.setdefault(message["version"], now)
            self.from_stream += 1
            self.changed.notify_all()
        return True

    def read(self, version: int) -> None:
        known = self.state["version"] if self.state else None
        if known is not None and version <= known:
            return
        status, state = call(f"{self.base}/play/{self.code}/state.json", self.cookie)
        if status != 200:
            raise RuntimeError(f"state answered {status}")
        now = time.perf_counter()
        self.read_sizes.append(len(json.dumps(state)))
        with self.changed:
            if self.state is None or state["version"] > self.state["version"]:
                self.state = state
                for v in range(version, state["version"] + 1):
                    self.seen.setdefault(v, now)
            self.changed.notify_all()

    def wait_for(self, version: int, timeout: float = 10) -> dict:
        with self.changed:
            self.changed.wait_for(lambda: self.state and self.state["version"] >= version, timeout)
            if not self.state or self.state["version"] < version:
                self.state = call(f"{self.base}/play/{self.code}/state.json", self.cookie)[1]
            return self.state


class Published(threading.Thread):
    """Hears the tables' channels on Redis as the site publishes them: when each version was stored."""

    def __init__(self, codes: list[str], stop: threading.Event):
        super().__init__(daemon=True)
        self.codes, self.stop = codes, stop
        self.at: dict[tuple[str, int], float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        import redis
        from django.conf import settings

        from play import live

        pubsub = redis.Redis.from_url(settings.ARBITER_LIVE_URL).pubsub()
        names = {live.channel(code): code for code in self.codes}
        pubsub.subscribe(*names)
        self.ready.set()
        while not self.stop.is_set():
            message = pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
            if message is not None:
                now = time.perf_counter()
                version = json.loads(message["data"])["version"]
                self.at.setdefault((names[message["channel"].decode()], version), now)
        pubsub.close()


class LiveTable(threading.Thread):
    """One table of phones: posts an offered event for whoever is to act, then waits for the other phones
    to have it (their streams, then their state reads)."""

    def __init__(self, base: str, code: str, phones: list[Phone], seed: int, think: float, until: int, stop):
        super().__init__(daemon=True)
        self.base, self.code, self.phones, self.think, self.until, self.stop = (
            base,
            code,
            phones,
            think,
            until,
            stop,
        )
        self.rng = random.Random(seed)
        self.posts: list[tuple] = []  # (poster index, sent at, status, version, answered at)
        self.error: str | None = None

    def run(self) -> None:
        try:
            states = [call(f"{self.base}/play/{self.code}/state.json", p.cookie)[1] for p in self.phones]
            while not self.stop.is_set() and states[0]["status"] == "playing":
                if len(states[0]["events"]) >= self.until:
                    return
                seat = next((i for i, s in enumerate(states) if s["offers"]), None)
                if seat is None:
                    raise RuntimeError(f"table {self.code}: nobody is offered anything")
                offers = states[seat]["offers"]
                offer = self.rng.choices(
                    offers, weights=[WEIGHTS.get(o["event"]["type"], 1) for o in offers]
                )[0]
                time.sleep(self.think)
                body = {
                    "event": offer["event"],
                    "events": len(states[seat]["events"]),
                    "cid": f"{self.code}-{len(self.posts)}",
                }
                sent = time.perf_counter()
                status, answer = call(f"{self.base}/play/{self.code}/events", self.phones[seat].cookie, body)
                version = answer.get("state", {}).get("version", -1)
                self.posts.append((seat, sent, status, version, time.perf_counter()))
                if status not in (200, 409, 422):
                    raise RuntimeError(f"table {self.code}: post answered {status}: {answer}")
                states = [
                    answer["state"] if i == seat else phone.wait_for(version)
                    for i, phone in enumerate(self.phones)
                ]
        except Exception as exc:  # noqa: BLE001 — reported with the results
            self.error = f"{type(exc).__name__}: {exc}"


def poller(base: str, code: str, cookie: str, stop: threading.Event, counts: list[int]) -> None:
    """A phone's page: ask for the table's version every 1.5 s (cheap when unchanged)."""
    version = None
    while not stop.wait(POLL_SECONDS):
        suffix = f"?since={version}" if version is not None else ""
        try:
            _, data = call(f"{base}/play/{code}/state.json{suffix}", cookie)
        except OSError:
            continue
        version = data.get("version", version)
        counts.append(1)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system, every thread) a process and its child processes (gunicorn's workers)
    have used so far, from /proc: what a push costs, which moves less with the machine's load than the
    latency does."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in [pid, *map(int, children)]:
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games recorded at once (default 20)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds between reading the state and the tap"
    )
    parser.add_argument(
        "--late", type=int, default=60, help="'late game' means from this event on (default 60)"
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (default 1: sync)"
    )
    parser.add_argument(
        "--game",
        default="motu-battleground",
        choices=["motu-battleground", "hoplomachus-remastered"],
        help="the game recorded (default motu-battleground)",
    )
    parser.add_argument(
        "--until",
        type=int,
        default=None,
        help="stop each game after this many events (default: play to the end); keeps every game "
        "being played, so the load stays the same, up to the event index measured",
    )
    parser.add_argument("--quick", action="store_true", help="5 games, 0.3 s think time")
    parser.add_argument(
        "--poll",
        action="store_true",
        help="with --live: the phones poll every 1.5 s instead of holding streams (the baseline)",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="measure the live updates: 4 phones a table on server-sent event streams (see above)",
    )
    parser.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.think = 5, 0.3

    shared = _shared()
    shared.configure_environment(
        args.database_url, os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/14")
    )
    try:
        return run_live(args, shared) if args.live else run(args, shared)
    finally:  # the scratch database goes with the run, so the next run can create it again
        shared.drop_database(args.database_url)


def _table_choices(game: str, n: int) -> dict:
    from play import services

    if game == "hoplomachus-remastered":
        seats = [
            services.Seating(f"A{n}", "kunlun", {"faction": "kunlun"}),
            services.Seating(f"B{n}", "amazons", {"faction": "amazons"}),
        ]
        return {
            "game": game,
            "seats": seats,
            "first_player_seat": 1,
            "setup": {"mode": "skirmish", "arena": "pozzuoli"},
        }
    seats = [services.Seating(f"A{n}", "first-game-ew"), services.Seating(f"B{n}", "first-game-motu")]
    return {"game": game, "seats": seats, "first_player_seat": 1 + n % 2}


def _figures(seconds: list[float]) -> dict:
    return {
        "posts": len(seconds),
        "p50_ms": round(statistics.median(seconds) * 1000, 1) if seconds else None,
        "p95_ms": round(percentile(seconds, 0.95) * 1000, 1) if seconds else None,
    }


def run(args, shared) -> int:
    shared.setup_django()
    from django.contrib.auth import get_user_model

    import engine
    from play import services

    users = get_user_model().objects
    tables = []
    for n in range(args.games):
        a = users.create_user(f"bench-a{n}", password="bench-password-123")
        b = users.create_user(f"bench-b{n}", password="bench-password-123")
        table = services.create_game(a, **_table_choices(args.game, n), seat2=b)
        tables.append((table.code, [session_cookie(a), session_cookie(b)]))

    port = 18766
    env = dict(os.environ, PYTHONPATH=f"{REPO / 'platform'}:{REPO}")
    command = [sys.executable, "-m", "gunicorn", "arbiter_site.wsgi", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--workers", "2", "--threads", str(args.threads), "--log-level", "warning"],
        cwd=REPO,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"engine {engine.ENGINE_VERSION}; {os.cpu_count()} CPUs, load average {load}; {args.games} games at once…"
    )
    stop = threading.Event()
    polls: list[int] = []
    try:
        shared.wait_until(lambda: shared._answers(f"{base}/healthz"), 30, "gunicorn")
        games = [
            Game(base, code, cookies, n, args.think, stop, args.until)
            for n, (code, cookies) in enumerate(tables)
        ]
        pollers = [
            threading.Thread(target=poller, args=(base, code, cookie, stop, polls), daemon=True)
            for code, cookies in tables
            for cookie in cookies
        ]
        started = time.monotonic()
        for thread in [*pollers, *games]:
            thread.start()
        for game in games:
            game.join(timeout=3600)
        seconds = time.monotonic() - started
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=20)

    errors = [g.error for g in games if g.error]
    accepted = [(index, s) for g in games for index, s, status in g.posts if status == 200]
    every = [s for _, s in accepted]
    late = [s for index, s in accepted if index >= args.late]
    lengths = sorted(len([p for p in g.posts if p[2] == 200]) for g in games)
    buckets: dict[int, list[float]] = {}
    for index, s in accepted:
        buckets.setdefault(index // BUCKET * BUCKET, []).append(s)
    results = {
        "engine_version": engine.ENGINE_VERSION,
        "game": args.game,
        "cpus": os.cpu_count(),
        "load_average_at_start": load,
        "games": args.games,
        "think_seconds": args.think,
        "web_workers": 2,
        "threads_per_worker": args.threads,
        "until_event": args.until,
        "seconds": round(seconds, 1),
        "events_stored": len(accepted),
        "events_per_game": [lengths[0], lengths[-1]] if lengths else None,
        "offers_refused": sum(g.refused for g in games),
        "polls": len(polls),
        "p50_ms": round(statistics.median(every) * 1000, 1),
        "p95_ms": round(percentile(every, 0.95) * 1000, 1),
        "max_ms": round(max(every) * 1000, 1),
        "late": {"from_event": args.late, **_figures(late)},
        "by_event_index": {f"{i}-{i + BUCKET - 1}": _figures(buckets[i]) for i in sorted(buckets)},
        "errors": errors,
    }
    print(json.dumps(results, indent=1))
    out = REPO / "var" / "bench" / "recorder.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    return 1 if errors else 0


def run_live(args, shared) -> int:
    """The live updates: ``--games`` tables of four phones, each on its table's stream (see above)."""
    shared.setup_django()
    from django.conf import settings
    from django.contrib.auth import get_user_model

    import engine
    from play import tables as table_setup

    if not settings.ARBITER_LIVE_URL:
        raise SystemExit("live updates need Redis: set BENCH_BROKER_URL to a redis:// address")
    until = args.until or 60
    users = get_user_model().objects
    tables = []
    for n in range(args.games):
        holders = [users.create_user(f"bench-{n}-{i}", password="bench-password-123") for i in range(4)]
        seats = [
            table_setup.Seating(f"P{n}-{i}", faction, {"faction": faction})
            for i, faction in enumerate(["kunlun", "amazons", "plutos-refugees", "faction-4"])
        ]
        table = table_setup.create_game(
            holders[0],
            game="hoplomachus-remastered",
            seats=seats,
            first_player_seat=1,
            holders=holders,
            setup={"mode": "pandemonium", "arena": "pozzuoli"},
        )
        tables.append((table.code, [session_cookie(u) for u in holders]))

    port, live_port = 18766, 18767
    env = dict(os.environ, PYTHONPATH=f"{REPO / 'platform'}:{REPO}")
    web = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "arbiter_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ]
        + ["--log-level", "warning"],
        cwd=REPO,
        env=env,
        start_new_session=True,
    )
    streams = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "arbiter_site.asgi:application", "--port", str(live_port)]
        + ["--log-level", "warning", "--no-access-log"],
        cwd=REPO,
        env=env,
        start_new_session=True,
    )
    base, live_base = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{live_port}"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"engine {engine.ENGINE_VERSION}; {os.cpu_count()} CPUs, load average {load}; "
        f"{args.games} tables of 4 phones on live streams…"
    )
    stop = threading.Event()
    try:
        # A loaded machine takes a while to start Django in three processes.
        shared.wait_until(lambda: shared._answers(f"{base}/healthz"), 120, "gunicorn")
        shared.wait_until(lambda: shared._answers(f"{live_base}/healthz"), 120, "uvicorn")
        # Streams from uvicorn, state reads and posts from gunicorn, as the deploy's proxy routes them.
        phones = {
            code: [Phone(base, None if args.poll else live_base, code, cookie, stop) for cookie in cookies]
            for code, cookies in tables
        }
        for phone in (p for ps in phones.values() for p in ps):
            phone.start()
        for phone in (p for ps in phones.values() for p in ps):
            phone.opened.wait(30)
        published = Published([code for code, _ in tables], stop)
        published.start()
        published.ready.wait(10)
        games = [
            LiveTable(base, code, phones[code], n, args.think, until, stop)
            for n, (code, _) in enumerate(tables)
        ]
        cpu_before = {"web": cpu_seconds(web.pid), "streams": cpu_seconds(streams.pid)}
        started = time.monotonic()
        for game in games:
            game.start()
        for game in games:
            game.join(timeout=3600)
        seconds = time.monotonic() - started
        cpu = {
            "web": cpu_seconds(web.pid) - cpu_before["web"],
            "streams": cpu_seconds(streams.pid) - cpu_before["streams"],
        }
    finally:
        stop.set()
        for process in (web, streams):
            process.terminate()
            process.wait(timeout=20)

    told, seen, posts, told_sent, seen_sent, round_trips = [], [], [], [], [], []
    for game in games:
        for seat, sent, status, version, answered in game.posts:
            if status != 200:
                continue
            round_trips.append(answered - sent)
            stored = published.at.get((game.code, version))
            for i, phone in enumerate(game.phones):
                if i == seat:
                    continue
                if version in phone.told:
                    told_sent.append(phone.told[version] - sent)
                    if stored is not None:
                        told.append(phone.told[version] - stored)
                if version in phone.seen:
                    seen_sent.append(phone.seen[version] - sent)
                    if stored is not None:
                        seen.append(phone.seen[version] - stored)
            posts.append(version)
    errors = [g.error for g in games if g.error] + [p.error for ps in phones.values() for p in ps if p.error]
    missed = 3 * len(posts) - len(seen)
    results = {
        "engine_version": engine.ENGINE_VERSION,
        "cpus": os.cpu_count(),
        "load_average_at_start": load,
        "tables": args.games,
        "phones_per_table": 4,
        "phones": "polling every 1.5 s" if args.poll else "server-sent event streams",
        "think_seconds": args.think,
        "events_per_table": until,
        "seconds": round(seconds, 1),
        "events_stored": len(posts),
        # From the event stored (its version published on Redis, as a subscriber beside the site hears it):
        "stored_to_other_phones_state": {
            **_figures(seen),
            "max_ms": round(max(seen) * 1000, 1) if seen else None,
        },
        "stored_to_other_phones_told": _figures(told),
        # From the tap (the post sent), the engine's check and the storing included:
        "post_round_trip": _figures(round_trips),
        "sent_to_other_phones_state": _figures(seen_sent),
        "sent_to_other_phones_told": _figures(told_sent),
        "missed": missed,
        "errors": errors,
        "load_average_at_end": ", ".join(f"{x:.2f}" for x in os.getloadavg()),
        # CPU time per event stored (user + system): the stream process (uvicorn: telling the three other
        # phones, their states rendered) and the web processes (gunicorn: the posts and any state reads).
        "cpu_ms_per_push": {
            "streams": round(cpu["streams"] * 1000 / max(len(posts), 1), 2),
            "web": round(cpu["web"] * 1000 / max(len(posts), 1), 2),
        },
    }

    def _bytes(sizes: list[int], what: str) -> dict:
        sizes = sorted(sizes)
        return {
            what: len(sizes),
            "p50": sizes[len(sizes) // 2],
            "p95": percentile(sizes, 0.95),
            "max": sizes[-1],
        }

    sizes = [n for ps in phones.values() for p in ps for n in p.sizes if n > 40]
    if sizes:  # the messages that carry a state (not the version alone)
        results["stream_message_bytes"] = _bytes(sizes, "messages")
        results["states_from_the_stream"] = sum(p.from_stream for ps in phones.values() for p in ps)
    reads = [n for ps in phones.values() for p in ps for n in p.read_sizes]
    if reads:
        results["state_json_bytes"] = _bytes(reads, "reads")
    print(json.dumps(results, indent=1))
    out = REPO / "var" / "bench" / ("recorder-poll.json" if args.poll else "recorder-live.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    return 1 if errors or not seen else 0


if __name__ == "__main__":
    raise SystemExit(main())
