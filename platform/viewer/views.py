"""The replay viewer's data for a log page (the page itself is the log's page, gamelogs/detail.html)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from gamelogs.services import logs_visible_to
from viewer.walks import replay_payload


@gzip_page
@require_GET
@login_required
def log_replay(request, pk: int):
    """Every step of a visible log for the viewer; 404 for a log the user may not see (as its page)."""
    log = get_object_or_404(logs_visible_to(request.user), pk=pk)
    payload = replay_payload(log)
    if payload is None:
        return JsonResponse(
            {"error": {"message": "This log's header cannot be read, so there is no board to show."}},
            status=422,
        )
    return JsonResponse(payload)
