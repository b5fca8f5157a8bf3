"""Re-verification after the engine (or a content pack) changed: newest first, changes recorded."""

import json

import pytest
from django.core.management import call_command

import engine
from gamelogs import verification
from gamelogs.models import GameLog, LogVerification
from gamelogs.services import submit_log
from tests.support.logs import legal_simulated_log
from workers import tasks

pytestmark = pytest.mark.django_db


@pytest.fixture
def verified_logs(user):
    """Two legal logs verified by this engine, the second uploaded last."""
    first, _ = legal_simulated_log(1)
    second, _ = legal_simulated_log(first_seed=_next_seed(first))
    logs = [submit_log(user, json.dumps(doc).encode()).log for doc in (first, second)]
    for log in logs:
        tasks.verify_log.apply(args=[log.pk])
        log.refresh_from_db()
    return logs


def _next_seed(after_log: dict) -> int:
    for seed in range(2, 40):
        doc, verdict = legal_simulated_log(seed)
        if doc != after_log:
            return seed
    raise AssertionError("no second legal seed")


def pretend_an_older_engine_said(log, status="illegal"):
    verdict = dict(
        log.verdict,
        status=status,
        engine_version="0.0.1",
        result=None,
        error={"rule": "BG-1.1", "message": "old bug", "event_index": 3},
    )
    GameLog.objects.filter(pk=log.pk).update(state=status, verdict=verdict, engine_version="0.0.1")


def test_describe_changes():
    legal = {
        "status": "legal",
        "result": {"outcome": "win", "winner": "p1", "vp": {"p1": {"total": 40}, "p2": {"total": 0}}},
    }
    other = {
        "status": "legal",
        "result": {"outcome": "win", "winner": "p2", "vp": {"p1": {"total": 20}, "p2": {"total": 40}}},
    }
    illegal = {"status": "illegal", "error": {"rule": "BG-9", "event_index": 4}}
    assert verification.describe_changes(None, legal) == []
    assert verification.describe_changes(legal, legal) == []
    assert verification.describe_changes(legal, illegal) == ["status: legal → illegal"]
    assert verification.describe_changes(illegal, legal) == ["status: illegal → legal"]
    assert verification.describe_changes(legal, other) == [
        "winner: p1 → p2",
        "VP p1: 40 → 20",
        "VP p2: 0 → 40",
    ]
    moved = {"status": "illegal", "error": {"rule": "BG-9", "event_index": 7}}
    assert verification.describe_changes(illegal, moved) == ["error event_index: 4 → 7"]


def test_only_logs_from_older_engines_are_selected_newest_first(verified_logs):
    old, new = verified_logs
    assert list(verification.logs_to_reverify()) == []
    for log in verified_logs:
        pretend_an_older_engine_said(log)
    assert [log.pk for log in verification.logs_to_reverify()] == [new.pk, old.pk]
    assert [log.pk for log in verification.logs_to_reverify(limit=1)] == [new.pk]
    assert list(verification.logs_to_reverify(game="hoplomachus-remastered")) == []
    assert len(verification.logs_to_reverify(include_current=True)) == 2


def test_command_reverifies_and_records_what_changed(verified_logs, capsys):
    old, new = verified_logs
    pretend_an_older_engine_said(new)
    call_command("reverify_logs")
    out = capsys.readouterr().out
    assert f"log {new.pk}: status: illegal → legal" in out and "1 changed" in out
    new.refresh_from_db()
    assert new.state == "legal" and new.engine_version == engine.ENGINE_VERSION
    run = LogVerification.objects.filter(log=new).first()
    assert run.reason == "reverify" and run.changed and run.changes == ["status: illegal → legal"]
    assert LogVerification.objects.filter(log=old).count() == 1  # current already: untouched


def test_all_flag_reverifies_current_logs_without_changes(verified_logs):
    call_command("reverify_logs", "--all")
    for log in verified_logs:
        runs = LogVerification.objects.filter(log=log)
        assert runs.count() == 2 and not runs.first().changed


