"""Round robin by Berger tables: every pair of players meets exactly once.

Players are numbered 1..n in seeding order. With an odd number of players a "dummy" n+1
is added and whoever meets the dummy has a bye, so an event has n-1 rounds for even n and n
rounds for odd n.

Berger tables are the circle method written as a formula. With m players (m even, dummy
included) and round r = 1..m-1:

* player m meets player i with 2i = r + 1 (mod m-1);
* every other pair {i, j} of 1..m-1 with i + j = r + 1 (mod m-1) meets;
* tables are listed from the pair with player m outwards: (i+1, i-1), (i+2, i-2), ... (mod
  m-1), so the table order is the same for every event of that size.

Sides (who is listed first, i.e. side A: white, first player, home table) alternate as far
as a round robin allows: player m is on side B in odd rounds and side A in even rounds; in
any other pair the lower number takes side A when the two numbers differ by an odd amount,
the higher number otherwise. Every player then has at most one more game on one side than
on the other and never three games in a row on the same side (pinned by the tests for
n = 2..12).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.algorithms.errors import PairingError
from tournaments.algorithms.players import Competitor, Pairing, PlayerId, index_competitors, seeding_order


def berger_table(n: int) -> list[list[tuple[int, int | None]]]:
    """The Berger table for ``n`` players numbered 1..n: one list of (side A, side B) per round.

    Pairs are in table order; with odd ``n`` each round ends with ``(player, None)`` for the
    bye. Raises PairingError for fewer than two players.
    """
    if n < 2:
        raise PairingError(f"a round robin needs at least two players, not {n}")
    m = n + n % 2  # the dummy makes the count even
    cycle = m - 1  # numbers 1..m-1 go round the circle; m stays put

    def wrap(x: int) -> int:
        return (x - 1) % cycle + 1

    # 2 has an inverse modulo the odd number m-1: (cycle + 1) // 2.
    half_inverse = (cycle + 1) // 2
    rounds = []
    for r in range(1, m):
        pivot = wrap((r + 1) * half_inverse)  # the player meeting m
        pairs: list[tuple[int, int | None]] = []
        with_fixed = (m, pivot) if r % 2 == 0 else (pivot, m)
        for k in range(1, m // 2):
            i, j = sorted((wrap(pivot + k), wrap(pivot - k)))
            pairs.append((i, j) if (j - i) % 2 else (j, i))
        if m != n:  # odd field: meeting the dummy is the bye, listed last
            pairs.append((pivot, None))
        else:
            pairs.insert(0, with_fixed)
        rounds.append(pairs)
    return rounds


def round_robin_schedule(competitors: Sequence[Competitor]) -> list[list[Pairing]]:
    """Every round of a round robin between ``competitors``, numbered by seeding order.

    Every competitor passed is scheduled (the schedule is fixed at the start; a player who
    drops later forfeits their remaining games, which the event handles). Returns one list
    of Pairings per round, tables numbered from 1, a bye (odd fields) last.
    Raises PairingError for fewer than two competitors, InvalidInput for duplicate ids.
    """
    index_competitors(competitors)  # rejects duplicate ids
    seats: list[PlayerId] = [c.id for c in seeding_order(competitors)]
    table = berger_table(len(seats))
    total = len(table)
    schedule = []
    for round_index, pairs in enumerate(table, start=1):
        pairings = []
        for number, (a, b) in enumerate(pairs, start=1):
            if b is None:
                reason = f"bye: odd number of players (round robin round {round_index} of {total})"
                pairings.append(Pairing(number, seats[a - 1], None, reason))
            else:
                reason = f"round robin round {round_index} of {total}: Berger table, no. {a} vs no. {b}"
                pairings.append(Pairing(number, seats[a - 1], seats[b - 1], reason))
        schedule.append(pairings)
    return schedule


def round_robin_round(competitors: Sequence[Competitor], round_number: int) -> list[Pairing]:
    """One round (1-based) of :func:`round_robin_schedule`. Raises PairingError past the last round."""
    schedule = round_robin_schedule(competitors)
    if not 1 <= round_number <= len(schedule):
        raise PairingError(f"a round robin of {len(competitors)} players has rounds 1 to {len(schedule)}")
    return schedule[round_number - 1]
