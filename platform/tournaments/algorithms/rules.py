"""Event rules the algorithms need: how results turn into points, and what an audit checks.

These are platform rules an organiser picks per event, not rules of any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.algorithms.battle_points import BattlePointsTable
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Outcome


@dataclass(frozen=True)
class ScoringRules:
    """Tournament points per outcome and what a bye is worth.

    Defaults: 3 points for a win, 1 for a draw, 0 for a loss. A bye counts as a win
    (``win`` points) with ``bye_vp_for`` VP scored and ``bye_vp_against`` VP conceded, both 0
    by default so that a bye neither helps nor hurts the VP tiebreaks; events that want a bye
    to be worth a typical winning margin set ``bye_vp_for`` to it. A bye deals no knock-outs.

    With ``battle_points`` (a :class:`~tournaments.algorithms.battle_points.BattlePointsTable`)
    a game's points come from its score margin through the table instead; a bye is then worth
    the band of its margin (``bye_vp_for - bye_vp_against``) from the side ahead.

    Raises InvalidInput when a loss would be worth more than a draw or a draw more than a win.
    """

    win: float = 3
    draw: float = 1
    loss: float = 0
    bye_vp_for: float = 0
    bye_vp_against: float = 0
    battle_points: BattlePointsTable | None = None
    # Points per finishing place of a free-for-all pod, first place first (tournaments.algorithms.pods);
    # None: a game of several seats scores by outcome like any other.
    placement: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if not self.win >= self.draw >= self.loss:
            raise InvalidInput(
                f"points must not increase from win to loss (got {self.win}/{self.draw}/{self.loss})"
            )
        if self.placement is not None:
            from tournaments.algorithms.placement_points import check_placement_points

            check_placement_points(self.placement)

    def points(self, outcome: Outcome) -> float:
        """Tournament points for one game's outcome (a bye is a ``"win"``), without battle points."""
        return {"win": self.win, "draw": self.draw, "loss": self.loss}[outcome]

    def game_points(
        self, outcome: Outcome, score_for: float, score_against: float, *, double_loss: bool = False
    ) -> float:
        """What one side of a game earns: battle points from the margin when the event uses
        them, otherwise the points for its outcome."""
        if self.battle_points is None:
            return self.points(outcome)
        return self.battle_points.points(outcome, score_for, score_against, double_loss=double_loss)

    def bye_points(self) -> float:
        return self.game_points("win", self.bye_vp_for, self.bye_vp_against)

    @property
    def draw_value(self) -> float:
        """What a drawn game is worth: FIDE C.07 Article 16.3.2 scores some unplayed rounds as draws."""
        return self.draw if self.battle_points is None else self.game_points("draw", 0, 0)


@dataclass(frozen=True)
class EventRules:
    """What :func:`~tournaments.algorithms.checks.find_discrepancies` holds an event to.

    ``swiss_rounds`` is how many rounds were paired by the Swiss system (rounds 1 to N); only
    those rounds are checked for avoidable rematches and wider floats than needed, because a top
    cut or a round robin pairs by other rules. None means every round was Swiss.
    ``max_byes`` is how many byes one player may receive over the event.
    ``distinct_factions``: opponents must play different factions (the competitors' registered
    ``faction``), so a same-faction game counts above a rematch, as Swiss pairing weighs it.
    """

    scoring: ScoringRules = field(default_factory=ScoringRules)
    swiss_rounds: int | None = None
    max_byes: int = 1
    distinct_factions: bool = False

    def is_swiss_round(self, round_number: int) -> bool:
        return self.swiss_rounds is None or round_number <= self.swiss_rounds


def format_points(points: float) -> str:
    """Points for messages: ``6`` rather than ``6.0``, ``2.5`` as is."""
    return str(int(points)) if float(points).is_integer() else str(points)
