"""What one upload's verdict costs in SQL statements (#14: 25 of 30 statements were the
``log_verified`` receivers, one INSERT per stat row; then 17 of 22, one INSERT per stat table and a
"nothing for this log?" query per receiver). A behaviour test with an upper bound, not
a timing: every statement is a round trip to PostgreSQL inside the verdict's transaction."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from gamelogs import outbox, verification
from gamelogs.services import submit_log
from tests.support.logs import legal_simulated_log

# Statements of a verdict outside the receivers: the lease (which reads the upload), the verdict's
# UPDATE with its history row and the receivers' interest checks (one statement: gamelogs.signals.
# register_interest; no match, challenge, subscription, nor earlier stat rows here), and the savepoint
# pair the test's own transaction turns BEGIN/COMMIT into.
OUTSIDE_RECEIVERS = 4
# The dashboards receiver writes the stat rows of every table, the summary version's bump and the stale
# marks in one statement. Before #14 the receivers sent 30 statements for this log.
IN_RECEIVERS = 1


@pytest.fixture
def uploads(user, settings, monkeypatch):
    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    monkeypatch.setattr(tasks.refresh_meta_summaries, "apply_async", lambda *args, **kwargs: None)
    logs = []
    for seed in (4, 12):
        log, _ = legal_simulated_log(first_seed=seed)
        logs.append(submit_log(user, json.dumps(log).encode()).log)
    # The first verdict of a game also creates its summary version row: not the steady state.
    assert verification.verify_stored_log(logs[0].pk) == "legal"
    return logs[1:]


@pytest.mark.django_db
def test_a_legal_upload_verdict_costs_a_bounded_number_of_statements(uploads, monkeypatch):
    in_receivers = []
    real_run_effects = outbox.run_effects

    def counted(game_log, verdict, **kwargs):
        before = len(connection.queries_log)
        real_run_effects(game_log, verdict, **kwargs)
        in_receivers.append(len(connection.queries_log) - before)

    monkeypatch.setattr(outbox, "run_effects", counted)
    with CaptureQueriesContext(connection) as queries:
        assert verification.verify_stored_log(uploads[0].pk) == "legal"
    statements = [q["sql"][:90] for q in queries.captured_queries]
    assert in_receivers and in_receivers[0] <= IN_RECEIVERS, "\n".join(statements)
    assert len(statements) <= OUTSIDE_RECEIVERS + IN_RECEIVERS, statements
    # Fewer statements, the same effects: the log's stat rows are all there.
    from dashboards.models import GameStat
    from games.battleground.models import CharacterStat, SideStat

    stat = GameStat.objects.get(game_log_id=uploads[0].pk)
    assert SideStat.objects.filter(game_stat=stat).count() == 2
    assert CharacterStat.objects.filter(side__game_stat=stat).exists()


@pytest.mark.django_db
def test_the_interest_checks_say_which_receivers_have_something_to_do(uploads, user):
    """One query tells each receiver whether to look (gamelogs.signals.register_interest); False means
    nothing for that log, so a True must follow what the receiver acts on."""
    from webhooks.models import Subscription

    log = uploads[0]
    assert outbox.interests(log) == {
        "challenges.entries": False,
        "challenges.open": False,
        "tournaments": False,
        "webhooks": False,
        "dashboards.rows": False,
        "dashboards.rejection": False,
    }
    Subscription.objects.create(owner=user, url="https://example.org/hook", kinds=["verdict"])
    assert verification.verify_stored_log(log.pk) == "legal"
    found = outbox.interests(log)
    # The uploader's own subscription hears of the verdict; the verdict left stat rows to replace.
    assert found["webhooks"] and found["dashboards.rows"]
    assert not found["tournaments"] and not found["challenges.entries"]


@pytest.mark.django_db
def test_the_receivers_hear_the_interest_checks_read_with_the_verdict(uploads, user):
    """The checks ride in the statement that writes the verdict (#25); the receivers get the same
    answers a query of their own would have given."""
    from gamelogs.signals import log_verified
    from webhooks.models import Subscription

    log = uploads[0]
    Subscription.objects.create(owner=user, url="https://example.org/hook", kinds=["verdict"])
    expected = outbox.interests(log)
    heard = []

    def listen(sender, interested=None, **kwargs):
        heard.append(interested)

    log_verified.connect(listen, dispatch_uid="tests.interests_heard")
    try:
        assert verification.verify_stored_log(log.pk) == "legal"
    finally:
        log_verified.disconnect(dispatch_uid="tests.interests_heard")
    assert heard == [expected]
    assert expected["webhooks"] and not expected["dashboards.rows"]
