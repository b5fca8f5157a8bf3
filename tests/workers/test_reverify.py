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