def test_reverify_task_queues_newest_first(verified_logs, published):
    old, new = verified_logs
    for log in verified_logs:
        pretend_an_older_engine_said(log)
    assert tasks.reverify_logs.apply().get() == 2
    assert [(m["name"], m["args"]) for m in published] == [
        ("workers.tasks.reverify_batch", [[new.pk, old.pk]])
    ]
    assert published[0]["kwargs"] == {"force": False}


def test_reverification_keeps_the_old_verdict_visible_until_the_new_one(verified_logs, monkeypatch):
    _, new = verified_logs
    pretend_an_older_engine_said(new)
    states = []
    real = engine.verify

    def spy(data, **options):
        states.append(GameLog.objects.get(pk=new.pk).state)
        return real(data)

    monkeypatch.setattr(engine, "verify", spy)
    tasks.verify_log.apply(args=[new.pk], kwargs={"reason": "reverify"})
    assert states == ["illegal"]  # never flipped back to queued/verifying


@pytest.fixture
def other_game_log(user):
    """A decided log of a game with no ruleset release in this test."""
    from tests.support.logs import encode, envelope_log

    log = submit_log(user, encode(envelope_log("hr", game="hoplomachus-remastered"))).log
    tasks.verify_log.apply(args=[log.pk])
    log.refresh_from_db()
    assert log.is_final
    return log


def release_battleground_ruleset():
    """As after a Battleground release: its logs were decided by the ruleset before this one."""
    GameLog.objects.filter(game="motu-battleground").update(ruleset_version="bg-0.9.0")


def test_verdicts_are_keyed_by_the_games_ruleset_version(verified_logs, other_game_log):
    for log in verified_logs:
        assert log.ruleset_version == engine.ruleset_version("motu-battleground") != ""
        assert LogVerification.objects.get(log=log).ruleset_version == log.ruleset_version
        assert verification.is_current(log)


def test_a_battleground_release_reverifies_only_battleground_logs(verified_logs, other_game_log):
    release_battleground_ruleset()
    assert {log.pk for log in verification.logs_to_reverify()} == {log.pk for log in verified_logs}
    call_command("reverify_logs")
    for log in verified_logs:
        log.refresh_from_db()
        assert log.ruleset_version == engine.ruleset_version("motu-battleground")
        assert verification.is_current(log)
    assert LogVerification.objects.filter(log=other_game_log).count() == 1
    assert list(verification.logs_to_reverify()) == []


def test_a_new_engine_version_reverifies_every_game(verified_logs, other_game_log, monkeypatch):
    monkeypatch.setattr(engine, "ENGINE_VERSION", "9.0.0")
    assert len(verification.logs_to_reverify()) == 3


def test_a_repeated_delivery_after_a_release_verifies_again(verified_logs):
    _, new = verified_logs
    release_battleground_ruleset()
    assert tasks.verify_log.apply(args=[new.pk]).get() == "legal"
    assert LogVerification.objects.filter(log=new).count() == 2


@pytest.fixture
def announced():
    calls = []

    def receiver(sender, game_log, verdict, **kwargs):
        calls.append(game_log.pk)

    from gamelogs.signals import log_verified

    log_verified.connect(receiver, weak=False, dispatch_uid="tests.announced")
    yield calls
    log_verified.disconnect(dispatch_uid="tests.announced")


