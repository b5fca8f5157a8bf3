"""The events a player could log next, listed from the predicates the handlers check.

Same layer as actions (it reads queries and the actions' helpers, never the other way round). Rolls and
draws are left out: the dice supply fills them (seeded) or the author writes them (recorded).
"""

from __future__ import annotations

from itertools import permutations

from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus import titan as tt
from engine.games.hoplomachus.state import PHASES


def legal_events(g) -> list[dict]:
    s = g.s
    if s.over:
        return []
    if s.pending:
        return pending_events(g, s.pending[0])
    t = s.turn
    troop = t["player"]
    if rv.is_rival(g, troop):
        return rival_events(g)
    a = g.a
    phase = PHASES.index(t["phase"])
    out: list[dict] = []
    if phase <= PHASES.index("deploy") and not t["deployed"]:
        for u in q.deployable(g, troop):
            for h in q.deploy_hexes(g, troop, u):
                out.append({"type": "deploy", "player": troop, "unit": u["uid"], "hex": a.label(h)})
        if q.must_deploy(g, troop):
            return out  # HR-8.4.3 / HR-16.6.2: nothing else until a unit is deployed
    mine = sorted(s.in_arena(troop), key=lambda u: u["uid"])
    if phase <= PHASES.index("tactic"):
        if not t["tactic"]:
            for tid in sorted(set(s.troops[troop]["tactics_camp"])):
                for v in sorted(s.in_arena(), key=lambda u: u["uid"]):
                    if q.tactic_target_refusal(g, troop, v) is None:
                        out.append({"type": "tactic", "player": troop, "tactic": tid, "target": v["uid"]})
        if s.troops[troop]["foothold_action"] and not t["foothold"]:
            for h, owner in sorted(s.footholds.items()):
                if owner != troop:
                    continue
                for n in a.adjacent[h]:
                    if n != h and q.foothold_refusal(g, troop, n) is None:
                        out.append({"type": "foothold", "player": troop, "hex": a.label(h), "to": a.label(n)})
                for p in q.free_pedestals(g):
                    out.append(
                        {
                            "type": "foothold",
                            "player": troop,
                            "hex": a.label(h),
                            "to": a.label(p),
                            "flip": True,
                        }
                    )
    if phase <= PHASES.index("movement"):
        for u in mine:
            if q.can_move(g, u) is None:
                limit = q.movement(g, u)
                for h in sorted(q.reachable(g, u, limit)):
                    if h != u["hex"]:
                        path = q.path_to(g, u, limit, h)
                        out.append(
                            {
                                "type": "move",
                                "player": troop,
                                "unit": u["uid"],
                                "path": [a.label(x) for x in path],
                            }
                        )
    if phase <= PHASES.index("abilities"):
        for u in mine:
            if u["dazed"] or not q.skills_on(g, u):
                continue
            for sk in q.udef(g, u).skills:
                if sk.type != "ability" or sk.id in u["used"]:
                    continue
                base = {"type": "ability", "player": troop, "unit": u["uid"], "ability": sk.id}
                if sk.kind == "regen":
                    out.append(base)
                elif sk.kind == "hurl":
                    for v in s.in_arena():
                        if v is u or a.distance(u["hex"], v["hex"]) != 1 or q.displace_refusal(g, v):
                            continue
                        for h in q.hurl_destinations(g, u, v, sk.effect["distance"]):
                            out.append({**base, "target": v["uid"], "hex": a.label(h)})
    for u in mine:
        if q.cannot_engage(g, u) is not None:
            continue
        for v in sorted(q.attack_targets(g, u), key=lambda x: x["uid"]):
            out.append({"type": "attack", "player": troop, "unit": u["uid"], "target": v["uid"]})
        for h in q.shard_targets(g, u) if s.shards else ():
            out.append({"type": "attack", "player": troop, "unit": u["uid"], "target": f"shard:{a.label(h)}"})
        if not q.skills_on(g, u):
            continue
        for sk in q.udef(g, u).skills:
            if sk.type != "special":
                continue
            base = {"type": "special", "player": troop, "unit": u["uid"], "special": sk.id}
            if sk.effect["targets"] == "adjacent_all":
                if any(a.distance(u["hex"], v["hex"]) == 1 for v in q.opponents_of(g, u)):
                    out.append(base)
            else:
                for v in sorted(q.attack_targets(g, u, sk.effect.get("range")), key=lambda x: x["uid"]):
                    out.append({**base, "target": v["uid"]})
    out.append({"type": "end_turn", "player": troop})
    return out


