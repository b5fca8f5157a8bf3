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

# The outcome pairs a game can end with. "loss"/"loss" is a double loss (both players
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
        """How this seat fared against ``other``: better rank wins, equal ranks draw."""
        if self.place == other.place:
            return "draw" if self.outcome != "loss" or other.outcome != "loss" else "loss"
        return "win" if self.place < other.place else "loss"


_PLACE = {"win": 1, "draw": 1, "loss": 2}


@dataclass(frozen=True)
class ResultRecord:
    """One two-seat game of one round as the verified log reports it, or one bye.

    This is the record the two-seat pairing formats (Swiss, round robin, elimination) read;
    :class:`GameRecord` holds a game of any number of seats and teams. Both give ``seats``,
    which is all that standings and tiebreaks read.

    ``player_b`` is None for a bye; a bye is always a win for ``player_a`` and its scores must
    stay empty, because what a bye is worth is an event rule
    (:class:`~tournaments.algorithms.rules.ScoringRules`), not something a record may claim.

    ``outcome_b`` may be left out; it then mirrors ``outcome_a`` (a win for one side is a loss
    for the other). ``score_a``/``score_b`` are the game's score of each side (VP in
    Battleground) and ``components_a``/``components_b`` each side's score components and
    counters by the game's keys.

    Raises :class:`~tournaments.algorithms.errors.InvalidInput` for an unknown outcome, a
    pair of outcomes no game can end with, a player meeting themself, or a bye with scores.
    """

    round: int
    player_a: PlayerId
    player_b: PlayerId | None
    outcome_a: Outcome
    outcome_b: Outcome | None = None
    score_a: float = 0
    score_b: float = 0
    components_a: Mapping[str, float] = field(default_factory=dict, hash=False)
    components_b: Mapping[str, float] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.outcome_a not in OUTCOMES:
            raise InvalidInput(f"round {self.round}: unknown outcome {self.outcome_a!r} for {self.player_a}")
        if self.player_b is None:
            if self.outcome_a != "win" or self.outcome_b is not None:
                raise InvalidInput(f"round {self.round}: a bye for {self.player_a} must be recorded as a win")
            if (
                self.score_a
                or self.score_b
                or any(self.components_a.values())
                or any(self.components_b.values())
            ):
                raise InvalidInput(
                    f"round {self.round}: the bye for {self.player_a} carries scores; "
                    "what a bye is worth comes from the event's scoring rules"
                )
            return
        if self.player_a == self.player_b:
            raise InvalidInput(f"round {self.round}: {self.player_a} cannot play themself")
        if self.outcome_b is None:
            # Frozen dataclass: fill the derived field through object.__setattr__.
            object.__setattr__(self, "outcome_b", _OPPOSITE[self.outcome_a])
        if (self.outcome_a, self.outcome_b) not in _CONSISTENT_OUTCOMES:
            raise InvalidInput(
                f"round {self.round}: {self.player_a} {self.outcome_a} against {self.player_b} "
                f"{self.outcome_b} is not a possible result"
            )

    @classmethod
    def bye(cls, round: int, player: PlayerId) -> ResultRecord:
        """The record of a bye for ``player`` in ``round``."""
        return cls(round=round, player_a=player, player_b=None, outcome_a="win")

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """The one or two players the record is about."""
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    @property
    def seats(self) -> tuple[SeatResult, ...]:
        if self.player_b is None:
            return (SeatResult(self.player_a, "win"),)
        assert self.outcome_b is not None  # filled in by __post_init__
        return (
            SeatResult(self.player_a, self.outcome_a, self.score_a, self.components_a),
            SeatResult(self.player_b, self.outcome_b, self.score_b, self.components_b),
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
