"""The player's actions, one handler per event type, and the handlers of pending decisions.

Layer 5 (actions): each handler asks its ``check_*`` function whether the event may be applied (it raises
IllegalEvent, changing nothing; ``legal_events`` keeps the candidates the same functions accept), then changes
the state through ``effects``. Handlers are looked up in the tables ``ACTIONS`` and ``PENDING`` by the event's
``type`` or the pending decision's ``kind``.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.narrate import decision
from engine.games.hoplomachus.state import new_unit

# --- naming units in events --------------------------------------------------------------------


def unit_named(g, name, path: str, troops: list[str]) -> dict:
    """A unit from its uid ("p1:kunlun-warrior"), "player:name", or a bare name among ``troops``' units."""
    if not isinstance(name, str):
        raise UnreadableLog("{path_}: a unit is named by a string", path_=path, rule="LOG-5.2", path=path)
    s = g.s
    if name in s.units:
        return s.units[name]
    owner, sep, rest = name.partition(":")
    if sep and owner in s.troops:
        troops, name = [owner], rest
    found = []
    for t in troops:
        faction = s.troops[t]["faction"]
        try:
            uid = g.c.lookup("units", name, path=path, scope=faction)
        except UnreadableLog:
            uid = None
        found += [
            u for u in s.units.values() if u["owner"] == t and (u["def"] == uid or u["uid"] == f"{t}:{name}")
        ]
    if not found:
        who = " or ".join(troops)
        raise UnreadableLog(
            "{path_}: '{name}' is not a unit of {who}",
            path_=path,
            name=name,
            who=who,
            rule="LOG-3.4",
            path=path,
        )
    if len(found) > 1:
        in_arena = [u for u in found if u["zone"] == "arena"]
        if len(in_arena) == 1:
            return in_arena[0]
        raise UnreadableLog(
            "{path_}: '{name}' could be {found}; name it in full",
            path_=path,
            name=name,
            found=", ".join(u["uid"] for u in found),
            rule="LOG-3.4",
            path=path,
        )
    return found[0]


def own_unit(g, ev: dict, key: str = "unit") -> dict:
    # Nearly every event names the unit by its uid: found without unit_named's words.
    name = ev.get(key)
    u = g.s.units.get(name) if type(name) is str else None
    if u is None:
        u = unit_named(g, name, f"/{key}", [g.s.turn["player"]])
    if u["owner"] != g.s.turn["player"]:
        check_own(g, u)  # the refusal, in its words
    return u


def any_unit(g, ev: dict, key: str, actor: dict | None = None) -> dict:
    name = ev.get(key)
    if isinstance(name, str) and name in g.s.units:
        return g.s.units[name]
    order = list(g.s.turn["order"])
    if actor is not None:  # a target: the opponents' units first
        order.sort(key=lambda t: q.team(g, t) == q.team(g, actor["owner"]))
    return unit_named(g, ev.get(key), f"/{key}", order)


def hex_of(g, ev: dict, key: str = "hex") -> int:
    return g.a.parse(ev.get(key), path=f"/{key}")


def name(g, u: dict) -> str:
    if u.get("shard"):
        return f"the shard on {g.a.label(u['hex'])}"
    return f"{q.udef(g, u).name} ({u['owner']})"


def target_of(g, ev: dict, actor: dict) -> dict:
    """A rival's target: a unit, or a shard named "shard:<hex>" as the rival procedures list it (HR-14.10.3)."""
    h = q.shard_at(g, ev.get("target"))
    if h is None:
        return any_unit(g, ev, "target", actor)
    if h in g.s.shards:
        return rv.shard_record(g, h)
    return {"uid": f"shard:{g.a.label(h)}", "hex": h, "hp": 0, "shard": True}


def check_player(g, ev: dict) -> str:
    p = ev.get("player", g.s.turn["player"])
    if p != g.s.turn["player"]:
        raise IllegalEvent("HR-8.1.1", "it is {player}'s turn, not {p}'s", player=g.s.turn["player"], p=p)
    return p


def check_own(g, u: dict) -> None:
    if u["owner"] != g.s.turn["player"]:
        raise IllegalEvent(
            "HR-8.1.1",
            "{u} is not a unit of {player}, whose turn it is",
            u=name(g, u),
            player=g.s.turn["player"],
        )


# --- turn actions ------------------------------------------------------------------------------


def deploy(g, ev: dict) -> None:
    troop, u, h = check_deploy(g, ev)
    g.s.turn["phase"] = "deploy"
    enter_arena(g, u, h)
    g.s.turn["deployed"] = True
    fx.stat(g, troop, "deployed")


def check_deploy(g, ev: dict) -> tuple[str, dict, int]:
    """HR-8.4: (troop, unit, hex) of a deployment ``apply`` accepts, or IllegalEvent."""
    troop, u = check_deployer(g, ev)
    return troop, u, check_deploy_hex(g, troop, u, ev)


def check_deployer(g, ev: dict) -> tuple[str, dict]:
    """The unit an event deploys may be deployed now, somewhere (HR-8.4.2, HR-8.4.7)."""
    troop = check_player(g, ev)
    if ev.get("unit") is None:
        raise UnreadableLog("/unit: a deployment names the unit deployed", rule="LOG-5.2", path="/unit")
    u = own_unit(g, ev)
    fx.check_phase(g, "deploy", lambda: Text("deploying {u}", u=name(g, u)))
    if g.s.turn["deployed"]:
        raise IllegalEvent("HR-8.4.2", "at most one unit may be deployed in a Deploy phase")
    refusal = q.deploy_refusal(g, troop, u)
    if refusal:
        raise IllegalEvent(*refusal)
    return troop, u


