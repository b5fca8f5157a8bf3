"""engine.session.dice_needed for Hoplomachus: what the table must roll or draw for an event in a game with
real dice (LOG-4, HR Appendix A.1), asked before the event is entered. Each simulated game below is
entered as a player would: the choice, then what the engine asks for, answered with what the simulated
table showed, asking again while the answer is partial; the event that results is the game's event."""

from __future__ import annotations

import copy

import pytest

import engine
from engine import session
from engine.core.errors import IllegalEvent

GAME = "hoplomachus-remastered"
OUTCOMES = ("dice", "arena_dice", "draw")


def _at(event, path):
    for key in path:
        event = event[key]
    return event


def _put(event, path, value):
    for key in path[:-1]:
        event = event[key]
    event[path[-1]] = value


def chosen(event: dict) -> dict:
    """The event as a player chooses it; a rival's deployment does not name the unit drawn (HR-13.10.2)."""
    out = {k: v for k, v in event.items() if k not in OUTCOMES}
    if event["type"] == "deploy" and event.get("player") in ("arena", "immortal"):
        out.pop("unit")
    return out


def entered(replay, event: dict, kinds: dict) -> dict:
    answer = session.dice_needed(replay, chosen(event))
    while answer["needs"]:
        assert answer["partial"]
        filled = copy.deepcopy(answer["event"])
        for need in answer["needs"]:
            seen = _at(event, need["path"])
            kinds[need["kind"]] = kinds.get(need["kind"], 0) + 1
            if need["kind"] == "hr_dice":  # HR-2.6.1: the pool's colours, in order
                assert [d["colour"] for d in need["dice"]] == [s.split(":")[0] for s in seen]
            elif need["kind"] == "d6":
                assert need["count"] == len(seen)
            else:  # a draw among what the bag or camp holds
                drawn = [seen] if need["one"] else seen
                assert need["count"] == len(drawn)
                assert set(drawn) <= {u["id"] for u in need["deck"]}
            _put(filled, need["path"], copy.deepcopy(seen))
        answer = session.dice_needed(replay, filled)
    return answer["event"]


@pytest.mark.parametrize(
    ("seed", "kind"),
    [
        (9, "cards"),  # Skirmish: bag refills (HR-15.6.3)
        (2, "hr_dice"),  # Pandemonium: a Special rolled against every adjacent opponent (HR-8.8.4)
        (5, "cards"),  # Assault: immortals and arena units drawn (HR-13.10.2, HR-13.12.2)
        (8, "d6"),  # Ascension: the titan's arena dice (HR-14.8.4, HR-2.11.1)
    ],
)
def test_every_random_input_of_a_game_is_asked_for_and_the_answers_make_the_game(seed, kind):
    log = engine.simulate(GAME, seed, randomness="recorded")
    replay = session.start(log)
    kinds: dict[str, int] = {}
    for index, event in enumerate(log["events"]):
        assert entered(replay, event, kinds) == event, index
        replay.apply(index, event)
    assert kinds.get(kind, 0) >= 1 and kinds["hr_dice"] >= 10


def test_a_special_on_every_adjacent_opponent_asks_one_roll_per_target():
    """HR-8.8.4: the Special rolls the unit's dice once for each adjacent opponent: one place per roll."""
    log = engine.simulate(GAME, 2, randomness="recorded")
    index = next(
        i
        for i, e in enumerate(log["events"])
        if isinstance(e.get("dice"), list) and isinstance(e["dice"][0], list)
    )
    replay = session.start(log)
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    event = log["events"][index]
    answer = session.dice_needed(replay, chosen(event))
    assert answer["event"]["dice"] == [None] * len(event["dice"])
    assert [n["path"] for n in answer["needs"]] == [["dice", k] for k in range(len(event["dice"]))]


def test_a_seeded_game_needs_nothing_and_a_refused_event_is_refused_before_the_dice():
    """LOG-4: the seed supplies every die; an attack on a unit out of range is refused whatever the dice
    (HR-2.5.1), as apply refuses it, and the game is not changed."""
    seeded = engine.simulate(GAME, 9)
    replay = session.start(seeded)
    assert session.dice_needed(replay, seeded["events"][0]) == {"event": seeded["events"][0], "needs": []}
    log = engine.simulate(GAME, 9, randomness="recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack")
    replay = session.start(log)
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    attack = chosen(log["events"][index])
    far = next(
        u
        for u, v in replay.s.units.items()
        if v["zone"] == "arena"
        and v["owner"] not in (attack["player"],)
        and replay.a.distance(v["hex"], replay.s.units[attack["unit"]]["hex"]) > 4
    )
    before = replay.view()
    with pytest.raises(IllegalEvent) as refused:
        session.dice_needed(replay, {**attack, "target": far})
    assert refused.value.rule == "HR-2.5.1"
    assert replay.view() == before and replay.events_applied == index
