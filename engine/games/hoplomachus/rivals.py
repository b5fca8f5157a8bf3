"""The rival procedures of section 9 as questions: priority lists, reach, mark, movement plan, target.

Layer 3 (queries): read-only. The players make every open rival choice (HR-1.2.6); these functions give
the set of choices the priority list allows, and the handlers check that a logged choice lies inside it.
"""

from __future__ import annotations

from engine.core.errors import Text
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus.content import HEX_PRIORITY

ASSAULT_PRIORITY = ("on_stone", "hero", "strongest")  # HR-13.9.1
UNBOUNDED = 10_000


def is_rival(g, troop: str) -> bool:
    return g.s.troops[troop]["team"] == "rivals"  # q.team, asked on nearly every event


def priority(g, u: dict) -> tuple[str, ...]:
    """HR-9.3.1: Assault's list (HR-13.9.1), or the titan reference card's (HR-14.8.5, HR-14.9.5)."""
    if g.mode == "ascension":
        card = g.c.units[g.s.troops["titan"]["titan"]].titan
        if u["def"] != g.s.troops["titan"]["titan"] and "ally_priority" in card:
            return tuple(card["ally_priority"])  # HR-14.9.5: the allies' own list on the titan card
        return tuple(card["priority"])
    return ASSAULT_PRIORITY


def is_hex_entry(entry: str) -> bool:
    """HR-9.3.5: a priority that is a hex (printed in non-bold type), written "hex:<arena tag>" in the pack."""
    return entry.startswith(HEX_PRIORITY)


def entry_hexes(g, entry: str) -> frozenset[int]:
    return g.a.tags.get(entry[len(HEX_PRIORITY) :], frozenset())


def shard_record(g, h: int) -> dict:
    """A shard with HP as a rival's candidate (HR-14.10.3): named as in events, "shard:<hex>"."""
    return {"uid": f"shard:{g.a.label(h)}", "hex": h, "hp": g.s.shards[h]["hp"], "shard": True}


def opponents(g, u: dict) -> list[dict]:
    """HR-9.3.3 candidates: the opposing units in the arena and, for a rival unit, the shards with red HP, which
    the rivals mark and target like opposing units (HR-14.10.3; the original: 'in modo analogo')."""
    opps = q.opponents_of(g, u)  # not to be changed: the list is kept (State.foes)
    if g.s.shards and is_rival(g, u["owner"]):
        opps = opps + [
            shard_record(g, h)
            for h, sh in sorted(g.s.shards.items())
            if sh["hp"] > 0 and sh["colour"] == "red"
        ]
    return opps


def select(g, entry: str, cands: list[dict]) -> list[dict]:
    """HR-9.3.3/9.3.4: opponents matching one priority; comparatives only among ``cands`` (AMB-34). A shard is
    never a hero; "shard" names shards only; a hex priority names no opponent."""
    if not cands or entry.startswith(HEX_PRIORITY):  # is_hex_entry
        return []
    if entry == "on_stone":
        stones = g.a.tags.get("stone", ())  # Arena.is_, asked per candidate of every plan
        return [o for o in cands if o["hex"] in stones]
    if entry == "hero":
        heroes = g.c.heroes  # a shard has no card ("def") and is never a hero
        return [o for o in cands if o.get("def") in heroes]
    if entry == "shard":
        return [o for o in cands if o.get("shard")]
    if entry == "strongest":
        top = max(o["hp"] for o in cands)
        return [o for o in cands if o["hp"] == top]
    if entry == "weakest":
        low = min(o["hp"] for o in cands)
        return [o for o in cands if o["hp"] == low]
    return list(cands)


def closest(g, u: dict, cands: list[dict], reach: dict[int, int] | None = None) -> list[dict]:
    """HR-9.4.3, AMB-7: hex distance from the rival (option ``rival_closest``: "steps", the fewest steps to a
    hex with the candidate in Range); further ties are the players' choice."""
    if g.opt["rival_closest"] == "steps" and reach is not None:
        rng = q.udef(g, u).range

        def measure(o):
            near = g.a.within(o["hex"], rng)
            return min(s for h, s in reach.items() if h in near)

    else:

        def measure(o):
            return g.a.distance(u["hex"], o["hex"])

    d = min(measure(o) for o in cands)
    return [o for o in cands if measure(o) == d]


