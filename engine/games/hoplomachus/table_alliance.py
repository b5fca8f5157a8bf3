"""An Alliance's setup at the table (HR-17.2): the two teams, whose primary hero goes on each team's track
and each player's six chosen units, from the recorder's choices. What the players leave out is drawn
from the caller's number (``rng``): each team's track hero, and six of a player's non-elite units."""

from __future__ import annotations

import random

from engine.games.hoplomachus.flow import ALLIANCE_UNITS

SIDES = ("red", "blue")


def alliance_setup(
    content, seats: list[dict], players: list[dict], teams, track_hero, rng: random.Random
) -> dict:
    """``{"teams", "track_hero", "units"}`` for the header's setup. ``seats``: the header players (ids
    p1…p4); ``players``: the recorder's, each with optional ``units`` (unit ids or names of its faction);
    ``teams``: ``{"red": [id, id], "blue": [id, id]}``, default seats 1 and 3 (red) against 2 and 4;
    ``track_hero``: ``{"red": id, "blue": id}``, default one of each team drawn. A bad choice raises
    ValueError with a sentence and its rule."""
    ids = [p["id"] for p in seats]
    if len(ids) != 4:
        raise ValueError(
            f"Alliance is played by four players, two teams of two; {len(ids)} were given (HR-12)."
        )
    teams = _teams(ids, teams)
    names = {p["id"]: p["name"] for p in seats}
    on_track = dict(track_hero or {})
    if set(on_track) - set(SIDES):
        raise ValueError("Name a track hero for the red team and the blue team only (HR-17.2.5).")
    for side in SIDES:
        if side not in on_track:
            on_track[side] = rng.choice(teams[side])
        elif on_track[side] not in teams[side]:
            raise ValueError(
                f"The {side} team puts one of its own players' primary heroes on its track: "
                f"{' or '.join(names[p] for p in teams[side])}'s (HR-17.2.5)."
            )
    units = {
        seat["id"]: _units(content, seat, given.get("units"), rng)
        for seat, given in zip(seats, players, strict=True)
    }
    return {"teams": teams, "track_hero": {s: on_track[s] for s in SIDES}, "units": units}


def _teams(ids: list[str], teams) -> dict:
    if teams is None:
        return {"red": [ids[0], ids[2]], "blue": [ids[1], ids[3]]}
    members = [p for side in SIDES for p in (teams.get(side) or [])] if isinstance(teams, dict) else []
    if (
        not isinstance(teams, dict)
        or set(teams) != set(SIDES)
        or any(not isinstance(teams[s], list) or len(teams[s]) != 2 for s in SIDES)
        or sorted(members) != sorted(ids)
    ):
        raise ValueError(
            "Alliance is two teams of two, red and blue, with each of the four players in one (HR-17.2.1)."
        )
    if {ids[0], ids[2]} not in ({*teams["red"]}, {*teams["blue"]}):
        raise ValueError(
            "Teams sit so that they alternate around the table: seats 1 and 3 play together "
            "against seats 2 and 4 (HR-17.2.1)."
        )
    return {s: [p for p in ids if p in teams[s]] for s in SIDES}


def _units(content, seat: dict, given, rng: random.Random) -> list[str]:
    """Six non-elite units of the player's faction (HR-17.2.8), by id or name; none given draws six."""
    roster = [u for u in content.factions[seat["faction"]]["roster"] if not content.units[u].elite]
    if not given:
        return rng.sample(roster, ALLIANCE_UNITS)
    if isinstance(given, str):
        given = [n for n in given.split(",") if n.strip()]
    by_name = {content.units[u].name.casefold(): u for u in roster} | {u: u for u in roster}
    faction = content.factions[seat["faction"]].get("name", seat["faction"])
    chosen = []
    for n in given:
        uid = by_name.get(str(n).strip().casefold()) or by_name.get(str(n).strip())
        if uid is None:
            raise ValueError(f"{seat['name']} chooses among the non-elite units of {faction}; {str(n).strip()!r} is not one (HR-17.2.8).")  # fmt: skip
        if uid in chosen:
            raise ValueError(f"{seat['name']} chooses {content.units[uid].name} only once (HR-17.2.8).")
        chosen.append(uid)
    if len(chosen) != ALLIANCE_UNITS:
        raise ValueError(
            f"{seat['name']} chooses exactly {ALLIANCE_UNITS} units of {faction}, not {len(chosen)} (HR-17.2.8)."
        )
    return chosen
