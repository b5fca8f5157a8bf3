"""The rival turn (HR-9, Assault HR-13.10/13.12): every rival choice the players made is logged, and each
must lie inside the set the priority list allows; the rule is named when it does not.

Layer 5 (actions): same events as a player's turn (deploy, move, ability, attack, special, end_turn), plus
``roll`` (the immortal rolls without a target, HR-13.10.3) and the pending ``displace`` choice.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.hoplomachus import actions as act
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv


def names(g, units) -> str:
    return ", ".join(sorted(act.name(g, u) for u in units)) or "none"


def deploy(g, ev: dict) -> None:
    """HR-9.2, HR-13.10.2, HR-13.12.2: the unit is drawn at random; the players choose a free blue hex."""
    troop, pool = check_deploy(g, ev)
    s = g.s
    s.turn["phase"] = "deploy"
    given = None
    if ev.get("unit") is not None:
        given = g.c.lookup("units", ev["unit"], path="/unit", scope=troop if troop == "arena" else "immortal")
    pick = g.dice.pick(
        pool, given, Text("the {troop} draw", troop=troop), "HR-13.12.2" if troop == "arena" else "HR-13.10.2"
    )
    if g.dice.author is not None and not g.dice.seeded:
        ev["unit"] = pick
    u = s.units[f"{troop}:{pick}"]
    h = check_deploy_hex(g, u, ev)
    if troop == "arena":
        s.troops["arena"]["bag"].remove(pick)
    act.enter_arena(g, u, h)
    if troop == "immortal":
        fx.rival_entered(g, u)
    if troop == "immortal" and len(s.turn["seats"]) > 1:
        fx.gain_hp(g, u, 2)  # HR-13.10.2 co-op: +2 Health
    s.turn["deployed"] = True
    rv.movement_snapshot(g)  # the new unit may block others before the Movement phase begins


def check_deploy(g, ev: dict) -> tuple[str, list[str]]:
    """HR-9.2.1: (troop, the units the draw picks from) of a rival deployment ``apply`` accepts, before the
    draw; its hex is checked once the unit is drawn (check_deploy_hex)."""
    troop = act.check_player(g, ev)
    fx.check_phase(g, "deploy", Text("a rival deployment"))
    s = g.s
    if s.turn["deployed"]:
        raise IllegalEvent("HR-8.4.2", "at most one unit is deployed in a Deploy phase")
    if not rv.rival_can_deploy(g, troop):
        rule = "HR-13.10.2" if troop == "immortal" else "HR-13.12.2"
        raise IllegalEvent(
            rule, "no rival unit can be deployed now (limit reached, no free hex, or not a wave's first turn)"
        )
    if troop == "arena":
        return troop, list(s.troops["arena"]["bag"])
    return troop, [u["def"] for u in s.units.values() if u["owner"] == "immortal" and u["zone"] == "camp"]


def check_deploy_hex(g, u: dict, ev: dict) -> int:
    """HR-13.3.2: the hex of the drawn rival unit ``u``."""
    h = act.hex_of(g, ev)
    allowed = q.deploy_hexes(g, u["owner"], u)
    if h not in allowed:
        raise IllegalEvent(
            "HR-13.3.2",
            "rivals deploy on a free blue deployment hex: {allowed}",
            allowed=", ".join(g.a.label(x) for x in allowed),
        )
    return h


def move(g, ev: dict) -> None:
    """HR-9.4: toward the mark by the fewest steps (2a), or the full Movement toward the list (2b)."""
    act.do_move(g, *check_move(g, ev))


def check_move(g, ev: dict) -> tuple[dict, list[int]]:
    """HR-9.4.3–9.4.5: a rival move ``apply`` accepts ends where the rival procedure allows, in as many steps."""
    u, step, dests = check_mover(g, ev)
    return u, check_plan_path(g, ev, step, dests)


def check_mover(g, ev: dict) -> tuple[dict, str, dict[int, int]]:
    """The rival unit an event moves must move now: (unit, step of HR-9.4, {destination: steps})."""
    act.check_player(g, ev)
    u = act.own_unit(g, ev)
    fx.check_phase(g, "movement", lambda: Text("moving {u}", u=act.name(g, u)))
    why = q.can_move(g, u)
    if why:
        raise IllegalEvent(why[0], "{u} cannot move: {why}", u=act.name(g, u), why=why[1])
    step, dests = rv.movement_plan(g, u)
    if not dests:
        if step == "2b":
            raise IllegalEvent("HR-9.4.5", "{u} stays put: it cannot get closer to anything on its priority list", u=act.name(g, u))  # fmt: skip
        raise IllegalEvent("HR-9.4.4", "{u} stays put: its mark is already within Range", u=act.name(g, u))
    return u, step, dests


def check_plan_path(g, ev: dict, step: str, dests: dict[int, int]) -> list[int]:
    """A path a player's move could take (actions.check_move) that ends on a destination of the plan, in as many
    steps as the plan says."""
    u, steps = act.check_move(g, ev)
    if dests.get(steps[-1]) == len(steps):
        return steps
    rule = "HR-9.4.4" if step == "2a" else "HR-9.4.5"
    how = (
        "the fewest steps that bring its mark within Range"
        if step == "2a"
        else "its full Movement toward its list"
    )
    where = ", ".join(f"{g.a.label(h)} in {n}" for h, n in sorted(dests.items()))
    raise IllegalEvent(rule, "{u} must move by {how}: to {where}", u=act.name(g, u), how=how, where=where)


def ability(g, ev: dict) -> None:
    """HR-9.5.1 (AMB-10): abilities whose conditions are met; targets by the priority list."""
    act.do_ability(g, *check_ability(g, ev))


def check_ability(g, ev: dict) -> tuple:
    """What actions.check_ability gives for a rival Ability ``apply`` accepts, or IllegalEvent."""
    u, sk = check_ability_user(g, ev)
    return check_ability_target(g, u, sk, ev)


def check_ability_user(g, ev: dict) -> tuple[dict, object]:
    act.check_player(g, ev)
    u = act.own_unit(g, ev)
    fx.check_phase(g, "abilities", lambda: Text("{u} using an Ability", u=act.name(g, u)))
    sk = act.unit_skill(g, u, ev.get("ability"), "ability")
    if sk not in rv.abilities_due(g, u):
        raise IllegalEvent(
            "HR-9.5.1",
            "{u} cannot use {name} now (its conditions are not met)",
            u=act.name(g, u),
            name=sk.name,
        )
    return u, sk


def check_ability_target(g, u: dict, sk, ev: dict) -> tuple:
    if sk.kind == "hurl":
        allowed = rv.targets(g, u, 1, adjacent_only=True, units_only=True)
        target = act.any_unit(g, ev, "target", u)
        if target not in allowed:
            raise IllegalEvent(
                "HR-9.6.2",
                "{name} takes the highest-priority adjacent opponent: {names}",
                name=sk.name,
                names=names(g, allowed),
            )
    return act.check_ability(g, ev)


def attack(g, ev: dict) -> None:
    """HR-9.6.2 step 2: the opponent in Range ranking highest on the list; ties are the players' choice."""
    u, target, checked = check_attack(g, ev)
    if checked is not None:
        act.do_attack(g, ev, *checked)  # a red-HP shard is attacked like a unit (HR-14.10.3)
        return
    g.s.turn["phase"] = "engagement"
    hits = immortal_attack(g, ev, u, target)
    immortal_triggers(g, u, target, hits, 0)


