"""Swiss pods for free-for-all games of 3–4 seats (Hoplomachus Pandemonium, HR-16) and their
placement points (Pinburgh group scoring 3-2-1-0 / 3-1.5-0, tournaments.algorithms.placement_points).

Worked example for pods avoiding rematches, nine players in three pods of three in round 1:

* pod A: a1 and a2 tie for 1st, a3 3rd → a1, a2 (3 + 1.5) / 2 = 2.25 each, a3 0;
* pod B: b1 1st 3, b2 2nd 1.5, b3 3rd 0;
* pod C: c1, c2, c3 tie for 1st → (3 + 1.5 + 0) / 3 = 1.5 each.

Ranking by points: b1 3; a1, a2 2.25; b2, c1, c2, c3 1.5; a3, b3 0. Poured into [3, 3, 3] from the
top, pod 1 would be b1, a1, a2 (a1 and a2 met) and pod 2 would hold two of C. Swapping gives pods
without any rematch: {b1, one of a1/a2, one of C}, {the other a, b2, one of C}, {one of C, a3, b3}.
"""

import pytest

from tournaments.algorithms.errors import InvalidInput, PairingError
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.placement_points import placement_points, scaled
from tournaments.algorithms.players import Competitor, GameRecord, SeatResult
from tournaments.algorithms.pods import PodOptions, pair_pod_round, pod_sizes
from tournaments.algorithms.rules import ScoringRules
from tournaments.algorithms.standings import rank

PLACES = ScoringRules(placement=(3, 2, 1, 0))


def pod(round_, *places):
    """A pod's record: (player, place) per seat; 1st is the win, the rest losses (HR-16.1.2)."""
    return GameRecord(
        round_, tuple(SeatResult(p, "win" if place == 1 else "loss", rank=place) for p, place in places)
    )


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
    ],
)
def test_pod_sizes_seat_everyone_in_pods_of_three_or_four_largest_first(players, sizes):
    assert pod_sizes(players) == sizes
    assert sum(sizes) == players


@pytest.mark.parametrize(
    ("players", "words"), [(0, "at least 3"), (2, "at least 3"), (5, "cannot sit in pods of 3–4")]
)
def test_a_field_that_cannot_fill_pods_is_explained(players, words):
    with pytest.raises(PairingError, match=words):
        pod_sizes(players)


def test_placement_points_pinburgh_scaled_to_the_pod_size():
    """3-2-1-0 for four seats, 3-1.5-0 for three; IFPA 7-5-3-1 scales to 7-4-1; the mean per seat is
    the same in both pod sizes, so the size of one's pod gives no edge."""
    assert scaled((3, 2, 1, 0), 4) == [3, 2, 1, 0]
    assert scaled((3, 2, 1, 0), 3) == [3, 1.5, 0]
    assert scaled((7, 5, 3, 1), 3) == [7, 4, 1]
    assert sum(scaled((3, 2, 1, 0), 4)) / 4 == sum(scaled((3, 2, 1, 0), 3)) / 3 == 1.5
    assert placement_points(1, 4) == 3 and placement_points(4, 4) == 0 and placement_points(2, 3) == 1.5


def test_tied_places_share_their_points():
    assert placement_points(2, 4, tied=2) == 1.5  # 2nd and 3rd: (2 + 1) / 2
    assert placement_points(1, 3, tied=3) == 1.5  # everyone 1st of three: (3 + 1.5 + 0) / 3
    with pytest.raises(InvalidInput):
        placement_points(4, 3)


def test_placement_points_must_not_rise_down_the_places():
    with pytest.raises(InvalidInput, match="must not increase"):
        ScoringRules(placement=(1, 2, 0, 0))


def test_standings_score_a_pod_by_finishing_place():
    """One pod of four and one of three, default 3-2-1-0: points follow the places, not wins and losses."""
    players = [Competitor(p) for p in ("p1", "p2", "p3", "p4", "q1", "q2", "q3")]
    results = [pod(1, ("p1", 1), ("p2", 2), ("p3", 3), ("p4", 4)), pod(1, ("q1", 1), ("q2", 2), ("q3", 3))]
    rows = {r.player_id: r.metrics["points"] for r in rank(players, results, ("points",), rules=PLACES)}
    assert rows == {"p1": 3, "p2": 2, "p3": 1, "p4": 0, "q1": 3, "q2": 1.5, "q3": 0}


