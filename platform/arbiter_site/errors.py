"""One error shape for the whole API, ``{"error": {"code", "message", ...}}``, and what the site
answers when something fails outside a view's control.

* ``error_body`` / ``error_json`` build the shape; every app's API uses them.
* ``exception_handler`` is DRF's handler with its ``{"detail": …}`` bodies rewrapped into the shape,
  and a database that does not answer turned into 503 (``unavailable``) instead of a 500.
* ``server_error`` is the site's ``handler500``: Django calls it for any exception a view or a
  middleware let through. A database outage becomes 503 with ``Retry-After``; API paths get the
  JSON shape, pages a short HTML page. Nothing is stored by a request that failed this way, so the
  client can simply send it again. It renders without the request (no context processors, no
  database), because the failure may be the database itself.
* ``permission_denied`` and ``page_not_found`` are ``handler403`` and ``handler404``: every 403 and
  404 the site answers outside DRF (PermissionDenied and Http404 raised in views, addresses that
  match nothing) is a page in the site's layout saying what happened, or the JSON shape under /api/.
  Refusing to create an event without the organizer role shows how to get it (accounts.roles).
* Errors of API views asked for as CSV (``?format=csv``) are answered as JSON: a spreadsheet cell
  holding a Python dict helps nobody, and a client reading the body gets the one error shape.
"""

from __future__ import annotations

import logging
import re
import sys

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from gamelogs.services import UploadRejected

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = 10
UNAVAILABLE_MESSAGE = gettext_lazy(
    "The database is not answering. Nothing was saved; try again in a few seconds."
)
SERVICE_UNAVAILABLE_MESSAGE = gettext_lazy(
    "A service the site relies on is not answering; try again in a few seconds. Sending an upload again "
    "is safe: the same bytes are stored once."
)

# Errors that mean "the database is unreachable", not "this query is wrong" (IntegrityError,
# ProgrammingError and the like stay 500s: they are defects, and retrying will not help).
OUTAGE_ERRORS = (OperationalError, InterfaceError)
# Redis (cache or broker) not answering where nothing catches it: a 503 too, never a 500. The cache
# fails open (arbiter_site.cache) and uploads leave their message to the sweeper (gamelogs.queue),
# so this is the last line, not the usual path.
SERVICE_ERRORS = (RedisError, KombuOperationalError)


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


def is_service_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, SERVICE_ERRORS)


def _unavailable(exc: BaseException | None) -> tuple[str, str] | None:
    """(code, message) when ``exc`` means a service is down, else None."""
    if is_outage(exc):
        return "unavailable", UNAVAILABLE_MESSAGE
    if is_service_outage(exc):
        return "unavailable", SERVICE_UNAVAILABLE_MESSAGE
    return None


def exception_handler(exc, context):
    """DRF's handler, with its ``{"detail": …}`` bodies rewrapped into the error shape."""
    _answer_errors_in_json((context or {}).get("request"))
    if isinstance(exc, UploadRejected):
        return rejection_response(exc)
    if (down := _unavailable(exc)) is not None:
        log.error("service unavailable during %s: %r", _path(context), exc)
        response = Response(error_body(*down), status=503)
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
    down = _unavailable(exc)
    outage = down is not None
    status = 503 if outage else 500
    if request.path.startswith(API_PREFIX):
        response = (
            error_json(*down, status)
            if outage
            else error_json(
                "server_error", _("Something went wrong on our side; it has been logged."), status
            )
        )
    else:
        template = loader.get_template("arbiter/unavailable.html" if outage else "500.html")
        message = down[1] if outage else UNAVAILABLE_MESSAGE
        response = HttpResponse(template.render({"message": message}), status=status)
    if outage:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def permission_denied(request, exception=None):
    """``handler403``: a page that says who may do this (the PermissionDenied's own words)."""
    from accounts.roles import OrganizerRequired, organizer_required_response

    message = _own_words(exception) or _("You do not have permission to see this page or do this.")
    if request.path.startswith(API_PREFIX):
        return error_json("permission_denied", message, 403)
    if isinstance(exception, OrganizerRequired):
        return organizer_required_response(request, message)
    return render(request, "403.html", {"message": message}, status=403)


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``: a form sent without its token (a page left open too long, cookies
    blocked) is refused like any 403, in the site's words rather than Django's bare page."""
    message = _(
        "This form could not be accepted: its page is too old or your browser did not send its cookie. "
        "Go back, reload the page and send it again."
    )
    if request.path.startswith(API_PREFIX):
        return error_json("csrf_failed", message, 403)
    return render(request, "403.html", {"message": message}, status=403)


# get_object_or_404's wording names a model ("No GameLog matches the given query.", in the page's
# language): say it plainly.
def _names_a_model(message: str) -> bool:
    pattern = re.escape(_("No %s matches the given query.")).replace("%s", r"\w+").rstrip(r"\.")
    return (
        re.match(f"^{pattern}\\.?$", message) is not None
        or re.match(r"^No \w+ matches the given query\.?$", message) is not None
    )


def page_not_found(request, exception=None):
    """``handler404``: the Http404's own words where a view gave some ("this event has no
    elimination bracket"), else a plain "no such page", with a way up and a way home."""
    message = _own_words(exception)
    if not message or _names_a_model(message):
        message = _("There is nothing at this address.")
    if request.path.startswith(API_PREFIX):
        return error_json("not_found", message, 404)
    context = {"message": message, "up": _parent_path(request.path)}
    return render(request, "404.html", context, status=404)


def _own_words(exception) -> str:
    """The message a view put in its exception; a URL resolver's 404 carries a dict, not words."""
    words = exception.args[0] if exception is not None and exception.args else ""
    if not isinstance(words, str):
        return ""
    return words[:1].upper() + words[1:] if words else ""


def _parent_path(path: str) -> str | None:
    """/events/x/bracket/ → /events/x/: one level up, or None at the top."""
    parts = [p for p in path.split("/") if p]
    return "/" + "".join(p + "/" for p in parts[:-1]) if len(parts) > 1 else None


def _answer_errors_in_json(request) -> None:
    """Make DRF render this error response as JSON when the client asked for CSV (or any other
    format that cannot carry the error shape); the browsable API stays as it is."""
    renderer = getattr(request, "accepted_renderer", None)
    if request is not None and renderer is not None and renderer.format not in ("json", "api"):
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type


def _path(context) -> str:
    request = (context or {}).get("request")
    return getattr(request, "path", "?")


def _first_message(data) -> str:
    while isinstance(data, dict | list) and data:
        data = next(iter(data.values())) if isinstance(data, dict) else data[0]
    return str(data) if data else "invalid request"
