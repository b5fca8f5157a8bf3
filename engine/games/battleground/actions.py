"""Actions inside an activation or interrupt: cards, Focus, Move, Guard, abilities, items (spec §6.6,
§9, §11, §16, §17), and what they set off (opportunity attacks and guard, BG-14.2, BG-11.2.3)."""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.battleground import footprint, timing
from engine.games.battleground.ability_tests import ability_test
from engine.games.battleground.cards import apply_bonus
from engine.games.battleground.effects import apply_effect
from engine.games.battleground.facing import face_toward
from engine.games.battleground.guard import check_guard
from engine.games.battleground.movement import distance_to_goal, parse_path, speed, toward_goal
from engine.games.battleground.platform_push import PlatformPushes
from engine.games.battleground.state import Frame, Trigger, Unit

AFTER_ACTIVATION = "after_activation"  # the continuation once an activation is over (flow.after_activation)

ALLOWED = {
    "activation": {"focus", "move", "attack", "ability", "guard"},
    "guard": {"move", "attack", "ability"},  # BG-14.1.2
    "opportunity": {"attack"},  # BG-14.2.2
}


def refuse_if_interrupts_wait(g) -> None:
    """Interrupts that must start now come before anything else (BG-11.2.3, BG-14.2.1)."""
    top = g.top()
    if isinstance(top, Trigger):
        raise IllegalEvent(*interrupts_waiting(top))


def interrupts_waiting(top: Trigger) -> tuple[str, str]:
    """The rule and, in words, which interrupts must start now and what the log must say next. Neither kind
    may be left out: a guard MUST interrupt (BG-11.2.3) and every engaged enemy resolves its opportunity
    attack (BG-14.2.1), even one that does nothing: it is then started and ended at once."""
    names = " and ".join(u.name for u in top.remaining)
    one = len(top.remaining) == 1
    if top.kind == "guard":
        rule = "BG-11.2.3"
        why = Text(
            "{names} is on guard and must interrupt {name} now"
            if one
            else "{names} are on guard and must interrupt {name} now",
            names=names,
            name=top.target.name,
        )
    else:
        rule = "BG-14.2.1"
        why = Text(
            "{name} is leaving a hex while engaged with {names}: that enemy makes an opportunity attack first"
            if one
            else "{name} is leaving a hex while engaged with {names}: each of them makes an opportunity attack "
            "first",
            name=top.target.name,
            names=names,
        )
    first = top.remaining[0]
    order = "" if one else Text(" (or another of them: their player chooses the order, {rule})", rule=rule)
    return rule, (
        Text(
            (
                '{why}. The next event must be {{"type": "interrupt", "character": "{key}"}}{order}; an '
                'interrupt that does nothing is still written, followed at once by {{"type": "end_interrupt", '
                '"character": "{key}"}}'
            ),
            why=why,
            key=first.key,
            order=order,
        )
    )


def acting_frame(g, event: dict, action: str) -> tuple[Frame, Unit]:
    """The frame an action event belongs to, after checking whose turn it is (BG-28.3 steps 1–2)."""
    stack = g.stack
    top = stack[-1] if stack else None  # g.top(), and below refuse_if_interrupts_wait and g.frame(), inlined
    if isinstance(top, Trigger):
        raise IllegalEvent(*interrupts_waiting(top))
    if not isinstance(top, Frame):
        raise IllegalEvent("BG-6.6.1", "actions happen only during an activation or an interrupt")
    frame = top
    unit = g.unit(event)
    if unit is not frame.unit:
        raise IllegalEvent(
            "BG-6.6.1",
            "{name} is not the character acting now ({name_2} is)",
            name=unit.name,
            name_2=frame.unit.name,
        )
    check_action(frame, action)
    return frame, unit


