"""A player disputes any result of their own match while the round is open, whoever entered it: a
verified log, a report (confirmed or not) or an organizer's decision. The organizers see the dispute
and rule on it as on any other."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from draw.models import MatchState, ResultSource
from draw.seats import two_seats
from results import services as result_services
from results.models import Dispute, DisputeStatus
from tournaments.errors import EventError
from tournaments.models import Notification

pytestmark = pytest.mark.django_db


def test_a_player_disputes_the_organizers_decision_and_the_organizer_resolves_it(
    running_round, organizer, client, django_capture_on_commit_callbacks
):
    event, round_, players = running_round
    match = round_.matches.order_by("table").first()
    result_services.decide_result(organizer, match, two_seats("win", (12, 3)), note="no-show")
    match.refresh_from_db()
    assert (match.state, match.result_source) == (MatchState.CONFIRMED, ResultSource.ORGANIZER)
    loser = match.entrants()[1].player

    client.force_login(loser)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="dispute"' in page
    with django_capture_on_commit_callbacks(execute=True):  # notifications go out once the dispute is stored
        response = client.post(
            f"/events/{event.slug}/matches/{match.pk}/dispute/", {"reason": "I was there on time"}
        )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state == MatchState.DISPUTED
    dispute = Dispute.objects.get(match=match)
    assert (dispute.status, dispute.previous_state, dispute.raised_by) == (
        DisputeStatus.OPEN, MatchState.CONFIRMED, loser
    )  # fmt: skip
    assert Notification.objects.filter(user=organizer, message__contains="I was there on time").exists()

    client.force_login(organizer)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="resolve"' in page and "I was there on time" in page
    response = client.post(
        f"/events/{event.slug}/disputes/{dispute.pk}/resolve/",
        follow=True,
        data={
            "decision": "overturn",
            "outcome_a": "draw",
            "score_a": 5,
            "score_b": 5,
            "knockouts_dealt_a": 0,
            "knockouts_dealt_b": 0,
            "ending": "",
            "note": "late start",
        },
    )
    assert response.status_code == 200
    match.refresh_from_db()
    dispute.refresh_from_db()
    assert dispute.status == DisputeStatus.RESOLVED and match.state == MatchState.CONFIRMED
    assert [(s.outcome, s.score) for s in match.seat_list()] == [("draw", 5), ("draw", 5)]


def test_a_confirmed_report_is_disputed_through_the_api_and_upheld(running_round, organizer, client):
    event, round_, players = running_round
    match = round_.matches.order_by("table").first()
    first, second = (r.player for r in match.entrants())
    result_services.report_result(first, match, two_seats("win", (10, 2)))
    result_services.confirm_result(second, match)
    client.force_login(second)
    response = client.post(
        f"/api/events/{event.slug}/matches/{match.pk}/dispute/",
        {"reason": "I misread it"},
        content_type="application/json",
    )
    assert response.status_code == 200 and response.json()["state"] == "disputed"
    # A second dispute of the same result waits for the ruling.
    with pytest.raises(EventError, match="already disputed"):
        result_services.dispute_result(first, match, reason="me too")
    dispute = Dispute.objects.get(match=match)
    client.force_login(organizer)
    response = client.post(
        f"/api/events/{event.slug}/disputes/{dispute.pk}/resolve/",
        {"uphold": True},
        content_type="application/json",
    )
    assert response.status_code == 200 and response.json()["state"] == "confirmed"


def test_nothing_to_dispute_before_a_result_and_nobody_else_disputes(running_round, organizer, make_player):
    event, round_, players = running_round
    match = round_.matches.order_by("table").first()
    player = match.entrants()[0].player
    with pytest.raises(EventError, match="no result to dispute"):
        result_services.dispute_result(player, match, reason="?")
    result_services.decide_result(organizer, match, two_seats("win", (12, 3)))
    other = round_.matches.order_by("table").last().entrants()[0].player
    with pytest.raises(PermissionDenied, match="Only the players"):
        result_services.dispute_result(other, match, reason="not mine")