def closest_hexes(g, u: dict, hexes: list[int], reach: dict[int, int]) -> list[int]:
    """HR-9.4.3 for a hex priority: the nearest of its hexes (AMB-7: by hex distance, or by steps)."""
    steps = g.opt["rival_closest"] == "steps"
    d = min(reach[h] if steps else g.a.distance(u["hex"], h) for h in hexes)
    return [h for h in hexes if (reach[h] if steps else g.a.distance(u["hex"], h)) == d]


def _in_reach(g, hexes, o: dict, rng: int) -> bool:
    """One of ``hexes`` is within ``rng`` of ``o``."""
    return not g.a.within(o["hex"], rng).isdisjoint(hexes)


def movement_plan(g, u: dict, m: int | None = None) -> tuple[str, dict[int, int]]:
    """HR-9.4.3–9.4.5: (step, {legal destination: steps}) for one rival unit now; no destination means it stays put:
    ("stay", {}) when its mark is already within Range (HR-9.4.4), ("2b", {}) when it can get closer to nothing on
    its list (HR-9.4.5).

    Tied marks are the players' choice (HR-9.4.3), so each tied mark contributes its own destinations. A hex
    priority is reached only by moving onto the hex itself (HR-9.3.5): its goal is that hex, not a hex in Range.
    """
    rng = q.udef(g, u).range
    m = q.movement(g, u) if m is None else m  # a titan's Advance gives its own movement (HR-14.8.5)
    opps = opponents(g, u)
    if stays_put(g, u, opps, rng):
        return "stay", {}
    # Every search of the plan is of one position: the same hexes blocked for the unit (q.reachable's).
    walls, adjacent = q.blocked_hexes(g, u), g.a.adjacent
    reach = q.search(adjacent, walls, {u["hex"]: 0}, m)
    in_reach = None  # the opponents a destination puts in Range: the same for every entry of the list
    for entry in priority(g, u):
        if is_hex_entry(entry):
            spots = [h for h in entry_hexes(g, entry) if h in reach]
            if not spots:
                continue
            if u["hex"] in spots:
                return "stay", {}  # standing on its mark already
            return "2a", {h: reach[h] for h in closest_hexes(g, u, spots, reach)}
        if in_reach is None:
            in_reach = [o for o in opps if _in_reach(g, reach, o, rng)]
        cands = select(g, entry, in_reach)
        if not cands:
            continue
        dests: dict[int, int] = {}
        for o in closest(g, u, cands, reach):
            if g.a.distance(u["hex"], o["hex"]) <= rng:
                return "stay", {}  # HR-9.4.4: the mark is already within Range
            near = g.a.within(o["hex"], rng)
            least = min(s for h, s in reach.items() if h in near)
            for h, s in reach.items():
                if s == least and h in near:
                    dests[h] = least
        return "2a", dests
    # HR-9.4.5, AMB-8: no priority reachable — use the full Movement to get closer to the first one approachable.
    if m == 0:
        # An effective Movement of 0 (a tactic's -1 on a Movement 1 unit) gets it no closer to anything: it
        # stays put. The zero-step "move" to its own hex is no move at all (a path lists the hexes entered).
        return "2b", {}
    full = q.search(adjacent, walls, dict(reach), UNBOUNDED)  # the search for ``reach``, gone on to the end
    in_reach = None
    for entry in priority(g, u):
        if is_hex_entry(entry):
            goals = [[h] for h in entry_hexes(g, entry) if h in full]
        else:
            if in_reach is None:
                in_reach = [o for o in opps if _in_reach(g, full, o, rng)]
            cands = select(g, entry, in_reach)
            nears = [g.a.within(o["hex"], rng) for o in cands]
            goals = [[h for h in full if h in near] for near in nears]
        if not goals:
            continue
        need = [min(full[h] for h in goal) for goal in goals]
        best = min(need)
        dests = {}
        for goal, n in zip(goals, need, strict=True):
            if n != best:
                continue
            # Steps from the goal, through hexes not blocked for the unit, as far as best - m: the hexes m steps
            # away that are that far from it are on a shortest way there; nothing further is asked of ``back``.
            back = q.search(adjacent, walls, dict.fromkeys(goal, 0), best - m)
            dests |= {h: m for h, s in reach.items() if s == m and back.get(h) == best - m}
        if dests:
            return "2b", dests
    return "2b", {}


