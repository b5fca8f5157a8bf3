"""Shared fixtures. Django-backed tests run against real PostgreSQL (arbiter_site.settings.test);
pure engine tests need none of this and never touch a database."""

from __future__ import annotations

import pytest

from tests.support import logs as sample_logs
from tests.support.messages import compile_stale


def pytest_configure(config):
    # Once, in the main process (xdist's workers have ``workerinput``): the pages speak four languages.
    if not hasattr(config, "workerinput"):
        compile_stale()


@pytest.fixture(autouse=True)
def _language_reset():
    """A page asked for in Italian leaves Italian active in the thread: the next test starts in the default."""
    yield
    from django.conf import settings

    if settings.configured:
        from django.utils import translation

        translation.deactivate()


@pytest.fixture
def make_user(django_user_model):
    def make(username: str = "alice", password: str = "correct horse battery", **extra):
        return django_user_model.objects.create_user(username=username, password=password, **extra)

    return make


@pytest.fixture
def four(make_user):
    """Four accounts, as four phones at one table."""
    return [make_user(name) for name in ("alice", "bruno", "cleo", "dario")]


@pytest.fixture
def user(make_user):
    return make_user("alice")


@pytest.fixture
def other_user(make_user):
    return make_user("mallory")


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def token_client(user):
    """An API client authenticated with ``user``'s token."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def envelope_bytes():
    """Bytes of an envelope-valid log; call with a nonce for distinct hashes."""

    def make(nonce: int | str = 0, **kwargs) -> bytes:
        return sample_logs.encode(sample_logs.envelope_log(nonce, **kwargs))

    return make


@pytest.fixture
def stored_log(user, envelope_bytes):
    """A queued log submitted by ``user`` (nothing sent to the broker: on_commit never fires in a
    rolled-back test transaction)."""
    from gamelogs.services import submit_log

    return submit_log(user, envelope_bytes("stored"), source="api", filename="stored.json").log


@pytest.fixture
def published(monkeypatch):
    """Record the verification messages the code sends instead of reaching the broker."""
    from gamelogs import queue

    sent: list[dict] = []

    def fake_send_task(name, args=None, kwargs=None, **options):
        sent.append({"name": name, "args": list(args or []), "kwargs": dict(kwargs or {})})

    monkeypatch.setattr(queue.app, "send_task", fake_send_task)
    return sent


@pytest.fixture
def broker_down(monkeypatch):
    """Make publishing fail as it does when Redis is not answering: the real client, aimed at a
    closed port. Call the returned function to bring the broker back."""
    from gamelogs import queue

    real_send_task = queue.app.send_task

    def send_to_closed_port(name, args=None, kwargs=None, **options):
        connection = queue.app.connection_for_write("redis://127.0.0.1:9/0")
        try:
            return real_send_task(name, args=args, kwargs=kwargs, connection=connection, **options)
        finally:
            connection.release()

    monkeypatch.setattr(queue.app, "send_task", send_to_closed_port)
    return lambda: monkeypatch.setattr(queue.app, "send_task", real_send_task)


@pytest.fixture(scope="module")
def celery_worker_process(django_db_setup):
    from tests.support.workers import WorkerProcess, purge_queue

    purge_queue()
    worker = WorkerProcess("e2e").start()
    yield worker
    worker.stop()
    purge_queue()


@pytest.fixture
def celery_worker(celery_worker_process, transactional_db):
    """A real ``celery -A workers worker`` process on Redis and the test database (one per test
    module), for tests whose data is committed (this fixture implies ``transactional_db``).
    After the test it waits for the worker to go idle, before the database is emptied."""
    yield celery_worker_process
    celery_worker_process.wait_idle()
