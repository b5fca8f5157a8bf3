"""One error shape for the whole API: ``{"error": {"code", "message", ...}}``."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from gamelogs.services import UploadRejected


def error_body(code: str, message: str, **extra) -> dict:
    return {"error": {"code": code, "message": message, **{k: v for k, v in extra.items() if v is not None}}}


def rejection_response(exc: UploadRejected) -> Response:
    return Response(error_body(exc.code, exc.message, rule=exc.rule, path=exc.path), status=exc.status_code)


def exception_handler(exc, context):
    """DRF's handler, with its ``{"detail": …}`` bodies rewrapped into our error shape."""
    if isinstance(exc, UploadRejected):
        return rejection_response(exc)
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


def _first_message(data) -> str:
    while isinstance(data, dict | list) and data:
        data = next(iter(data.values())) if isinstance(data, dict) else data[0]
    return str(data) if data else "invalid request"
