"""Ongoing effects (spec BG-16.1.7): what unique buffs and debuffs (BG-16.1.6) and markers (BG-16.3) do
to the tests of the characters they affect.

Their game effect is a list of test modifiers, the same dice and threshold changes weapons, items and the
common buffs make (BG-13.2, BG-16.1.3, BG-16.1.4)::

    {"test": "attack" | "defence" | "ability" | "any",   # which tests (default any)
     "stat": "strength" | … | "mind",                    # only tests of this stat (default all)
     "dice": 1, "widen": 1, "narrow": 1}                  # each optional, default 0

A marker's modifiers apply while a character is affected by it, checked at each test (BG-16.3.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.battleground import footprint
from engine.games.battleground.state import Marker, Unique, Unit

TESTS = ("attack", "defence", "ability", "any")


@dataclass(frozen=True)
class Modifiers:
    dice: int = 0
    widen: int = 0
    narrow: int = 0


def _applies(mod: dict, test: str, stat: str) -> bool:
    return mod.get("test", "any") in ("any", test) and mod.get("stat", stat) == stat


NONE = Modifiers()


def ongoing_modifiers(g, unit: Unit, test: str, stat: str) -> Modifiers:
    """The dice and threshold changes ongoing effects make to one test of ``unit``."""
    if not g.markers and not isinstance(unit.buff, Unique) and not isinstance(unit.debuff, Unique):
        return NONE  # the usual case, on every attack and defence test
    mods: list[dict] = []
    for held in (unit.buff, unit.debuff):
        if isinstance(held, Unique):
            mods.extend(held.modifiers)
    for marker in g.markers:
        if affects(g, marker, unit):
            mods.extend(marker.modifiers)
    mods = [m for m in mods if _applies(m, test, stat)]
    return Modifiers(
        dice=sum(m.get("dice", 0) for m in mods),
        widen=sum(m.get("widen", 0) for m in mods),
        narrow=sum(m.get("narrow", 0) for m in mods),
    )


def affects(g, marker: Marker, unit: Unit) -> bool:
    """BG-16.3.4 / BG-16.3.5: the characters it names, at its own height, within its radius and in its line
    of sight, measured by the ranged-attack rules with the marker as the attacker (BG-10.3.5, BG-10.4)."""
    if not unit.on_board:
        return False
    if marker.affects == "enemies" and unit.player == marker.player:
        return False
    if marker.affects == "allies" and unit.player != marker.player:
        return False
    board = g.board
    return (
        board.height[unit.hex] == board.height[marker.hex]  # a massive base stands at one height
        and footprint.in_range(g, (marker.hex,), unit.cells, marker.radius_in)
        and footprint.sight(g, (marker.hex,), unit.cells)
    )
