"""Results at speed and trustworthy (issue 13): results held to the game's endings (BG-7.4), a
round's results entered at once, the tables still missing one, corrections after a round
closes, disputes ruled without a default, judges, and every change in the audit trail."""

import pytest
from django.core.exceptions import PermissionDenied

from draw import services as draw_services
from draw.models import MatchState, ResultSource
from draw.seats import two_seats
from draw.services import round_status
from draw.services.round_status import corrections_before_pairing
from results import services as result_services
from results.models import DisputeStatus
from tournaments import services
from tournaments.errors import EventError
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

NAMES = ["Chiara", "Dario", "Elena", "Franco"]


@pytest.fixture
def live(field, organizer):
    """A published round 1 of four named players: (event, round, [table 1, table 2])."""
    event, players = field(4, names=NAMES)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round_, list(round_.matches.order_by("table"))


@pytest.fixture
def judge(make_player, organizer, live):
    event = live[0]
    user = make_player("Giulia Judge")
    services.add_judge(organizer, event, user)
    return user


def seats_of(match):
    match.refresh_from_db()
    return [(seat.outcome, seat.score) for seat in match.seat_list()]


def test_bg_7_4_3_a_report_of_a_win_on_vp_with_fewer_vp_is_refused(live):
    _, _, (match, _) = live
    winner = match.entrants()[0]
    with pytest.raises(EventError) as refused:
        result_services.report_result(winner.player, match, two_seats("win", (20, 30)), ending="vp")
    assert (
        f"{winner.display_name} won with 20 VP against {match.entrants()[1].display_name}'s 30"
        in refused.value.message
    )
    assert "BG-7.4.3" in refused.value.message and "Knockout, Concession" in refused.value.message
    assert seats_of(match) == [("", 0), ("", 0)] and match.state == MatchState.AWAITING_LOG


def test_bg_7_4_2_a_knockout_win_with_fewer_vp_is_accepted_and_its_ending_kept(live):
    _, _, (match, _) = live
    result_services.report_result(
        match.entrants()[0].player, match, two_seats("win", (20, 30)), ending="knockout"
    )
    assert seats_of(match) == [("win", 20), ("loss", 30)] and match.ending == "knockout"
    entry = AuditEntry.objects.get(action="reported", match=match)
    assert entry.actor == match.entrants()[0].player and "(Knockout)" in entry.detail
    assert entry.data["old"]["line"] == "no result" and entry.data["new"]["seats"][0]["score"] == 20


def test_the_grid_saves_valid_rows_and_keeps_each_error_to_its_row(live, organizer):
    event, round_, (first, second) = live
    rows = [
        result_services.RowEntry(first.pk, two_seats("win", (40, 10)), "vp"),
        result_services.RowEntry(second.pk, two_seats("loss", (30, 20)), "vp"),  # the loser has more VP on VP
    ]
    outcomes = result_services.enter_results(organizer, round_, rows)
    assert [(o.table, o.status) for o in outcomes] == [(1, "saved"), (2, "error")]
    assert "won with 20 VP against" in outcomes[1].message
    assert seats_of(first) == [("win", 40), ("loss", 10)] and first.state == MatchState.CONFIRMED
    assert seats_of(second) == [("", 0), ("", 0)]
    assert round_status.missing_results(round_) == [second]
    decided = AuditEntry.objects.get(action="decided", match=first)
    assert decided.actor == organizer and decided.data["new"]["line"].endswith("40–10")
    # The same row again changes nothing and adds nothing to the trail; an empty row is skipped.
    again = result_services.enter_results(
        organizer,
        round_,
        [
            result_services.RowEntry(first.pk, two_seats("win", (40, 10)), "vp"),
            result_services.RowEntry(second.pk, None),
        ],
    )
    assert [o.status for o in again] == ["unchanged", "empty"]
    assert AuditEntry.objects.filter(action="decided").count() == 1


def test_the_grid_passes_byes_by_and_refuses_other_rounds_matches(field, organizer):
    event, _ = field(3)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    bye = next(m for m in round_.matches.all() if m.is_bye)
    outcomes = result_services.enter_results(
        organizer,
        round_,
        [result_services.RowEntry(bye.pk, two_seats("win", (0, 0))), result_services.RowEntry(999999, None)],
    )
    assert outcomes[0].status == "unchanged" and "bye" in outcomes[0].message
    assert outcomes[1].status == "error" and "not in round 1" in outcomes[1].message


def test_a_player_cannot_use_the_grid(live):
    _, round_, (match, _) = live
    with pytest.raises(PermissionDenied):
        result_services.enter_results(match.entrants()[0].player, round_, [])


