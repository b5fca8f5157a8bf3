"""Fault injection: uploads keep flowing while Redis, a worker or the database fail; what was lost?

    python benchmarks/faults.py                  # every scenario (about 10 minutes on 2 cores)
    python benchmarks/faults.py --only redis-5s worker-kill

The production profile on this machine, all of it this script's own: gunicorn (3 workers) serving the
API, a Celery worker (prefork, concurrency 2), beat (the sweeper every ARBITER_SWEEP_SECONDS), a
Redis server of its own on a free port (database 3; it is the only Redis this script stops, and it
dies with the script), and a PostgreSQL database of its own on DATABASE_URL's server
(``arbiter_faults_<pid>``, dropped at the end; the only database it touches). Uploads arrive at
``--rate`` per second (default 6) from a client that does what the API asks: on 503 (or no answer)
it waits Retry-After and sends the same bytes again. Meanwhile ``/api/logs/`` and ``/api/meta/`` are
probed twice a second. Scenarios, one after the other:

    redis-5s, redis-20s   the Redis server stopped for 5 / 20 s (not persisted: queued messages are lost too)
    worker-kill           the worker's whole process group SIGKILLed three times, each restarted 2 s
                          later (as compose, systemd or Kubernetes would) and killed again 20 s after
                          it consumes again
    postgres-restart      every connection to the database cut and new ones refused for 5 s

For each it prints: uploads, answers by status, probes answered 5xx, logs lost (an upload never
answered 2xx, or answered but not stored), stuck (stored, no verdict 120 s after the scenario),
doubled (more than one verdict written for one log), and the worst and median time from the upload's
answer to its verdict. Results also go to var/bench/faults.json.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import itertools
import json
import os
import signal
import socket
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

DB_NAME = f"arbiter_faults_{os.getpid()}"
REDIS_DB = 3
VAR = REPO / "var" / "faults"
SCENARIOS = ("redis-5s", "redis-20s", "worker-kill", "postgres-restart")
SETTLE_SECONDS = 120
SERIALS = itertools.count(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise RuntimeError(f"gave up waiting for {what}")


class Stack:
    """The processes this script owns, and the faults it can inject into them."""

    def __init__(self, database_url: str):
        import dj_database_url

        self.server = dj_database_url.parse(database_url)
        head, _, _ = database_url.rpartition("/")
        self.redis_port = free_port()
        self.web_port = free_port()
        self.env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="arbiter_site.settings.production",
            DJANGO_SECRET_KEY="faults-" + "x" * 60,
            DATABASE_URL=f"{head}/{DB_NAME}",
            CELERY_BROKER_URL=f"redis://127.0.0.1:{self.redis_port}/{REDIS_DB}",
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            DJANGO_SECURE_SSL_REDIRECT="0",
            ARBITER_TASK_QUEUE="arbiter-faults",
            ARBITER_THROTTLE_UPLOADS="100000/min",
            ARBITER_THROTTLE_USER="100000/min",
            ARBITER_THROTTLE_ANON="100000/min",
            ARBITER_WORKER_HEARTBEAT_FILE=str(VAR / "worker-alive"),
            PYTHONUNBUFFERED="1",
            PYTHONPATH=os.pathsep.join([str(REPO / "platform"), str(REPO)]),
        )
        self.processes: dict[str, subprocess.Popen] = {}
        VAR.mkdir(parents=True, exist_ok=True)

    # -- PostgreSQL: only DB_NAME ------------------------------------------------------------------

    def admin(self):
        import psycopg

        return psycopg.connect(
            host=self.server["HOST"] or "127.0.0.1",
            port=self.server["PORT"] or 5432,
            user=self.server["USER"],
            password=self.server["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        )

    def db(self):
        import psycopg

        return psycopg.connect(self.env["DATABASE_URL"], autocommit=True)

    def create_database(self) -> None:
        from psycopg import sql

        with self.admin() as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DB_NAME)))
        self.manage("migrate", "--noinput", "-v", "0")

    def drop_database(self) -> None:
        from psycopg import sql

        with self.admin() as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(DB_NAME)))

    def cut_database(self, seconds: float) -> None:
        """What a PostgreSQL restart looks like to the site, for this script's database only."""
        from psycopg import sql

        with self.admin() as conn:
            conn.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(sql.Identifier(DB_NAME)))
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [DB_NAME],
            )
            time.sleep(seconds)
            conn.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(sql.Identifier(DB_NAME)))

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=REPO,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    # -- processes -----------------------------------------------------------------------------------

    def spawn(self, name: str, command: list[str]) -> None:
        log = open(VAR / f"{name}.log", "a")  # noqa: SIM115 - kept open for the process's life
        self.processes[name] = subprocess.Popen(
            command, cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def start_redis(self) -> None:
        self.spawn(
            "redis",
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
        )
        wait_for(self.redis_answers, 10, "Redis")

    def redis_answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.redis_port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, name: str, sig: int = signal.SIGTERM) -> None:
        process = self.processes.pop(name, None)
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def start_worker(self) -> None:
        self.spawn(
            "worker",
            [sys.executable, "-m", "celery", "-A", "workers", "worker", "--loglevel", "INFO", "--concurrency", "2",
             "--hostname", f"faults-{os.getpid()}@%h"],
        )  # fmt: skip

    def start_all(self) -> None:
        self.start_redis()
        self.create_database()
        self.spawn(
            "web",
            [sys.executable, "-m", "gunicorn", "arbiter_site.wsgi", "--pythonpath", "platform", "--bind",
             f"127.0.0.1:{self.web_port}", "--workers", "3", "--timeout", "30"],
        )  # fmt: skip
        self.start_worker()
        self.spawn(
            "beat",
            [sys.executable, "-m", "celery", "-A", "workers", "beat", "--loglevel", "INFO", "--schedule",
             str(VAR / f"beat-{os.getpid()}")],
        )  # fmt: skip
        wait_for(lambda: self.answers("/healthz/live"), 60, "gunicorn")

    def stop_all(self) -> None:
        for name in ("beat", "worker", "web", "redis"):
            self.stop(name)

    def answers(self, path: str) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.web_port}{path}", timeout=2) as answer:
                return answer.status < 500
        except (OSError, urllib.error.URLError):
            return False


