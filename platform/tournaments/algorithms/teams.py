"""Team events: games between teams read as games between two competitors.

In a team game every member of a team sits at the table and the team wins or loses as one
(Fields of Eternia FE-17: a team wins and all its players share the win). Pairing and
standings need the team's view of each game, so :func:`team_records` folds the seats of each
game into one seat per team; Swiss, elimination and every tiebreak then run unchanged with
team ids as competitor ids. Individual ratings keep reading the seats.

Pure: no ORM. Seats name their team (``SeatResult.team``); a seat without a team (a record
of an individual game) raises InvalidInput, as do members of one team with different outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import AnyRecord, GameRecord, PlayerId, ResultRecord, SeatResult


def team_size_problems(sizes: Mapping[str, int], *, smallest: int = 1, largest: int) -> list[str]:
    """Why teams of these sizes ({team name: members}) cannot play: one sentence per team."""
    problems = []
    for name, size in sizes.items():
        if size < smallest:
            problems.append(f"team {name} has no player" if size == 0 else f"team {name} has {size} players")
        elif size > largest:
            problems.append(f"team {name} has {size} players; a team has at most {largest}")
    return problems


def team_seat(round_: int, team: Hashable, members: Sequence[SeatResult]) -> SeatResult:
    """One team's seat in a game from its members' seats.

    Members share the outcome (FE-17). The team's score is the best member's: the engine gives
    every member the team's VP (a verified log), and a hand report may leave a member's score
    at 0; adding the members would count the team's VP once per player.
    """
    outcomes = {m.outcome for m in members}
    if len(outcomes) != 1:
        raise InvalidInput(
            f"round {round_}: the members of team {team} have different outcomes ({', '.join(sorted(outcomes))})"
        )
    best = max(members, key=lambda m: m.score)
    ranks = [m.rank for m in members if m.rank is not None]
    return SeatResult(
        team, members[0].outcome, best.score, dict(best.components), rank=min(ranks) if ranks else None
    )


def team_record(record: AnyRecord, team_key: Callable[[Hashable], PlayerId] = lambda t: t) -> AnyRecord:
    """``record`` with one seat per team; ``team_key`` turns a seat's team label into the team's
    competitor id (e.g. ``int`` when seats store ids as text).

    Two teams give the two-seat record the pairing formats read; one team is that team's bye;
    three or more teams stay a game record.
    """
    teams: dict[Hashable, list[SeatResult]] = {}
    for seat in record.seats:
        if seat.team is None:
            raise InvalidInput(f"round {record.round}: {seat.player} plays for no team in a team event")
        teams.setdefault(seat.team, []).append(seat)
    if len(teams) == 1:
        (team,) = teams
        return ResultRecord.bye(record.round, team_key(team))
    folded = [team_seat(record.round, team_key(t), members) for t, members in teams.items()]
    if len(folded) == 2:
        return ResultRecord(
            record.round,
            tuple(s.player for s in folded),
            tuple(s.outcome for s in folded),
            tuple(s.score for s in folded),
            tuple(s.components for s in folded),
        )
    return GameRecord(record.round, tuple(folded))


def team_records(
    records: Iterable[AnyRecord], team_key: Callable[[Hashable], PlayerId] = lambda t: t
) -> list[AnyRecord]:
    """Every record seen from the teams (see :func:`team_record`)."""
    return [team_record(r, team_key) for r in records]


def seat_plan(a: Sequence[PlayerId], b: Sequence[PlayerId] | None) -> list[tuple[PlayerId, int]]:
    """The seats of a team pairing in table order: ``(member, side)``, team ``a``'s members
    (side 0) then team ``b``'s (side 1). A bye seats only team ``a``."""
    return [(m, 0) for m in a] + [(m, 1) for m in b or ()]
