"""Attacks: melee, ranged, spell and area (spec §10, §12, §13, §15), each with its attack test, the
target's defence test and the weapon's success table."""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.battleground import footprint
from engine.games.battleground.actions import acting_frame, pay_escalating
from engine.games.battleground.cards import check_missions
from engine.games.battleground.content import FISTS, WeaponDef
from engine.games.battleground.dice import run_test
from engine.games.battleground.effects import apply_effect, give_buff, give_debuff, wound
from engine.games.battleground.facing import face_toward
from engine.games.battleground.ongoing import ongoing_modifiers
from engine.games.battleground.stat_tests import DEFAULT_THRESHOLD, defence, logged_roll, stat_bonus
from engine.games.battleground.state import Frame, Unit

ATTACK_STAT = {"melee": "strength", "ranged": "perception", "spell": "power"}  # BG-10.2.3, 10.3.4, 10.5.1 b
DEFENCE_STAT = {"melee": "toughness", "ranged": "toughness", "spell": "mind"}


def weapons_of(unit: Unit) -> list[WeaponDef]:
    """The weapons ``unit`` attacks with: those equipped, and its fists when it has no melee weapon
    (BG-10.2.4)."""
    weapons = list(unit.weapons)
    if not any(w.type == "melee" for w in weapons):
        weapons.append(FISTS)
    return weapons


def check_spell_mana(unit: Unit, weapon: WeaponDef) -> None:
    """BG-10.5.1: a spell costs its mana."""
    if unit.mana < weapon.mana_cost:
        raise IllegalEvent(
            "BG-10.5.1",
            "{name} costs {mana_cost} mana but {name_2} has {mana}",
            name=weapon.name,
            mana_cost=weapon.mana_cost,
            name_2=unit.name,
            mana=unit.mana,
        )


def resolve_weapon(g, unit: Unit, name) -> WeaponDef:
    if isinstance(name, str) and name.casefold() in ("fists", "pugni", "puños", "pięści"):
        if FISTS not in weapons_of(unit):
            raise IllegalEvent(
                "BG-10.2.4", "{name} has a melee weapon equipped and cannot attack with fists", name=unit.name
            )
        return FISTS
    wid = g.content.lookup("weapons", name, path="weapon")
    for w in unit.weapons:
        if w.id == wid:
            return w
    raise IllegalEvent(
        "BG-10.1.1", "{name} has no {name_2} equipped", name=unit.name, name_2=g.content.weapons[wid].name
    )


