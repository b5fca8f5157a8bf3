"""The plain values the tournament algorithms take and return.

Nothing here knows about the ORM: the ``tournaments`` app turns its rows into these frozen
dataclasses, calls an algorithm, and stores what comes back.

* :class:`Competitor` — one entrant of an event.
* :class:`ResultRecord` — one verified two-seat game (or one bye) of one round.
* :class:`GameRecord` — one game of any number of seats and teams, each a :class:`SeatResult`.
* :class:`Pairing` — one table of a round as an algorithm proposes it, with a one-line reason.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tournaments.algorithms.errors import InvalidInput

#: Any hashable id the caller uses for players (database primary keys in practice).
PlayerId = Hashable

Outcome = Literal["win", "draw", "loss"]
OUTCOMES: tuple[Outcome, ...] = ("win", "draw", "loss")

# The outcomes a two-seat game can end with, in table order. "loss"/"loss" is a double loss (both players
# penalised, e.g. for slow play or a game abandoned without a result).
_CONSISTENT_OUTCOMES = {("win", "loss"), ("loss", "win"), ("draw", "draw"), ("loss", "loss")}
_OPPOSITE: dict[Outcome, Outcome] = {"win": "loss", "loss": "win", "draw": "draw"}


@dataclass(frozen=True)
class Competitor:
    """One entrant of an event.

    ``seed`` is an explicit organiser seed (1 is the top seed); ``rating`` is used when seeds
    are missing. ``dropped`` players are never paired again but keep their results;
    ``dropped_after_round`` says when they left, where known, so that audits can tell a late
    pairing from a legal one. ``had_bye`` says the player has had a bye even if the results
    do not show it (for example one given in an earlier stage of the event); it counts as one
    bye unless the results already show one. ``starting_points`` are tournament points the
    player holds before any result, e.g. the score an organiser gives a late joiner for the
    rounds they missed; they count wherever points do (pairing, standings, opponents' points).
    ``soft_score`` is the sum of the player's soft scores (sportsmanship, painting, ...), kept
    apart from points: only the ``soft_score`` and ``total`` tiebreaks read it. ``faction`` is
    the faction the player registered (None: none, or the game deals sides at the table); a
    game whose opponents must play different factions asks the pairing to keep those apart. A
    team's ``faction`` is the set of its members' factions (a Hoplomachus Alliance team, HR-17):
    two teams clash when the sets share one (:func:`shared_factions`).
    """

    id: PlayerId
    name: str = ""
    rating: float | None = None
    seed: int | None = None
    club: str | None = None
    dropped: bool = False
    dropped_after_round: int | None = None
    had_bye: bool = False
    starting_points: float = 0
    soft_score: float = 0
    faction: str | frozenset[str] | None = None

    @property
    def label(self) -> str:
        """The name for messages, falling back to the id."""
        return self.name or str(self.id)


@dataclass(frozen=True)
class SeatResult:
    """One seat of one game: who sat there, their team, how the game ended for them and their score.

    ``rank`` is 1-based and shared by seats that tied (None: derived from the outcome, a win
    ranking above a draw above a loss). ``components`` are the game's per-seat counters (the
    sources of the score, and any others the game declares, such as knock-outs dealt);
    ``team`` is None when every seat plays for itself. Seats with the same team are partners,
    not opponents.
    """

    player: PlayerId
    outcome: Outcome
    score: float = 0
    components: Mapping[str, float] = field(default_factory=dict, hash=False)
    team: Hashable | None = None
    rank: int | None = None

    @property
    def place(self) -> int:
        """The rank, or one derived from the outcome when the record gives none."""
        return self.rank if self.rank is not None else _PLACE[self.outcome]

    def is_opponent_of(self, other: SeatResult) -> bool:
        return other.player != self.player and (self.team is None or other.team != self.team)

    def against(self, other: SeatResult) -> Outcome:
        """How this seat fared against ``other``: better rank wins, equal ranks draw (FIDE C.07
        Article 9.1 reads a shared place as a draw). A game every seat lost is a loss against
        each opponent; the caller knows the whole table and says so."""
        if self.place == other.place:
            return "draw"
        return "win" if self.place < other.place else "loss"


_PLACE = {"win": 1, "draw": 1, "loss": 2}


@dataclass(frozen=True)
class ResultRecord:
    """One two-seat game of one round as the verified log reports it, or one bye.

    This is the record the two-seat pairing formats (Swiss, round robin, elimination) read;
    :class:`GameRecord` holds a game of any number of seats and teams. Both give ``seats``,
    which is all that standings and tiebreaks read.

    ``players`` are the seats' players in table order: two, or one for a bye. ``outcomes`` are
    the seats' outcomes in the same order; given as one outcome (seat 0's), the other seat's
    mirrors it (a win for one side is a loss for the other). ``scores`` are each seat's score
    in the game (VP in Battleground) and ``components`` each seat's score components and
    counters by the game's keys; left out, they are zero and empty. A bye is always a win and
    its scores must stay empty, because what a bye is worth is an event rule
    (:class:`~tournaments.algorithms.rules.ScoringRules`), not something a record may claim.

    Raises :class:`~tournaments.algorithms.errors.InvalidInput` for an unknown outcome, a
    combination of outcomes no game can end with, a player meeting themself, or a bye with scores.
    """

    round: int
    players: tuple[PlayerId, ...]
    outcomes: tuple[Outcome, ...]
    scores: tuple[float, ...] = ()
    components: tuple[Mapping[str, float], ...] = field(default=(), hash=False)

    def __post_init__(self) -> None:
        # Frozen dataclass: normalise the fields through object.__setattr__.
        players = tuple(self.players)
        outcomes = (self.outcomes,) if isinstance(self.outcomes, str) else tuple(self.outcomes)
        if len(players) == 2 and len(outcomes) == 1 and outcomes[0] in OUTCOMES:
            outcomes = (outcomes[0], _OPPOSITE[outcomes[0]])
        scores = tuple(self.scores) or (0,) * len(players)
        components = tuple(self.components) or tuple({} for _ in players)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "outcomes", outcomes)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "components", components)
        if len(players) not in (1, 2):
            raise InvalidInput(f"round {self.round}: a two-seat record names one or two players")
        for player, outcome in zip(players, outcomes, strict=False):
            if outcome not in OUTCOMES:
                raise InvalidInput(f"round {self.round}: unknown outcome {outcome!r} for {player}")
        if not len(outcomes) == len(scores) == len(components) == len(players):
            raise InvalidInput(f"round {self.round}: give one outcome, score and components per seat")
        if len(players) == 1:
            if outcomes != ("win",):
                raise InvalidInput(f"round {self.round}: a bye for {players[0]} must be recorded as a win")
            if any(scores) or any(any(c.values()) for c in components):
                raise InvalidInput(
                    f"round {self.round}: the bye for {players[0]} carries scores; "
                    "what a bye is worth comes from the event's scoring rules"
                )
            return
        if players[0] == players[1]:
            raise InvalidInput(f"round {self.round}: {players[0]} cannot play themself")
        if outcomes not in _CONSISTENT_OUTCOMES:
            raise InvalidInput(
                f"round {self.round}: {players[0]} {outcomes[0]} against {players[1]} "
                f"{outcomes[1]} is not a possible result"
            )

    @classmethod
    def bye(cls, round: int, player: PlayerId) -> ResultRecord:
        """The record of a bye for ``player`` in ``round``."""
        return cls(round, (player,), ("win",))

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1

    @property
    def seats(self) -> tuple[SeatResult, ...]:
        return tuple(
            SeatResult(player, outcome, score, parts)
            for player, outcome, score, parts in zip(
                self.players, self.outcomes, self.scores, self.components, strict=True
            )
        )


@dataclass(frozen=True)
class GameRecord:
    """One game of any number of seats (two to four players each for themselves, two teams).

    A game of one seat is a bye. Raises InvalidInput for an unknown outcome, a player in two
    seats, or a game with no seat.
    """

    round: int
    seats: tuple[SeatResult, ...]

    def __post_init__(self) -> None:
        if not self.seats:
            raise InvalidInput(f"round {self.round}: a game needs at least one seat")
        players = [s.player for s in self.seats]
        if len(set(players)) != len(players):
            raise InvalidInput(f"round {self.round}: a player holds two seats of one game")
        for s in self.seats:
            if s.outcome not in OUTCOMES:
                raise InvalidInput(f"round {self.round}: unknown outcome {s.outcome!r} for {s.player}")

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.seats)


#: What standings read: a two-seat record or a game of any number of seats.
AnyRecord = ResultRecord | GameRecord


@dataclass(frozen=True)
class Pairing:
    """One table of a round: ``a`` meets ``b``, or ``a`` has a bye when ``b`` is None.

    ``table`` numbers start at 1 (the top table). ``reason`` is one line a tournament
    organiser can read out, e.g. ``"same score group (6 pts), no earlier game"``. A pod of a
    free-for-all game seats ``others`` after ``a`` and ``b`` (tournaments.algorithms.pods).
    """

    table: int
    a: PlayerId
    b: PlayerId | None
    reason: str
    others: tuple[PlayerId, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b, *self.others)


def seeding_order(competitors: Iterable[Competitor]) -> list[Competitor]:
    """Competitors from the top seed down: explicit seed first, then rating, then entry order.

    Players without a seed come after every seeded player, players without a rating after
    every rated one; the caller's order breaks the remaining ties, so the result is
    deterministic for a given input.
    """
    indexed = list(enumerate(competitors))

    def key(item: tuple[int, Competitor]) -> tuple:
        position, c = item
        return (
            c.seed is None,
            c.seed if c.seed is not None else 0,
            c.rating is None,
            -(c.rating or 0.0),
            position,
        )

    return [c for _, c in sorted(indexed, key=key)]


def index_competitors(competitors: Sequence[Competitor]) -> dict[PlayerId, Competitor]:
    """Competitors by id. Raises InvalidInput when two competitors share an id."""
    by_id: dict[PlayerId, Competitor] = {}
    for c in competitors:
        if c.id in by_id:
            raise InvalidInput(f"two competitors share the id {c.id!r}")
        by_id[c.id] = c
    return by_id


def faction_set(faction: str | frozenset[str] | None) -> frozenset[str]:
    """A competitor's factions as a set: none, the one a player registered, or a team's."""
    if faction is None:
        return frozenset()
    if isinstance(faction, str):
        return frozenset({faction})
    return frozenset(faction)


def shared_factions(a: str | frozenset[str] | None, b: str | frozenset[str] | None) -> list[str]:
    """The factions both sides registered, by name (empty: they can meet)."""
    return sorted(faction_set(a) & faction_set(b))
