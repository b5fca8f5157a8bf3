"""Masters of the Universe: Fields of Eternia as the platform sees it.

Scores are team VP by source (FE-17, the labels the engine registers); the log page adds a team
table — who controlled each hero (from the log header), VP by source, outposts, Eternium — and the
mode, solo difficulty and tie-break (``presenter``). The meta has win rates per team and per hero,
VP by source and the solo success rate by difficulty (``meta``). Events are team events (two
teams of 1–3 players, FE-2) whose tables are dealt the two factions when paired
(``table_factions``, draw.table_factions): no list is needed (``lists`` still reads one). A simulated
event is a team event of pairs: each game deals the Masters' and the Evil Warriors' sides to
its two teams, whose players share their side's three heroes (FE-2.1, FE-4.1.2); or, with the event's
mode "skirmish", the competitive skirmish (FE-19), one player a side.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, pgettext_lazy

import engine
from games import ListModulePlugin, SimulatedSide, register
from games.eternia import lists, names, presenter

GAME_ID = "motu-fields-of-eternia"
_INFO = engine.game(GAME_ID)

#: Each mode as a player at the table reads it in the log check's sentence (FE-2.5's modes, by section).
MODE_WORDS = {
    "standard": gettext_noop("a team game (FE-2)"),
    "skirmish": gettext_noop("a skirmish (FE-19)"),
    "solo": gettext_noop("a solo or co-op game against the game (FE-18)"),
}


class Eternia(ListModulePlugin):
    game_id = GAME_ID
    name = _INFO.name
    piece_noun = pgettext_lazy("a piece of the game", "hero")
    pieces_noun = pgettext_lazy("pieces of the game", "heroes")
    pieces_page = "heroes"
    score_label = _INFO.result_schema.score_label
    score_components = dict(_INFO.result_schema.components)

    runs_events = True
    lists = lists

    def faction_name(self, pack, faction_id: str) -> str:
        return (pack.factions.get(faction_id) or {}).get("name", faction_id)

    # A simulated event is the team game (FE-2.1) of teams of two. A team's side and heroes are
    # chosen at setup (FE-4.1.2), and the standard game has no mirror match (one team per faction),
    # so simulated players register no list: each game gives one team each side.
    simulated_team_size = 2
    sides_at_table = True

    def log_mode(self, header: dict) -> str:
        # A log's setup names its mode; none is the standard team game (the engine reads it so, FE-2.5).
        return str((header.get("setup") or {}).get("mode") or "standard")

    def mode_words(self, mode_id: str) -> str:
        return MODE_WORDS.get(mode_id) or super().mode_words(mode_id)

    def simulated_sides(self, pack) -> list[SimulatedSide]:
        return [SimulatedSide(faction, (), faction) for faction in pack.factions]

    def table_factions(self, pack) -> list[str]:
        # FE-2.1: every game is the Masters against the Evil Warriors; an event deals them per table.
        return list(pack.factions)

    # An event may also play the competitive skirmish (FE-19, ``Event.game_mode`` "skirmish"): each
    # player one team, the two teams of a table dealt the two factions as in the team game.
    simulated_modes = ("skirmish",)

    def simulate_options(self, sides: list[SimulatedSide], mode: str = "") -> dict:
        # Partners sit together: each run of seats playing one side is a team of that many players.
        teams: list[list] = []
        for side in sides:
            if teams and teams[-1][0] == side.plays:
                teams[-1][1] += 1
            else:
                teams.append([side.plays, 1])
        options: dict = {"teams": tuple((faction, players) for faction, players in teams)}
        if mode == "skirmish":  # FE-19: the pack's skirmish scenario, its own setup and deployment
            options["mode"] = "skirmish"
        return options

    def result_rows(self, players: list[dict], result: dict) -> list[dict]:
        rows = super().result_rows(players, result)
        for row in rows:  # a team's name reads better than its id
            row["faction"] = presenter.team_name(row["faction"])
        return rows

    def result_details(self, header: dict, result: dict, statistics: dict | None) -> dict:
        return presenter.details(header, result, statistics, self.score_components, self.score_label)

    def demo_games(self) -> list[tuple[str, dict]]:
        return [
            # FE-18: the solo scenario against a boss (its skull track and ☠ on the map).
            ("solo-boss", {"mode": "solo", "scenario": "solo-evil-seed"}),
            # FE-4.1.8: a team fielding a mounted hero (the pack's entries are placeholders, FE-23.3).
            ("mounted-hero", {"mounted": True}),
        ]

    board_script = (
        "games/board-eternia.js"  # static/games/board-eternia.js: its board for the viewer and the recorder
    )
    short_name = "Fields of Eternia"
    demo_challenge_mode = "solo"  # FE-18: the demo challenge is a solo game against the game

    def table_form(self):
        from games.eternia.table_form import (
            EterniaGameForm,  # the play app is optional: import it only when asked
        )

        return EterniaGameForm

    # A seat plays its team's faction (FE-2.1: the Masters or the Evil Warriors); the meta's team rates leave
    # the games against the game out (FE-18), and so does a player's record.
    faction_rates_dataset = "teams"
    faction_rates_against_game = False

    def piece_name(self, piece_id: str) -> str:
        return names.hero_name(piece_id)  # a hero or a mounted hero (FE-4.1.8)

    def seat_faction(self, player: dict, team: str) -> tuple[str, str]:
        faction = team or str(player.get("faction") or "")
        return faction, presenter.team_name(faction)

    def meta_datasets(self) -> dict:
        from games.eternia import meta  # the dashboards app is optional: import it only when asked

        return meta.datasets()

    def meta_pages(self) -> dict:
        from games.eternia import meta

        return meta.PAGES


PLUGIN = register(Eternia())
