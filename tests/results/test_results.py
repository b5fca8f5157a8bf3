"""Results: a verified log becomes the match result (or is flagged), hand reports need the
opponent, disputes go to the organizer."""

import json

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.test import Client

from draw import services as draw_services
from draw.models import LogFlag, MatchState, ResultSource
from draw.seats import two_seats
from gamelogs.models import GameLog, LogState
from results import services as result_services
from results.models import DisputeStatus, ReportStatus
from tests.support.logs import with_die_of_seven
from tests.tournaments_django.conftest import cross_faction_match, log_for, verify
from tournaments.errors import EventError
from tournaments.models import AuditEntry, Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_match(running_round):
    event, round_, players = running_round
    return cross_faction_match(round_)


def upload(match, user, data, capture):
    with capture(execute=True):
        result_services.attach_log_to_match(user, match, data, filename="game.json")
    match.refresh_from_db()
    return match


def table(match) -> list[tuple[str, int]]:
    """Each seat's outcome and score, in table order."""
    return [(seat.outcome, seat.score) for seat in match.seat_list()]


def test_a_verified_log_becomes_the_match_result(live_match, published, django_capture_on_commit_callbacks):
    match = live_match
    uploader = match.entrants()[0].player
    match = upload(match, uploader, log_for(match), django_capture_on_commit_callbacks)
    assert match.state == MatchState.VERIFYING and match.game_log.state == LogState.QUEUED
    assert [m["args"] for m in published] == [[match.game_log_id]]  # handed to the workers

    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    verdict = GameLog.objects.get(pk=match.game_log_id).verdict
    assert verdict["status"] == "legal"
    assert (
        match.state == MatchState.VERIFIED
        and match.result_source == ResultSource.LOG
        and match.log_flag == ""
    )
    header = json.loads(bytes(match.game_log.content))
    side = {p["name"]: p["id"] for p in header["players"]}
    pid_a, pid_b = side[match.entrants()[0].display_name], side[match.entrants()[1].display_name]
    seat_a, seat_b = match.seat_list()
    assert seat_a.score == verdict["result"]["vp"][pid_a]["total"]
    assert seat_b.score == verdict["result"]["vp"][pid_b]["total"]
    # Components: the VP sources of the generic result, plus knock-outs dealt from the statistics.
    assert {k: seat_a.components[k] for k in ("objectives", "missions", "knockouts")} == {
        k: verdict["result"]["vp"][pid_a][k] for k in ("objectives", "missions", "knockouts")
    }
    dealt = {s["player"]: s["knockouts_dealt"] for s in verdict["statistics"]["sides"]}
    assert (seat_a.components["knockouts_dealt"], seat_b.components["knockouts_dealt"]) == (
        dealt[pid_a],
        dealt[pid_b],
    )
    if verdict["result"]["outcome"] == "win":
        expected_a = "win" if verdict["result"]["winner"] == pid_a else "loss"
        assert (seat_a.outcome, seat_b.outcome) == (expected_a, "loss" if expected_a == "win" else "win")
        assert (seat_a.rank, seat_b.rank) == ((1, 2) if expected_a == "win" else (2, 1))
    opponent_note = Notification.objects.filter(user=match.entrants()[1].player, match=match).values_list(
        "message", flat=True
    )
    assert any("the log verified" in m and "dispute" in m for m in opponent_note)