def check_deploy_hex(g, troop: str, u: dict, ev: dict) -> int:
    h = hex_of(g, ev)
    if h not in q.deploy_candidates(g, troop, u) or q.blocked(g, u, h):  # deploy_hexes without listing them
        allowed = q.deploy_hexes(g, troop, u)
        where = ", ".join(g.a.label(x) for x in allowed)
        raise IllegalEvent(
            "HR-5.3.6" if q.is_sentinel(g, u) else "HR-8.4.1",
            "{u} cannot be deployed on {h}; the free hexes {troop} may deploy on are {where}",
            u=name(g, u),
            h=g.a.label(h),
            troop=troop,
            where=where,
        )
    return h


def enter_arena(g, u: dict, h: int) -> None:
    """HR-8.4.4, HR-8.4.6: full HP in the troop's colour, dazed this turn."""
    g.s.place(u, h)
    u["hp"] = fx.take_chips(g, u["owner"], q.udef(g, u).health)
    u["dazed"] = True
    g.s.marked.add(u["uid"])  # State.marked: each place that sets a per-turn mark or a chip notes the unit
    fx.unit_stat(g, u)


def tactic(g, ev: dict) -> None:
    troop, tid, target = check_tactic(g, ev)
    t = g.s.turn
    t["phase"] = "tactic"
    g.s.troops[troop]["tactics_camp"].remove(tid)
    t["tactic"] = True
    apply_tactic(g, troop, tid, target)
    fx.stat(g, troop, "tactics")
    fx.tactic_stat(g, troop, tid)


def check_tactic(g, ev: dict) -> tuple[str, str, dict]:
    """HR-8.5: (troop, tactic, target) of a tactic ``apply`` accepts, or IllegalEvent."""
    troop, tid = check_tactic_chip(g, ev)
    return troop, tid, check_tactic_target(g, troop, ev)


def check_tactic_chip(g, ev: dict) -> tuple[str, str]:
    """The tactic an event plays may be played now (HR-8.5.1, HR-8.5.3), on some unit."""
    troop = check_player(g, ev)
    fx.check_phase(g, "tactic", Text("playing a tactic"))
    if g.s.turn["tactic"]:
        raise IllegalEvent("HR-8.5.3", "at most one tactic may be played in a Tactic Placement phase")
    tid = g.c.lookup("tactics", ev.get("tactic"), path="/tactic")
    camp = g.s.troops[troop]["tactics_camp"]
    if tid not in camp:
        raise IllegalEvent(
            "HR-8.5.1", "{name} is not in {troop}'s camp", name=g.c.tactics[tid].name, troop=troop
        )
    return troop, tid


def check_tactic_target(g, troop: str, ev: dict) -> dict:
    target = any_unit(g, ev, "target")
    refusal = q.tactic_target_refusal(g, troop, target)
    if refusal:
        raise IllegalEvent(*refusal)
    return target


def apply_tactic(g, troop: str, tid: str, target: dict) -> None:
    """HR-6.5: permanent and temporary chips stay on the unit; instant ones act and are discarded."""
    d = g.c.tactics[tid]
    if d.type == "instant":
        if d.effect["kind"] == "gain_hp":
            fx.gain_hp(g, target, d.effect["amount"])
        g.s.troops[troop]["tactics_discard"].append(tid)
        return
    left = None
    if d.type == "temporary":
        # Ends of the target owner's turns the chip survives (HR-6.5.3): "this_turn" ends with this turn.
        left = 1 if d.duration == "this_turn" or target["owner"] != troop else 2
    target["tactics"].append({"id": tid, "by": troop, "left": left, "this_turn": d.duration == "this_turn"})
    g.s.marked.add(target["uid"])


def foothold(g, ev: dict) -> None:
    """HR-4.5.5 (AMB-14): move a foothold to an adjacent hex, or flip it into a sentinel on a free pedestal."""
    troop, h, to = check_foothold(g, ev)
    g.s.turn["phase"] = "tactic"
    del g.s.footholds[h]
    if ev.get("flip"):
        place_sentinel(g, troop, to)
    else:
        g.s.footholds[to] = troop
    g.s.turn["foothold"] = True


def check_foothold(g, ev: dict) -> tuple[str, int, int]:
    """(troop, foothold's hex, where it goes) of a foothold action ``apply`` accepts, or IllegalEvent."""
    troop, h = check_foothold_chip(g, ev)
    return troop, h, check_foothold_to(g, troop, h, ev)


def check_foothold_chip(g, ev: dict) -> tuple[str, int]:
    """HR-4.5.5 (AMB-14): the troop holds the reward, has not used it this phase, and owns the foothold named."""
    troop = check_player(g, ev)
    fx.check_phase(g, "tactic", Text("moving or flipping a foothold"))
    t = g.s.turn
    if not g.s.troops[troop]["foothold_action"]:
        raise IllegalEvent(
            "HR-4.5.5", "{troop} has not gained the 'move or flip a foothold' reward", troop=troop
        )
    if t["foothold"]:
        raise IllegalEvent("HR-4.5.5", "one foothold action per Tactic Placement phase")
    h = hex_of(g, ev)
    if g.s.footholds.get(h) != troop:
        raise IllegalEvent("HR-4.5.5", "{troop} has no foothold on {h}", troop=troop, h=g.a.label(h))
    return troop, h


def check_foothold_to(g, troop: str, h: int, ev: dict) -> int:
    to = hex_of(g, ev, "to")
    if ev.get("flip"):
        if to not in q.free_pedestals(g):
            raise IllegalEvent("HR-5.3.1", "{to} is not a free pedestal", to=g.a.label(to))
    else:
        if g.a.distance(h, to) != 1:
            raise IllegalEvent("HR-4.5.5", "a foothold moves to an adjacent hex")
        why = q.foothold_refusal(g, troop, to)
        if why:
            raise IllegalEvent("HR-4.5.5", why)
    return to


