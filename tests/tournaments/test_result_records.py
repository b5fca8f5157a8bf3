"""Input records: what a ResultRecord accepts and the errors that name the problem."""

import pytest

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Competitor, ResultRecord, seeding_order
from tournaments.algorithms.rules import ScoringRules


def test_the_second_seat_outcome_mirrors_the_first():
    assert ResultRecord(1, ("a", "b"), "win").outcomes[1] == "loss"
    assert ResultRecord(1, ("a", "b"), "loss").outcomes[1] == "win"
    assert ResultRecord(1, ("a", "b"), "draw").outcomes[1] == "draw"


def test_double_loss_is_allowed_but_win_win_is_not():
    assert ResultRecord(1, ("a", "b"), ("loss", "loss")).outcomes[1] == "loss"
    with pytest.raises(InvalidInput, match="not a possible result"):
        ResultRecord(1, ("a", "b"), ("win", "win"))


def test_unknown_outcome_and_self_play_are_rejected():
    with pytest.raises(InvalidInput, match="unknown outcome"):
        ResultRecord(1, ("a", "b"), "victory")
    with pytest.raises(InvalidInput, match="cannot play themself"):
        ResultRecord(1, ("a", "a"), "win")


def test_seats_need_one_outcome_score_and_components_each():
    record = ResultRecord(2, ["a", "b"], ["win", "loss"], [3, 1])
    assert record.players == ("a", "b") and record.components == ({}, {})
    assert [(s.player, s.outcome, s.score) for s in record.seats] == [("a", "win", 3), ("b", "loss", 1)]
    with pytest.raises(InvalidInput, match="one outcome, score and components per seat"):
        ResultRecord(2, ("a", "b"), "win", (3,))
    with pytest.raises(InvalidInput, match="one or two players"):
        ResultRecord(2, ("a", "b", "c"), ("win", "loss", "loss"))


def test_a_bye_is_a_win_without_scores():
    bye = ResultRecord.bye(3, "a")
    assert bye.is_bye and bye.outcomes == ("win",) and bye.players == ("a",)
    with pytest.raises(InvalidInput, match="what a bye is worth comes from the event's scoring rules"):
        ResultRecord(3, ("a",), "win", (10,))
    with pytest.raises(InvalidInput, match="must be recorded as a win"):
        ResultRecord(3, ("a",), "loss")


def test_scoring_rules_reject_a_loss_worth_more_than_a_win():
    with pytest.raises(InvalidInput):
        ScoringRules(win=0, draw=1, loss=3)


def test_seeding_order_uses_seed_then_rating_then_entry_order():
    field = [
        Competitor("unrated"),
        Competitor("low", rating=1400),
        Competitor("seed2", seed=2),
        Competitor("high", rating=1800),
        Competitor("seed1", seed=1, rating=1000),
        Competitor("unrated2"),
    ]
    assert [c.id for c in seeding_order(field)] == ["seed1", "seed2", "high", "low", "unrated", "unrated2"]