def test_the_same_verdict_announced_twice_changes_nothing(
    live_match, published, django_capture_on_commit_callbacks
):
    match = upload(
        live_match, live_match.entrants()[0].player, log_for(live_match), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    before = (match.state, table(match), match.updated_at)
    notes = Notification.objects.count()
    verify(match.game_log_id, django_capture_on_commit_callbacks)  # a re-delivered task re-announces
    match.refresh_from_db()
    assert (match.state, table(match), match.updated_at) == before
    assert Notification.objects.count() == notes


def test_a_log_with_other_players_is_flagged_not_accepted(
    live_match, published, django_capture_on_commit_callbacks
):
    match = live_match
    names = {
        match.entrants()[0].force_list.faction: "Someone Else",
        match.entrants()[1].force_list.faction: match.entrants()[1].display_name,
    }
    match = upload(
        match, match.entrants()[1].player, log_for(match, names=names), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.state == MatchState.AWAITING_LOG and match.log_flag == LogFlag.MISMATCH
    assert not match.has_result and not match.counts
    assert match.flag_details == [
        "the log's player 'Someone Else' is not a player of this match",
        f"{match.entrants()[0].display_name} does not appear in the log",
    ]
    # The organizers hear about it too.
    assert Notification.objects.filter(user=match.round.event.organizers.first(), match=match).exists()


def test_a_log_whose_forces_differ_from_the_registered_lists_is_flagged(
    live_match, published, django_capture_on_commit_callbacks
):
    match = live_match
    # Swap the names: each player now appears with the other faction's force.
    names = {
        match.entrants()[0].force_list.faction: match.entrants()[1].display_name,
        match.entrants()[1].force_list.faction: match.entrants()[0].display_name,
    }
    match = upload(
        match, match.entrants()[0].player, log_for(match, names=names), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.log_flag == LogFlag.MISMATCH
    assert any(
        "plays Evil Warriors in the log; the registered list is Masters of the Universe" in line
        or "plays Masters of the Universe in the log; the registered list is Evil Warriors" in line
        for line in match.flag_details
    )
    # The match page says each line in the reader's language (results.mismatch), names and factions as data.
    client = Client()
    client.force_login(match.entrants()[0].player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.get(match.get_absolute_url()).content.decode()
    assert "nel log; la lista iscritta è" in page and "in the log; the registered list is" not in page


def test_a_log_for_another_match_is_flagged(running_round, published, django_capture_on_commit_callbacks):
    event, round_, players = running_round
    match = cross_faction_match(round_)
    other = round_.matches.exclude(pk=match.pk).first()
    data = json.loads(log_for(match))
    data["reference"]["match"] = str(other.pk)
    match = upload(
        match, match.entrants()[0].player, json.dumps(data).encode(), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.flag_details == [f"the log names match {other.pk}, not {match.pk}"]


def test_an_illegal_log_is_flagged(live_match, published, django_capture_on_commit_callbacks):
    match = live_match
    data = json.loads(log_for(match))
    # The tests' illegal example needs recorded dice; a seeded log has none, so make a recorded one.
    import engine

    recorded = engine.simulate("motu-battleground", 11, randomness="recorded")
    for player in recorded["players"]:
        player["name"] = next(p["name"] for p in data["players"] if p["faction"] == player["faction"])
    illegal, _ = with_die_of_seven(recorded)
    match = upload(
        match, match.entrants()[0].player, json.dumps(illegal).encode(), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.state == MatchState.AWAITING_LOG and match.log_flag == LogFlag.ILLEGAL
    assert match.flag_details[0].startswith("ILLEGAL at event")


def test_one_log_cannot_decide_two_matches(running_round, published, django_capture_on_commit_callbacks):
    event, round_, players = running_round
    first, second = list(round_.matches.order_by("table"))
    data = log_for(cross_faction_match(round_))
    upload(first, first.entrants()[0].player, data, django_capture_on_commit_callbacks)
    with pytest.raises(EventError, match="already the evidence of round 1, table 1"):
        result_services.attach_log_to_match(second.entrants()[0].player, second, data)


def test_a_log_verified_before_it_was_attached_applies_at_once(
    live_match, published, django_capture_on_commit_callbacks
):
    from gamelogs.services import submit_log

    match = live_match
    data = log_for(match)
    with django_capture_on_commit_callbacks(execute=True):
        log = submit_log(match.entrants()[1].player, data).log
    verify(log.pk, django_capture_on_commit_callbacks)
    match = upload(match, match.entrants()[0].player, data, django_capture_on_commit_callbacks)
    assert match.game_log_id == log.pk and match.state == MatchState.VERIFIED


def test_only_the_players_or_organizers_upload_a_match_log(live_match, make_player):
    with pytest.raises(PermissionDenied):
        result_services.attach_log_to_match(make_player("Stranger"), live_match, log_for(live_match))


def test_a_hand_report_counts_once_the_opponent_confirms(live_match, django_capture_on_commit_callbacks):
    match = live_match
    a, b = match.entrants()[0].player, match.entrants()[1].player
    with django_capture_on_commit_callbacks(execute=True):
        result_services.report_result(a, match, scores=two_seats("win", (40, 10)))
    match.refresh_from_db()
    assert match.state == MatchState.REPORTED and not match.counts
    assert Notification.objects.filter(user=b, message__contains="Confirm or dispute").exists()
    with pytest.raises(EventError, match="Your opponent confirms"):
        result_services.confirm_result(a, match)
    result_services.confirm_result(b, match)
    match.refresh_from_db()
    assert match.state == MatchState.CONFIRMED and match.counts and match.result_source == ResultSource.REPORT
    assert match.reports.get().status == ReportStatus.CONFIRMED


def test_a_player_only_reports_their_own_matches(running_round):
    event, round_, players = running_round
    first, second = list(round_.matches.order_by("table"))
    with pytest.raises(PermissionDenied):
        result_services.report_result(second.entrants()[0].player, first, scores=two_seats("win"))
    with pytest.raises(PermissionDenied):
        result_services.confirm_result(second.entrants()[0].player, first)
    with pytest.raises(PermissionDenied):
        result_services.dispute_result(second.entrants()[0].player, first, reason="not my game")


def test_dispute_then_the_organizer_overturns(live_match, organizer, django_capture_on_commit_callbacks):
    match = live_match
    a, b = match.entrants()[0].player, match.entrants()[1].player
    result_services.report_result(a, match, scores=two_seats("win", (40, 10)))
    with django_capture_on_commit_callbacks(execute=True):
        dispute = result_services.dispute_result(b, match, reason="I won 30-20")
    match.refresh_from_db()
    assert match.state == MatchState.DISPUTED and not match.counts
    assert Notification.objects.filter(user=organizer, message__contains="I won 30-20").exists()
    with pytest.raises(PermissionDenied):
        result_services.resolve_dispute(a, dispute, uphold=True)
    result_services.resolve_dispute(
        organizer, dispute, uphold=False, scores=two_seats("loss", (20, 30)), note="score sheet"
    )
    match.refresh_from_db()
    dispute.refresh_from_db()
    assert match.state == MatchState.CONFIRMED and match.result_source == ResultSource.ORGANIZER
    assert table(match) == [("loss", 20), ("win", 30)]
    assert dispute.status == DisputeStatus.RESOLVED and "score sheet" in dispute.resolution
    assert AuditEntry.objects.filter(action="dispute-resolved", match=match).exists()


def test_a_disputed_log_result_can_be_upheld(
    live_match, organizer, published, django_capture_on_commit_callbacks
):
    match = upload(
        live_match, live_match.entrants()[0].player, log_for(live_match), django_capture_on_commit_callbacks
    )
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    result = table(match)
    dispute = result_services.dispute_result(match.entrants()[1].player, match, reason="the log is wrong")
    with pytest.raises(EventError, match="disputed"):
        result_services.attach_log_to_match(match.entrants()[1].player, match, log_for(match, seed=2))
    result_services.resolve_dispute(organizer, dispute, uphold=True, note="the verdict stands")
    match.refresh_from_db()
    assert match.state == MatchState.CONFIRMED and match.result_source == ResultSource.LOG
    assert table(match) == result


def test_results_wait_for_a_published_round_and_stop_when_it_closes(field, organizer):
    event, players = field(4)
    round_ = draw_services.pair_next_round(organizer, event)
    match = round_.matches.first()
    with pytest.raises(EventError, match="not published yet"):
        result_services.report_result(match.entrants()[0].player, match, scores=two_seats("win"))
    draw_services.publish_round(organizer, round_)
    for m in round_.matches.all():
        result_services.decide_result(organizer, m, scores=two_seats("draw"))
    draw_services.close_round(organizer, round_)
    with pytest.raises(EventError, match="closed"):
        result_services.decide_result(organizer, match, scores=two_seats("win"))