class Load:
    """Uploads at a steady rate (retrying as the API asks) and probes of two read endpoints."""

    def __init__(self, stack: Stack, token: str, corpus: list[bytes], rate: float):
        self.stack, self.token, self.corpus, self.rate = stack, token, corpus, rate
        self.base = f"http://127.0.0.1:{stack.web_port}"
        self.uploads: list[dict] = []
        self.probes: list[tuple[str, int]] = []
        self.sent = 0
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, dict, dict]:
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("Authorization", f"Token {self.token}")
        if body is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=15) as answer:
                return answer.status, dict(answer.headers), json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            try:
                payload = json.loads(error.read() or b"{}")
            except ValueError:
                payload = {"not_json": True}
            return error.code, dict(error.headers), payload
        except OSError:
            return 0, {}, {}

    def upload(self, data: bytes) -> None:
        record = {"sent": time.time(), "statuses": [], "id": None, "answered": None}
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            status, headers, payload = self.request("POST", "/api/logs/", data)
            record["statuses"].append(status)
            if status in (200, 201, 202):
                record["id"], record["answered"] = payload.get("id"), time.time()
                break
            if status and status < 500 and status != 429:
                break  # refused for good: a client error is not an outage
            time.sleep(float(headers.get("Retry-After", 1) or 1))
        with self._lock:
            self.uploads.append(record)

    def _uploader(self) -> None:
        interval = 1 / self.rate
        next_at = time.monotonic()
        while not self._stop.is_set():
            # New bytes every time, across scenarios too: a repeat would be a duplicate (200), not an upload.
            serial = next(SERIALS)
            data = self.corpus[serial % len(self.corpus)] + b" " * serial
            self.sent += 1
            threading.Thread(target=self.upload, args=(data,), daemon=True).start()
            next_at += interval
            time.sleep(max(0.0, next_at - time.monotonic()))

    def _prober(self) -> None:
        while not self._stop.is_set():
            for path in ("/api/logs/", "/api/meta/"):
                status, _, _ = self.request("GET", path)
                with self._lock:
                    self.probes.append((path, status))
            time.sleep(0.5)

    def start(self) -> None:
        self._threads = [threading.Thread(target=t, daemon=True) for t in (self._uploader, self._prober)]
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()
        wait_for(lambda: len(self.uploads) >= self.sent, 120, "the last uploads' answers")


