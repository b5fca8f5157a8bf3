"""Issue #13: "results reported by hand never reach the statistics". A result the opponent confirmed,
or an organizer decided, is counted in the meta's generic core (seats, outcomes, scores), marked as
a reported result; every statistic leaves it out unless the filter includes reported results."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.management import call_command

from dashboards import models as m
from dashboards import queries
from dashboards.filters import MetaFilter, parse_filter
from draw.models import MatchState
from draw.seats import two_seats
from meta import reported
from results import services as result_services
from tests.tournaments_django.conftest import cross_faction_match, log_for, verify

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def meta(settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def live_match(running_round, meta):
    event, round_, players = running_round
    return cross_faction_match(round_)


def confirmed_report(match, capture, *, outcome="win", scores=(40, 10)):
    """``outcome`` is the first-listed player's; ``scores`` the seats' in table order."""
    with capture(execute=True):
        result_services.report_result(match.entrants()[0].player, match, scores=two_seats(outcome, scores))
    match.refresh_from_db()
    with capture(execute=True):
        result_services.confirm_result(match.entrants()[1].player, match)
    match.refresh_from_db()
    return match


def scores(**filters) -> dict:
    f = MetaFilter(game=GAME, min_games=1, **filters)
    return {r["key"]: (r["seats"], r["score"]) for r in queries.score_components(f)}


def test_a_confirmed_report_is_stored_as_a_reported_result(live_match, django_capture_on_commit_callbacks):
    match = confirmed_report(live_match, django_capture_on_commit_callbacks)
    stat = m.GameStat.objects.get(match=match)
    assert stat.source == m.Source.REPORT and stat.game_log is None and stat.verified_at is None
    assert (stat.game, stat.event_ref, stat.winner, stat.outcome) == (
        GAME,
        match.round.event.slug,
        "p1",
        "win",
    )
    assert stat.content_pack.startswith(match.round.event.content_pack + "@")
    seats = list(stat.seats.order_by("seat").values_list("seat", "outcome", "score"))
    assert seats == [("p1", "win", 40), ("p2", "loss", 10)]
    assert not stat.sides.exists()  # a report knows no per-side statistics


def test_reported_results_are_left_out_unless_the_filter_includes_them(
    live_match, django_capture_on_commit_callbacks
):
    confirmed_report(live_match, django_capture_on_commit_callbacks)
    assert scores() == {}
    assert queries.overview(MetaFilter(game=GAME))["games"] == 0
    assert scores(include_reported=True) == {"win": (1, 40), "loss": (1, 10)}
    assert queries.overview(MetaFilter(game=GAME, include_reported=True))["games"] == 1
    assert not queries.game_stats(MetaFilter(game=GAME)).exists()
    assert queries.game_stats(MetaFilter(game=GAME, include_reported=True)).count() == 1
    assert queries.games_with_data() == []  # the meta's front page counts verified games


def test_a_report_waiting_for_confirmation_or_disputed_does_not_count(
    live_match, django_capture_on_commit_callbacks
):
    match = live_match
    with django_capture_on_commit_callbacks(execute=True):
        result_services.report_result(match.entrants()[0].player, match, scores=two_seats("win", (40, 10)))
    assert not m.GameStat.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        result_services.dispute_result(match.entrants()[1].player, match, reason="I won 30-20")
    assert not m.GameStat.objects.exists()


def test_the_organizers_decision_replaces_the_reported_result(
    live_match, organizer, django_capture_on_commit_callbacks
):
    match = confirmed_report(live_match, django_capture_on_commit_callbacks)
    first = m.GameStat.objects.get(match=match)
    with django_capture_on_commit_callbacks(execute=True):
        result_services.decide_result(organizer, match, scores=two_seats("loss", (20, 30)))
    stat = m.GameStat.objects.get(match=match)
    assert stat.pk != first.pk and stat.winner == "p2"
    assert list(stat.seats.order_by("seat").values_list("outcome", "score")) == [("loss", 20), ("win", 30)]
    assert scores(include_reported=True) == {"win": (1, 30), "loss": (1, 20)}


def test_a_result_no_longer_counting_is_removed(live_match, django_capture_on_commit_callbacks):
    """A correction that takes a result back (here: the match reopened by hand) removes its rows."""
    match = confirmed_report(live_match, django_capture_on_commit_callbacks)
    assert m.GameStat.objects.filter(match=match).exists()
    match.state = MatchState.REPORTED
    with django_capture_on_commit_callbacks(execute=True):
        match.save()
    assert not m.GameStat.objects.filter(match=match).exists()
    assert scores(include_reported=True) == {}


def test_a_result_from_a_verified_log_is_counted_once_as_a_log(
    live_match, published, django_capture_on_commit_callbacks
):
    match = live_match
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(
            match.entrants()[0].player, match, log_for(match), filename="game.json"
        )
    match.refresh_from_db()
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.state == MatchState.VERIFIED
    assert list(m.GameStat.objects.values_list("source", "match_id")) == [(m.Source.LOG, None)]


def test_the_command_stores_results_a_lost_write_left_out(live_match, django_capture_on_commit_callbacks):
    match = confirmed_report(live_match, django_capture_on_commit_callbacks)
    m.GameStat.objects.filter(match=match).delete()  # as if the process died before writing them
    call_command("store_reported_results", verbosity=0)
    assert m.GameStat.objects.filter(match=match, source=m.Source.REPORT).count() == 1
    assert reported.store_all() == 1  # idempotent: the same match, the same rows
    assert m.GameStat.objects.filter(match=match).count() == 1


def test_the_filter_reads_include_reported():
    assert parse_filter(GAME, {})[0].include_reported is False
    f, errors = parse_filter(GAME, {"include_reported": "1"})
    assert f.include_reported and not errors and f.query_params() == {"include_reported": "1"}
    assert parse_filter(GAME, {"include_reported": "on"})[0].include_reported  # a checkbox
    assert parse_filter(GAME, {"include_reported": "0"}) == (MetaFilter(game=GAME), {})
    f, errors = parse_filter(GAME, {"include_reported": "perhaps"})
    assert not f.include_reported and "include_reported" in errors
    assert f.cache_key() != MetaFilter(game=GAME, include_reported=True).cache_key()


def test_the_api_counts_reported_results_when_asked(live_match, client, django_capture_on_commit_callbacks):
    confirmed_report(live_match, django_capture_on_commit_callbacks)
    url = f"/api/meta/{GAME}/score-components/"
    assert client.get(url, {"min_games": 1}).json()["rows"] == []
    answer = client.get(url, {"min_games": 1, "include_reported": "1"}).json()
    assert answer["filters"]["include_reported"] is True
    assert {r["key"]: r["seats"] for r in answer["rows"]} == {"win": 1, "loss": 1}
    assert client.get(url, {"include_reported": "perhaps"}).status_code == 400


def test_the_meta_page_offers_reported_results_and_marks_them_unverified(meta, client):
    """The page's filter form carries the toggle, and a view that includes them says they are unverified."""
    page = client.get(f"/meta/{GAME}/").content.decode()
    assert 'name="include_reported"' in page and "reported-included" not in page
    page = client.get(f"/meta/{GAME}/", {"include_reported": "1"}).content.decode()
    assert 'name="include_reported" value="1" checked' in page
    assert "results reported by hand: no log was checked, so they are unverified" in page
