"""Tiebreak metrics and standings, checked against events worked out by hand.

Scoring is the default 3/1/0 unless a test says otherwise; a bye is a win worth 0 VP.
"""

import pytest

# Battleground's plugin registers the "knockouts" tiebreak on its knockouts_dealt component.
import games.battleground  # noqa: E402, F401
from tournaments.algorithms.errors import InvalidInput, UnknownMetric
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.rules import ScoringRules
from tournaments.algorithms.standings import rank
from tournaments.algorithms.tiebreaks import METRICS, Metric, StandingsContext, get_metric, register

# Five players, three rounds, one bye a round. D drops after round 3 but keeps the results.
#
#   round 1:  A beats B 15-5 (knock-outs 3-1)   C draws D 10-10 (2-2)   E bye
#   round 2:  A draws C 12-12 (1-1)             E beats D 14-6 (2-0)    B bye
#   round 3:  E beats A 10-8 (2-1)              B draws D 8-8 (1-1)     C bye
FIELD = [
    Competitor("A", "Ada"),
    Competitor("B", "Ben"),
    Competitor("C", "Cas"),
    Competitor("D", "Dee", dropped=True, dropped_after_round=3),
    Competitor("E", "Eve"),
]
RESULTS = [
    ResultRecord(1, ("A", "B"), "win", (15, 5), ({"knockouts_dealt": 3}, {"knockouts_dealt": 1})),
    ResultRecord(1, ("C", "D"), "draw", (10, 10), ({"knockouts_dealt": 2}, {"knockouts_dealt": 2})),
    ResultRecord.bye(1, "E"),
    ResultRecord(2, ("A", "C"), "draw", (12, 12), ({"knockouts_dealt": 1}, {"knockouts_dealt": 1})),
    ResultRecord(2, ("E", "D"), "win", (14, 6), ({"knockouts_dealt": 2}, {"knockouts_dealt": 0})),
    ResultRecord.bye(2, "B"),
    ResultRecord(3, ("E", "A"), "win", (10, 8), ({"knockouts_dealt": 2}, {"knockouts_dealt": 1})),
    ResultRecord(3, ("B", "D"), "draw", (8, 8), ({"knockouts_dealt": 1}, {"knockouts_dealt": 1})),
    ResultRecord.bye(3, "C"),
]


def values(key, results=RESULTS, rules=None, field=FIELD):
    return get_metric(key).compute(StandingsContext(EventHistory(field, results, rules)))


def test_tournament_points():
    # A: W 3 + D 1 + L 0 = 4      B: L 0 + bye 3 + D 1 = 4     C: D 1 + D 1 + bye 3 = 5
    # D: D 1 + L 0 + D 1 = 2      E: bye 3 + W 3 + W 3 = 9
    assert values("points") == {"A": 4, "B": 4, "C": 5, "D": 2, "E": 9}


def test_configurable_points_per_outcome():
    # 2/1/0: A 2+1+0 = 3, B 0+2+1 = 3, C 1+1+2 = 4, D 1+0+1 = 2, E 2+2+2 = 6
    rules = ScoringRules(win=2, draw=1, loss=0)
    assert values("points", rules=rules) == {"A": 3, "B": 3, "C": 4, "D": 2, "E": 6}


def test_vp_scored_and_difference_with_neutral_byes():
    # VP scored:  A 15+12+8 = 35   B 5+8 = 13   C 10+12 = 22   D 10+6+8 = 24   E 14+10 = 24
    # conceded:   A 5+12+10 = 27   B 15+8 = 23  C 10+12 = 22   D 10+14+8 = 32  E 6+8 = 14
    assert values("score") == {"A": 35, "B": 13, "C": 22, "D": 24, "E": 24}
    assert values("score_diff") == {"A": 8, "B": -10, "C": 0, "D": -8, "E": 10}


def test_bye_vp_come_from_the_scoring_rules():
    # A bye worth 10-0: E, B and C each had one bye, so each gains 10 scored and 10 difference.
    rules = ScoringRules(bye_vp_for=10, bye_vp_against=0)
    assert values("score", rules=rules) == {"A": 35, "B": 23, "C": 32, "D": 24, "E": 34}
    assert values("score_diff", rules=rules) == {"A": 8, "B": 0, "C": 10, "D": -8, "E": 20}


def test_knockouts_dealt():
    # A 3+1+1 = 5   B 1+1 = 2   C 2+1 = 3   D 2+0+1 = 3   E 2+2 = 4 (byes deal none)
    assert values("knockouts") == {"A": 5, "B": 2, "C": 3, "D": 3, "E": 4}


