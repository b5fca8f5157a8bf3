"""The events a player could log next: candidates kept when the handlers' own checks accept them.

Each kind of event is listed from the choices it could name (units, hexes, tactics, the rival procedures'
lists) and offered when the ``check_*`` function its handler runs before changing anything lets it through:
one implementation of each rule, asked here and by ``apply``. Moves are offered as one shortest path per
destination. Rolls and draws are left out: the dice supply fills them (seeded) or the author writes them
(recorded).

Above the handlers (actions, rival_actions, titan, flow); nothing below imports it.
"""

from __future__ import annotations

from itertools import permutations

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.hoplomachus import actions as act
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import flow
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rival_actions as rival
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus import titan as tt


def _ok(check, *args) -> bool:
    """Whether ``check`` (a predicate a handler raises from before it changes the state) lets this through."""
    try:
        check(*args)
    except (IllegalEvent, UnreadableLog):
        return False
    return True


def _accepted(check, *args):
    """What ``check`` returns for what it lets through, or None when it refuses."""
    try:
        return check(*args)
    except (IllegalEvent, UnreadableLog):
        return None


def _passing(check, g, candidates, *args) -> list[dict]:
    return [ev for ev in candidates if _ok(check, g, *args, ev)]


def legal_events(g) -> list[dict]:
    s = g.s
    if s.over:
        return []
    if s.pending:
        head = s.pending[0]
        return PENDING[head["kind"]](g, head)
    troop = s.turn["player"]
    if troop == "titan":
        return titan_turn(g)
    if rv.is_rival(g, troop):
        return rival_turn(g, troop)
    return player_turn(g, troop)


# --- a player's turn -----------------------------------------------------------------------------------


def player_turn(g, troop: str) -> list[dict]:
    mine = sorted(g.s.in_arena(troop), key=lambda u: u["uid"])
    out = _deploys(g, troop) + _tactics(g, troop) + _footholds(g, troop)
    out += _moves(g, troop, mine) + _abilities(g, troop, mine)
    for u in mine:
        out += _attacks(g, troop, u) + _specials(g, troop, u)
    return out + _end_turn(g, troop)


def _deploys(g, troop: str) -> list[dict]:
    out = []
    for u in q.units_in_camp(g, troop):
        ev = {"type": "deploy", "player": troop, "unit": u["uid"]}
        if _ok(act.check_deployer, g, ev):
            hexes = [{**ev, "hex": g.a.label(h)} for h in q.deploy_hexes(g, troop, u)]
            out += _passing(act.check_deploy_hex, g, hexes, troop, u)
    return out


def _tactics(g, troop: str) -> list[dict]:
    out = []
    units = sorted(g.s.in_arena(), key=lambda u: u["uid"])
    for tid in sorted(set(g.s.troops[troop]["tactics_camp"])):
        ev = {"type": "tactic", "player": troop, "tactic": tid}
        if _ok(act.check_tactic_chip, g, ev):
            out += _passing(act.check_tactic_target, g, [{**ev, "target": v["uid"]} for v in units], troop)
    return out


def _footholds(g, troop: str) -> list[dict]:
    out = []
    for h in sorted(g.s.footholds):
        ev = {"type": "foothold", "player": troop, "hex": g.a.label(h)}
        if not _ok(act.check_foothold_chip, g, ev):
            continue
        cands = [{**ev, "to": g.a.label(n)} for n in g.a.adjacent[h]]
        cands += [{**ev, "to": g.a.label(p), "flip": True} for p in q.free_pedestals(g)]
        out += _passing(act.check_foothold_to, g, cands, troop, h)
    return out


def _moves(g, troop: str, mine: list[dict]) -> list[dict]:
    out = []
    for u in mine:
        ev = {"type": "move", "player": troop, "unit": u["uid"]}
        if not _ok(act.check_mover, g, ev):
            continue
        paths = q.paths_within(g, u, q.movement(g, u))
        cands = [{**ev, "path": [g.a.label(x) for x in paths[h]]} for h in sorted(paths) if paths[h]]
        out += _passing(act.check_path, g, cands, u)
    return out


