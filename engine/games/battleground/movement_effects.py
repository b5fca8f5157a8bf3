"""Movement effects (spec §18) and the free Move of BG-17.1.1 (the push of BG-9.2.10: platform_push.py).

An effect's ``move`` key (docs/content-packs.md, "Movement effects") moves a character in one of the ways
§18 defines:

- ``move``: a Move action the effect grants (BG-9.2), e.g. the free Move of BG-EX-03;
- ``toward``, ``charge`` (BG-18.1, BG-18.2): the Move rules along a shortest path toward the indicated
  character (BG-AMB-19), turning to face it at the end; a charge must end beside it. A toward may head for
  an object instead (``"toward": "objective"`` or ``"marker"``): one the player picks among the objective
  tokens still on the battlefield, or the markers; it is reached on its own hex when the mover can enter
  that hex, else beside it (BG-AMB-19);
- ``teleport``, ``jump`` (BG-18.3, BG-18.4): every surrounding hex counts as adjacent, and characters,
  obstacles and difficult-terrain penalties are ignored (IT/ES, BG-DIS-08); nothing ends it early;
- ``push``, ``pull`` (BG-18.5): a straight line away from, or toward, the character causing it, stopping
  before terrain or another miniature (BG-AMB-18);
- ``swap`` (BG-18.6): the two characters exchange hexes.

What the players decide (the path, the final facing where the rules allow one, the hex at a tie in a push
line, the object a toward heads for) opens a ``movement`` pending choice, resolved by the very next event
(pending.py; BG-17.1.2: nothing comes in between): ``{"type": "movement", "character", "path", "facing",
"focus", "push", "hex"}``. Where the rules leave no choice (a push or pull along a unique line, a swap) the
engine resolves it at once.

A movement effect costs nothing by itself (the ability, item or card states the cost). It advances the
Move-action counter only when the effect calls it a Move action (§18 preamble), and never when it is a free
action (BG-17.1.1).

Massive miniatures (§19; docs/content-packs.md, "Movement effects"): they cannot be pushed or pulled, not
even aside by a climb (BG-19.10), nor swapped with a one-hex miniature (BG-19.11). A move, toward or
charge moves any footprint step by step as a Move does (BG-19.2–19.5, BG-AMB-28: footprint.check_path);
a teleport or jump moves its facing hex and must end where the whole base fits (BG-19.2); turning it
always goes about its pivot (footprint.face). A toward or charge aimed at a massive miniature heads for any
hex beside its base (BG-19.1), and a push or pull it causes runs from the hex of its base nearest to the
character moved.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.battleground import footprint, pending, toward_objects
from engine.games.battleground.facing import choose_facing
from engine.games.battleground.guard import check_guard
from engine.games.battleground.movement import distance_to_goal, parse_path, reachable, speed, toward_goal
from engine.games.battleground.platform_push import PlatformPushes
from engine.games.battleground.state import Frame, Pending, Trigger, Unit
from engine.games.battleground.toward_objects import Token

PENDING = "movement"  # the pending choice's kind and its resolving event type
WALKS = ("move", "toward", "charge")  # step by step under the Move rules (BG-9.2)
FLIGHTS = ("teleport", "jump")  # every surrounding hex adjacent (BG-18.3, BG-18.4)
LINES = ("push", "pull")  # straight lines (BG-18.5)
RULE = {
    "move": "BG-17.1.1",
    "toward": "BG-18.1",
    "charge": "BG-18.2",
    "teleport": "BG-18.3",
    "jump": "BG-18.4",
    "push": "BG-18.5.2",
    "pull": "BG-18.5.2",
    "swap": "BG-18.6",
}


# -- the effect ------------------------------------------------------------------------------------------
def _cast(frame: Frame, target: Unit, value: dict) -> tuple[Unit, Unit | None, Unit | None]:
    """(the character that moves, the indicated character of a toward/charge, the character causing a push
    or pull) for an effect used by ``frame.unit`` on ``target``. A toward that heads for an object
    indicates no character (toward_objects.py)."""
    actor, kind = frame.unit, value["kind"]
    who = value.get("who", "target" if kind in LINES else "self")
    mover = actor if who == "self" else target
    other = target if mover is actor else actor
    other = None if other is mover else other
    indicated = None
    aim = value.get("toward", "target" if mover is actor else "self")
    if kind == "charge" and aim in toward_objects.KINDS:
        raise UnreadableLog("content pack: a charge heads for a character (BG-18.2)", rule="LOG-3.5")
    if kind in ("toward", "charge") and aim not in toward_objects.KINDS:
        indicated = target if aim == "target" else actor
        if indicated is mover:
            raise UnreadableLog(
                "content pack: a '{kind}' movement needs a character other than the one moving",
                kind=kind,
                rule="LOG-3.5",
            )
    return mover, indicated, other if kind in LINES else None


def check(g, frame: Frame, target: Unit, value: dict) -> None:
    """Refuse an effect whose movement cannot be resolved (choices.legal_events asks before offering it)."""
    top = g.top()
    if isinstance(top, Trigger) and top.then is not None:
        # BG-14.2.1: the opportunity attacks come after the move is declared and before the character
        # leaves its hex; nothing may move it in between (a single-use item used then, BG-14.1.7).
        raise IllegalEvent(
            "BG-14.2.1", "{name}'s declared movement waits for its opportunity attacks", name=top.target.name
        )
    kind = value["kind"]
    mover, indicated, _ = _cast(frame, target, value)
    if kind == "swap":
        if target is frame.unit:
            raise UnreadableLog("content pack: a swap needs two characters", rule="LOG-3.5")
        footprint.check_swap(g, frame.unit, target)  # BG-19.11, BG-19.2
    elif kind in LINES and not mover.footprint.pushable:
        raise IllegalEvent(
            "BG-19.10", "{name} is a massive miniature and cannot be {kind}ed", name=mover.name, kind=kind
        )
    elif kind == "toward" and indicated is None:
        _check_objects(g, mover, value)
    elif (
        (kind == "charge" or (kind == "toward" and not mover.footprint.turns_freely))
        and mover.on_board
        and indicated.on_board
    ):
        # A charge must reach its target (BG-18.2); a toward always has a way (staying put, turning to face
        # it) unless a massive base cannot turn to face it anywhere it may end (BG-19.2).
        spec = {"kind": kind, "mp": value.get("mp"), "indicated": indicated.key}
        ends = _destinations(g, mover, spec, mover.focused)
        if not any(_toward_facings(g, mover, h, indicated) for h in ends):
            mp = _mp(g, mover, kind, value.get("mp"), mover.focused)
            raise IllegalEvent(
                RULE[kind],
                "{name} cannot {kind} {indicated}: no shortest path within {mp} MP ends beside it"
                if kind == "charge"
                else "{name} cannot {kind} {indicated}: no shortest path within {mp} MP ends where it can turn "
                "to face it",
                name=mover.name,
                kind=kind,
                indicated=indicated.name,
                mp=mp,
            )


def _check_objects(g, mover: Unit, value: dict) -> None:
    """A toward that heads for an object needs one on the battlefield (BG-18.1), and a massive mover a place
    it may end facing one (BG-19.2), as for a character."""
    what = toward_objects.KINDS[value["toward"]]
    found = toward_objects.on_battlefield(g, value["toward"])
    if not found:
        raise IllegalEvent(
            "BG-18.1",
            "{name} cannot head for any {what}: none is on the battlefield",
            name=mover.name,
            what=what,
        )
    if mover.footprint.turns_freely or not mover.on_board:
        return
    spec = {"kind": "toward", "mp": value.get("mp")}
    for token in found:
        ends = _destinations(g, mover, {**spec, "token": token}, mover.focused)
        if any(_toward_facings(g, mover, h, token) for h in ends):
            return
    mp = _mp(g, mover, "toward", value.get("mp"), mover.focused)
    raise IllegalEvent(
        "BG-18.1",
        (
            "{name} cannot head for any {what}: no shortest path within {mp} MP ends where it can turn to "
            "face one"
        ),
        name=mover.name,
        what=what,
        mp=mp,
    )


def apply_move(g, frame: Frame, target: Unit, value: dict, source: str) -> None:
    check(g, frame, target, value)
    kind = value["kind"]
    mover, indicated, causer = _cast(frame, target, value)
    if not mover.on_board or (indicated is not None and not indicated.on_board):
        return  # e.g. knocked out by an earlier part of the same effect
    if value.get("move_action", kind == "move") and not value.get("free_action", False):
        frame.counters["move"] = frame.counters.get("move", 0) + 1  # §18 preamble; BG-17.1.1 when free
    if kind == "swap":
        swap_resume(g, ("swap", frame.unit.key, target.key, 0))
        return
    spec: dict = {"kind": kind}
    if kind in LINES:
        spec["paths"] = push_paths(g, mover, causer, value["hexes"], away=kind == "push")
        if len(spec["paths"]) == 1:
            _place(mover, spec["paths"][0])  # BG-18.5.5: no rotation; BG-18.5.6: no interrupts
            return
    else:
        spec["mp"] = value.get("mp")
        spec["indicated"] = indicated.key if indicated is not None else None
        if kind == "toward" and indicated is None:
            spec["object"] = value["toward"]  # the player picks which one in the movement event
        # BG-14.1.4 b: a Move action in a guard interrupt goes toward the interrupted character.
        spec["interrupted"] = (
            frame.target.key if kind == "move" and frame.kind == "guard" and mover is frame.unit else None
        )
        # BG-11.2.4 / BG-AMB-21 c: Move actions, toward, charge and jump (BG-AMB-22) can trigger guard;
        # guard interrupts an enemy's activation or interrupt, so only a character of the acting side does.
        spec["guard"] = mover.player == frame.player and _interrupts(g, kind)
    pending.open_choice(
        g, Pending(kind=PENDING, unit=mover, chooser=frame.player, frame=frame, spec=spec, source=source)
    )


def _interrupts(g, kind: str) -> bool:
    """BG-11.2.4 / BG-14.2.4 / BG-AMB-22: may this movement cause opportunity attacks and guard interrupts?"""
    return kind in WALKS or (kind == "jump" and g.options["jump_triggers_interrupts"])


def _mp(g, unit: Unit, kind: str, mp: int | None, use_focus: bool) -> int:
    """Movement points: the effect's own number, or the character's speed as for a Move (BG-9.2.1).

    Starting on difficult terrain costs 2 (BG-9.2.4) under the Move rules; teleport and jump ignore that
    penalty (BG-18.3, BG-18.4). Haste and Slow change speed, so only a speed-based movement feels them.
    """
    on_difficult = _on_difficult(g, unit)
    if mp is None:
        if kind in WALKS:
            return speed(g, unit, use_focus)[0]
        base = unit.d.speed[1] if use_focus else unit.d.speed[0]
        mp = base + (2 if unit.buff == "haste" else 0) - (2 if unit.debuff == "slow" else 0)
    elif kind in WALKS and on_difficult:
        mp -= 2
    return max(mp, 0)


def _on_difficult(g, unit: Unit) -> bool:
    """BG-9.2.4 (a massive base starts on difficult terrain when any hex of it does)."""
    return footprint.on_difficult(g, unit)


# -- push and pull (BG-18.5) --------------------------------------------------------------------------------
def push_paths(g, unit: Unit, causer: Unit | None, hexes: int, *, away: bool) -> list[tuple[int, ...]]:
    """Every way a push or pull of ``unit`` can go, as the hexes entered (BG-18.5.1–18.5.4, BG-AMB-18).

    With a character causing it, the line runs away from it (push) or toward it (pull) along the
    extended centre line (HexGrid.push_line); at a tie the effect's controller picks either hex. Without
    one (a character pushing itself), any of the six straight lines. Each line is cut where the movement
    stops (:func:`_travel`). A massive character causing it: the line runs from the hex of its base
    nearest to ``unit``, or from any of them at a tie, the controller choosing (BG-18.5.2 with BG-19.1,
    BG-2.3.2: its base is where it stands; the rules name no hex).
    """
    grid = g.board.grid
    if causer is None:
        lines = [[(h,) for h in grid.ray(unit.hex, d, hexes)] for d in range(6)]
    else:
        near = min(grid.hex_distance(c, unit.hex) for c in causer.cells)
        lines = [
            grid.push_line(c, unit.hex, hexes, away)
            for c in sorted(causer.cells)
            if grid.hex_distance(c, unit.hex) == near
        ]
    occupied = set(footprint.occupants(g, unit))  # every hex of a massive base (BG-19.1)
    found: list[tuple[int, ...]] = []
    for line in lines:
        for path in _line_choices(grid, unit.hex, line):
            travelled = _travel(g, unit.hex, path, occupied)
            if travelled not in found:
                found.append(travelled)
    return found


def _line_choices(grid, start: int, line: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """One path per choice at each tie, each step sharing a side with the one before (BG-18.5.1); a path
    whose last hex shares no side with the line's next hexes ends there."""
    paths: list[tuple[int, ...]] = [()]
    ended: list[tuple[int, ...]] = []
    for options in line:
        longer = []
        for path in paths:
            prev = path[-1] if path else start
            steps = [path + (h,) for h in options if grid.direction_to(prev, h) is not None]
            longer += steps
            if not steps:
                ended.append(path)
        paths = longer
    return paths + ended