def place_sentinel(g, troop: str, h: int) -> dict:
    if g.mode == "ascension":
        troop = g.s.turn["seats"][-1]  # HR-14.7.5: co-op player B controls every player sentinel
    n = g.s.sentinels_made.get(troop, 0) + 1
    g.s.sentinels_made[troop] = n
    sentinel = next(u for u in g.c.units.values() if u.kind == "sentinel")
    u = new_unit(f"{troop}:sentinel-{n}", sentinel.id, troop, "camp")
    g.s.units[u["uid"]] = u
    enter_arena(g, u, h)  # HR-5.3.2
    return u


def move(g, ev: dict) -> None:
    do_move(g, *check_move(g, ev))


def do_move(g, u: dict, steps: list[int]) -> None:
    g.s.turn["phase"] = "movement"
    g.s.place(u, steps[-1])
    u["moved"] = True
    g.s.marked.add(u["uid"])
    if g.s.shards:
        fx.pick_up_shards(g, u, steps)
    fx.stat(g, u["owner"], "hexes_moved", len(steps))


def check_move(g, ev: dict) -> tuple[dict, list[int]]:
    """HR-8.6: (unit, hexes entered) of a move ``apply`` accepts, or IllegalEvent."""
    u = check_mover(g, ev)
    return u, check_path(g, u, ev)


def check_mover(g, ev: dict) -> dict:
    """The unit an event moves may move now (HR-8.6.4, HR-8.6.5, HR-7.2.2)."""
    check_player(g, ev)
    u = own_unit(g, ev)
    fx.check_phase(g, "movement", lambda: Text("moving {u}", u=name(g, u)))
    why = q.can_move(g, u)
    if why:
        raise IllegalEvent(why[0], "{u} cannot move: {why}", u=name(g, u), why=why[1])
    return u


def check_path(g, u: dict, ev: dict) -> list[int]:
    """HR-8.6.2, HR-8.6.3: the hexes entered, within Movement, each adjacent and unblocked."""
    path = ev.get("path")
    if not isinstance(path, list) or not path:
        raise UnreadableLog("/path: a move lists the hexes entered, in order", rule="LOG-5.2", path="/path")
    labels = g.a.hex_of_label  # Arena.parse without the words of a refusal, for the usual upper-case labels
    steps = [labels.get(p) if type(p) is str else None for p in path]
    if None in steps:
        steps = [g.a.parse(p, path=f"/path/{i}") for i, p in enumerate(path)]
    limit = q.movement(g, u)
    if len(steps) > limit:
        raise IllegalEvent(
            "HR-8.6.2",
            "{u} has Movement {limit} but the path has {steps_count} steps",
            u=name(g, u),
            limit=limit,
            steps_count=len(steps),
        )
    here = u["hex"]
    dist = g.a.dist
    for h in steps:
        if dist[here][h] != 1:  # Arena.distance
            raise IllegalEvent(
                "HR-8.6.3", "{h} is not adjacent to {here}", h=g.a.label(h), here=g.a.label(here)
            )
        if q.blocked(g, u, h):
            raise IllegalEvent(
                "HR-8.6.3",
                "{u} cannot enter {h}: it is blocked ({blocker})",
                u=name(g, u),
                h=g.a.label(h),
                blocker=blocker(g, h),
            )
        here = h
    return steps


def blocker(g, h: int) -> str:
    occ = g.s.occupant.get(h)
    if occ is not None:
        return f"{name(g, g.s.units[occ])} is there"
    if g.a.is_("pedestal", h):
        return "a pedestal, for sentinels only"
    return "an opposing foothold"


def ability(g, ev: dict) -> None:
    do_ability(g, *check_ability(g, ev))


def do_ability(g, u: dict, sk, target: dict | None, to: int | None) -> None:
    g.s.turn["phase"] = "abilities"
    if sk.kind == "regen":
        fx.heal(g, u, sk.effect["amount"])  # CF-8, WE-9
    elif sk.kind == "hurl":
        g.s.place(target, to)  # HR-7.7: displaced, not moved
    u["used"].append(sk.id)
    g.s.marked.add(u["uid"])


def check_ability(g, ev: dict) -> tuple[dict, object, dict | None, int | None]:
    """HR-8.7: (unit, skill, Hurl's target and hex) of an Ability ``apply`` accepts, or IllegalEvent."""
    u, sk = check_ability_user(g, ev)
    if sk.kind == "hurl":
        return u, sk, *check_hurl(g, u, sk, ev)
    return u, sk, None, None


def check_ability_user(g, ev: dict) -> tuple[dict, object]:
    """The unit and Ability an event names may be used now (HR-8.7.1, HR-8.7.3)."""
    check_player(g, ev)
    u = own_unit(g, ev)
    fx.check_phase(g, "abilities", lambda: Text("{u} using an Ability", u=name(g, u)))
    if u["zone"] != "arena":
        raise IllegalEvent("HR-8.7.1", "{u} is not in the arena", u=name(g, u))
    if u["dazed"]:
        raise IllegalEvent("HR-8.7.3", "{u} is dazed this turn and cannot use Abilities", u=name(g, u))
    sk = unit_skill(g, u, ev.get("ability"), "ability")
    if not q.skills_on(g, u):
        rule = "HR-2.8.4" if not u["active"] else "HR-3.3.3"
        raise IllegalEvent(rule, "{u}'s skills are ignored where it stands", u=name(g, u))
    if sk.id in u["used"]:
        raise IllegalEvent("HR-8.7.1", "{u} has already used {name} this turn", u=name(g, u), name=sk.name)
    return u, sk


def check_hurl(g, u: dict, sk, ev: dict) -> tuple[dict, int]:
    """CF-8 Hurl: an adjacent unit that may be displaced, to an available hex exactly N from the user."""
    target = any_unit(g, ev, "target", u)
    if target is u or target["zone"] != "arena" or g.a.distance(u["hex"], target["hex"]) != 1:
        raise IllegalEvent(
            "HR-8.7.2",
            "{name} needs an adjacent unit; {target} is not adjacent",
            name=sk.name,
            target=name(g, target),
        )
    refusal = q.displace_refusal(g, target)
    if refusal:
        raise IllegalEvent(*refusal)
    to = hex_of(g, ev)
    n = sk.effect["distance"]
    if g.a.distance(u["hex"], to) != n or q.blocked(g, target, to):
        raise IllegalEvent(
            "HR-3.4.2",
            "{name} places the unit on an available hex {n} from {u}",
            name=sk.name,
            n=n,
            u=name(g, u),
        )
    return target, to