def test_a_dispute_needs_a_decision_and_a_typed_replacement_is_applied(live, organizer):
    _, _, (match, _) = live
    a, b = match.entrants()
    result_services.report_result(a.player, match, two_seats("win", (40, 10)), ending="vp")
    dispute = result_services.dispute_result(b.player, match, reason="we drew")
    with pytest.raises(EventError, match="Choose a decision"):
        result_services.resolve_dispute(organizer, dispute, uphold=None)
    with pytest.raises(EventError, match="choose “replace”"):
        result_services.resolve_dispute(organizer, dispute, uphold=True, scores=two_seats("draw", (30, 30)))
    with pytest.raises(EventError, match="not a draw"):  # validated like the grid
        result_services.resolve_dispute(
            organizer, dispute, uphold=False, scores=two_seats("draw", (40, 10)), ending="vp"
        )
    result_services.resolve_dispute(
        organizer, dispute, uphold=False, scores=two_seats("draw", (30, 30)), ending="vp"
    )
    dispute.refresh_from_db()
    assert seats_of(match) == [("draw", 30), ("draw", 30)] and match.result_source == ResultSource.ORGANIZER
    assert dispute.status == DisputeStatus.RESOLVED
    entry = AuditEntry.objects.get(action="dispute-resolved", match=match)
    assert entry.data["old"]["line"] == f"{a.display_name} beat {b.display_name} 40–10"
    assert entry.data["new"]["line"] == f"{a.display_name} and {b.display_name} drew 30–30"
    # The dispute's trail names the player, not the username.
    assert b.display_name in AuditEntry.objects.get(action="disputed", match=match).detail


def test_a_judge_enters_rules_and_corrects_but_does_not_run_the_event(live, judge, organizer):
    event, round_, (first, second) = live
    outcomes = result_services.enter_results(
        judge, round_, [result_services.RowEntry(first.pk, two_seats("win", (40, 0)), "vp")]
    )
    assert outcomes[0].status == "saved"
    result_services.report_result(second.entrants()[0].player, second, two_seats("win", (40, 0)), ending="vp")
    dispute = result_services.dispute_result(second.entrants()[1].player, second, reason="wrong")
    result_services.resolve_dispute(judge, dispute, uphold=True)
    assert AuditEntry.objects.get(action="dispute-resolved").actor == judge
    with pytest.raises(PermissionDenied):
        services.update_event(judge, event, name="Taken over")
    with pytest.raises(PermissionDenied):
        draw_services.close_round(judge, round_)
    with pytest.raises(PermissionDenied):
        services.add_judge(judge, event, organizer)
    draw_services.close_round(organizer, round_)
    result_services.correct_result(
        judge, first, two_seats("loss", (0, 40)), ending="vp", note="sheet misread"
    )
    assert seats_of(first) == [("loss", 0), ("win", 40)]


def test_a_correction_after_close_recomputes_standings_and_flags_later_rounds(live, organizer):
    event, round_, (first, second) = live
    for match in (first, second):
        result_services.decide_result(organizer, match, two_seats("win", (40, 10)), ending="vp")
    with pytest.raises(EventError, match="not closed"):
        result_services.correct_result(organizer, first, two_seats("loss", (10, 40)), ending="vp")
    draw_services.close_round(organizer, round_)
    round_two = draw_services.pair_next_round(organizer, event)
    assert corrections_before_pairing(round_two) == []
    leader = first.entrants()[0].pk
    assert round_.standings.rows[0]["metrics"]["points"] > 0
    before = {row["registration"]: row["metrics"]["points"] for row in round_.standings.rows}

    result_services.correct_result(
        organizer, first, two_seats("loss", (10, 40)), ending="vp", note="score sheet"
    )
    round_.standings.refresh_from_db()
    after = {row["registration"]: row["metrics"]["points"] for row in round_.standings.rows}
    assert after[leader] < before[leader] and after[first.entrants()[1].pk] > before[first.entrants()[1].pk]
    entry = AuditEntry.objects.get(action="corrected", match=first)
    assert entry.actor == organizer and "(was:" in entry.detail and "score sheet" in entry.detail
    assert (
        entry.data["old"]["seats"][0]["outcome"] == "win"
        and entry.data["new"]["seats"][0]["outcome"] == "loss"
    )
    flags = corrections_before_pairing(round_two)
    assert [(f["round"], f["table"]) for f in flags] == [(1, first.table)]
    # Not re-paired behind the organizer's back: round 2's tables are as they were.
    assert round_two.matches.count() == 2
    with pytest.raises(EventError, match="nothing to correct"):
        result_services.correct_result(organizer, first, two_seats("loss", (10, 40)), ending="vp")
    # Re-pairing the draft takes the correction into account: no flag.
    draw_services.repair_round(organizer, round_two, note="after the correction")
    assert corrections_before_pairing(round_two) == []


def test_the_grid_corrects_a_closed_round(live, organizer):
    event, round_, (first, second) = live
    for match in (first, second):
        result_services.decide_result(organizer, match, two_seats("win", (40, 10)), ending="vp")
    draw_services.close_round(organizer, round_)
    outcomes = result_services.enter_results(
        organizer,
        round_,
        [
            result_services.RowEntry(first.pk, two_seats("win", (40, 10)), "vp"),
            result_services.RowEntry(second.pk, two_seats("draw", (25, 25)), "vp"),
        ],
    )
    assert [o.status for o in outcomes] == ["unchanged", "saved"]
    assert AuditEntry.objects.filter(action="corrected", match=second).exists()


def test_judges_are_named_by_organizers_only_once(live, organizer, make_player):
    event = live[0]
    user = make_player("Hugo")
    services.add_judge(organizer, event, user)
    with pytest.raises(EventError, match="already a judge"):
        services.add_judge(organizer, event, user)
    assert AuditEntry.objects.filter(action="judge-added").count() == 1
    services.remove_judge(organizer, event, user)
    assert not event.judges.exists()
