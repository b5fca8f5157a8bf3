"""Objectives by map: how Battleground's map rows (``MapStat``) are summarised per bucket (``MapDaily``,
refreshed with the dashboards' own summaries) and read back for the "objectives by map" data set."""

from __future__ import annotations

from dashboards import stats
from dashboards.filters import MetaFilter
from dashboards.models import GameStat
from dashboards.providers import Summary
from dashboards.queries import bucket, cached, sums
from dashboards.summaries import BUCKET, BUCKET_SELECT, table
from games.battleground.models import MapDaily, MapStat


def map_daily_statements(where: str) -> list[str]:
    return [
        f"INSERT INTO {table(MapDaily)} ({', '.join(BUCKET)}, map, games, objectives_available, objectives_claimed) "  # nosec B608 - table and column names from the code, values bound as parameters
        f"SELECT {BUCKET_SELECT}, b.map, COUNT(*), SUM(b.objectives_available), SUM(b.objectives_claimed) "
        f"FROM {table(MapStat)} b JOIN {table(GameStat)} g ON g.id = b.game_stat_id WHERE {where or '1 = 1'} "
        f"GROUP BY {BUCKET_SELECT}, b.map"
    ]


MAP_SUMMARY = Summary(MapDaily, map_daily_statements, (MapStat,))


def objectives_by_map(f: MetaFilter) -> list[dict]:
    """Share of the objectives on offer that either side claimed, per map, with a Wilson interval."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = sums(bucket(MapDaily, f), ["map"], games="games", available="objectives_available",
                    claimed="objectives_claimed")  # fmt: skip
        out = []
        for r in rows:
            interval = None
            if r["claimed"] <= r["available"]:
                interval = stats.wilson_interval(r["claimed"], r["available"])
            out.append(
                {
                    **r,
                    "claim_rate": stats.rate(r["claimed"], r["available"]),
                    "ci_low": interval[0] if interval else None,
                    "ci_high": interval[1] if interval else None,
                    "too_few_games": stats.too_few_games(r["games"], f.min_games),
                }
            )
        return out

    return cached("objectives-by-map", f, compute)
