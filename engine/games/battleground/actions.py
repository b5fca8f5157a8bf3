"""Actions inside an activation or interrupt: cards, Focus, Move, Guard, abilities, items (spec §6.6,
§9, §11, §16, §17), and what they set off (opportunity attacks and guard, BG-14.2, BG-11.2.3)."""

from __future__ import annotations

import heapq

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.battleground import massive
from engine.games.battleground.effects import apply_effect
from engine.games.battleground.state import Frame, Trigger, Unit

ALLOWED = {
    "activation": {"focus", "move", "attack", "ability", "guard"},
    "guard": {"move", "attack", "ability"},  # BG-14.1.2
    "opportunity": {"attack"},  # BG-14.2.2
}


def refuse_if_interrupts_wait(g) -> None:
    """Interrupts that must start now come before anything else (BG-11.2.3, BG-14.2.1)."""
    top = g.top()
    if isinstance(top, Trigger):
        names = ", ".join(u.name for u in top.remaining)
        rule = "BG-11.2.3" if top.kind == "guard" else "BG-14.2.1"
        raise IllegalEvent(rule, f"the {top.kind} interrupt of {names} must be resolved first")


def acting_frame(g, event: dict, action: str) -> tuple[Frame, Unit]:
    """The frame an action event belongs to, after checking whose turn it is (BG-28.3 steps 1–2)."""
    refuse_if_interrupts_wait(g)
    frame = g.frame()
    if frame is None:
        raise IllegalEvent("BG-6.6.1", "actions happen only during an activation or an interrupt")
    unit = g.unit(event)
    if unit is not frame.unit:
        raise IllegalEvent("BG-6.6.1", f"{unit.name} is not the character acting now ({frame.unit.name} is)")
    if not unit.on_board:
        # BG-13.1.2: knocked out during its own activation or interrupt (e.g. by an opportunity attack), its
        # card and equipment cannot be used any more; the activation or interrupt can only end.
        raise IllegalEvent("BG-13.1.2", f"{unit.name} is knocked out and can no longer act")
    if frame.interrupt and frame.ap <= 0 and action in ("move", "attack", "ability"):
        raise IllegalEvent("BG-14.1.5", f"{unit.name}'s interrupt has no AP left and is over")
    if action in ("focus", "move", "attack", "ability", "guard") and action not in ALLOWED[frame.kind]:
        rule = "BG-14.2.2" if frame.kind == "opportunity" else "BG-14.1.2"
        raise IllegalEvent(
            rule, f"{action} is not allowed in a{'n' if frame.kind[0] == 'o' else ''} {frame.kind} interrupt"
        )
    return frame, unit


def pay_escalating(frame: Frame, counter: str, what: str) -> int:
    """BG-6.6.2: the k-th non-free use of an action (or weapon type) in this frame costs k AP."""
    k = frame.counters.get(counter, 0) + 1
    if frame.ap < k:
        raise IllegalEvent("BG-6.6.3", f"{what} #{k} costs {k} AP but {frame.unit.name} has {frame.ap}")
    frame.ap -= k
    frame.counters[counter] = k
    return k


# -- cards (BG-6.6.4, BG-14.1.2) -------------------------------------------------------------------------
def event_play_card(g, event: dict) -> None:
    from engine.games.battleground.flow import apply_bonus

    side = g.side(event)
    frame = g.frame()
    if frame is None or frame.player != side.id:
        raise IllegalEvent(
            "BG-6.6.4", f"{side.name} may play cards only during their own activation or interrupt"
        )
    cid = g.content.lookup("cards", event.get("card"), path="card")
    if cid not in side.hand:
        raise IllegalEvent("BG-6.6.4", f"{side.name} has no {g.content.cards[cid].name} in hand")
    side.hand.remove(cid)
    frame.cards.append(cid)
    apply_bonus(g, frame, g.content.cards[cid], event.get("bonus"))  # bonus only, no AP/mana values


# -- Focus (BG-9.1) ------------------------------------------------------------------------------------
def event_focus(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "focus")
    if unit.focused:
        raise IllegalEvent("BG-9.1.1", f"{unit.name} is already focused and cannot gain another focus token")
    pay_escalating(frame, "focus", "Focus")
    unit.focused = True


