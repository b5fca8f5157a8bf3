"""The declarative effect vocabulary of content packs (spec BG-0.6, §16, §18): what a card, ability or
item does, as data. Each key of an effect object has one applier here; keys are applied in the order of
``APPLIERS`` so that one effect always resolves the same way (BG-28: determinism).

A rule area with its own module (markers, movement effects) adds its keys to ``APPLIERS`` from there.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import UnreadableLog
from engine.games.battleground.state import Frame, Unit


def wound(
    g,
    unit: Unit,
    n: int,
    *,
    by: Unit | None,
    weapon_type: str | None,
    frame: Frame | None,
    defer: list | None = None,
) -> bool:
    """BG-13.1: place wound tokens; knock out at Health (deferred in area attacks, BG-15.3.1)."""
    if n <= 0 or not unit.on_board:
        return False
    unit.wounds += n
    g.stats.wounds_taken[unit.key] = g.stats.wounds_taken.get(unit.key, 0) + n
    if by is not None and by.player != unit.player:
        by.wounds_dealt += n
    if unit.wounds >= unit.d.health:
        if defer is not None:
            if unit not in defer:
                defer.append(unit)
        else:
            g.knock_out(unit, by=by, weapon_type=weapon_type, frame=frame)
        return True
    return False


def _buff(g, frame: Frame, target: Unit, value, source: str) -> None:
    if target.buff == "regeneration" and target.wounds:
        target.wounds -= 1  # BG-AMB-35: a replaced Regeneration still heals
    target.buff = value  # BG-16.1.2: one buff at a time


def _debuff(g, frame: Frame, target: Unit, value, source: str) -> None:
    old = target.debuff
    target.debuff = value
    if old == "curse":
        wound(g, target, 1, by=None, weapon_type=None, frame=frame)  # BG-AMB-35


def _heal(g, frame: Frame, target: Unit, value, source: str) -> None:
    target.wounds = max(0, target.wounds - value)


def _gain_ap(g, frame: Frame, target: Unit, value, source: str) -> None:
    frame.ap += value


def _wounds(g, frame: Frame, target: Unit, value, source: str) -> None:
    wound(g, target, value, by=frame.unit, weapon_type=None, frame=frame)


Applier = Callable[..., None]  # (g, frame, target, value, source) -> None

APPLIERS: dict[str, Applier] = {
    "buff": _buff,
    "debuff": _debuff,
    "heal": _heal,
    "gain_ap": _gain_ap,
    "wounds": _wounds,
}


def apply_effect(g, frame: Frame, target: Unit, effect: dict, *, source: str) -> None:
    """Apply every part of ``effect`` to ``target`` within ``frame`` (the acting activation/interrupt)."""
    if not effect:
        return
    if "hook" in effect:
        raise UnreadableLog(
            f"{source} uses the rule hook '{effect['hook']}', which this engine version does not implement",
            rule="LOG-3.6",
        )
    for key, applier in APPLIERS.items():
        if key in effect:
            applier(g, frame, target, effect[key], source)