def unit_skill(g, u: dict, skill_name, kind: str):
    d = q.udef(g, u)
    sid = g.c.lookup("skills", skill_name, path=f"/{kind}")
    for sk in d.skills:
        if sk.id == sid:
            if sk.type != kind:
                raise IllegalEvent(
                    "HR-2.7.1",
                    "{name} is an {type} skill, not {kind}"
                    if sk.type[0] in "ai"
                    else "{name} is a {type} skill, not {kind}",
                    name=sk.name,
                    type=sk.type,
                    kind=kind,
                )
            return sk
    raise IllegalEvent("HR-2.7.1", "{name} has no skill {skill_name}", name=d.name, skill_name=skill_name)


def start_engaging(g, ev: dict, what: str, *, phase_checked: bool = False) -> dict:
    """``what``: "attack" or "use a Special". A rival's attack has had its phase checked already
    (``phase_checked``: rival_actions.check_attacker, on the same position), and leaving a rival's phase asks
    for its whole movement plan again (HR-9.4.6), so that is not repeated."""
    check_player(g, ev)
    u = own_unit(g, ev)
    attacking = what == "attack"
    if not phase_checked:
        fx.check_phase(
            g,
            "engagement",
            lambda: (
                Text("{u} attack", u=name(g, u)) if attacking else Text("{u} use a Special", u=name(g, u))
            ),
        )
    why = q.cannot_engage(g, u)
    if why:
        raise IllegalEvent(
            why[0],
            "{u} cannot attack: {why}" if attacking else "{u} cannot use a Special: {why}",
            u=name(g, u),
            why=why[1],
        )
    return u


def attack_words(g, u: dict):
    """The words naming ``u``'s attack roll in a refusal, as a function: spelt out only when one is worded (a
    function of its own, so that ``attack`` holds ``u`` in no closure)."""
    return lambda: Text("{u}'s attack", u=name(g, u))


def attacking_words(g, u: dict):
    """The words naming ``u``'s attack in a phase refusal, as a function (attack_words)."""
    return lambda: Text("{u} attack", u=name(g, u))


def attack(g, ev: dict) -> None:
    """HR-8.8.3: target an opponent in Range, roll the pool, remove HP; Retaliate (CF-8) answers.

    A third of all events: the usual attack (units named by uid, an attacker free to engage, a unit target in
    Range) is checked here with the same tests as check_attack spelt out, and anything else takes check_attack,
    which words the refusal; both give do_attack the same attacker and target."""
    s = g.s
    t = s.turn
    units = s.units
    player = t["player"]
    uid, tid = ev.get("unit"), ev.get("target")
    u = units.get(uid) if type(uid) is str else None
    v = units.get(tid) if type(tid) is str and not tid.startswith("shard:") else None
    if u is None or v is None or u["owner"] != player or ev.get("player", player) != player:
        do_attack(g, ev, *check_attack(g, ev))
        return
    if t["phase"] != "engagement":  # check_player and own_unit passed: the phase is checked next, as there
        fx.check_phase(g, "engagement", attacking_words(g, u))
    troops = s.troops
    d = g.c.units[u["def"]]
    if (
        u["zone"] != "arena"  # q.cannot_engage: anything it would look further at takes check_attack
        or u["engaged"]
        or not u["active"]
        or u["dazed"]
        or u["tactics"]
        or g.a.inner[u["hex"]]
        or v["zone"] != "arena"  # check_attack_target: an opponent in the arena, in Range
        or troops[v["owner"]]["team"] == troops[player]["team"]
        or g.a.dist[u["hex"]][v["hex"]] > d.range
    ):
        do_attack(g, ev, *check_attack(g, ev))
        return
    t["phase"] = "engagement"
    pool = q.attack_pool(g, u) if d.skills else list(d.attack)  # no tactic on it (tested above)
    dice = g.dice
    hits, written = dice.roll(pool, ev.get("dice"), attack_words(g, u))
    if dice.author is not None and dice.stream is None:  # Dice.seeded
        ev["dice"] = written
    fx.dice_stat(g, player, pool, hits)
    u["engaged"] = True
    s.marked.add(uid)
    n = sum(hits)
    stats = s.stats
    row = stats.setdefault(player, {})  # fx.stat twice, spelt out: every attack counts
    row["attacks"] = row.get("attacks", 0) + 1
    row["hits"] = row.get("hits", 0) + n
    if troops[player]["team"] != "rivals":  # fx.unit_stat, spelt out
        key = g.unit_row_keys.get(uid) or fx.row_key(g.unit_row_keys, fx.UNIT_KEY, uid)
        row = stats.get(key)
        if row is None:
            row = stats[key] = dict.fromkeys(fx.UNIT_STATS, 0)
        row["attacks"] += 1
    if g.c.units[v["def"]].skills:
        attack_damage(g, v, u, n)
    else:  # attack_damage with no skill to trigger (triggered, on_attack_damage: nothing)
        fx.deal_damage(g, v, n, u, attack=True)


def do_attack(g, ev: dict, u: dict, target: dict | None, shard: int | None) -> None:
    g.s.turn["phase"] = "engagement"
    if shard is not None:
        attack_shard(g, ev, u, shard)
        return
    pool = q.attack_pool(g, u)
    hits, written = g.dice.roll(pool, ev.get("dice"), lambda: Text("{u}'s attack", u=name(g, u)))
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, u["owner"], pool, hits)
    u["engaged"] = True
    g.s.marked.add(u["uid"])
    n = sum(hits)
    row = g.s.stats.setdefault(u["owner"], {})  # fx.stat twice, spelt out: every attack counts
    row["attacks"] = row.get("attacks", 0) + 1
    row["hits"] = row.get("hits", 0) + n
    fx.unit_stat(g, u, "attacks")
    attack_damage(g, target, u, n)