def test_batch_reverification_writes_in_bulk_and_reannounces_only_new_decisions(verified_logs, announced):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    old, new = verified_logs
    pretend_an_older_engine_said(new)  # decided differently by the old engine
    GameLog.objects.filter(pk=old.pk).update(verdict=dict(old.verdict, ruleset_version="bg-0.9.0"))
    release_battleground_ruleset()  # both stale now
    with CaptureQueriesContext(connection) as queries:
        states = verification.reverify_batch([old.pk, new.pk])
    assert states == {old.pk: "legal", new.pk: "legal"}
    statements = [q["sql"] for q in queries.captured_queries]
    assert sum('UPDATE "gamelogs_gamelog"' in sql for sql in statements) == 2
    # The unchanged decision only gets the new versions stamped on, and its history row, in one
    # statement; the new decision is written whole, its history row inserted beside it.
    (stamped_sql,) = [sql for sql in statements if "jsonb_build_object('engine_version'" in sql]
    assert 'SET "verdict"' not in stamped_sql and 'INSERT INTO "gamelogs_logverification"' in stamped_sql
    (whole,) = [sql for sql in statements if 'UPDATE "gamelogs_gamelog" SET "state"' in sql]
    assert whole.startswith("1 times: ")
    inserts = [sql for sql in statements if sql.startswith('INSERT INTO "gamelogs_logverification"')]
    assert len(inserts) == 1
    assert announced == [new.pk]  # the old log's decision did not change: its effects stand
    stamped = GameLog.objects.get(pk=old.pk)
    assert stamped.ruleset_version == engine.ruleset_version("motu-battleground")
    assert stamped.verdict["ruleset_version"] == stamped.ruleset_version
    assert stamped.verdict["engine_version"] == stamped.engine_version == engine.ENGINE_VERSION
    assert verification.same_decision(old.verdict, stamped.verdict)  # nothing else in it changed
    assert LogVerification.objects.filter(log=old).first().changed is False
    assert LogVerification.objects.filter(log=new).first().changes == ["status: illegal → legal"]
    assert verification.reverify_batch([old.pk, new.pk]) == {}  # current now: nothing to do


def test_an_unchanged_verdicts_history_row_says_what_a_whole_write_would(verified_logs, announced):
    """The history row added by the statement that stamps the versions on (no verdict written)
    carries what ``_history`` writes for a verdict written whole (BG: any decided log)."""
    old, new = verified_logs
    release_battleground_ruleset()
    assert verification.reverify_batch([old.pk, new.pk]) == {old.pk: "legal", new.pk: "legal"}
    assert announced == []  # nothing decided anew: no effects
    for log in verified_logs:
        upload_run, run = LogVerification.objects.filter(log=log).order_by("id")
        log.refresh_from_db()
        assert verification.is_current(log) and log.verdict["ruleset_version"] == log.ruleset_version
        assert (run.reason, run.changed, run.changes) == ("reverify", False, [])
        fields = ["content_pack_sha", "status", "summary", "result_winner", "error_rule", "error_event_index"]
        assert [getattr(run, f) for f in fields] == [getattr(upload_run, f) for f in fields]
        assert (run.engine_version, run.ruleset_version) == (log.engine_version, log.ruleset_version)
        assert run.status == log.state and run.created_at >= upload_run.created_at


@pytest.mark.parametrize("meanwhile", ["current", "stale"])
def test_a_log_written_while_its_batch_ran_is_verified_against_what_is_stored(
    verified_logs, monkeypatch, meanwhile
):
    """A log written after its verdict was compared (an upload's forced verification, another
    batch) is not stamped from that comparison: skipped if it is current now, else verified again."""
    from django.utils import timezone

    old, new = verified_logs
    release_battleground_ruleset()
    real, runs = verification.run_engine, []

    def engine_meanwhile(content, **options):
        runs.append(content)
        if len(runs) == 2:  # both compared already when the other writer comes
            other = {"verified_at": timezone.now()}
            if meanwhile == "current":
                other["ruleset_version"] = engine.ruleset_version("motu-battleground")
            GameLog.objects.filter(pk=old.pk).update(**other)
        return real(content, **options)

    monkeypatch.setattr(verification, "run_engine", engine_meanwhile)
    states = verification.reverify_batch([old.pk, new.pk])
    if meanwhile == "current":
        assert states == {new.pk: "legal"} and len(runs) == 2
        assert LogVerification.objects.filter(log=old).count() == 1
    else:
        assert states == {old.pk: "legal", new.pk: "legal"} and len(runs) == 3  # old's verified again
        assert LogVerification.objects.filter(log=old, reason="reverify").count() == 1
    old.refresh_from_db()
    assert verification.is_current(old)


