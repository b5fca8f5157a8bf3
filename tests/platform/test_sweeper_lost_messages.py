"""The sweeper tells a lost message from a waiting one by reading the queue: a log whose message a
killed worker held (or Redis lost) is sent again at once, even behind a backlog; a log whose message
is still waiting is not sent twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from gamelogs import queue
from gamelogs.models import GameLog
from gamelogs.services import submit_log
from gamelogs.task_names import VERIFY_LOG

pytestmark = pytest.mark.redis


@pytest.fixture
def clean_queue():
    from tests.support.workers import purge_queue

    purge_queue()
    yield
    purge_queue()


def test_only_the_log_whose_message_is_gone_is_sent_again(user, envelope_bytes, clean_queue, monkeypatch):
    waiting = submit_log(user, envelope_bytes("waiting")).log
    lost = submit_log(user, envelope_bytes("lost")).log
    queue.app.send_task(VERIFY_LOG, args=[waiting.pk], kwargs={"force": False, "reason": "upload"})
    long_ago = timezone.now() - timedelta(minutes=5)
    GameLog.objects.filter(pk__in=[waiting.pk, lost.pk]).update(created_at=long_ago, enqueued_at=long_ago)

    assert queue.broker_backlog() == 1
    assert queue.waiting_log_ids(1) == {waiting.pk}
    sent = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args=None, **kw: sent.append(list(args)))
    assert queue.requeue_pending() == (1, 0)
    assert sent == [[lost.pk]]


def test_a_queue_too_long_to_read_waits_for_it_to_drain(user, envelope_bytes, monkeypatch):
    lost = submit_log(user, envelope_bytes("lost")).log
    long_ago = timezone.now() - timedelta(minutes=5)
    GameLog.objects.filter(pk=lost.pk).update(created_at=long_ago, enqueued_at=long_ago)
    monkeypatch.setattr(queue, "broker_backlog", lambda: queue.READ_QUEUE_UP_TO + 1)
    sent = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args=None, **kw: sent.append(list(args)))
    assert queue.requeue_pending() == (0, 0) and sent == []
