"""Masters of the Universe: Battleground as the platform sees it.

Scores are VP from three sources (BG-16: objectives, missions, knock-outs); a match result
also keeps how many knock-outs each side dealt, from the verdict's statistics, which the
``knockouts`` tiebreak and the "more knock-outs" draw break read.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import DrawBreak, GamePlugin, SimulatedSide, register
from games.battleground import content, lists, log_check
from tournaments.algorithms.tiebreaks import METRICS, component_metric

GAME_ID = "motu-battleground"


class Battleground(GamePlugin):
    game_id = GAME_ID
    name = "Masters of the Universe: Battleground"
    piece_noun = pgettext_lazy("a piece of the game", "character")
    pieces_noun = pgettext_lazy("pieces of the game", "characters")
    pieces_page = "characters"
    score_label = "VP"
    score_components = {"objectives": "Objectives", "missions": "Missions", "knockouts": "Knock-outs"}
    counters = {"knockouts_dealt": _("Knock-outs dealt")}
    draw_breaks = (
        DrawBreak("more_knockouts", _("More knock-outs in the game advances"), ("knockouts_dealt", "score")),
    )

    runs_events = True
    board_script = "games/board-battleground.js"  # static/games/: its board for the viewer and the recorder

    def pack_ids(self) -> list[str]:
        return content.pack_ids()

    def load_pack(self, pack_id: str):
        return content.load_pack(pack_id)

    def catalogue(self, pack) -> dict:
        return content.catalogue(pack)

    def faction_name(self, pack, faction_id: str) -> str:
        return lists.faction_name(pack, faction_id)

    def parse_list_text(self, text: str):
        return lists.parse_list_text(text)

    def check_list(self, entries: list, pack, *, points_limit: int, faction: str | None = None):
        return lists.check_force_list(entries, pack, points_limit=points_limit, faction=faction)

    def format_list_text(self, entries: list, pack=None, faction: str | None = None) -> str:
        return lists.format_list_text(entries, pack, faction)

    def compare_force(self, player, header: dict, pack) -> list[str]:
        return log_check.compare_force(player, header, pack)

    # The engine's simulator plays the rulebook's first-game forces (BG-3), so simulated players register them.
    SIMULATED_FORCES = {"masters-of-the-universe": "first-game-motu", "evil-warriors": "first-game-ew"}

    def simulated_sides(self, pack) -> list[SimulatedSide]:
        return [
            SimulatedSide(
                faction,
                tuple(pack.forces[force]["characters"]),
                force,
                lists.force_cost(pack.forces[force], pack),
            )  # fmt: skip
            for faction, force in self.SIMULATED_FORCES.items()
        ]

    def simulate_options(self, sides: list[SimulatedSide], mode: str = "") -> dict:
        return {"forces": tuple(side.plays for side in sides)}

    side_statistics = True

    def statistics_rows(self, statistics: dict):
        from games.battleground.statrows import game_rows  # its models load once the apps are ready

        return game_rows(statistics)

    def synthetic_verdict(self, rng, *, names: tuple[str, str], edge: float, late: bool) -> dict:
        # A made-up roster with hidden strengths, so the synthetic meta's balance pages find something.
        from games.battleground.synthetic import synthetic_verdict

        return synthetic_verdict(rng, names=names, edge=edge, late=late)

    short_name = "Battleground"
    table_note = _(
        "Each side deploys in its own zone (BG-4.8); the site places the miniatures. When the site rolls, the "
        "seed's commitment is shown to both players before the first roll and the seed is revealed when the game "
        "ends, so every die can be checked; with real dice you enter the faces and the engine checks each roll."
    )

    def table_form(self):
        from games.battleground.table_form import (
            BattlegroundGameForm,  # the play app is optional: import it only when asked
        )

        return BattlegroundGameForm

    def meta_datasets(self) -> dict:
        from games.battleground import meta  # the dashboards app is optional: import it only when asked

        return meta.DATASETS

    def meta_pages(self) -> dict:
        from games.battleground import meta

        return meta.PAGES

    def dice_luck_by_player(self, f, names: list[str] | None = None) -> list[dict]:
        from games.battleground import queries

        return queries.dice_luck(f, names)

    def dice_luck_order(self, f) -> list[str]:
        from games.battleground import queries

        return queries.dice_luck_order(f)

    def side_models(self):
        from games.battleground import models

        return models.SIDE_MODELS

    def meta_rates(self, f, dimension: str) -> list[dict]:
        from games.battleground import queries

        return queries.entry_rates(f, dimension)

    def meta_piece_rows(self, f, key: str) -> list[dict]:
        from games.battleground import characters

        return characters.rows(f, key)

    def meta_piece_details(self, f, key: str, row: dict | None) -> dict | None:
        from games.battleground import characters

        return characters.details(f, key, row)

    def seat_components(self, verdict: dict, seat: dict) -> dict[str, int]:
        components = super().seat_components(verdict, seat)
        sides = (verdict.get("statistics") or {}).get("sides") or []
        dealt = next((s.get("knockouts_dealt") for s in sides if s.get("player") == seat.get("seat")), 0)
        components["knockouts_dealt"] = int(dealt or 0)
        return components


PLUGIN = register(Battleground())

if "knockouts" not in METRICS:
    component_metric("knockouts", "Knock-outs dealt", "knockouts_dealt", games={GAME_ID})
