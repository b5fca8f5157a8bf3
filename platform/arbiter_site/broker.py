"""kombu's Redis transport, with the one fault that can end a worker during a Redis outage fixed.

When Redis goes away, Celery's consumer closes the broken connection and then its channels; closing a
channel puts its unacknowledged (prefetched) messages back on the queue ("Restoring N unacknowledged
message(s)"). By then the connection has dropped its settings, and kombu builds the Redis client from
``connection.client``, which is None: ``AttributeError: 'NoneType' object has no attribute
'hostname'`` escapes Celery's reconnect handler and the worker exits ("Unrecoverable error") instead of
reconnecting (the same path as celery/kombu#582 and #970). Here a restore that cannot reach Redis is
logged and left: the messages stay in Redis's unacknowledged set, and their logs are sent again by the
sweeper (gamelogs.queue, ``ARBITER_REQUEUE_AFTER_SECONDS``) long before Redis's own re-delivery
(``visibility_timeout``); a verification is idempotent, so the late copy changes nothing.

Its channels also keep one Redis client object for their short commands (a late acknowledgement's
bookkeeping, twice per task), where kombu builds a new one each time (#25).

Used for every ``redis://`` broker (arbiter_site.celery).
"""

from __future__ import annotations

import logging
from contextlib import contextmanager

from kombu.exceptions import KombuError
from kombu.transport import redis as kombu_redis
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# AttributeError is the transport's own fault above (a closed connection's missing settings).
RESTORE_FAILURES = (RedisError, KombuError, OSError, AttributeError)


class QoS(kombu_redis.QoS):
    def restore_unacked_once(self, stderr=None):
        pending = len(self._delivered)
        try:
            return super().restore_unacked_once(stderr)
        except RESTORE_FAILURES as exc:
            logger.warning(
                "could not put %s unacknowledged message(s) back on the queue (%r); the sweeper re-sends "
                "their logs",
                pending,
                exc,
            )
            return None


class Channel(kombu_redis.Channel):
    QoS = QoS
    _shared_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        """A client for a few commands: the one given, else the channel's own, made once per pool.

        kombu makes a new ``redis.Redis`` here for every acknowledgement and every message received
        late-acknowledged, and building one (its response callbacks) cost a worker about 0.2 ms per
        task. A client holds no connection of its own (each command takes one from the pool), so one
        object serves them all; a pool rebuilt after a reconnection gets a new client."""
        if client:
            yield client
            return
        pool = self.pool
        if self._shared_client is None or self._shared_client.connection_pool is not pool:
            self._shared_client = self._create_client()
        yield self._shared_client


class Transport(kombu_redis.Transport):
    Channel = Channel
