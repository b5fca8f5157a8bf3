"""Single elimination: a bracket seeded from standings, advanced round by round from results.

Seeding follows the standard order, which keeps the top seeds apart until the late rounds
and makes every round's pairings sum to the same number: for 8 players the first round is
1-8, 4-5, 2-7, 3-6. For a bracket of 2k the order is built from the order for k by
replacing each seed s with the pair (s, 2k+1-s). When the field is not a power of two the
bracket is the next power of two and the missing seeds are byes, which therefore fall to the
top seeds (6 players: seeds 1 and 2 have byes; 4-5 and 3-6 play).

Each pairing lists the better seed first (side A). Winners of tables 1 and 2 meet on table 1
of the next round, winners of tables 3 and 4 on table 2, and so on, so the bracket keeps its
shape. A drawn game (or a double loss) is resolved by the event's draw break: a sequence
of what to compare in that game, most important first, each ``"score"`` or one of the game's
score component keys; whoever is higher advances, and when everything is equal (or the
sequence is empty, "better seed advances") the better seed does. Which draw breaks an event
may choose is declared per game (Battleground: more knock-outs dealt, then more VP).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.algorithms.errors import InvalidInput, PairingError
from tournaments.algorithms.players import Pairing, PlayerId, ResultRecord
from tournaments.algorithms.standings import StandingRow

#: What a drawn game compares before seeds: ``"score"`` or score component keys.
DrawBreak = Sequence[str]


def bracket_size(players: int) -> int:
    """The smallest power of two holding ``players`` (at least 2). Raises PairingError below 2."""
    if players < 2:
        raise PairingError(f"an elimination bracket needs at least two players, not {players}")
    size = 2
    while size < players:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order for a bracket of ``size`` (a power of two): 8 -> [1, 8, 4, 5, 2, 7, 3, 6].

    Consecutive entries meet in the first round. Raises PairingError if ``size`` is not a
    power of two of at least 2.
    """
    if size < 2 or size & (size - 1):
        raise PairingError(f"a bracket size must be a power of two of at least 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def seeds_from_standings(rows: Sequence[StandingRow], cut: int | None = None) -> list[PlayerId]:
    """Player ids of the top ``cut`` rows (all rows if None), skipping dropped players, best first."""
    seeds = [row.player_id for row in rows if not row.dropped]
    return seeds if cut is None else seeds[:cut]


class EliminationBracket:
    """A single-elimination bracket over ``seeds`` (player ids, best seed first).

    ``draw_break`` settles drawn games (empty: the better seed advances). Raises PairingError
    for fewer than two players, InvalidInput for a repeated player.
    """

    def __init__(self, seeds: Sequence[PlayerId], draw_break: DrawBreak = ()) -> None:
        if isinstance(draw_break, str):
            raise InvalidInput(f"a draw break is a sequence of keys, not {draw_break!r}")
        if len(set(seeds)) != len(seeds):
            raise InvalidInput("a player appears twice in the bracket seeds")
        self.size = bracket_size(len(seeds))
        self.seeds = list(seeds)
        self.draw_break = tuple(draw_break)
        self.seed_of = {pid: number for number, pid in enumerate(self.seeds, start=1)}

    @property
    def rounds(self) -> int:
        """Number of rounds until the final, included."""
        return self.size.bit_length() - 1

    def first_round(self) -> list[Pairing]:
        """The first round in bracket order; a slot whose opponent seed does not exist is a bye."""
        positions = seed_positions(self.size)
        field = len(self.seeds)
        pairings = []
        for table, index in enumerate(range(0, self.size, 2), start=1):
            high, low = positions[index], positions[index + 1]
            a = self.seeds[high - 1]
            if low > field:
                reason = f"bye: seed {high} of {field} in a bracket of {self.size}"
                pairings.append(Pairing(table, a, None, reason))
            else:
                pairings.append(Pairing(table, a, self.seeds[low - 1], f"bracket: seed {high} vs seed {low}"))
        return pairings

    def winners(
        self, pairings: Sequence[Pairing], results: Sequence[ResultRecord], round_number: int
    ) -> list[PlayerId]:
        """The player advancing from each pairing of ``round_number``, in table order.

        Only results of ``round_number`` are read. Raises PairingError when a game has no
        result, InvalidInput when a game has more than one.
        """
        this_round = [r for r in results if r.round == round_number and not r.is_bye]
        advancing = []
        for p in sorted(pairings, key=lambda p: p.table):
            if p.b is None:
                advancing.append(p.a)
                continue
            matching = [r for r in this_round if set(r.players) == {p.a, p.b}]
            if not matching:
                raise PairingError(f"round {round_number}, table {p.table}: no result yet for {p.a} vs {p.b}")
            if len(matching) > 1:
                raise InvalidInput(
                    f"round {round_number}, table {p.table}: {len(matching)} results for one game"
                )
            advancing.append(self.winner(matching[0]))
        return advancing

    def winner(self, result: ResultRecord) -> PlayerId:
        """Who advances from one game: the winner, or the draw rule's choice after a draw or double loss.

        Raises InvalidInput when a drawn game names a player who is not in the bracket.
        """
        if result.is_bye:
            return result.players[0]
        if "win" in result.outcomes:
            return result.players[result.outcomes.index("win")]
        for pid in result.players:
            if pid not in self.seed_of:
                raise InvalidInput(f"round {result.round}: {pid!r} is not in this bracket")

        def keys(seat: int) -> list[float]:
            score, parts = result.scores[seat], result.components[seat]
            # Better seed last: a lower seed number wins the comparison.
            return [
                *(_draw_value(score, parts, key) for key in self.draw_break),
                -self.seed_of[result.players[seat]],
            ]

        first, second = result.players
        return first if keys(0) > keys(1) else second

    def next_round(
        self, previous: Sequence[Pairing], results: Sequence[ResultRecord], round_number: int
    ) -> list[Pairing]:
        """Pairings of the round after ``round_number`` from that round's pairings and results.

        Raises PairingError when a result is missing or the bracket is already decided,
        InvalidInput when ``previous`` is not a bracket round (an odd number of tables).
        """
        advancing = self.winners(previous, results, round_number)
        if len(advancing) < 2:
            raise PairingError(f"the bracket is decided after round {round_number}: {advancing[0]} won")
        if len(advancing) % 2:
            raise InvalidInput(
                f"round {round_number} has {len(advancing)} tables; a bracket round has an even number"
            )
        pairings = []
        for table, index in enumerate(range(0, len(advancing), 2), start=1):
            x, y = advancing[index], advancing[index + 1]
            a, b = (x, y) if self.seed_of[x] < self.seed_of[y] else (y, x)
            reason = (
                f"bracket: seed {self.seed_of[a]} vs seed {self.seed_of[b]} "
                f"(winners of tables {index + 1} and {index + 2})"
            )
            pairings.append(Pairing(table, a, b, reason))
        return pairings


def _draw_value(score: float, components, key: str) -> float:
    return score if key == "score" else components.get(key, 0)
