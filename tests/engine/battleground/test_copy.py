"""Game.copy(): a replay copied at any event goes on exactly as the original (BG-28.1: state is plain data).

The copy is checked against the original state field by field (``snapshot``), and whole games are played
through a chain of copies (a fresh copy before every event), so a part of the state that a copy shares
or loses by mistake shows at the first event that reads it.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from engine.core.errors import IllegalEvent
from engine.games.battleground import RULESET
from engine.games.battleground.state import Pending, Trigger, Unit
from tests.engine.battleground import test_integration_properties as integration
from tests.engine.battleground.conftest import simulated

COPIED_SEEDS = (0, 1, 4)


def plain(value, inside: tuple = ()):
    """The state reachable from ``value`` as comparable plain values: a unit by its key, a content
    definition by its id, any other object by its type and fields; an object met again inside itself (a
    continuation that waits since its own choice) by how far up it is."""
    if isinstance(value, Unit):
        return ("unit", value.key)
    if any(value is outer for outer in inside):
        return ("up", [i for i, outer in enumerate(reversed(inside)) if outer is value][0])
    if isinstance(value, list | tuple):
        return [plain(v, inside) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v, inside) for v in value)
    if isinstance(value, dict):
        return sorted((repr(plain(k, inside)), plain(v, inside)) for k, v in value.items())
    if dataclasses.is_dataclass(value):
        if hasattr(value, "id") and type(value).__name__.endswith("Def"):
            return (type(value).__name__, value.id)
        inner = (*inside, value)
        fields = {f.name: plain(getattr(value, f.name), inner) for f in dataclasses.fields(value)}
        return (type(value).__name__, fields)
    assert isinstance(value, str | int | float | bool | type(None)), f"state holds a {type(value).__name__}"
    return value


def snapshot(g) -> dict:
    """Everything the replay keeps, as plain values (the units' own fields in full)."""
    units = {
        key: {
            f.name: plain(getattr(u, f.name))
            for f in dataclasses.fields(u)
            if f.name not in ("d", "footprint")
        }
        for key, u in g.units.items()
    }
    return {
        "units": units,
        "sides": plain(g.sides),
        "stack": plain(g.stack),
        "scalars": (g.round, g.phase, g.queue, g.objectives, g.events_applied, g.first_player, g.has_massive),
        "markers": plain(g.markers),
        "stats": plain(vars(g.stats)),
        "outcome": plain(g.outcome),
        "dice": g.dice.stream.counter if g.dice.stream is not None else None,
    }


def start(log: dict, pack: dict | None):
    return RULESET.start(log, content_pack=copy.deepcopy(pack) if pack is not None else None)


def test_bg_28_1_copy_with_a_marker_choice_waiting_behind_a_movement_accepts_the_next_events():
    """The reported case: with the integration pack, recorded seed 4, the game is copied at event 85, a
    movement choice whose resolution lets Man-At-Arms' "on activation" Battle Banner open its marker choice
    (BG-20.1, BG-16.3.3). The copy accepts the movement and then the marker event, exactly as the original
    does; before continuations were data, the copied continuation still named the original's units and
    the copy refused the marker (BG-16.3.3)."""
    log = integration.simulated(4, "recorded")
    events = log["events"]
    original = start(log, integration.PACK)
    for i in range(85):
        original.apply(i, events[i])
    assert isinstance(original.top(), Pending) and original.top().kind == "movement"
    twin = original.copy()
    assert snapshot(twin) == snapshot(original)
    for i in (85, 86):
        original.apply(i, copy.deepcopy(events[i]))
        twin.apply(i, copy.deepcopy(events[i]))
        assert snapshot(twin) == snapshot(original), i
    assert events[86]["type"] == "place_marker"
    assert [m.id for m in twin.markers] == [m.id for m in original.markers] and twin.markers


def test_bg_28_1_each_legal_event_applies_alike_to_a_copy_and_to_the_original():
    """At the marker choice of the reported game every offered event gives the same state on a copy as on
    a copy of a copy, and the original is untouched by either."""
    log = integration.simulated(4, "recorded")
    g = start(log, integration.PACK)
    for i in range(86):
        g.apply(i, log["events"][i])
    assert isinstance(g.top(), Pending) and g.top().kind == "marker"
    before = snapshot(g)
    options = g.legal_events()
    assert len(options) > 1
    for event in options:
        a, b = g.copy(), g.copy().copy()
        a.apply(86, copy.deepcopy(event))
        b.apply(86, copy.deepcopy(event))
        assert snapshot(a) == snapshot(b)
        assert snapshot(a) != before
    assert snapshot(g) == before


def test_bg_28_1_a_copy_and_its_original_do_not_share_what_changes():
    """Applying events to the copy leaves the original as it was, and the other way round."""
    log = simulated(3, "seeded")
    g = start(log, None)
    for i in range(40):
        g.apply(i, log["events"][i])
    twin = g.copy()
    before = snapshot(g)
    for i in range(40, 80):
        twin.apply(i, copy.deepcopy(log["events"][i]))
    assert snapshot(g) == before
    assert snapshot(twin) != before
    for i in range(40, 80):
        g.apply(i, copy.deepcopy(log["events"][i]))
    assert snapshot(g) == snapshot(twin)


def test_bg_28_1_a_copy_draws_the_same_seeded_dice():
    """The copy continues the seeded stream from the same position (BG-8.2, LOG-4.2): the original and the
    copy roll the same dice for the same attack, and neither moves the other's stream."""
    log = simulated(2, "seeded")
    events = log["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "attack")
    g = start(log, None)
    for i in range(at):
        g.apply(i, events[i])
    twin = g.copy()
    counter = g.dice.stream.counter
    twin.apply(at, copy.deepcopy(events[at]))
    assert g.dice.stream.counter == counter < twin.dice.stream.counter
    g.apply(at, copy.deepcopy(events[at]))
    assert snapshot(g) == snapshot(twin)


def test_bg_28_1_a_refused_event_on_a_copy_leaves_the_copy_as_it_was():
    log = simulated(5, "recorded")
    g = start(log, None)
    for i in range(30):
        g.apply(i, log["events"][i])
    twin = g.copy()
    before = snapshot(twin)
    with pytest.raises(IllegalEvent):
        twin.apply(30, {"type": "deal", "player": "p1"})
    assert snapshot(twin) == before == snapshot(g)


def test_bg_28_1_state_holds_no_function():
    """State is plain data: nothing on the stack of a game with interrupts, effects and choices is a
    function (plain() refuses anything that is not a value or a dataclass)."""
    log = integration.simulated(4, "seeded")
    g = start(log, integration.PACK)
    kinds = set()
    for i, event in enumerate(log["events"]):
        g.apply(i, event)
        plain(g.stack)
        kinds.update(type(e).__name__ for e in g.stack)
        for entry in g.stack:
            if isinstance(entry, Trigger | Pending):
                assert not any(callable(c) for c in (entry.then or ())), entry
    assert {"Frame", "Trigger", "Pending"} <= kinds


def _through_copies(log: dict, pack: dict | None) -> None:
    """Play ``log`` twice in step: once plainly, once replacing the game by its copy before every event.
    Each copy equals the game it was taken from, taking it changes nothing, and both games end alike."""
    events = log["events"]
    plainly, copied = start(log, pack), start(log, pack)
    for i, event in enumerate(events):
        previous = copied
        copied = previous.copy()
        taken = snapshot(previous)
        assert snapshot(copied) == taken, i
        plainly.apply(i, copy.deepcopy(event))
        copied.apply(i, copy.deepcopy(event))
        assert snapshot(previous) == taken, f"applying event {i} to the copy changed its original"
        assert snapshot(copied) == snapshot(plainly), i
    plainly.finish()
    copied.finish()
    assert copied.result() == plainly.result()
    assert copied.statistics() == plainly.statistics()


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
@pytest.mark.parametrize("seed", COPIED_SEEDS)
def test_bg_28_1_integration_games_copied_at_every_event_end_alike(seed, randomness):
    """BG-28.1 with massive miniatures, movement effects, markers and trigger windows (integration pack)."""
    _through_copies(integration.simulated(seed, randomness), integration.PACK)


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
def test_bg_28_1_games_copied_at_every_event_end_alike(randomness):
    """BG-28.1 with the built-in pack, both randomness modes."""
    _through_copies(simulated(11, randomness), None)