def _travel(g, start: int, path: tuple[int, ...], occupied: set[int]) -> tuple[int, ...]:
    """The part of a push line the character really travels.

    BG-18.5.3 / BG-AMB-18 problem 3: it stops before a hex holding another miniature or a terrain element
    (an obstacle, a ladder, a platform's side, an edge blocker; difficult terrain unless the ruleset option
    ``push_stops_at_difficult`` is false). Along a platform it goes on. BG-18.5.4: pushed off elevated
    terrain it makes a free descend (where BG-9.2.8 allows one) and stops there.
    """
    board = g.board
    stop_at_difficult = g.options["push_stops_at_difficult"]
    out: list[int] = []
    cur = start
    for nxt in path:
        kind = board.kind[nxt]
        if (
            nxt in occupied
            or kind in ("low", "high", "ladder")
            or (kind == "difficult" and stop_at_difficult)
        ):
            break
        if board.height[nxt] < board.height[cur]:
            if board.climbs(cur, nxt):
                out.append(nxt)
            break
        if nxt not in board.adjacent[cur]:
            break
        out.append(nxt)
        cur = nxt
    return tuple(out)


def _place(unit: Unit, path) -> None:
    if path:
        unit.hex = path[-1]


# -- swap (BG-18.6) -----------------------------------------------------------------------------------------
def swap_resume(g, then: tuple) -> None:
    """BG-18.6 / BG-14.2.4: swapping can cause opportunity attacks; each character about to leave an engaged
    hex gets them, the one using the effect first. Swapping never triggers guard and nobody rotates.

    Interpretation (as BG-14.2.5): if either character is knocked out meanwhile, the swap does not happen.
    """
    _, a_key, b_key, stage = then
    a, b = g.units[a_key], g.units[b_key]
    if not (a.on_board and b.on_board):
        return
    for i in range(stage, 2):
        leaving = (a, b)[i]
        engaged = sorted(g.engaged_with(leaving), key=lambda u: u.order)
        if engaged:
            g.stack.append(
                Trigger(
                    kind="opportunity", remaining=engaged, target=leaving, then=("swap", a_key, b_key, i + 1)
                )
            )
            return
    a.hex, b.hex = b.hex, a.hex  # a massive base keeps its facing (BG-18.6) and follows its facing hex


