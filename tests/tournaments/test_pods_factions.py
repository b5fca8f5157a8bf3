"""Pods whose troops must all play different factions (Hoplomachus Pandemonium: each player chooses a
faction in turn, HR-16.2.3, from one set of chips per faction, AMB-17; the engine refuses a log in which
two troops share a faction).

With ``PodOptions.distinct_factions`` pod pairing weighs two players of one registered faction in a pod
above everything else (tier 0, before rematches and the points spread), keeps such a pod only when no
split of the field avoids it, and says so in the pod's reason. Without factions, or when they do not
clash, the pods are the score pairing's.
"""

import itertools
import random

from tournaments.algorithms.players import Competitor, GameRecord, SeatResult
from tournaments.algorithms.pods import PodOptions, pair_pod_round, pod_sizes
from tournaments.algorithms.rules import ScoringRules

PLACES = ScoringRules(placement=(3, 2, 1, 0))
FACTIONS = PodOptions(scoring=PLACES, distinct_factions=True)


def field(factions: str, **extra) -> list[Competitor]:
    """Players p1, p2, … seeded in that order, each of the faction letter at their place in ``factions``."""
    return [
        Competitor(f"p{i}", name=f"P{i}", seed=i, faction=f, **extra) for i, f in enumerate(factions, start=1)
    ]


def clashes(pods, competitors) -> int:
    """Pairs of players in one pod who registered the same faction."""
    faction = {c.id: c.faction for c in competitors}
    return sum(faction[a] == faction[b] for pod in pods for a, b in itertools.combinations(pod, 2))


def pod(round_, *places):
    return GameRecord(
        round_, tuple(SeatResult(p, "win" if place == 1 else "loss", rank=place) for p, place in places)
    )


def test_players_of_one_faction_are_seated_in_different_pods():
    """HR-16.2.3 / AMB-17: by seeding p1–p4 would share a pod, and p1 and p2 both registered K."""
    players = field("KKABCDEFGH")
    plain = pair_pod_round(players, [], 1, PodOptions(scoring=PLACES))
    assert plain[0].players == ("p1", "p2", "p3", "p4")  # the score pairing alone would seat them together
    pairings = pair_pod_round(players, [], 1, FACTIONS)
    assert [len(p.players) for p in pairings] == [4, 3, 3]
    assert sorted(pid for p in pairings for pid in p.players) == sorted(c.id for c in players)
    assert clashes([p.players for p in pairings], players) == 0
    # Then the least rank spread over the whole round, 10 (e.g. {p1, p5, p6, p7} 6, {p2, p3, p4} 2,
    # {p8, p9, p10} 2), where moving one of p1/p2 down from the slide ({p1, p3, p4, p5},
    # {p2, p6, p7}, {p8, p9, p10}) sums to 4 + 5 + 2 = 11. Pods of four keep the top table.
    seed = {c.id: c.seed for c in players}
    spread = sum(max(seed[x] for x in p.players) - min(seed[x] for x in p.players) for p in pairings)
    assert spread == 10
    assert all(not p.reason.startswith("warning") for p in pairings)


def test_factions_that_do_not_clash_leave_the_score_pairing_alone():
    players = field("ABCDEFGHIJ")
    assert pair_pod_round(players, [], 1, FACTIONS) == pair_pod_round(
        players, [], 1, PodOptions(scoring=PLACES)
    )
    # Factions count only when the event asks for it (a game that allows two troops of one faction).
    same = field("KKKKKKKKKK")
    assert pair_pod_round(same, [], 1, PodOptions(scoring=PLACES)) == pair_pod_round(
        players, [], 1, PodOptions(scoring=PLACES)
    )


