"""One character's (unit's, hero's) page: its pick and win rates, its win rate over time, its best
and worst matchups and the characters it is most often fielded with.

Games whose plugin keeps per-side statistics (Battleground) have all of it, from the summaries and
the matchup query; any other game shows the rows its own character data sets hold for the key
(``Dataset.names_characters``: Fields of Eternia's heroes), since its generic result names no
characters. Used by the page and the API alike, so the two never disagree.
"""

from __future__ import annotations

from dashboards import providers, queries
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter

# How many matchups the page names as best and as worst (the table has them all).
MATCHUPS_SHOWN = 5
PARTNERS_SHOWN = 10


class NoSuchCharacter(LookupError):
    """The game has no character by that key in any verified game, or keeps no characters at all."""


def has_characters(game: str) -> bool:
    return providers.plugin(game).side_statistics or any(
        d.names_characters for d in datasets_for(game).values()
    )


def _known(game: str, key: str) -> bool:
    """Seen in any verified game, simulated or played, whatever the page's filter."""
    everything = MetaFilter(game=game, simulated="include")
    return any(r["key"] == key for r in _rows_naming(everything, key))


def _rows_naming(f: MetaFilter, key: str) -> list[dict]:
    if providers.plugin(f.game).side_statistics:
        return [r for r in queries.entry_rates(f, "characters") if r["key"] == key]
    return [
        {**r, "dataset": d.title}
        for d in datasets_for(f.game).values()
        if d.names_characters
        for r in d.rows(f)
        if str(r["key"]) == key
    ]


def best_and_worst(matchups: list[dict], shown: int = MATCHUPS_SHOWN) -> tuple[list[dict], list[dict]]:
    """The matchups with enough games, best win rate first and worst first (a matchup below the
    minimum sample says nothing yet, so it is never named best or worst; ties go to more games)."""
    judged = [r for r in matchups if not r["too_few_games"] and r["win_rate"] is not None]
    ranked = sorted(judged, key=lambda r: (-r["win_rate"], -r["games"], r["col"]))
    # With few matchups the better half are "best" and the rest "worst": none is named twice.
    best = ranked[: min(shown, (len(ranked) + 1) // 2)]
    worst = list(reversed(ranked[len(best) :]))[:shown]
    return best, worst


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


def profile(f: MetaFilter, key: str) -> dict:
    """Everything the character page shows. Raises NoSuchCharacter."""
    if not has_characters(f.game) or not _known(f.game, key):
        raise NoSuchCharacter(key)
    rows = _rows_naming(f, key)
    row = rows[0] if rows else None
    name = row["name"] if row else key
    if not providers.plugin(f.game).side_statistics:
        return {"game": f.game, "key": key, "name": name, "detailed": False, "rates": rows}
    matchups = sorted(queries.character_matchups(f, character=key), key=lambda r: (-r["games"], r["col"]))
    best, worst = best_and_worst(matchups)
    return {
        "game": f.game,
        "key": key,
        "name": name,
        "faction": row["faction"] if row else None,
        "faction_name": _faction_name(f, row["faction"]) if row else None,
        "detailed": True,
        "rates": rows,
        "months": queries.entry_months(f, "characters", key),
        "matchups": matchups,
        "best": best,
        "worst": worst,
        "partners": partners(f, key),
    }