def check_attack(g, ev: dict) -> tuple[dict, dict, tuple | None]:
    """(attacker, target, and what actions.check_attack gave when the attack is resolved as a player's) of a
    rival attack ``apply`` accepts, or IllegalEvent; the immortal's own attack is resolved here (HR-13.10)."""
    u, allowed = check_attacker(g, ev)
    return check_attack_target(g, u, allowed, ev)


def check_attacker(g, ev: dict) -> tuple[dict, list[dict]]:
    """HR-9.6.2: the rival unit attacks rather than use a Special: (unit, the opponents it may attack)."""
    act.check_player(g, ev)
    u = act.own_unit(g, ev)
    fx.check_phase(g, "engagement", lambda: Text("{u} attacking", u=act.name(g, u)))
    sk = rv.special_due(g, u)
    if sk is not None:
        raise IllegalEvent(
            "HR-9.6.2", "{u} must use its Special {name} instead of attacking", u=act.name(g, u), name=sk.name
        )
    return u, rv.targets(g, u)


def check_attack_target(g, u: dict, allowed: list[dict], ev: dict) -> tuple[dict, dict, tuple | None]:
    target = act.target_of(g, ev, u)
    if target not in allowed and q.cannot_engage(g, u) is None:
        raise IllegalEvent(
            "HR-9.6.2",
            "{u} attacks the highest-priority opponent in Range: {names}",
            u=act.name(g, u),
            names=names(g, allowed),
        )
    if u["owner"] != "immortal" or target.get("shard"):
        return u, target, act.check_attack(g, ev, phase_checked=True)  # check_attacker checked the phase
    if g.s.turn["rolled"]:
        raise IllegalEvent("HR-13.10.3", "the immortal rolls its dice once per turn")
    why = q.cannot_engage(g, u)
    if why:
        raise IllegalEvent(why[0], "{u} cannot attack: {why}", u=act.name(g, u), why=why[1])
    return u, target, None