def test_forced_batch_reverification_runs_every_logs_effects(verified_logs, announced):
    old, new = verified_logs
    assert verification.reverify_batch([old.pk, new.pk], force=True) == {old.pk: "legal", new.pk: "legal"}
    assert sorted(announced) == sorted([old.pk, new.pk])


def test_reverify_batch_task(verified_logs):
    release_battleground_ruleset()
    assert tasks.reverify_batch.apply(args=[[log.pk for log in verified_logs]]).get() == 2


@pytest.mark.redis
def test_uploads_are_taken_before_queued_reverification_batches(verified_logs):
    """Re-verification batches go out at the lowest priority: a log uploaded after them is verified
    first (Redis reads a queue's priority lists in order)."""
    from gamelogs import queue
    from tests.support.workers import purge_queue
    from workers.celery import app

    purge_queue()
    try:
        for log in verified_logs:
            pretend_an_older_engine_said(log)
        assert queue.enqueue_reverification() == 2
        assert queue.enqueue_verification(verified_logs[0].pk)
        with app.connection_for_read() as conn:
            waiting = conn.SimpleQueue(app.conf.task_default_queue)
            first = waiting.get(timeout=5)
            second = waiting.get(timeout=5)
            first.ack()
            second.ack()
        assert first.headers["task"] == "workers.tasks.verify_log"
        assert second.headers["task"] == "workers.tasks.reverify_batch"
    finally:
        purge_queue()


@pytest.mark.postgres
@pytest.mark.parametrize("prepared", [True, False])
def test_a_batch_reads_only_stale_logs_and_their_uploads_as_stored(
    verified_logs, other_game_log, settings, prepared
):
    """The batch's read leaves out what ``is_current`` calls current (a log of a game the engine no
    longer knows included), and hands the engine each upload byte for byte, prepared or not."""
    settings.ARBITER_DB_PREPARED_STATEMENTS = prepared
    old, new = verified_logs
    release_battleground_ruleset()
    GameLog.objects.filter(pk=other_game_log.pk).update(game="a-retired-game", ruleset_version="")
    ids = [old.pk, new.pk, other_game_log.pk]
    for log in GameLog.objects.filter(pk__in=ids):
        assert verification.is_current(log) == (log.pk == other_game_log.pk)
    rows = verification._stale_rows(ids)
    assert [row[0] for row in rows] == sorted([old.pk, new.pk])
    for log_id, game, content, stored, verified_at in rows:
        log = GameLog.objects.get(pk=log_id)
        assert (game, bytes(content), json.loads(stored), verified_at) == (
            log.game,
            log.raw_bytes(),
            log.verdict,
            log.verified_at,
        )
    GameLog.objects.filter(pk=other_game_log.pk).update(ruleset_version="older")  # stale now
    assert [row[0] for row in verification._stale_rows(ids)] == sorted(ids)