def test_seats_tied_on_place_drew_each_other_for_sonneborn_berger():
    """FIDE C.07 Article 9.1: a shared place is a draw between the tied seats, not a loss to each other.

    A pod of three under 3/2/1/0 (3/1.5/0): A 1st takes 3, B and C tied 2nd share 1.5 and 0 (0.75
    each). B's Sonneborn-Berger is half of C's 0.75 for their draw, nothing for the loss to A."""
    players = [Competitor(p) for p in "ABC"]
    results = [pod(1, ("A", 1), ("B", 2), ("C", 2))]
    rows = {
        r.player_id: r.metrics for r in rank(players, results, ("points", "sonneborn_berger"), rules=PLACES)
    }
    assert {pid: m["points"] for pid, m in rows.items()} == {"A": 3, "B": 0.75, "C": 0.75}
    assert {pid: m["sonneborn_berger"] for pid, m in rows.items()} == {"A": 1.5, "B": 0.375, "C": 0.375}


def test_round_one_pours_the_seeding_order_into_pods_largest_first():
    players = [Competitor(f"p{i}", seed=i) for i in range(1, 11)]
    pairings = pair_pod_round(players, [], 1, PodOptions(scoring=PLACES))
    assert [p.players for p in pairings] == [
        ("p1", "p2", "p3", "p4"),
        ("p5", "p6", "p7"),
        ("p8", "p9", "p10"),
    ]
    assert [p.table for p in pairings] == [1, 2, 3]
    assert pairings[0].reason == "pod of 4, round 1 by seeding"


def test_a_random_first_round_replays_from_the_seed():
    players = [Competitor(f"p{i}", seed=i) for i in range(1, 9)]
    options = PodOptions(scoring=PLACES, first_round="random", random_seed=7)
    first = pair_pod_round(players, [], 1, options)
    assert first == pair_pod_round(players, [], 1, options)
    assert sorted(p for pairing in first for p in pairing.players) == sorted(c.id for c in players)


def test_round_two_avoids_rematches_by_swapping_between_pods():
    """The module docstring's worked example."""
    ids = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    players = [Competitor(p) for p in ids]
    results = [
        pod(1, ("a1", 1), ("a2", 1), ("a3", 3)),
        pod(1, ("b1", 1), ("b2", 2), ("b3", 3)),
        pod(1, ("c1", 1), ("c2", 1), ("c3", 1)),
    ]
    history = EventHistory(players, results, PLACES)
    assert history.points["a1"] == 2.25 and history.points["c1"] == 1.5
    pairings = pair_pod_round(players, results, 2, PodOptions(scoring=PLACES))
    pods = [set(p.players) for p in pairings]
    assert [len(p) for p in pods] == [3, 3, 3]
    for members in pods:
        groups = [p[0] for p in members]
        assert len(set(groups)) == 3, f"{members} holds two players who met"
    assert "b1" in pods[0] and {"a3", "b3"} <= pods[2]
    assert pairings[0].players[0] == "b1"  # seated in ranking order
    assert all("no one met before" in p.reason for p in pairings)


def test_an_unavoidable_rematch_is_kept_and_named():
    """Six players who met in two pods of three: any two pods of three hold a pair who met."""
    players = [Competitor(p, name=p.upper()) for p in ("a1", "a2", "a3", "b1", "b2", "b3")]
    results = [pod(1, ("a1", 1), ("a2", 2), ("a3", 3)), pod(1, ("b1", 1), ("b2", 2), ("b3", 3))]
    pairings = pair_pod_round(players, results, 2, PodOptions(scoring=PLACES))
    assert sorted(len(p.players) for p in pairings) == [3, 3]
    assert all(
        "no split of the round has fewer rematches" in p.reason and "met in round 1" in p.reason
        for p in pairings
    )


def test_dropped_players_take_no_seat():
    players = [Competitor(f"p{i}", seed=i) for i in range(1, 8)] + [Competitor("gone", dropped=True)]
    pairings = pair_pod_round(players, [], 1, PodOptions(scoring=PLACES))
    assert [len(p.players) for p in pairings] == [4, 3]
    assert all("gone" not in p.players for p in pairings)
