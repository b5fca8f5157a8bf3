"""A single-elimination bracket as it is drawn: each round a column of games, from the rounds
an event has paired, the results that count, and the games still to come.

An event stores only what happened: the bracket's seeds, the pairings of each elimination
round paired so far and the results. A bracket also shows the rounds ahead, so a round not
paired yet is derived the way :meth:`EliminationBracket.next_round` will pair it: the
winners of tables 2t-1 and 2t of the round before meet on table t. A side whose earlier game
is undecided names that game's table instead of a player ("winner of table 3").

Only results that count are read (the caller leaves out reported or disputed ones); the
winner of a drawn game or a double loss is the event's draw rule's choice, as when pairing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tournaments.algorithms.elimination import DrawBreak, EliminationBracket
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Pairing, PlayerId, ResultRecord

#: How a game's winner was found: a bye, a won game, or the draw rule after a draw or double loss.
Resolution = Literal["bye", "win", "draw_rule"]


@dataclass(frozen=True)
class Side:
    """One side of a game. ``player`` is None while the earlier game that fills it is
    undecided; ``from_table`` then names that game's table in the previous round.

    ``seed`` is the player's seed in the bracket (None while unknown). ``score`` and
    ``components`` are what this side scored, once the game has a result that counts.
    """

    player: PlayerId | None
    seed: int | None = None
    from_table: int | None = None
    score: float | None = None
    components: Mapping[str, float] | None = field(default=None, hash=False)


@dataclass(frozen=True)
class BracketGame:
    """One table of one bracket round. ``b`` is None for a bye.

    ``paired`` says the event has paired this game; an unpaired game is the bracket's
    projection from earlier results. ``winner`` is set once the game is decided.
    """

    bracket_round: int
    round: int
    table: int
    a: Side
    b: Side | None
    paired: bool
    winner: PlayerId | None = None
    resolution: Resolution | None = None

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None or self.b is None:
            return None
        return self.b.player if self.winner == self.a.player else self.a.player


@dataclass(frozen=True)
class BracketRound:
    """One column: ``bracket_round`` counts from 1 at the bracket's first round, ``round`` is
    the event's round number (a top cut after five Swiss rounds starts at round 6)."""

    bracket_round: int
    round: int
    name: str
    games: tuple[BracketGame, ...]


@dataclass(frozen=True)
class BracketLayout:
    size: int
    seeds: tuple[PlayerId, ...]
    rounds: tuple[BracketRound, ...]

    @property
    def champion(self) -> PlayerId | None:
        return self.rounds[-1].games[0].winner

    @property
    def finished(self) -> bool:
        return self.champion is not None


def round_name(games: int) -> str:
    """What players call a round with ``games`` tables: Final, Semi-finals, Quarter-finals, Round of 16."""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(games, f"Round of {2 * games}")


def lay_out_bracket(
    seeds: Sequence[PlayerId],
    played: Mapping[int, Sequence[Pairing]],
    results: Sequence[ResultRecord],
    *,
    draw_break: DrawBreak = (),
    first_round: int | None = None,
) -> BracketLayout:
    """The whole bracket over ``seeds`` (best first), every round from the first to the final.

    ``played`` holds the pairings of the elimination rounds paired so far by event round
    number; they must be consecutive and start at the bracket's first round, which is
    ``first_round`` when given (needed only while nothing is paired) or the lowest key.
    ``results`` may hold other rounds' results (a Swiss stage); only each bracket round's
    own are read.

    Raises PairingError for fewer than two seeds; InvalidInput for a repeated seed, paired rounds that are not consecutive from the first, a paired round whose
    tables are not the bracket's (1 to the number of games in that round), or two results for
    one game.
    """
    bracket = EliminationBracket(seeds, draw_break)
    numbers = sorted(played)
    start = first_round if first_round is not None else (numbers[0] if numbers else 1)
    if numbers != list(range(start, start + len(numbers))):
        raise InvalidInput(f"bracket rounds {numbers} are not consecutive from round {start}")
    if len(numbers) > bracket.rounds:
        raise InvalidInput(f"a bracket of {bracket.size} has {bracket.rounds} rounds, not {len(numbers)}")

    columns: list[BracketRound] = []
    previous: tuple[BracketGame, ...] = ()
    for index in range(1, bracket.rounds + 1):
        number = start + index - 1
        tables = bracket.size >> index
        if number in played:
            games = _paired_games(bracket, index, number, played[number], results, tables)
        elif index == 1:
            games = tuple(_seeded_game(bracket, number, p) for p in bracket.first_round())
        else:
            games = tuple(_projected_game(bracket, index, number, t, previous) for t in range(1, tables + 1))
        columns.append(BracketRound(index, number, round_name(tables), games))
        previous = games
    return BracketLayout(bracket.size, tuple(bracket.seeds), tuple(columns))


