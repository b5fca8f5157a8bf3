"""The broker's channels keep one Redis client for their short commands (arbiter_site.broker): a late
acknowledgement's bookkeeping goes through it, and a pool rebuilt after a reconnection gets a new one."""

from __future__ import annotations

import os

import pytest
from kombu import Queue

from gamelogs.queue import app

pytestmark = pytest.mark.redis


@pytest.fixture
def channel():
    name = f"arbiter-client-test-{os.getpid()}"
    connection = app.connection_for_write()
    channel = connection.channel()
    queue = Queue(name, channel=channel)
    queue.declare()
    yield channel, name, queue
    with channel.conn_or_acquire() as client:
        client.delete(name)
    connection.release()


def test_one_client_serves_every_short_command_of_a_channel(channel):
    channel, _, _ = channel
    with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
        assert first is second
        assert first.ping()
    given = object()
    with channel.conn_or_acquire(given) as client:
        assert client is given


def test_a_rebuilt_pool_gets_a_client_of_its_own(channel):
    channel, _, _ = channel
    with channel.conn_or_acquire() as before:
        pass
    channel._disconnect_pools()  # what kombu does when the connection to Redis breaks
    with channel.conn_or_acquire() as after:
        assert after is not before
        assert after.connection_pool is channel.pool
        assert after.ping()


def test_late_acknowledgement_still_keeps_and_clears_the_unacknowledged_copy(channel):
    channel, name, queue = channel
    channel.connection.client.Producer(channel).publish({"log": 1}, routing_key=name, declare=[queue])
    message = channel.basic_get(name, no_ack=False)
    assert message is not None
    with channel.conn_or_acquire() as client:
        assert client.hexists(channel.unacked_key, message.delivery_tag)
        message.ack()
        assert not client.hexists(channel.unacked_key, message.delivery_tag)
        assert client.zscore(channel.unacked_index_key, message.delivery_tag) is None
