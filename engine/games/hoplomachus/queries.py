"""Read-only questions about a position: the predicates ``apply`` checks and ``legal_events`` lists.

Layer 3 (queries): reads the state, never changes it. ``g`` is the replay (``g.c`` content, ``g.a``
arena, ``g.s`` state, ``g.mode``, ``g.opt`` options).
"""

from __future__ import annotations

from collections import deque

from engine.core.errors import Text

PLAYER_LIMITS = {"pandemonium": 3}  # HR-16.4.1; Skirmish and Alliance have none (HR-15.4.1, HR-17.4.1)


def udef(g, u: dict):
    return g.c.units[u["def"]]


def team(g, troop: str) -> str:
    return g.s.troops[troop]["team"]


def allied(g, a: dict, b: dict) -> bool:
    """HR-2.1.2: same team."""
    troops = g.s.troops  # team() spelt out: asked for every pair of units a range or target check looks at
    return troops[a["owner"]]["team"] == troops[b["owner"]]["team"]


def opponents_of(g, u: dict) -> list[dict]:
    """The units in the arena of another team than ``u``'s (HR-2.1.2), in ``occupant``'s order: the list kept for
    the team until a unit enters, leaves or changes hex (State.foes), which the caller must not change."""
    s = g.s
    team_of = g.team_of  # q.team, spelt out for every unit in the arena
    mine = team_of[u["owner"]]
    foes = s.foes.get(mine)
    if foes is None:
        foes = s.foes[mine] = [
            v for v in map(s.units.__getitem__, s.occupant.values()) if team_of[v["owner"]] != mine
        ]
    return foes


def is_sentinel(g, u: dict) -> bool:
    return (
        g.c.units[u["def"]].kind == "sentinel"
    )  # udef, spelt out: asked of every unit that moves or deploys


def friendly_foothold(g, u: dict, h: int) -> bool:
    owner = g.s.footholds.get(h)
    return owner is not None and team(g, owner) == team(g, u["owner"])


def on_inner(g, u: dict) -> bool:
    """HR-3.3.3, HR-5.2.5: on an inner deployment hex without a friendly foothold."""
    h = u["hex"]
    if h is None or not g.a.inner[h]:
        return False  # most units, asked before every skill and attack: no need to look at the unit's card
    if udef(g, u).kind == "titan":
        return False  # HR-14.3.2: the inner-hex restriction never applies to the titan
    return not friendly_foothold(g, u, h)


def skills_on(g, u: dict) -> bool:
    """HR-7.1: Innate skills work unless the hero is inactive (HR-2.8.4) or the unit sits on an inner hex."""
    return u["zone"] == "arena" and u["active"] and not on_inner(g, u)


def skill(g, u: dict, kind: str):
    # The card first: most units have no skill of the kind asked, and then where it stands does not matter.
    sk = g.c.units[u["def"]].skill_of(kind)
    if sk is None or not skills_on(g, u):
        return None
    return sk


def tactic_effects(g, u: dict, kind: str) -> list[dict]:
    if not u["tactics"]:
        return []  # most units carry no tactic
    tactics = g.c.tactics
    return [tactics[t["id"]].effect for t in u["tactics"] if tactics[t["id"]].effect["kind"] == kind]


def movement(g, u: dict) -> int:
    """HR-2.5.7: effective Movement (tactics included)."""
    if not u["tactics"]:  # most units carry no tactic
        return max(0, g.c.units[u["def"]].movement)
    return max(0, udef(g, u).movement + sum(e["amount"] for e in tactic_effects(g, u, "movement")))


def blocked(g, u: dict, h: int) -> bool:
    """HR-3.4.1 for unit ``u``: another unit; a pedestal (not a sentinel); a shard with HP; an opposing
    foothold (AMB-4)."""
    s = g.s
    occ = s.occupant.get(h)
    if occ is not None and occ != u["uid"]:
        return True
    if g.a.pedestal[h] and not is_sentinel(g, u):
        return True
    shard = s.shards.get(h)
    if shard is not None and shard["hp"] > 0:
        return True  # HR-14.10.3: a shard with HP blocks its hex
    if not s.footholds:
        return False
    owner = s.footholds.get(h)
    return owner is not None and team(g, owner) != team(g, u["owner"])


