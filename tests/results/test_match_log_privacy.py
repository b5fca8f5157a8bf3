"""A match's attached log (id, state, summary, hash) is shown only to the match's players, the
event's organizers, its uploaders and staff. Everyone else sees the match without it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments_django.conftest import cross_faction_match, log_for

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def match_with_log(running_round, published):
    event, round_, _ = running_round
    match = cross_faction_match(round_)
    uploaded = client_for(match.entrants()[0].player).post(
        f"/api/events/{event.slug}/matches/{match.pk}/log/",
        data=log_for(match),
        content_type="application/json",
    )
    assert uploaded.status_code == 202
    return event, match, uploaded.json()["log"]


def _log_of(user, event, match):
    response = client_for(user).get(f"/api/events/{event.slug}/matches/{match.pk}/")
    assert response.status_code == 200
    return response.json()["log"]


def test_outsiders_see_the_match_but_not_its_log(match_with_log, make_user):
    event, match, log = match_with_log
    assert _log_of(None, event, match) is None
    assert _log_of(make_user("stranger"), event, match) is None
    pairings = client_for().get(f"/api/events/{event.slug}/rounds/{match.round.number}/pairings/").json()
    assert all(row["log"] is None for row in pairings)
    body = client_for().get(f"/api/events/{event.slug}/rounds/").content.decode()
    assert log["sha256"] not in body


def test_players_uploader_staff_and_organizer_see_the_log(match_with_log, organizer, make_user):
    event, match, log = match_with_log
    staff = make_user("root", is_staff=True)
    # The opponent did not upload it but played the game: the match page shows them the log too.
    for user in (match.entrants()[0].player, match.entrants()[1].player, staff, organizer):
        seen = _log_of(user, event, match)
        assert seen == log and len(seen["sha256"]) == 64


def test_a_log_of_a_published_round_is_public_and_of_a_draft_round_is_not(match_with_log):
    from draw.models import RoundState
    from gamelogs.models import GameLog
    from visibility.services import is_public

    event, match, log = match_with_log
    game_log = GameLog.objects.get(pk=log["id"])
    assert is_public(game_log)  # an event's published results name their players anyway
    match.round.state = RoundState.DRAFT
    match.round.save(update_fields=["state"])
    assert not is_public(game_log)
    match.round.state = RoundState.CLOSED
    match.round.save(update_fields=["state"])
    assert is_public(game_log)


def test_a_round_published_or_back_to_draft_makes_the_meta_count_its_logs_again(
    match_with_log, django_capture_on_commit_callbacks
):
    """The meta's cached answers (which may name the players of public logs) are made stale when a round's state
    changes whether its logs are public (``meta.publicity``), as publishing a log does."""
    from dashboards.queries import version
    from draw.models import RoundState
    from gamelogs.models import GameLog

    event, match, log = match_with_log
    game = GameLog.objects.get(pk=log["id"]).game
    before = version(game)
    with django_capture_on_commit_callbacks(execute=True):
        match.round.state = RoundState.DRAFT
        match.round.save(update_fields=["state"])
    assert version(game) > before
    drafted = version(game)
    with django_capture_on_commit_callbacks(execute=True):
        match.round.save(update_fields=["published_at"])  # not its state: nothing to recount
    assert version(game) == drafted


def test_a_rounds_state_or_a_matchs_log_changing_queues_the_log_for_the_meta(match_with_log):
    """Whatever changes it (here no hook), the database queues the log whose publicity may have changed
    (``visibility.models.PublicityChange``): the meta's public-only summaries check those logs alone."""
    from draw.models import Match, Round, RoundState
    from visibility.models import PublicityChange

    def queued():
        logs = list(PublicityChange.objects.values_list("log_id", flat=True))
        PublicityChange.objects.all().delete()
        return logs

    event, match, log = match_with_log
    queued()
    Round.objects.filter(pk=match.round_id).update(state=RoundState.DRAFT)
    assert queued() == [log["id"]]
    Round.objects.filter(pk=match.round_id).update(state=RoundState.DRAFT, published_at=None)  # same state
    assert queued() == []
    Match.objects.filter(pk=match.pk).update(game_log=None)
    assert queued() == [log["id"]]
