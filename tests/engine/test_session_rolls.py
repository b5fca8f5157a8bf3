"""engine.session.walk's dice for Hoplomachus and Fields of Eternia: what the replay viewer and the table
recorder show at each event, the same whichever way the dice were made (seeded or recorded)."""

from __future__ import annotations

import pytest

import engine
from engine.games.eternia.narrate import SUCCESSES


@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
def test_eternia_rolls_show_each_face_and_count_the_successes(randomness):
    """FE-3.4, FE-6.9.3: every roll event shows as many dice as it rolled, each by its face; a success
    counts 1, a double success 2, a blank or a reroll left showing 0."""
    log = engine.simulate("motu-fields-of-eternia", 3, randomness=randomness)
    walked = engine.session.walk(log)
    assert walked["error"] is None
    rolls = [s for s in walked["steps"] if s["event"]["type"] == "roll"]
    assert rolls and all(len(s["rolls"]) == 1 for s in rolls)
    assert all(not s["rolls"] for s in walked["steps"] if s["event"]["type"] != "roll")
    names = {"blank": "Blank", "success": "Success", "double": "Double success", "reroll": "Reroll"}
    for s in rolls:
        (roll,) = s["rolls"]
        assert f"rolls {len(roll['faces'])} {s['event']['die']} di" in s["text"]  # who rolled what
        if randomness == "recorded":  # the faces the log names, in order
            assert len(roll["faces"]) == len(s["event"]["faces"])
            if s["event"]["die"] == "wild":
                assert [f["label"] for f in roll["faces"]] == [names[f] for f in s["event"]["faces"]]
                total = sum(SUCCESSES[f] for f in s["event"]["faces"])
                assert roll["summary"] == f"{total} success{'' if total == 1 else 'es'}"


def test_hoplomachus_rolls_show_each_coloured_die_hit_or_miss():
    """HR-2.6.1, HR-2.6.2: an attack shows each die of its pool with its colour and whether it hit, and the
    hits it dealt; the titan's arena dice (HR-2.11.1) show their numbers."""
    for seed in (9, 7):
        log = engine.simulate("hoplomachus-remastered", seed, randomness="recorded")
        walked = engine.session.walk(log)
        assert walked["error"] is None
        for s in walked["steps"]:
            event = s["event"]
            dice = [r for r in s["rolls"] if r["kind"] == "dice"]
            if event["type"] == "attack":
                (roll,) = dice
                assert [f"{f['colour']}:{f['label']}" for f in roll["faces"]] == event["dice"]
                hits = sum(f["hit"] for f in roll["faces"])
                assert roll["summary"] == f"{hits} hit{'' if hits == 1 else 's'}"
            arena = [r for r in s["rolls"] if r["kind"] == "arena die"]
            assert [int(r["faces"][0]["label"]) for r in arena] == event.get("arena_dice", [])
