"""gamelogs.services and gamelogs.queue: the contract other apps rely on."""

from datetime import timedelta

import pytest
from django.utils import timezone

from gamelogs import queue
from gamelogs.models import GameLog, LogState
from gamelogs.services import REJECTION_CODES, UploadRejected, logs_visible_to, submit_log

pytestmark = pytest.mark.django_db


def test_submit_log_returns_the_log_and_duplicate_flag(user, envelope_bytes):
    first = submit_log(user, envelope_bytes("a"))
    assert first.duplicate is False and first.log.state == LogState.QUEUED
    again = submit_log(user, envelope_bytes("a"), source="web")
    assert again.duplicate is True and again.log.pk == first.log.pk


def test_the_same_bytes_uploaded_twice_at_once_are_stored_once(user, other_user, envelope_bytes, monkeypatch):
    """Both requests miss each other's row at the first look; the unique hash makes the later insert
    fail, and that upload is answered as a duplicate of the stored log, with its uploader recorded."""
    first = submit_log(user, envelope_bytes("race"))
    monkeypatch.setattr(GameLog.objects, "filter", lambda **kw: GameLog.objects.none())
    again = submit_log(other_user, envelope_bytes("race"))
    monkeypatch.undo()
    assert again.duplicate is True and again.log.pk == first.log.pk
    assert GameLog.objects.count() == 1
    assert set(first.log.submissions.values_list("user__username", flat=True)) == {"alice", "mallory"}


def test_no_index_of_the_log_table_is_served_by_another():
    """Each lease and verdict writes every index of gamelogs_gamelog: an index whose columns lead
    another (or repeat another's) only costs."""
    from django.db import connection

    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, GameLog._meta.db_table)
    columns = {
        name: tuple(c["columns"])
        for name, c in found.items()
        if (c["index"] or c["unique"]) and not c["primary_key"]
    }
    for name, cols in columns.items():
        for other, wider in columns.items():
            if other != name:
                assert wider[: len(cols)] != cols, (
                    f"{name} {cols} repeats the leading columns of {other} {wider}"
                )


def test_submit_log_accepts_text(user, envelope_bytes):
    assert submit_log(user, envelope_bytes("t").decode()).log.size == len(envelope_bytes("t"))


@pytest.mark.parametrize(
    ("data", "code"), [(b"", "empty"), (b"nope", "not_json"), (b"x" * (4 * 1024 * 1024 + 1), "too_large")]
)
def test_submit_log_raises_upload_rejected(user, data, code):
    with pytest.raises(UploadRejected) as caught:
        submit_log(user, data)
    assert caught.value.code == code and code in REJECTION_CODES
    assert caught.value.status_code == (413 if code == "too_large" else 400)


def test_visibility(user, other_user, make_user, stored_log):
    assert list(logs_visible_to(user)) == [stored_log]
    assert list(logs_visible_to(other_user)) == []
    assert list(logs_visible_to(make_user("boss", is_staff=True))) == [stored_log]


def test_broker_down_at_upload_keeps_the_log_queued(
    user, envelope_bytes, broker_down, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        log = submit_log(user, envelope_bytes("down")).log
    log.refresh_from_db()
    assert log.state == LogState.QUEUED and log.enqueued_at is None


def test_sweeper_sends_logs_the_broker_never_got(stored_log, published):
    # Just uploaded: may still be on its way, so the periodic sweep leaves it alone...
    assert queue.requeue_pending() == (0, 0)
    # ...but not once it is older than the in-flight window.
    GameLog.objects.filter(pk=stored_log.pk).update(created_at=timezone.now() - timedelta(minutes=1))
    assert queue.requeue_pending() == (1, 0)
    assert published[0]["args"] == [stored_log.pk] and published[0]["kwargs"]["reason"] == "sweep"
    stored_log.refresh_from_db()
    assert stored_log.enqueued_at is not None
    assert queue.requeue_pending() == (0, 0)  # sent: not again until it is stale


def test_sweeper_resends_stale_verifying_logs(stored_log, published):
    long_ago = timezone.now() - timedelta(hours=1)
    GameLog.objects.filter(pk=stored_log.pk).update(
        state=LogState.VERIFYING, started_at=long_ago, enqueued_at=long_ago
    )
    assert queue.requeue_pending() == (1, 0)


def test_sweeper_ignores_final_logs(stored_log, published):
    GameLog.objects.filter(pk=stored_log.pk).update(
        state=LogState.LEGAL, created_at=timezone.now() - timedelta(hours=1)
    )
    assert queue.requeue_pending(stale_after=timedelta(0)) == (0, 0)


def test_sweeper_stops_when_the_broker_is_down(stored_log, broker_down, monkeypatch):
    monkeypatch.setattr(queue, "broker_backlog", lambda: 0)
    GameLog.objects.filter(pk=stored_log.pk).update(created_at=timezone.now() - timedelta(minutes=1))
    assert queue.requeue_pending() == (0, 1)


def test_requeue_pending_command(stored_log, published):
    from django.core.management import call_command

    call_command("requeue_pending", "--older-than", "0")
    assert [m["args"] for m in published] == [[stored_log.pk]]


@pytest.mark.parametrize("token", ["NaN", "-Infinity", '"\\u0000"', '"\\udfff"'])
def test_strict_json_is_refused_before_anything_is_stored(user, envelope_bytes, token):
    data = envelope_bytes("strict").replace(b'"nonce": "strict"', b'"nonce": ' + token.encode())
    with pytest.raises(UploadRejected) as refused:
        submit_log(user, data)
    assert refused.value.code == "not_json" and refused.value.rule == "LOG-1.3"
    assert refused.value.status_code == 400
    assert not GameLog.objects.exists()
