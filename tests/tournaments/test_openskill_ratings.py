"""Ratings across events with OpenSkill: direction of updates, provisional flag, skipped records."""

import pytest

from tournaments.algorithms.players import ResultRecord
from tournaments.algorithms.ratings import rate_players


def games(pairs):
    return [ResultRecord(i + 1, (a, b), outcome) for i, (a, b, outcome) in enumerate(pairs)]


def test_a_win_moves_mu_apart_and_lowers_sigma():
    ratings = rate_players(games([("ann", "bob", "win")]))
    ann, bob = ratings["ann"], ratings["bob"]
    assert ann.mu > 25 > bob.mu
    assert ann.sigma < 25 / 3 and bob.sigma < 25 / 3
    assert ann.ordinal == pytest.approx(ann.mu - 3 * ann.sigma)


def test_a_draw_between_equals_keeps_them_equal():
    ratings = rate_players(games([("ann", "bob", "draw")]))
    assert ratings["ann"].mu == pytest.approx(ratings["bob"].mu) == pytest.approx(25)


def test_provisional_below_the_configured_number_of_games():
    # ann plays five games (one against each of the others and bob twice); bob plays two.
    results = games(
        [
            ("ann", "bob", "win"),
            ("ann", "cat", "win"),
            ("ann", "dan", "loss"),
            ("ann", "eve", "draw"),
            ("bob", "ann", "win"),
        ]
    )
    ratings = rate_players(results)
    assert ratings["ann"].games == 5 and not ratings["ann"].provisional
    assert ratings["bob"].games == 2 and ratings["bob"].provisional
    stricter = rate_players(results, provisional_below=6)
    assert stricter["ann"].provisional
    lenient = rate_players(results, provisional_below=1)
    assert not any(r.provisional for r in lenient.values())


def test_byes_and_double_losses_are_not_rated_games():
    results = [
        ResultRecord.bye(1, "ann"),
        ResultRecord(2, ("ann", "bob"), ("loss", "loss")),
    ]
    ratings = rate_players(results)
    assert ratings["ann"].games == 0 and ratings["bob"].games == 0
    assert ratings["ann"].mu == 25 and ratings["ann"].provisional


def test_order_matters_and_the_same_order_gives_the_same_numbers():
    forward = games([("ann", "bob", "win"), ("bob", "cat", "win"), ("cat", "ann", "win")])
    assert rate_players(forward) == rate_players(forward)
    backward = list(reversed(forward))
    assert rate_players(forward)["ann"].mu != rate_players(backward)["ann"].mu


def test_prior_ratings_continue_across_runs():
    first = games([("ann", "bob", "win"), ("ann", "bob", "win")])
    second = games([("ann", "cat", "win")])
    at_once = rate_players(first + second)
    earlier = rate_players(first)
    prior = {pid: (r.mu, r.sigma, r.games) for pid, r in earlier.items()}
    continued = rate_players(second, prior=prior)
    assert continued["ann"].mu == pytest.approx(at_once["ann"].mu)
    assert continued["ann"].games == 3
    assert continued["bob"] == at_once["bob"]
