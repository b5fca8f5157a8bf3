"""The event audit: planted mistakes are found, legitimate pairings are left alone."""

from tournaments.algorithms.checks import find_discrepancies
from tournaments.algorithms.players import Competitor, Pairing, ResultRecord
from tournaments.algorithms.rules import EventRules


def people(*ids, **overrides):
    return [overrides.get(pid, Competitor(pid, pid.capitalize())) for pid in ids]


def games(round_number, *pairs):
    """Pairings of one round, tables in order; a one-element tuple is a bye."""
    return [
        Pairing(t, pair[0], pair[1] if len(pair) > 1 else None, "test") for t, pair in enumerate(pairs, 1)
    ]


def results_of(round_number, pairings, outcome="win"):
    return [
        ResultRecord.bye(round_number, p.a)
        if p.b is None
        else ResultRecord(round_number, (p.a, p.b), outcome)
        for p in pairings
    ]


# Round 1: ann beats bob, cat beats dan. Round 2 pairs them again although ann-cat and
# bob-dan (both 3 v 3 and 0 v 0, never met) were available.
FOUR = people("ann", "bob", "cat", "dan")
ROUND_1 = games(1, ("ann", "bob"), ("cat", "dan"))
REMATCHES = games(2, ("ann", "bob"), ("cat", "dan"))


def test_a_clean_event_has_nothing_to_report():
    round_2 = games(2, ("ann", "cat"), ("bob", "dan"))
    rounds = {1: ROUND_1, 2: round_2}
    assert find_discrepancies(FOUR, rounds, results_of(1, ROUND_1) + results_of(2, round_2)) == []


def test_planted_avoidable_rematches_are_reported():
    problems = find_discrepancies(FOUR, {1: ROUND_1, 2: REMATCHES}, results_of(1, ROUND_1))
    assert problems == [
        "round 2, table 1: Ann vs Bob is a rematch (met in round 1), but the round's players could have "
        "been paired without any rematch",
        "round 2, table 2: Cat vs Dan is a rematch (met in round 1), but the round's players could have "
        "been paired without any rematch",
    ]


def test_rounds_after_the_swiss_rounds_are_not_held_to_swiss_rules():
    # A top cut after one Swiss round may pair anyone again.
    rules = EventRules(swiss_rounds=1)
    assert find_discrepancies(FOUR, {1: ROUND_1, 2: REMATCHES}, results_of(1, ROUND_1), rules) == []


def test_an_unavoidable_rematch_is_not_reported():
    two = people("ann", "bob")
    rounds = {1: games(1, ("ann", "bob")), 2: games(2, ("bob", "ann"))}
    assert find_discrepancies(two, rounds, results_of(1, rounds[1])) == []


def test_a_second_bye_is_reported_once_with_its_rounds():
    # zed sits out rounds 1 and 3. (The round-3 rematch of ann and bob is forced: with zed
    # on the bye they are the only two left, so it is not reported.)
    three = people("ann", "bob", "zed")
    rounds = {
        1: games(1, ("ann", "bob"), ("zed",)),
        2: games(2, ("ann", "zed"), ("bob",)),
        3: games(3, ("ann", "bob"), ("zed",)),
    }
    results = results_of(1, rounds[1]) + results_of(2, rounds[2])
    assert find_discrepancies(three, rounds, results) == [
        "Zed has 2 bye(s) (rounds 1, 3); the event allows 1"
    ]
    assert find_discrepancies(three, rounds, results, EventRules(max_byes=2)) == []


def test_a_bye_from_an_earlier_stage_counts_once():
    # had_bye means "has had at least one bye": with a bye in the pairings as well it is
    # still one bye (the flag may describe that very bye), but an event allowing none
    # reports it.
    field = people("ann", "bob", "zed", zed=Competitor("zed", "Zed", had_bye=True))
    rounds = {1: games(1, ("ann", "bob"), ("zed",))}
    assert find_discrepancies(field, rounds, []) == []
    assert find_discrepancies(field, {}, [], EventRules(max_byes=0)) == [
        "Zed has 1 bye(s) (before these results); the event allows 0"
    ]