# -- toward, charge, Move: the Move rules step by step -------------------------------------------------------
def _aim(g, unit: Unit, spec: dict) -> tuple[dict | None, set[int], str, Unit | Token | None]:
    """(distance to the goal per hex, the goal hexes, the rule, the character or object aimed at) for a
    movement that must take a shortest path (BG-AMB-19), or (None, ∅, "", None). ``spec["token"]``: the
    object a toward heads for, once chosen."""
    token = spec.get("token")
    if token is not None:
        dist, goal = toward_objects.goal(g, unit, token)
        return dist, goal, RULE["toward"], token
    key = spec.get("indicated") or spec.get("interrupted")
    if key is None:
        return None, set(), "", None
    aimed = g.units[key]
    goal = toward_goal(g, aimed)
    rule = "BG-14.1.4" if spec.get("interrupted") else RULE[spec["kind"]]
    return distance_to_goal(g, unit, goal), goal, rule, aimed


def _walk(g, unit: Unit, spec: dict, path: list[int], mp: int, mp_rule: str, event: dict):
    """Check a path under the Move rules plus the effect's constraints; return the platform pushes."""
    board = g.board
    dist, goal, rule, aimed = _aim(g, unit, spec)
    pushes = PlatformPushes(g, unit, event)
    cur = footprint.check_path(
        g, unit, path, mp, mp_rule, pushes, footprint.MOVEMENT_EFFECT, dist, rule, aimed
    )
    pushed = pushes.done()  # a massive base pushes nobody aside (BG-19.2), so it refuses a 'push' named
    cells = footprint.cells_at(unit, cur)
    if spec["kind"] == "charge" and not any(c in goal for c in cells):
        raise IllegalEvent(
            "BG-18.2", "a charge must end beside {name}; {cur} is not", name=aimed.name, cur=board.label(cur)
        )
    if spec.get("interrupted") and path and not footprint.sight(g, cells, aimed.cells):
        raise IllegalEvent(
            "BG-14.1.4", "an interrupt move must end in line of sight of {name}", name=aimed.name
        )
    return pushed


