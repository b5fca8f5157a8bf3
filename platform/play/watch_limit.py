"""How often one address may have a spectator's page or full state rendered (play:watch).

The spectator link needs no login, so anyone holding it could ask for a full render of the table as fast as
they like. An unchanged-state poll (``?since=<version>``, one indexed read) and the live stream (one render per
version shared by every spectator) are not counted; the page and the full state are, per client address as the
API's throttles see it (``REST_FRAMEWORK["NUM_PROXIES"]``), in the shared cache. A venue's spectators behind
one address poll every few seconds only when their live stream is down, hence the generous default
(``ARBITER_THROTTLE_WATCH``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.throttling import SimpleRateThrottle

from arbiter_site.errors import error_body


class WatchThrottle(SimpleRateThrottle):
    scope = "watch"

    def get_rate(self) -> str:
        # Read at each request, not bound at import as DRF's rates are, so a deployment's setting holds.
        return settings.ARBITER_THROTTLE_WATCH

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def refused(request, *, as_json: bool) -> HttpResponse | None:
    """None when this address may have one more full render, else the 429 answer (a page or the JSON error
    shape) with ``Retry-After``."""
    throttle = WatchThrottle()
    if throttle.allow_request(request, None):
        return None
    wait = max(1, int(throttle.wait() or 1))
    message = _("Too many requests from your address for this game's spectator link. Try again in a minute.")
    if as_json:
        response = JsonResponse(error_body("throttled", message), status=429)
    else:
        response = render(request, "play/watch_throttled.html", {"message": message}, status=429)
    response["Retry-After"] = str(wait)
    return response
