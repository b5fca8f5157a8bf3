"""Choices an effect leaves to a player, resolved by the very next event (spec §16.3, §18, §20).

An effect that needs a decision the card cannot make by itself (where a marker goes, the path of a
"toward" movement, which hex a pushed character ends in) puts a ``Pending`` on the stack. Nothing else
may happen until the event that resolves it arrives: the same discipline as triggered interrupts
(BG-28.3), so a log reads in the order things happened at the table.

Each kind of pending choice has a :class:`Resolver`: the event type that resolves it, the handler, and the
legal resolutions for ``legal_events`` (the simulator and a move recorder offer exactly those). They are
listed in tables.RESOLVERS and reached through ``g.rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import IllegalEvent
from engine.games.battleground.state import Continuation, Pending, Trigger

AFTER = "after"  # the continuation that waits for what is in progress, then runs another


@dataclass(frozen=True)
class Resolver:
    event_type: str
    rule: str  # cited when another event comes first
    what: str  # "the movement of …", for messages
    apply: Callable  # (g, pending, event) -> None; pops nothing, open() and resolve() handle the stack
    options: Callable  # (g, pending) -> list[dict]: every legal resolving event


def open_choice(g, pending: Pending) -> None:
    """Wait for the event that resolves ``pending`` (or resolve it now when it has no real choice)."""
    g.stack.append(pending)


def after(g, then: Continuation, since=None) -> None:
    """Run the continuation ``then`` once what the effects before it set off is over: at once if nothing
    is, else after the open choice (and any choice its resolution opens in turn), or after the interrupts
    they opened (BG-14.2.1, BG-11.2.3: a move made by an effect is interrupted before anything else
    happens). ``since`` is what was on top of the stack when the effects began; a Trigger already there is
    not theirs to wait for. Effects resolved one after another use it, so a later one waits for the
    player's decision on an earlier one (BG-20.1)."""
    top = g.top()
    if isinstance(top, Trigger) and top is not since:
        top.after.append((AFTER, then, since))
        return
    p = current(g)
    if p is None:
        g.proceed(then)
        return
    p.then.append((AFTER, then, since))  # after what its resolution already has to do


def resume_after(g, cont: Continuation) -> None:
    """The ``after`` continuation: wait again, from where the game now is."""
    _, then, since = cont
    after(g, then, since)


def current(g) -> Pending | None:
    top = g.top()
    return top if isinstance(top, Pending) else None


def refuse_if_pending(g, event_type: str) -> None:
    """An event other than the awaited one while a choice is open is out of order."""
    pending = current(g)
    if pending is None:
        return
    resolver = g.rules.resolvers[pending.kind]
    if event_type != resolver.event_type:
        raise IllegalEvent(
            resolver.rule,
            "{what} from {source} must be resolved first (a '{event_type}' event for {name})",
            what=resolver.what,
            source=pending.source,
            event_type=resolver.event_type,
            name=pending.unit.name,
        )


def make_handler(kind: str) -> Callable:
    """The event handler for ``kind``'s resolving event type."""

    def handler(g, event: dict) -> None:
        pending = current(g)
        resolver = g.rules.resolvers[kind]
        if pending is None or pending.kind != kind:
            raise IllegalEvent(
                resolver.rule,
                "nothing waits for a '{event_type}' event now ({what})",
                event_type=resolver.event_type,
                what=resolver.what,
            )
        g.stack.pop()
        try:
            resolver.apply(g, pending, event)
        except BaseException:
            g.stack.append(pending)  # a refused event leaves the state as it was
            raise
        for then in pending.then:
            g.proceed(then)

    return handler


def options(g, pending: Pending) -> list[dict]:
    return g.rules.resolvers[pending.kind].options(g, pending)
