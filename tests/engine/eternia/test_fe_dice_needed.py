"""engine.session.dice_needed for Fields of Eternia: in a game with real dice each roll names the faces
seen (FE-3.4, FE-6.9, FE-6.10) and each draw the cards drawn (FE-6.13); the engine says which die and how
many, with the faces the die has, or which deck and how many, with the cards it holds now."""

from __future__ import annotations

import pytest

import engine
from engine import session
from engine.core.errors import IllegalEvent
from engine.games.eternia import due
from engine.games.eternia.dice_needed import face_name, outcome_free

GAME = "motu-fields-of-eternia"


@pytest.mark.parametrize("seed", [1, 2])
def test_every_roll_and_draw_is_asked_for_and_the_answers_make_the_game(seed):
    log = engine.simulate(GAME, seed, randomness="recorded")
    replay = session.start(log)
    asked = {"faces": 0, "cards": 0}
    for index, event in enumerate(log["events"]):
        answer = session.dice_needed(replay, outcome_free(event))
        filled = dict(answer["event"])
        for need in answer["needs"]:
            (key,) = need["path"]
            seen = event[key]
            asked[need["kind"]] += 1
            assert need["count"] == len(seen)
            if need["kind"] == "cards":  # a deck is a multiset: no card drawn more often than it is there
                copies = {c["id"]: c["copies"] for c in need["deck"]}
                assert all(seen.count(x) <= copies.get(x, 0) for x in seen)
            else:  # every die shows one of its faces
                assert set(seen) <= {f["id"] for f in need["faces"]}
            filled[key] = seen
        assert filled == event, index
        replay.apply(index, event)
    assert asked["faces"] >= 5 and asked["cards"] >= 50


def test_the_faces_are_named_as_the_rules_name_them():
    """FE-3.4: blank, success, double success, reroll; FE-6.10.1: +1/+2 attack, defence, initiative, surge."""
    assert [face_name(f) for f in ("blank", "double", "reroll", "surge")] == [
        "Blank (vuoto)",
        "Double success (doppio successo)",
        "Reroll (rilancio)",
        "Surge (impeto)",
    ]
    assert face_name("initiative+2") == "+2 initiative"


def test_a_roll_that_is_not_due_is_refused_and_a_seeded_game_needs_nothing():
    """FE-6.9: a roll is asked only when the game awaits one; LOG-4: the seed supplies every outcome."""
    log = engine.simulate(GAME, 1, randomness="recorded")
    replay = session.start(log)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] not in ("roll", "draw"))
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    with pytest.raises(IllegalEvent) as refused:
        session.dice_needed(replay, {"type": "roll", "die": "wild"})
    # the rule that makes what is awaited instead due (engine/games/eternia/due.py), not the generic dice rule
    assert refused.value.rule == due.due(replay, replay.awaiting)[0] != "FE-6.9"
    assert "the log should next record" in refused.value.message
    seeded = engine.simulate(GAME, 1)
    first = next(e for e in seeded["events"] if e["type"] == "draw")
    assert session.dice_needed(session.start(seeded), first)["needs"] == []


def test_with_real_dice_a_roll_or_draw_is_offered_once():
    """The engine lists one offer per face or card a recorded roll or draw could show; the recorder offers
    the roll or the draw once and asks for what was seen after (engine.session.offers(recorded=True))."""
    log = engine.simulate(GAME, 1, randomness="recorded")
    replay = session.start(log)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll")
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    assert len(session.offers(replay)) > 1
    assert [o["event"] for o in session.offers(replay, recorded=True)] == [
        {"type": "roll", "die": log["events"][index]["die"]}
    ]