def test_strength_of_schedule_is_the_opponents_win_rate_without_byes():
    # Best Coast Pairings' strength of schedule: the opponents' average win rate, byes left out.
    # Win rates over games played (a draw is half a win): A W D L = 1/2, B L D = 1/4,
    # C D D = 1/2, D D L D = 1/3, E W W = 1 (E's and B's and C's byes are not games).
    # A met B, C, E: (1/4 + 1/2 + 1) / 3 = 7/12    B met A, D: (1/2 + 1/3) / 2 = 5/12
    # C met D, A: 5/12    D met C, E, B: 7/12    E met D, A: 5/12 (averaged over 2 games, not 3)
    assert values("sos") == {"A": 0.5833, "B": 0.4167, "C": 0.4167, "D": 0.5833, "E": 0.4167}


def test_buchholz_counts_a_bye_as_a_dummy_with_the_players_own_score():
    # FIDE C.07 Articles 8.1 and 16.4: each opponent's score, and for a bye the player's own.
    # A: B 4 + C 5 + E 9 = 18     B: A 4 + D 2 + bye 4 = 10     C: D 2 + A 4 + bye 5 = 11
    # D: C 5 + E 9 + B 4 = 18     E: bye 9 + D 2 + A 4 = 15
    assert values("buchholz") == {"A": 18, "B": 10, "C": 11, "D": 18, "E": 15}
    # Cut-1 (Article 14.1) drops the lowest value: A 18-4, B 10-2, C 11-2, D 18-4, E 15-2.
    assert values("buchholz_cut1") == {"A": 14, "B": 8, "C": 9, "D": 14, "E": 13}


def test_median_buchholz_trims_players_with_a_bye_like_everyone_else():
    # FIDE C.07 Article 14.3, Median-1: cut the lowest value, then the highest. With the bye
    # counted as a dummy (Article 16.4) everyone has three values:
    # A [4, 5, 9] -> 5    B [4, 2, 4] -> 4    C [2, 4, 5] -> 4    D [5, 9, 4] -> 5    E [9, 2, 4] -> 4
    # (before Article 16, the bye players B, C and E kept both their values and led with 6).
    assert values("median_buchholz") == {"A": 5, "B": 4, "C": 4, "D": 5, "E": 4}


def test_sonneborn_berger_counts_beaten_opponents_fully_drawn_ones_half_and_a_bye_as_a_win():
    # FIDE C.07 Article 9.1, with a bye a win against a dummy with the player's own score (16.4):
    # A: beat B (4) -> 4, drew C (5) -> 2.5, lost to E -> 0          = 6.5
    # B: lost to A -> 0, bye (own 4) -> 4, drew D (2) -> 1           = 5
    # C: drew D (2) -> 1, drew A (4) -> 2, bye (own 5) -> 5          = 8
    # D: drew C (5) -> 2.5, lost to E -> 0, drew B (4) -> 2          = 4.5
    # E: bye (own 9) -> 9, beat D (2) -> 2, beat A (4) -> 4          = 15
    assert values("sonneborn_berger") == {"A": 6.5, "B": 5, "C": 8, "D": 4.5, "E": 15}


# Four rounds; Z wins twice and drops after round 2, so rounds 3 and 4 are unplayed for Z.
#   round 1:  W beats X    Z beats Y
#   round 2:  W beats Y    Z beats X
#   round 3:  X beats Y    W bye
#   round 4:  Y beats W    X bye
# Points: W 3+3+3+0 = 9, X 0+0+3+3 = 6, Y 0+0+0+3 = 3, Z 3+3 = 6.
WITHDRAWAL_FIELD = [Competitor(p) for p in "WXY"] + [Competitor("Z", dropped=True, dropped_after_round=2)]
WITHDRAWAL = [
    ResultRecord(1, ("W", "X"), "win"),
    ResultRecord(1, ("Z", "Y"), "win"),
    ResultRecord(2, ("W", "Y"), "win"),
    ResultRecord(2, ("Z", "X"), "win"),
    ResultRecord(3, ("X", "Y"), "win"),
    ResultRecord.bye(3, "W"),
    ResultRecord(4, ("Y", "W"), "win"),
    ResultRecord.bye(4, "X"),
]


def withdrawal(key):
    return values(key, results=WITHDRAWAL, field=WITHDRAWAL_FIELD)