def _walk_paths(g, unit: Unit, mp: int, dist: dict | None) -> dict[int, list[int]]:
    """Destination → one legal path under the Move rules within ``mp``; with ``dist``, only steps along
    a shortest path to the goal (BG-AMB-19). The start is included (an empty path). A massive base
    steps whole (BG-19.2, BG-AMB-28; movement.reachable)."""
    return _paths(reachable(g, unit, unit.hex, mp, dist))


def _paths(best: dict) -> dict[int, list[int]]:
    """Each hex of a reachable table (hex → (cost, previous)) → the path to it."""
    paths = {}
    for h in best:
        path, x = [], h
        while best[x][1] is not None:
            path.append(x)
            x = best[x][1]
        paths[h] = path[::-1]
    return paths


def _destinations(g, unit: Unit, spec: dict, use_focus: bool) -> dict[int, list[int]]:
    """Every place a movement (not a push or pull) may end → one legal path to it."""
    kind = spec["kind"]
    mp = _mp(g, unit, kind, spec.get("mp"), use_focus)
    if kind in FLIGHTS:
        return _flight_paths(g, unit, mp)
    dist, goal, _, aimed = _aim(g, unit, spec)
    paths = _walk_paths(g, unit, mp, dist)
    if kind == "charge":
        paths = {h: p for h, p in paths.items() if any(c in goal for c in footprint.cells_at(unit, h))}
    if spec.get("interrupted"):
        paths = {
            h: p
            for h, p in paths.items()
            if not p or footprint.sight(g, footprint.cells_at(unit, h), aimed.cells)
        }
    return paths


