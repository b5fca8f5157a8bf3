"""GET /healthz — is the database answering, is the broker answering? For load balancers and
container orchestrators: 200 when both are, 503 otherwise, with a short JSON report."""

from __future__ import annotations

import time

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

import engine
from workers.celery import app

BROKER_TIMEOUT_SECONDS = 2


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
    body = {
        "status": "ok" if healthy else "error",
        "database": database,
        "broker": broker,
        "engine_version": engine.ENGINE_VERSION,
    }
    return JsonResponse(body, status=200 if healthy else 503)


def _short(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:200]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