def immortal_attack(g, ev: dict, u: dict, target: dict) -> dict[str, int]:
    pool = q.attack_pool(g, u)
    hits, written = g.dice.roll(pool, ev.get("dice"), lambda: Text("{u}'s attack", u=act.name(g, u)))
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, u["owner"], pool, hits)
    u["engaged"] = True
    g.s.marked.add(u["uid"])
    g.s.turn["rolled"] = True
    n = sum(hits)
    act.attack_damage(g, target, u, n)
    return by_colour(pool, hits)


def by_colour(pool: list[str], hits: list[bool]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c, h in zip(pool, hits, strict=True):
        out[c] = out.get(c, 0) + int(h)
    return out


def roll(g, ev: dict) -> None:
    """HR-13.10.3 (AMB-11): the immortal rolls all its dice even when it does not attack."""
    imm = check_roll(g, ev)
    s = g.s
    s.turn["phase"] = "engagement"
    pool = q.attack_pool(g, imm)
    hits, written = g.dice.roll(pool, ev.get("dice"), Text("{imm}'s roll", imm=act.name(g, imm)))
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, imm["owner"], pool, hits)
    s.turn["rolled"] = True
    imm["engaged"] = True
    s.marked.add(imm["uid"])
    immortal_triggers(g, imm, None, by_colour(pool, hits), 0)


def check_roll(g, ev: dict) -> dict:
    """The immortal of a 'roll' event ``apply`` accepts, or IllegalEvent."""
    troop = act.check_player(g, ev)
    if troop != "immortal":
        raise IllegalEvent("HR-13.10.3", "only the immortal rolls without attacking")
    fx.check_phase(g, "engagement", Text("the immortal's roll"))
    s = g.s
    imm = next(iter(s.in_arena("immortal")), None)
    if imm is None or s.turn["rolled"]:
        raise IllegalEvent("HR-13.10.3", "the immortal rolls its dice once per turn, while in combat")
    if imm["dazed"] and not g.opt["dazed_immortal_rolls"]:
        raise IllegalEvent("AMB-11", "with this ruleset option a dazed immortal does not roll")
    if rv.can_engage(g, imm):
        raise IllegalEvent(
            "HR-9.6.1", "{imm} can attack, so it must (an 'attack' event)", imm=act.name(g, imm)
        )
    return imm