def blocked_hexes(g, u: dict) -> set[int]:
    """Every hex ``blocked`` is true of for ``u`` now, as one set: a search over the arena (reach, paths,
    deployment hexes) asks about many hexes of one unchanging position, and a set lookup per hex costs a
    fraction of a ``blocked`` call."""
    s = g.s
    walls = set(s.occupant)
    h = u["hex"]
    if h is not None and s.occupant.get(h) == u["uid"]:
        walls.discard(h)  # its own hex (the only one State.place gives its uid)
    if g.c.units[u["def"]].kind != "sentinel":
        walls.update(g.a.pedestals)
    if s.shards:
        walls.update(h for h, shard in s.shards.items() if shard["hp"] > 0)
    if s.footholds:
        mine = team(g, u["owner"])
        walls.update(h for h, owner in s.footholds.items() if team(g, owner) != mine)
    return walls


def can_move(g, u: dict) -> str | None:
    """Why ``u`` cannot move now (a rule id and reason), or None (HR-8.6.4, HR-8.6.5, HR-7.2.2)."""
    if u["zone"] != "arena":
        return "HR-8.6.1", Text("it is not in the arena")
    if u["moved"]:
        return "HR-8.6.4", Text("it has already moved this turn")
    if u["dazed"]:
        return "HR-7.2.2", Text("it is dazed this turn (deployed or activated this turn)")
    if not u["active"]:
        return "HR-2.8.4", Text("an inactive hero cannot move")
    if is_sentinel(g, u):
        return "HR-5.3.3", Text("sentinels cannot move")
    return None


def reachable(g, u: dict, limit: int) -> dict[int, int]:
    """Hexes ``u`` can stop on within ``limit`` steps through unblocked hexes → steps (HR-8.6.3)."""
    start = u["hex"]
    return search(g.a.adjacent, blocked_hexes(g, u), {start: 0}, limit)


def search(adjacent, walls: set[int], seen: dict[int, int], limit: int) -> dict[int, int]:
    """``seen`` (hex → steps: the hexes found so far, a whole number of rings of a search) with the hexes not in
    ``walls`` found ring by ring after them, up to ``limit`` steps: in the order a queue would find them, so a
    search resumed from the rings of a shorter one gives what one search would (rivals.movement_plan)."""
    d = max(seen.values())
    frontier = [h for h, s in seen.items() if s == d]
    while frontier and d < limit:
        d += 1
        ring = []
        for h in frontier:
            for n in adjacent[h]:
                if n not in seen and n not in walls:
                    seen[n] = d
                    ring.append(n)
        frontier = ring
    return seen


def path_to(g, u: dict, limit: int, target: int) -> list[int] | None:
    """One shortest unblocked path (hexes entered) from ``u`` to ``target``."""
    start = u["hex"]
    walls = blocked_hexes(g, u)
    parent = {start: None}
    queue = deque([(start, 0)])
    while queue:
        h, d = queue.popleft()
        if h == target:
            out = []
            while h != start:
                out.append(h)
                h = parent[h]
            return out[::-1]
        if d == limit:
            continue
        for n in g.a.adjacent[h]:
            if n not in parent and n not in walls:
                parent[n] = h
                queue.append((n, d + 1))
    return None


def paths_within(g, u: dict, limit: int) -> dict[int, list[int]]:
    """The path ``path_to`` gives to each hex ``u`` can reach within ``limit`` steps (its own hex: [])."""
    start = u["hex"]
    walls = blocked_hexes(g, u)
    paths = {start: []}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        here = paths[h]
        if len(here) == limit:
            continue
        for n in g.a.adjacent[h]:
            if n not in paths and n not in walls:
                paths[n] = [*here, n]
                queue.append(n)
    return paths


def attack_pool(g, u: dict) -> list[str]:
    """HR-8.8.3 step 2: printed dice in chip order, then Dig In, then tactics in the order played."""
    pool = list(g.c.units[u["def"]].attack)
    dig = skill(g, u, "dig_in")
    if dig is not None and not u["moved"]:
        pool.append(dig.effect["colour"])
    if u["tactics"]:  # most units carry none
        pool += [e["colour"] for e in tactic_effects(g, u, "extra_die")]
    return pool


