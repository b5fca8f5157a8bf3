"""``simulate_event --game hoplomachus-remastered --mode pandemonium|alliance``: a simulated Pandemonium
event seats pods of 3–4 (HR-16) whose simulated games are verified from their logs and scored by place;
a simulated Alliance event is a team event of teams of two (HR-17) whose troops field the six units
their lists name (HR-17.2.8). check_event passes both."""

import io

import pytest
from django.core.management import call_command

from draw.models import Match, MatchState, ResultSource
from tests.tournaments_django.test_check_and_simulate import check
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "hoplomachus-remastered"


def simulate(mode: str, players: int) -> tuple[Event, str]:
    out = io.StringIO()
    call_command(
        "simulate_event",
        game=GAME,
        mode=mode,
        players=players,
        rounds=2,
        seed=4,
        eager=True,
        jobs=1,
        stdout=out,
    )
    return Event.objects.get(), out.getvalue()


def test_a_simulated_pandemonium_event_seats_pods_and_passes_check_event():
    event, out = simulate("pandemonium", 13)
    assert event.game_mode == "pandemonium" and event.team_size == 0 and event.status == "finished"
    games = Match.objects.filter(round__event=event).games()
    assert sorted(len(m.seat_list()) for m in games.filter(round__number=1)) == [3, 3, 3, 4]
    for match in games:
        assert (match.result_source, match.state, match.log_flag) == (
            ResultSource.LOG,
            MatchState.VERIFIED,
            "",
        )
        ranks = sorted(seat.rank for seat in match.seat_list())
        assert ranks[0] == 1 and len(ranks) in (3, 4)  # places from the log (HR-16.1.2)
    assert "flagged" not in out
    assert check(event.slug) == (0, f"{event.slug}: 2 round(s) checked, no discrepancies\n")


def test_a_simulated_alliance_event_plays_teams_of_two_and_passes_check_event():
    event, out = simulate("alliance", 8)
    assert event.game_mode == "alliance" and event.team_size == 2 and event.teams.count() == 4
    assert all(r.force_list.valid and len(r.force_list.entries) == 6 for r in event.registrations.all())
    games = Match.objects.filter(round__event=event).games()
    assert games.count() == 4
    for match in games:
        assert (match.result_source, match.state, match.log_flag) == (
            ResultSource.LOG,
            MatchState.VERIFIED,
            "",
        ), match.flag_details
        by_team = {}
        for seat in match.seat_list():
            by_team.setdefault(seat.team, set()).add(seat.outcome)
        assert len(by_team) == 2 and all(len(outcomes) == 1 for outcomes in by_team.values())
    assert "flagged" not in out
    assert check(event.slug) == (0, f"{event.slug}: 2 round(s) checked, no discrepancies\n")