def check_action(frame: Frame, action: str) -> None:
    """Raise IllegalEvent unless the character of ``frame`` may take ``action`` in it (the handlers, through
    :func:`acting_frame`, and legal_events both ask this)."""
    unit = frame.unit
    if not unit.on_board:
        # BG-13.1.2: knocked out during its own activation or interrupt (e.g. by an opportunity attack), its
        # card and equipment cannot be used any more; the activation or interrupt can only end.
        raise IllegalEvent("BG-13.1.2", "{name} is knocked out and can no longer act", name=unit.name)
    if frame.kind == "activation":  # every action is allowed in an activation (ALLOWED)
        return
    if frame.ap <= 0 and action in ("move", "attack", "ability"):  # an interrupt
        raise IllegalEvent("BG-14.1.5", "{name}'s interrupt has no AP left and is over", name=unit.name)
    if action in ("focus", "move", "attack", "ability", "guard") and action not in ALLOWED[frame.kind]:
        rule = "BG-14.2.2" if frame.kind == "opportunity" else "BG-14.1.2"
        raise IllegalEvent(
            rule,
            "{action} is not allowed in an {kind} interrupt"
            if frame.kind[0] == "o"
            else "{action} is not allowed in a {kind} interrupt",
            action=action,
            kind=frame.kind,
        )


def check_cost(frame: Frame, counter: str, what: str) -> int:
    """BG-6.6.2: the k-th non-free use of an action (or weapon type) in this frame costs k AP; returns k,
    or raises IllegalEvent when the frame has fewer AP (BG-6.6.3)."""
    k = frame.counters.get(counter, 0) + 1
    if frame.ap < k:
        raise IllegalEvent(
            "BG-6.6.3",
            "{what} #{k} costs {k} AP but {name} has {ap}",
            what=what,
            k=k,
            name=frame.unit.name,
            ap=frame.ap,
        )
    return k


def pay_escalating(frame: Frame, counter: str, what: str) -> int:
    """Pay the escalating cost of :func:`check_cost`."""
    k = frame.counters.get(counter, 0) + 1
    if frame.ap < k:
        check_cost(frame, counter, what)  # words the refusal (BG-6.6.3)
    frame.ap -= k
    frame.counters[counter] = k
    return k


# -- cards (BG-6.6.4, BG-14.1.2) -------------------------------------------------------------------------
def event_play_card(g, event: dict) -> None:
    side = g.side(event)
    frame = g.frame()
    if frame is None or frame.player != side.id:
        raise IllegalEvent(
            "BG-6.6.4", "{name} may play cards only during their own activation or interrupt", name=side.name
        )
    cid = g.content.lookup("cards", event.get("card"), path="card")
    if cid not in side.hand:
        raise IllegalEvent(
            "BG-6.6.4", "{name} has no {name_2} in hand", name=side.name, name_2=g.content.cards[cid].name
        )
    side.hand.remove(cid)
    frame.cards.append(cid)
    apply_bonus(g, frame, g.content.cards[cid], event.get("bonus"))  # bonus only, no AP/mana values


# -- Focus (BG-9.1) ------------------------------------------------------------------------------------
def check_focus(frame: Frame) -> None:
    """BG-9.1.1 / BG-6.6.2: one focus token at a time, at the escalating cost."""
    if frame.unit.focused:
        raise IllegalEvent(
            "BG-9.1.1", "{name} is already focused and cannot gain another focus token", name=frame.unit.name
        )
    check_cost(frame, "focus", "Focus")


def event_focus(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "focus")
    check_focus(frame)
    pay_escalating(frame, "focus", "Focus")
    unit.focused = True


# -- Guard (BG-11.2) -----------------------------------------------------------------------------------
def event_guard(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "guard")
    pay_escalating(frame, "guard", "Guard")
    unit.guard = True
    end_activation(g, frame)  # BG-11.2.1: the activation ends immediately


