"""The canary: a sample of stored logs shadow-verified by the engine installed here, nothing written
to the logs, and a report of what would change (legal ↔ illegal, winner, VP) for staff."""

import json

import pytest
from django.core.management import call_command

from gamelogs import canary
from gamelogs.models import GameLog, LogVerification, ShadowDiff, ShadowRun
from gamelogs.services import submit_log
from tests.support.logs import legal_simulated_log
from workers import tasks

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def decided_logs(user):
    """Three legal logs, decided and stored."""
    logs = []
    seed = 1
    while len(logs) < 3:
        doc, _ = legal_simulated_log(first_seed=seed)
        seed += 1
        result = submit_log(user, json.dumps(doc).encode())
        if result.duplicate:
            continue
        tasks.verify_log.apply(args=[result.log.pk])
        logs.append(GameLog.objects.get(pk=result.log.pk))
    return logs


def as_if_the_stored_verdict_said(log, **changes):
    """Pretend the verdict stored for ``log`` (by the version in production) was different."""
    verdict = dict(log.verdict, **changes)
    GameLog.objects.filter(pk=log.pk).update(verdict=verdict, state=verdict["status"])


def test_an_unchanged_release_reports_nothing_to_change(decided_logs):
    run = canary.shadow_verify(GAME, sample=10)
    assert (run.sample_size, run.checked, run.changed) == (3, 3, 0) and run.finished_at
    assert not ShadowDiff.objects.exists()


def test_the_canary_reports_status_winner_and_vp_changes_without_touching_the_logs(decided_logs):
    first, second, third = decided_logs
    as_if_the_stored_verdict_said(
        first, status="illegal", result=None, error={"rule": "BG-1", "event_index": 3}
    )
    result = dict(second.verdict["result"])
    players = [p["id"] for p in second.verdict["players"]]
    result["winner"] = next(p for p in players if p != result.get("winner"))
    result["vp"] = {p: dict(v, total=v["total"] + 5) for p, v in result["vp"].items()}
    as_if_the_stored_verdict_said(second, result=result)
    before = {log.pk: GameLog.objects.get(pk=log.pk).verdict for log in decided_logs}
    history = LogVerification.objects.count()

    run = canary.shadow_verify(GAME, sample=10)

    assert (run.checked, run.changed, run.status_changes, run.winner_changes, run.vp_changes) == (
        3,
        2,
        1,
        1,
        1,
    )
    diffs = {d.log_id: d for d in run.diffs.all()}
    assert set(diffs) == {first.pk, second.pk}
    assert diffs[first.pk].changes == ["status: illegal → legal"]
    assert (diffs[first.pk].status_before, diffs[first.pk].status_after) == ("illegal", "legal")
    assert any(line.startswith("winner:") for line in diffs[second.pk].changes)
    assert {log.pk: GameLog.objects.get(pk=log.pk).verdict for log in decided_logs} == before
    assert LogVerification.objects.count() == history
    lines = canary.report_lines(run)
    assert "3 log(s) checked, 2 would change: 1 legal ↔ illegal (or unreadable), 1 winner, 1 VP" in lines[1]
    assert any(f"log {first.pk} (illegal → legal): status: illegal → legal" in line for line in lines)


def test_the_sample_is_limited_and_other_games_are_left_out(decided_logs):
    run = canary.shadow_verify(GAME, sample=2)
    assert run.checked == 2
    assert canary.shadow_verify("hoplomachus-remastered", sample=10).checked == 0


def test_canary_command_prints_the_report(decided_logs, capsys):
    as_if_the_stored_verdict_said(decided_logs[0], status="illegal", result=None, error={"rule": "BG-1"})
    call_command("canary", "--game", GAME, "--sample", "5")
    out = capsys.readouterr().out
    assert f"canary for {GAME}" in out and "3 log(s) checked, 1 would change" in out
    assert ShadowRun.objects.count() == 1
