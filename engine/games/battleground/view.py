"""The state view: what a person at the table can see, as JSON (docs/log-format.md, "The state view").

Built for the replay viewer and the table recorder from ``Game.view()``. Hands and decks are hidden: a
side shows how many cards it holds, and the cards in sight (revealed for an activation, played in the
activation or interrupt in progress, placed on a character, completed glory missions). The seeded
stream and the simulator's author are not shown.
"""

from __future__ import annotations

from engine.games.battleground.state import Frame, Pending, Trigger, Unique, Unit

VIEW_VERSION = 1


def view(g) -> dict:
    label = g.board.label
    return {
        "view_version": VIEW_VERSION,
        "game": "motu-battleground",
        "map": g.board.map.id,
        "round": g.round,
        "phase": g.phase,
        "events_applied": g.events_applied,
        "first_player": g.first_player,
        "to_act": to_act(g),
        "activation_order": list(g.queue),
        "sides": [_side(g, s) for s in g.sides.values()],
        "units": [_unit(g, u) for u in sorted(g.units.values(), key=lambda u: u.order)],
        "markers": [
            {
                "id": m.id,
                "name": m.name,
                "hex": label(m.hex),
                "player": m.player,
                "source": m.source,
                "affects": m.affects,
                "radius_in": m.radius_in,
            }
            for m in g.markers
        ],
        "objectives": [label(h) for h in sorted(g.objectives)],
        "stack": [_entry(g, e) for e in g.stack],
        "pending": _pending(g),
        "result": g.outcome,
    }


def to_act(g) -> list[str]:
    """The players who may log the next event (besides a concession, an agreed draw or a ruling)."""
    if g.phase == "over":
        return []
    if g.phase in ("deal", "organise"):
        return [s.id for s in g.sides.values() if not s.dealt]
    if g.phase == "select":
        return [s.id for s in g.sides.values() if not (s.passed or s.chosen)]
    top = g.top()
    if isinstance(top, Trigger):
        return sorted({u.player for u in top.remaining})
    if isinstance(top, Pending):
        return [top.chooser]
    if isinstance(top, Frame):
        return [top.player]
    return [g.queue[0]] if g.queue else []


def awaits(g) -> dict | None:
    """What the game waits for now, in words, and the rule that makes it due (None once over)."""
    if g.phase == "over":
        return None
    if g.phase == "deal":
        return {"what": "each player's opening draw ('deal')", "rule": "BG-4.6"}
    if g.phase == "organise":
        return {"what": "each player organises: discards, then draws up to 5 ('organise')", "rule": "BG-5.2"}
    if g.phase == "select":
        return {"what": "each player selects a card or passes ('select' / 'pass')", "rule": "BG-6.2"}
    top = g.top()
    if isinstance(top, Trigger):
        who = ", ".join(sorted({u.player for u in top.remaining}))
        return {"what": f"{who} must start the opened {top.kind} interrupts ('interrupt'), in the order they choose",
                "rule": "BG-11.2.3" if top.kind == "guard" else "BG-14.2.1"}  # fmt: skip
    if isinstance(top, Pending):
        r = g.rules.resolvers[top.kind]
        return {"what": f"{top.chooser} must resolve {r.what} ('{r.event_type}') before anything else",
                "rule": r.rule}  # fmt: skip
    if isinstance(top, Frame):
        kind = "activation" if top.kind == "activation" else f"{top.kind} interrupt"
        return {"what": f"{top.player}'s {kind} of {top.unit.name}",
                "rule": "BG-6.5" if top.kind == "activation" else "BG-14.1"}  # fmt: skip
    if g.queue:
        return {"what": f"{g.queue[0]} activates a character ('activate') or passes", "rule": "BG-6.4"}
    return None


def _side(g, s) -> dict:
    return {
        "id": s.id,
        "name": s.name,
        "faction": s.faction,
        "vp": {**s.vp, "total": s.vp_total},
        "vp_by_round": list(s.vp_by_round),
        "objectives_claimed": s.objectives,
        "hand_size": len(s.hand),
        "deck_size": len(s.deck),
        "discard_size": len(s.discard),
        # A card selected at step 1 stays face down until both players have chosen (BG-6.2, BG-6.3).
        "selected": s.chosen and not s.passed,
        "revealed": s.revealed if g.phase != "select" else None,
        "play_area": list(s.play_area),
        "passed": s.passed,
    }


def _token(value) -> dict | None:
    if value is None:
        return None
    if isinstance(value, Unique):
        return {"id": value.id, "name": value.name, "unique": True, "player": value.player}
    return {"id": value, "name": value.title(), "unique": False, "player": None}


def _unit(g, u: Unit) -> dict:
    label = g.board.label
    cells = u.cells if u.hex is not None else ()
    return {
        "key": u.key,
        "ref": u.ref,
        "character": u.d.id,
        "name": u.name,
        "player": u.player,
        "on_board": u.on_board,
        "hex": label(u.hex) if u.on_board else None,
        "facing": u.facing if u.on_board else None,
        "cells": [label(c) for c in cells] if u.on_board else [],
        "massive": u.footprint.massive,
        "wounds": u.wounds,
        "health": u.d.health,
        "mana": u.mana,
        "focused": u.focused,
        "guard": u.guard,
        "buff": _token(u.buff),
        "debuff": _token(u.debuff),
        "activated": u.activated,
        "knocked_out_round": u.ko_round,
        "weapons": [w.id for w in u.weapons],
        "items": [i.id for i in u.items],
        "spent_items": sorted(u.spent_items),
        "cards": list(u.cards_on),
    }


def _entry(g, e) -> dict:
    if isinstance(e, Frame):
        return {
            "kind": e.kind,  # "activation", "guard" or "opportunity"
            "character": e.unit.ref,
            "player": e.player,
            "ap": e.ap,
            "target": e.target.ref if e.target is not None else None,
            "cards": list(e.cards),
            "abilities_used": sorted(e.abilities_used),
            "missions": [c.id for c in e.missions],
        }
    if isinstance(e, Trigger):
        return {
            "kind": "interrupts",
            "interrupt": e.kind,  # "guard" or "opportunity"
            "characters": [u.ref for u in e.remaining],
            "target": e.target.ref,
        }
    return {
        "kind": "choice",
        "choice": e.kind,
        "character": e.unit.ref,
        "player": e.chooser,
        "source": e.source,
    }


def _pending(g) -> dict | None:
    """The decision the next event must make, when it is not an ordinary action: a choice an effect left
    to a player (pending.py) or interrupts that must start now (BG-11.2.3, BG-14.2.1)."""
    top = g.top()
    if isinstance(top, Pending):
        resolver = g.rules.resolvers[top.kind]
        return {
            "choice": top.kind,
            "what": resolver.what,
            "player": top.chooser,
            "character": top.unit.ref,
            "event": resolver.event_type,
            "source": top.source,
        }
    if isinstance(top, Trigger):
        return {
            "choice": "interrupt",
            "what": f"{top.kind} interrupts of {', '.join(u.name for u in top.remaining)}",
            "player": to_act(g)[0] if len(to_act(g)) == 1 else None,
            "characters": [u.ref for u in top.remaining],
            "target": top.target.ref,
            "event": "interrupt",
        }
    return None
