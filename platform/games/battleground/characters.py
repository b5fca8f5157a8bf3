"""One Battleground character's page (``/meta/<game>/characters/<id>/``) beyond its rate row: its win rate
over time, its best and worst matchups and the characters it is most often fielded with, from the
summaries and the matchup query (``GamePlugin.meta_piece_details``)."""

from __future__ import annotations

from dashboards.filters import MetaFilter
from games.battleground import queries

PARTNERS_SHOWN = 10


def rows(f: MetaFilter, key: str) -> list[dict]:
    return [r for r in queries.entry_rates(f, "characters") if r["key"] == key]


def partners(f: MetaFilter, key: str, shown: int = PARTNERS_SHOWN) -> list[dict]:
    """The characters fielded beside ``key`` most often, with the pair's results (pair keys are "a+b")."""
    names = {r["key"]: r["name"] for r in queries.entry_rates(f, "characters")}
    out = []
    for r in queries.entry_rates(f, "pairs"):
        a, _, b = str(r["key"]).partition("+")
        if key in (a, b):
            partner = b if a == key else a
            out.append({**r, "partner": partner, "partner_name": names.get(partner, partner)})
    return out[:shown]  # entry_rates is ordered by games


def _faction_name(f: MetaFilter, faction: str | None) -> str | None:
    names = {r["key"]: r["name"] for r in queries.entry_rates(f, "factions")}
    return names.get(faction, faction)


def details(f: MetaFilter, key: str, row: dict | None) -> dict:
    matchups = sorted(queries.character_matchups(f, character=key), key=lambda r: (-r["games"], r["col"]))
    return {
        "faction": row["faction"] if row else None,
        "faction_name": _faction_name(f, row["faction"]) if row else None,
        "months": queries.entry_months(f, "characters", key),
        "matchups": matchups,
        "partners": partners(f, key),
    }
