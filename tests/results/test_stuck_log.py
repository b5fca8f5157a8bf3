"""A match whose log never reaches a verdict is not stuck: once the log is given up (the attempt cap,
PLATFORM-GAVE-UP) the match is flagged and takes a hand report."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from draw.models import LogFlag, MatchState
from draw.seats import two_seats
from gamelogs import queue
from gamelogs.models import GameLog, LogState
from results import services as result_services
from tests.tournaments_django.conftest import cross_faction_match, log_for

pytestmark = pytest.mark.django_db


def test_a_match_whose_log_was_given_up_takes_a_hand_report(
    running_round, published, django_capture_on_commit_callbacks
):
    event, round_, players = running_round
    match = cross_faction_match(round_)
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(
            match.entrants()[0].player, match, log_for(match), filename="game.json"
        )
    match.refresh_from_db()
    assert match.state == MatchState.VERIFYING
    long_ago = timezone.now() - timedelta(hours=1)
    GameLog.objects.filter(pk=match.game_log_id).update(  # every worker that took it died
        state=LogState.VERIFYING, lease_until=long_ago, attempts=settings.ARBITER_MAX_ATTEMPTS
    )

    with django_capture_on_commit_callbacks(execute=True):
        queue.requeue_pending()

    match.refresh_from_db()
    assert match.game_log.error_rule == "PLATFORM-GAVE-UP"
    assert match.state == MatchState.AWAITING_LOG and match.log_flag == LogFlag.UNREADABLE
    with django_capture_on_commit_callbacks(execute=True):
        result_services.report_result(match.entrants()[0].player, match, scores=two_seats("win", (40, 10)))
    match.refresh_from_db()
    assert match.state == MatchState.REPORTED
