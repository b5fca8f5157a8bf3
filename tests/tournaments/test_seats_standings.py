"""Standings, tiebreaks and ratings over games of more than two seats and team games.

Worked by hand; default scoring 3/1/0. A seat's opponents are the seats not on its team;
"score against" is the best opposing score; a seat beats the opponents it out-ranks.
"""

import pytest

import games.battleground  # noqa: F401  (registers Battleground's "knockouts" tiebreak)
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, GameRecord, ResultRecord, SeatResult
from tournaments.algorithms.ratings import rate_players
from tournaments.algorithms.standings import rank
from tournaments.algorithms.tiebreaks import StandingsContext, get_metric, metrics_for

FOUR = [Competitor(p) for p in "ABCD"]

# Round 1: four players each for themselves, A 30 > B 20 > C 10 > D 5 (A wins, the rest lose).
# Round 2: a two-seat game, B beats C 15-5.
FREE_FOR_ALL = [
    GameRecord(
        1,
        (
            SeatResult("A", "win", 30, rank=1),
            SeatResult("B", "loss", 20, rank=2),
            SeatResult("C", "loss", 10, rank=3),
            SeatResult("D", "loss", 5, rank=4),
        ),
    ),
    ResultRecord(2, ("B", "C"), "win", (15, 5)),
]

# Round 1: team red (A, B) beats team blue (C, D); seat scores A 12, B 8, C 6, D 4.
TEAMS = [
    GameRecord(
        1,
        (
            SeatResult("A", "win", 12, team="red", rank=1),
            SeatResult("B", "win", 8, team="red", rank=1),
            SeatResult("C", "loss", 6, team="blue", rank=2),
            SeatResult("D", "loss", 4, team="blue", rank=2),
        ),
    )
]


def values(key, results):
    return get_metric(key).compute(StandingsContext(EventHistory(FOUR, results)))


def test_four_seat_points_scores_and_differences():
    assert values("points", FREE_FOR_ALL) == {"A": 3, "B": 3, "C": 0, "D": 0}
    assert values("score", FREE_FOR_ALL) == {"A": 30, "B": 35, "C": 15, "D": 5}
    # Against the best opposing score: A 30-20; B 20-30 then 15-5; C 10-30 then 5-15; D 5-30.
    assert values("score_diff", FREE_FOR_ALL) == {"A": 10, "B": 0, "C": -30, "D": -25}


def test_four_seat_opponents_and_who_beat_whom():
    # Everyone at the table is an opponent. Win rates: A 1 (1 game), B 1/2, C 0, D 0.
    # A met B, C, D: 1/6; B met A, C, D, then C: 1/4; C met A, B, D, then B: 1/2; D met A, B, C: 1/2.
    assert values("sos", FREE_FOR_ALL) == {"A": 0.1667, "B": 0.25, "C": 0.5, "D": 0.5}
    # A out-ranked B (3 points), C and D (0); B lost to A, beat C and D (0 each); C beat only D.
    assert values("sonneborn_berger", FREE_FOR_ALL) == {"A": 3, "B": 0, "C": 0, "D": 0}
    history = EventHistory(FOUR, FREE_FOR_ALL)
    assert history.rounds_met("C", "D") == [1] and history.rounds_met("B", "C") == [1, 2]


def test_four_seat_standings_and_head_to_head():
    rows = rank(FOUR, FREE_FOR_ALL, ["points", "head_to_head", "score"])
    # A and B tie on 3 points; they met in round 1, where A out-scored B: A's game against the
    # group earned 3 points, B's 0.
    assert [(r.rank, r.player_id) for r in rows] == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert rows[0].metrics["head_to_head"] == 3 and rows[1].metrics["head_to_head"] == 0


def test_partners_are_not_opponents():
    assert values("points", TEAMS) == {"A": 3, "B": 3, "C": 0, "D": 0}
    assert values("score_diff", TEAMS) == {"A": 6, "B": 2, "C": -6, "D": -8}
    # Strength of schedule reads only the other team: red met blue (win rate 0), blue met red (1).
    assert values("sos", TEAMS) == {"A": 0, "B": 0, "C": 1, "D": 1}
    history = EventHistory(FOUR, TEAMS)
    assert history.rounds_met("A", "B") == [] and history.rounds_met("A", "C") == [1]
    rows = rank(FOUR, TEAMS, ["points", "score"])
    assert [(r.rank, r.player_id) for r in rows] == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]


def test_game_records_refuse_what_no_game_can_be():
    with pytest.raises(InvalidInput, match="two seats"):
        GameRecord(1, (SeatResult("A", "win"), SeatResult("A", "loss")))
    with pytest.raises(InvalidInput, match="unknown outcome"):
        GameRecord(1, (SeatResult("A", "won"), SeatResult("B", "loss")))
    with pytest.raises(InvalidInput, match="at least one seat"):
        GameRecord(1, ())


def test_ratings_follow_the_finishing_order_of_a_four_seat_game():
    ratings = rate_players(FREE_FOR_ALL[:1])
    ordinals = [ratings[p].ordinal for p in "ABCD"]
    assert ordinals == sorted(ordinals, reverse=True) and len(set(ordinals)) == 4
    assert all(ratings[p].games == 1 for p in "ABCD")


def test_team_ratings_move_partners_together():
    ratings = rate_players(TEAMS)
    assert ratings["A"].mu == pytest.approx(ratings["B"].mu) and ratings["A"].mu > 25 > ratings["C"].mu
    assert ratings["C"].mu == pytest.approx(ratings["D"].mu)


def test_each_metric_declares_its_games():
    # The generic metrics apply to every game; Battleground's knock-outs only to Battleground.
    assert {"points", "score", "score_diff", "sos", "head_to_head"} <= set(
        metrics_for("hoplomachus-remastered")
    )
    assert "knockouts" in metrics_for("motu-battleground") and "knockouts" not in metrics_for(
        "hoplomachus-remastered"
    )
    with pytest.raises(InvalidInput, match="does not apply"):
        rank(FOUR, FREE_FOR_ALL, ["points", "knockouts"], game="hoplomachus-remastered")
    rows = rank(FOUR, FREE_FOR_ALL, ["points"], game="hoplomachus-remastered")
    assert "knockouts" not in rows[0].metrics