def check_attack(g, ev: dict, *, phase_checked: bool = False) -> tuple[dict, dict | None, int | None]:
    """HR-8.8.3: (attacker, target unit or None, hex of the target shard or None) of an attack ``apply``
    accepts, or IllegalEvent."""
    u = start_engaging(g, ev, "attack", phase_checked=phase_checked)
    return u, *check_attack_target(g, u, ev)


def check_attack_target(g, u: dict, ev: dict) -> tuple[dict | None, int | None]:
    """HR-2.1.3, HR-2.5.1: (target unit, or the hex of the target shard) of ``u``'s attack."""
    shard = q.shard_at(g, ev.get("target"))
    if shard is not None:
        check_shard_target(g, u, shard)
        return None, shard
    target = any_unit(g, ev, "target", u)
    if target["zone"] != "arena" or q.allied(g, u, target):
        raise IllegalEvent(
            "HR-2.1.3",
            "{u} may attack only an opponent in the arena, not {target}",
            u=name(g, u),
            target=name(g, target),
        )
    if not q.in_range(g, u, target):
        dist = g.a.distance(u["hex"], target["hex"])
        raise IllegalEvent(
            "HR-2.5.1",
            "{target} is {dist} hexes away; {u} has Range {range}",
            target=name(g, target),
            dist=dist,
            u=name(g, u),
            range=q.udef(g, u).range,
        )
    return target, None


def check_shard_target(g, u: dict, h: int) -> None:
    """HR-14.10.3: a shard with blue HP is an opponent for the players' units (red HP for the rivals'), attacked
    like a unit ("target": "shard:<hex>") within Range."""
    shard = g.s.shards.get(h)
    if shard is None or shard["hp"] <= 0:
        raise IllegalEvent("HR-14.10.3", "there is no shard with HP on {h} to attack", h=g.a.label(h))
    if h not in q.shard_targets(g, u, g.a.distance(u["hex"], h)):
        raise IllegalEvent("HR-14.10.3", "the shard on {h} has {colour} HP: it is not an opponent of {u}", h=g.a.label(h), colour=shard['colour'], u=name(g, u))  # fmt: skip
    if h not in q.shard_targets(g, u):
        raise IllegalEvent("HR-2.5.1", "the shard on {h} is {distance} hexes away; {u} has Range {range}", h=g.a.label(h), distance=g.a.distance(u['hex'], h), u=name(g, u), range=q.udef(g, u).range)  # fmt: skip


def attack_shard(g, ev: dict, u: dict, h: int) -> None:
    """HR-14.10.3: the shard answers nothing."""
    pool = q.attack_pool(g, u)
    hits, written = g.dice.roll(pool, ev.get("dice"), lambda: Text("{u}'s attack", u=name(g, u)))
    if g.dice.author is not None and not g.dice.seeded:
        ev["dice"] = written
    fx.dice_stat(g, u["owner"], pool, hits)
    u["engaged"] = True
    g.s.marked.add(u["uid"])
    fx.stat(g, u["owner"], "attacks")
    fx.stat(g, u["owner"], "hits", sum(hits))
    fx.unit_stat(g, u, "attacks")
    fx.damage_shard(g, h, sum(hits), u)


def triggered(g, target: dict, attacker: dict) -> list:
    """The Innate skills of ``target`` that the attack damage it was just dealt triggers (CF-8): Retaliate with the
    attacker within its Range, Repel with the attacker adjacent."""
    skills = g.c.units[target["def"]].skills
    if not skills or target["zone"] != "arena" or attacker["zone"] != "arena" or not q.skills_on(g, target):
        return []  # most attacked units have no skill at all: nothing else to look at
    out = []
    for sk in skills:  # distances measured only for a unit that has these skills
        if sk.kind == "retaliate":
            if q.in_range(g, target, attacker):
                out.append(sk)
        elif sk.kind == "repel" and g.a.distance(target["hex"], attacker["hex"]) == 1:
            out.append(sk)
    return out


def controller(g, u: dict) -> str:
    """Who decides for ``u``: its owner, or for a rival unit the players (HR-1.2.6), logged by the first seat."""
    return g.s.turn["seats"][0] if rv.is_rival(g, u["owner"]) else u["owner"]


def attack_damage(g, target: dict, attacker: dict, hits: int) -> None:
    """Deal an attack's ``hits`` to ``target`` and resolve what the damage triggers.

    The skills it triggers are read before the damage: an inactive (chained) hero's skills are ignored
    (HR-2.8.4) and it is activated only once the damage is fully resolved (HR-15.7.3), so a hero woken by
    the attack does not answer it."""
    skills = triggered(g, target, attacker)
    before = len(g.s.pending)
    fx.deal_damage(g, target, hits, attacker, attack=True)
    on_attack_damage(g, target, attacker, hits, before, skills)


def on_attack_damage(g, target: dict, attacker: dict, hits: int, before: int | None, skills: list) -> None:
    """Attack damage dealt (≥1 hit, HR-7.5.2) triggers the attacked unit's Retaliate and Repel (CF-8):
    ``skills``, those its skills allowed when the damage was dealt.

    HR-7.4.1 (AMB-35): the attack triggers the attacking troop's effects (its crowd favour) and the attacked
    troop's at once; the active troop's resolve first. When the favour left decisions to make (a track, a reward:
    pending beyond ``before``), the attacked unit's effects wait behind them and resolve once they are made.
    HR-7.4.2: when the unit has several effects triggered at once, its controller (for a rival unit, the players
    together) chooses their order: a 'trigger_order' event, waiting in the same place."""
    if hits <= 0 or not skills or target["zone"] != "arena" or attacker["zone"] != "arena":
        return
    p = {"unit": target["uid"], "attacker": attacker["uid"]}
    if len(skills) > 1:
        g.s.pending.append({"kind": "trigger_order", "player": controller(g, target), **p,
                            "effects": [sk.id for sk in skills]})  # fmt: skip
        return
    if before is not None and len(g.s.pending) > before:
        g.s.pending.append({"kind": skills[0].kind, "player": target["owner"], **p})
        return
    AUTOMATIC[skills[0].kind](g, p)


