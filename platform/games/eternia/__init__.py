"""Masters of the Universe: Fields of Eternia as the platform sees it.

Scores are team VP by source (FE-17, the labels the engine registers); the log page adds a team
table — who controlled each hero (from the log header), VP by source, outposts, Eternium — and the
mode, solo difficulty and tie-break (``presenter``). The meta has win rates per team and per hero,
VP by source and the solo success rate by difficulty (``meta``). Events are team events (two
teams of 1–3 players, FE-2); a player's list is their team and heroes (``lists``).
"""

from __future__ import annotations

import engine
from games import ListModulePlugin, register
from games.eternia import lists, presenter

GAME_ID = "motu-fields-of-eternia"
_INFO = engine.game(GAME_ID)


class Eternia(ListModulePlugin):
    game_id = GAME_ID
    name = _INFO.name
    score_label = _INFO.result_schema.score_label
    score_components = dict(_INFO.result_schema.components)

    runs_events = True
    lists = lists

    def faction_name(self, pack, faction_id: str) -> str:
        return (pack.factions.get(faction_id) or {}).get("name", faction_id)

    def result_rows(self, players: list[dict], result: dict) -> list[dict]:
        rows = super().result_rows(players, result)
        for row in rows:  # a team's name reads better than its id
            row["faction"] = presenter.team_name(row["faction"])
        return rows

    def result_details(self, header: dict, result: dict, statistics: dict | None) -> dict:
        return presenter.details(header, result, statistics, self.score_components, self.score_label)

    def meta_datasets(self) -> dict:
        from games.eternia import meta  # the dashboards app is optional: import it only when asked

        return meta.datasets()

    def meta_pages(self) -> dict:
        from games.eternia import meta

        return meta.PAGES


PLUGIN = register(Eternia())
