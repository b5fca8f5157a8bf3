"""Defence and ability tests of a character (spec BG-8.2, BG-8.3, BG-16.4.3): the test rules with the
character's own focus, buffs, ongoing effects and mana rerolls, counted in the statistics."""

from __future__ import annotations

from engine.core.errors import UnreadableLog
from engine.games.battleground.dice import run_test
from engine.games.battleground.ongoing import ongoing_modifiers
from engine.games.battleground.state import Frame, Unit

DEFAULT_THRESHOLD = 4  # BG-8.4.1


def stat_bonus(unit: Unit, stat: str) -> int:
    """Passive item modifiers such as "+1 Mind while equipped" (BG-EX-25)."""
    if not unit.items:
        return 0  # most characters carry no item: no generator to sum
    return sum(m["dice"] for i in unit.items for m in i.modifiers if m.get("stat") == stat)


def defence(g, frame: Frame, stat: str, target: Unit, roll, what: str):
    """BG-8.3: the target's defence test, with its own focus, buffs and mana rerolls."""
    ongoing = ongoing_modifiers(g, target, "defence", stat)  # BG-16.1.6, BG-16.3.4
    widen, narrow = ongoing.widen, ongoing.narrow
    if target.focused:
        target.focused = False  # BG-9.1.4: spent on any test, defence included
        widen += 1
    if target.buff == "protection":
        widen += 1
    if target.debuff == "stun":
        narrow += 1
    if any_guard_frame_of(g.stack, target):
        # BG-14.1.4 c / BG-13.2.5: every test of an interrupting character, including a defence test it takes
        # while its own guard interrupt is itself interrupted (BG-14.1.6). Only the top frame was looked at,
        # and the top frame's character is never the one defending, so the narrowing never applied.
        narrow += 1
    return stat_test(
        g, target, roll, stat, "defence", dice=ongoing.dice, widen=widen, narrow=narrow, what=what
    )


def any_guard_frame_of(stack: list, unit: Unit) -> bool:
    """Whether a guard interrupt of ``unit`` is on ``stack`` (a loop: asked at every defence test)."""
    for f in stack:  # noqa: SIM110 — any() over a generator costs more, at every defence test
        if isinstance(f, Frame) and f.kind == "guard" and f.unit is unit:
            return True
    return False


def stat_test(g, unit: Unit, roll, stat: str, kind: str, *, dice: int, widen: int, narrow: int, what: str):
    """A test of ``unit``'s ``stat`` with no free rerolls (a defence or ability test): the 11 steps of BG-8.2,
    mana spent on rerolls taken from the character, and the test counted in the statistics."""
    result = run_test(
        roll,
        dice=g.dice,
        stat=stat,
        dice_count=unit.d.stat(stat) + stat_bonus(unit, stat) + dice,
        threshold=DEFAULT_THRESHOLD - widen + narrow,
        mana_available=unit.mana,
        free_rerolls_allowed=0,
        what=what,
    )
    unit.mana -= result.mana_spent
    g.stats.test(unit, kind, result)
    return result


def logged_roll(g, spec: dict, key: str):
    roll = spec.get(key)
    if roll is None and g.dice.author is not None:
        roll = spec[key] = {}
    if roll is not None and not isinstance(roll, dict):
        raise UnreadableLog("'{key}' must be a roll object", key=key, rule="LOG-5.2")
    return roll
