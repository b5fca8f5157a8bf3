"""view(): a JSON dict of what is visible at this point of a replay (the map, heroes, pools, offers,
the combat in progress and what is awaited). Secret cards are shown: a log is omniscient (FE-1.6)."""

from __future__ import annotations

from engine.games.eternia import queries as q


def view(g) -> dict:
    s = g.s
    space = g.content.track[s.round]
    combat = None
    if s.combat is not None:
        c = s.combat
        combat = {
            "kind": c.kind, "area": c.area, "round": c.round, "step": c.step,
            "sides": [{"hero": x.hero, "team": x.team, "weapon": x.weapon, "board": {z: [card[0] for card in cards]
                       for z, cards in x.board.items()}, "beside": list(x.beside), "placed": x.placed,
                       "focus_used": x.focus_used, "bonus": dict(x.bonus)} for x in (c.active, c.defender)],
            "beast": dict(c.beast) if c.beast else None, "epic_die": dict(c.epic), "epic_surge": c.epic_surge,
        }  # fmt: skip
    return {
        "round": s.round + 1 + s.extra,
        "time": "night" if g.is_night() else "day",
        "skull": None if s.extra else space.get("skull"),
        "phase": s.phase,
        "awaiting": dict(g.awaiting) if g.awaiting else None,
        "turn": {"hero": s.turn.hero, "actions": list(s.turn.actions), "free": list(s.turn.free)}
        if s.turn
        else None,
        "teams": {
            t: {
                "eternium": x.eternium,
                "vp": x.vp,
                "soldier_supply": x.supply,
                "combat_deck": len(x.deck),
                "victory_hand": list(x.victory_hand),
                "victory_revealed": list(x.victory_revealed),
                "victory_done": list(x.victory_done),
            }
            for t, x in s.teams.items()
        },  # fmt: skip
        "heroes": {
            h.id: {
                "team": h.team,
                "area": h.area,
                "hp": q.hp(g, h),
                "max_hp": q.max_hp(g, h),
                "activated": h.activated,
                "mount": h.mount,
                "mounted": h.mounted,
                "ally": h.ally,
                "spells": list(h.spells),
                "equipped": dict(h.equipped),
                "baggage": list(h.baggage),
            }
            for h in s.heroes.values()
        },  # fmt: skip
        "outposts": {a: q.controller(g, a) for a in g.board.order if g.board.is_outpost(a)},
        "soldiers": {a: dict(v) for a, v in s.soldiers.items()},
        "mission_tokens": list(s.mission_tokens),
        "offers": {k: (list(v) if v is not None else None) for k, v in s.offers.items()},
        "combat": combat,
        "bosses": list(s.bosses),
        "boss_at": {  # FE-11.5.9.5: a boss card in play, where it was met, with the HP its damage leaves
            st["area"]: {
                "boss": b,
                "name": g.name(b),
                "hp": max(0, g.content.epic_beasts[b]["hp"] - st["damage"]),
            }
            for b, st in s.boss_state.items()
            if b in s.bosses and st.get("area")
        },
        "over": s.phase == "over",
    }