def resolve_retaliate(g, p: dict) -> None:
    """CF-8 Retaliate: 1 damage (the skill's) to the attacker, if it is still within the unit's Range."""
    target, attacker = g.s.units[p["unit"]], g.s.units[p["attacker"]]
    if target["zone"] != "arena" or attacker["zone"] != "arena":
        return
    sk = q.skill(g, target, "retaliate")
    if sk is not None and q.in_range(g, target, attacker):
        fx.deal_damage(g, attacker, sk.effect["damage"], target, attack=False)


def resolve_repel(g, p: dict) -> None:
    """Repel (skill sheet, provisional): the adjacent attacker is displaced straight away from the unit, up to the
    skill's distance, stopping at the arena's edge or before a blocked hex (HR-7.7: displaced, not moved)."""
    target, attacker = g.s.units[p["unit"]], g.s.units[p["attacker"]]
    if target["zone"] != "arena" or attacker["zone"] != "arena":
        return
    sk = q.skill(g, target, "repel")
    if sk is None or g.a.distance(target["hex"], attacker["hex"]) != 1 or q.displace_refusal(g, attacker):
        return
    side = g.a.grid.direction_to(target["hex"], attacker["hex"])
    h = attacker["hex"]
    for _ in range(sk.effect["distance"]):
        n = g.a.step(h, side)
        if n is None or q.blocked(g, attacker, n):
            break
        h = n
    g.s.place(attacker, h)


# Pending effects that need no decision: resolved as soon as they reach the head of the queue (HR-7.4.1).
AUTOMATIC = {"retaliate": resolve_retaliate, "repel": resolve_repel}
# The attacked troop's effects, which wait behind the active troop's decisions (HR-7.4.1).
AFTER_ACTIVE = ("retaliate", "repel", "trigger_order")


def resolve_trigger_order(g, p: dict, ev: dict) -> None:
    """HR-7.4.2: the effects triggered at once on one unit resolve in the order logged."""
    for kind in check_trigger_order(g, p, ev):
        AUTOMATIC[kind](g, p)


def check_trigger_order(g, p: dict, ev: dict) -> list[str]:
    """HR-7.4.2: the order logged must name each effect triggered at once on the unit once; the controller
    chooses it, for a rival unit the players jointly. The kinds of the effects, in that order."""
    u = g.s.units[p["unit"]]
    effects = [next(sk for sk in q.udef(g, u).skills if sk.id == sid) for sid in p["effects"]]
    listed = " and ".join(sk.name for sk in effects)
    example = ", ".join(f'"{sk.id}"' for sk in effects)
    who = ev.get("player", p["player"])
    if rv.is_rival(g, u["owner"]):
        if who not in g.s.turn["seats"]:
            raise IllegalEvent("HR-7.4.2", ("{u} is a rival unit: the players choose the order of its effects ({listed}), and one of them " "logs it"), u=name(g, u), listed=listed)  # fmt: skip
    elif who != p["player"]:
        raise IllegalEvent("HR-7.4.2", "the order of {u}'s effects ({listed}) is chosen by its controller, {player}, not {who}", u=name(g, u), listed=listed, player=p['player'], who=who)  # fmt: skip
    if unit_named(g, ev.get("unit"), "/unit", [u["owner"]]) is not u:
        raise IllegalEvent("HR-7.4.2", "the effects waiting for an order are {u}'s ({listed}); the log should name \"unit\": \"{uid}\"", u=name(g, u), listed=listed, uid=u['uid'])  # fmt: skip
    order = ev.get("order")
    if not isinstance(order, list):
        raise UnreadableLog("/order: the effects, in the order chosen", rule="LOG-5.2", path="/order")
    ids = [g.c.lookup("skills", n, path=f"/order/{i}") for i, n in enumerate(order)]
    if sorted(ids) != sorted(p["effects"]):
        raise IllegalEvent("HR-7.4.2", ("{u} has {effects_count} effects triggered at once, {listed}; the log should list each of them " "once, in the order chosen (e.g. \"order\": [{example}])"), u=name(g, u), effects_count=len(effects), listed=listed, example=example)  # fmt: skip
    return [next(sk for sk in effects if sk.id == sid).kind for sid in ids]


def special(g, ev: dict) -> None:
    """HR-8.8.4: instead of attacking; not an attack, its damage is not attack damage."""
    do_special(g, ev, *check_special(g, ev))


def do_special(g, ev: dict, u: dict, sk, targets: list[dict]) -> None:
    g.s.turn["phase"] = "engagement"
    pool = list(q.udef(g, u).attack)
    if sk.effect["targets"] == "adjacent_all":
        rolls = ev.get("dice") if ev.get("dice") is not None else [None] * len(targets)
        results, written_rolls = [], []
        for v, given in zip(targets, rolls, strict=True):
            hits, written = g.dice.roll(
                pool, given, Text("{u}'s {name} on {v}", u=name(g, u), name=sk.name, v=name(g, v)), "HR-8.8.4"
            )
            fx.dice_stat(g, u["owner"], pool, hits)
            results.append((v, sum(hits)))
            written_rolls.append(written)
        if g.dice.author is not None and not g.dice.seeded:
            ev["dice"] = written_rolls
        for v, n in results:
            fx.deal_damage(g, v, n, u, attack=False)
    else:
        (target,) = targets
        hits, written = g.dice.roll(
            pool, ev.get("dice"), Text("{u}'s {name}", u=name(g, u), name=sk.name), "HR-8.8.4"
        )
        fx.dice_stat(g, u["owner"], pool, hits)
        if g.dice.author is not None and not g.dice.seeded:
            ev["dice"] = written
        fx.deal_damage(g, target, sum(hits), u, attack=False)
    u["engaged"] = True
    g.s.marked.add(u["uid"])
    fx.stat(g, u["owner"], "specials")


