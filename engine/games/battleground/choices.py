"""Legal next events from a state: what the simulator plays, what property tests mutate, and what a
move recorder would offer. Dice are not part of an event choice: they are rolled when applied.

Each kind of event is offered when the predicates its handler applies let it through (``check_*``
functions of flow, actions, combat and effects): one implementation of each rule, asked here before and
by the handler when the event is applied."""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground import footprint
from engine.games.battleground.actions import (
    abilities_of,
    check_ability,
    check_ability_target,
    check_action,
    check_cost,
    check_focus,
    check_item,
)
from engine.games.battleground.cards import bonuses
from engine.games.battleground.combat import check_spell_mana, check_target, weapons_of
from engine.games.battleground.effects import check_effect
from engine.games.battleground.flow import check_activation, check_choice, check_deal, check_organise
from engine.games.battleground.movement import distance_to_goal, reachable, speed, toward_goal
from engine.games.battleground.pending import options as pending_options
from engine.games.battleground.state import Frame, Pending, Trigger


def legal_events(g) -> list[dict]:
    if g.phase == "over":
        return []
    if g.phase == "deal":
        return [{"type": "deal", "player": s.id} for s in g.sides.values() if _allows(check_deal, g, s)]
    if g.phase == "organise":
        return [
            {"type": "organise", "player": s.id, "discard": []}
            for s in g.sides.values()
            if _allows(check_organise, g, s)
        ]
    if g.phase == "select":
        out = []
        for s in g.sides.values():
            if not _allows(check_choice, g, s):
                continue
            out += [{"type": "select", "player": s.id, "card": c} for c in sorted(set(s.hand))]
            out.append({"type": "pass", "player": s.id})
        return out
    if g.phase == "activate":
        side = g.sides[g.queue[0]]
        card = g.content.cards[side.revealed]
        out = []
        for u in g.units.values():
            if not _allows(check_activation, g, side, u):
                continue  # BG-6.4.1, BG-13.1.2, BG-6.7.3, BG-6.4.2
            for b in bonuses(card):
                if b == "ability" and not _resolvable(
                    g, Frame(kind="activation", unit=u, ap=0), card.ability
                ):
                    continue  # e.g. a push of a massive miniature (BG-19.10)
                out.append({"type": "activate", "player": side.id, "character": u.ref, "bonus": b})
        return out
    top = g.top()
    if isinstance(top, Trigger):
        return [{"type": "interrupt", "character": u.ref} for u in top.remaining]
    if isinstance(top, Pending):
        return pending_options(g, top)
    return _frame_events(g, top)


def _allows(check, *args) -> bool:
    """Whether ``check`` (a predicate the event handlers raise IllegalEvent from) lets this through."""
    try:
        check(*args)
    except IllegalEvent:
        return False
    return True