def cannot_engage(g, u: dict) -> tuple[str, str] | None:
    """Why ``u`` cannot attack or use a Special now, or None (HR-8.8.1, HR-7.2.2, HR-3.3.3)."""
    if u["zone"] != "arena":
        return "HR-8.8.1", Text("it is not in the arena")
    if u["engaged"]:
        return "HR-8.8.1", Text("it has already attacked or used a Special this turn")
    if not u["active"]:
        return "HR-2.8.4", Text("an inactive hero cannot attack")
    if on_inner(g, u):
        return "HR-3.3.3", Text("a unit on an inner deployment hex cannot attack and its skills are ignored")
    if u["dazed"] and is_sentinel(g, u):
        # HR-5.3.2: the sentinel's own rule («è frastornata il turno in cui entra nell'arena») decides; its
        # First Strike lifts the daze of a deployment only (CF-8), not the turn a sentinel enters the arena.
        return (
            "HR-5.3.2",
            Text("a sentinel is dazed the turn it enters the arena and cannot attack or use a Special"),
        )
    if u["dazed"] and skill(g, u, "first_strike") is None:
        return "HR-7.2.2", Text("it is dazed this turn and has no First Strike")
    if u["tactics"] and tactic_effects(g, u, "no_engage"):
        return "HR-6.5.3", Text("a tactic on it forbids attacking and Specials")
    return None


def in_range(g, u: dict, target: dict, rng: int | None = None) -> bool:
    """HR-2.5.1: distance ≤ Range, blocking irrelevant."""
    r = g.c.units[u["def"]].range if rng is None else rng
    return g.a.distance(u["hex"], target["hex"]) <= r


def attack_targets(g, u: dict, rng: int | None = None) -> list[dict]:
    r = g.c.units[u["def"]].range if rng is None else rng  # in_range, spelt out for each opponent
    dist = g.a.dist[u["hex"]]
    return [v for v in opponents_of(g, u) if dist[v["hex"]] <= r]


def favour_key(g, troop: str) -> str | None:
    """Whose track a troop's favour goes on: its own, its team's (Alliance) or none (Pandemonium, rivals)."""
    if g.mode == "pandemonium" or team(g, troop) == "rivals":
        return None
    return team(g, troop) if g.mode in ("alliance", "ascension") else troop  # HR-14.7.3: one shared track


def colour_of(g, troop: str) -> str:
    """The troop's health-chip colour: its side's, except co-op Ascension's player B (red, HR-14.2.1)."""
    t = g.s.troops[troop]
    return t.get("chips") or t["side"]


def chips_available(g, troop: str) -> int:
    """HR-8.4.5; Pandemonium ignores colours (HR-16.4.2)."""
    if g.mode == "pandemonium":
        return sum(g.s.supply.values())
    return g.s.supply[colour_of(g, troop)]


def deploy_hexes(g, troop: str, u: dict) -> list[int]:
    """Hexes ``u`` may be deployed on now (HR-8.4.1, HR-3.2.1, HR-3.3, HR-5.2.4, HR-5.3.6)."""
    return sorted(deploy_candidates(g, troop, u) - blocked_hexes(g, u))


def deploy_candidates(g, troop: str, u: dict) -> frozenset[int]:
    """The hexes ``u`` is deployed on when free (``deploy_hexes`` less ``blocked``)."""
    kind = g.c.units[u["def"]].kind
    if kind == "sentinel":  # is_sentinel
        return frozenset(free_pedestals(g))
    if kind == "titan":
        return g.a.tags["central"]  # HR-14.8.3
    # The rest depends only on the troop (its side and team, the mode, the arena) and its all_outer reward: made
    # once per game for each, as it is asked for every unit in camp at every phase change (must_deploy).
    key = (troop, g.s.troops[troop]["all_outer"])
    candidates = g.deploy_hex_cache.get(key)
    if candidates is None:
        candidates = g.deploy_hex_cache[key] = unit_deploy_hexes(g, troop)
    return candidates


