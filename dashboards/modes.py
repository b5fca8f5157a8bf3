"""A game's modes of play in the meta: which mode a counted game was played in, and which modes a
filter may pick.

Win rates across a 1-v-1 Skirmish, a four-player Pandemonium and a solo Assault mean little, so every
stat row and summary row carries its mode (``GameStat.mode``, ``Bucket.mode``) and the filter can pick
one. Only a game with more than one mode (engine ``Mode``) has them: a game of one mode
stores "" and offers no choice.
"""

from __future__ import annotations

import json
from functools import lru_cache

import engine


@lru_cache(maxsize=32)
def game_modes(game: str) -> tuple:
    """The engine's modes of ``game`` (``engine.core.registry.Mode``), () for an unknown game."""
    try:
        return tuple(engine.game(game).seats.modes)
    except (KeyError, LookupError, AttributeError, ValueError):
        return ()


def filter_modes(game: str) -> tuple:
    """The modes a filter of ``game`` may pick: all of them when there are two or more, else none."""
    modes = game_modes(game)
    return modes if len(modes) > 1 else ()


def mode_ids(game: str) -> tuple[str, ...]:
    return tuple(mode.id for mode in filter_modes(game))


def _known(game: str, mode) -> str:
    return mode if isinstance(mode, str) and mode in mode_ids(game) else ""


def verdict_mode(game: str, verdict: dict | None) -> str:
    """The mode a verdict names (Hoplomachus: ``result.mode``, statistics ``game[0].mode``), or ""."""
    verdict = verdict or {}
    mode = (verdict.get("result") or {}).get("mode") if isinstance(verdict.get("result"), dict) else None
    if not mode:
        game_rows = (
            (verdict.get("statistics") or {}).get("game")
            if isinstance(verdict.get("statistics"), dict)
            else None
        )
        if isinstance(game_rows, list) and game_rows and isinstance(game_rows[0], dict):
            mode = game_rows[0].get("mode")
    return _known(game, mode)


def stored_mode(game: str, named: str, verdict: dict | None = None) -> str:
    """The mode to store for a counted game: the one its log names (``named``, the game plugin's
    ``GamePlugin.log_mode`` of the header: a Fields of Eternia header naming none is the team game),
    else the verdict's (Hoplomachus names it in its result); "" for a game of one mode or a mode
    nobody names. The caller asks the plugin: this module stays below the plugin registry."""
    if not mode_ids(game):
        return ""
    return _known(game, named) or verdict_mode(game, verdict)


def header_of_content(content) -> dict:
    """The header of a stored upload (bytes, JSON), {} when it cannot be read."""
    try:
        doc = json.loads(bytes(content))
    except (ValueError, TypeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def backfill(game_stat_model, stale_model, log_mode, *, chunk: int = 500) -> int:
    """Fill ``mode`` of stored games of every game with modes from their log's header, and mark the
    (game, day) buckets of the rows it changed stale so the periodic refresh re-aggregates them.
    Takes the models as arguments so a migration can pass its historical ones, and ``log_mode(game,
    header)``, the game plugin's reading of a header. Reads the big
    ``content`` column one chunk at a time, only for rows of games with modes that have no mode yet.
    Returns the number of rows filled."""
    games_with_modes = [info.id for info in engine.games() if mode_ids(info.id)]
    if not games_with_modes:
        return 0
    todo = game_stat_model.objects.filter(game__in=games_with_modes, mode="", game_log__isnull=False)
    filled, last_pk = 0, 0
    while True:
        rows = list(
            todo.filter(pk__gt=last_pk)
            .order_by("pk")
            .values_list("pk", "game", "played_on", "game_log__content")[:chunk]
        )
        if not rows:
            break
        last_pk = rows[-1][0]
        changed, days = [], set()
        for pk, game, day, content in rows:
            # The header alone: every log of a game with modes names its mode there (a Fields of Eternia
            # log naming none is the team game), so the big verdict column is not read.
            mode = stored_mode(game, log_mode(game, header_of_content(content)))
            if mode:
                changed.append(game_stat_model(pk=pk, mode=mode))
                days.add((game, day))
        if changed:
            game_stat_model.objects.bulk_update(changed, ["mode"])
            stale_model.objects.bulk_create(
                [stale_model(game=game, day=day) for game, day in sorted(days)], ignore_conflicts=True
            )
            filled += len(changed)
    return filled
