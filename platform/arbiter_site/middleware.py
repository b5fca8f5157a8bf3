"""Refuse request bodies larger than any valid upload before anything reads them.

Django's CSRF middleware parses a form body before the view runs, so the size check for the
upload page has to happen here, ahead of it, using the declared Content-Length. API clients get
the API's error shape; browsers get a page saying what the limit is.
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
