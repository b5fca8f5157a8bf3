"""legal_events() and is_legal(event) agree, because both ask the handlers' own predicates (BG-28.5):
what is offered is accepted, and for the choices whose whole range can be listed (which character to
activate with which bonus, BG-6.4.2 among them; Focus; Guard; ending), what is not offered is refused."""

from __future__ import annotations

import copy

import pytest

from engine.games.battleground import RULESET
from engine.games.battleground.state import Frame
from tests.engine.battleground import test_integration_properties as integration
from tests.engine.battleground.conftest import simulated

BONUSES = ("ability", "mana", "mission", "ap")


def _candidates(g) -> list[dict]:
    """Every activation, Focus, Guard and end event that could be written now."""
    out = []
    if g.phase == "activate":
        pid = g.queue[0]
        for u in g.units.values():
            out += [{"type": "activate", "player": pid, "character": u.ref, "bonus": b} for b in BONUSES]
    frame = g.frame()
    if g.phase == "act" and isinstance(frame, Frame) and g.top() is frame:
        ref = frame.unit.ref
        out += [{"type": "focus", "character": ref}, {"type": "guard", "character": ref}]
        if frame.kind == "activation":
            out.append({"type": "end_activation", "player": frame.player})
    return out


@pytest.mark.parametrize(
    "log, pack",
    [
        (simulated(6, "seeded"), None),
        (integration.simulated(4, "seeded"), integration.PACK),
    ],
    ids=["built-in", "integration"],
)
def test_bg_6_4_2_offered_activations_focus_and_guard_are_exactly_the_legal_ones(log, pack):
    """BG-6.4.2 (not the last character activated last round first), BG-6.7.3, BG-13.1.2, BG-9.1.1,
    BG-6.6.3, BG-14.1.2: at every state of a whole game, an activation, Focus, Guard or end event is
    offered by legal_events() exactly when is_legal() accepts it, and asking changes nothing."""
    g = RULESET.start(log, content_pack=copy.deepcopy(pack) if pack is not None else None)
    refused_first = compared = 0
    for i, event in enumerate(log["events"]):
        offered = g.legal_events()
        for candidate in _candidates(g):
            legal = g.is_legal(candidate)
            assert legal == (candidate in offered), (i, candidate, legal)
            compared += 1
            if candidate["type"] == "activate" and not legal:
                side = g.sides[candidate["player"]]
                unit = g.unit(candidate)
                if unit.player == side.id and unit.on_board and not unit.activated:
                    refused_first += 1  # only BG-6.4.2 refuses a ready character of the active player
        assert g.events_applied == i
        g.apply(i, event)
    assert compared > 300
    assert refused_first, "the game never met BG-6.4.2"


def test_every_offered_event_is_legal_and_a_changed_one_is_not():
    """At every state of a seeded game, each offered event without a choice left to an author (no tie of
    facings, BG-AMB-07) is legal; the same event naming a character of the wrong side is not."""
    log = simulated(8, "seeded")
    g = RULESET.start(log)
    checked = 0
    for i, event in enumerate(log["events"]):
        for offered in g.legal_events():
            if offered["type"] in ("attack", "ability", "move", "movement"):
                continue  # may leave a facing tie or a push to the author who writes the log
            assert g.is_legal(offered), (i, offered)
            checked += 1
            if offered["type"] == "activate":
                other = next(u for u in g.units.values() if u.player != offered["player"])
                assert not g.is_legal({**offered, "character": other.ref})
        g.apply(i, event)
    assert checked > 100


def test_is_legal_leaves_the_game_and_the_event_as_they_were():
    log = simulated(9, "seeded")
    g = RULESET.start(log)
    for i in range(20):
        g.apply(i, log["events"][i])
    counter = g.dice.stream.counter
    event = copy.deepcopy(log["events"][20])
    assert g.is_legal(event)
    assert event == log["events"][20] and g.dice.stream.counter == counter and g.events_applied == 20
    g.apply(20, event)
