"""Player ratings across events with OpenSkill's Plackett-Luce model.

Each rating is a belief about skill: ``mu`` (the estimate) and ``sigma`` (its uncertainty).
The ordinal ``mu - 3 * sigma`` is a conservative figure for leaderboards: a new player starts
at 25 - 3 x 8.33 = 0 and climbs as games shrink the uncertainty. Players with fewer than
``provisional_below`` rated games are flagged provisional so pages can mark or hide them.

Byes are not games and are skipped; so is a game every seat lost (a double loss), which
says nothing about who played better. A draw is an equal rank. Games of more than two seats
rate every seat (or every team, its partners together) by its rank in the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from tournaments.algorithms.players import AnyRecord, PlayerId

DEFAULT_PROVISIONAL_BELOW = 5


@dataclass(frozen=True)
class PlayerRating:
    """One player's rating after every game given: estimate, uncertainty, leaderboard value."""

    player_id: PlayerId
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool


def rate_players(
    results: Iterable[AnyRecord],
    *,
    provisional_below: int = DEFAULT_PROVISIONAL_BELOW,
    model: PlackettLuce | None = None,
    prior: Mapping[PlayerId, tuple[float, float, int]] | None = None,
) -> dict[PlayerId, PlayerRating]:
    """Rate every player in ``results``, which must be in the order the games were played.

    Results may come from many events; the ``round`` field is not used for ordering, so the
    caller sorts by when games were played (event date, then round). ``model`` defaults to
    ``PlackettLuce()`` with OpenSkill's standard parameters. ``prior`` continues from
    earlier ratings: {player id: (mu, sigma, games already rated)}.

    Returns {player id: PlayerRating} for every player who appears in ``results`` or
    ``prior``. Deterministic: the same results in the same order give the same numbers.
    """
    model = model or PlackettLuce()
    ratings = {}
    games: dict[PlayerId, int] = {}
    for pid, (mu, sigma, played) in (prior or {}).items():
        ratings[pid] = model.rating(mu=mu, sigma=sigma)
        games[pid] = played

    def current(pid: PlayerId):
        if pid not in ratings:
            ratings[pid] = model.rating()
            games[pid] = 0
        return ratings[pid]

    for r in results:
        seats = r.seats
        for seat in seats:
            current(seat.player)  # a bye still makes the player known, with no game rated
        if len(seats) < 2 or all(seat.outcome == "loss" for seat in seats):
            continue  # a bye, or a double loss: no information about relative skill
        sides: dict = {}
        for index, seat in enumerate(seats):
            sides.setdefault(seat.team if seat.team is not None else ("seat", index), []).append(seat)
        teams = list(sides.values())
        # Plackett-Luce ranks: lower is better; equal ranks are a draw.
        rated = model.rate(
            [[ratings[seat.player] for seat in team] for team in teams],
            ranks=[min(seat.place for seat in team) for team in teams],
        )
        for team, new in zip(teams, rated, strict=True):
            for seat, rating in zip(team, new, strict=True):
                ratings[seat.player] = rating
                games[seat.player] += 1

    return {
        pid: PlayerRating(
            player_id=pid,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal(),
            games=games[pid],
            provisional=games[pid] < provisional_below,
        )
        for pid, rating in ratings.items()
    }
