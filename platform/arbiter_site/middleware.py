"""Requests refused at the door, before anything reads or stores them.

* Bodies larger than any valid upload (``RequestSizeLimitMiddleware``). Django's CSRF middleware parses a form body before the view runs, so the size check for the
upload page has to happen here, ahead of it, using the declared Content-Length. API clients get
the API's error shape; browsers get a page saying what the limit is.
* Addresses holding characters no database column can store (``UnstorableCharactersMiddleware``).
"""

from __future__ import annotations

from django.shortcuts import render

from arbiter_site.errors import API_PREFIX, error_json
from gamelogs.services import UploadRejected
from gamelogs.uploads import reject_oversized_request


class RequestSizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            reject_oversized_request(request)
        except UploadRejected as exc:
            if request.path.startswith(API_PREFIX):
                return error_json(exc.code, exc.message, exc.status_code)
            return render(request, "arbiter/too_large.html", {"message": exc.message}, status=exc.status_code)
        return self.get_response(request)


# PostgreSQL text cannot hold NUL, and UTF-8 cannot hold a lone surrogate: a value carrying either
# would fail deep inside a query as a 500. Refuse it at the door instead, saying what is wrong.
def unstorable_character(text: str) -> str | None:
    """A description of the first character no database column can store, or None."""
    for char in text:
        if char == "\x00":
            return "a NUL character (%00)"
        if "\ud800" <= char <= "\udfff":
            return f"a lone surrogate (U+{ord(char):04X})"
    return None


class UnstorableCharactersMiddleware:
    """400 for a URL path or query string holding NUL or a lone surrogate (names in addresses,
    such as /meta/players/<name>/, and every filter reach the database)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        texts = [request.path, *request.GET.keys()]
        texts += [value for values in request.GET.lists() for value in values[1]]
        for text in texts:
            found = unstorable_character(text)
            if found:
                message = f"The address holds {found}, which no name or filter can contain. Remove it and try again."
                if request.path.startswith(API_PREFIX):
                    return error_json("bad_characters", message, 400)
                return render(request, "arbiter/bad_request.html", {"message": message}, status=400)
        return self.get_response(request)