# -- Guard (BG-11.2) -----------------------------------------------------------------------------------
def event_guard(g, event: dict) -> None:
    from engine.games.battleground.flow import end_activation

    frame, unit = acting_frame(g, event, "guard")
    pay_escalating(frame, "guard", "Guard")
    unit.guard = True
    end_activation(g, frame)  # BG-11.2.1: the activation ends immediately


# -- Move (BG-9.2) -------------------------------------------------------------------------------------
def speed(g, unit: Unit, focused: bool) -> tuple[int, bool]:
    """BG-9.2.1: movement points for one Move; also whether the move starts on difficult terrain."""
    base = unit.d.speed[1] if focused else unit.d.speed[0]
    on_difficult = massive.on_difficult(g, unit) if unit.shape else g.board.kind[unit.hex] == "difficult"
    mp = base + (2 if unit.buff == "haste" else 0)
    if on_difficult:
        mp -= 2  # BG-9.2.4
    elif unit.debuff == "slow":
        mp -= 2  # BG-16.1.4: Slow is ignored when the move starts on difficult terrain
    return max(mp, 0), on_difficult


def reachable(g, unit: Unit, start: int, mp: int) -> dict[int, tuple[int, int | None]]:
    """Dijkstra over Move steps from ``start`` within ``mp``: hex -> (cost, previous hex).

    Occupied hexes cannot be entered, and a hex next to an enemy ends the move (BG-9.2.11), so it is
    not expanded further.
    """
    if g.has_massive:
        return massive.reachable(g, unit, start, mp)  # BG-19: bases of several hexes
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    enemy_hexes = {e.hex for e in g.enemies_of(unit)}
    best: dict[int, tuple[int, int | None]] = {start: (0, None)}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h][0]:
            continue
        if h != start and board.adjacent[h] & enemy_hexes:
            continue
        for nxt, step in board.reachable_steps(h):
            c = cost + step
            if c > mp or nxt in occupied:
                continue
            if nxt not in best or c < best[nxt][0] or (c == best[nxt][0] and h < best[nxt][1]):
                best[nxt] = (c, h)
                heapq.heappush(heap, (c, nxt))
    return best