def test_buchholz_reads_a_withdrawn_opponents_missed_rounds_as_draws():
    # FIDE C.07 Article 16.3.2: Z's two rounds after withdrawing count as draws for opponents,
    # so Z weighs 6 + 1 + 1 = 8 in their Buchholz. Z's own missed rounds are games against a
    # dummy with Z's own score, 6 (Article 16.4).
    # W: X 6 + Y 3 + bye 9 + Y 3 = 21      X: W 9 + Z 8 + Y 3 + bye 6 = 26
    # Y: Z 8 + W 9 + X 6 + W 9 = 32        Z: Y 3 + X 6 + dummy 6 + dummy 6 = 21
    assert withdrawal("buchholz") == {"W": 21, "X": 26, "Y": 32, "Z": 21}


def test_cut_one_cuts_a_voluntary_unplayed_round_first():
    # FIDE C.07 Article 16.5: Z has voluntary unplayed rounds, so Cut-1 removes one of those
    # (6), not the weakest opponent (Y, 3): 21 - 6 = 15. The others lose their lowest value:
    # W 21 - 3 = 18, X 26 - 3 = 23, Y 32 - 6 = 26.
    assert withdrawal("buchholz_cut1") == {"W": 18, "X": 23, "Y": 26, "Z": 15}
    # Median-1 then also cuts the highest: W [6, 9, 3] -> 9, X [9, 8, 6] -> 14,
    # Y [8, 9, 9] -> 17, Z [3, 6, 6] -> 9.
    assert withdrawal("median_buchholz") == {"W": 9, "X": 14, "Y": 17, "Z": 9}


def test_sonneborn_berger_with_a_withdrawal():
    # W: beat X 6 + beat Y 3 + bye (own 9) + lost to Y 0 = 18     X: beat Y 3 + bye (own 6) = 9
    # Y: beat W 9 = 9     Z: beat Y 3 + beat X 6; its missed rounds are losses to the dummy = 9
    assert withdrawal("sonneborn_berger") == {"W": 18, "X": 9, "Y": 9, "Z": 9}


def test_strength_of_schedule_with_a_withdrawal_and_byes():
    # Win rates: W 2/3 (W W L), X 1/3, Y 1/4, Z 1 (two wins, nothing after dropping).
    # W met X, Y, Y: (1/3 + 1/4 + 1/4) / 3 = 5/18     X met W, Z, Y: (2/3 + 1 + 1/4) / 3 = 23/36
    # Y met Z, W, X, W: (1 + 2/3 + 1/3 + 2/3) / 4 = 2/3     Z met Y, X: (1/4 + 1/3) / 2 = 7/24
    assert withdrawal("sos") == {"W": 0.2778, "X": 0.6389, "Y": 0.6667, "Z": 0.2917}


def test_rank_sorts_by_keys_and_carries_every_metric():
    rows = rank(FIELD, RESULTS, ["points", "sos"])
    # E 9; C 5; A and B on 4 separated by strength of schedule 18 > 6; D 2.
    assert [(r.rank, r.player_id) for r in rows] == [(1, "E"), (2, "C"), (3, "A"), (4, "B"), (5, "D")]
    assert set(rows[0].metrics) == set(METRICS)
    assert rows[2].metrics["sonneborn_berger"] == 6.5
    dee = rows[-1]
    assert dee.dropped and dee.name == "Dee"


def test_exact_ties_share_a_rank():
    rows = rank(FIELD, RESULTS, ["points"])
    # A and B tie on 4 points: both 3rd, then D is 5th (competition ranking "1, 2, 3, 3, 5").
    assert [(r.rank, r.player_id) for r in rows] == [(1, "E"), (2, "C"), (3, "A"), (3, "B"), (5, "D")]


def test_head_to_head_between_two_tied_players():
    # A and B tie on 4 points; A beat B in round 1, so A's head-to-head is 3 and B's 0.
    rows = rank(FIELD, RESULTS, ["points", "head_to_head", "score"])
    assert [r.player_id for r in rows] == ["E", "C", "A", "B", "D"]
    # The others are tied with nobody: head-to-head does not apply to them (None, shown blank).
    assert {r.player_id: r.metrics["head_to_head"] for r in rows} == {
        "A": 3,
        "B": 0,
        "C": None,
        "D": None,
        "E": None,
    }