def _abilities(g, troop: str, mine: list[dict]) -> list[dict]:
    out = []
    for u in mine:
        for sk in q.udef(g, u).skills:
            if sk.type != "ability":
                continue
            ev = {"type": "ability", "player": troop, "unit": u["uid"], "ability": sk.id}
            if not _ok(act.check_ability_user, g, ev):
                continue
            if sk.kind != "hurl":
                out.append(ev)
                continue
            cands = [{**ev, "target": v["uid"], "hex": g.a.label(h)}
                     for v in g.s.in_arena() for h in q.hurl_destinations(g, u, v, sk.effect["distance"])]  # fmt: skip
            out += _passing(act.check_hurl, g, cands, u, sk)
    return out


def _attacks(g, troop: str, u: dict) -> list[dict]:
    ev = {"type": "attack", "player": troop, "unit": u["uid"]}
    if not _ok(act.start_engaging, g, ev, "attack"):
        return []
    cands = [{**ev, "target": v["uid"]} for v in _opponents(g, u)]
    cands += [{**ev, "target": f"shard:{g.a.label(h)}"} for h in sorted(g.s.shards)]
    return _passing(act.check_attack_target, g, cands, u)


def _specials(g, troop: str, u: dict) -> list[dict]:
    out = []
    for sk in q.udef(g, u).skills:
        if sk.type != "special":
            continue
        ev = {"type": "special", "player": troop, "unit": u["uid"], "special": sk.id}
        if not _ok(act.check_special_user, g, ev):
            continue
        if sk.effect["targets"] == "adjacent_all":
            cands = [ev]
        else:
            cands = [{**ev, "target": v["uid"]} for v in _opponents(g, u)]
        out += _passing(act.check_special_targets, g, cands, u, sk)
    return out


def _opponents(g, u: dict) -> list[dict]:
    """The units an attack or a Special of ``u`` could name (HR-2.1.3): its opponents, by uid."""
    return sorted(q.opponents_of(g, u), key=lambda v: v["uid"])


def _end_turn(g, troop: str) -> list[dict]:
    return _passing(flow.check_end_turn, g, [{"type": "end_turn", "player": troop}])


# --- a rival's turn: the choices its procedures leave open (HR-1.2.6) --------------------------------


def rival_turn(g, troop: str) -> list[dict]:
    mine = sorted(g.s.in_arena(troop), key=lambda u: u["uid"])
    out = _rival_deploys(g, troop) + _rival_moves(g, troop, mine) + _rival_abilities(g, troop, mine)
    for u in mine:
        out += _rival_specials(g, troop, u) + _rival_attacks(g, troop, u)
    out += _passing(rival.check_roll, g, [{"type": "roll", "player": troop}])  # HR-13.10.3
    return out + _end_turn(g, troop)


def _rival_deploys(g, troop: str) -> list[dict]:
    ev = {"type": "deploy", "player": troop}
    checked = _accepted(rival.check_deploy, g, ev)
    if checked is None:
        return []
    pool = checked[1]
    # The unit is drawn when the event is applied; the free blue hexes (HR-13.3.2) are the same for any of them.
    u = g.s.units[f"{troop}:{pool[0]}"]
    cands = [{**ev, "hex": g.a.label(h)} for h in q.deploy_hexes(g, troop, u)]
    return _passing(rival.check_deploy_hex, g, cands, u)


def _rival_moves(g, troop: str, mine: list[dict]) -> list[dict]:
    out = []
    for u in mine:
        ev = {"type": "move", "player": troop, "unit": u["uid"]}
        checked = _accepted(rival.check_mover, g, ev)
        if checked is None:
            continue
        _, step, dests = checked
        paths = q.paths_within(g, u, max(dests.values()))
        cands = [{**ev, "path": [g.a.label(x) for x in paths[h]]} for h in sorted(dests) if h in paths]
        out += [c for c in cands if _ok(rival.check_plan_path, g, c, step, dests)]
    return out


