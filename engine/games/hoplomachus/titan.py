"""The titan turn (HR-14.8): deploy on the central hex, then the Titan Activity step — titan dice, then the
card's effects top to bottom, each moving or attacking by the rival procedures (HR-14.8.5).

Layer 5 (actions). Effects that need the players' choice wait as pending decisions (``advance``, ``smite``,
``toss``), in the card's order; the arena dice they use are recorded with the titan dice (``arena_dice``).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.hoplomachus import actions as act
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv

#: What each titan effect that rolls an arena die names it (HR-14.8.4, HR-2.11.1, HR-2.11.2): "the arena die
#: for {kind}", the kind a word of its own per effect id, so that a refusal and the replay's dice say it in
#: the reader's language (the same templates are marked in narrate.py for the narration catalogs)
ARENA_DIE_FOR = {
    kind: Text("the arena die for {kind}", kind=word)
    for kind, word in (
        ("advance", Text("advance")),
        ("smite", Text("smite")),
        ("compass_move", Text("compass_move")),
    )
}


def titan_unit(g) -> dict:
    return g.s.units[f"titan:{g.s.troops['titan']['titan']}"]


def card(g) -> dict:
    return g.c.units[g.s.troops["titan"]["titan"]].titan


def deploy(g, ev: dict) -> None:
    """HR-14.8.3: on the first turn the titan deploys on the central deployment hex, dazed."""
    titan, h = check_deploy(g, ev)
    g.s.turn["phase"] = "deploy"
    act.enter_arena(g, titan, h)
    fx.rival_entered(g, titan)
    g.s.turn["deployed"] = True


def check_deploy(g, ev: dict) -> tuple[dict, int]:
    act.check_player(g, ev)
    fx.check_phase(g, "deploy", Text("deploying the titan"))
    titan = titan_unit(g)
    if titan["zone"] != "camp":
        raise IllegalEvent("HR-14.8.3", "the titan deploys once, on the first turn")
    h = act.hex_of(g, ev)
    if h not in q.deploy_hexes(g, "titan", titan):
        raise IllegalEvent("HR-14.8.3", "the titan deploys on the central deployment hex, which must be free")
    return titan, h


def titan_roll(g, ev: dict) -> None:
    """HR-14.8.4: roll the titan dice, then resolve the effects table top to bottom (WE-13: highest tier only)."""
    check_titan_roll(g, ev)
    s = g.s
    s.turn["phase"] = "engagement"
    pool = list(s.troops["titan"]["dice"])
    hits, written = g.dice.roll(pool, ev.get("dice"), Text("the titan dice"), "HR-14.8.4")
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, "titan", pool, hits)
    s.turn["rolled"] = True
    per = {}
    for c, h in zip(pool, hits, strict=True):
        per[c] = per.get(c, 0) + int(h)
    given = ev.get("arena_dice")
    if given is not None and not isinstance(given, list):
        raise UnreadableLog("/arena_dice: a list of arena dice", rule="LOG-5.2", path="/arena_dice")
    used = []
    for row in card(g)["effects"]:
        n = per.get(row["colour"], 0)
        tiers = [int(t) for t in row["tiers"] if int(t) <= n]
        if not tiers:
            continue
        effect = row["tiers"][str(max(tiers))]
        kind = effect["effect"]
        if kind == "arena_turn":
            s.turn["arena_turn"] = True
            continue
        if kind == "none":
            continue
        p = {"kind": kind, "player": s.turn["seats"][0]}
        if kind in ("advance", "smite", "compass_move"):
            k = len(used)
            die = g.dice.d6(None if given is None or k >= len(given) else given[k], ARENA_DIE_FOR[kind],
                            "HR-2.11.1")  # fmt: skip
            used.append(die)
            if kind == "compass_move":
                p["direction"], p["steps"] = g.a.compass_direction(die), effect["steps"]  # HR-2.11.2
            else:
                p["value"] = effect["arena_die"][str(die)]
        elif kind == "deploy_ally":
            p["unit"], p["hexes"] = effect["unit"], effect.get("hexes", "outer_blue")
        elif kind == "allies_attack":
            p["kind"], p["done"] = "ally_attack", []
        elif kind == "shard_hp":
            p["hp"], p["colour"] = effect["hp"], effect.get("colour", "red")
        else:
            p["damage"], p["distance"] = effect["damage"], effect["distance"]
        s.pending.append(p)
    if given is not None and len(given) > len(used):
        raise IllegalEvent(
            "HR-14.8.4",
            "the titan's effects use {used_count} arena dice, the log records {given_count}",
            used_count=len(used),
            given_count=len(given),
        )
    if g.dice.author is not None and not g.dice.seeded and used:
        ev["arena_dice"] = used


def check_titan_roll(g, ev: dict) -> None:
    act.check_player(g, ev)
    fx.check_phase(g, "engagement", Text("the titan's roll"))
    titan = titan_unit(g)
    if titan["zone"] != "arena" or g.s.turn["rolled"]:
        raise IllegalEvent("HR-14.8.4", "the titan rolls its titan dice once per turn, in the arena")
    if titan["dazed"]:
        raise IllegalEvent("HR-14.8.4", "the Titan Activity step is skipped while the titan is dazed")


def path_of(g, u: dict, ev: dict, limit: int) -> list[int]:
    path = ev.get("path")
    if not isinstance(path, list):
        raise UnreadableLog("/path: the hexes entered, in order", rule="LOG-5.2", path="/path")
    steps = [g.a.parse(p, path=f"/path/{i}") for i, p in enumerate(path)]
    if len(steps) > limit:
        raise IllegalEvent(
            "HR-14.8.5",
            "the titan may move {limit} hexes here, the path has {steps_count}",
            limit=limit,
            steps_count=len(steps),
        )
    here = u["hex"]
    for h in steps:
        if g.a.distance(here, h) != 1 or q.blocked(g, u, h):
            raise IllegalEvent(
                "HR-8.6.3", "{h} cannot be entered from {here}", h=g.a.label(h), here=g.a.label(here)
            )
        here = h
    return steps


def resolve_advance(g, p: dict, ev: dict) -> None:
    """WE-12 step 2: Advance moves the titan by the rival procedure with the movement the arena die gave."""
    titan, steps = check_advance(g, p, ev)
    if steps:
        g.s.place(titan, steps[-1])
        titan["moved"] = True
        g.s.marked.add(titan["uid"])


def check_advance(g, p: dict, ev: dict) -> tuple[dict, list[int]]:
    titan = titan_unit(g)
    steps = path_of(g, titan, ev, p["value"])
    step, dests = rv.movement_plan(g, titan, p["value"])
    end = steps[-1] if steps else titan["hex"]
    if (dests and dests.get(end) != len(steps)) or (not dests and steps):
        where = ", ".join(f"{g.a.label(h)} in {n}" for h, n in sorted(dests.items())) or "nowhere: it stays"
        raise IllegalEvent(
            "HR-14.8.5", "the titan moves toward its mark by its priority list: to {where}", where=where
        )
    return titan, steps


def resolve_smite(g, p: dict, ev: dict) -> None:
    """WE-12 step 4: Smite attacks the highest-priority opponent within the arena die's range, with the titan's
    own attack dice (not the titan dice)."""
    titan, target = check_smite(g, p, ev)
    if target is None:
        return
    pool = q.attack_pool(g, titan)
    hits, written = g.dice.roll(pool, ev.get("dice"), Text("the titan's attack"))
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, "titan", pool, hits)
    n = sum(hits)
    if target.get("shard"):
        fx.damage_shard(g, target["hex"], n, titan)  # a red-HP shard loses HP like a unit (HR-14.10.3)
        return
    act.attack_damage(g, target, titan, n)


def check_smite(g, p: dict, ev: dict) -> tuple[dict, dict | None]:
    titan = titan_unit(g)
    allowed = rv.targets(g, titan, p["value"])
    if ev.get("target") is None:
        if allowed:
            raise IllegalEvent(
                "HR-9.6.2",
                "Smite must target the highest-priority opponent within {value} hexes",
                value=p["value"],
            )
        return titan, None
    target = act.target_of(g, ev, titan)
    if target not in allowed:
        raise IllegalEvent("HR-9.6.2", "Smite targets the highest-priority opponent within {value} hexes: {value_2}", value=p['value'], value_2=', '.join(sorted(act.name(g, u) for u in allowed)) or 'none')  # fmt: skip
    return titan, target


def resolve_toss(g, p: dict, ev: dict) -> None:
    """WE-12 step 5 (AMB-32): damage to the highest-priority adjacent opponent, then displace it exactly
    ``distance`` hexes from the titan, to a hex the players choose."""
    titan, target = check_toss_target(g, ev)
    if target is None:
        return
    fx.deal_damage(g, target, p["damage"], titan, attack=False)
    h = check_toss_hex(g, p, titan, target, ev)
    if h is not None:
        g.s.place(target, h)


def check_toss_target(g, ev: dict) -> tuple[dict, dict | None]:
    """The titan and the unit a toss names (None: nothing to toss), before its damage is dealt."""
    titan = titan_unit(g)
    allowed = rv.targets(g, titan, 1, adjacent_only=True, units_only=True)
    if ev.get("target") is None:
        if allowed:
            raise IllegalEvent("HR-9.6.2", "Toss must target the highest-priority adjacent opponent")
        return titan, None
    target = act.any_unit(g, ev, "target", titan)
    if target not in allowed:
        raise IllegalEvent("HR-9.6.2", "Toss targets the highest-priority adjacent opponent: {allowed}", allowed=', '.join(sorted(act.name(g, u) for u in allowed)))  # fmt: skip
    return titan, target


def check_toss_hex(g, p: dict, titan: dict, target: dict, ev: dict) -> int | None:
    """Where the tossed unit lands, once the damage is dealt (it may have left the arena): None, it stays."""
    free = toss_hexes(g, titan, target, p["distance"])
    if not free:
        if ev.get("hex") is not None:
            raise IllegalEvent("HR-3.4.2", "no free hex at that distance: the unit stays")
        return None
    h = act.hex_of(g, ev)
    if h not in free:
        raise IllegalEvent("HR-3.4.2", "the unit is displaced to a free hex exactly {distance} from the titan: {free}", distance=p['distance'], free=', '.join(g.a.label(x) for x in free))  # fmt: skip
    return h


def toss_hexes(g, titan: dict, target: dict, distance: int) -> list[int]:
    if target["zone"] != "arena" or q.displace_refusal(g, target):
        return []
    return [
        h
        for h in range(g.a.size)
        if g.a.distance(titan["hex"], h) == distance and not q.blocked(g, target, h)
    ]


# --- titan allies (HR-14.9) and the compass (HR-2.11.2) ---------------------------------------------


def ally_deploy(g, p: dict) -> tuple[dict | None, list[int], tuple[str, str] | None]:
    """What a deploy_ally effect can do now: (the ally, the free hexes the card names, None), or (None, [],
    (rule, why not)). Limits (HR-14.4.1), chips (AMB-30) and free hexes are checked when it resolves."""
    s = g.s
    d = g.c.units[p["unit"]]
    pool = sorted((u for u in s.units.values() if u["def"] == p["unit"] and u["zone"] == "camp"
                   and u["owner"] in ("titan", "arena")), key=lambda u: u["uid"])  # fmt: skip
    if not pool:
        return None, [], ("HR-14.9.1", f"no {d.name} is left in the titan's camp")
    troop = pool[0]["owner"]
    rule, limit, count = q.unit_limit(g, troop)
    if count >= limit:
        return (
            None,
            [],
            (rule, f"the titan card allows {limit} of its {troop} allies in combat and {count} are"),
        )
    if q.chips_available(g, troop) < d.health:
        return None, [], ("AMB-30", f"the supply lacks the {d.health} blue health chips {d.name} needs")
    hexes = [h for h in sorted(g.a.tags.get(p["hexes"], ())) if not q.blocked(g, pool[0], h)]
    if not hexes:
        return None, [], ("HR-14.9.1", f"none of the hexes the titan card names for {d.name} is free")
    return pool[0], hexes, None


def resolve_deploy_ally(g, p: dict, ev: dict) -> None:
    """HR-14.8.6, HR-14.9.1, HR-14.9.2: the ally enters on a free hex the players choose, dazed this turn."""
    u, h = check_deploy_ally(g, p, ev)
    if u is not None:
        act.enter_arena(g, u, h)


def check_deploy_ally(g, p: dict, ev: dict) -> tuple[dict | None, int | None]:
    u, hexes, why = ally_deploy(g, p)
    name = g.c.units[p["unit"]].name
    if u is None:
        if ev.get("hex") is not None:
            raise IllegalEvent(why[0], ("the titan's effect deploys no {name}: {why}; the log should record the deployment with no hex " "(\"hex\": null)"), name=name, why=why[1])  # fmt: skip
        return None, None
    where = ", ".join(g.a.label(h) for h in hexes)
    if ev.get("hex") is None:
        raise IllegalEvent(
            "HR-14.9.1",
            "the titan's effect deploys {name}; the log should name its hex: {where}",
            name=name,
            where=where,
        )
    h = act.hex_of(g, ev)
    if h not in hexes:
        raise IllegalEvent("HR-14.9.1", "{name} is deployed on a free hex the titan card names: {where}, not {h}", name=name, where=where, h=g.a.label(h))  # fmt: skip
    return u, h


def ally_attackers(g, p: dict) -> list[dict]:
    """HR-14.9.4: the titan's own allies that act on this prompt: in combat, not dazed, not yet acted for it,
    able to attack an opponent its priority list allows (HR-14.9.5)."""
    titan_id = g.s.troops["titan"]["titan"]
    return [u for u in sorted(g.s.in_arena("titan"), key=lambda u: u["uid"])
            if u["def"] != titan_id and not u["dazed"] and u["uid"] not in p["done"]
            and q.cannot_engage(g, u) is None and rv.targets(g, u)]  # fmt: skip


def resolve_ally_attack(g, p: dict, ev: dict) -> None:
    """HR-14.9.3, HR-14.9.4: prompted by a titan effect, each of the titan's allies that can attacks, in the order
    the players choose, the highest-priority opponent in Range (HR-9.6.2 with the card's list)."""
    u, as_attack, checked = check_ally_attack(g, p, ev)
    act.do_attack(g, as_attack, *checked)
    if ev.get("dice") is None and as_attack.get("dice") is not None:
        ev["dice"] = as_attack["dice"]  # the dice the simulator wrote
    p = {**p, "done": [*p["done"], u["uid"]]}
    if ally_attackers(g, p):
        g.s.pending.insert(0, p)


def check_ally_attack(g, p: dict, ev: dict) -> tuple[dict, dict, tuple]:
    """(the ally, the event as its attack, what actions.check_attack gave) of an ally attack ``apply`` accepts."""
    cands = ally_attackers(g, p)
    u = act.unit_named(g, ev.get("unit"), "/unit", ["titan"])
    if u not in cands:
        raise IllegalEvent("HR-14.9.4", ("{u} does not act on this prompt (dazed, already acted, or no opponent its list allows in " "Range); the allies that act are: {cands}"), u=act.name(g, u), cands=', '.join(act.name(g, v) for v in cands))  # fmt: skip
    allowed = rv.targets(g, u)
    target = act.target_of(g, ev, u)
    if target not in allowed:
        raise IllegalEvent("HR-14.9.5", "{u} attacks the highest-priority opponent in Range on the titan card's list: {allowed}", u=act.name(g, u), allowed=', '.join(sorted(act.name(g, v) for v in allowed)))  # fmt: skip
    as_attack = {**ev, "type": "attack", "player": "titan"}
    return u, as_attack, act.check_attack(g, as_attack)


def resolve_compass_move(g, p: dict) -> None:
    """HR-2.11.2: the titan moves up to ``steps`` hexes in the direction the compass gives for the arena die,
    stopping at the arena's edge or before a blocked hex (titan card data, provisional)."""
    titan = titan_unit(g)
    for _ in range(p["steps"]):
        n = g.a.step(titan["hex"], p["direction"])
        if n is None or q.blocked(g, titan, n):
            break
        g.s.place(titan, n)
        titan["moved"] = True
        g.s.marked.add(titan["uid"])


def resolve_shard_hp(g, p: dict) -> None:
    """HR-14.10.3 (titan card data, provisional): every shard lying in the arena without HP, on a hex no unit
    stands on, gets the card's HP in the card's colour, active side up. Red HP makes it the rivals' to mark and
    target; any HP makes it block its hex."""
    for h, shard in sorted(g.s.shards.items()):
        if shard["hp"] <= 0 and h not in g.s.occupant:
            shard.update(hp=p["hp"], colour=p["colour"], active=True)


def settle_head(g) -> bool:
    """A pending titan effect at the head that needs no decision: the compass move, and a prompt no ally can
    answer (HR-14.9.4: unprompted or dazed allies do nothing). Returns whether one was settled."""
    head = g.s.pending[0]
    if head["kind"] == "compass_move":
        g.s.pending.pop(0)
        resolve_compass_move(g, head)
        return True
    if head["kind"] == "shard_hp":
        g.s.pending.pop(0)
        resolve_shard_hp(g, head)
        return True
    if head["kind"] == "ally_attack" and not ally_attackers(g, head):
        g.s.pending.pop(0)
        return True
    return False


ACTIONS = {"deploy": deploy, "titan_roll": titan_roll}
PENDING = {"advance": resolve_advance, "smite": resolve_smite, "toss": resolve_toss,
           "deploy_ally": resolve_deploy_ally, "ally_attack": resolve_ally_attack}  # fmt: skip
