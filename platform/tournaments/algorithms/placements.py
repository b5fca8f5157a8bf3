"""Final placements of a single-elimination bracket, from the round each player went out in.

There is no play-off for third place, so players knocked out in the same round share a
placement: the winner is 1st, the loser of the final 2nd, the semi-final losers 3rd–4th, the
quarter-final losers 5th–8th, and so on. The places a round's losers share start after the
players still in (one per game of that round) and run for as many games as were really played
in it, so byes leave no empty places: 6 players in a bracket of 8 place 1st, 2nd, 3rd–4th,
5th–6th.

A placement is settled as soon as its player goes out, so a bracket in progress already has
placements for everyone knocked out; the rest wait for their games.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.algorithms.bracket_layout import BracketLayout
from tournaments.algorithms.players import PlayerId


@dataclass(frozen=True)
class Placement:
    """``first``–``last`` are the places shared (equal for a single place); ``bracket_round``
    and ``round`` say where the player went out (None for the winner)."""

    player: PlayerId
    first: int
    last: int
    seed: int | None
    bracket_round: int | None
    round: int | None

    @property
    def label(self) -> str:
        """``"1st"``, ``"3rd–4th"``."""
        if self.first == self.last:
            return ordinal(self.first)
        return f"{ordinal(self.first)}–{ordinal(self.last)}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, 22nd, 23rd."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def placements(bracket: BracketLayout) -> list[Placement]:
    """Every settled placement, best first; players sharing one are listed by seed."""
    settled: list[Placement] = []
    champion = bracket.champion
    if champion is not None:
        settled.append(Placement(champion, 1, 1, _seed(bracket, champion), None, None))
    for column in reversed(bracket.rounds):
        still_in = len(column.games)
        played = sum(1 for g in column.games if not g.is_bye)
        first, last = still_in + 1, still_in + played
        out = [
            Placement(g.loser, first, last, _seed(bracket, g.loser), column.bracket_round, column.round)
            for g in column.games
            if g.loser is not None
        ]
        settled.extend(sorted(out, key=lambda p: (p.seed is None, p.seed or 0)))
    return settled


def _seed(bracket: BracketLayout, player: PlayerId) -> int | None:
    try:
        return bracket.seeds.index(player) + 1
    except ValueError:
        return None
