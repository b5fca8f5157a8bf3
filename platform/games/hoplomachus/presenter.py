"""Hoplomachus' result for the log page, in words per mode (HR-11.1, HR-12): immortals defeated in Assault
(HR-13.1.2), the titan's fate in Ascension (HR-14.1.2), the winner in Skirmish (HR-15.1), the winner and
who was out in what order in Pandemonium (HR-16.1.2), the winning team in Alliance (HR-17.1.2); every
troop named by its player and faction.

Read from the verdict's generic result (``mode``, ``arena``, ``winner``, ``ended_by``, seats with their
rank and team, ``against_game``), its statistics (``hoplomachus-statistics`` v2: per troop favour and
counters, per unit attacks, damage dealt and defeats) and the log header's players.
"""

from __future__ import annotations

from games.hoplomachus.names import (
    AGAINST_THE_GAME,
    arena_name,
    faction_name,
    mode_name,
    team_name,
    unit_name,
)

# HR-11.1: how a game ended, as the result's ``ended_by`` names it, with the rule (per mode where it differs).
ENDINGS = {
    "all_immortals": ("every immortal was defeated", "AMB-25"),
    "titan_defeated": ("the titan was defeated", "HR-14.1.2"),
    "hero_defeated": (
        "a primary hero was defeated",
        {"assault": "HR-13.13.1", "ascension": "HR-14.1.2", "skirmish": "HR-15.1.2"},
    ),  # fmt: skip
    "no_units": ("a troop had no units left to fight (HR-15.1.3)", None),
    "heroes_defeated": ("both heroes of a team were defeated", "HR-17.1.2"),
    "last_standing": ("one troop was left standing", "HR-16.1.2"),
    "forfeit": ("a forfeit", "HR-11.1.2"),
    "concession": ("a player conceded", None),
}


def ending(ended_by: str | None, mode: str | None) -> str:
    """How the game ended, in words with its rule id; the raw key for one this page does not know."""
    words, rule = ENDINGS.get(ended_by or "", (str(ended_by or "—").replace("_", " "), None))
    if isinstance(rule, dict):
        rule = rule.get(mode or "")
    return f"{words} ({rule})" if rule and rule not in words else words


def player_names(players: list[dict]) -> dict[str, str]:
    """Seat id → "Name (Faction)" from the log header's players."""
    return {
        str(p.get("id")): f"{p.get('name') or p.get('id')} ({faction_name(p.get('faction'))})"
        for p in players
        if isinstance(p, dict)
    }


def _seats(result: dict) -> list[dict]:
    return [s for s in result.get("seats") or [] if isinstance(s, dict)]


def _joined(names: list[str]) -> str:
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def outcome_facts(mode: str, result: dict, names: dict[str, str]) -> list[tuple[str, str]]:
    """The result in words for ``mode``: (label, value) lines."""
    seats = _seats(result)
    name = lambda seat: names.get(str(seat), str(seat))  # noqa: E731
    winners = [name(s["seat"]) for s in seats if s.get("outcome") == "win"]
    against = result.get("against_game") or {}
    players_won = against.get("outcome") == "win"
    if mode == "assault":  # HR-13.1.2: the players' score is the number of immortals defeated
        defeated = against.get("score") or 0
        return [
            ("Immortals defeated", f"{defeated} immortal{'s' if defeated != 1 else ''}"),
            ("Against the immortals", "the players won" if players_won else "the immortals won"),
        ]
    if mode == "ascension":  # HR-14.1.2: defeat the titan, or lose
        return [("The titan", "defeated: the players won" if players_won else "not defeated: the titan won")]
    if mode == "alliance":  # HR-17.1.2: a team wins together
        teams = {t.get("team"): t for t in result.get("teams") or [] if isinstance(t, dict)}
        won = next((k for k, t in teams.items() if t.get("outcome") == "win"), None)
        members = {k: _joined([name(s) for s in t.get("seats") or []]) for k, t in teams.items()}
        lost = [k for k in teams if k != won]
        if won is None:
            return [("Teams", "; ".join(f"{team_name(k)}: {v}" for k, v in members.items()))]
        line = f"{team_name(won)} ({members[won]}) won"
        if lost:
            line += f" against the {team_name(lost[0]).lower()} ({members[lost[0]]})"
        return [("Winning team", line)]
    if mode == "pandemonium":  # HR-16.1.2: last troop standing; the others in the order they went out
        lines = [("Winner", _joined(winners) or "—")]
        out = sorted((s for s in seats if s.get("outcome") != "win"), key=lambda s: -(s.get("rank") or 0))
        if out:
            lines.append(
                (
                    "Out of the game",
                    ", then ".join(f"{name(s['seat'])} ({_place(s.get('rank'))})" for s in out),
                )
            )
        return lines
    return [("Winner", _joined(winners) or "—")]  # Skirmish (HR-15.1)


