"""Swiss pairing on small hand-made fields: first rounds, byes, drops, rematches, clubs, reasons."""

import pytest

from tournaments.algorithms.errors import PairingError
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.swiss import SwissOptions, SwissPairer, pair_swiss_round

# Both strategies: the exact complete-graph matching, and score group by score group with
# the narrowest candidate graphs (so that widening and the global fallback are exercised).
EXACT = SwissOptions()
BY_GROUPS = SwissOptions(exact_limit=0, neighbours=1)
STRATEGIES = pytest.mark.parametrize("options", [EXACT, BY_GROUPS], ids=["exact", "by-groups"])


def seeded(n, **kwargs):
    return [Competitor(i, f"P{i}", seed=i, **kwargs) for i in range(1, n + 1)]


def as_pairs(pairings):
    """Each table's two players, lower id first: who plays first is balanced separately
    (test_first_player.py), so the seat order is not what these tests look at."""
    return [(p.a, p.b) if p.b is None else tuple(sorted((p.a, p.b))) for p in pairings]


@STRATEGIES
def test_round_one_by_seed_is_top_half_against_bottom_half(options):
    pairings = pair_swiss_round(seeded(8), [], 1, options)
    assert as_pairs(pairings) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert [p.table for p in pairings] == [1, 2, 3, 4]
    assert pairings[0].reason == "round 1 by seeding: top half meets bottom half"


def test_random_first_round_is_replayable_from_its_seed():
    field = seeded(12)
    one = pair_swiss_round(field, [], 1, SwissOptions(first_round="random", random_seed=7))
    again = pair_swiss_round(field, [], 1, SwissOptions(first_round="random", random_seed=7))
    other = pair_swiss_round(field, [], 1, SwissOptions(first_round="random", random_seed=8))
    assert as_pairs(one) == as_pairs(again)
    assert as_pairs(one) != as_pairs(other)
    assert "random draw (seed 7)" in one[0].reason
    with pytest.raises(ValueError, match="random_seed"):
        SwissPairer(SwissOptions(first_round="random"))


@STRATEGIES
def test_odd_field_gives_the_bye_to_the_lowest_ranked_player_without_one(options):
    field = seeded(5)
    first = pair_swiss_round(field, [], 1, options)
    assert first[-1].b is None and first[-1].a == 5
    assert first[-1].reason == "bye: lowest-ranked player without an earlier bye"
    # Round 1: 1 beats 3, 2 beats 4, 5 bye. Standings: 1, 2, 5 on 3 points; 3 and 4 on 0,
    # tied on every tiebreak (each lost to a 3-point player), so seeding puts 4 last.
    results = [ResultRecord(1, (1, 3), "win"), ResultRecord(1, (2, 4), "win"), ResultRecord.bye(1, 5)]
    second = pair_swiss_round(field, results, 2, options)
    assert second[-1].a == 4 and second[-1].b is None
    # Round 2: 4 had the bye; now the lowest-ranked without a bye is 3.
    results += [ResultRecord(2, (p.a, p.b), "win") for p in second if p.b is not None]
    results.append(ResultRecord.bye(2, 4))
    third = pair_swiss_round(field, results, 3, options)
    bye = third[-1]
    assert bye.b is None and bye.a not in (4, 5)


@STRATEGIES
def test_a_bye_from_an_earlier_stage_counts(options):
    field = seeded(5)
    field[4] = Competitor(5, "P5", seed=5, had_bye=True)
    bye = pair_swiss_round(field, [], 1, options)[-1]
    assert (bye.a, bye.b) == (4, None)


@STRATEGIES
def test_dropped_players_are_not_paired(options):
    field = seeded(6)
    field[0] = Competitor(1, "P1", seed=1, dropped=True, dropped_after_round=1)
    results = [ResultRecord(1, (1, 4), "win"), ResultRecord(1, (2, 5), "win"), ResultRecord(1, (3, 6), "win")]
    pairings = pair_swiss_round(field, results, 2, options)
    paired = [pid for p in pairings for pid in p.players]
    assert sorted(paired) == [2, 3, 4, 5, 6]
    assert pairings[-1].b is None  # five active players: one bye


@STRATEGIES
def test_score_groups_are_paired_within_themselves(options):
    field = seeded(8)
    results = [ResultRecord(1, (a, b), "win") for a, b in [(1, 5), (2, 6), (3, 7), (4, 8)]]
    pairings = pair_swiss_round(field, results, 2, options)
    # Winners 1-4 on 3 points slide: 1 v 3, 2 v 4; losers 5-8: 5 v 7, 6 v 8.
    assert as_pairs(pairings) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    assert pairings[0].reason == "same score group (3 pts), no earlier game"