def event_move(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "move")
    board = g.board
    path = parse_path(g, event)
    use_focus = bool(event.get("focus", False))
    if use_focus and not unit.focused:
        raise IllegalEvent("BG-9.1.3", "{name} is not focused and cannot use focused speed", name=unit.name)
    facing = event.get("facing")
    if facing is not None and facing not in range(6):
        raise IllegalEvent("BG-9.2.12", "facing must be a hex side 0–5, not {facing!r}", facing=facing)
    if facing is not None:
        facing = int(facing)  # JSON Schema counts 2.0 as an integer; geometry indexes with it (BG-9.2.12)
    mp, on_difficult = speed(g, unit, use_focus)
    toward = None
    if frame.kind == "guard":
        # BG-14.1.4 b / BG-AMB-20: an interrupt move goes toward the interrupted character by a shortest path.
        toward = distance_to_goal(g, unit, toward_goal(g, frame.target))
    pushes = PlatformPushes(g, unit, event)
    mp_rule = "BG-9.2.4" if on_difficult else "BG-9.2.1"
    cur = footprint.check_path(
        g, unit, path, mp, mp_rule, pushes, footprint.MOVE_ACTION, toward, "BG-14.1.4", frame.target
    )
    if (
        toward is not None
        and path
        and not footprint.sight(g, footprint.cells_at(unit, cur), frame.target.cells)
    ):
        raise IllegalEvent(
            "BG-14.1.4", "an interrupt move must end in line of sight of {name}", name=frame.target.name
        )
    if facing is not None and facing not in footprint.facings_at(g, unit, cur):
        raise IllegalEvent(  # BG-19.2: a massive base turns about its pivot only where it fits
            "BG-19.2",
            "{name} cannot end its move facing side {facing} at {cur}: its whole base would not fit",
            name=unit.name,
            facing=facing,
            cur=board.label(cur),
        )
    pushed = pushes.done()
    pay_escalating(frame, "move", "Move")
    if use_focus:
        unit.focused = False  # BG-9.1.3
    engaged = footprint.engaged_with(g, unit) if path else None  # Game.engaged_with, without its call
    if engaged:
        # BG-14.2.1: each engaged enemy interrupts before the character leaves its hex.
        engaged = sorted(engaged, key=lambda u: u.order)
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
    if not unit.on_board:  # BG-14.2.5: a character knocked out by an opportunity attack does not move
        return
    path = list(then[2])
    if not then[4]:  # BG-14.2.5: a path whose pushes were made stays as declared
        path = footprint.stop_before_occupied(g, unit, path)
    finish_move(g, unit, path, then[3], then[4])


def finish_move(
    g, unit: Unit, path: list[int], facing: int | None, pushed: tuple[tuple[str, int], ...] = ()
) -> None:
    for key, h in pushed:  # BG-9.2.10: characters pushed aside where the mover climbed or descended
        if g.units[key].on_board:
            g.units[key].hex = h
    if path:
        unit.hex = path[-1]
    if facing is not None:
        footprint.face(g, unit, facing)  # BG-9.2.12 (a massive miniature turns about its pivot, BG-19.7)
    if path:  # BG-AMB-16: a move that stays put does not end movement for guard
        check_guard(g, unit)


# -- abilities (BG-11.1, BG-16) --------------------------------------------------------------------------
def abilities_of(unit: Unit) -> list[tuple]:
    """(ability, the item it is on or None) for the abilities of ``unit``'s card, then of its items."""
    return [(a, None) for a in unit.d.abilities] + [(a, item) for item in unit.items for a in item.abilities]


def find_ability(g, unit: Unit, name: str):
    aid = g.content.lookup("abilities", name, path="ability")
    for a, item in abilities_of(unit):
        if a.id == aid:
            return a, item
    raise IllegalEvent(
        "BG-16.2.1",
        "{name} has no ability '{name_2}' on its card or equipped items",
        name=unit.name,
        name_2=name,
    )


def check_ability(frame: Frame, ability, item) -> None:
    """Raise IllegalEvent unless the acting character may use ``ability`` (on ``item``, or its card) now,
    whatever its target: active, not used yet in this frame, its item not used up, AP and mana to pay."""
    unit = frame.unit
    if ability.kind != "active":
        raise IllegalEvent("BG-16.2.1", "{name} is passive and is not used as an action", name=ability.name)
    if ability.id in frame.abilities_used:
        raise IllegalEvent(
            "BG-11.1.3", "{name} has already been used in this activation or interrupt", name=ability.name
        )
    if item is not None and item.id in unit.spent_items:
        raise IllegalEvent("BG-17.3.5", "{name} has been used up", name=item.name)
    if frame.ap < ability.ap:
        raise IllegalEvent(
            "BG-6.6.3",
            "{name} costs {ap} AP but {name_2} has {ap_2}",
            name=ability.name,
            ap=ability.ap,
            name_2=unit.name,
            ap_2=frame.ap,
        )
    if unit.mana < ability.mana:
        raise IllegalEvent(
            "BG-11.1.2",
            "{name} costs {mana} mana but {name_2} has {mana_2}",
            name=ability.name,
            mana=ability.mana,
            name_2=unit.name,
            mana_2=unit.mana,
        )


