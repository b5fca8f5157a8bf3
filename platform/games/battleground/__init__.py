"""Masters of the Universe: Battleground as the platform sees it.

Scores are VP from three sources (BG-16: objectives, missions, knock-outs); a match result
also keeps how many knock-outs each side dealt, from the verdict's statistics, which the
``knockouts`` tiebreak and the "more knock-outs" draw break read.
"""

from __future__ import annotations

from games import DrawBreak, GamePlugin, register
from tournaments.algorithms.tiebreaks import METRICS, component_metric

GAME_ID = "motu-battleground"


class Battleground(GamePlugin):
    game_id = GAME_ID
    name = "Masters of the Universe: Battleground"
    score_label = "VP"
    score_components = {"objectives": "Objectives", "missions": "Missions", "knockouts": "Knock-outs"}
    counters = {"knockouts_dealt": "Knock-outs dealt"}
    draw_breaks = (
        DrawBreak("more_knockouts", "More knock-outs in the game advances", ("knockouts_dealt", "score")),
    )

    def seat_components(self, verdict: dict, seat: dict) -> dict[str, int]:
        components = super().seat_components(verdict, seat)
        sides = (verdict.get("statistics") or {}).get("sides") or []
        dealt = next((s.get("knockouts_dealt") for s in sides if s.get("player") == seat.get("seat")), 0)
        components["knockouts_dealt"] = int(dealt or 0)
        return components


PLUGIN = register(Battleground())

if "knockouts" not in METRICS:
    component_metric("knockouts", "Knock-outs dealt", "knockouts_dealt", games={GAME_ID})
