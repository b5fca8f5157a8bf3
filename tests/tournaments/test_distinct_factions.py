"""Swiss pairing for a game whose two opponents must play different factions (Hoplomachus
Skirmish: "each player plays a different faction", AMB-17): a same-faction pair (a mirror) is
the costliest of all, above a rematch, and when none can be avoided the reason says so."""

import pytest

from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.swiss import SwissOptions, fewest_mirrors, pair_swiss_round

EXACT = SwissOptions(distinct_factions=True)
BY_GROUPS = SwissOptions(distinct_factions=True, exact_limit=0, neighbours=1)
STRATEGIES = pytest.mark.parametrize("options", [EXACT, BY_GROUPS], ids=["exact", "by-groups"])


def field(*factions):
    return [Competitor(i, f"P{i}", seed=i, faction=f) for i, f in enumerate(factions, start=1)]


def mirrors(pairings, competitors):
    faction = {c.id: c.faction for c in competitors}
    return [(p.a, p.b) for p in pairings if p.b is not None and faction[p.a] == faction[p.b]]


@STRATEGIES
def test_two_tied_pairs_of_one_faction_each_are_split(options):
    # After round 1 players 1 and 3 won, 2 and 4 lost: the score groups are {1, 3} and {2, 4}, and
    # inside each group both players registered the same faction. Staying in the score groups would
    # pair two mirrors (AMB-17: no legal log); crossing the groups pairs none.
    players = field("Amazons", "Kunlun", "Amazons", "Kunlun")
    results = [ResultRecord(1, (1, 4), "win"), ResultRecord(1, (3, 2), "win")]
    pairings = pair_swiss_round(players, results, 2, options)
    assert mirrors(pairings, players) == []
    assert {frozenset((p.a, p.b)) for p in pairings} == {frozenset((1, 2)), frozenset((3, 4))}
    assert not any("same faction" in p.reason for p in pairings)


@STRATEGIES
def test_without_the_rule_the_same_field_pairs_the_mirrors(options):
    # The control: the same field with distinct_factions off stays in its score groups.
    players = field("Amazons", "Kunlun", "Amazons", "Kunlun")
    results = [ResultRecord(1, (1, 4), "win"), ResultRecord(1, (3, 2), "win")]
    plain = SwissOptions(exact_limit=options.exact_limit, neighbours=options.neighbours)
    pairings = pair_swiss_round(players, results, 2, plain)
    assert {frozenset((p.a, p.b)) for p in pairings} == {frozenset((1, 3)), frozenset((2, 4))}


@STRATEGIES
def test_a_mirror_costs_more_than_a_rematch(options):
    # 1 and 2 Amazons, 3 and 4 Kunlun. Rounds 1 and 2 used both mirror-free pairings (1-3 2-4,
    # 1-4 2-3); the only rematch-free pairing left, 1-2 3-4, is two mirrors. A game that cannot be
    # played is worse than a rematch: round 3 is a rematch at both tables, and says so.
    players = field("Amazons", "Amazons", "Kunlun", "Kunlun")
    results = [
        ResultRecord(1, (1, 3), "win"), ResultRecord(1, (2, 4), "win"),
        ResultRecord(2, (1, 4), "win"), ResultRecord(2, (2, 3), "win"),
    ]  # fmt: skip
    pairings = pair_swiss_round(players, results, 3, options)
    assert mirrors(pairings, players) == []
    assert all("rematch" in p.reason for p in pairings)
    # The control: without the rule the rematch is the costliest, and the mirrors are paired.
    plain = SwissOptions(exact_limit=options.exact_limit, neighbours=options.neighbours)
    assert len(mirrors(pair_swiss_round(players, results, 3, plain), players)) == 2


@STRATEGIES
def test_an_all_same_faction_field_is_paired_and_the_reason_says_so(options):
    players = field("Amazons", "Amazons", "Amazons", "Amazons")
    pairings = pair_swiss_round(players, [], 1, options)
    assert [{p.a, p.b} for p in pairings] == [{1, 3}, {2, 4}]  # the usual round 1, top half vs bottom
    for p in pairings:
        assert p.reason.startswith("warning: same faction (Amazons)"), p.reason
        assert "no pairing of this round has fewer such games" in p.reason


