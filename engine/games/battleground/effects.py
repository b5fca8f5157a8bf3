"""The declarative effect vocabulary of content packs (spec BG-0.6, §16, §18): what a card, ability or
item does, as data. Each key of an effect object has one applier; keys are applied in the order of
tables.APPLIERS so that one effect always resolves the same way (BG-28: determinism).

The appliers of wounds, buffs and debuffs, healing, AP and readying are here; a rule area with its own
module (markers, movement effects) has its own, and a check where an effect of that key can be impossible
to resolve (a push of a massive miniature, BG-19.10; a charge with no way to its target, BG-18.2). The
table lists them all in one place and is reached through ``g.rules``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.battleground.state import Frame, Unique, Unit


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


def token(kind: str, value, player: str) -> str | Unique:
    """The buff or debuff a pack value gives: a common one by name, or a unique one (BG-16.1.6) as
    ``{"unique": id, "name": …, "modifiers": […]}``, created by ``player``'s army."""
    if isinstance(value, dict):
        return Unique(
            kind=kind,
            id=value["unique"],
            name=value.get("name", value["unique"]),
            player=player,
            modifiers=tuple(value.get("modifiers", ())),
        )
    return value


def remove_buff(g, unit: Unit) -> None:
    """BG-16.1.3 / BG-AMB-35: a Regeneration removed (replaced or in cleanup) heals 1 wound."""
    if unit.buff == "regeneration" and unit.wounds and unit.on_board:
        unit.wounds -= 1
    unit.buff = None


def remove_debuff(g, unit: Unit, *, frame: Frame | None, defer: list | None = None) -> None:
    """BG-16.1.4 / BG-AMB-35: a Curse removed (replaced or in cleanup) deals 1 wound."""
    old, unit.debuff = unit.debuff, None
    if old == "curse":
        wound(g, unit, 1, by=None, weapon_type=None, frame=frame, defer=defer)


def _one_copy(g, new: Unique) -> None:
    """BG-16.1.6 / BG-AMB-27: each army has one active copy of a unique effect; a second copy created by
    the same army removes the first (unique tokens have no removal trigger)."""
    for u in g.units.values():
        held = getattr(u, new.kind)
        if isinstance(held, Unique) and held.id == new.id and held.player == new.player:
            setattr(u, new.kind, None)


def give_buff(g, target: Unit, value, *, player: str) -> None:
    """BG-16.1.2: one buff at a time; the new one replaces the old."""
    new = token("buff", value, player)
    if isinstance(new, Unique):
        _one_copy(g, new)
    remove_buff(g, target)
    target.buff = new


def give_debuff(
    g, target: Unit, value, *, player: str, frame: Frame | None, defer: list | None = None
) -> None:
    """BG-16.1.2: one debuff at a time; the new one replaces the old (a replaced Curse still wounds, and in
    an area attack the knock-out waits for the end of the attack, BG-15.3.1)."""
    new = token("debuff", value, player)
    if isinstance(new, Unique):
        _one_copy(g, new)
    old, target.debuff = target.debuff, new
    if old == "curse":
        wound(g, target, 1, by=None, weapon_type=None, frame=frame, defer=defer)  # BG-AMB-35


def _buff(g, frame: Frame, target: Unit, value, source: str) -> None:
    give_buff(g, target, value, player=frame.player)


def _debuff(g, frame: Frame, target: Unit, value, source: str) -> None:
    give_debuff(g, target, value, player=frame.player, frame=frame)


def _heal(g, frame: Frame, target: Unit, value, source: str) -> None:
    target.wounds = max(0, target.wounds - value)


def _gain_ap(g, frame: Frame, target: Unit, value, source: str) -> None:
    frame.ap += value


def _wounds(g, frame: Frame, target: Unit, value, source: str) -> None:
    wound(g, target, value, by=frame.unit, weapon_type=None, frame=frame)


def _ready(g, frame: Frame, target: Unit, value, source: str) -> None:
    """BG-6.7.3: an effect readies an activated character; it may be activated again this round, but it
    was activated, so it gains no cleanup mana (BG-AMB-42)."""
    if value and target.on_board:
        target.activated = False


Applier = Callable[..., None]  # (g, frame, target, value, source) -> None

# The appliers of this module, by effect key (tables.APPLIERS puts every key in its order).
BASIC: dict[str, Applier] = {
    "buff": _buff,
    "debuff": _debuff,
    "heal": _heal,
    "gain_ap": _gain_ap,
    "wounds": _wounds,
    "ready": _ready,
}


def check_effect(g, frame: Frame, target: Unit, effect: dict) -> None:
    """Raise IllegalEvent if a part of ``effect`` cannot be resolved on ``target`` now (tables.CHECKS). A
    player may not choose an effect that cannot be resolved (an ability, an item, a fate card's unique
    ability: choices.legal_events asks first); a passive ability that triggers without a choice resolves
    what it can (:func:`resolvable`)."""
    for key, check in g.rules.checks:
        if key in effect:
            check(g, frame, target, effect[key])


def resolvable(g, frame: Frame, target: Unit, effect: dict) -> dict:
    """``effect`` without the parts that cannot be resolved now (BG-16.2.2: a passive ability applies as
    it says when it triggers; a part the rules forbid, such as pushing a massive miniature, BG-19.10, or a
    charge with no way to its target, BG-18.2, does nothing)."""
    out = dict(effect)
    for key, check in g.rules.checks:
        if key in effect:
            try:
                check(g, frame, target, effect[key])
            except IllegalEvent:
                del out[key]
    return out


def apply_effect(g, frame: Frame, target: Unit, effect: dict, *, source: str) -> None:
    """Apply every part of ``effect`` to ``target`` within ``frame`` (the acting activation/interrupt)."""
    if not effect:
        return
    if "hook" in effect:
        raise UnreadableLog(
            "{source} uses the rule hook '{hook}', which this engine version does not implement",
            source=source,
            hook=effect["hook"],
            rule="LOG-3.6",
        )
    for key, applier in g.rules.appliers:
        if key in effect:
            applier(g, frame, target, effect[key], source)
