"""The leaderboard order (issue #10): score desc, then fewer rounds, then earlier verification; a player's
best entry only."""

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from challenges.ranking import best_per_player

T0 = datetime(2026, 11, 1, tzinfo=UTC)


def entry(id, player, score, rounds, minutes):
    return SimpleNamespace(
        id=id, player_id=player, score=score, rounds=rounds, verified_at=T0 + timedelta(minutes=minutes)
    )


def test_higher_score_then_fewer_rounds_then_earlier_verification():
    rows = [
        entry(1, "late", 10, 8, minutes=9),
        entry(2, "slow", 10, 12, minutes=1),
        entry(3, "best", 14, 12, minutes=5),
        entry(4, "early", 10, 8, minutes=2),
        entry(5, "low", -3, 1, minutes=0),
    ]
    assert [e.player_id for e in best_per_player(rows)] == ["best", "early", "late", "slow", "low"]


def test_one_row_per_player_their_best():
    rows = [
        entry(1, "ann", 5, 10, 0),
        entry(2, "ann", 9, 12, 3),
        entry(3, "bob", 7, 9, 1),
        entry(4, "ann", 9, 11, 4),
    ]
    board = best_per_player(rows)
    assert [(e.player_id, e.id) for e in board] == [("ann", 4), ("bob", 3)]


def test_an_entry_without_a_score_ranks_after_scored_ones():
    rows = [entry(1, "none", None, 3, 0), entry(2, "neg", -20, 12, 5)]
    assert [e.player_id for e in best_per_player(rows)] == ["neg", "none"]
