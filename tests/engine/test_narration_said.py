"""The engine's narration keeps its English and says each sentence as a template with its params too
(issue #24, engine.core.narrate): the viewer's steps, the recorder's offers and the dice summaries of every
game render from their template and params to exactly the English the engine gives (``text``)."""

from __future__ import annotations

import json

import pytest

import engine
from engine import session
from engine.core.errors import render

GAMES = {"motu-battleground": 2, "hoplomachus-remastered": 9, "motu-fields-of-eternia": 2}


def said_text(said: dict) -> str:
    return render(said["message_id"], said["params"])


@pytest.mark.parametrize("game", GAMES)
def test_every_step_and_roll_renders_from_its_template_to_the_engines_english(game):
    steps = 0
    for seed in range(GAMES[game]):
        for randomness in ("seeded", "recorded"):
            walked = session.walk(engine.simulate(game, seed, randomness=randomness))
            for step in walked["steps"]:
                assert step["said"] is not None, step["text"]
                assert said_text(step["said"]) == step["text"]
                json.dumps(step["said"])  # plain JSON data, stored with a recorder's entries
                for roll in step["rolls"]:
                    if roll.get("summary"):
                        assert said_text(roll["summary_said"]) == roll["summary"]
                    if roll.get("kind_said"):
                        assert said_text(roll["kind_said"]) == roll["kind"]
                    if roll.get("who_said"):
                        assert said_text(roll["who_said"]) == roll["who"]
                steps += 1
    assert steps > 100


@pytest.mark.parametrize("game", GAMES)
def test_every_offer_renders_from_its_template_to_the_engines_english(game):
    offers = 0
    for randomness in ("seeded", "recorded"):
        log = engine.simulate(game, 1, randomness=randomness)
        replay = session.start(log)
        for event in log["events"][:80]:
            for offer in session.offers(replay, recorded=randomness == "recorded"):
                assert offer["said"] is not None and said_text(offer["said"]) == offer["text"]
                assert offer["text"] == replay.describe_offer(offer["event"])
                offers += 1
            session.step(replay, event)
    assert offers > 50


def test_an_attack_keeps_its_english_words_and_names_its_parts_as_params():
    """BG-10: "Skeletor attacks Man-At-Arms with Havoc Staff: 5 dice, 3 hits, 1 wound" stays as it was."""
    for seed in range(4):
        walked = session.walk(engine.simulate("motu-battleground", seed))
        for step in walked["steps"]:
            if step["event"]["type"] == "attack" and step["rolls"]:
                said = step["said"]
                assert said["message_id"] == "{who} attacks {target} with {weapon}{dice}{wounds}"
                assert " attacks " in step["text"] and " dice, " in step["text"]
                assert said["params"]["dice"]["message_id"].startswith(": {dice} dice, {hits} hit")
                return
    raise AssertionError("no attack rolled dice")


def test_a_hoplomachus_roll_says_who_rolled_as_a_template():
    """HR-8.8.3: an attack's roll names who rolls it ("Crixus's attack") as a template and params, the unit's
    name a param, so that the replay's dice say it in the reader's language."""
    rolls = [
        roll
        for step in session.walk(engine.simulate("hoplomachus-remastered", 1))["steps"]
        for roll in step["rolls"]
        if roll["kind"] == "dice"
    ]
    assert rolls and all(roll.get("who_said") for roll in rolls)
    attack = next(roll for roll in rolls if roll["who_said"]["message_id"] == "{u}'s attack")
    assert attack["who"] == f"{attack['who_said']['params']['u']}'s attack"


def test_a_hoplomachus_arena_die_says_which_effect_rolled_it_as_a_template():
    """HR-14.8.4, HR-2.11.1: the titan's arena die names its effect ("the arena die for smite") as a template
    whose kind is a template of its own per effect id, so that the replay's dice say it in the reader's
    language; its English the engine's words."""
    arena = [
        roll
        for step in session.walk(engine.simulate("hoplomachus-remastered", 7))["steps"]
        for roll in step["rolls"]
        if roll["kind"] == "arena die"
    ]
    assert arena
    for roll in arena:
        said = roll["who_said"]
        assert said["message_id"] == "the arena die for {kind}"
        kind = said["params"]["kind"]
        assert kind["message_id"] in ("advance", "smite", "compass_move") and kind["params"] == {}
        assert roll["who"] == f"the arena die for {kind['message_id']}" == said_text(said)


def test_a_battleground_test_of_the_dice_entry_says_what_it_is_as_a_template():
    """BG-8.2, BG-10.1.3: the recorder's entry names each test ("attack: He-Man's attack test") as a
    template with its params beside the English, so that the dice answer says it in the reader's language."""
    log = engine.simulate("motu-battleground", 1, randomness="recorded")
    replay = session.start(log)
    for index, event in enumerate(log["events"]):
        bare = {k: v for k, v in event.items() if k not in ("attack", "defence", "draw", "expect")}
        if event["type"] == "attack" and bare != event:
            needs = [n for n in session.dice_entry(replay, bare)["needs"] if n["kind"] == "dice"]
            assert needs and all(said_text(n["what_said"]) == n["what"] for n in needs)
            attack = next(n for n in needs if n["path"] == ["attack"])
            assert attack["what_said"]["message_id"] == "{label}: {name}'s attack test"
            assert attack["what_said"]["params"]["label"] == {"message_id": "attack", "params": {}}
            return
        replay.apply(index, event)
    raise AssertionError("no attack rolled dice")
