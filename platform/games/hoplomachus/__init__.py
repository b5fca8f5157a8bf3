"""Hoplomachus: Remastered as the platform sees it.

Seats are troops, named by their player and faction; the score is crowd favour with its sources (the
labels the engine registers), and in Assault the immortals defeated (HR-13.1.2). The log page adds the
result of each mode in words and a troop table (``presenter``). The meta has win rates per faction, per
faction in each mode and arena, per unit, hero and tactic, success against the game per mode and arena and
against each titan and immortal, the turn order's advantage, crowd favour by round and reward timing, dice luck
by colour and game length, all from the engine's ``hoplomachus-statistics`` and generic result (``meta``). Events
are run with a troop list naming the player's faction and, in Alliance, the six units chosen (``lists``), in
Skirmish, Pandemonium pods or Alliance teams
(tournaments.game_modes); a simulated event plays Skirmish (HR-12), Pandemonium or Alliance.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, pgettext_lazy

import engine
from games import ListModulePlugin, SimulatedSide, register
from games.hoplomachus import lists, presenter
from games.hoplomachus.names import faction_name

GAME_ID = "hoplomachus-remastered"
_INFO = engine.game(GAME_ID)

#: Each mode as a player at the table reads it in the log check's sentence (HR-12's modes, by section).
MODE_WORDS = {
    "skirmish": gettext_noop("a Skirmish (HR-15)"),
    "pandemonium": gettext_noop("a Pandemonium game (HR-16)"),
    "alliance": gettext_noop("an Alliance game (HR-17)"),
    "assault": gettext_noop("an Assault against the immortals (HR-13)"),
    "ascension": gettext_noop("an Ascension against a titan (HR-14)"),
}


class Hoplomachus(ListModulePlugin):
    game_id = GAME_ID
    name = _INFO.name
    piece_noun = pgettext_lazy("a piece of the game", "unit")
    pieces_noun = pgettext_lazy("pieces of the game", "units and heroes")
    pieces_page = "units"
    score_label = _INFO.result_schema.score_label
    score_components = dict(_INFO.result_schema.components)
    runs_events = True
    lists = lists
    # Skirmish: "each player plays a different faction", one set of chips each (AMB-17); the engine
    # refuses a log of two troops of one faction, so pairing keeps them apart.
    distinct_factions = True

    def faction_name(self, pack, faction_id: str) -> str:
        return faction_name(faction_id)

    def catalogue(self, pack) -> dict:
        """Each faction's troop as the list page shows it: hero, non-elite units, tactics (HR-2.3.4)."""
        return lists.catalogue(pack)

    def list_options(self, event) -> dict:
        # What a troop list holds depends on the mode: Alliance lists name six units (HR-17.2.8).
        return {"mode": event.game_mode or ""}

    def check_list(
        self, entries: list, pack, *, points_limit: int, faction: str | None = None, mode: str = ""
    ):
        return lists.check_list(entries, pack, faction=faction, mode=mode)

    def compare_force(self, player, header: dict, pack) -> list[str]:
        return lists.compare_force(player, header, pack)

    def header_players(self, header: dict) -> list[dict]:
        return lists.header_players(header)

    def log_mode(self, header: dict) -> str:
        # Every Hoplomachus log names its mode in its setup (HR-12); the log check holds it to the event's.
        return str((header.get("setup") or {}).get("mode") or "")

    def mode_words(self, mode_id: str) -> str:
        return MODE_WORDS.get(mode_id) or super().mode_words(mode_id)

    def simulated_sides(self, pack) -> list[SimulatedSide]:
        return [SimulatedSide(faction, (), faction) for faction in sorted(pack.factions)]

    #: Besides Skirmish, a simulated event may play Pandemonium pods (HR-16) or Alliance teams (HR-17).
    simulated_modes = ("pandemonium", "alliance")

    def simulate_options(self, sides: list[SimulatedSide], mode: str = "") -> dict:
        # Skirmish: two troops, one against the other (HR-12); the simulator plays the registered factions.
        factions = tuple(side.plays for side in sides)
        if mode == "pandemonium":  # a pod of three or four troops, each for themselves (HR-16)
            return {"mode": "pandemonium", "factions": factions, "players": len(sides)}
        if mode == "alliance":  # two teams of two, each troop with the six units its list names (HR-17.2.8)
            units = tuple(tuple(self._alliance_units(side.faction)) for side in sides)
            return {"mode": "alliance", "factions": factions, "players": len(sides), "units": units}
        return {"mode": "skirmish", "factions": factions}

    def simulated_entries(self, side: SimulatedSide, mode: str = "") -> list:
        if mode == "alliance":  # the list names six non-elite units of the faction (HR-17.2.8)
            return [{"character": unit} for unit in self._alliance_units(side.faction)]
        return list(side.entries)

    def simulated_seating(self, groups: list[list], mode: str = "") -> list:
        # Alliance seats the red team as p1 and p3, the blue team as p2 and p4 (HR-17): partners apart.
        if mode == "alliance" and len(groups) == 2 and all(len(group) == 2 for group in groups):
            (a1, a2), (b1, b2) = groups
            return [a1, b1, a2, b2]
        return super().simulated_seating(groups, mode)

    def _alliance_units(self, faction: str) -> list[str]:
        """The six units a simulated Alliance troop of ``faction`` fields: its first six non-elite units."""
        pack = self.load_pack(self.default_pack())
        return [unit for unit in pack.factions[faction]["roster"] if not pack.units[unit].elite][:6]

    def result_rows(self, players: list[dict], result: dict) -> list[dict]:
        rows = super().result_rows(players, result)
        seats = {str(s.get("seat")): s for s in result.get("seats") or [] if isinstance(s, dict)}
        for row in rows:
            row["faction"] = faction_name(row["faction"])  # a faction's name reads better than its id
            # The score column is labelled crowd favour; an Assault seat's score is the immortals
            # defeated (HR-13.1.2), which has a column of its own.
            parts = (seats.get(str(row["id"])) or {}).get("components") or {}
            row["total"] = parts.get("favour", row["total"])
        return rows

    def result_details(self, header: dict, result: dict, statistics: dict | None) -> dict:
        return presenter.details(header, result, statistics)

    demo_challenge_mode = "assault"  # HR-13: the demo challenge is an Assault against the immortals
    board_script = "games/board-hoplomachus.js"  # static/games/board-hoplomachus.js: its board for the viewer and the recorder
    short_name = "Hoplomachus"

    table_note = _(
        "Dice and draws: the site rolls and shuffles (the seed's commitment is shown to both players before the "
        "first roll and the seed is revealed when the game ends, so every die and draw can be checked), or you "
        "roll the real dice and draw the units from the bags and enter what you see; the engine says what each "
        "step needs and checks it. With real dice a Skirmish's neutral heroes and first four units per bag are "
        "dealt by the site: set your camps up to match."
    )

    def table_form(self):
        from games.hoplomachus.table_form import (
            HoplomachusGameForm,  # the play app is optional: import it only when asked
        )

        return HoplomachusGameForm

    # The troop's faction is the header's (the engine seats each player's troop of it, HR-12); the meta's
    # faction rates count every troop of every mode.
    faction_rates_dataset = "factions"

    def seat_faction(self, player: dict, team: str) -> tuple[str, str]:
        faction = str(player.get("faction") or "")
        return faction, faction_name(faction)

    def meta_datasets(self) -> dict:
        from games.hoplomachus import meta  # the dashboards app is optional: import it only when asked

        return meta.datasets()

    def meta_pages(self) -> dict:
        from games.hoplomachus import meta

        return meta.PAGES

    def dice_luck_by_player(self, f, names: list[str] | None = None) -> list[dict]:
        from games.hoplomachus import meta_dice

        return meta_dice.player_luck(f, names)

    def dice_luck_order(self, f) -> list[str]:
        from games.hoplomachus import meta_dice

        return meta_dice.player_order(f)

    def own_dice(self, names: list[str], games) -> dict | None:
        from games.hoplomachus import meta_dice

        return meta_dice.own_dice(names, games)


PLUGIN = register(Hoplomachus())
