"""Issue #13: "Round 1 paired two players of the same club 'because no better pairing was found'
while giving the bye to another player of that club would have avoided it."

The bye is chosen with club avoidance in mind (tournaments.algorithms.swiss, step 2): among the
players the bye rule allows (fewest byes, lowest score group), one whose bye lets the others
avoid a same-club game is preferred to the plain lowest-ranked choice.
"""

import pytest

from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.swiss import SwissOptions, pair_swiss_round

EXACT = SwissOptions()
BY_GROUPS = SwissOptions(exact_limit=0, neighbours=1)
STRATEGIES = pytest.mark.parametrize("options", [EXACT, BY_GROUPS], ids=["exact", "by-groups"])


def same_club_games(pairings, field):
    club = {c.id: c.club for c in field}
    return [p for p in pairings if p.b is not None and club[p.a] is not None and club[p.a] == club[p.b]]


def bye_of(pairings):
    return next(p for p in pairings if p.b is None)


@STRATEGIES
def test_the_issue_example_the_bye_goes_to_a_club_player_so_no_club_game_is_paired(options):
    # Five players, three of Eternia Club. The plain rule gives the bye to E (lowest seed);
    # then A, C and D (all Eternia Club) and B cannot avoid one same-club game.
    field = [
        Competitor(1, "A", seed=1, club="Eternia Club"),
        Competitor(2, "B", seed=2, club="Snake Mountain"),
        Competitor(3, "C", seed=3, club="Eternia Club"),
        Competitor(4, "D", seed=4, club="Eternia Club"),
        Competitor(5, "E", seed=5, club="Grayskull"),
    ]
    pairings = pair_swiss_round(field, [], 1, options)
    assert same_club_games(pairings, field) == []
    bye = bye_of(pairings)
    # The lowest-seeded Eternia Club player takes it, and the reason says why.
    assert bye.a == 4
    assert "would leave more players of one club meeting (1 instead of 0)" in bye.reason
    assert not any("same club" in p.reason for p in pairings)


@STRATEGIES
def test_without_club_avoidance_the_bye_is_the_plain_lowest_ranked_choice(options):
    field = [Competitor(i, club="X" if i in (1, 3, 4) else None, seed=i) for i in range(1, 6)]
    plain = SwissOptions(
        avoid_same_club=False, exact_limit=options.exact_limit, neighbours=options.neighbours
    )
    assert bye_of(pair_swiss_round(field, [], 1, plain)).a == 5


def test_when_no_club_game_is_forced_the_bye_stays_with_the_lowest_ranked():
    field = [Competitor(i, club=f"club {i}", seed=i) for i in range(1, 6)]
    bye = bye_of(pair_swiss_round(field, [], 1))
    assert bye.a == 5
    assert bye.reason == "bye: lowest-ranked player without an earlier bye"


def test_a_player_who_had_a_bye_is_not_given_another_to_avoid_a_club_game():
    # Round 2: D (Eternia Club) already had the bye, so only players without one are candidates,
    # and only in the lowest score group.
    field = [Competitor(i, club="Eternia Club" if i in (1, 3, 4) else None, seed=i) for i in range(1, 6)]
    results = [
        ResultRecord(1, (1, 2), "win"),
        ResultRecord(1, (3, 5), "win"),
        ResultRecord.bye(1, 4),
    ]
    pairings = pair_swiss_round(field, results, 2)
    assert bye_of(pairings).a in (2, 5)


def test_the_bye_never_moves_up_a_score_group_to_avoid_a_club_game():
    # After round 1, 2 and 5 are on 0 points; the Eternia Club players 1, 3, 4 are on 3.
    # Avoiding the club game would need a bye for a 3-point player: refused.
    field = [Competitor(i, club="Eternia Club" if i in (1, 3, 4) else None, seed=i) for i in range(1, 6)]
    results = [ResultRecord(1, (1, 2), "win"), ResultRecord(1, (3, 5), "win"), ResultRecord.bye(1, 4)]
    pairings = pair_swiss_round(field, results, 2)
    bye = bye_of(pairings)
    assert bye.a in (2, 5)
    assert "club" not in bye.reason