def test_round_two_keeps_factions_apart_and_still_avoids_rematches():
    """Nine players after a round of three pods: b1 (3 pts) and a1/a2 (2.25) would lead table 1, but b1
    and a1 registered one faction; a split with neither a same-faction pod nor a rematch exists."""
    ids = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    letters = {
        "a1": "K",
        "b1": "K",
        "a2": "A",
        "c1": "A",
        "c2": "P",
        "b2": "P",
        "a3": "X",
        "b3": "Y",
        "c3": "Z",
    }
    players = [Competitor(p, name=p.upper(), faction=letters[p]) for p in ids]
    results = [
        pod(1, ("a1", 1), ("a2", 1), ("a3", 3)),
        pod(1, ("b1", 1), ("b2", 2), ("b3", 3)),
        pod(1, ("c1", 1), ("c2", 1), ("c3", 1)),
    ]
    plain = pair_pod_round(players, results, 2, PodOptions(scoring=PLACES))
    assert plain[0].players == ("b1", "a1", "c1") and clashes([p.players for p in plain], players) == 2
    pairings = pair_pod_round(players, results, 2, FACTIONS)
    pods = [set(p.players) for p in pairings]
    assert clashes(pods, players) == 0
    assert all(len({pid[0] for pid in members}) == 3 for members in pods)  # nobody meets again
    assert all("no one met before" in p.reason and not p.reason.startswith("warning") for p in pairings)


def test_a_same_faction_pod_no_split_avoids_is_kept_and_warned():
    """Three of six players registered K: two pods of three hold them two and one at best."""
    players = field("KKKABC")
    pairings = pair_pod_round(players, [], 1, FACTIONS)
    assert sorted(len(p.players) for p in pairings) == [3, 3]  # the round is paired anyway
    assert clashes([p.players for p in pairings], players) == 1
    warned = [p for p in pairings if p.reason.startswith("warning")]
    assert len(warned) == 1
    two = [c.name for c in players if c.id in warned[0].players and c.faction == "K"]
    assert warned[0].reason.startswith(f"warning: same faction (K) twice in the pod ({two[0]} and {two[1]})")
    assert warned[0].reason.endswith(
        "no split of the round has fewer such pairs; pod of 3, round 1 by seeding"
    )

    # Everyone on one faction: one pod of four, every pair named, and still paired.
    alone = pair_pod_round(field("KKKK"), [], 1, FACTIONS)
    assert alone[0].players == ("p1", "p2", "p3", "p4")
    assert alone[0].reason.count(" and ") == 6


def test_the_same_seed_draws_the_same_pods():
    players = field("KKKAAAPPQQRR")
    options = PodOptions(scoring=PLACES, first_round="random", random_seed=7, distinct_factions=True)
    first = pair_pod_round(players, [], 1, options)
    assert first == pair_pod_round(list(players), [], 1, options)
    assert clashes([p.players for p in first], players) == 0
    assert all("random draw (replayable from the event's seed)" in p.reason for p in first)


def _partitions(items, sizes):
    if not sizes:
        yield []
        return
    first, rest = items[0], items[1:]
    for combo in itertools.combinations(rest, sizes[0] - 1):
        left = [x for x in rest if x not in combo]
        for tail in _partitions(left, sizes[1:]):
            yield [[first, *combo], *tail]


def test_pods_hold_the_fewest_same_faction_pairs_any_split_has():
    """Against every split of the field into its pod sizes (fields of 6 to 10, factions drawn unevenly)."""
    draw = random.Random(16)
    for n in (6, 7, 8, 9, 10, 6, 7, 8, 9, 10):
        weights = [draw.random() ** 2 for _ in range(4)]
        players = field("".join(draw.choices("KAPQ", weights, k=n)))
        players = [Competitor(c.id, seed=draw.randint(1, 99), faction=c.faction) for c in players]
        got = clashes([p.players for p in pair_pod_round(players, [], 1, FACTIONS)], players)
        ids, sizes = [c.id for c in players], pod_sizes(n)
        best = min(
            clashes(split, players)
            for order in set(itertools.permutations(sizes))
            for split in _partitions(ids, list(order))
        )
        assert got == best, [c.faction for c in players]
