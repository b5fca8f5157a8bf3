"""Game.view(): the visible state as JSON, for the replay viewer and the table recorder
(docs/log-format.md, "The state view")."""

from __future__ import annotations

import copy
import json

import pytest

from engine.games.battleground import RULESET
from engine.games.battleground.state import Frame
from tests.engine.battleground import test_integration_properties as integration
from tests.engine.battleground.conftest import simulated


def start(log: dict, pack: dict | None = None):
    return RULESET.start(log, content_pack=copy.deepcopy(pack) if pack is not None else None)


def units(view: dict) -> dict:
    return {u["key"]: u for u in view["units"]}


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
def test_the_view_is_json_at_every_event_and_hides_the_hands(randomness):
    """At every event of a game with the integration pack the view survives a JSON round trip unchanged,
    names no card held in a hand (hands are hidden: only their sizes are shown) and is the same for a
    copy of the game."""
    log = integration.simulated(4, randomness)
    g = start(log, integration.PACK)
    for i, event in enumerate(log["events"]):
        view = g.view()
        text = json.dumps(view)
        assert json.loads(text) == view
        for side, shown in zip(g.sides.values(), view["sides"], strict=True):
            assert shown["hand_size"] == len(side.hand)
            for card in side.hand:
                assert f'"{card}"' not in text, (i, card)
        if i % 25 == 0:
            assert g.copy().view() == view
        g.apply(i, event)
    assert g.view()["phase"] == "over" and g.view()["result"] == g.result() and g.view()["to_act"] == []


def test_after_a_move_the_unit_stands_where_the_path_ends():
    """BG-9.2: a Move that sets off no interrupt puts the character at the end of its path; the view
    follows it (and its facing, when the event sets one)."""
    log = simulated(1, "recorded")
    g = start(log)
    moved = 0
    for i, event in enumerate(log["events"]):
        before = g.view()
        g.apply(i, event)
        if event["type"] == "move" and event["path"] and not g.view()["pending"]:
            key = g.unit(event).key
            after = units(g.view())[key]
            assert after["hex"] == event["path"][-1] != units(before)[key]["hex"]
            assert after["cells"] == [after["hex"]]
            moved += 1
    assert moved >= 5


def test_an_activation_shows_on_the_stack_with_its_ap():
    """BG-6.4–6.6: an activation is on the stack with the acting character and its AP; spending AP shows."""
    log = simulated(2, "seeded")
    g = start(log)
    events = log["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "activate")
    for i in range(at + 1):
        g.apply(i, events[i])
    view = g.view()
    frame = g.frame()
    assert isinstance(frame, Frame)
    assert view["stack"][-1] == {
        "kind": "activation",
        "character": frame.unit.ref,
        "player": frame.player,
        "ap": frame.ap,
        "target": None,
        "cards": list(frame.cards),
        "abilities_used": [],
        "missions": [c.id for c in frame.missions],
    }
    assert view["to_act"] == [frame.player] and view["phase"] == "act"
    nxt = events[at + 1]
    if nxt["type"] in ("focus", "move", "attack"):
        g.apply(at + 1, nxt)
        assert g.view()["stack"][-1]["ap"] < view["stack"][-1]["ap"] or g.view()["phase"] != "act"


def test_the_pending_marker_choice_says_who_decides_and_which_event_resolves_it():
    """BG-16.3.3 / BG-20.1: with Battle Banner's marker waiting, the view names the choice, its player,
    the character and the resolving event; once placed, the marker is on the battlefield in the view."""
    log = integration.simulated(4, "recorded")
    g = start(log, integration.PACK)
    for i in range(86):
        g.apply(i, log["events"][i])
    view = g.view()
    assert view["pending"] == {
        "choice": "marker",
        "what": "the placement of a marker",
        "player": "p1",
        "character": "man-at-arms",
        "event": "place_marker",
        "source": "Battle Banner",
    }
    assert view["to_act"] == ["p1"]
    assert view["stack"][-1]["kind"] == "choice"
    massive = units(view)["man-at-arms"]
    assert massive["massive"] and len(massive["cells"]) == 3 and massive["hex"] == massive["cells"][0]
    event = log["events"][86]
    g.apply(86, event)
    placed = [m for m in g.view()["markers"] if m["id"] == "battle-banner"]
    assert placed and placed[0]["hex"] == event["hex"] and placed[0]["player"] == "p1"
    assert g.view()["pending"] is None


def test_wounds_and_knock_outs_follow_the_game():
    """BG-13.1: the wounds in the view are the wounds placed; a knocked-out character leaves the board."""
    log = simulated(0, "recorded")
    g = start(log)
    for i, event in enumerate(log["events"]):
        g.apply(i, event)
        for shown in g.view()["units"]:
            unit = g.units[shown["key"]]
            assert shown["wounds"] == unit.wounds and shown["on_board"] == unit.on_board
            if not unit.on_board:
                assert shown["hex"] is None and shown["knocked_out_round"] == unit.ko_round
    assert any(not u["on_board"] for u in g.view()["units"]) or g.view()["result"]["ended_by"] != "knockout"
    assert [s["vp"]["total"] for s in g.view()["sides"]] == [s.vp_total for s in g.sides.values()]
