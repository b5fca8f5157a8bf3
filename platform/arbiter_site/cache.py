"""The shared cache, failing open: Redis going away must not take the site with it.

Everything the site keeps in the cache can be lost without harm: API throttle counters (a request
is let through rather than refused with a 500), replay walks (computed again from the stored log).
So ``FailOpenRedisCache`` is Django's Redis cache whose every operation, when Redis does not
answer, logs a warning and behaves as if the key were absent: reads miss, writes are dropped.
After a failure it does not knock again for ``FAIL_OPEN_SECONDS`` (default 5), so a Redis that
hangs rather than refuses costs one socket timeout per web process per few seconds, not one per
request. Sign-in guessing stays counted while the cache is down: django-axes keeps its failures in
PostgreSQL.

    CACHES = {"default": {
        "BACKEND": "arbiter_site.cache.FailOpenRedisCache",
        "LOCATION": "redis://redis:6379/0",
        "FAIL_OPEN_SECONDS": 5,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# What "Redis is not answering" looks like from redis-py: its own errors (ConnectionError,
# TimeoutError, BusyLoadingError, ReadOnlyError…) and the socket's.
UNAVAILABLE = (RedisError, OSError)


class FailOpenRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self.fail_open_seconds = float(params.get("FAIL_OPEN_SECONDS", 5))
        self._down_until = 0.0
        self._lock = threading.Lock()

    # -- the circuit ----------------------------------------------------------------------------

    def _available(self) -> bool:
        return time.monotonic() >= self._down_until

    def _failed(self, operation: str, exc: BaseException) -> None:
        with self._lock:
            already_down = not self._available()
            self._down_until = time.monotonic() + self.fail_open_seconds
        if not already_down:
            logger.warning(
                "cache unavailable (%s: %s); failing open for %.0f s: throttles let requests through, "
                "cached data is computed again",
                operation,
                exc,
                self.fail_open_seconds,
            )

    def _call(self, operation: str, fallback, *args, **kwargs):
        if not self._available():
            return fallback
        try:
            return getattr(super(), operation)(*args, **kwargs)
        except UNAVAILABLE as exc:
            self._failed(operation, exc)
            return fallback

    # -- Django's cache API -----------------------------------------------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", False, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._call("get", default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", False, key, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, key, version)

    def incr(self, key, delta=1, version=None):
        missing = object()
        value = self._call("incr", missing, key, delta, version)
        if value is missing:
            # Django's contract for a key that is not there; callers already handle it.
            raise ValueError(f"Key '{key}' not found (the cache is unavailable)")
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", list(data), data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", None, keys, version)

    def clear(self):
        return self._call("clear", False)
