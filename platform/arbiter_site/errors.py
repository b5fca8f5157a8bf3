"""One error shape for the whole API, ``{"error": {"code", "message", ...}}``, and what the site
answers when something fails outside a view's control.

* ``error_body`` / ``error_json`` build the shape; every app's API uses them.
* ``exception_handler`` is DRF's handler with its ``{"detail": …}`` bodies rewrapped into the shape,
  and a database that does not answer turned into 503 (``unavailable``) instead of a 500.
* ``server_error`` is the site's ``handler500``: Django calls it for any exception a view or a
  middleware let through. A database outage becomes 503 with ``Retry-After``; API paths get the
  JSON shape, pages a short HTML page. Nothing is stored by a request that failed this way, so the
  client can simply send it again.
"""

from __future__ import annotations

import logging
import sys

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from gamelogs.services import UploadRejected

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = 10
UNAVAILABLE_MESSAGE = "The database is not answering. Nothing was saved; try again in a few seconds."

# Errors that mean "the database is unreachable", not "this query is wrong" (IntegrityError,
# ProgrammingError and the like stay 500s: they are defects, and retrying will not help).
OUTAGE_ERRORS = (OperationalError, InterfaceError)


def error_body(code: str, message: str, **extra) -> dict:
    return {"error": {"code": code, "message": message, **{k: v for k, v in extra.items() if v is not None}}}


def error_json(code: str, message: str, status: int, **extra) -> JsonResponse:
    """The error shape as a plain Django response (for middleware and views outside DRF)."""
    return JsonResponse(error_body(code, message, **extra), status=status)


def rejection_response(exc: UploadRejected) -> Response:
    return Response(error_body(exc.code, exc.message, rule=exc.rule, path=exc.path), status=exc.status_code)


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, OUTAGE_ERRORS) or (
        isinstance(exc, DatabaseError) and isinstance(exc.__cause__, OUTAGE_ERRORS)
    )


def exception_handler(exc, context):
    """DRF's handler, with its ``{"detail": …}`` bodies rewrapped into the error shape."""
    if isinstance(exc, UploadRejected):
        return rejection_response(exc)
    if is_outage(exc):
        log.error("database unavailable during %s: %s", _path(context), exc)
        response = Response(error_body("unavailable", UNAVAILABLE_MESSAGE), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and set(data) == {"detail"}:
        detail = data["detail"]
        code = getattr(detail, "code", None) or "error"
        response.data = error_body(code, str(detail))
    else:
        codes = exc.get_codes() if hasattr(exc, "get_codes") else None
        first = _first_message(data)
        response.data = error_body(
            "invalid" if isinstance(codes, dict | list) else str(codes or "error"), first, fields=data
        )
    return response


def server_error(request, *args, **kwargs):
    """``handler500``: 503 for a database outage, 500 otherwise; JSON under /api/, HTML elsewhere."""
    exc = sys.exc_info()[1]
    outage = is_outage(exc)
    status = 503 if outage else 500
    if request.path.startswith(API_PREFIX):
        response = (
            error_json("unavailable", UNAVAILABLE_MESSAGE, status)
            if outage
            else error_json("server_error", "Something went wrong on our side; it has been logged.", status)
        )
    else:
        template = loader.get_template("arbiter/unavailable.html" if outage else "500.html")
        response = HttpResponse(template.render({"message": UNAVAILABLE_MESSAGE}), status=status)
    if outage:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _path(context) -> str:
    request = (context or {}).get("request")
    return getattr(request, "path", "?")


def _first_message(data) -> str:
    while isinstance(data, dict | list) and data:
        data = next(iter(data.values())) if isinstance(data, dict) else data[0]
    return str(data) if data else "invalid request"