@STRATEGIES
def test_a_rematch_is_avoided_by_pulling_a_player_down(options):
    # Round 1: 1 beats 3, 2 beats 4. Round 2: 1 beats 2, 3 beats 4.
    # Points: 1 = 6, 2 = 3, 3 = 3, 4 = 0. Round 3: 1 has met 2 and 3, so 1 meets 4.
    field = seeded(4)
    results = [
        ResultRecord(1, (1, 3), "win"),
        ResultRecord(1, (2, 4), "win"),
        ResultRecord(2, (1, 2), "win"),
        ResultRecord(2, (3, 4), "win"),
    ]
    pairings = pair_swiss_round(field, results, 3, options)
    assert sorted(as_pairs(pairings)) == [(1, 4), (2, 3)]
    top = pairings[0]
    assert {top.a, top.b} == {1, 4}
    # 6 and 0 points are two groups apart: only a far pairing avoids the rematches.
    assert top.reason.startswith("pulled down from 6 to 0 pts")


@STRATEGIES
def test_one_step_pull_down_explains_itself(options):
    # Round 1: 1 beats 4, 2 beats 5, 3 beats 6: three players on 3 points, three on 0.
    field = seeded(6)
    results = [ResultRecord(1, (1, 4), "win"), ResultRecord(1, (2, 5), "win"), ResultRecord(1, (3, 6), "win")]
    pairings = pair_swiss_round(field, results, 2, options)
    reasons = [p.reason for p in pairings]
    assert (
        "pulled down from 3 to 0 pts (1 score group(s) apart): no pairing of the round with as few "
        "rematches has smaller squared score differences"
    ) in reasons
    assert sum(r.startswith("same score group") for r in reasons) == 2


@STRATEGIES
def test_an_unavoidable_rematch_is_used_and_explained(options):
    field = seeded(2)
    results = [ResultRecord(1, (1, 2), "win")]
    [pairing] = pair_swiss_round(field, results, 2, options)
    assert {pairing.a, pairing.b} == {1, 2}
    assert "rematch (met in round 1): no pairing of the round has fewer rematches" in pairing.reason


@pytest.mark.parametrize("options", [EXACT, SwissOptions(exact_limit=0)], ids=["exact", "by-groups"])
def test_same_club_is_avoided_when_it_costs_nothing_worse(options):
    # Seeds 1 and 5 would meet in round 1, but share a club: the next best slide is used.
    # (Score group by score group, clubs are weighed within the candidate edges only, so
    # this needs the default width, not the narrowest one.)
    field = seeded(8)
    field[0] = Competitor(1, "P1", seed=1, club="North")
    field[4] = Competitor(5, "P5", seed=5, club="North")
    pairings = pair_swiss_round(field, [], 1, options)
    assert (1, 5) not in as_pairs(pairings)
    # With clubs ignored the plain slide comes back.
    ignoring = SwissOptions(
        exact_limit=options.exact_limit, neighbours=options.neighbours, avoid_same_club=False
    )
    assert (1, 5) in as_pairs(pair_swiss_round(field, [], 1, ignoring))


def test_same_club_never_outweighs_score_groups():
    # Two players on 3 points from the same club still meet rather than cross score groups.
    field = [
        Competitor(1, seed=1, club="X"),
        Competitor(2, seed=2, club="X"),
        Competitor(3, seed=3),
        Competitor(4, seed=4),
    ]
    results = [ResultRecord(1, (1, 3), "win"), ResultRecord(1, (2, 4), "win")]
    pairings = pair_swiss_round(field, results, 2)
    assert (1, 2) in as_pairs(pairings)
    assert "same club (X): no better pairing found" in pairings[0].reason


def test_pairing_ignores_results_from_the_round_being_paired_and_later():
    field = seeded(4)
    results = [ResultRecord(1, (1, 3), "win"), ResultRecord(1, (2, 4), "win"), ResultRecord(2, (1, 2), "win")]
    assert as_pairs(pair_swiss_round(field, results, 2)) == as_pairs(pair_swiss_round(field, results[:2], 2))


def test_too_few_players_is_an_error_naming_the_round():
    with pytest.raises(PairingError, match="round 1: 1 active player"):
        pair_swiss_round(seeded(1), [], 1)
    with pytest.raises(PairingError, match="numbered from 1"):
        pair_swiss_round(seeded(4), [], 0)


def test_fractional_points_are_supported():
    from tournaments.algorithms.rules import ScoringRules

    field = seeded(4)
    results = [ResultRecord(1, (1, 3), "draw"), ResultRecord(1, (2, 4), "win")]
    options = SwissOptions(scoring=ScoringRules(win=1, draw=0.5, loss=0))
    pairings = pair_swiss_round(field, results, 2, options)
    # Points: 2 = 1, 1 = 0.5, 3 = 0.5, 4 = 0. 1 and 3 already met, so 2 comes down to meet
    # one of them and the other goes down to 4; 2 meets the higher-ranked 1.
    assert as_pairs(pairings) == [(1, 2), (3, 4)]
    assert pairings[0].reason.startswith("pulled down from 1 to 0.5 pts (1 score group(s) apart)")