def event_ability(g, event: dict) -> None:
    frame, unit = acting_frame(g, event, "ability")
    ability, item = find_ability(g, unit, event.get("ability"))
    check_ability(frame, ability, item)
    target = unit
    if ability.target != "self":
        target = g.unit(event, "target")
        check_ability_target(g, frame, unit, ability, target)
        face_toward(g, unit, target, event)  # BG-16.4.2
    frame.ap -= ability.ap
    unit.mana -= ability.mana
    frame.abilities_used.add(ability.id)
    if ability.test is not None:
        if not ability_test(g, frame, unit, ability, target, event):
            return  # BG-16.4.3: the test failed, the effect does not resolve
    elif "attack" in event or "defence" in event:
        raise UnreadableLog(
            "{name} calls for no test; the event carries dice", name=ability.name, rule="LOG-5.2"
        )
    apply_effect(g, frame, target, ability.effect, source=ability.name)


def check_ability_target(g, frame: Frame, unit: Unit, ability, target: Unit) -> None:
    """BG-16.4.1 / BG-16.4.2: the kind of target the ability names, within its range and in LoS; in an
    interrupt an enemy target is the interrupted character (BG-14.1.4 a)."""
    if not target.on_board:
        raise IllegalEvent("BG-13.1.2", "{name} is knocked out", name=target.name)
    if ability.target == "ally" and (target.player != unit.player or target is unit):
        raise IllegalEvent(
            "BG-1.2", "{name} targets an ally; {name_2} is not one", name=ability.name, name_2=target.name
        )
    if ability.target == "enemy":
        if target.player == unit.player:
            raise IllegalEvent(
                "BG-1.2",
                "{name} targets an enemy; {name_2} is not one",
                name=ability.name,
                name_2=target.name,
            )
        if frame.interrupt and target is not frame.target:
            raise IllegalEvent(
                "BG-14.1.4", "in an interrupt, abilities may target only {name}", name=frame.target.name
            )
    if ability.range_in is not None and not footprint.in_range(g, unit.cells, target.cells, ability.range_in):
        raise IllegalEvent(
            "BG-16.4.1",
            "{name} is out of {name_2}'s range ({range_in}\")",
            name=target.name,
            name_2=ability.name,
            range_in=ability.range_in,
        )
    if not footprint.sight(g, unit.cells, target.cells):  # BG-19.8: any hex of a massive base
        raise IllegalEvent(
            "BG-16.4.2", "{name} has no line of sight to {name_2}", name=unit.name, name_2=target.name
        )


# -- single-use items (BG-17.3.5) -------------------------------------------------------------------------
def check_item(unit: Unit, item) -> None:
    """BG-17.3.4 / BG-17.3.5: only a single-use item is used, once."""
    if not item.single_use:
        raise IllegalEvent("BG-17.3.4", "{name} is not a single-use item", name=item.name)
    if item.id in unit.spent_items:
        raise IllegalEvent("BG-17.3.5", "{name} has already been used and is face down", name=item.name)


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
        raise IllegalEvent(
            "BG-17.3.2", "{name} has no {name_2} equipped", name=unit.name, name_2=g.content.items[iid].name
        )
    check_item(unit, item)
    unit.spent_items.add(item.id)
    g.stats.items[(unit.key, item.id)] = g.stats.items.get((unit.key, item.id), 0) + 1
    apply_effect(g, frame, unit, item.use, source=item.name)


def end_activation(g, frame: Frame) -> None:
    unit = frame.unit
    side = g.sides[unit.player]
    play_area, cards_on = side.play_area, unit.cards_on
    for c in frame.cards:  # BG-6.7.1 (a loop: a generator costs more for the card or two of an activation)
        if c not in play_area:
            cards_on.append(c)
    unit.activated = True  # BG-AMB-43: a flag, whatever happened to the cards
    g.stack.pop()
    timing.fire(g, unit, "end_of_activation", frame, (AFTER_ACTIVATION,))  # BG-6.7.4, BG-20.1
