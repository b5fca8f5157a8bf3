"""The one error services raise when an action cannot be done now (permission problems raise
Django's PermissionDenied instead, which pages and the API both answer with 403)."""

from __future__ import annotations


class EventError(Exception):
    """An action that the event's rules or its current state do not allow.

    ``code`` is short and stable for API clients: ``invalid`` (bad input), ``state`` (not now:
    the round is closed, the list is locked, ...), ``full``, ``not_found``.
    """

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.code = code

    @property
    def status_code(self) -> int:
        return {"state": 409, "full": 409, "not_found": 404}.get(self.code, 400)
