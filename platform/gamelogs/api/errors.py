"""The API's error shape lives in ``arbiter_site.errors``; these names stay importable from here."""

from arbiter_site.errors import error_body, exception_handler, rejection_response

__all__ = ["error_body", "exception_handler", "rejection_response"]
