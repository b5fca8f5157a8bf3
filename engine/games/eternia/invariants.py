"""The state invariants of FE-20, as a checker: what must hold after every event (subject to overrides).

``violations(g)`` returns a list of sentences; an empty list means the state is sound. Used by the tests
after every event of simulated games, and available to a debugging recorder.
"""

from __future__ import annotations

from engine.games.eternia import queries as q
from engine.games.eternia.content import ZONES
from engine.games.eternia.epic import sides, zone_count
from engine.games.eternia.state import BAGGAGE, SOLDIER_CAP, SPELLS, ZONE_LIMIT


def violations(g) -> list[str]:
    s = g.s
    out = []
    settled = g.awaiting is not None and g.awaiting["kind"] in ("activate", "turn") and not s.pending
    for h in s.heroes.values():
        if not 0 <= q.hp(g, h) <= q.max_hp(g, h) or h.damage < 0:
            out.append(f"FE-20.1: {h.id} has {q.hp(g, h)} HP")
        if settled and q.hp(g, h) == 0:
            out.append(f"FE-20.1: {h.id} is at 0 HP outside the defeat procedure")
        base = g.board.base_of(h.area)
        if base is not None and base != h.team:
            out.append(f"FE-20.4: {h.id} is in an enemy base")
        if settled and (len(h.spells) > SPELLS or len(h.baggage) > BAGGAGE):
            out.append(f"FE-20.7: {h.id} holds {len(h.spells)} spells and {len(h.baggage)} baggage cards")
    for area, teams in s.soldiers.items():
        if not g.board.is_outpost(area) or g.board.base_of(area) is not None:
            out.append(f"FE-20.2: soldiers in {area}")
        for team, n in teams.items():
            if n > SOLDIER_CAP or n <= 0:
                out.append(f"FE-20.3: {n} {team} soldiers in {area}")
    for team, t in s.teams.items():
        on_map = sum(v.get(team, 0) for v in s.soldiers.values())
        if on_map + t.supply != g.content.factions[team]["soldiers"]:
            out.append(f"FE-20.3: {team} has {on_map} soldiers on the map and {t.supply} in supply")
        if s.combat is None and len(t.deck) != 21 and not any(p["kind"] == "trim" for p in s.pending):
            out.append(f"FE-20.6: the {team} combat deck holds {len(t.deck)} cards")
        if t.eternium < 0:
            out.append(f"FE-20.8: the {team} pool is {t.eternium}")
        if len(t.victory_revealed) + len(t.victory_done) > len(t.heroes):
            out.append(f"FE-20.11: {team} revealed too many victory cards")
    if settled and s.combat is None:
        for area in g.board.order:
            if len(q.teams_present(g, area)) > 1:
                out.append(f"FE-20.5: two teams in {area} outside combat")
    for kind, offer in s.offers.items():
        if offer is not None and len(offer) > 4:
            out.append(f"FE-20.9: the {kind} offer holds {len(offer)} cards")
    if s.turn is not None and len([a for a in s.turn.actions if a != "rest"]) > 2:
        out.append("FE-20.10: more than two standard actions in a turn")
    c = s.combat
    if c is not None:
        for side in sides(c):
            mind = q.printed(g, g.s.heroes[side.hero], "mind")
            if side.focus_used > mind or side.placed > side.limit:
                out.append(f"FE-20.12: {side.hero} focused {side.focus_used} times and placed {side.placed}")
            for zone in ZONES:
                if zone_count(side, zone) > ZONE_LIMIT:
                    out.append(f"FE-20.12: {side.hero}'s {zone} zone holds too many cards")
    return out
