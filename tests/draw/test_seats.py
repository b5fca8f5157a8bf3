"""Matches of more than two seats and team matches: results, standings, pages and the API
read seats. The pairing formats pair two seats; these matches are built by hand here."""

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.models import Match, MatchSeat, MatchState
from draw.seats import SeatScore, two_seats
from results import services as result_services
from results.services.match_results import result_line
from standings.services import standings_for
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db


def one_table(field, organizer, teams=("", "", "", "")):
    """A published round 1 whose only table seats all four players (with ``teams``)."""
    event, players = field(4)
    round_ = draw_services.pair_next_round(organizer, event)
    round_.matches.all().delete()
    registrations = [user.registrations.get() for user in players]
    match = Match.objects.create(round=round_, table=1, reason="four at a table")
    for index, (registration, team) in enumerate(zip(registrations, teams, strict=True)):
        MatchSeat.objects.create(match=match, registration=registration, index=index, team=team)
    draw_services.publish_round(organizer, round_)
    return event, round_, match, registrations, players


def test_a_four_seat_match_is_decided_ranked_and_shown(field, organizer, client):
    event, round_, match, regs, players = one_table(field, organizer)
    scores = [
        SeatScore("loss", 10, {"knockouts_dealt": 1}, rank=3),
        SeatScore("win", 30, {"knockouts_dealt": 4}, rank=1),
        SeatScore("loss", 20, {"knockouts_dealt": 2}, rank=2),
        SeatScore("loss", 5, {}, rank=4),
    ]
    assert not match.is_bye and round_.matches.games().get() == match and not round_.matches.byes().exists()
    result_services.decide_result(organizer, match, scores, note="four players")
    match.refresh_from_db()
    assert match.state == MatchState.CONFIRMED
    assert [(s.outcome, s.rank, s.score) for s in match.seat_list()] == [
        ("loss", 3, 10),
        ("win", 1, 30),
        ("loss", 2, 20),
        ("loss", 4, 5),
    ]
    names = [r.display_name for r in regs]
    assert (
        result_line(match)
        == f"{names[1]} 1st, {names[2]} 2nd, {names[0]} 3rd, {names[3]} 4th"  # a pod reads by place
    )

    rows = standings_for(event)
    assert [r.player_id for r in rows] == [regs[1].pk, regs[2].pk, regs[0].pk, regs[3].pk]
    by_player = {r.player_id: r.metrics for r in rows}
    # The winner beat the best other score by 10; everyone met everyone; knock-outs add up.
    assert by_player[regs[1].pk]["points"] == 3 and by_player[regs[1].pk]["score_diff"] == 10
    assert by_player[regs[0].pk]["score_diff"] == -20 and by_player[regs[0].pk]["sos"] == 0.3333
    assert by_player[regs[1].pk]["knockouts"] == 4

    client.force_login(organizer)
    page = client.get(match.get_absolute_url()).content.decode()
    assert page.count('class="winner"') == 1 and all(name in page for name in names)
    body = APIClient().get(f"/api/events/{event.slug}/rounds/1/pairings/").json()
    assert [(s["registration"], s["outcome"], s["score"]) for s in body[0]["seats"]] == [
        (regs[0].pk, "loss", 10),
        (regs[1].pk, "win", 30),
        (regs[2].pk, "loss", 20),
        (regs[3].pk, "loss", 5),
    ]


def test_a_result_must_give_every_seat(field, organizer):
    _, _, match, _, _ = one_table(field, organizer)
    with pytest.raises(EventError, match="4 seats; the result gives 2"):
        result_services.decide_result(organizer, match, scores=two_seats("win"))
    with pytest.raises(EventError, match="negative"):
        result_services.decide_result(organizer, match, [SeatScore("win", -1), *[SeatScore("loss")] * 3])


def test_a_team_match_counts_partners_together(field, organizer):
    event, round_, match, regs, players = one_table(field, organizer, teams=("red", "blue", "red", "blue"))
    # Every red seat won; a hand report from a red player, confirmed by a blue one.
    scores = [SeatScore("win", 12), SeatScore("loss", 6), SeatScore("win", 8), SeatScore("loss", 4)]
    result_services.report_result(players[0], match, scores)
    match.refresh_from_db()
    assert [s.rank for s in match.seat_list()] == [1, 2, 1, 2]
    assert {r.display_name for r in match.opponents_of(players[0])} == {
        regs[1].display_name,
        regs[3].display_name,
    }
    result_services.confirm_result(players[1], match)
    rows = {r.player_id: r.metrics for r in standings_for(event)}
    assert [rows[r.pk]["points"] for r in regs] == [3, 0, 3, 0]
    # Partners are not opponents: red's strength of schedule is blue's win rate (0), blue's red's (1).
    assert [rows[r.pk]["sos"] for r in regs] == [0, 1, 0, 1]
    assert [rows[r.pk]["score_diff"] for r in regs] == [6, -6, 2, -8]


def test_two_seat_shorthand_is_table_orientation(running_round, organizer):
    event, round_, players = running_round
    match = round_.matches.order_by("table").first()
    assert [s.outcome for s in two_seats("loss")] == ["loss", "win"]
    result_services.decide_result(organizer, match, scores=two_seats("loss", (9, 16)))
    match.refresh_from_db()
    assert [(s.registration_id, s.outcome, s.rank, s.score) for s in match.seat_list()] == [
        (match.entrants()[0].pk, "loss", 2, 9),
        (match.entrants()[1].pk, "win", 1, 16),
    ]
