"""Team events: games between teams of 1–3 players folded into games between teams (FE-17: a team
wins and all its players share the win), then paired and ranked with the ordinary algorithms.

Worked example, four teams, default scoring 3/1/0, order points, sos, score_diff:

* round 1: red (a1, a2) beats blue (b1, b2) 11–7; green (c1) beats gold (d1, d2, d3) 9–8;
* round 2: red draws green 10–10; gold beats blue 12–5.

Points: red 3+1 = 4, green 3+1 = 4, gold 0+3 = 3, blue 0. Win rates (a draw is half): red 3/4,
green 3/4, gold 1/2, blue 0. Strength of schedule (mean of the opponents' win rates): red
(blue 0 + green 3/4)/2 = 0.375, green (gold 1/2 + red 3/4)/2 = 0.625, gold (green 3/4 +
blue 0)/2 = 0.375, blue (red 3/4 + gold 1/2)/2 = 0.625. Score difference: red 4 + 0 = 4,
green 1 + 0 = 1, gold −1 + 7 = 6, blue −4 − 7 = −11.
Ranking: green (4, 0.625), red (4, 0.375), gold (3), blue (0).
"""

import pytest

from tournaments.algorithms.elimination import EliminationBracket
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Competitor, GameRecord, ResultRecord, SeatResult
from tournaments.algorithms.standings import rank
from tournaments.algorithms.swiss import SwissOptions, pair_swiss_round
from tournaments.algorithms.teams import seat_plan, team_record, team_records, team_size_problems

TEAMS = {"red": ("a1", "a2"), "blue": ("b1", "b2"), "green": ("c1",), "gold": ("d1", "d2", "d3")}


def game(round_, *sides):
    """A game of teams: each side is (team, outcome, score), every member seated with it."""
    seats = []
    for team, outcome, score in sides:
        seats += [SeatResult(m, outcome, score, team=team) for m in TEAMS[team]]
    return GameRecord(round_, tuple(seats))


GAMES = [
    game(1, ("red", "win", 11), ("blue", "loss", 7)),
    game(1, ("green", "win", 9), ("gold", "loss", 8)),
    game(2, ("red", "draw", 10), ("green", "draw", 10)),
    game(2, ("gold", "win", 12), ("blue", "loss", 5)),
]
COMPETITORS = [Competitor(t, name=t, seed=i) for i, t in enumerate(TEAMS, start=1)]


def test_a_team_game_reads_as_a_two_seat_game_between_the_teams():
    record = team_record(GAMES[1])
    assert record == ResultRecord(1, ("green", "gold"), ("win", "loss"), (9, 8))


def test_members_of_one_team_share_its_outcome_fe_17():
    split = GameRecord(
        1,
        (
            SeatResult("a1", "win", 11, team="red"),
            SeatResult("a2", "loss", 11, team="red"),
            SeatResult("b1", "loss", 7, team="blue"),
        ),
    )
    with pytest.raises(InvalidInput, match="different outcomes"):
        team_record(split)


def test_a_team_score_is_the_team_vp_not_the_sum_of_its_members():
    # A hand report may leave a member's score at 0; the log gives every member the team's VP.
    record = team_record(
        GameRecord(
            1,
            (
                SeatResult("a1", "win", 11, {"missions": 4}, team="red"),
                SeatResult("a2", "win", 0, team="red"),
                SeatResult("b1", "loss", 7, team="blue"),
            ),
        )
    )
    assert (record.scores, dict(record.components[0])) == ((11, 7), {"missions": 4})


def test_a_team_alone_at_a_table_has_a_bye_and_ids_convert():
    bye = GameRecord(3, (SeatResult("a1", "win", team="7"), SeatResult("a2", "win", team="7")))
    assert team_record(bye, int) == ResultRecord.bye(3, 7)


def test_a_seat_with_no_team_is_refused_in_a_team_event():
    with pytest.raises(InvalidInput, match="no team"):
        team_record(ResultRecord(1, ("a1", "b1"), "win"))


def test_team_standings_worked_example():
    rows = rank(COMPETITORS, team_records(GAMES), ("points", "sos", "score_diff"))
    assert [(r.rank, r.player_id) for r in rows] == [(1, "green"), (2, "red"), (3, "gold"), (4, "blue")]
    by_team = {r.player_id: r.metrics for r in rows}
    assert {t: (m["points"], m["sos"], m["score_diff"]) for t, m in by_team.items()} == {
        "green": (4, 0.625, 1),
        "red": (4, 0.375, 4),
        "gold": (3, 0.375, 6),
        "blue": (0, 0.625, -11),
    }


def test_swiss_pairs_teams_without_a_rematch():
    # Red met blue and green; green met gold and red: round 3 can only be red–gold, green–blue.
    pairings = pair_swiss_round(COMPETITORS, team_records(GAMES), 3, SwissOptions())
    assert {frozenset(p.players) for p in pairings} == {
        frozenset({"red", "gold"}),
        frozenset({"green", "blue"}),
    }


def test_an_elimination_bracket_of_teams_advances_the_winning_team():
    bracket = EliminationBracket(["red", "green", "gold", "blue"])
    first = bracket.first_round()
    assert {frozenset(p.players) for p in first} == {frozenset({"red", "blue"}), frozenset({"green", "gold"})}
    final = bracket.next_round(first, team_records(GAMES[:2]), 1)
    assert [set(p.players) for p in final] == [{"red", "green"}]


def test_seat_plan_seats_each_team_together_in_table_order():
    assert seat_plan(["a1", "a2"], ["b1"]) == [("a1", 0), ("a2", 0), ("b1", 1)]
    assert seat_plan(["c1"], None) == [("c1", 0)]


def test_team_sizes_are_checked_against_the_largest_side():
    assert team_size_problems({"red": 2, "gold": 4, "blue": 0}, largest=3) == [
        "team gold has 4 players; a team has at most 3",
        "team blue has no player",
    ]