def pending_events(g, p: dict) -> list[dict]:
    s = g.s
    who = p["player"]
    kind = p["kind"]
    team = fx.members(g, p["team"]) if "team" in p and g.mode == "alliance" else [who]
    if kind == "track":
        return [{"type": "track", "player": who, "track": t} for t in fx.track_options(g, p["team"])]
    if kind == "return_units":
        out = []
        for m in team:
            cands = sorted(u["uid"] for u in fx.discard_units(g, m) if p["elite"] or not q.udef(g, u).elite)
            n = min(p["max"], len(cands))
            if p.get("exact"):
                out.append({"type": "return_units", "player": m, "units": cands[:n]})
            else:
                out.append({"type": "return_units", "player": m, "units": cands[:n]})
                out.append({"type": "return_units", "player": m, "units": []})
        return out
    if kind == "choose_member":
        return [{"type": "reward", "player": m} for m in team]
    if kind == "catch_up":
        return [
            {"type": "catch_up", "player": who, "unit": u["uid"]}
            for u in sorted(s.in_arena(who), key=lambda u: u["uid"])
        ] + [{"type": "catch_up", "player": who, "unit": None}]
    if kind == "add_hp":
        return [
            {"type": "add_hp", "player": who, "unit": u["uid"]}
            for u in sorted(s.in_arena(who), key=lambda u: u["uid"])
        ]
    if kind == "support":
        out = [
            {"type": "support", "player": who, "as": "sentinel", "hex": g.a.label(h)}
            for h in q.free_pedestals(g)
        ]
        for h in range(g.a.size):
            if q.foothold_refusal(g, who, h) is None:
                out.append({"type": "support", "player": who, "as": "foothold", "hex": g.a.label(h)})
        return out
    if kind == "displace":
        target = s.units[p["target"]]
        return [{"type": "displace", "player": who, "hex": g.a.label(h)} for h in g.a.adjacent[target["hex"]]
                if not q.blocked(g, target, h)]  # fmt: skip
    if kind == "advance":
        t = tt.titan_unit(g)
        step, dests = rv.movement_plan(g, t, p["value"])
        if not dests:
            return [{"type": "advance", "player": who, "path": []}]
        return [{"type": "advance", "player": who, "path": [g.a.label(x) for x in q.path_to(g, t, n, h)]}
                for h, n in sorted(dests.items())]  # fmt: skip
    if kind == "smite":
        t = tt.titan_unit(g)
        found = rv.targets(g, t, p["value"])
        return [{"type": "smite", "player": who, "target": v["uid"]} for v in found] or [
            {"type": "smite", "player": who, "target": None}]  # fmt: skip
    if kind == "toss":
        t = tt.titan_unit(g)
        out = []
        for v in rv.targets(g, t, 1, adjacent_only=True, units_only=True):
            trial = g.copy()  # where it can land is known once the damage is dealt
            tv = trial.s.units[v["uid"]]
            fx.deal_damage(trial, tv, p["damage"], trial.s.units[t["uid"]], attack=False)
            free = tt.toss_hexes(trial, trial.s.units[t["uid"]], tv, p["distance"])
            out += [{"type": "toss", "player": who, "target": v["uid"], "hex": g.a.label(h)} for h in free] or [
                {"type": "toss", "player": who, "target": v["uid"], "hex": None}]  # fmt: skip
        return out or [{"type": "toss", "player": who, "target": None, "hex": None}]
    if kind == "deploy_ally":
        u, hexes, why = tt.ally_deploy(g, p)
        return [{"type": "deploy_ally", "player": who, "hex": g.a.label(h)} for h in hexes] or [
            {"type": "deploy_ally", "player": who, "hex": None}]  # fmt: skip
    if kind == "ally_attack":
        return [{"type": "ally_attack", "player": who, "unit": u["uid"], "target": v["uid"]}
                for u in tt.ally_attackers(g, p) for v in rv.targets(g, u)]  # fmt: skip
    if kind == "trigger_order":  # HR-7.4.2: every order of the effects triggered at once
        return [{"type": "trigger_order", "player": who, "unit": p["unit"], "order": list(order)}
                for order in permutations(p["effects"])]  # fmt: skip
    if kind == "begin_turn":
        return [{"type": "begin_turn", "player": x} for x in s.turn["seats"]]
    if kind == "stone_tactics":
        disc = s.troops[who]["tactics_discard"]
        return [{"type": "stone_tactics", "player": who, "tactics": disc[: p["max"]]},
                {"type": "stone_tactics", "player": who, "tactics": []}]  # fmt: skip
    return []