def _rival_abilities(g, troop: str, mine: list[dict]) -> list[dict]:
    out = []
    for u in mine:
        for sk in q.udef(g, u).skills:
            if sk.type != "ability":
                continue
            ev = {"type": "ability", "player": troop, "unit": u["uid"], "ability": sk.id}
            if not _ok(rival.check_ability_user, g, ev):
                continue
            cands = [ev]
            if sk.kind == "hurl":
                targets = rv.targets(g, u, 1, adjacent_only=True, units_only=True)
                cands = [{**ev, "target": v["uid"], "hex": g.a.label(h)}
                         for v in targets for h in q.hurl_destinations(g, u, v, sk.effect["distance"])]  # fmt: skip
            out += _passing(rival.check_ability_target, g, cands, u, sk)
    return out


def _rival_specials(g, troop: str, u: dict) -> list[dict]:
    out = []
    for sk in q.udef(g, u).skills:
        if sk.type != "special":
            continue
        ev = {"type": "special", "player": troop, "unit": u["uid"], "special": sk.id}
        if not _ok(rival.check_special_user, g, ev):
            continue
        cands = [ev]
        if sk.effect["targets"] != "adjacent_all":
            cands = [
                {**ev, "target": v["uid"]} for v in rv.targets(g, u, sk.effect.get("range"), units_only=True)
            ]
        out += _passing(rival.check_special_target, g, cands, u, sk)
    return out


def _rival_attacks(g, troop: str, u: dict) -> list[dict]:
    ev = {"type": "attack", "player": troop, "unit": u["uid"]}
    checked = _accepted(rival.check_attacker, g, ev)
    if checked is None:
        return []
    allowed = checked[1]
    return _passing(rival.check_attack_target, g, [{**ev, "target": v["uid"]} for v in allowed], u, allowed)


def titan_turn(g) -> list[dict]:
    """HR-14.8: the titan deploys, rolls its titan dice, and ends its turn; its effects wait as pending."""
    titan = tt.titan_unit(g)
    deploys = [
        {"type": "deploy", "player": "titan", "hex": g.a.label(h)} for h in q.deploy_hexes(g, "titan", titan)
    ]
    out = _passing(tt.check_deploy, g, deploys)
    out += _passing(tt.check_titan_roll, g, [{"type": "titan_roll", "player": "titan"}])
    return out + _end_turn(g, "titan")


# --- pending decisions ------------------------------------------------------------------------------


def _team(g, p: dict) -> list[str]:
    """Who may answer: a team's members (Alliance, HR-17.6.4), else the player named."""
    return fx.members(g, p["team"]) if "team" in p and g.mode == "alliance" else [p["player"]]


def _track(g, p):
    cands = [{"type": "track", "player": p["player"], "track": t} for t in fx.track_options(g, p["team"])]
    return _passing(act.check_track, g, cands, p)


def _return_units(g, p):
    cands = []
    for m in _team(g, p):
        units = sorted(u["uid"] for u in act.return_candidates(g, p, m))
        chosen = units[: min(p["max"], len(units))]
        cands.append({"type": "return_units", "player": m, "units": chosen})
        if not p.get("exact"):
            cands.append({"type": "return_units", "player": m, "units": []})
    return _passing(act.check_return_units, g, cands, p)


def _choose_member(g, p):
    return _passing(act.member, g, [{"type": "reward", "player": m} for m in _team(g, p)], p)


def _own_units(g, p, kind: str) -> list[dict]:
    who = p["player"]
    return [
        {"type": kind, "player": who, "unit": u["uid"]}
        for u in sorted(g.s.in_arena(who), key=lambda u: u["uid"])
    ]


def _catch_up(g, p):
    cands = [*_own_units(g, p, "catch_up"), {"type": "catch_up", "player": p["player"], "unit": None}]
    return _passing(act.check_catch_up, g, cands, p)


def _add_hp(g, p):
    return _passing(act.check_add_hp, g, _own_units(g, p, "add_hp"), p)


def _support(g, p):
    ev = {"type": "support", "player": p["player"]}
    cands = [{**ev, "as": "sentinel", "hex": g.a.label(h)} for h in q.free_pedestals(g)]
    cands += [{**ev, "as": "foothold", "hex": g.a.label(h)} for h in range(g.a.size)]
    return _passing(act.check_support, g, cands, p)


