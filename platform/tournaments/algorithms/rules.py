"""Event rules the algorithms need: how results turn into points, and what an audit checks.

These are platform rules an organiser picks per event, not rules of any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Outcome


@dataclass(frozen=True)
class ScoringRules:
    """Tournament points per outcome and what a bye is worth.

    Defaults: 3 points for a win, 1 for a draw, 0 for a loss. A bye counts as a win
    (``win`` points) with ``bye_vp_for`` VP scored and ``bye_vp_against`` VP conceded, both 0
    by default so that a bye neither helps nor hurts the VP tiebreaks; events that want a bye
    to be worth a typical winning margin set ``bye_vp_for`` to it. A bye deals no knock-outs.

    Raises InvalidInput when a loss would be worth more than a draw or a draw more than a win.
    """

    win: float = 3
    draw: float = 1
    loss: float = 0
    bye_vp_for: float = 0
    bye_vp_against: float = 0

    def __post_init__(self) -> None:
        if not self.win >= self.draw >= self.loss:
            raise InvalidInput(
                f"points must not increase from win to loss (got {self.win}/{self.draw}/{self.loss})"
            )

    def points(self, outcome: Outcome) -> float:
        """Tournament points for one game's outcome (a bye is a ``"win"``)."""
        return {"win": self.win, "draw": self.draw, "loss": self.loss}[outcome]


@dataclass(frozen=True)
class EventRules:
    """What :func:`~tournaments.algorithms.checks.find_discrepancies` holds an event to.

    ``swiss_rounds`` is how many rounds were paired by the Swiss system (rounds 1 to N); only
    those rounds are checked for avoidable rematches and score-group jumps, because a top
    cut or a round robin pairs by other rules. None means every round was Swiss.
    ``max_byes`` is how many byes one player may receive over the event.
    """

    scoring: ScoringRules = field(default_factory=ScoringRules)
    swiss_rounds: int | None = None
    max_byes: int = 1

    def is_swiss_round(self, round_number: int) -> bool:
        return self.swiss_rounds is None or round_number <= self.swiss_rounds


def format_points(points: float) -> str:
    """Points for messages: ``6`` rather than ``6.0``, ``2.5`` as is."""
    return str(int(points)) if float(points).is_integer() else str(points)