def unit_deploy_hexes(g, troop: str) -> frozenset[int]:
    """``deploy_candidates`` of a unit (not a sentinel nor the titan) of ``troop``."""
    a = g.a
    side = g.s.troops[troop]["side"]
    if g.mode == "ascension" and team(g, troop) == "rivals":
        candidates = a.tags["outer_blue"]  # HR-14.9.1: the titan card names the hexes; this is its default
    elif a.pozzuoli:
        if g.mode == "assault":
            candidates = a.tags["deploy_blue" if team(g, troop) == "rivals" else "deploy_red"]  # HR-13.3
        elif g.mode == "pandemonium":
            candidates = a.tags["deploy_red"] | a.tags["deploy_blue"]  # HR-16.3.1
        else:
            candidates = a.tags[f"deploy_{side}"]
    else:
        outer = (
            a.tags["outer_red"] | a.tags["outer_blue"]
            if g.s.troops[troop]["all_outer"]
            else a.tags[f"outer_{side}"]
        )
        candidates = outer | a.tags["inner"] | a.tags["central"]  # HR-15.3.2
    return candidates


def deploy_refusal(g, troop: str, u: dict) -> tuple[str, str] | None:
    """HR-8.4.7: why ``u`` cannot be deployed now, or None."""
    d = udef(g, u)
    if u["zone"] != "camp" or u["owner"] != troop:
        return "HR-8.4.1", Text("{name} is not in your camp", name=d.name)
    if not u["active"]:
        return "HR-2.8.3", Text(
            "{name} is an inactive hero; it must be activated through crowd favour first", name=d.name
        )
    limit = PLAYER_LIMITS.get(g.mode)
    if limit is not None and len(g.s.in_arena(troop)) >= limit:
        return "HR-16.4.1", Text("a troop may have at most {limit} units in combat", limit=limit)
    if g.mode == "assault":
        rule, limit, count = unit_limit(g, troop)
        if count >= limit:
            return rule, Text("at most {limit} of these units may be in combat at a time", limit=limit)
    if chips_available(g, troop) < d.health:
        return "HR-8.4.5", Text(
            "the supply lacks the {health} health chips {name} needs", health=d.health, name=d.name
        )
    if deploy_candidates(g, troop, u) <= blocked_hexes(
        g, u
    ):  # no free hex; asked per camp unit, nothing sorted
        what = "pedestal" if is_sentinel(g, u) else "deployment hex"
        return "HR-8.4.7", Text("no {what} you may use is free", what=what)
    return None


def unit_limit(g, troop: str) -> tuple[str, int, int]:
    """Assault unit limits (HR-13.4), and the titan card's limits on its allies (HR-14.4.1): (rule, limit,
    units counted now)."""
    coop = len(g.s.turn["seats"]) > 1
    if g.mode == "ascension":
        titan_id = g.s.troops["titan"]["titan"]
        limits = g.c.units[titan_id].titan.get("limits", {})
        allies = [u for u in g.s.in_arena(troop) if u["def"] != titan_id]
        return "HR-14.4.1", limits.get(troop, len(allies) + 1), len(allies)
    if troop in ("immortal", "titan"):
        return "HR-13.4.1", 1, len(g.s.in_arena(troop))
    if troop == "arena":
        return "HR-13.4.3", 3 if coop else 2, len(g.s.in_arena("arena"))
    players = sum(len(g.s.in_arena(p)) for p in g.s.turn["seats"])
    return "HR-13.4.2", 4 if coop else 3, players


def can_deploy(g, troop: str) -> bool:
    """A unit in ``troop``'s camp may be deployed now (HR-8.4.7); asked every turn, so it stops at the first."""
    return any(u["zone"] == "camp" and deploy_refusal(g, troop, u) is None for u in troop_units(g, troop))


def must_deploy(g, troop: str) -> bool:
    """HR-8.4.3 (no units in combat), HR-16.6.2 (Pandemonium: fewer than three)."""
    # Asked at every phase change: the troop's units in combat are counted (State.arena_by), not listed.
    need = len(g.s.arena_by.get(troop, ())) < (3 if g.mode == "pandemonium" else 1)
    return need and can_deploy(g, troop)