COMPARATIVES = {"strongest": max, "weakest": min}


def stays_put(g, u: dict, opps: list[dict], rng: int) -> bool:
    """Whether ``movement_plan`` answers "stay" (HR-9.4.4: its mark already within Range), told without the
    search of the hexes it can reach when the list's first matching entry has an opponent within Range now.

    The opponents within Range now are among those a reachable hex (its own) puts in Range, and the closest
    of a mark's candidates, by distance or by steps, is then one within Range: "stay". An entry none of all
    the opponents match matches none within reach either (the next entry decides); a comparative entry
    picks among all the opponents the same top value as among those within reach when one within Range has
    it. Any other case (a hex entry, a match only beyond Range) is left to the search: False."""
    here = u["hex"]
    dist = g.a.distances_from(here)
    near = [o for o in opps if dist[o["hex"]] <= rng]
    for entry in priority(g, u):
        if is_hex_entry(entry):
            return False
        if not opps:
            continue  # no candidate for any entry (select)
        pick = COMPARATIVES.get(entry)
        if pick is not None:
            top = pick(o["hp"] for o in opps)
            return any(o["hp"] == top for o in near)
        if select(g, entry, near):
            return True
        if select(g, entry, opps):
            return False  # a match beyond Range: the search decides whether it is within reach
    return False


def must_move(g, u: dict) -> bool:
    return q.can_move(g, u) is None and bool(movement_plan(g, u)[1])


def targets(
    g, u: dict, rng: int | None = None, adjacent_only: bool = False, units_only: bool = False
) -> list[dict]:
    """HR-9.6.2: the opponents within Range that rank highest on the list (AMB-9: possibly none). Red-HP shards
    count as opponents (HR-14.10.3) except for ``units_only`` effects: a displacement or a Special, which only
    units can suffer (a shard is not a unit, HR-14.10.1)."""
    in_range = q.attack_targets(g, u, rng)
    if not units_only and g.s.shards and is_rival(g, u["owner"]):
        in_range += [shard_record(g, h) for h in q.shard_targets(g, u, rng)]
    if adjacent_only:
        in_range = [o for o in in_range if g.a.distance(u["hex"], o["hex"]) == 1]
    for entry in priority(g, u):
        found = select(g, entry, in_range)
        if found:
            return found
    return []


def special_due(g, u: dict):
    """HR-9.6.2 step 1: the Special the unit must use instead of attacking, if its conditions are met."""
    if not q.skills_on(g, u):
        return None
    for sk in q.udef(g, u).skills:
        if sk.type != "special":
            continue
        if sk.effect["targets"] == "adjacent_all":
            if any(g.a.distance(u["hex"], o["hex"]) == 1 for o in q.opponents_of(g, u)):
                return sk
        elif targets(g, u, sk.effect.get("range"), units_only=True):
            return sk
    return None


def abilities_due(g, u: dict) -> list:
    """HR-9.5.1, AMB-10: every Ability whose conditions are met must be used."""
    if u["dazed"] or not q.skills_on(g, u) or u["zone"] != "arena":
        return []
    out = []
    for sk in q.udef(g, u).skills:
        if sk.type != "ability" or sk.id in u["used"]:
            continue
        wounded = sk.kind == "regen" and u["hp"] < q.udef(g, u).health
        hurl = sk.kind == "hurl" and any(
            q.displace_refusal(g, o) is None and q.hurl_destinations(g, u, o, sk.effect["distance"])
            for o in targets(g, u, 1, adjacent_only=True, units_only=True)
        )
        if wounded or hurl:
            out.append(sk)
    return out


def can_engage(g, u: dict) -> bool:
    return q.cannot_engage(g, u) is None and (special_due(g, u) is not None or bool(targets(g, u)))


