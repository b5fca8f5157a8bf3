"""Single-elimination brackets: seeding order, byes for top seeds, advancing, draw rules."""

import pytest

from tournaments.algorithms.elimination import (
    EliminationBracket,
    bracket_size,
    seed_positions,
    seeds_from_standings,
)
from tournaments.algorithms.errors import InvalidInput, PairingError
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.standings import rank


def test_standard_seed_positions():
    assert seed_positions(2) == [1, 2]
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(PairingError):
        seed_positions(6)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seed_positions_keep_top_seeds_apart(size):
    order = seed_positions(size)
    assert sorted(order) == list(range(1, size + 1))
    # Every first-round pair sums to size + 1, and seeds 1 and 2 are in opposite halves.
    assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}
    assert (order.index(1) < size // 2) != (order.index(2) < size // 2)


def test_bracket_size():
    assert [bracket_size(n) for n in (2, 3, 5, 8, 9)] == [2, 4, 8, 8, 16]


def test_eight_players_first_round():
    bracket = EliminationBracket(list("ABCDEFGH"))
    pairings = bracket.first_round()
    # Seeds 1-8, 4-5, 2-7, 3-6: A-H, D-E, B-G, C-F.
    assert [(p.table, p.a, p.b) for p in pairings] == [
        (1, "A", "H"),
        (2, "D", "E"),
        (3, "B", "G"),
        (4, "C", "F"),
    ]
    assert pairings[0].reason == "bracket: seed 1 vs seed 8"
    assert bracket.rounds == 3


def test_six_players_give_byes_to_the_top_two_seeds():
    bracket = EliminationBracket(list("ABCDEF"))
    pairings = bracket.first_round()
    # Bracket of 8: seeds 7 and 8 do not exist, so seeds 1 and 2 have byes.
    assert [(p.a, p.b) for p in pairings] == [("A", None), ("D", "E"), ("B", None), ("C", "F")]
    assert pairings[0].reason == "bye: seed 1 of 6 in a bracket of 8"


def test_winners_advance_in_bracket_order():
    bracket = EliminationBracket(list("ABCDEF"))
    first = bracket.first_round()
    results = [ResultRecord(1, ("E", "D"), "win"), ResultRecord(1, ("C", "F"), "loss")]
    second = bracket.next_round(first, results, 1)
    # Table 1: A (bye) vs winner of D-E (E, seed 5); table 2: B (bye) vs F (seed 6, beat C).
    assert [(p.table, p.a, p.b) for p in second] == [(1, "A", "E"), (2, "B", "F")]
    assert second[0].reason == "bracket: seed 1 vs seed 5 (winners of tables 1 and 2)"
    final = bracket.next_round(
        second, [ResultRecord(2, ("A", "E"), "loss"), ResultRecord(2, ("B", "F"), "win")], 2
    )
    assert [(p.a, p.b) for p in final] == [("B", "E")]  # B is seed 2, E seed 5
    with pytest.raises(PairingError, match="decided after round 3: E won"):
        bracket.next_round(final, [ResultRecord(3, ("E", "B"), "win")], 3)


def test_missing_results_are_an_error():
    bracket = EliminationBracket(list("ABCD"))
    with pytest.raises(PairingError, match="no result yet for A vs D"):
        bracket.next_round(bracket.first_round(), [ResultRecord(1, ("B", "C"), "win")], 1)


def test_results_of_other_rounds_are_not_used():
    bracket = EliminationBracket(list("ABCD"))
    # A and D met in a Swiss round 2 earlier; only the bracket round counts.
    results = [
        ResultRecord(2, ("D", "A"), "win"),
        ResultRecord(5, ("A", "D"), "win"),
        ResultRecord(5, ("B", "C"), "win"),
    ]
    assert bracket.winners(bracket.first_round(), results, 5) == ["A", "B"]


# A drawn quarter-final between seed 4 (D) and seed 5 (E): E scored more VP, D dealt more
# knock-outs.
DRAW = ResultRecord(1, ("D", "E"), "draw", (10, 12), ({"knockouts_dealt": 3}, {"knockouts_dealt": 1}))


# Draw breaks: better seed (nothing compared), more score (VP), and Battleground's more
# knock-outs dealt, then more VP.
HIGHER_SEED, MORE_SCORE, MORE_KNOCKOUTS = (), ("score",), ("knockouts_dealt", "score")


@pytest.mark.parametrize(
    ("draw_break", "winner"),
    [(HIGHER_SEED, "D"), (MORE_SCORE, "E"), (MORE_KNOCKOUTS, "D")],
)
def test_draw_breaks(draw_break, winner):
    assert EliminationBracket(list("ABCDEFGH"), draw_break).winner(DRAW) == winner


def test_draw_breaks_fall_back_to_the_better_seed():
    level = ResultRecord(1, ("E", "D"), "draw", (10, 10), ({"knockouts_dealt": 2}, {"knockouts_dealt": 2}))
    for draw_break in (HIGHER_SEED, MORE_SCORE, MORE_KNOCKOUTS):
        assert EliminationBracket(list("ABCDEFGH"), draw_break).winner(level) == "D"
    # More knock-outs looks at VP before seeding.
    ko_tie = ResultRecord(1, ("E", "D"), "draw", (11, 10), ({"knockouts_dealt": 2}, {"knockouts_dealt": 2}))
    assert EliminationBracket(list("ABCDEFGH"), MORE_KNOCKOUTS).winner(ko_tie) == "E"


def test_a_double_loss_is_resolved_like_a_draw():
    double = ResultRecord(1, ("D", "E"), ("loss", "loss"), (1, 9))
    assert EliminationBracket(list("ABCDEFGH"), MORE_SCORE).winner(double) == "E"


def test_bad_brackets_are_rejected():
    with pytest.raises(InvalidInput, match="sequence of keys"):
        EliminationBracket(list("AB"), "more_vp")
    with pytest.raises(InvalidInput, match="appears twice"):
        EliminationBracket(list("ABA"))
    with pytest.raises(PairingError, match="at least two players"):
        EliminationBracket(["A"])


def test_seeds_from_standings_skip_dropped_players():
    field = [Competitor("A"), Competitor("B", dropped=True), Competitor("C"), Competitor("D")]
    results = [ResultRecord(1, ("A", "B"), "loss"), ResultRecord(1, ("C", "D"), "win")]
    rows = rank(field, results, ["points"])
    # B and C on 3 points (B first by entry order), A and D on 0; B dropped.
    assert seeds_from_standings(rows) == ["C", "A", "D"]
    assert seeds_from_standings(rows, cut=2) == ["C", "A"]
