"""GET /healthz — is the database answering, is the broker answering? For load balancers and
container orchestrators: 200 when both are, 503 otherwise.

Anyone gets the verdict (``{"status": "ok"}`` or ``"error"``); only a signed-in staff member gets
the details (timings, transports, engine version, the error text), because error text names hosts,
ports and server states an outsider has no business reading. Probes need only the status code."""

from __future__ import annotations

import logging
import time

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

import engine
from arbiter_site.celery import app

BROKER_TIMEOUT_SECONDS = 2
log = logging.getLogger(__name__)


def check_database() -> dict:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 — any failure is the report
        return {"ok": False, "error": _short(exc)}
    return {"ok": True, "vendor": connection.vendor, "ms": _ms(started)}


def check_broker() -> dict:
    started = time.perf_counter()
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_TIMEOUT_SECONDS
            )
            transport = conn.transport_cls
    except Exception as exc:  # noqa: BLE001
        return {"ok": False, "error": _short(exc)}
    return {"ok": True, "transport": str(transport), "ms": _ms(started)}


@never_cache
def healthz(request):
    database, broker = check_database(), check_broker()
    healthy = database["ok"] and broker["ok"]
    body = {"status": "ok" if healthy else "error"}
    if not healthy:  # the details go to the log, where operators look
        log.warning("unhealthy: database %s, broker %s", database, broker)
    if database["ok"] and _is_staff(request):
        body.update(database=database, broker=broker, engine_version=engine.ENGINE_VERSION)
    return JsonResponse(body, status=200 if healthy else 503)


@never_cache
def live(request):
    """GET /healthz/live — the process answers requests; nothing else is checked. For liveness
    probes: a database outage should take a web process out of rotation (/healthz), not restart it."""
    return JsonResponse({"status": "ok"})


def _is_staff(request) -> bool:
    # Reading the session needs the database, so only once the database has answered.
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.is_staff)


def _short(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:200]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