def rival_events(g) -> list[dict]:
    """A rival turn: the choices its procedures leave open (HR-1.2.6), and end_turn once nothing is owed."""
    s = g.s
    t = s.turn
    troop = t["player"]
    a = g.a
    phase = PHASES.index(t["phase"])
    out: list[dict] = []
    if troop == "titan":
        titan = tt.titan_unit(g)
        if titan["zone"] == "camp":
            return [
                {"type": "deploy", "player": "titan", "hex": a.label(h)}
                for h in q.deploy_hexes(g, "titan", titan)
            ]
        if rv.rival_duty(g):
            return [{"type": "titan_roll", "player": "titan"}]
        return [{"type": "end_turn", "player": "titan"}]
    if phase <= PHASES.index("deploy") and not t["deployed"] and rv.rival_can_deploy(g, troop):
        pool = [u for u in s.units.values() if u["owner"] == troop and u["zone"] in ("camp", "bag")]
        return [
            {"type": "deploy", "player": troop, "hex": a.label(h)} for h in q.deploy_hexes(g, troop, pool[0])
        ]
    mine = sorted(s.in_arena(troop), key=lambda u: u["uid"])
    if phase <= PHASES.index("movement"):
        for u in mine:
            if q.can_move(g, u) is None:
                step, dests = rv.movement_plan(g, u)
                for h, steps in sorted(dests.items()):
                    path = q.path_to(g, u, steps, h)
                    out.append(
                        {
                            "type": "move",
                            "player": troop,
                            "unit": u["uid"],
                            "path": [a.label(x) for x in path],
                        }
                    )
        if out or rv.movement_duty(g):
            return out
    if phase <= PHASES.index("abilities"):
        for u in mine:
            for sk in rv.abilities_due(g, u):
                base = {"type": "ability", "player": troop, "unit": u["uid"], "ability": sk.id}
                if sk.kind == "regen":
                    out.append(base)
                else:
                    for v in rv.targets(g, u, 1, adjacent_only=True, units_only=True):
                        if q.displace_refusal(g, v) is None:
                            for h in q.hurl_destinations(g, u, v, sk.effect["distance"]):
                                out.append({**base, "target": v["uid"], "hex": a.label(h)})
        if out:
            return out
    for u in mine:
        if u["engaged"] or not rv.can_engage(g, u):
            continue
        sk = rv.special_due(g, u)
        if sk is not None:
            base = {"type": "special", "player": troop, "unit": u["uid"], "special": sk.id}
            if sk.effect["targets"] == "adjacent_all":
                out.append(base)
            else:
                out += [
                    {**base, "target": v["uid"]}
                    for v in rv.targets(g, u, sk.effect.get("range"), units_only=True)
                ]
        else:
            out += [
                {"type": "attack", "player": troop, "unit": u["uid"], "target": v["uid"]}
                for v in rv.targets(g, u)
            ]
    if troop == "immortal" and not out and rv.rival_duty(g) is not None:
        out.append({"type": "roll", "player": troop})  # HR-13.10.3: owed when it cannot attack
    if not out and rv.rival_duty(g) is None:
        out.append({"type": "end_turn", "player": troop})
    return out