@STRATEGIES
def test_only_the_unavoidable_mirrors_are_paired(options):
    # Six players, four Amazons: at least one Amazons mirror (4 - 6/2), and no more.
    players = field("Amazons", "Amazons", "Amazons", "Amazons", "Kunlun", "Pluto")
    pairings = pair_swiss_round(players, [], 1, options)
    assert len(mirrors(pairings, players)) == 1 == fewest_mirrors([c.faction for c in players])
    warned = [p for p in pairings if "same faction" in p.reason]
    assert [(p.a, p.b) for p in warned] == mirrors(pairings, players)


def test_the_bye_goes_where_it_saves_a_mirror():
    # Three players, 1 Kunlun on top, 2 and 3 Amazons: the plain rule gives the bye to 3 and pairs
    # 1-2; a bye to 3 is fine. With 1 and 2 Amazons and 3 Kunlun, the plain bye to 3 would leave the
    # mirror 1-2: the bye goes to 2 (same points, no earlier bye) and 1 meets 3.
    players = field("Amazons", "Amazons", "Kunlun")
    pairings = pair_swiss_round(players, [], 1, EXACT)
    assert mirrors(pairings, players) == []
    bye = next(p for p in pairings if p.b is None)
    assert bye.a == 2 and bye.reason.endswith(
        "a bye to P3 (lowest-ranked player without an earlier bye) would leave more players of one "
        "faction meeting (1 instead of 0)"
    )


def test_players_without_a_faction_never_count_as_a_mirror():
    players = field(None, None, None, None)
    pairings = pair_swiss_round(players, [], 1, EXACT)
    assert [{p.a, p.b} for p in pairings] == [{1, 3}, {2, 4}]
    assert not any("same faction" in p.reason for p in pairings)


def test_fewest_mirrors_is_the_largest_faction_beyond_half_the_pool():
    assert fewest_mirrors(["A", "A", "B", "B"]) == 0
    assert fewest_mirrors(["A", "A", "A", "B"]) == 1
    assert fewest_mirrors(["A"] * 6) == 3
    assert fewest_mirrors(["A", "A", "A", None]) == 1
    assert fewest_mirrors([None, None]) == 0


def test_check_event_accepts_a_rematch_that_avoids_a_mirror_and_reports_an_avoidable_mirror():
    from tournaments.algorithms.checks import find_discrepancies
    from tournaments.algorithms.players import Pairing
    from tournaments.algorithms.rules import EventRules

    players = field("Amazons", "Amazons", "Kunlun", "Kunlun")
    results = [
        ResultRecord(1, (1, 3), "win"), ResultRecord(1, (2, 4), "win"),
        ResultRecord(2, (1, 4), "win"), ResultRecord(2, (2, 3), "win"),
    ]  # fmt: skip
    rounds = {
        1: [Pairing(1, 1, 3, ""), Pairing(2, 2, 4, "")],
        2: [Pairing(1, 1, 4, ""), Pairing(2, 2, 3, "")],
        3: [Pairing(1, 1, 3, ""), Pairing(2, 2, 4, "")],  # rematches: the only mirror-free pairing
    }
    rules = EventRules(distinct_factions=True)
    assert find_discrepancies(players, rounds, results, rules) == []
    # Without the faction rule the same rematches were avoidable (1-2, 3-4 met nobody twice).
    assert any("is a rematch" in p for p in find_discrepancies(players, rounds, results, EventRules()))
    # Round 2 paired 1-2 (both Amazons) although 1-4 / 2-3 was free of mirrors and rematches.
    mirrored = {**rounds, 2: [Pairing(1, 1, 2, ""), Pairing(2, 3, 4, "")]}
    mirrored_results = results[:2] + [ResultRecord(2, (1, 2), "win"), ResultRecord(2, (3, 4), "win")]
    problems = find_discrepancies(players, {1: rounds[1], 2: mirrored[2]}, mirrored_results, rules)
    assert any("both registered Amazons" in p and "round 2" in p for p in problems), problems