def immortal_triggers(g, imm: dict, target: dict | None, hits: dict[str, int], start: int) -> None:
    """HR-13.10.4: the immortal reference's effects, top to bottom, each when a die of its colour hit."""
    s = g.s
    triggers = q.udef(g, imm).triggers
    for i in range(start, len(triggers)):
        trig = triggers[i]
        if not hits.get(trig["colour"]) or imm["zone"] != "arena":
            continue
        if trig["effect"] == "displace_target":
            if target is None or target["zone"] != "arena" or q.displace_refusal(g, target):
                continue
            free = [h for h in g.a.adjacent[target["hex"]] if not q.blocked(g, target, h)]
            if free:
                s.pending.insert(0, {"kind": "displace", "player": s.turn["seats"][0], "target": target["uid"],
                                     "hits": dict(hits), "next": i + 1, "immortal": imm["uid"]})  # fmt: skip
                return
        elif trig["effect"] == "allies_gain_hp":
            for ally in sorted(s.in_arena(), key=lambda v: v["uid"]):
                if ally is not imm and q.allied(g, ally, imm):
                    fx.gain_hp(g, ally, trig["amount"])


def resolve_displace(g, p: dict, ev: dict) -> None:
    """WE-11 step 4: the players choose the adjacent hex the attacked unit is displaced to."""
    target, h = check_displace(g, p, ev)
    g.s.place(target, h)
    immortal_triggers(g, g.s.units[p["immortal"]], target, p["hits"], p["next"])


def check_displace(g, p: dict, ev: dict) -> tuple[dict, int]:
    target = g.s.units[p["target"]]
    h = act.hex_of(g, ev)
    if g.a.distance(target["hex"], h) != 1 or q.blocked(g, target, h):
        free = [g.a.label(x) for x in g.a.adjacent[target["hex"]] if not q.blocked(g, target, x)]
        raise IllegalEvent(
            "HR-3.4.2",
            "{target} is displaced to a free adjacent hex: {free}",
            target=act.name(g, target),
            free=", ".join(free),
        )
    return target, h


def special(g, ev: dict) -> None:
    act.do_special(g, ev, *check_special(g, ev))


def check_special(g, ev: dict) -> tuple:
    """HR-9.6.2 step 1: the Special due, on the highest-priority opponent in its range (what
    actions.check_special gives), or IllegalEvent."""
    u, sk = check_special_user(g, ev)
    return check_special_target(g, u, sk, ev)


def check_special_user(g, ev: dict) -> tuple[dict, object]:
    act.check_player(g, ev)
    u = act.own_unit(g, ev)
    fx.check_phase(g, "engagement", lambda: Text("{u} using a Special", u=act.name(g, u)))
    sk = act.unit_skill(g, u, ev.get("special"), "special")
    if rv.special_due(g, u) is not sk:
        raise IllegalEvent("HR-9.6.2", "{u} cannot use {name} now", u=act.name(g, u), name=sk.name)
    return u, sk


def check_special_target(g, u: dict, sk, ev: dict) -> tuple:
    if sk.effect["targets"] == "one":
        allowed = rv.targets(g, u, sk.effect.get("range"), units_only=True)
        target = act.any_unit(g, ev, "target", u)
        if target not in allowed:
            raise IllegalEvent(
                "HR-9.6.2",
                "{name} takes the highest-priority opponent in range: {names}",
                name=sk.name,
                names=names(g, allowed),
            )
    return act.check_special(g, ev)


def tactic(g, ev: dict) -> None:
    raise IllegalEvent("HR-6.1", "rival troops never play tactics")


def foothold(g, ev: dict) -> None:
    raise UnreadableLog("/type: rival troops have no footholds", rule="LOG-5.1")


ACTIONS = {
    "deploy": deploy,
    "tactic": tactic,
    "foothold": foothold,
    "move": move,
    "ability": ability,
    "attack": attack,
    "special": special,
    "roll": roll,
}