def check_target(g, frame: Frame, unit: Unit, weapon: WeaponDef, target: Unit) -> None:
    """BG-10.2–10.5 and the interrupt restrictions (BG-14.1.4 a, BG-14.2.2)."""
    if not target.on_board:
        raise IllegalEvent("BG-13.1.2", "{name} is knocked out and cannot be attacked", name=target.name)
    ally = target.player == unit.player
    if ally and weapon.targets == "enemies":
        raise IllegalEvent("BG-10.2.1", "{name} is an ally; attacks target enemies", name=target.name)
    if ally and target is unit:
        raise IllegalEvent(
            "BG-10.5.2", "{name} targets another character, not {name_2}", name=weapon.name, name_2=unit.name
        )
    if not ally and weapon.targets == "allies":
        raise IllegalEvent("BG-10.5.2", "{name} is a beneficial spell; it targets allies", name=weapon.name)
    if frame.kind == "opportunity" and weapon.type != "melee":
        raise IllegalEvent("BG-14.2.2", "an opportunity attack must be a melee attack")
    if frame.interrupt and not ally and target is not frame.target:  # BG-14.1.4 a: enemy targets only
        raise IllegalEvent(
            "BG-14.1.4",
            "an interrupt attack must target the interrupted character, {name}",
            name=frame.target.name,
        )
    # BG-19.1, BG-19.6–19.8: engagement by any hex of a base, range between the nearest hexes and sight
    # from or to any hex of it (BG-2.3.2); a massive attacker's attacks come from its facing hex, turned
    # toward the target (BG-19.7). A one-hex miniature's base is its hex.
    if weapon.type == "melee":
        if not footprint.engaged(g, unit, target):
            raise IllegalEvent(
                "BG-10.2.2",
                "{name} is not engaged with {name_2}; a melee attack needs an adjacent enemy",
                name=target.name,
                name_2=unit.name,
            )
        if not footprint.attack_origins(g, unit, target, weapon):
            raise IllegalEvent(
                "BG-19.7",
                "{name} cannot turn its facing hex next to {name_2}; its attacks come from that hex",
                name=unit.name,
                name_2=target.name,
            )
        return
    if g.engaged_with(unit):
        rule = "BG-10.3.2" if weapon.type == "ranged" else "BG-10.5.1"
        raise IllegalEvent(
            rule, "{name} is engaged and cannot make a {type} attack", name=unit.name, type=weapon.type
        )
    origins = footprint.attack_origins(g, unit, target, weapon)  # BG-19.7: a massive one's facing hex, turned
    if len(origins) == 1:  # one hex to attack from (a one-hex attacker's own): no generator
        reached = footprint.in_range(g, origins, target.cells, weapon.range_in)
    else:
        reached = any(footprint.in_range(g, (o,), target.cells, weapon.range_in) for o in origins)
    if not reached:
        dist = min(footprint.distance_in(g, (o,), target.cells) for o in origins) if origins else float("inf")
        raise IllegalEvent(
            "BG-10.3.5",
            '{name} is {dist:.2f}" away; the {name_2} reaches {range_in:g}"',
            name=target.name,
            dist=dist,
            name_2=weapon.name,
            range_in=weapon.range_in,
        )
    if not footprint.sight(g, unit.cells, target.cells):
        raise IllegalEvent(
            "BG-10.3.3", "{name} has no line of sight to {name_2}", name=unit.name, name_2=target.name
        )


def attack_threshold(
    g, frame: Frame, unit: Unit, weapon: WeaponDef, target: Unit, origin: int, focus: bool
) -> int:
    """BG-13.2 / BG-15.2: T = 4 − widen + narrow for one attack test from ``origin``."""
    board = g.board
    widen = narrow = 0
    if board.grid.arc(target.hex, target.facing, origin) < 0:
        widen += 1  # BG-12.3 flank (BG-15.2.1: from the initial target for additional targets)
    if weapon.type == "ranged" and g.engaged_with(target):
        narrow += 1  # BG-13.2.2 engaged target (ranged only; BG-19.1: by any hex of a base)
    if weapon.type in ("ranged", "spell") and footprint.in_cover(
        g, origin, target, footprint.occupied_hexes(g)
    ):
        narrow += 1  # BG-13.2.3 cover (BG-13.3.5 / BG-19.9 for a massive target)
    if focus:
        widen += 1  # BG-13.2.4
    if frame.kind == "guard":
        narrow += 1  # BG-13.2.5
    elif frame.kind == "opportunity":
        widen += 1  # BG-13.2.6
    if unit.buff == "empower":
        widen += 1  # BG-16.1.3
    if unit.debuff == "blind":
        narrow += 1  # BG-16.1.4
    ongoing = ongoing_modifiers(g, unit, "attack", ATTACK_STAT[weapon.type])  # BG-16.1.6, BG-16.3.4
    return DEFAULT_THRESHOLD - widen - ongoing.widen + narrow + ongoing.narrow


def attack_dice(g, unit: Unit, weapon: WeaponDef, target: Unit) -> int:
    stat = ATTACK_STAT[weapon.type]
    base = unit.d.stat(stat)
    effects = stat_bonus(unit, stat) + ongoing_modifiers(g, unit, "attack", stat).dice
    if weapon is FISTS:
        # BG-10.2.4 / BG-AMB-14: printed Strength, no weapon modifier; effects still apply unless the strict flag.
        return base if g.options["fists_ignore_all_modifiers"] else base + effects
    dice = base + weapon.dice + effects  # BG-10.1.3
    for m in weapon.modifiers:
        if m.get("when", "always") == "always" or (
            m["when"] == "target_on_difficult"
            and any(g.board.kind[c] == "difficult" for c in target.cells)  # BG-EX-10
        ):
            dice += m.get("dice", 0)
    return dice


