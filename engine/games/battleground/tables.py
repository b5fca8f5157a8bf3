"""The rule tables of Battleground, assembled here and nowhere else, in a declared order.

- HANDLERS: event type -> the handler that applies it (replay.Game.apply);
- APPLIERS: effect key -> applier, in the order the keys of one effect resolve (effects.apply_effect;
  BG-28: the same effect always resolves the same way, whatever the order modules were imported in);
- CHECKS: effect key -> the check that refuses an effect which cannot be resolved now;
- RESOLVERS: pending choice kind -> its resolving event, handler and legal resolutions (pending.py);
- CONTINUATIONS: continuation kind -> what runs once a choice or interrupts are over (state.py).

The modules below define the functions; none of them fills a table when imported. The game reaches the
tables through ``g.rules`` (lower layers cannot import this module: it sits above them all).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.games.battleground import (
    actions,
    combat,
    effects,
    flow,
    markers,
    movement_effects,
    pending,
    timing,
)

HANDLERS: dict[str, Callable] = {
    "deal": flow.event_deal,
    "organise": flow.event_organise,
    "select": flow.event_select,
    "pass": flow.event_pass,
    "activate": flow.event_activate,
    "end_activation": flow.event_end_activation,
    "interrupt": flow.event_interrupt,
    "end_interrupt": flow.event_end_interrupt,
    "play_card": actions.event_play_card,
    "focus": actions.event_focus,
    "move": actions.event_move,
    "movement": pending.make_handler(movement_effects.PENDING),  # BG-18, BG-17.1.1
    "guard": actions.event_guard,
    "ability": actions.event_ability,
    "use_item": actions.event_use_item,
    "attack": combat.event_attack,
    markers.EVENT: pending.make_handler(markers.KIND),
    timing.EVENT: pending.make_handler(timing.KIND),
    "concede": flow.event_concede,
    "agree_draw": flow.event_agree_draw,
    "ruling": flow.event_ruling,
}

APPLIERS: tuple[tuple[str, Callable], ...] = (
    *effects.BASIC.items(),  # buff, debuff, heal, gain_ap, wounds, ready
    (markers.KIND, markers.apply_marker),  # BG-16.3
    ("move", movement_effects.apply_move),  # BG-18, BG-17.1.1
)

CHECKS: tuple[tuple[str, Callable], ...] = (("move", movement_effects.check),)

RESOLVERS: dict[str, pending.Resolver] = {
    movement_effects.PENDING: movement_effects.RESOLVER,
    markers.KIND: markers.RESOLVER,
    timing.KIND: timing.RESOLVER,
}

CONTINUATIONS: dict[str, Callable] = {
    "move": actions.resume_move,
    "movement": movement_effects.arrive,
    "swap": movement_effects.swap_resume,
    pending.AFTER: pending.resume_after,
    timing.NEXT: timing.resume_next,
    actions.AFTER_ACTIVATION: flow.after_activation,
    flow.BEGIN_INTERRUPT: flow.begin_interrupt,
}


@dataclass(frozen=True)
class Rules:
    """The tables a game runs by (``Game.rules``)."""

    handlers: dict[str, Callable]
    appliers: tuple[tuple[str, Callable], ...]
    checks: tuple[tuple[str, Callable], ...]
    resolvers: dict[str, pending.Resolver]
    continuations: dict[str, Callable]


RULES = Rules(HANDLERS, APPLIERS, CHECKS, RESOLVERS, CONTINUATIONS)
