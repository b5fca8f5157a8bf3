"""Pure statistics: run with ``pytest -p no:django tests/dashboards/test_stats.py``."""

from __future__ import annotations

import math

import pytest

from dashboards import stats


def wilson_by_formula(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval written out exactly as in Wilson (1927) / Newcombe (1998)."""
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (3, 10), (5, 10), (7, 9), (50, 100), (81, 263), (999, 1000)])
def test_wilson_matches_the_formula(k, n):
    low, high = stats.wilson_interval(k, n)
    f_low, f_high = wilson_by_formula(k, n)
    assert low == pytest.approx(max(0.0, f_low), abs=1e-12)
    assert high == pytest.approx(min(1.0, f_high), abs=1e-12)
    assert low <= k / n <= high


@pytest.mark.parametrize(
    "k,n,low,high",
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_published_values(k, n, low, high):
    got = stats.wilson_interval(k, n)
    assert got[0] == pytest.approx(low, abs=5e-5)
    assert got[1] == pytest.approx(high, abs=5e-5)


def test_wilson_edges():
    assert stats.wilson_interval(0, 0) is None
    assert stats.wilson_interval(0, 10)[0] == 0.0
    assert stats.wilson_interval(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        stats.wilson_interval(11, 10)
    assert stats.Z_95 == 1.959963984540054


def test_rates_by_hand():
    # 5 wins, 2 draws, 3 losses in 10 games.
    assert stats.win_rate(5, 10) == 0.5
    assert stats.score_rate(5, 2, 10) == 0.6
    assert stats.win_rate(0, 0) is None
    assert stats.score_rate(0, 0, 0) is None


def test_binomial_test_by_hand():
    # 9 wins, 1 loss: P(X >= 9) + P(X <= 1) for X ~ Bin(10, 1/2) = 2 * 11 / 1024.
    flag = stats.balance_flag(9, 1, 10)
    assert flag.p_value == pytest.approx(22 / 1024)
    assert flag.grade == "weak" and flag.direction == "over"
    assert flag.test == "two-sided exact binomial test"
    # 0 wins, 12 losses: 2 / 4096 → p < 0.001.
    flag = stats.balance_flag(0, 12, 12)
    assert flag.p_value == pytest.approx(2 / 4096)
    assert flag.grade == "very strong" and flag.direction == "under"


def test_draws_are_left_out_of_the_balance_test():
    # 6 wins, 4 draws, 0 losses: the test sees 6 decisive games, all won: p = 2/64.
    flag = stats.balance_flag(6, 0, 10)
    assert flag.p_value == pytest.approx(2 / 64)
    assert stats.balance_flag(0, 0, 10).label == "no decisive games"


def test_too_few_games_are_never_flagged():
    flag = stats.balance_flag(9, 0, 9)
    assert flag.p_value is None and flag.grade is None and flag.label == "too few games"
    assert stats.balance_flag(9, 0, 9, min_games=5).grade == "strong"  # p = 2/512


@pytest.mark.parametrize(
    "p,grade",
    [(0.0009, "very strong"), (0.001, "strong"), (0.009, "strong"), (0.01, "weak"), (0.049, "weak"), (0.05, None), (0.5, None), (None, None)],
)  # fmt: skip
def test_grades(p, grade):
    assert stats.grade(p) == grade


def test_decorate_rate_row():
    row = stats.decorate_rate_row(
        {"key": "x", "games": 12, "wins": 6, "draws": 2, "losses": 4}, total_sides=40
    )
    assert row["win_rate"] == 0.5
    assert row["score_rate"] == pytest.approx(7 / 12)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(stats.wilson_interval(6, 12))
    assert row["pick_rate"] == 12 / 40
    assert row["too_few_games"] is False
    few = stats.decorate_rate_row(
        {"key": "y", "games": 3, "wins": 3, "draws": 0, "losses": 0}, total_sides=40
    )
    assert few["too_few_games"] is True and few["balance"] == "too few games"


def test_dice_luck():
    # 140 dice, 70 expected (p̄ = 0.5): sd = sqrt(35); 80 successes → z = 10 / sqrt(35).
    luck = stats.dice_luck(140, 80, 70.0)
    assert luck.z == pytest.approx(10 / math.sqrt(35))
    assert luck.difference == 10 and luck.ratio == pytest.approx(80 / 70)
    assert luck.flag.grade is None  # p ≈ 0.091
    lucky = stats.dice_luck(600, 360, 300.0)  # z = 60 / sqrt(150) ≈ 4.9
    assert lucky.flag.grade == "very strong" and lucky.flag.direction == "over"
    assert stats.dice_luck(10, 8, 5.0).flag.label == "too few dice"


def test_dice_z_is_the_z_of_dice_luck():
    # The public distributions take the z-score alone; it must be the named table's, bit for bit, and None
    # exactly where the table tests nothing (too few dice, nothing or everything expected).
    assert stats.dice_z(140, 80, 70.0) == pytest.approx(10 / math.sqrt(35))
    cases = [(140, 80, 70.0), (600, 360, 300.0), (31, 2, 17.25), (30, 30, 29.9999), (29, 20, 10.0),
             (10, 8, 5.0), (50, 0, 0.0), (50, 50, 50.0), (1000, 123, 456.7), (30, 0, 0.0001)]  # fmt: skip
    for dice, successes, expected in cases:
        assert stats.dice_z(dice, successes, expected) == stats.dice_luck(dice, successes, expected).z
    assert stats.dice_z(29, 20, 10.0) is None and stats.dice_z(50, 50, 50.0) is None
    fewer_needed = stats.dice_z(29, 20, 10.0, min_dice=20)
    assert fewer_needed is not None and fewer_needed == stats.dice_luck(29, 20, 10.0, min_dice=20).z


def test_expected_false_flags():
    assert stats.expected_false_flags(40) == pytest.approx(2.0)


def test_binomial_p_value_equals_scipy_binomtest():
    from scipy.stats import binomtest

    for n in (1, 2, 3, 10, 11, 25, 100, 257):
        for k in range(0, n + 1, max(1, n // 20)):
            expected = binomtest(k, n, 0.5, alternative="two-sided").pvalue
            assert stats.binomial_p_value(k, n) == pytest.approx(expected, rel=1e-9, abs=1e-300), (k, n)
    assert stats.binomial_p_value(0, 0) == 1.0


def test_normal_p_value():
    from scipy.stats import norm

    for z in (0.0, 0.5, 1.959963984540054, 3.3, -4.0):
        assert stats.normal_two_sided_p(z) == pytest.approx(2 * norm.sf(abs(z)), rel=1e-12)
    assert stats.normal_two_sided_p(1.959963984540054) == pytest.approx(0.05, rel=1e-12)