def tactic_target_refusal(g, troop: str, target: dict) -> tuple[str, str] | None:
    """HR-8.5.1, HR-6.3: a non-elite unit of yours, or one adjacent to a unit of yours."""
    d = udef(g, target)
    if target["zone"] != "arena":
        return "HR-8.5.1", f"{d.name} is not in the arena"
    if d.elite:
        return "HR-6.3", f"tactics cannot be played on elite units ({d.name})"
    if target["owner"] == troop:
        return None
    if any(g.a.distance(target["hex"], v["hex"]) == 1 for v in g.s.in_arena(troop)):
        return None
    return "HR-8.5.1", f"{d.name} is neither yours nor adjacent to one of your units"


def foothold_refusal(g, troop: str, h: int) -> str | None:
    """HR-5.2.2: where a foothold may not go."""
    a = g.a
    if a.is_("pedestal", h) or a.is_("central", h):
        return Text("a foothold cannot be placed on a pedestal or the central deployment hex")
    if h in g.s.footholds:
        return Text("that hex already holds a foothold")
    occ = g.s.occupant.get(h)
    if occ is not None and team(g, g.s.units[occ]["owner"]) != team(g, troop):
        return Text("that hex holds an opposing unit")
    return None


def shard_at(g, name) -> int | None:
    """The hex of a shard named "shard:<hex>" in an event, or None when the name is not a shard's."""
    if not isinstance(name, str) or not name.startswith("shard:"):
        return None
    return g.a.parse(name[6:], path="/target")


def shard_targets(g, u: dict, rng: int | None = None) -> list[int]:
    """HR-14.10.3: shards with HP of the opposing colour within Range (blue HP for the players' units, red for
    the rivals'); blocking never matters for Range."""
    colour = "red" if team(g, u["owner"]) == "rivals" else "blue"
    r = g.c.units[u["def"]].range if rng is None else rng
    return sorted(h for h, sh in g.s.shards.items()
                  if sh["hp"] > 0 and sh["colour"] == colour and g.a.distance(u["hex"], h) <= r)  # fmt: skip


def free_pedestals(g) -> list[int]:
    """HR-5.3.1, AMB-28: pedestals with no unit (and no shard)."""
    return sorted(h for h in g.a.tags.get("pedestal", ()) if h not in g.s.occupant and h not in g.s.shards)


def troop_units(g, troop: str) -> list[dict]:
    """``troop``'s units, in the order of ``g.s.units``: the units that would be found by looking at every unit's
    owner. Every unit is created at setup and never changes owner, so the uids are grouped once per game (again
    only while setup is still adding units) instead of at each question about a camp or a discard."""
    return list(map(g.s.units.__getitem__, troop_uids(g, troop)))


def troop_uids(g, troop: str) -> tuple[str, ...]:
    """The uids of ``troop_units``: grouped once per game (again only while setup is still adding units)."""
    index = g.troop_uids_index
    units = g.s.units
    if index is None or index[0] != len(units):
        grouped: dict[str, list[str]] = {}
        for uid, u in units.items():
            grouped.setdefault(u["owner"], []).append(uid)
        index = g.troop_uids_index = (len(units), {k: tuple(v) for k, v in grouped.items()})
    return index[1].get(troop, ())


def units_in_camp(g, troop: str, *, heroes: bool = True) -> list[dict]:
    return [u for u in troop_units(g, troop) if u["zone"] == "camp" and (heroes or udef(g, u).kind != "hero")]


def hurl_destinations(g, u: dict, target: dict, n: int) -> list[int]:
    """CF-8 Hurl N: available hexes exactly N from the user."""
    return [
        h
        for h in g.a.grid.within(u["hex"], n)
        if g.a.distance(u["hex"], h) == n and not blocked(g, target, h)
    ]


def displace_refusal(g, target: dict) -> tuple[str, str] | None:
    if is_sentinel(g, target):
        return "HR-5.3.3", "sentinels cannot be displaced"
    if udef(g, target).kind == "hero" and not target["active"] and not g.a.pozzuoli:
        return "HR-15.7.2", "an inactive chained hero cannot be displaced from its hex"
    return None
