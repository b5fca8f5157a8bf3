"""check_event finds planted discrepancies and passes a clean event; simulate_event runs a
whole event through the real pipeline (uploads, verification, the log_verified receiver)."""

import io

import pytest
from django.core.management import CommandError, call_command

from draw import services as draw_services
from draw.models import Match, MatchSeat, MatchState, ResultSource
from draw.seats import two_seats
from results import services as result_services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def check(slug: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("check_event", slug, stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def played(field, organizer):
    """Three closed Swiss rounds of six players, results decided by the organizer."""
    event, players = field(6)
    for number in range(1, 4):
        round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
        for match in round_.matches.games().order_by("table"):
            outcome = "win" if (match.table + number) % 3 else "draw"
            result_services.decide_result(organizer, match, scores=two_seats(outcome, (10 * match.table, 10)))
        draw_services.close_round(organizer, round_)
    return event


def test_a_clean_event_passes(played):
    assert check(played.slug) == (0, f"{played.slug}: 3 round(s) checked, no discrepancies\n")


def test_a_tampered_stored_standing_is_caught(played):
    snapshot = played.rounds.get(number=2).standings
    snapshot.rows[0]["metrics"]["points"] += 3
    snapshot.save()
    code, out = check(played.slug)
    name = snapshot.rows[0]["name"]
    assert code == 1
    assert f"DISCREPANCY standings after round 2: {name}'s points is stored as" in out


def test_a_planted_avoidable_rematch_is_caught(played):
    # Make round 3 repeat a round 1 game although the field could avoid it.
    first = played.rounds.get(number=1).matches.games().first()
    round_3 = played.rounds.get(number=3).matches.games().order_by("table")
    one, other = (r.pk for r in first.entrants())
    a_table = next(m for m in round_3 if one in {r.pk for r in m.entrants()})
    b_table = next(m for m in round_3 if other in {r.pk for r in m.entrants()})
    if a_table.pk != b_table.pk:
        # Swap the first game's other player with a_table's other seat, behind the services' back.
        partner_seat = next(seat for seat in a_table.seat_list() if seat.registration_id != one)
        b_seat = next(seat for seat in b_table.seat_list() if seat.registration_id == other)
        partner = partner_seat.registration_id
        MatchSeat.objects.filter(pk=partner_seat.pk).update(registration_id=other)
        MatchSeat.objects.filter(pk=b_seat.pk).update(registration_id=partner)
    code, out = check(played.slug)
    assert code == 1
    assert (
        "is a rematch (met in round 1), but the round's players could have been paired without any rematch"
        in out
    )


def test_a_closed_round_with_an_unfinished_match_is_caught(played):
    match = played.rounds.get(number=3).matches.games().first()
    Match.objects.filter(pk=match.pk).update(state=MatchState.REPORTED)
    code, out = check(played.slug)
    assert code == 1 and f"round 3 is closed but table(s) {match.table} have no counted result" in out


def test_unknown_event():
    with pytest.raises(CommandError, match="no event"):
        call_command("check_event", "nope")


@pytest.mark.django_db(transaction=True)
def test_simulated_event_through_the_pipeline_passes_check_event():
    """8 players, 3 rounds, verified in process by the workers' task function (--eager)."""
    out = io.StringIO()
    call_command("simulate_event", players=8, rounds=3, seed=5, eager=True, jobs=1, stdout=out)
    event = Event.objects.get()
    assert event.rounds.count() == 3 and event.status == "finished"
    games = Match.objects.filter(round__event=event).games()
    by_log = games.filter(result_source=ResultSource.LOG)
    assert by_log.exists()
    assert all(
        m.state == MatchState.VERIFIED and m.game_log.state == "legal" and not m.log_flag for m in by_log
    )
    # Every game has a log, mirror pairings included (the simulator plays the registered forces).
    assert by_log.count() == games.count()
    assert "flagged" not in out.getvalue()
    assert f"Standings of {event.slug} after round 3" in out.getvalue()
    assert check(event.slug)[0] == 0


@pytest.mark.e2e
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_simulated_event_verified_by_a_real_worker(celery_worker):
    call_command("simulate_event", players=4, rounds=2, seed=9, jobs=1, timeout=120, stdout=io.StringIO())
    event = Event.objects.get()
    by_log = Match.objects.filter(round__event=event, result_source=ResultSource.LOG)
    assert by_log.count() >= 2 and all(m.state == MatchState.VERIFIED for m in by_log)
    assert check(event.slug)[0] == 0
