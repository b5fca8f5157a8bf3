"""Pure statistics for the meta pages: rates, Wilson intervals, balance tests and dice luck.

Nothing here touches Django or the database, so the tests for it run in milliseconds
(``pytest -p no:django tests/dashboards/test_stats.py``). Every function takes plain counts
and returns plain numbers or small frozen dataclasses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy.special import bdtr

# The 97.5th percentile of the standard normal: a two-sided 95% interval.
Z_95 = 1.959963984540054

# Below this many games a rate is shown greyed with "too few games" and is never flagged.
DEFAULT_MIN_GAMES = 10

BALANCE_TEST_NAME = "two-sided exact binomial test"
BALANCE_TEST_DESCRIPTION = (
    f"The {BALANCE_TEST_NAME} (as scipy.stats.binomtest) of wins against losses in decisive "
    "games (draws left out), against the null hypothesis that a win is as likely as a loss (p = 0.5)."
)
DICE_TEST_NAME = "two-sided z-test (normal approximation)"
DICE_TEST_DESCRIPTION = (
    f"A {DICE_TEST_NAME}: observed minus expected successes, divided by sqrt(dice × p̄ × (1 − p̄)) where p̄ = expected ÷ dice, "
    "compared with the standard normal distribution. Treating every die as one Bernoulli trial with "
    "the average chance p̄ overstates the variance a little, so the test errs on the side of 'no flag'."
)

# (threshold, evidence) from the strictest down, like Tabbycat's motion balance grades
# χ² statistics against critical values; we grade the test's p-value directly.
SIGNIFICANCE_LEVELS: tuple[tuple[float, str], ...] = (
    (0.001, "very strong"),
    (0.01, "strong"),
    (0.05, "weak"),
)


def rate(part: int | float, whole: int | float) -> float | None:
    """``part / whole``, or None when there is nothing to divide by (a rate of no games is unknown, not 0)."""
    return part / whole if whole else None


def win_rate(wins: int, games: int) -> float | None:
    """Wins over games; a draw counts as a game that was not won."""
    return rate(wins, games)


def score_rate(wins: int, draws: int, games: int) -> float | None:
    """(wins + draws / 2) over games: a draw is worth half a win."""
    return rate(wins + draws / 2, games)


def wilson_interval(successes: int | float, n: int, z: float = Z_95) -> tuple[float, float] | None:
    """Wilson score interval for a binomial proportion ``successes / n``.

    Returns ``(low, high)`` clipped to [0, 1], or None when ``n`` is 0. Unlike the textbook
    p ± z·sqrt(p(1−p)/n) interval it never collapses to a point at 0 or n successes, which
    matters for the small samples a new entry starts with.
    """
    if n <= 0:
        return None
    if successes < 0 or successes > n:
        raise ValueError(f"successes must lie in 0..{n}, got {successes}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half_width = (z / denominator) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0 or n successes the bound is exactly 0 or 1; say so rather than 0.9999999999999998.
    low = 0.0 if successes == 0 else max(0.0, centre - half_width)
    high = 1.0 if successes == n else min(1.0, centre + half_width)
    return low, high


def binomial_p_value(successes: int, trials: int) -> float:
    """Two-sided exact binomial test of ``successes`` in ``trials`` against p = 0.5.

    Equal to ``scipy.stats.binomtest(successes, trials, 0.5).pvalue`` (the tests check this on a
    grid): with p = 0.5 the distribution is symmetric, so the outcomes at least as unlikely as
    the one seen are the two tails beyond min(k, n − k) and the p-value is twice the smaller
    tail. Computed with the binomial CDF ufunc because binomtest costs milliseconds a call,
    which a page with hundreds of entries notices.
    """
    if trials <= 0:
        return 1.0
    tail = min(successes, trials - successes)
    return min(1.0, 2.0 * float(bdtr(tail, trials, 0.5)))


def normal_two_sided_p(z: float) -> float:
    """P(|Z| ≥ |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def too_few_games(games: int, min_games: int = DEFAULT_MIN_GAMES) -> bool:
    return games < min_games


@dataclass(frozen=True)
class Flag:
    """The verdict of a significance test on one entry, ready to show.

    ``grade`` is None when the test found nothing at the 5% level (or was not run);
    ``direction`` is "over" / "under" (performs better / worse than the null) or None.
    """

    test: str
    p_value: float | None
    grade: str | None
    direction: str | None
    label: str

    def as_dict(self) -> dict:
        return {
            "test": self.test,
            "p_value": self.p_value,
            "grade": self.grade,
            "direction": self.direction,
            "label": self.label,
        }


def grade(p_value: float | None) -> str | None:
    """The evidence grade of a p-value: "very strong" (<0.001), "strong" (<0.01), "weak" (<0.05) or None."""
    if p_value is None:
        return None
    for threshold, evidence in SIGNIFICANCE_LEVELS:
        if p_value < threshold:
            return evidence
    return None


def _describe(direction: str | None, evidence: str | None, p_value: float | None, what: str) -> str:
    if evidence is None:
        return f"no evidence of imbalance (p = {p_value:.3g})" if p_value is not None else "not tested"
    verb = "over" if direction == "over" else "under"
    return f"{verb}-performs: {evidence} evidence (p = {p_value:.2g}, {what})"


def balance_flag(wins: int, losses: int, games: int, min_games: int = DEFAULT_MIN_GAMES) -> Flag:
    """Does an entry win more (or less) often than it loses, beyond what chance explains?

    Draws carry no information about which side is stronger, so the test uses decisive games
    only: under the null hypothesis each decisive game is a fair coin (p = 0.5), the same null
    Tabbycat uses for motion balance (there with a χ² test of affirmative against negative wins;
    the exact binomial test is its small-sample-safe equivalent). Entries with fewer than
    ``min_games`` games are not tested at all, so that a 3–0 start is never flagged.
    """
    if too_few_games(games, min_games):
        return Flag(BALANCE_TEST_NAME, None, None, None, "too few games")
    decisive = wins + losses
    if decisive == 0:
        return Flag(BALANCE_TEST_NAME, None, None, None, "no decisive games")
    p_value = binomial_p_value(wins, decisive)
    evidence = grade(p_value)
    direction = None
    if evidence is not None:
        direction = "over" if wins > losses else "under"
    return Flag(
        BALANCE_TEST_NAME, p_value, evidence, direction, _describe(direction, evidence, p_value, "binomial")
    )


@dataclass(frozen=True)
class Luck:
    """Observed against expected successes for one player's recorded dice."""

    dice: int
    successes: int
    expected: float
    difference: float  # observed − expected, in successes
    ratio: float | None  # observed ÷ expected
    z: float | None
    flag: Flag


def dice_z(dice: int, successes: int, expected: float, min_dice: int = 30) -> float | None:
    """The z-score of :func:`dice_luck` alone (None where it tests nothing): for distributions over every
    player, which show no p-value or label (a hundred thousand players: a third of a second saved)."""
    if dice < min_dice or expected <= 0 or expected >= dice:
        return None
    p_bar = expected / dice
    return (successes - expected) / math.sqrt(dice * p_bar * (1 - p_bar))


def dice_luck(dice: int, successes: int, expected: float, min_dice: int = 30) -> Luck:
    """How far a player's rolled successes sit from what their dice should have given.

    The variance of a sum of dice with different success chances p_i is Σ p_i(1 − p_i), which
    the statistics rows do not carry; ``dice × p̄(1 − p̄)`` with the mean chance p̄ is never
    smaller, so the z-score is conservative. Dice that can score more than one success make
    the approximation rougher; the page says so.
    """
    difference = successes - expected
    ratio = successes / expected if expected else None
    z = dice_z(dice, successes, expected, min_dice)
    if z is None:
        label = "too few dice" if dice < min_dice else "not tested"
        return Luck(
            dice, successes, expected, difference, ratio, None, Flag(DICE_TEST_NAME, None, None, None, label)
        )
    p_value = normal_two_sided_p(z)
    evidence = grade(p_value)
    direction = None if evidence is None else ("over" if z > 0 else "under")
    if evidence is None:
        label = f"within chance (p = {p_value:.3g})"
    else:
        label = f"{'lucky' if z > 0 else 'unlucky'}: {evidence} evidence (p = {p_value:.2g}, z-test)"
    return Luck(
        dice,
        successes,
        expected,
        difference,
        ratio,
        z,
        Flag(DICE_TEST_NAME, p_value, evidence, direction, label),
    )


# Bands of a player's dice z-score for the public, unnamed distribution of dice luck.
Z_BANDS: tuple[tuple[float | None, float | None], ...] = (
    (None, -3.0), (-3.0, -2.0), (-2.0, -1.0), (-1.0, 0.0), (0.0, 1.0), (1.0, 2.0), (2.0, 3.0), (3.0, None),
)  # fmt: skip

# Fewer players than this and the distribution is not shown: with two or three players in a
# filter (one event, one week) a band could point at a person.
MIN_PLAYERS_FOR_DISTRIBUTION = 5


def normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def z_distribution(zs: list[float]) -> list[dict]:
    """How many players' dice z-scores fall in each band of :data:`Z_BANDS`, beside how many
    fair dice would put there (a standard normal), with no names: the public view of dice luck."""
    n = len(zs)
    rows = []
    for low, high in Z_BANDS:
        count = sum(1 for z in zs if (low is None or z >= low) and (high is None or z < high))
        expected = (normal_cdf(high) if high is not None else 1.0) - (
            normal_cdf(low) if low is not None else 0.0
        )
        if low is None:
            name = f"below {high:g}"
        elif high is None:
            name = f"{low:g} and above"
        else:
            name = f"{low:g} to {high:g}"
        rows.append(
            {"key": name, "name": name, "low": low, "high": high, "players": count, "share": rate(count, n),
             "expected_share": expected, "expected_players": n * expected}
        )  # fmt: skip
    return rows


def decorate_rate_row(row: dict, total_sides: int, min_games: int = DEFAULT_MIN_GAMES) -> dict:
    """Add the derived columns to one aggregated row of ``games``/``wins``/``draws``/``losses``.

    ``total_sides`` is the pick-rate denominator: every side (one player's force in one game)
    in the filter. Returns a new dict; the input is not changed.
    """
    games, wins, draws, losses = row["games"], row["wins"], row["draws"], row["losses"]
    interval = wilson_interval(wins, games)
    flag = balance_flag(wins, losses, games, min_games)
    return {
        **row,
        "win_rate": win_rate(wins, games),
        "score_rate": score_rate(wins, draws, games),
        "ci_low": interval[0] if interval else None,
        "ci_high": interval[1] if interval else None,
        "pick_rate": rate(games, total_sides),
        "too_few_games": too_few_games(games, min_games),
        "balance": flag.label,
        "balance_grade": flag.grade,
        "balance_direction": flag.direction,
        "p_value": flag.p_value,
    }


def expected_false_flags(tested: int, alpha: float = 0.05) -> float:
    """How many of ``tested`` fair entries a test at level ``alpha`` flags by chance alone."""
    return tested * alpha


def months_between(first: str, last: str) -> list[str]:
    """Every calendar month from ``first`` to ``last`` inclusive, as "YYYY-MM" strings, so that a
    trend can show a month without games as a gap instead of joining its neighbours."""
    year, month = int(first[:4]), int(first[5:7])
    out = []
    while f"{year:04d}-{month:02d}" <= last[:7]:
        out.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out
