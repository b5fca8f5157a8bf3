"""Eternia's result for the log page: teams, who controlled each hero, team VP by source, outposts,
Eternium, the mode (and solo difficulty) and the tie-break that decided the game, if one did (FE-17).

Read from the verdict's generic result, its statistics (``eternia-statistics`` v1) and the log header's
players (each player's ``force`` is the heroes they controlled).
"""

from __future__ import annotations

from games.eternia.names import hero_name, team_name

__all__ = ["details", "team_name", "tie_break"]

MODES = {"standard": "Team game", "solo": "Solo / co-op against the game", "skirmish": "Skirmish"}
# FE-17.2: how a game with equal VP was decided, as the result's ``ended_by`` names it.
TIE_BREAKS = {
    "tie-break-outposts": "more outposts (FE-17.2.1)",
    "tie-break-eternium": "more Eternium (FE-17.2.2)",
    "duel": "a duel of heroes after the extra night round (FE-17.2.4)",
}


def tie_break(ended_by: str | None) -> str | None:
    """The tie-break that decided the game, in words; None when VP alone did (or the game ended otherwise)."""
    if ended_by in TIE_BREAKS:
        return TIE_BREAKS[ended_by]
    if ended_by and ended_by.startswith("tie-break-"):  # a step this page does not know by name yet
        return ended_by.removeprefix("tie-break-").replace("-", " ")
    return None


def mode_of(header: dict) -> str:
    """FE-18 solo, FE-19 skirmish, else the team game (the header's ``setup.mode``)."""
    mode = (header.get("setup") or {}).get("mode")
    return mode if mode in MODES else "standard"


def team_rows(
    players: list[dict], result: dict, statistics: dict | None, components: dict[str, str]
) -> list[dict]:
    """One row per team: name, players with their heroes, VP by source (the registry's labels), total,
    outposts, Eternium and the outcome."""
    by_team = {row.get("team"): row for row in (statistics or {}).get("teams") or [] if isinstance(row, dict)}
    controllers: dict[str, list[str]] = {}
    for player in players:
        heroes = ", ".join(hero_name(h) for h in player.get("force") or [] if isinstance(h, str))
        who = f"{player.get('name', player.get('id'))} ({heroes})" if heroes else str(player.get("name", ""))
        controllers.setdefault(player.get("faction"), []).append(who)
    rows = []
    for team in result.get("teams") or []:
        team_id = team.get("team")
        stats = by_team.get(team_id) or {}
        parts = team.get("components") or {}
        rows.append(
            {
                "team": team_name(team_id),
                "players": controllers.get(team_id, []),
                "sources": [parts.get(key, 0) for key in components],
                "total": team.get("score"),
                "outposts": stats.get("outposts"),
                "eternium": stats.get("eternium"),
                "winner": team.get("outcome") == "win",
                "outcome": team.get("outcome", ""),
            }
        )
    return rows


def facts(header: dict, result: dict) -> list[tuple[str, str]]:
    """(label, value) lines under the result: mode, difficulty, how the game ended, tie-break."""
    lines = [("Mode", MODES[mode_of(header)])]
    difficulty = result.get("difficulty") or (header.get("setup") or {}).get("difficulty")
    if difficulty:
        lines.append(("Difficulty", str(difficulty).capitalize()))
    against = result.get("against_game") or {}
    if against:
        lines.append(("Against the game", "won" if against.get("outcome") == "win" else "lost"))
    step = tie_break(result.get("ended_by"))
    lines.append(("Tie-break", step or "none needed"))
    return lines


def details(
    header: dict, result: dict, statistics: dict | None, components: dict[str, str], score_label: str
) -> dict:
    """The log page's Eternia block: a team table and the facts (see the module docstring).

    One column per team and one row per fact, so two teams fit a phone's width; VP sources no team
    scored are left out."""
    teams = team_rows(header.get("players") or [], result, statistics, components)
    labels = list(components.values())
    shown = [i for i in range(len(labels)) if any(t["sources"][i] for t in teams)]
    lines = [
        ("Players (heroes)", ["; ".join(t["players"]) or "—" for t in teams]),
        *((labels[i], [t["sources"][i] for t in teams]) for i in shown),
        (score_label, [t["total"] for t in teams]),
        ("Outposts", [_or_dash(t["outposts"]) for t in teams]),
        ("Eternium", [_or_dash(t["eternium"]) for t in teams]),
    ]
    table = {
        "title": "Teams",
        "columns": ["", *(t["team"] + (" (winner)" if t["winner"] else "") for t in teams)],
        "rows": [{"winner": False, "cells": [label, *values]} for label, values in lines],
    }
    return {"tables": [table], "facts": facts(header, result)}


def _or_dash(value) -> str:
    return "—" if value is None else str(value)
