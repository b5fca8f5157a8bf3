"""The statistics contract every legal verdict is held to, and the error a game plugin raises when its
statistics cannot become rows (``GamePlugin.statistics_rows``, in the
game's plugin folder).

Pure Python (no Django). The contract is documented in ``dashboards/README.md``.
"""

from __future__ import annotations

import engine


class StatisticsError(ValueError):
    """The statistics dict does not follow the contract; nothing is stored for that log."""


def contract_problems(game_id: str, statistics) -> list[str]:
    """Every way ``statistics`` breaks the versioned statistics schema ``game_id`` registers with the
    engine (``GameInfo.statistics_schema``), as "/json/pointer: message" lines; [] if it follows it.

    The engine compiles each schema once and keeps the validator (``engine.core.registry``), so this is
    cheap per verdict. A game the engine does not know has no contract to check here.
    """
    try:
        info = engine.game(game_id)
    except engine.GameNotAvailable:
        return []
    if not isinstance(statistics, dict):
        return [f"/: statistics are {type(statistics).__name__}, not an object"]
    return info.validate_statistics(statistics)