def one_attack(
    g,
    frame: Frame,
    unit: Unit,
    weapon: WeaponDef,
    target: Unit,
    spec: dict,
    *,
    origin: int,
    focus: bool,
    defer: list | None,
    label: str,
) -> None:
    threshold = attack_threshold(g, frame, unit, weapon, target, origin, focus)
    attack = run_test(
        logged_roll(g, spec, "attack"),
        dice=g.dice,
        stat=ATTACK_STAT[weapon.type],
        dice_count=attack_dice(g, unit, weapon, target),
        threshold=threshold,
        mana_available=unit.mana,
        free_rerolls_allowed=0,
        what=Text("{label}: {name}'s attack test", label=label, name=unit.name),
    )
    unit.mana -= attack.mana_spent
    g.stats.test(unit, "attack", attack)
    defended = defence(
        g,
        frame,
        DEFENCE_STAT[weapon.type],
        target,
        logged_roll(g, spec, "defence"),
        Text("{label}: {name}'s defence test", label=label, name=target.name),
    )
    net = max(0, attack.successes - defended.successes)  # BG-8.3.2
    wounds = weapon.wounds_for(net)  # BG-10.1.5
    extra = weapon.extra_effects  # then its items' (BG-10.6.1); most characters carry none
    if unit.items:
        extra = [*extra, *(e for i in unit.items for e in i.extra_effects)]
    for effect in extra:  # BG-10.6.1: checked against net successes, in addition to the table row
        if net >= effect["min"]:
            wounds += effect.get("wounds", 0)
            if "debuff" in effect and target.on_board:
                # BG-16.1.2 / BG-AMB-35: a Curse replaced by a new debuff still wounds; BG-16.1.6: unique ones too
                give_debuff(g, target, effect["debuff"], player=unit.player, frame=frame, defer=defer)
            if "buff" in effect:  # BG-AMB-35: a replaced Regeneration heals
                give_buff(g, unit, effect["buff"], player=unit.player)
    row = g.stats.weapon(unit, weapon)
    row["attacks"] += 1
    row["successes"] += attack.successes
    row["wounds"] += wounds
    # A replaced Curse (BG-AMB-35) may already have knocked the target out, or marked it for removal after an
    # area attack (BG-15.3.1): that too is a knock-out by this attack.
    knocked_out = (
        not target.on_board
        or (defer is not None and target in defer)
        or (target.wounds + wounds >= target.d.health and wounds > 0)
    )
    expect = spec.get("expect")
    if expect:  # what _check_expect asks first, without its call
        _check_expect(expect, attack.successes, defended.successes, net, wounds, knocked_out, label)
    if wound(g, target, wounds, by=unit, weapon_type=weapon.type, frame=frame, defer=defer):
        row["knockouts"] += 1
    if wounds and weapon.type == "ranged":
        check_missions(g, frame, "wound", weapon_type="ranged", victim=target)


def _check_expect(expect, att: int, dfn: int, net: int, wounds: int, ko: bool, label: str) -> None:
    """Consequences a player wrote into the log are re-derived and must agree (log-format §Consequences)."""
    if not expect:
        return
    if not isinstance(expect, dict):
        raise UnreadableLog("'expect' must be an object", rule="LOG-5.2")
    actual = {
        "attack_successes": (att, "BG-8.2"),
        "defence_successes": (dfn, "BG-8.3.2"),
        "net": (net, "BG-8.3.2"),
        "wounds": (wounds, "BG-10.1.5"),
        "knocked_out": (ko, "BG-13.1.2"),
    }
    for key, value in expect.items():
        if key == "vp":  # checked once the event is over, for any event (replay.check_expected_vp)
            continue
        if key not in actual:
            raise UnreadableLog("'expect' has unknown field '{key}'", key=key, rule="LOG-5.2")
        real, rule = actual[key]
        if value != real:
            raise IllegalEvent(
                rule,
                "{label}: the log says {key} = {value!r}; the rules give {real!r}",
                label=label,
                key=key.replace("_", " "),
                value=value,
                real=real,
            )