def _toward_facings(g, unit: Unit, end: int, aimed: Unit | Token) -> list[int]:
    """BG-18.1 / BG-18.2: the facings that face ``aimed`` once ``unit`` stands on ``end`` (BG-10.3.1;
    any hex of a massive target, BG-19.6; a massive mover turns about its pivot until its facing hex is
    beside the target or the hex closest to it, where its whole base fits, BG-19.7, BG-19.2). ``aimed``
    may be an object (toward_objects.py): standing on it, every side is equally close (BG-AMB-07)."""
    start = unit.hex
    unit.hex = end  # evaluated where it will stand; nothing else moves meanwhile
    try:
        return footprint.facings_toward(g, unit, aimed)[0]
    finally:
        unit.hex = start


# -- teleport and jump ---------------------------------------------------------------------------------------
def _fly(g, unit: Unit, kind: str, path: list[int], mp: int) -> None:
    """BG-18.3 / BG-18.4: each step to a surrounding hex for 1 MP, whatever its height, terrain or occupant;
    the movement ends on an empty hex a character can stand on. A massive miniature's path lists its
    facing hex; only where it ends counts, and there its whole base must fit (BG-19.2)."""
    board, rule = g.board, RULE[kind]
    if len(path) > mp:
        raise IllegalEvent(
            "BG-9.2.1",
            "{name}'s {kind} takes {path_count} movement points but has {mp}",
            name=unit.name,
            kind=kind,
            path_count=len(path),
            mp=mp,
        )
    cur = unit.hex
    for h in path:
        if board.grid.direction_to(cur, h) is None:
            raise IllegalEvent(
                rule, "{cur}→{h}: each step goes to a surrounding hex", cur=board.label(cur), h=board.label(h)
            )
        cur = h
    if path:
        footprint.check_landing(g, unit, cur, kind, rule)  # BG-18.3, BG-18.4; the whole base, BG-19.2