def rival_duty(g) -> tuple[str, str] | None:
    """What a rival troop still owes in its Engagement phase before its turn may end (HR-9.6.1, HR-13.10.3)."""
    s = g.s
    troop = s.turn["player"]
    if troop == "titan":  # HR-14.8.2: a titan acts only through its dice
        titan = s.units[f"titan:{s.troops['titan']['titan']}"]
        if titan["zone"] == "arena" and not titan["dazed"] and not s.turn["rolled"]:
            return (
                "HR-14.8.4",
                Text("the titan rolls its titan dice in its Titan Activity step (a 'titan_roll' event)"),
            )
        return None
    for u in sorted(s.in_arena(troop), key=lambda u: u["uid"]):
        name = q.udef(g, u).name
        if not u["engaged"] and can_engage(g, u):
            return "HR-9.6.1", Text(
                "{name} must attack or use its Special: every rival unit engages if it can", name=name
            )
    imm = next(iter(s.in_arena("immortal")), None) if troop == "immortal" else None
    if imm is not None and not s.turn["rolled"] and (g.opt["dazed_immortal_rolls"] or not imm["dazed"]):
        return (
            "HR-13.10.3",
            Text("the immortal always rolls all its attack dice in its Engagement step (a 'roll' event)"),
        )
    return None


def movement_snapshot(g) -> None:
    """For the lenient reading of AMB-41: which rival units were owed a move, or were blocked, before any moved.

    Kept in the turn as tuples of uids (plain, immutable data)."""
    if g.opt["rival_recheck"] != "blocked":
        return
    owed, stuck = [], []
    for u in sorted(g.s.in_arena(g.s.turn["player"]), key=lambda u: u["uid"]):
        if q.can_move(g, u) is not None:
            continue
        if movement_plan(g, u)[1]:
            owed.append(u["uid"])
        elif len(q.reachable(g, u, q.movement(g, u))) == 1:
            stuck.append(u["uid"])
    g.s.turn["owed_moves"], g.s.turn["stuck"] = tuple(owed), tuple(stuck)


def movement_duty(g) -> tuple[str, str] | None:
    """HR-9.4.6 (AMB-41): the rival Movement phase ends only when no unit that has not moved would move.

    Option ``rival_recheck`` = "blocked" (the lenient reading): only units that were owed a move, or were
    blocked, when the phase began are checked again at its end."""
    troop = g.s.turn["player"]
    lenient = g.opt["rival_recheck"] == "blocked"
    for u in sorted(g.s.in_arena(troop), key=lambda u: u["uid"]):
        if lenient and u["uid"] not in g.s.turn.get("owed_moves", ()) + g.s.turn.get("stuck", ()):
            continue
        if must_move(g, u):
            return (
                "HR-9.4.6",
                Text(
                    "{name} must still move toward its mark before the Movement phase ends",
                    name=q.udef(g, u).name,
                ),
            )
    return None


def rival_deploy_due(g) -> tuple[str, str] | None:
    """HR-9.2.1, HR-13.10.2, HR-13.12.2 (AMB-31): a rival deploys whenever it can."""
    t = g.s.turn
    troop = t["player"]
    if t["deployed"] or not rival_can_deploy(g, troop):
        return None
    if troop == "titan":
        return "HR-14.8.3", Text("the titan must first be deployed on the central deployment hex")
    who = (
        Text("the immortal of the new wave")
        if troop == "immortal"
        else Text("an arena unit drawn from the bag")
    )
    return "HR-13.12.2" if troop == "arena" else "HR-13.10.2", Text("{who} must be deployed first", who=who)


def rival_can_deploy(g, troop: str) -> bool:
    s = g.s
    if troop == "immortal" and s.turn["wave_turn"] != 1:
        return False
    if g.mode == "ascension":
        # HR-14.8.3: only the titan deploys in a Deploy step; its allies enter through its effects (HR-14.9).
        titan = s.units[f"titan:{s.troops['titan']['titan']}"]
        return troop == "titan" and titan["zone"] == "camp" and bool(q.deploy_hexes(g, troop, titan))
    pool = [u for u in q.troop_units(g, troop) if u["zone"] in ("camp", "bag")]
    if not pool:
        return False
    rule, limit, count = q.unit_limit(g, troop)
    if count >= limit:
        return False
    health = min(q.udef(g, u).health for u in pool) if troop == "arena" else 0
    return bool(q.deploy_hexes(g, troop, pool[0])) and (
        troop == "immortal" or q.chips_available(g, troop) >= health
    )


def abilities_duty(g) -> tuple[str, str] | None:
    for u in sorted(g.s.in_arena(g.s.turn["player"]), key=lambda u: u["uid"]):
        due = abilities_due(g, u)
        if due:
            return (
                "HR-9.5.1",
                f"{q.udef(g, u).name} must use {due[0].name}: rivals use every Ability they can (AMB-10)",
            )
    return None