def _frame_events(g, frame) -> list[dict]:
    unit = frame.unit
    if frame.kind == "activation":
        out = [{"type": "end_activation", "player": frame.player}]
    else:
        # BG-14.1.5: without AP an interrupt offers no more actions (check_action), but free actions remain:
        # a card that brings AP, a single-use item (BG-17.3.5).
        out = [{"type": "end_interrupt", "character": unit.ref}]
    if not unit.on_board:
        return out  # BG-13.1.2: knocked out during its own activation or interrupt, it can only end it
    if _allows(check_action, frame, "focus") and _allows(check_focus, frame):
        out.append({"type": "focus", "character": unit.ref})
    if _allows(check_action, frame, "guard") and _allows(check_cost, frame, "guard", "Guard"):
        out.append({"type": "guard", "character": unit.ref})
    if _allows(check_action, frame, "move") and _allows(check_cost, frame, "move", "Move"):
        out += _moves(g, frame)
    if _allows(check_action, frame, "attack"):
        for w in weapons_of(unit):
            if not _allows(check_cost, frame, w.type, "attack") or (
                w.type == "spell" and not _allows(check_spell_mana, unit, w)
            ):
                continue
            others = (
                g.enemies_of(unit) if w.targets == "enemies" else [u for u in g.on_board() if u is not unit]
            )
            for target in sorted(others, key=lambda u: u.order):  # BG-10.5.2: allies for beneficial spells
                if _allows(check_target, g, frame, unit, w, target):
                    event = {"type": "attack", "character": unit.ref, "weapon": w.id, "target": target.ref}
                    out += _facing_ties(g, unit, target, event, w)
    if _allows(check_action, frame, "ability"):
        for a, item in abilities_of(unit):
            if not _allows(check_ability, frame, a, item):
                continue
            for target in _ability_targets(g, frame, a):
                if not _resolvable(g, frame, a.effect, target):
                    continue  # e.g. a push of a massive miniature (BG-19.10), a charge with no way (BG-18.2)
                ev = {"type": "ability", "character": unit.ref, "ability": a.id}
                if a.target == "self":
                    out.append(ev)
                else:
                    out += _facing_ties(g, unit, target, {**ev, "target": target.ref})
    for item in unit.items:
        if _allows(check_item, unit, item) and _resolvable(g, frame, item.use):
            out.append({"type": "use_item", "character": unit.ref, "item": item.id})
    side = g.sides[frame.player]
    for c in sorted(set(side.hand)):
        card = g.content.cards[c]
        for b in bonuses(card):
            if b != "ability" or _resolvable(g, frame, card.ability):
                out.append({"type": "play_card", "player": side.id, "card": c, "bonus": b})
    return out


def _facing_ties(g, unit, target, event: dict, weapon=None) -> list[dict]:
    """``event``, or one copy per facing when facing the target is a tie the log must write (BG-AMB-07)."""
    options, _ = footprint.facings_toward(g, unit, target, weapon)
    if len(options) < 2:
        return [event]
    return [{**event, "facing": f} for f in options]


def _resolvable(g, frame, effect: dict | None, target=None) -> bool:
    """Can ``effect`` be resolved on ``target`` (default: the acting character) now? (tables.CHECKS)"""
    return _allows(check_effect, g, frame, frame.unit if target is None else target, effect or {})


def _ability_targets(g, frame, a) -> list:
    """BG-16.4.1 / BG-16.4.2 / BG-1.2: the characters an active ability may target now."""
    unit = frame.unit
    if a.target == "self":
        return [unit]
    return [
        o
        for o in sorted(g.on_board(), key=lambda u: u.order)
        if _allows(check_ability_target, g, frame, unit, a, o)
    ]


def _path(best: dict, h: int) -> list[int]:
    path = []
    while best[h][1] is not None:
        path.append(h)
        h = best[h][1]
    return path[::-1]


def _moves(g, frame) -> list[dict]:
    unit = frame.unit
    board = g.board
    out = []
    for use_focus in (False, True) if unit.focused else (False,):
        mp, _ = speed(g, unit, use_focus)
        best = reachable(g, unit, unit.hex, mp)
        if frame.kind == "guard":
            dist = distance_to_goal(g, unit, toward_goal(g, frame.target))  # BG-AMB-19
            keep = []
            for h in best:
                path = _path(best, h)
                cur, ok = unit.hex, True
                for step in path:
                    cost = footprint.step_mp(board, unit, cur, step)  # BG-9.2.3–9.2.9, BG-19.2
                    if not footprint.on_shortest_path(dist, cur, step, cost):
                        ok = False
                        break
                    cur = step
                if ok and path and footprint.sight(g, footprint.cells_at(unit, h), frame.target.cells):
                    keep.append(h)
            dests = keep
        else:
            dests = [h for h in best if h != unit.hex]
        for h in sorted(dests):
            out.append(
                {
                    "type": "move",
                    "character": unit.ref,
                    "path": [board.label(x) for x in _path(best, h)],
                    "focus": use_focus,
                }
            )
        if frame.kind != "guard":
            for h, b, aside in footprint.platform_push_moves(g, unit, best, mp):  # BG-9.2.10
                out.append(
                    {
                        "type": "move",
                        "character": unit.ref,
                        "path": [board.label(x) for x in _path(best, h) + [b]],
                        "focus": use_focus,
                        "push": [board.label(aside)],
                    }
                )
    return out