def _flight_paths(g, unit: Unit, mp: int) -> dict[int, list[int]]:
    board = g.board
    occupied = footprint.occupants(g, unit)
    paths = {unit.hex: []}
    for h in board.grid.within(unit.hex, mp):
        if h == unit.hex:
            continue
        if footprint.fits(board, footprint.cells_at(unit, h), occupied):
            paths[h] = list(board.grid.line_hexes(unit.hex, h)[1:])
    return paths


# -- the movement event -------------------------------------------------------------------------------------
def _resolve(g, pend: Pending, event: dict) -> None:
    unit, spec = pend.unit, pend.spec
    kind = spec["kind"]
    if g.unit(event) is not unit:
        raise IllegalEvent(
            "BG-17.1.2", "the movement from {source} is {name}'s", source=pend.source, name=unit.name
        )
    path = parse_path(g, event)
    facing = event.get("facing")
    if facing is not None and facing not in range(6):
        raise IllegalEvent("BG-9.2.12", "facing must be a hex side 0–5, not {facing!r}", facing=facing)
    use_focus = bool(event.get("focus", False))
    board = g.board
    if spec.get("object"):
        spec = {**spec, "token": toward_objects.chosen(g, unit, spec["object"], event)}  # BG-18.1
    elif "hex" in event:
        raise UnreadableLog(
            "a 'movement' names a 'hex' only for a toward that heads for an object", rule="LOG-5.2"
        )
    if kind in LINES:
        if facing is not None:
            raise IllegalEvent("BG-18.5.5", "a {kind}ed character does not rotate", kind=kind)
        if use_focus or event.get("push"):
            raise IllegalEvent(
                RULE[kind], "a {kind} spends no movement points and pushes nobody aside", kind=kind
            )
        if tuple(path) not in spec["paths"]:
            ways = " or ".join("[" + ", ".join(map(board.label, p)) + "]" for p in spec["paths"])
            raise IllegalEvent(
                RULE[kind], "{name} is {kind}ed along {ways}", name=unit.name, kind=kind, ways=ways
            )
        _place(unit, path)  # BG-18.5.5: no rotation; BG-18.5.6: no opportunity attacks, no guard
        return
    if use_focus and spec["mp"] is not None:
        raise IllegalEvent(
            "BG-9.1.3",
            "{source} gives {mp} movement points; focus cannot change them",
            source=pend.source,
            mp=spec["mp"],
        )
    if use_focus and not unit.focused:
        raise IllegalEvent("BG-9.1.3", "{name} is not focused and cannot use focused speed", name=unit.name)
    mp = _mp(g, unit, kind, spec["mp"], use_focus)
    pushed: tuple = ()
    if kind in WALKS:
        mp_rule = "BG-9.2.4" if _on_difficult(g, unit) else "BG-9.2.1"
        pushed = _walk(g, unit, spec, path, mp, mp_rule, event)
    else:
        if event.get("push"):
            raise IllegalEvent(RULE[kind], "a {kind} ends on an empty hex and pushes nobody aside", kind=kind)
        _fly(g, unit, kind, path, mp)
    end = path[-1] if path else unit.hex
    aimed = g.units[spec["indicated"]] if spec.get("indicated") else spec.get("token")
    if aimed is not None:
        facing = _forced_facing(g, unit, aimed, end, facing, event, RULE[kind])
    elif facing is not None and kind != "teleport" and unit.player != pend.chooser:
        # BG-9.2.12: nobody rotates an opponent's miniature; after a teleport its controller may (BG-18.3).
        raise IllegalEvent(
            "BG-9.2.12", "{name} may not rotate {name_2}", name=g.sides[pend.chooser].name, name_2=unit.name
        )
    elif facing is not None and facing not in footprint.facings_at(g, unit, end):
        raise IllegalEvent(
            "BG-19.2",
            "{name} cannot end facing side {facing} at {end}: its whole base would not fit",
            name=unit.name,
            facing=facing,
            end=board.label(end),
        )
    if use_focus:
        unit.focused = False  # BG-9.1.3
    then = ("movement", unit.key, tuple(path), None if facing is None else int(facing), pushed, spec["guard"])
    engaged = sorted(g.engaged_with(unit), key=lambda u: u.order)
    if path and engaged and _interrupts(g, kind):
        # BG-14.2.1 / BG-14.2.4: before it leaves its hex (never for a teleport, or a jump under
        # jump_triggers_interrupts=false, BG-AMB-22).
        g.stack.append(Trigger(kind="opportunity", remaining=engaged, target=unit, then=then))
        return
    arrive(g, then)


