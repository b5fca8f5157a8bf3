"""A worker's verdict transaction sends its BEGIN together with its first statement (#25: psycopg
sends BEGIN on its own and waits for it, a round trip per verdict). Outside the test's own transaction
(``transaction=True``), as in a worker: the verdict and its effects commit together, and a first
statement PostgreSQL refuses rolls back and surfaces as Django's error, as before."""

import json
from contextlib import contextmanager

import pytest
from django.db import connection

import engine
from arbiter_site import prepared
from gamelogs import verification
from gamelogs.models import GameLog, LogVerification
from gamelogs.services import submit_log
from tests.support.logs import legal_simulated_log

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pipelined(monkeypatch, settings):
    """Whether each verdict's first statement went out in the pipeline with its BEGIN."""
    settings.ARBITER_META_REFRESH_INLINE = False
    from dashboards import tasks

    monkeypatch.setattr(tasks.refresh_meta_summaries, "apply_async", lambda *args, **kwargs: None)
    seen = []
    real = prepared.begun_with_first_statement

    @contextmanager
    def spy():
        with real():
            seen.append(connection.connection._pipeline is not None)
            yield

    monkeypatch.setattr(verification, "begun_with_first_statement", spy)
    return seen


def upload(user, seed: int) -> GameLog:
    log, _ = legal_simulated_log(first_seed=seed)
    return submit_log(user, json.dumps(log).encode()).log


def test_a_verdict_and_its_effects_commit_with_the_begin_sent_beside_the_first_statement(user, pipelined):
    from dashboards.models import GameStat

    log = upload(user, 4)
    assert verification.verify_stored_log(log.pk) == "legal"
    assert pipelined == [True]
    assert connection.connection.info.transaction_status.name == "IDLE"  # committed, nothing left open
    assert connection.connection.autocommit and connection.get_autocommit()  # Django's and psycopg's agree
    log.refresh_from_db()
    assert log.state == "legal" and LogVerification.objects.filter(log=log).count() == 1
    assert GameStat.objects.filter(game_log_id=log.pk).exists()
    # The next verdict on the same connection goes the same way.
    assert verification.verify_stored_log(upload(user, 12).pk) == "legal"
    assert pipelined == [True, True]


def test_a_first_statement_postgresql_refuses_rolls_back_and_ends_in_a_terminal_verdict(
    user, pipelined, monkeypatch
):
    log = upload(user, 4)
    # Without the storable_with_text() guard the verdict reaches PostgreSQL as it is and is refused.
    monkeypatch.setattr(verification, "storable_with_text", lambda verdict: (verdict, None))

    def quoting_nul(data, **options):
        return engine.Verdict(
            status="illegal",
            engine_version=engine.ENGINE_VERSION,
            game="motu-battleground",
            ruleset_version=engine.ruleset_version("motu-battleground"),
            error=engine.Violation(rule="BG-4.1", message="cannot move to a\x00b", event_index=0),
        )

    monkeypatch.setattr(engine, "verify", quoting_nul)
    assert verification.verify_stored_log(log.pk) == "unreadable"
    assert pipelined[0] is True
    log.refresh_from_db()
    assert log.error_rule == "PLATFORM-UNSTORABLE"
    assert list(LogVerification.objects.filter(log=log).values_list("reason", flat=True)) == ["unstorable"]
    assert connection.connection.info.transaction_status.name == "IDLE"