# Three players tied on 4 points who all met each other, plus two outsiders.
#   round 1:  P beats Q      R beats X
#   round 2:  Q beats R      X beats P
#   round 3:  P draws R      Q draws Y     X bye
# Points: P 3+0+1 = 4, Q 0+3+1 = 4, R 3+0+1 = 4, X 0+3+3 = 6, Y 1.
# Mini-league of {P, Q, R}: P beat Q (3) and drew R (1) = 4; Q beat R = 3; R drew P = 1.
TRIO_FIELD = [Competitor(pid) for pid in ("P", "Q", "R", "X", "Y")]
TRIO_RESULTS = [
    ResultRecord(1, ("P", "Q"), "win", (1, 0)),
    ResultRecord(1, ("R", "X"), "win"),
    ResultRecord(2, ("Q", "R"), "win"),
    ResultRecord(2, ("X", "P"), "win"),
    ResultRecord(3, ("P", "R"), "draw"),
    ResultRecord(3, ("Q", "Y"), "draw", (5, 0)),
    ResultRecord.bye(3, "X"),
]


def test_head_to_head_inside_a_complete_group_of_three():
    rows = rank(TRIO_FIELD, TRIO_RESULTS, ["points", "head_to_head"])
    assert [(r.rank, r.player_id) for r in rows] == [(1, "X"), (2, "P"), (3, "Q"), (4, "R"), (5, "Y")]
    assert [r.metrics["head_to_head"] for r in rows] == [None, 4, 3, 1, None]


def test_head_to_head_does_not_separate_a_group_that_did_not_all_meet():
    # A round-4 bye lifts Y to 4 points: the tie group is {P, Q, R, Y}, and Y never met P or
    # R, so head-to-head is skipped (None for everyone) and the next key (VP scored) decides:
    # Q 5, P 1, R 0, Y 0 -> R and Y stay tied and share 4th place.
    results = [*TRIO_RESULTS, ResultRecord.bye(4, "Y")]
    rows = rank(TRIO_FIELD, results, ["points", "head_to_head", "score"])
    assert [(r.rank, r.player_id) for r in rows] == [(1, "X"), (2, "Q"), (3, "P"), (4, "R"), (4, "Y")]
    assert all(r.metrics["head_to_head"] is None for r in rows)


def test_head_to_head_applies_only_within_the_tie_left_by_earlier_keys():
    # Order points, VP scored, head-to-head: P (1 VP) and Q (5 VP) are no longer tied with
    # R (0 VP) after VP, so head-to-head only sees groups of one and does not apply.
    rows = rank(TRIO_FIELD, TRIO_RESULTS, ["points", "score", "head_to_head"])
    assert [r.player_id for r in rows] == ["X", "Q", "P", "R", "Y"]
    assert {r.player_id: r.metrics["head_to_head"] for r in rows}["P"] is None


def test_head_to_head_outside_the_order_is_computed_within_points_groups():
    rows = rank(TRIO_FIELD, TRIO_RESULTS, ["points", "score"])
    assert {r.player_id: r.metrics["head_to_head"] for r in rows} == {
        "P": 4,
        "Q": 3,
        "R": 1,
        "X": None,
        "Y": None,
    }


def test_before_round_ranks_on_earlier_results_only():
    rows = rank(FIELD, RESULTS, ["points"], before_round=2)
    # After round 1: A 3, E 3 (bye), C 1, D 1, B 0.
    assert {r.player_id: r.metrics["points"] for r in rows} == {"A": 3, "E": 3, "C": 1, "D": 1, "B": 0}


def test_bad_orders_and_unknown_keys_name_the_problem():
    with pytest.raises(UnknownMetric, match="unknown tiebreak 'elo'"):
        rank(FIELD, RESULTS, ["points", "elo"])
    with pytest.raises(InvalidInput, match="repeats a key"):
        rank(FIELD, RESULTS, ["points", "points"])
    with pytest.raises(InvalidInput, match="not a competitor"):
        rank(FIELD[:2], RESULTS, ["points"])


def test_adding_a_tiebreak_is_adding_a_class():
    @register
    class Wins(Metric):
        key = "test_wins"
        name = "Wins"

        def compute(self, context):
            return {
                pid: sum(1 for g in games if g.outcome == "win")
                for pid, games in context.history.games.items()
            }

    try:
        rows = rank(FIELD, RESULTS, ["test_wins", "points"])
        # Wins (byes included): E 3, A 1, B 1, C 1, D 0; ties broken by points C 5 > A 4 = B 4.
        assert [r.player_id for r in rows] == ["E", "C", "A", "B", "D"]
        with pytest.raises(ValueError, match="already registered"):
            register(Wins)
    finally:
        del METRICS["test_wins"]