def _forced_facing(g, unit: Unit, aimed: Unit | Token, end: int, facing, event: dict, rule: str) -> int:
    """BG-18.1 / BG-18.2: the mover ends facing the indicated character or object (BG-10.3.1; ties are the
    controller's choice, BG-AMB-07; BG-19.6 / BG-19.7 when either is massive)."""
    options = _toward_facings(g, unit, end, aimed)
    if not options:
        raise IllegalEvent(
            "BG-19.2",
            "{name} cannot turn to face {name_2} at {end}: its base would not fit",
            name=unit.name,
            name_2=aimed.name,
            end=g.board.label(end),
        )
    if facing is not None:
        event = {**event, "facing": facing}
    return choose_facing(g, options, event, toward=aimed, rule=rule, must=f"{unit.name} must end facing")


def arrive(g, then: tuple) -> None:
    _, key, path, facing, pushed, guard = then
    unit = g.units[key]
    if not unit.on_board:
        return  # BG-14.2.5: knocked out by an opportunity attack, it does not move
    for pushed_key, h in pushed:
        if g.units[pushed_key].on_board:
            g.units[pushed_key].hex = h  # BG-9.2.10
    _place(unit, path)
    if facing is not None:
        footprint.face(g, unit, facing)  # a massive base turns about its pivot (BG-19.7)
    if guard and path:
        check_guard(g, unit)  # BG-AMB-21 d: once, after the final rotation


def _options(g, pend: Pending) -> list[dict]:
    """Every legal movement event: each push line; one path per destination otherwise (with each facing
    a tie allows for toward and charge, with focused speed where focus may be spent, for each object a
    toward may head for, and each Move that ends climbing or descending into an occupied hex)."""
    unit, spec = pend.unit, pend.spec
    kind, board = spec["kind"], g.board
    base = {"type": "movement", "character": unit.ref}
    if kind in LINES:
        return [{**base, "path": [board.label(h) for h in p]} for p in spec["paths"]]
    out = []
    focus_choices = (False, True) if spec["mp"] is None and unit.focused else (False,)
    # BG-9.2.10: a Move's climb into an occupied hex pushes its occupant aside; a movement that must take
    # a shortest path never enters one (BG-AMB-19: the distances run over hexes free of other miniatures).
    pushes = kind == "move" and not spec.get("interrupted")
    tokens = toward_objects.on_battlefield(g, spec["object"]) if spec.get("object") else [None]
    for token in tokens:
        aim = dict(spec, token=token) if token is not None else spec
        aimed = g.units[spec["indicated"]] if spec.get("indicated") else token
        for use_focus in focus_choices:
            extra = {"focus": True} if use_focus else {}
            if token is not None:
                extra["hex"] = board.label(token.hex)
            if pushes:
                mp = _mp(g, unit, kind, spec["mp"], use_focus)
                best = reachable(g, unit, unit.hex, mp)
                paths = _paths(best)
                for h, b, aside in footprint.platform_push_moves(g, unit, best, mp):
                    path = [board.label(x) for x in paths[h] + [b]]
                    out.append({**base, "path": path, **extra, "push": [board.label(aside)]})
            else:
                paths = _destinations(g, unit, aim, use_focus)
            for h in sorted(paths):
                ev = {**base, "path": [board.label(x) for x in paths[h]], **extra}
                facings = [None]
                if aimed is not None:
                    options = _toward_facings(g, unit, h, aimed)
                    if not options:
                        continue  # BG-19.2: a massive base that cannot turn to face it there cannot end there
                    facings = list(options) if len(options) > 1 else [None]
                for f in facings:
                    out.append(ev if f is None else {**ev, "facing": f})
    return out


RESOLVER = pending.Resolver(
    event_type=PENDING,
    rule="BG-17.1.2",  # it happens at once: nothing in between, not even a free action
    what="movement",
    apply=_resolve,
    options=_options,
)