def distance_to_goal(g, unit: Unit, goal: set[int]) -> dict[int, int]:
    """Minimum MP from each hex to any goal hex (reverse Dijkstra; step costs are symmetric)."""
    if g.has_massive:
        return massive.distance_to_goal(g, unit, goal)  # BG-19: bases of several hexes
    board = g.board
    occupied = {u.hex for u in g.units.values() if u.on_board and u is not unit}
    dist = {h: 0 for h in goal if h not in occupied}
    heap = [(0, h) for h in sorted(dist)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for nxt, step in board.reachable_steps(h):
            if nxt in occupied and nxt != unit.hex:
                continue
            nd = d + step
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def toward_goal(g, target: Unit) -> set[int]:
    """BG-AMB-19 / BG-AMB-20: the hexes a "toward" move heads for, the hexes a character can stand on that
    are adjacent to ``target`` (BG-2.1.4: same height, sharing a side). Obstacle portions and hexes at
    another height beside the target are no destinations: counting them made hexes beside a wall look a
    step closer than they are, and legal shortest paths round the wall were refused."""
    if g.has_massive:
        return massive.toward_goal(g, target)  # BG-19.1: adjacent to any hex of a massive target
    board = g.board
    return {h for h in board.adjacent[target.hex] if board.standable(h)}


def _parse_path(g, event: dict) -> list[int]:
    path = event.get("path", [])
    if not isinstance(path, list):
        raise UnreadableLog("a move's 'path' is the list of hexes entered, in order", rule="LOG-5.2")
    out = []
    for label in path:
        try:
            out.append(g.board.parse(str(label)))
        except ValueError as exc:
            raise UnreadableLog(f"path: {exc}", rule="LOG-5.2") from None
    return out


def event_move(g, event: dict) -> None:
    from engine.games.battleground.movement_effects import PlatformPushes

    frame, unit = acting_frame(g, event, "move")
    board = g.board
    path = _parse_path(g, event)
    use_focus = bool(event.get("focus", False))
    if use_focus and not unit.focused:
        raise IllegalEvent("BG-9.1.3", f"{unit.name} is not focused and cannot use focused speed")
    facing = event.get("facing")
    if facing is not None and facing not in range(6):
        raise IllegalEvent("BG-9.2.12", f"facing must be a hex side 0–5, not {facing!r}")
    if facing is not None:
        facing = int(facing)  # JSON Schema counts 2.0 as an integer; geometry indexes with it (BG-9.2.12)
    mp, on_difficult = speed(g, unit, use_focus)
    occupied = massive.occupants(g, unit)
    enemy_hexes = massive.enemy_cells(g, unit)
    if unit.shape is not None:
        massive.check_path(g, frame, unit, path, mp, on_difficult, facing)  # BG-19.2–19.5, BG-AMB-28
    toward = None
    if frame.kind == "guard" and unit.shape is None:
        # BG-14.1.4 b / BG-AMB-20: an interrupt move goes toward the interrupted character by a shortest path.
        toward = distance_to_goal(g, unit, toward_goal(g, frame.target))
    cur, spent = unit.hex, 0
    pushes = PlatformPushes(g, unit, event)
    for i, h in enumerate(path if unit.shape is None else ()):
        # An occupied hex is entered only by a climb or descent that pushes its occupant aside (BG-9.2.10).
        cost = pushes.push(cur, h, occupied, enemy_hexes) if h in occupied else board.step_cost(cur, h)
        if cost is None:
            raise IllegalEvent(
                "BG-9.2.3", f"{board.label(cur)}→{board.label(h)} is not a legal step for a move"
            )
        spent += cost
        if spent > mp:
            start = board.label(unit.hex)
            rule = "BG-9.2.4" if on_difficult else "BG-9.2.1"
            raise IllegalEvent(
                rule, f"move {start}→{board.label(h)} costs {spent} movement points but {unit.name} has {mp}"
            )
        if toward is not None and toward.get(h, 1 << 30) != toward.get(cur, 1 << 30) - cost:
            raise IllegalEvent(
                "BG-14.1.4",
                f"an interrupt move must take a shortest path toward {frame.target.name}; "
                f"{board.label(cur)}→{board.label(h)} does not",
            )
        if board.adjacent[h] & enemy_hexes and i < len(path) - 1:
            raise IllegalEvent(
                "BG-9.2.11", f"entering {board.label(h)} next to an enemy ends {unit.name}'s move"
            )
        cur = h
    if toward is not None and path and not massive.sight(g, (cur,), frame.target.cells):
        raise IllegalEvent("BG-14.1.4", f"an interrupt move must end in line of sight of {frame.target.name}")
    pushed = pushes.done()
    pay_escalating(frame, "move", "Move")
    if use_focus:
        unit.focused = False  # BG-9.1.3
    if path and g.engaged_with(unit):
        # BG-14.2.1: each engaged enemy interrupts before the character leaves its hex.
        engaged = sorted(g.engaged_with(unit), key=lambda u: u.order)
        g.stack.append(
            Trigger(
                kind="opportunity",
                remaining=engaged,
                target=unit,
                then=("move", unit.key, tuple(path), facing, pushed),
            )
        )
        return
    finish_move(g, unit, path, facing, pushed)


def resume_move(g, then: tuple) -> None:
    """The continuation of a Move declared before its opportunity attacks: ("move", unit key, path,
    facing, pushes)."""
    unit = g.units[then[1]]
    if unit.on_board:  # BG-14.2.5: a character knocked out by an opportunity attack does not move
        finish_move(g, unit, list(then[2]), then[3], then[4])


def finish_move(
    g, unit: Unit, path: list[int], facing: int | None, pushed: tuple[tuple[str, int], ...] = ()
) -> None:
    for key, h in pushed:  # BG-9.2.10: characters pushed aside where the mover climbed or descended
        if g.units[key].on_board:
            g.units[key].hex = h
    if path:
        unit.hex = path[-1]
    if facing is not None:
        massive.face(g, unit, facing)  # BG-9.2.12 (a massive miniature turns about its pivot, BG-19.7)
    if path:  # BG-AMB-16: a move that stays put does not end movement for guard
        check_guard(g, unit)


def check_guard(g, mover: Unit) -> None:
    """BG-11.2.3: every enemy on guard that sees the mover in its front arc, and could hit or reach it."""
    board = g.board
    triggered = []
    for guard in sorted(g.enemies_of(mover), key=lambda u: u.order):
        if not guard.guard:
            continue
        if g.has_massive:
            # BG-19.8: sight from or to any hex of a massive base; BG-11.2.3: any part of the base in the arc.
            if not massive.sight(g, guard.cells, mover.cells):
                continue
            if all(board.grid.arc(guard.hex, guard.facing, c) < 0 for c in mover.cells):
                continue
        else:
            if not board.line_of_sight(
                guard.hex, mover.hex, same_origin_corner=g.options["los_same_origin_corner"]
            ):
                continue
            if board.grid.arc(guard.hex, guard.facing, mover.hex) < 0:  # BG-AMB-06: d ≥ 0 is the front arc
                continue
        if threatens(g, guard, mover):
            triggered.append(guard)
    if triggered:
        g.stack.append(Trigger(kind="guard", remaining=triggered, target=mover))


def threatens(g, guard: Unit, enemy: Unit) -> bool:
    if g.has_massive:
        return massive.threatens(g, guard, enemy)
    board = g.board
    engaged = enemy.hex in board.adjacent[guard.hex]
    if engaged:
        return True  # any melee weapon, or fists (BG-AMB-21 b)
    for w in guard.weapons:
        if (
            w.type != "melee"
            and w.range_in is not None
            and board.grid.in_range(guard.hex, enemy.hex, w.range_in)
        ):
            return True
    mp, _ = speed(g, guard, guard.focused)  # BG-AMB-21 a: a focused guard may count its focused speed
    goal = board.adjacent[enemy.hex]
    return any(h in goal for h in reachable(g, guard, guard.hex, mp))


# -- abilities (BG-11.1, BG-16) --------------------------------------------------------------------------
def find_ability(g, unit: Unit, name: str):
    aid = g.content.lookup("abilities", name, path="ability")
    for a in unit.d.abilities:
        if a.id == aid:
            return a, None
    for item in unit.items:
        for a in item.abilities:
            if a.id == aid:
                return a, item
    raise IllegalEvent("BG-16.2.1", f"{unit.name} has no ability '{name}' on its card or equipped items")


def event_ability(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "ability")
    ability, item = find_ability(g, unit, event.get("ability"))
    if ability.kind != "active":
        raise IllegalEvent("BG-16.2.1", f"{ability.name} is passive and is not used as an action")
    if ability.id in frame.abilities_used:
        raise IllegalEvent(
            "BG-11.1.3", f"{ability.name} has already been used in this activation or interrupt"
        )
    if item is not None and item.id in unit.spent_items:
        raise IllegalEvent("BG-17.3.5", f"{item.name} has been used up")
    if frame.ap < ability.ap:
        raise IllegalEvent("BG-6.6.3", f"{ability.name} costs {ability.ap} AP but {unit.name} has {frame.ap}")
    if unit.mana < ability.mana:
        raise IllegalEvent(
            "BG-11.1.2", f"{ability.name} costs {ability.mana} mana but {unit.name} has {unit.mana}"
        )
    target = unit
    if ability.target != "self":
        target = g.unit(event, "target")
        check_ability_target(g, frame, unit, ability, target)
        face_toward(g, unit, target, event)  # BG-16.4.2
    frame.ap -= ability.ap
    unit.mana -= ability.mana
    frame.abilities_used.add(ability.id)
    if ability.test is not None:
        from engine.games.battleground.ability_tests import ability_test

        if not ability_test(g, frame, unit, ability, target, event):
            return  # BG-16.4.3: the test failed, the effect does not resolve
    elif "attack" in event or "defence" in event:
        raise UnreadableLog(f"{ability.name} calls for no test; the event carries dice", rule="LOG-5.2")
    apply_effect(g, frame, target, ability.effect, source=ability.name)


def check_ability_target(g, frame: Frame, unit: Unit, ability, target: Unit) -> None:
    """BG-16.4.1 / BG-16.4.2: the kind of target the ability names, within its range and in LoS; in an
    interrupt an enemy target is the interrupted character (BG-14.1.4 a)."""
    if not target.on_board:
        raise IllegalEvent("BG-13.1.2", f"{target.name} is knocked out")
    if ability.target == "ally" and (target.player != unit.player or target is unit):
        raise IllegalEvent("BG-1.2", f"{ability.name} targets an ally; {target.name} is not one")
    if ability.target == "enemy":
        if target.player == unit.player:
            raise IllegalEvent("BG-1.2", f"{ability.name} targets an enemy; {target.name} is not one")
        if frame.interrupt and target is not frame.target:
            raise IllegalEvent("BG-14.1.4", f"in an interrupt, abilities may target only {frame.target.name}")
    if ability.range_in is not None and not massive.in_range(g, unit.cells, target.cells, ability.range_in):
        raise IllegalEvent(
            "BG-16.4.1", f"{target.name} is out of {ability.name}'s range ({ability.range_in}\")"
        )
    if not massive.sight(g, unit.cells, target.cells):  # BG-19.8: any hex of a massive base
        raise IllegalEvent("BG-16.4.2", f"{unit.name} has no line of sight to {target.name}")


def face_toward(g, unit: Unit, target: Unit, event: dict, weapon=None) -> None:
    """BG-10.3.1 / BG-AMB-07: face the adjacent hex closest to the target; ties are the controller's choice.
    BG-19.6 / BG-19.7 when either is massive (``weapon``: the attack's weapon, for a massive attacker)."""
    rule = "BG-10.3.1"
    if unit.shape is None and target.shape is None:
        options = g.board.grid.facings_toward(unit.hex, target.hex)
    else:
        options, rule = massive.facings_toward(g, unit, target, weapon)
        if not options:
            raise IllegalEvent(rule, f"{unit.name} cannot turn to face {target.name}")
    chosen = choose_facing(g, options, event, toward=target, rule=rule, must=f"{unit.name} must face toward")
    massive.face(g, unit, chosen)


def choose_facing(g, options, event: dict, *, toward: Unit, rule: str, must: str) -> int:
    """The facing among ``options`` (those the rules allow) that the event's ``facing`` names. With one
    option it may be left out; a tie must be chosen in the log (BG-AMB-07), or by the simulator's author
    when a log is being written. Returns an int: a log may write 2.0 (BG-10.3.1)."""
    chosen = event.get("facing")
    if chosen is None:
        if len(options) == 1:
            return options[0]
        author = g.dice.author
        if author is None:
            raise IllegalEvent(
                "BG-AMB-07",
                f"two facings are equally close to {toward.name}: the log must choose one "
                f"of {list(options)} ('facing')",
            )
        chosen = event["facing"] = author.choose(list(options))
    if chosen not in options:
        raise IllegalEvent(rule, f"{must} {toward.name}: facing {list(options)}, not {chosen!r}")
    return int(chosen)


# -- single-use items (BG-17.3.5) -------------------------------------------------------------------------
def event_use_item(g, event: dict) -> None:
    top = g.top()
    own = None
    if isinstance(top, Trigger) and top.target.on_board and g.unit(event) is top.target:
        # BG-14.1.7: an interrupted character's controller may use single-use items before the enemy
        # resolves the interrupt; the item works in the interrupted character's own activation/interrupt.
        own = next((f for f in reversed(g.stack) if isinstance(f, Frame) and f.unit is top.target), None)
    if own is not None:
        frame, unit = own, top.target
    else:
        frame, unit = acting_frame(g, event, "use_item")
    iid = g.content.lookup("items", event.get("item"), path="item")
    item = next((i for i in unit.items if i.id == iid), None)
    if item is None:
        raise IllegalEvent("BG-17.3.2", f"{unit.name} has no {g.content.items[iid].name} equipped")
    if not item.single_use:
        raise IllegalEvent("BG-17.3.4", f"{item.name} is not a single-use item")
    if item.id in unit.spent_items:
        raise IllegalEvent("BG-17.3.5", f"{item.name} has already been used and is face down")
    unit.spent_items.add(item.id)
    g.stats.items[(unit.key, item.id)] = g.stats.items.get((unit.key, item.id), 0) + 1
    apply_effect(g, frame, unit, item.use, source=item.name)