def check_special(g, ev: dict) -> tuple[dict, object, list[dict]]:
    """HR-8.8.4: (unit, skill, the units it rolls against) of a Special ``apply`` accepts, or IllegalEvent."""
    u, sk = check_special_user(g, ev)
    return u, sk, check_special_targets(g, u, sk, ev)


def check_special_user(g, ev: dict) -> tuple[dict, object]:
    """The unit and Special an event names may be used now (HR-8.8.1, HR-3.3.3)."""
    u = start_engaging(g, ev, "use a Special")
    sk = unit_skill(g, u, ev.get("special"), "special")
    if not q.skills_on(g, u):
        raise IllegalEvent("HR-3.3.3", "{u}'s skills are ignored where it stands", u=name(g, u))
    return u, sk


def check_special_targets(g, u: dict, sk, ev: dict) -> list[dict]:
    """HR-8.8.4: every adjacent opponent, or one opponent within the Special's range."""
    eff = sk.effect
    if eff["targets"] == "adjacent_all":
        targets = sorted(
            (v for v in q.opponents_of(g, u) if g.a.distance(u["hex"], v["hex"]) == 1), key=lambda v: v["hex"]
        )
        rolls = ev.get("dice") if ev.get("dice") is not None else [None] * len(targets)
        if not isinstance(rolls, list) or len(rolls) != len(targets):
            raise IllegalEvent(
                "HR-8.8.4",
                "{name} rolls once for each of the {targets_count} adjacent opponents",
                name=sk.name,
                targets_count=len(targets),
            )
        if not targets:
            raise IllegalEvent("HR-8.8.4", "{name} needs at least one adjacent opponent", name=sk.name)
        return targets
    target = any_unit(g, ev, "target", u)
    rng = eff.get("range")
    if target["zone"] != "arena" or q.allied(g, u, target) or not q.in_range(g, u, target, rng):
        raise IllegalEvent(
            "HR-8.8.4",
            "{name} needs an opponent within {value} hexes",
            name=sk.name,
            value=rng or q.udef(g, u).range,
        )
    return [target]


ACTIONS = {
    "deploy": deploy,
    "tactic": tactic,
    "foothold": foothold,
    "move": move,
    "ability": ability,
    "attack": attack,
    "special": special,
}

# --- pending decisions -------------------------------------------------------------------------


def resolve_track(g, p: dict, ev: dict) -> None:
    """HR-4.4.3: continue the current track or start another (progress on the old one is lost)."""
    fx.advance_track(g, p["player"], p["team"], check_track(g, p, ev), p["amount"])


def check_track(g, p: dict, ev: dict) -> str:
    opts = fx.track_options(g, p["team"])
    track = ev.get("track")
    if track not in opts:
        raise IllegalEvent("HR-4.4.6" if track == "gold" else "HR-4.4.5", "track {track!r} cannot be followed now; possible: {opts}", track=track, opts=', '.join(opts))  # fmt: skip
    return track


def resolve_return_units(g, p: dict, ev: dict) -> None:
    for u in check_return_units(g, p, ev):
        fx.to_camp(g, u)


def check_return_units(g, p: dict, ev: dict) -> list[dict]:
    """HR-4.3.3 (and the rule the reward names): the discarded units returned to camp."""
    who = member(g, p, ev)
    names = ev.get("units", [])
    if not isinstance(names, list):
        raise UnreadableLog("/units: a list of units", rule="LOG-5.2", path="/units")
    chosen = [unit_named(g, n, f"/units/{i}", [who]) for i, n in enumerate(names)]
    cands = return_candidates(g, p, who)
    if len({u["uid"] for u in chosen}) != len(chosen) or any(u not in cands for u in chosen):
        kind = "discarded units" if p["elite"] else "discarded non-elite units"
        raise IllegalEvent(p["rule"], "only {who}'s {kind} can be returned", who=who, kind=kind)
    if len(chosen) > p["max"] or (p.get("exact") and len(chosen) != min(p["max"], len(cands))):
        raise IllegalEvent(
            p["rule"],
            "return exactly {max} units" if p.get("exact") else "return at most {max} units",
            max=p["max"],
        )
    return chosen


def return_candidates(g, p: dict, who: str) -> list[dict]:
    return [u for u in fx.discard_units(g, who) if p["elite"] or not q.udef(g, u).elite]


def member(g, p: dict, ev: dict) -> str:
    who = ev.get("player", p["player"])
    if "team" in p and g.mode == "alliance":
        if who not in fx.members(g, p["team"]):
            raise IllegalEvent("HR-17.6.4", "{who} is not on the team that reached the reward", who=who)
        return who
    if who != p["player"]:
        raise IllegalEvent(*not_theirs(g, p, who))
    return who


def nothing_to_answer(typ: str) -> tuple[str, str]:
    """(rule, message) for a decision's event logged when no decision waits: the rule that would make it due."""
    rule, what = next(((r, w) for want, _, r, w in PENDING.values() if want == typ), ("HR-8.1.3", typ))
    return (
        rule,
        Text(
            (
                "no decision is waiting, so a '{typ}' event has nothing to answer: it answers the decision "
                "{rule} asks for ({what}) when that arises"
            ),
            typ=typ,
            rule=rule,
            what=what,
        ),
    )