def _paired_games(
    bracket: EliminationBracket,
    index: int,
    number: int,
    pairings: Sequence[Pairing],
    results: Sequence[ResultRecord],
    tables: int,
) -> tuple[BracketGame, ...]:
    ordered = sorted(pairings, key=lambda p: p.table)
    if [p.table for p in ordered] != list(range(1, tables + 1)):
        raise InvalidInput(
            f"round {number} has tables {[p.table for p in ordered]}; "
            f"round {index} of a bracket of {bracket.size} has tables 1 to {tables}"
        )
    this_round = [r for r in results if r.round == number and not r.is_bye]
    return tuple(_paired_game(bracket, index, number, p, this_round) for p in ordered)


def _paired_game(
    bracket: EliminationBracket, index: int, number: int, pairing: Pairing, results: Sequence[ResultRecord]
) -> BracketGame:
    seed_of = bracket.seed_of.get
    if pairing.b is None:
        side = Side(pairing.a, seed_of(pairing.a))
        return BracketGame(index, number, pairing.table, side, None, True, pairing.a, "bye")
    matching = [r for r in results if set(r.players) == {pairing.a, pairing.b}]
    if len(matching) > 1:
        raise InvalidInput(f"round {number}, table {pairing.table}: {len(matching)} results for one game")
    if not matching:
        a, b = Side(pairing.a, seed_of(pairing.a)), Side(pairing.b, seed_of(pairing.b))
        return BracketGame(index, number, pairing.table, a, b, True)
    result = matching[0]

    def side(pid: PlayerId) -> Side:
        # The record may list the players the other way round from the pairing.
        seat = result.players.index(pid)
        return Side(pid, seed_of(pid), score=result.scores[seat], components=dict(result.components[seat]))

    a, b = side(pairing.a), side(pairing.b)
    resolution: Resolution = "win" if "win" in result.outcomes else "draw_rule"
    return BracketGame(index, number, pairing.table, a, b, True, bracket.winner(result), resolution)


def _seeded_game(bracket: EliminationBracket, number: int, pairing: Pairing) -> BracketGame:
    """A first-round game before the round is paired: the seeds say who meets whom."""
    a = Side(pairing.a, bracket.seed_of[pairing.a])
    if pairing.b is None:
        return BracketGame(1, number, pairing.table, a, None, False, pairing.a, "bye")
    return BracketGame(1, number, pairing.table, a, Side(pairing.b, bracket.seed_of[pairing.b]), False)


def _projected_game(
    bracket: EliminationBracket, index: int, number: int, table: int, previous: tuple[BracketGame, ...]
) -> BracketGame:
    feeders = previous[2 * table - 2 : 2 * table]
    sides = [
        Side(g.winner, bracket.seed_of.get(g.winner))
        if g.winner is not None
        else Side(None, from_table=g.table)
        for g in feeders
    ]
    if all(s.player is not None for s in sides):
        # Once both are known, the better seed is side A, as next_round will pair them.
        sides.sort(key=lambda s: s.seed if s.seed is not None else bracket.size + 1)
    return BracketGame(index, number, table, sides[0], sides[1], False)
