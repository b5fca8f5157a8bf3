"""Progressive (cumulative) score, FIDE C.07 (2023) Article 7.5: the sum of a player's running
scores after each round; and its Cut-1 (Article 14.1), without the least running score.

Worked by hand on the five-player field of test_tiebreak_metrics (3/1/0, a bye a round, D
drops after round 3), then on a pod of four scored by place and on a team game.
"""

from tests.tournaments.test_tiebreak_metrics import FIELD, RESULTS
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, GameRecord, ResultRecord, SeatResult
from tournaments.algorithms.rules import ScoringRules
from tournaments.algorithms.standings import rank
from tournaments.algorithms.tiebreaks import StandingsContext, get_metric, metrics_for


def values(key, results, field, rules=None):
    return get_metric(key).compute(StandingsContext(EventHistory(field, results, rules)))


def test_progressive_score_sums_the_running_scores_after_each_round():
    # Round points and running scores after rounds 1, 2, 3:
    #   A  W 3, D 1, L 0        3, 4, 4  -> 11
    #   B  L 0, bye 3, D 1      0, 3, 4  ->  7
    #   C  D 1, D 1, bye 3      1, 2, 5  ->  8
    #   D  D 1, L 0, D 1        1, 1, 2  ->  4
    #   E  bye 3, W 3, W 3      3, 6, 9  -> 18
    assert values("progressive", RESULTS, FIELD) == {"A": 11, "B": 7, "C": 8, "D": 4, "E": 18}


def test_cut_1_leaves_out_the_least_running_score():
    # Without the least running score (round 1's): A 4+4, B 3+4, C 2+5, D 1+2 (a 1 cut), E 6+9.
    assert values("progressive_cut1", RESULTS, FIELD) == {"A": 8, "B": 7, "C": 7, "D": 3, "E": 15}


def test_progressive_score_breaks_a_tie_on_points_for_whoever_scored_first():
    # A and B both end on 4 points; A scored 3 in round 1, B only in round 2.
    rows = rank(FIELD, RESULTS, ["points", "progressive"])
    assert [(r.player_id, r.rank) for r in rows] == [("E", 1), ("C", 2), ("A", 3), ("B", 4), ("D", 5)]
    assert rows[2].metrics["progressive"] == 11 and rows[3].metrics["progressive"] == 7


def test_a_round_without_a_game_keeps_the_running_score_and_starting_points_count_from_round_one():
    # F joined late with 3 starting points and has played nothing yet: 3 after each of 3 rounds.
    field = [*FIELD, Competitor("F", "Fay", starting_points=3)]
    assert values("progressive", RESULTS, field)["F"] == 9


def test_pods_scored_by_place():
    # Placement points 3, 2, 1, 0. Round 1, a pod of four: A 1st, B 2nd, C 3rd, D 4th.
    # Round 2, a pod of four: D 1st, C 2nd, A and B share 3rd ((1 + 0) / 2 = 0.5 each).
    #   A  3, 0.5   running 3, 3.5  -> 6.5     cut-1: 3.5
    #   B  2, 0.5   running 2, 2.5  -> 4.5     cut-1: 2.5
    #   C  1, 2     running 1, 3    -> 4       cut-1: 3
    #   D  0, 3     running 0, 3    -> 3       cut-1: 3
    four = [Competitor(p) for p in "ABCD"]
    pods = [
        GameRecord(
            1,
            (
                SeatResult("A", "win", 0, rank=1),
                SeatResult("B", "loss", 0, rank=2),
                SeatResult("C", "loss", 0, rank=3),
                SeatResult("D", "loss", 0, rank=4),
            ),
        ),
        GameRecord(
            2,
            (
                SeatResult("D", "win", 0, rank=1),
                SeatResult("C", "loss", 0, rank=2),
                SeatResult("A", "loss", 0, rank=3),
                SeatResult("B", "loss", 0, rank=3),
            ),
        ),
    ]
    rules = ScoringRules(placement=(3, 2, 1, 0))
    assert values("points", pods, four, rules) == {"A": 3.5, "B": 2.5, "C": 3, "D": 3}
    assert values("progressive", pods, four, rules) == {"A": 6.5, "B": 4.5, "C": 4, "D": 3}
    assert values("progressive_cut1", pods, four, rules) == {"A": 3.5, "B": 2.5, "C": 3, "D": 3}


def test_team_games():
    # Round 1: team red (A, B) beats team blue (C, D). Round 2: C beats A one against one
    # (B and D sit out). 3/1/0:
    #   A  3, 0   running 3, 3 -> 6      B  3, -   running 3, 3 -> 6
    #   C  0, 3   running 0, 3 -> 3      D  0, -   running 0, 0 -> 0
    four = [Competitor(p) for p in "ABCD"]
    games = [
        GameRecord(
            1,
            (
                SeatResult("A", "win", 12, team="red", rank=1),
                SeatResult("B", "win", 8, team="red", rank=1),
                SeatResult("C", "loss", 6, team="blue", rank=2),
                SeatResult("D", "loss", 4, team="blue", rank=2),
            ),
        ),
        ResultRecord(2, ("C", "A"), "win", (10, 5)),
    ]
    assert values("progressive", games, four) == {"A": 6, "B": 6, "C": 3, "D": 0}


def test_every_game_and_format_may_rank_by_progressive_score():
    for game in (None, "motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"):
        assert {"progressive", "progressive_cut1"} <= set(metrics_for(game))