def run_scenario(stack: Stack, name: str, token: str, corpus: list[bytes], rate: float) -> dict:
    load = Load(stack, token, corpus, rate)
    started = time.time()
    load.start()
    time.sleep(5)
    if name.startswith("redis-"):
        seconds = int(name.removeprefix("redis-").removesuffix("s"))
        stack.stop("redis")
        time.sleep(seconds)
        stack.start_redis()
    elif name == "worker-kill":
        # Three single faults: each kill comes once the restarted worker consumes again (its heartbeat)
        # and has had 20 s to catch up, so one restart never overlaps the next.
        beat = Path(stack.env["ARBITER_WORKER_HEARTBEAT_FILE"])
        for _ in range(3):
            killed_at = time.time()
            stack.stop("worker", signal.SIGKILL)
            time.sleep(2)
            stack.start_worker()
            wait_for(
                lambda since=killed_at: beat.exists() and beat.stat().st_mtime > since + 2,
                120,
                "the worker back",
            )
            time.sleep(20)
    elif name == "postgres-restart":
        stack.cut_database(5)
    time.sleep(10)
    load.stop()
    ended = time.time()
    return measure(stack, name, load, started, ended)


def measure(stack: Stack, name: str, load: Load, started: float, ended: float) -> dict:
    ids = [u["id"] for u in load.uploads if u["id"] is not None]

    def final_count() -> int:
        with stack.db() as conn:
            return conn.execute(
                "SELECT count(*) FROM gamelogs_gamelog WHERE id = ANY(%s) AND verified_at IS NOT NULL", [ids]
            ).fetchone()[0]

    deadline = ended + SETTLE_SECONDS
    while time.time() < deadline and final_count() < len(ids):
        time.sleep(1)
    with stack.db() as conn:
        rows = conn.execute(
            "SELECT g.id, extract(epoch FROM g.verified_at), "
            "(SELECT count(*) FROM gamelogs_logverification v WHERE v.log_id = g.id) "
            "FROM gamelogs_gamelog g WHERE g.id = ANY(%s)",
            [ids],
        ).fetchall()
    stored = {row[0]: row for row in rows}
    answered_at = {u["id"]: u["answered"] for u in load.uploads if u["id"] is not None}
    waits = [float(row[1]) - answered_at[log_id] for log_id, row in stored.items() if row[1] is not None]
    first_answers = collections.Counter(u["statuses"][0] for u in load.uploads)
    all_answers = collections.Counter(s for u in load.uploads for s in u["statuses"])
    return {
        "scenario": name,
        "seconds": round(ended - started, 1),
        "uploads": len(load.uploads),
        "first_answers": dict(sorted(first_answers.items())),
        "all_answers": dict(sorted(all_answers.items())),
        "probes": len(load.probes),
        "probes_5xx": {
            path: sum(1 for p, s in load.probes if p == path and (s >= 500 and s != 503))
            for path in ("/api/logs/", "/api/meta/")
        },
        "probes_503": sum(1 for _, s in load.probes if s == 503),
        "lost": sum(1 for u in load.uploads if u["id"] is None) + sum(1 for i in ids if i not in stored),
        "stuck": sum(1 for row in stored.values() if row[1] is None),
        "doubled": sum(1 for row in stored.values() if row[2] > 1),
        "worst_to_verdict_s": round(max(waits), 1) if waits else None,
        "median_to_verdict_s": round(statistics.median(waits), 2) if waits else None,
    }


def _fmt(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds}"


def make_corpus(count: int) -> list[bytes]:
    import engine

    return [json.dumps(engine.simulate("motu-battleground", seed, randomness="recorded")).encode() for seed in range(1, count + 1)]  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
    )
    parser.add_argument("--rate", type=float, default=6.0)
    parser.add_argument("--only", nargs="*", choices=SCENARIOS)
    args = parser.parse_args()

    stack = Stack(args.database_url)
    results = []
    try:
        stack.start_all()
        token = stack.manage(
            "shell", "-c",
            "from django.contrib.auth.models import User; from rest_framework.authtoken.models import Token; "
            "u = User.objects.create_user('faults', password='faults-pass'); print(Token.objects.create(user=u).key)",
        ).split()[-1]  # fmt: skip
        corpus = make_corpus(12)
        for name in args.only or SCENARIOS:
            result = run_scenario(stack, name, token, corpus, args.rate)
            results.append(result)
            print(json.dumps(result), flush=True)
    finally:
        stack.stop_all()
        stack.drop_database()
    out = REPO / "var" / "bench" / "faults.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    print()
    print(
        f"{'scenario':18} {'uploads':>7} {'lost':>5} {'stuck':>5} {'doubled':>7} {'worst s':>8} {'median s':>8}  5xx probes"
    )
    for r in results:
        print(
            f"{r['scenario']:18} {r['uploads']:7} {r['lost']:5} {r['stuck']:5} {r['doubled']:7} "
            f"{_fmt(r['worst_to_verdict_s']):>8} {_fmt(r['median_to_verdict_s']):>8}  {r['probes_5xx']}"
        )
    return 0 if all(r["lost"] == r["stuck"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
