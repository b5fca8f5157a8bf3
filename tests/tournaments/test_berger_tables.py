"""Round robin by Berger tables: properties for 2 to 12 players and the published 6-player table."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.algorithms.errors import PairingError
from tournaments.algorithms.players import Competitor
from tournaments.algorithms.roundrobin import berger_table, round_robin_round, round_robin_schedule

SIZES = range(2, 13)


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once(n):
    table = berger_table(n)
    assert len(table) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(frozenset(pair) for rnd in table for pair in rnd if pair[1] is not None)
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("n", SIZES)
def test_each_player_appears_once_per_round_and_odd_fields_rotate_the_bye(n):
    table = berger_table(n)
    for rnd in table:
        seats = [p for pair in rnd for p in pair if p is not None]
        assert sorted(seats) == list(range(1, n + 1))
        assert [pair[1] for pair in rnd].count(None) == n % 2
        if n % 2:
            assert rnd[-1][1] is None  # the bye is listed last
    if n % 2:
        byes = Counter(rnd[-1][0] for rnd in table)
        assert byes == Counter(range(1, n + 1))  # everyone sits out exactly once


@pytest.mark.parametrize("n", SIZES)
def test_sides_alternate(n):
    sides = {p: [] for p in range(1, n + 1)}
    for rnd in berger_table(n):
        for a, b in rnd:
            if b is not None:
                sides[a].append("A")
                sides[b].append("B")
    for played in sides.values():
        # At most one more game on one side than the other ...
        assert abs(played.count("A") - played.count("B")) <= 1
        # ... and never three games in a row on the same side.
        assert "AAA" not in "".join(played) and "BBB" not in "".join(played)


def test_six_players_match_the_published_berger_table():
    assert berger_table(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_schedule_numbers_players_by_seeding_and_keeps_tables_stable():
    field = [Competitor(f"p{i}", seed=6 - i) for i in range(5)]  # p4 is seed 2, p0 seed 6
    field.append(Competitor("x", seed=1))
    schedule = round_robin_schedule(field)
    assert len(schedule) == 5
    first = schedule[0]
    assert [(p.table, p.a, p.b) for p in first] == [(1, "x", "p0"), (2, "p4", "p1"), (3, "p3", "p2")]
    assert first[0].reason == "round robin round 1 of 5: Berger table, no. 1 vs no. 6"
    assert round_robin_schedule(field) == schedule  # deterministic
    assert round_robin_round(field, 2) == schedule[1]


def test_odd_schedule_lists_the_bye_last_with_a_reason():
    field = [Competitor(i, seed=i) for i in range(1, 6)]
    first = round_robin_round(field, 1)
    assert [p.table for p in first] == [1, 2, 3]
    assert first[-1].b is None and first[-1].a == 1
    assert first[-1].reason.startswith("bye: odd number of players")


def test_out_of_range_rounds_and_tiny_fields_are_errors():
    with pytest.raises(PairingError, match="rounds 1 to 3"):
        round_robin_round([Competitor(i) for i in range(4)], 4)
    with pytest.raises(PairingError, match="at least two players"):
        berger_table(1)
