"""Solo / co-op scoring (FE-18.7.2, AMB-50), a pure function: the mode itself is not replayed yet."""

from __future__ import annotations

COMPLETED = {"beginner": 2, "novice": 4, "advanced": 6, "relentless": 10}


def solo_score(*, vp: int, difficulty: str, completed: bool, enemy_outposts: int, rounds_left: int, defeats: int,
               damage: int) -> int:  # fmt: skip
    """VP earned, +2/+4/+6/+10 for a completed scenario by difficulty, +1 per enemy outpost occupied, +3 per
    remaining round, −3 per defeat (every difficulty, AMB-50.4), −1 per 3 damage on surviving heroes
    (floor of the total, AMB-50.3)."""
    bonus = COMPLETED[difficulty] if completed else 0
    return vp + bonus + enemy_outposts + 3 * rounds_left - 3 * defeats - damage // 3