def _place(rank) -> str:
    if not isinstance(rank, int):
        return "out"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix} place"


def facts(header: dict, result: dict) -> list[tuple[str, str]]:
    """(label, value) lines under the result: mode, arena, the outcome in words, how and when it ended."""
    mode = result.get("mode") or (header.get("setup") or {}).get("mode")
    names = player_names(header.get("players") or [])
    lines = [("Mode", mode_name(mode) + (" (against the game)" if mode in AGAINST_THE_GAME else ""))]
    lines.append(("Arena", arena_name(result.get("arena") or (header.get("setup") or {}).get("arena"))))
    lines += outcome_facts(mode, result, names)
    lines.append(("Ended by", ending(result.get("ended_by"), mode)))
    if result.get("rounds_played"):
        lines.append(("Rounds", str(result["rounds_played"])))
    return lines


def troop_rows(players: list[dict], result: dict, statistics: dict | None) -> list[dict]:
    """One row per troop: player (faction), team, units defeated and lost, and the result (place in
    Pandemonium). Crowd favour is the result table's (the statistics' ``favour`` is the same number: the
    favour a troop ended with; ``favour_gained`` counts what it gained on the way)."""
    names = player_names(players)
    by_player = {r.get("player"): r for r in (statistics or {}).get("troops") or [] if isinstance(r, dict)}
    mode = result.get("mode")
    rows = []
    for seat in _seats(result):
        stats = by_player.get(seat.get("seat")) or {}
        outcome = seat.get("outcome", "")
        rows.append(
            {
                "winner": outcome == "win",
                "cells": [
                    names.get(str(seat.get("seat")), str(seat.get("seat"))),
                    team_name(seat["team"]) if seat.get("team") else "—",
                    stats.get("units_defeated", 0),
                    stats.get("units_lost", 0),
                    _place(seat.get("rank")) if mode == "pandemonium" else outcome,
                ],
            }
        )
    return rows


def unit_rows(players: list[dict], statistics: dict | None) -> list[dict]:
    """One row per unit of the players' troops that entered combat (statistics v2 ``units``; none for a verdict
    of version 1): unit, player, attacks, damage dealt, units defeated."""
    names = {str(p.get("id")): str(p.get("name") or p.get("id")) for p in players if isinstance(p, dict)}
    rows = []
    for r in (statistics or {}).get("units") or []:
        if isinstance(r, dict):
            player = str(r.get("player"))
            cells = [unit_name(r.get("unit")), names.get(player, player)]
            rows.append(
                {
                    "winner": False,
                    "cells": cells + [r.get(k, 0) for k in ("attacks", "damage_dealt", "defeats")],
                }
            )
    return rows


def details(header: dict, result: dict, statistics: dict | None) -> dict:
    """The log page's Hoplomachus block: a troop table and the facts (see the module docstring)."""
    table = {
        "title": "Troops",
        "columns": ["Player (faction)", "Team", "Units defeated", "Units lost", "Result"],
        "rows": troop_rows(header.get("players") or [], result, statistics),
    }
    if result.get("mode") != "alliance":  # only Alliance has teams (HR-17)
        table["columns"].pop(1)
        for row in table["rows"]:
            row["cells"].pop(1)
    tables = [table]
    units = unit_rows(header.get("players") or [], statistics)
    if units:
        tables.append(
            {"title": "Units", "columns": ["Unit", "Player", "Attacks", "Damage", "Defeats"], "rows": units}
        )
    return {"tables": tables, "facts": facts(header, result)}