def test_double_pairing_late_drop_unknown_players_and_stray_results():
    field = people(
        "ann", "bob", "cat", "dan", dan=Competitor("dan", "Dan", dropped=True, dropped_after_round=1)
    )
    round_2 = [
        Pairing(1, "ann", "bob", "test"),
        Pairing(2, "ann", "cat", "test"),
        Pairing(3, "dan", "eve", "test"),
    ]
    results = [ResultRecord(2, ("bob", "cat"), "win"), ResultRecord(2, ("ann", "zoe"), "win")]
    problems = find_discrepancies(field, {2: round_2}, results)
    assert problems == [
        "round 2: result names unknown player(s) 'zoe'",
        "round 2: Ann is paired 2 times (tables 1 and 2)",
        "round 2, table 3: Dan is paired after dropping out after round 1",
        "round 2, table 3: unknown player 'eve'",
        "round 2: result for Bob vs Cat but they were not paired so",
    ]


# Six players after two rounds (3/1/0):
#   round 1: ann beats eve, bob beats fay, cat beats dan
#   round 2: ann beats cat, bob beats eve, dan beats fay
# Points: ann 6, bob 6, cat 3, dan 3, eve 0, fay 0; groups 6 / 3 / 0.
SIX = people("ann", "bob", "cat", "dan", "eve", "fay")
SIX_ROUNDS = {
    1: games(1, ("ann", "eve"), ("bob", "fay"), ("cat", "dan")),
    2: games(2, ("ann", "cat"), ("bob", "eve"), ("dan", "fay")),
}
SIX_RESULTS = results_of(1, SIX_ROUNDS[1]) + results_of(2, SIX_ROUNDS[2])


def test_floats_wider_than_needed_are_reported_with_the_squared_differences():
    # ann (6) v fay (0) floats two groups and drags bob (6) v cat (3) and dan (3) v eve (0) with it:
    # 36 + 9 + 9 = 54, yet ann-bob, cat-fay, dan-eve had no rematch and 0 + 9 + 9 = 18.
    rounds = {**SIX_ROUNDS, 3: games(3, ("ann", "fay"), ("bob", "cat"), ("dan", "eve"))}
    tail = "the round's squared point differences add up to 54, but the round could have been paired with 18 and no more rematches"
    assert find_discrepancies(SIX, rounds, SIX_RESULTS) == [
        f"round 3, table 1: Ann (6 pts) vs Fay (0 pts) floats 2 score group(s); {tail}",
        f"round 3, table 2: Bob (6 pts) vs Cat (3 pts) floats 1 score group(s); {tail}",
        f"round 3, table 3: Dan (3 pts) vs Eve (0 pts) floats 1 score group(s); {tail}",
    ]


def test_a_pairing_next_to_score_groups_is_not_a_jump():
    rounds = {**SIX_ROUNDS, 3: games(3, ("ann", "dan"), ("bob", "cat"), ("eve", "fay"))}
    # ann (6) v dan (3) and bob (6) v cat (3) are next to each other's group; eve-fay 0 v 0.
    assert find_discrepancies(SIX, rounds, SIX_RESULTS) == []


def test_a_jump_forced_by_rematches_is_not_reported():
    # Round 1: 1 beats 3, 2 beats 4; round 2: 1 beats 2, 3 beats 4. Points 6 / 3, 3 / 0:
    # player 1 has met 2 and 3, so 1 v 4 (6 v 0) is the only rematch-free pairing.
    field = [Competitor(i, f"P{i}") for i in range(1, 5)]
    rounds = {1: games(1, (1, 3), (2, 4)), 2: games(2, (1, 2), (3, 4)), 3: games(3, (1, 4), (2, 3))}
    results = results_of(1, rounds[1]) + results_of(2, rounds[2])
    assert find_discrepancies(field, rounds, results) == []