@pytest.mark.postgres
def test_verdicts_restamped_after_a_release_are_stored_with_lz4_where_the_server_has_it(verified_logs):
    """Each verdict stamped with its new versions is compressed again by PostgreSQL: with lz4 (much
    cheaper than pglz) where the server was built with it (migration gamelogs 0005)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        (has_lz4,) = cursor.fetchone() or (False,)
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attrelid = 'gamelogs_gamelog'::regclass"
            " AND attname = 'verdict'"
        )
        assert cursor.fetchone()[0] == ("l" if has_lz4 else "")
    release_battleground_ruleset()
    assert verification.reverify_batch([log.pk for log in verified_logs]) == dict.fromkeys(
        [log.pk for log in verified_logs], "legal"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT pg_column_compression(verdict) FROM gamelogs_gamelog WHERE id = ANY(%s)",
            [[log.pk for log in verified_logs]],
        )
        # A verdict small enough is stored uncompressed (NULL): only a compressed one names its method.
        assert {row[0] for row in cursor.fetchall()} <= ({"lz4", None} if has_lz4 else {"pglz", None})


def _written_by_another_connection(log_id: int, **values) -> None:
    """An UPDATE committed by another connection (another worker, an upload's forced verification)."""
    import threading

    from django.db import connection as its_connection

    def write():
        try:
            GameLog.objects.filter(pk=log_id).update(**values)
        finally:
            its_connection.close()

    writer = threading.Thread(target=write)
    writer.start()
    writer.join()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_in_a_worker_a_new_decision_among_unchanged_ones_is_written_whole_with_its_effects(
    verified_logs, other_game_log, announced
):
    """Outside a transaction (as in a worker), the batch's unchanged verdicts only get their new
    versions stamped on, and the verdict deciding something new among them is written whole, with
    its history row and its effects, all committed (BG: any decided log)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    old, new = verified_logs
    third = other_game_log
    pretend_an_older_engine_said(new)  # decided differently by the old engine
    release_battleground_ruleset()
    GameLog.objects.filter(pk=third.pk).update(ruleset_version="hr-older")
    ids = sorted([old.pk, new.pk, third.pk])
    with CaptureQueriesContext(connection) as queries:
        states = verification.reverify_batch(ids)
    assert states == {old.pk: "legal", new.pk: "legal", third.pk: third.state}
    stamped = [
        q["sql"] for q in queries.captured_queries if "jsonb_build_object('engine_version'" in q["sql"]
    ]
    assert len(stamped) == 1  # both unchanged verdicts in one statement
    assert announced == [new.pk]  # only the new decision runs its effects
    assert LogVerification.objects.filter(log=new).first().changes == ["status: illegal → legal"]
    for log in (old, third):
        log.refresh_from_db()
        assert verification.is_current(log) and log.verdict["ruleset_version"] == log.ruleset_version
        assert LogVerification.objects.filter(log=log, reason="reverify", changed=False).count() == 1
    new.refresh_from_db()
    assert verification.is_current(new) and new.state == "legal"
    assert verification.reverify_batch(ids) == {}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("meanwhile", ["current", "stale"])
def test_in_a_worker_a_log_written_while_its_batch_ran_is_verified_against_what_is_stored(
    verified_logs, monkeypatch, meanwhile
):
    """Outside a transaction (as in a worker), a log another connection wrote after its verdict was
    compared is not stamped from that comparison: skipped if current now, else verified again."""
    from django.utils import timezone

    old, new = verified_logs
    release_battleground_ruleset()
    first, second = sorted([old.pk, new.pk])
    real, runs = verification.run_engine, []

    def engine_meanwhile(content, **options):
        runs.append(content)
        verdict = real(content, **options)
        if len(runs) == 2:  # the second log compared next, once its upload was read
            other = {"verified_at": timezone.now()}
            if meanwhile == "current":
                other["ruleset_version"] = engine.ruleset_version("motu-battleground")
            _written_by_another_connection(second, **other)
        return verdict

    monkeypatch.setattr(verification, "run_engine", engine_meanwhile)
    states = verification.reverify_batch([first, second])
    if meanwhile == "current":
        assert states == {first: "legal"} and len(runs) == 2
        assert LogVerification.objects.filter(log_id=second).count() == 1
    else:
        assert states == {first: "legal", second: "legal"} and len(runs) == 3  # verified again
        assert LogVerification.objects.filter(log_id=second, reason="reverify").count() == 1
    for log_id in (first, second):
        assert verification.is_current(GameLog.objects.get(pk=log_id))
