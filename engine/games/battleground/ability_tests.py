"""Ability tests (spec BG-16.4.3): an active ability whose effect needs a test.

The ability's ``test`` is ``{"stat": "power", "against": "mind", "min": 1}``: its character tests
``stat`` under the normal test rules (§8.2: focus spent, mana rerolls, explosions; BG-14.1.4 c narrows it
in a guard interrupt); with ``against`` (the card says "against") the target takes a defence test of that
stat (§8.3), and the net successes count. The effect resolves when they reach ``min`` (default 1).
Dice go in the ``ability`` event's ``attack`` (the ability test) and ``defence`` rolls, as for attacks.
"""

from __future__ import annotations

from engine.core.errors import Text, UnreadableLog
from engine.games.battleground.content import Ability
from engine.games.battleground.ongoing import ongoing_modifiers
from engine.games.battleground.stat_tests import defence, logged_roll, stat_test
from engine.games.battleground.state import Frame, Unit


def ability_test(g, frame: Frame, unit: Unit, ability: Ability, target: Unit, event: dict) -> bool:
    """Run the ability test (and the target's defence test): does the effect resolve?"""
    spec = ability.test
    stat = spec["stat"]
    if "against" not in spec and "defence" in event:
        raise UnreadableLog(
            "'defence': {name}'s test is not against its target", name=ability.name, rule="LOG-5.2"
        )
    ongoing = ongoing_modifiers(g, unit, "ability", stat)  # BG-16.1.6, BG-16.3.4
    widen, narrow = ongoing.widen, ongoing.narrow
    if unit.focused:
        unit.focused = False  # BG-9.1.4: a focus token is spent on any test
        widen += 1
    if frame.kind == "guard":
        narrow += 1  # BG-14.1.4 c: every test of the interrupting character
    label = Text("{ability}: {name}'s ability test", ability=ability.name, name=unit.name)
    result = stat_test(
        g,
        unit,
        logged_roll(g, event, "attack"),
        stat,
        "ability",
        dice=ongoing.dice,
        widen=widen,
        narrow=narrow,
        what=label,
    )
    net = result.successes
    if "against" in spec:
        defended = defence(
            g,
            frame,
            spec["against"],
            target,
            logged_roll(g, event, "defence"),
            Text("{ability}: {name}'s defence test", ability=ability.name, name=target.name),
        )
        net = max(0, net - defended.successes)  # BG-8.3.2
    return net >= spec.get("min", 1)
