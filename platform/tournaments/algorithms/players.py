"""The plain values the tournament algorithms take and return.

Nothing here knows about the ORM: the ``tournaments`` app turns its rows into these frozen
dataclasses, calls an algorithm, and stores what comes back.

* :class:`Competitor` — one entrant of an event.
* :class:`ResultRecord` — one verified game (or one bye) of one round.
* :class:`Pairing` — one table of a round as an algorithm proposes it, with a one-line reason.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
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

    @property
    def label(self) -> str:
        """The name for messages, falling back to the id."""
        return self.name or str(self.id)


@dataclass(frozen=True)
class ResultRecord:
    """One game of one round as the verified log reports it, or one bye.

    ``player_b`` is None for a bye; a bye is always a win for ``player_a`` and its VP and
    knock-out fields must stay 0, because the VP a bye is worth is an event rule
    (:class:`~tournaments.algorithms.rules.ScoringRules`), not something a record may claim.

    ``outcome_b`` may be left out; it then mirrors ``outcome_a`` (a win for one side is a loss
    for the other). ``vp_a``/``vp_b`` are the victory points each side scored and
    ``knockouts_a``/``knockouts_b`` the knock-outs each side dealt.

    Raises :class:`~tournaments.algorithms.errors.InvalidInput` for an unknown outcome, a
    pair of outcomes no game can end with, a player meeting themself, or a bye with scores.
    """

    round: int
    player_a: PlayerId
    player_b: PlayerId | None
    outcome_a: Outcome
    outcome_b: Outcome | None = None
    vp_a: float = 0
    vp_b: float = 0
    knockouts_a: int = 0
    knockouts_b: int = 0

    def __post_init__(self) -> None:
        if self.outcome_a not in OUTCOMES:
            raise InvalidInput(f"round {self.round}: unknown outcome {self.outcome_a!r} for {self.player_a}")
        if self.player_b is None:
            if self.outcome_a != "win" or self.outcome_b is not None:
                raise InvalidInput(f"round {self.round}: a bye for {self.player_a} must be recorded as a win")
            if self.vp_a or self.vp_b or self.knockouts_a or self.knockouts_b:
                raise InvalidInput(
                    f"round {self.round}: the bye for {self.player_a} carries scores; "
                    "bye VP come from the event's scoring rules"
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


@dataclass(frozen=True)
class Pairing:
    """One table of a round: ``a`` meets ``b``, or ``a`` has a bye when ``b`` is None.

    ``table`` numbers start at 1 (the top table). ``reason`` is one line a tournament
    organiser can read out, e.g. ``"same score group (6 pts), no earlier game"``.
    """

    table: int
    a: PlayerId
    b: PlayerId | None
    reason: str

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


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
