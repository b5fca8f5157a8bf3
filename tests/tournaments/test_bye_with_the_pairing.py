"""The bye is chosen jointly with the pairing (a node of the same matching), so a bye never
forces a rematch that another player's bye would avoid, and its reason says what it avoided.

The case of the issue in four players: A beat B and C beat D in round 1; D beat A and B beat C in
round 2; D drops. A, B and C are all on 3 points, none has had a bye, and C is ranked last. Giving
C the bye (the plain rule) pairs A with B again; giving it to B pairs A with C, who never met."""

import pytest

from tournaments.algorithms.checks import find_discrepancies
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.rules import EventRules
from tournaments.algorithms.swiss import SwissOptions, SwissPairer

RESULTS = [
    ResultRecord(1, ("A", "B"), "win"),
    ResultRecord(1, ("C", "D"), "win"),
    ResultRecord(2, ("D", "A"), "win"),
    ResultRecord(2, ("B", "C"), "win"),
]


def field():
    return [
        Competitor("A", "A", seed=1),
        Competitor("B", "B", seed=2),
        Competitor("C", "C", seed=3),
        Competitor("D", "D", seed=4, dropped=True, dropped_after_round=2),
    ]


@pytest.mark.parametrize(
    "options", [SwissOptions(), SwissOptions(exact_limit=0, neighbours=1)], ids=["exact", "by-groups"]
)
def test_the_bye_goes_where_it_leaves_no_rematch(options):
    pairings = SwissPairer(options).pair(field(), RESULTS, 3)
    [game] = [p for p in pairings if p.b is not None]
    [bye] = [p for p in pairings if p.b is None]
    assert {game.a, game.b} == {"A", "C"} and bye.a == "B"
    assert game.reason == "same score group (3 pts), no earlier game"
    assert bye.reason == (
        "bye: chosen with the pairing; a bye to C (lowest-ranked player without an earlier bye) "
        "would leave more rematches (1 instead of 0)"
    )
    rounds = {1: [], 2: [], 3: pairings}
    assert not any(
        "rematch" in line for line in find_discrepancies(field(), rounds, RESULTS, EventRules(swiss_rounds=3))
    )


def test_when_the_plain_bye_costs_nothing_it_stays_with_the_lowest_ranked():
    five = [Competitor(p, p, seed=i) for i, p in enumerate("ABCDE", 1)]
    first = SwissPairer().pair(five, [], 1)
    assert first[-1].a == "E" and first[-1].reason == "bye: lowest-ranked player without an earlier bye"
