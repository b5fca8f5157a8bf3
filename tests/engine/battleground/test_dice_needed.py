"""engine.session.dice_needed: what the table must roll and draw for an event in recorded mode (LOG-4),
asked before the event is applied. The recorder builds its dice entry from it."""

from __future__ import annotations

import copy

import pytest

import engine
from engine import session
from engine.core.errors import IllegalEvent

GAME = "motu-battleground"


def _game(seed: int, randomness: str = "recorded") -> dict:
    return engine.simulate(GAME, seed, randomness=randomness)


def _get(event: dict, path: list):
    node = event
    for key in path:
        node = node[key]
    return node


def _roll_paths(event: dict) -> list[list]:
    """Where the event's recorded rolls and draws are, in the order the rules use them (LOG-4 draw order)."""
    out = [[k] for k in ("draw", "attack", "defence") if k in event]
    for i, spec in enumerate(event.get("additional") or []):
        out += [["additional", i, k] for k in ("attack", "defence") if k in spec]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_needs_match_every_recorded_roll_and_draw_of_a_legal_game_and_leave_the_replay_unchanged(seed):
    """BG-8.2 step 4 (dice per test), BG-4.6 and BG-5.2.1 (cards drawn): for every event of a legal
    recorded game, the needs name exactly the rolls and draws the log holds, with their counts."""
    log = _game(seed)
    replay = session.start(log)
    asked = 0
    for index, event in enumerate(log["events"]):
        before = replay.view()
        bare = {k: v for k, v in event.items() if k not in ("attack", "defence", "draw", "expect")}
        answer = session.dice_needed(replay, bare)
        assert replay.view() == before  # asked on a copy
        needs = answer["needs"]
        assert [n["path"] for n in needs] == _roll_paths(event), event
        for need in needs:
            given = _get(event, need["path"])
            if need["kind"] == "cards":
                assert need["count"] == len(given)
                assert set(given) <= {card["id"] for card in need["deck"]}
            else:
                assert need["dice"] == len(given["dice"])
                assert len(given.get("mana_rerolls", {}).get("dice", [])) <= need["mana_rerolls"] <= 5
                assert 1 <= need["threshold"] <= 7 and need["explosions_automatic"] is False
        asked += bool(needs)
        replay.apply(index, event)
    assert asked > 10


def test_the_threshold_is_what_counts_as_a_success():
    """BG-8.4: faces at the threshold succeed, faces below it fail (checked by the engine through the
    event's `expect`, docs/log-format.md Consequences)."""
    log = _game(3)
    replay = session.start(log)
    checked = 0
    for index, event in enumerate(log["events"]):
        if event["type"] == "attack":
            needs = session.dice_needed(
                replay, {k: event[k] for k in ("type", "character", "weapon", "target")}
            )
            attack = needs["needs"][0]
            t = attack["threshold"]
            if 3 <= t <= 5:
                n = attack["dice"]
                for face, successes in ((t, n), (t - 1, 0)):
                    trial = replay.copy()
                    filled = {
                        **needs["event"],
                        "attack": {"dice": [face] * n},
                        "defence": {"dice": [1] * needs["needs"][1]["dice"]},
                        "expect": {"attack_successes": successes},
                    }
                    trial.apply(index, filled)  # raises if the engine counts otherwise
                checked += 1
        replay.apply(index, event)
    assert checked


def test_a_filled_in_event_is_accepted_and_a_wrong_count_is_refused():
    """LOG-4 recorded mode: the event built from the needs is legal; one die missing is refused (BG-8.2)."""
    log = _game(3)
    replay = session.start(log)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack")
    for i in range(index):
        replay.apply(i, log["events"][i])
    event = {k: log["events"][index][k] for k in ("type", "character", "weapon", "target")}
    answer = session.dice_needed(replay, event)
    good = copy.deepcopy(answer["event"])
    for need in answer["needs"]:
        good[need["path"][0]] = {"dice": [2] * need["dice"]}
    replay.copy().apply(index, good)
    short = copy.deepcopy(good)
    short["attack"]["dice"].pop()
    with pytest.raises(IllegalEvent) as refused:
        replay.copy().apply(index, short)
    assert refused.value.rule == "BG-8.2" and "dice are rolled but the log records" in refused.value.message


def test_a_seeded_game_needs_nothing_from_the_table():
    """LOG-4 seeded mode: the seed supplies every die and card."""
    log = _game(3, "seeded")
    replay = session.start(log)
    assert session.dice_needed(replay, log["events"][0]) == {"event": log["events"][0], "needs": []}


def test_an_event_refused_whatever_the_dice_is_refused_when_asked():
    """The rules that do not depend on dice are checked first: attacking out of turn is refused."""
    log = _game(3)
    replay = session.start(log)
    attack = next(e for e in log["events"] if e["type"] == "attack")
    with pytest.raises(IllegalEvent):
        session.dice_needed(replay, {k: attack[k] for k in ("type", "character", "weapon", "target")})