def event_attack(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "attack")
    weapon = resolve_weapon(g, unit, event.get("weapon"))
    target = g.unit(event, "target")
    check_target(g, frame, unit, weapon, target)
    if target.player == unit.player:
        _beneficial(g, frame, unit, weapon, target, event)
        return
    # BG-10.1.6 (3)–(5): face, pay, then modifiers (focus is spent once for the whole action, BG-15.2.4).
    face_toward(g, unit, target, event, weapon)  # BG-10.3.1; BG-19.6 / BG-19.7 for massive miniatures
    pay_escalating(frame, weapon.type, f"{weapon.type} attack")
    if weapon.type == "spell":
        check_spell_mana(unit, weapon)
        unit.mana -= weapon.mana_cost
    focus = unit.focused
    unit.focused = False
    area = weapon.area_hexes
    defer: list | None = [] if area else None
    one_attack(
        g, frame, unit, weapon, target, event, origin=unit.hex, focus=focus, defer=defer, label=Text("attack")
    )
    if area:
        _area(g, frame, unit, weapon, target, event, focus, defer)


def _beneficial(g, frame: Frame, unit: Unit, weapon: WeaponDef, target: Unit, event: dict) -> None:
    """BG-10.5.2: a spell's beneficial effect on an ally. Range, LoS, the engagement ban (BG-AMB-40), facing,
    the spell's AP escalation and its mana cost apply as to any spell; no attack or defence test is made
    (the effect is the card's), so focus is not spent (BG-9.1.4 spends it on a test)."""
    for key in ("attack", "defence", "expect", "additional"):
        if key in event:
            raise UnreadableLog(
                "'{key}': {name} cast on an ally makes no attack or defence test",
                key=key,
                name=weapon.name,
                rule="LOG-5.2",
            )
    face_toward(g, unit, target, event)
    pay_escalating(frame, weapon.type, f"{weapon.type} attack")
    check_spell_mana(unit, weapon)
    unit.mana -= weapon.mana_cost
    apply_effect(g, frame, target, weapon.beneficial, source=weapon.name)


def _area(g, frame, unit, weapon, initial, event, focus, defer) -> None:
    """BG-15: every other character within the area, in the initial target's LoS and at its height, is attacked."""
    board = g.board
    required = {
        u.key
        for u in g.units.values()
        if u.on_board
        and u is not unit
        and u is not initial
        and footprint.hex_distance(g, initial.cells, u.cells)
        <= weapon.area_hexes  # BG-19.1: any hex of a base
        and board.height[u.hex] == board.height[initial.hex]
        and footprint.sight(g, initial.cells, u.cells)  # BG-19.8
    }
    extra = event.get("additional")
    if extra is None and g.dice.author is not None:
        extra = event["additional"] = [
            {"target": g.units[k].ref} for k in sorted(required, key=lambda k: g.units[k].order)
        ]
    extra = extra or []
    if not isinstance(extra, list):
        raise UnreadableLog("'additional' lists the area attack's further targets", rule="LOG-5.2")
    named = []
    for i, spec in enumerate(extra):
        if not isinstance(spec, dict):
            raise UnreadableLog("each additional target is an object with a 'target'", rule="LOG-5.2")
        t = g.unit(spec, "target")
        if t.key not in required:
            raise IllegalEvent(
                "BG-15.1.2",
                "{name} is not a legal additional target of {name_2}'s area",
                name=t.name,
                name_2=weapon.name,
            )
        if t.key in named:
            raise IllegalEvent("BG-15.1.3", "{name} is attacked twice by one area attack", name=t.name)
        named.append(t.key)
        one_attack(
            g,
            frame,
            unit,
            weapon,
            t,
            spec,
            origin=initial.hex,
            focus=focus,
            defer=defer,
            label=Text("area attack #{number}", number=i + 1),
        )
    missing = required - set(named)
    if missing:
        names = ", ".join(sorted(g.units[k].name for k in missing))
        raise IllegalEvent("BG-15.1.2", "the area attack must also attack {names}", names=names)
    for victim in defer:  # BG-15.3.1: removed once the whole attack is complete
        g.knock_out(victim, by=unit, weapon_type=weapon.type, frame=frame)
