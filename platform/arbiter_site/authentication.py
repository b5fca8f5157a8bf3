"""Token authentication that counts wrong tokens per client address.

DRF checks credentials before its throttles run, so a client sending made-up tokens was answered 401
as fast as it could ask, forever. Here every wrong token counts against the client's address (the
address the throttles and the sign-in guard see: accounts.signin_guard.client_ip) in the shared cache,
and past ``ARBITER_THROTTLE_BAD_TOKENS`` (default 30 a minute) that address's token requests are
answered 429 with ``Retry-After`` before any token is looked up, until the minute is over. The limit
is per address, so it is generous: a venue behind one NAT shares it. With the cache down the count
fails open (arbiter_site.cache).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.throttling import BaseThrottle


def _limit() -> tuple[int, int]:
    rate = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get("bad_token") or "30/min"
    count, period = rate.split("/")
    seconds = {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]
    return int(count), seconds


class CountedTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        if not self._presents_token(request):
            return None
        limit, window = _limit()
        key = f"bad-token:{BaseThrottle().get_ident(request)}"
        if (cache.get(key) or 0) >= limit:
            raise Throttled(wait=window, detail=_("Too many wrong API tokens from this address."))
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            if not cache.add(key, 1, window):
                try:
                    cache.incr(key)
                except ValueError:  # expired between add and incr
                    cache.set(key, 1, window)
            raise

    def _presents_token(self, request) -> bool:
        scheme = request.META.get("HTTP_AUTHORIZATION", "").split(" ", 1)[0]
        return scheme.lower() == self.keyword.lower()