def not_theirs(g, p: dict, who: str) -> tuple[str, Text]:
    """(rule, message) for a decision logged by the wrong player: the rule that gives it to its player."""
    if p["kind"] == "catch_up":
        rule = "HR-17.6.5" if g.mode == "alliance" else "HR-15.5.3"
        return rule, (Text(("the catch-up HP are {player}'s to add, the player with less crowd favour (on a tie, the player " "whose turn it is), not {who}'s; the log should say \"player\": \"{player}\""), player=p['player'], who=who))  # fmt: skip
    _, _, rule, what = PENDING[p["kind"]]
    return p.get("rule", rule), Text("{player} must {what}, not {who}; the log should say \"player\": \"{player}\"",
                                     player=p["player"], what=what, who=who)  # fmt: skip


def resolve_choose_member(g, p: dict, ev: dict) -> None:
    fx.return_tactics(g, member(g, p, ev))  # HR-17.6.4 second reward


def resolve_catch_up(g, p: dict, ev: dict) -> None:
    u = check_catch_up(g, p, ev)
    if u is not None:
        fx.gain_hp(g, u, 1 if q.udef(g, u).elite else 2)


def check_catch_up(g, p: dict, ev: dict) -> dict | None:
    """HR-15.5.3 / HR-17.6.5 (AMB-43): +1 HP to an elite or +2 to a non-elite unit of one's own, or decline."""
    who = member(g, p, ev)
    if ev.get("unit") is None:
        return None
    u = unit_named(g, ev["unit"], "/unit", [who])
    if u["zone"] != "arena":
        raise IllegalEvent("AMB-43", "{u} is not in combat", u=name(g, u))
    return u


def resolve_add_hp(g, p: dict, ev: dict) -> None:
    fx.gain_hp(g, check_add_hp(g, p, ev), p["amount"])


def check_add_hp(g, p: dict, ev: dict) -> dict:
    who = member(g, p, ev)
    u = unit_named(g, ev.get("unit"), "/unit", [who])
    if u["zone"] != "arena":
        raise IllegalEvent("HR-4.5.3", "{u} is not in combat", u=name(g, u))
    return u


def resolve_support(g, p: dict, ev: dict) -> None:
    who, h = check_support(g, p, ev)
    if ev["as"] == "sentinel":
        place_sentinel(g, who, h)
    else:
        g.s.footholds[h] = who


def check_support(g, p: dict, ev: dict) -> tuple[str, int]:
    """HR-5.1.2, HR-5.1.4, HR-5.2.2, HR-5.3.1: (who, hex) of a support chip placed."""
    who = member(g, p, ev)
    h = hex_of(g, ev)
    side = ev.get("as")
    if side == "sentinel":
        if h not in q.free_pedestals(g):
            raise IllegalEvent(
                "HR-5.3.1", "a sentinel goes on a free pedestal; {h} is not one", h=g.a.label(h)
            )
    elif side == "foothold":
        why = q.foothold_refusal(g, who, h)
        if why:
            raise IllegalEvent("HR-5.2.2", why)
    else:
        raise UnreadableLog("/as: 'foothold' or 'sentinel'", rule="LOG-5.2", path="/as")
    return who, h


def resolve_stone_tactics(g, p: dict, ev: dict) -> None:
    who, ids = check_stone_tactics(g, p, ev)
    t = g.s.troops[who]
    pool = list(t["tactics_discard"])
    for tid in ids:
        pool.remove(tid)
    t["tactics_discard"] = pool
    t["tactics_camp"] += ids


def check_stone_tactics(g, p: dict, ev: dict) -> tuple[str, list[str]]:
    """HR-16.6.1: one discarded tactic back to camp per stone hex occupied."""
    who = member(g, p, ev)
    names = ev.get("tactics", [])
    if not isinstance(names, list):
        raise UnreadableLog("/tactics: a list of tactics", rule="LOG-5.2", path="/tactics")
    ids = [g.c.lookup("tactics", n, path=f"/tactics/{i}") for i, n in enumerate(names)]
    if len(ids) > p["max"]:
        raise IllegalEvent("HR-16.6.1", "one tactic per stone hex occupied: at most {max}", max=p["max"])
    pool = list(g.s.troops[who]["tactics_discard"])
    for tid in ids:
        if tid not in pool:
            raise IllegalEvent(
                "HR-16.6.1", "{name} is not in {who}'s discard", name=g.c.tactics[tid].name, who=who
            )
        pool.remove(tid)
    return who, ids


PENDING = {
    "track": ("track", resolve_track, "HR-4.4.3", decision("track")),
    "return_units": ("return_units", resolve_return_units, "HR-4.3.3", decision("return_units")),
    "choose_member": ("reward", resolve_choose_member, "HR-17.6.4", decision("choose_member")),
    "catch_up": ("catch_up", resolve_catch_up, "HR-15.5.3", decision("catch_up")),
    "add_hp": ("add_hp", resolve_add_hp, "HR-4.5.3", decision("add_hp")),
    "support": ("support", resolve_support, "HR-5.1.2", decision("support")),
    "stone_tactics": ("stone_tactics", resolve_stone_tactics, "HR-16.6.1", decision("stone_tactics")),
    "trigger_order": ("trigger_order", resolve_trigger_order, "HR-7.4.2", decision("trigger_order")),
    # Resolved by rival_actions and flow (higher layers); listed here so that every pending kind has its event.
    "displace": ("displace", None, "HR-13.10.4", decision("displace")),
    "begin_turn": ("begin_turn", None, "HR-13.8.5", decision("begin_turn")),
    "advance": ("advance", None, "HR-14.8.5", decision("advance")),
    "smite": ("smite", None, "HR-14.8.5", decision("smite")),
    "toss": ("toss", None, "HR-14.8.5", decision("toss")),
    "deploy_ally": ("deploy_ally", None, "HR-14.9.1", decision("deploy_ally")),
    "ally_attack": ("ally_attack", None, "HR-14.9.4", decision("ally_attack")),
}