def _stone_tactics(g, p):
    disc = g.s.troops[p["player"]]["tactics_discard"]
    cands = [{"type": "stone_tactics", "player": p["player"], "tactics": t} for t in (disc[: p["max"]], [])]
    return _passing(act.check_stone_tactics, g, cands, p)


def _trigger_order(g, p):
    """HR-7.4.2: every order of the effects triggered at once."""
    cands = [{"type": "trigger_order", "player": p["player"], "unit": p["unit"], "order": list(order)}
             for order in permutations(p["effects"])]  # fmt: skip
    return _passing(act.check_trigger_order, g, cands, p)


def _displace(g, p):
    target = g.s.units[p["target"]]
    cands = [
        {"type": "displace", "player": p["player"], "hex": g.a.label(h)} for h in g.a.adjacent[target["hex"]]
    ]
    return _passing(rival.check_displace, g, cands, p)


def _begin_turn(g, p):
    return _passing(
        flow.check_begin_turn, g, [{"type": "begin_turn", "player": x} for x in g.s.turn["seats"]]
    )


def _advance(g, p):
    titan = tt.titan_unit(g)
    _, dests = rv.movement_plan(g, titan, p["value"])
    paths = q.paths_within(g, titan, p["value"])
    ev = {"type": "advance", "player": p["player"]}
    cands = [{**ev, "path": [g.a.label(x) for x in paths[h]]} for h in sorted(dests) if h in paths]
    return _passing(tt.check_advance, g, cands + [{**ev, "path": []}], p)


def _smite(g, p):
    titan = tt.titan_unit(g)
    ev = {"type": "smite", "player": p["player"]}
    cands = [{**ev, "target": v["uid"]} for v in rv.targets(g, titan, p["value"])]
    return _passing(tt.check_smite, g, cands + [{**ev, "target": None}], p)


def _toss(g, p):
    titan = tt.titan_unit(g)
    ev = {"type": "toss", "player": p["player"]}
    out = []
    for v in [*rv.targets(g, titan, 1, adjacent_only=True, units_only=True), None]:
        cand = {**ev, "target": None if v is None else v["uid"], "hex": None}
        if not _ok(tt.check_toss_target, g, cand):
            continue
        if v is None:
            out.append(cand)
            continue
        trial = g.copy()  # where it can land is known once the damage is dealt
        tv, tt_titan = trial.s.units[v["uid"]], trial.s.units[titan["uid"]]
        fx.deal_damage(trial, tv, p["damage"], tt_titan, attack=False)
        hexes = [{**cand, "hex": g.a.label(h)} for h in tt.toss_hexes(trial, tt_titan, tv, p["distance"])]
        out += _passing(tt.check_toss_hex, trial, hexes + [cand], p, tt_titan, tv)
    return out


def _deploy_ally(g, p):
    _, hexes, _ = tt.ally_deploy(g, p)
    cands = [{"type": "deploy_ally", "player": p["player"], "hex": None if h is None else g.a.label(h)}
             for h in [*hexes, None]]  # fmt: skip
    return _passing(tt.check_deploy_ally, g, cands, p)


def _ally_attack(g, p):
    cands = [{"type": "ally_attack", "player": p["player"], "unit": u["uid"], "target": v["uid"]}
             for u in tt.ally_attackers(g, p) for v in rv.targets(g, u)]  # fmt: skip
    return _passing(tt.check_ally_attack, g, cands, p)


PENDING = {
    "track": _track,
    "return_units": _return_units,
    "choose_member": _choose_member,
    "catch_up": _catch_up,
    "add_hp": _add_hp,
    "support": _support,
    "stone_tactics": _stone_tactics,
    "trigger_order": _trigger_order,
    "displace": _displace,
    "begin_turn": _begin_turn,
    "advance": _advance,
    "smite": _smite,
    "toss": _toss,
    "deploy_ally": _deploy_ally,
    "ally_attack": _ally_attack,
}
