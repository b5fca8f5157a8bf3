"""Effect timing (spec BG-20.1): passive abilities that trigger in a window of an activation or interrupt.

An ability (on a character card or an equipped item) with ``"kind": "passive"`` and
``"when": "on_activation" | "end_of_activation" | "on_interrupt" | "end_of_interrupt"`` resolves its
``effect`` on its own character at that moment, once per occasion (BG-16.2.2):

- on_activation: between steps 3 and 4, after AP, mana and the card's bonus, before any action;
- end_of_activation: immediately after step 5 (BG-6.7.4), before the next activation or the cleanup;
- on_interrupt: after the interrupt is triggered and before the interrupting character receives its AP or
  acts (IT/ES, BG-AMB-32, BG-DIS-05), so the interrupt's restrictions (BG-14.1.4) do not yet apply;
- end_of_interrupt: immediately after the interrupt ends.

A character knocked out can no longer use its card or equipment (BG-13.1.2): nothing triggers for it.
When several trigger at once, their controller (the active or interrupting player) chooses the order: a
pending choice resolved by ``{"type": "resolve_trigger", "character": …, "ability": …}`` names the one to
resolve next, until one is left, which resolves by itself. Where the order cannot matter (the same effect
each time, or only AP gained) they resolve in card order without a choice. Effects that need a decision of their own
(a marker's hex) open their choice before the next ability is chosen.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground import pending
from engine.games.battleground.content import Ability
from engine.games.battleground.effects import apply_effect, resolvable
from engine.games.battleground.state import Continuation, Frame, Pending, Unit

WINDOWS = ("on_activation", "end_of_activation", "on_interrupt", "end_of_interrupt")
KIND = "trigger"
EVENT = "resolve_trigger"
NEXT = "trigger_next"  # the continuation that resolves the next triggered ability
WINDOW_NAMES = {
    "on_activation": "on activation",
    "end_of_activation": "at the end of the activation",
    "on_interrupt": "on interrupt",
    "end_of_interrupt": "at the end of the interrupt",
}


def triggered(unit: Unit, window: str) -> list[Ability]:
    """The passive abilities of ``unit``'s card and equipped items that trigger in ``window``."""
    if not unit.on_board:
        return []
    by_window = unit.passives
    if by_window is None:  # asked at every activation and interrupt: sorted by window once
        by_window = {}
        for a in list(unit.d.abilities) + [a for item in unit.items for a in item.abilities]:
            if a.kind == "passive":
                by_window.setdefault(a.when, []).append(a)
        unit.passives = by_window
    return list(by_window.get(window, ()))


def fire(g, unit: Unit, window: str, frame: Frame, then: Continuation | None = None) -> None:
    """Resolve ``unit``'s abilities that trigger in ``window`` within ``frame``, then run the continuation
    ``then`` (at once when nothing triggers and no choice is needed)."""
    stack = g.stack  # pending.current(g) and triggered(unit, window), without their calls or list copy:
    # nothing waits and nothing triggers at almost every activation and interrupt
    waiting = stack and isinstance(stack[-1], Pending)
    passives = unit.passives  # triggered() files only the windows that have an ability
    fires = bool(triggered(unit, window)) if passives is None or not unit.on_board else window in passives
    if not waiting and not fires:
        if then is not None:
            g.proceed(
                then
            )  # nothing triggers and nothing waits: the usual case, at every activation and interrupt
        return
    since = g.top()  # interrupts already waiting are not the ones these effects set off
    # The abilities are looked up when the continuation runs: by then the character may be knocked out.
    pending.after(g, (NEXT, unit.key, frame, window, None, then, since), since)


def resume_next(g, cont: Continuation) -> None:
    """The continuation that resolves the next of the abilities still waiting (``None``: all of those
    that trigger in the window now)."""
    _, key, frame, window, remaining, then, since = cont
    unit = g.units[key]
    if remaining is None:
        remaining = tuple(triggered(unit, window))
    _next(g, unit, frame, window, remaining, then, since)


def _next(
    g, unit: Unit, frame: Frame, window: str, remaining: tuple[Ability, ...], then: Continuation | None, since
) -> None:
    if not remaining or not unit.on_board:
        if then is not None:
            pending.after(g, then, since)
        return
    if len(remaining) == 1 or not _order_matters(remaining):
        _resolve(g, unit, frame, window, remaining[0], remaining[1:], then, since)
        return
    spec = {"window": window, "abilities": remaining, "then": then, "since": since}
    names = ", ".join(a.name for a in remaining)
    pending.open_choice(
        g,
        Pending(
            kind=KIND,
            unit=unit,
            chooser=unit.player,
            frame=frame,
            spec=spec,
            source=f"{names} ({WINDOW_NAMES[window]})",
        ),
    )


def _order_matters(abilities: tuple[Ability, ...]) -> bool:
    """Whether the order of these effects can change the outcome. It cannot when they are all the same
    effect, or when they only add AP (sums commute); then they resolve in the order of the character card
    and its items, and the log needs no choice."""
    effects = [a.effect for a in abilities]
    if all(e == effects[0] for e in effects):
        return False
    return not all(set(e) == {"gain_ap"} for e in effects)


def _resolve(g, unit, frame, window, ability: Ability, rest: tuple[Ability, ...], then, since) -> None:
    effect = resolvable(g, frame, unit, ability.effect)  # e.g. no push for a massive miniature (BG-19.10)
    apply_effect(g, frame, unit, effect, source=ability.name)
    pending.after(g, (NEXT, unit.key, frame, window, rest, then, since), since)


def _choose(g, p: Pending, event: dict) -> None:
    if g.unit(event) is not p.unit:
        raise IllegalEvent("BG-20.1", "the abilities waiting to trigger are {name}'s", name=p.unit.name)
    aid = g.content.lookup("abilities", event.get("ability"), path="ability")
    remaining: tuple[Ability, ...] = p.spec["abilities"]
    chosen = next((a for a in remaining if a.id == aid), None)
    if chosen is None:
        names = ", ".join(a.name for a in remaining)
        raise IllegalEvent(
            "BG-20.1",
            "'{ability}' is not waiting to trigger (waiting: {names})",
            ability=event.get("ability"),
            names=names,
        )
    rest = tuple(a for a in remaining if a is not chosen)
    _resolve(g, p.unit, p.frame, p.spec["window"], chosen, rest, p.spec["then"], p.spec["since"])


def _options(g, p: Pending) -> list[dict]:
    return [{"type": EVENT, "character": p.unit.ref, "ability": a.id} for a in p.spec["abilities"]]


RESOLVER = pending.Resolver(
    event_type=EVENT, rule="BG-20.1", what="the order of triggered abilities", apply=_choose, options=_options
)
