"""Whole games mixing the rule areas: a massive miniature (§19), movement effects (§18) including pushes, pulls
and swaps aimed at it (BG-19.10, BG-19.11) and toward movements heading for objects (BG-18.1), the push of a
climb (BG-9.2.10), markers (BG-16.3), unique buffs and debuffs (BG-16.1.6), a beneficial spell (BG-10.5.2),
timed passive abilities (BG-20.1) and ability tests (BG-16.4.3). Every simulated game verifies legal with the
same pack (BG-28.5: legal_events and the verifier agree), and between them the games use every new kind of
event.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import engine
from engine.core.content import builtin_pack
from engine.games.battleground import RULESET
from engine.games.battleground.content import CONTENT_DIR
from tests.engine.battleground.conftest import offered_events_are_accepted

MASSIVE = "man-at-arms"  # in the first-game MotU force
BASE = {"hexes": [[0, 0], [-1, 0], [-1, 1]], "pivot": [-1, 0]}
TRI_KLOPS = {"unique": "tri-klops", "name": "Tri-Klops", "modifiers": [{"test": "defence", "dice": -1}]}
FORCES = (["first-game-motu", "first-game-ew"], ["first-game-ew", "first-game-motu"])
SEEDS = (*range(12), 14, 28)  # 14: a Grasp; 28: a climb that pushes someone aside (both rarer choices)


def _marker(marker_id: str, affects: str, modifiers: list, range_in=8, radius_in=3) -> dict:
    return {
        "id": marker_id,
        "name": marker_id.replace("-", " ").title(),
        "range_in": range_in,
        "radius_in": radius_in,
        "affects": affects,
        "modifiers": modifiers,
    }


def _active(aid: str, effect: dict, target="self", range_in=None, ap=1, mana=0, **fields) -> dict:
    return {
        "id": aid,
        "name": aid.replace("-", " ").title(),
        "kind": "active",
        "ap": ap,
        "mana": mana,
        "target": target,
        "range_in": range_in,
        "effect": effect,
        **fields,
    }


def _passive(aid: str, effect: dict, when: str) -> dict:
    return {
        "id": aid,
        "name": aid.replace("-", " ").title(),
        "kind": "passive",
        "when": when,
        "effect": effect,
    }


def _move(kind: str, **fields) -> dict:
    return {"move": {"kind": kind, **fields}}


ABILITIES = {
    "he-man": [
        _active("leap", _move("jump", mp=4)),
        _active("charge", _move("charge"), "enemy", 8),
        _active(
            "might",
            {"buff": {"unique": "might", "name": "Might", "modifiers": [{"test": "attack", "dice": 1}]}},
        ),
        _active("rally", _move("swap"), "ally", 6),  # never with the massive Man-At-Arms (BG-19.11)
    ],
    "stratos": [
        _active("soar", _move("teleport", mp=6)),
        _passive("tailwind", {"buff": "haste"}, "end_of_activation"),
        _passive(
            "sky-mark",
            {"marker": _marker("sky-mark", "enemies", [{"test": "defence", "narrow": 1}])},
            "end_of_activation",
        ),
    ],
    MASSIVE: [
        _active("advance", _move("toward", mp=4), "enemy", 10),
        _active("bulldoze", _move("charge", mp=10), "enemy"),
        _active("quake", _move("jump", mp=3)),
        _active("shift", _move("teleport", mp=4)),
        _active("stride", _move("move", free_action=True), ap=0),
        _active("seek", _move("toward", toward="objective", mp=4)),  # BG-18.1: toward an object
        _active("swap-places", _move("swap"), "ally", 6),  # only with another massive miniature: never here
        _passive(
            "battle-banner",
            {"marker": _marker("battle-banner", "allies", [{"test": "attack", "widen": 1}])},
            "on_activation",
        ),
        _passive("brace", _move("push", hexes=1, who="self"), "end_of_activation"),  # does nothing (BG-19.10)
    ],
    "skeletor": [
        _active("grasp", _move("pull", hexes=3), "enemy", 6),
        _active("summon", _move("toward", mp=3, who="target"), "enemy", 8),
        _active(
            "havoc-sigil",
            {"marker": _marker("havoc-sigil", "enemies", [{"test": "defence", "dice": -1}])},
        ),
    ],
    "mer-man": [
        _active("wave", _move("push", hexes=2), "enemy", 6),
        _passive("tidal-surge", {"gain_ap": 1}, "on_interrupt"),
        _passive(
            "whirlpool",
            {"marker": _marker("whirlpool", "all", [{"test": "any", "narrow": 1}], radius_in=1)},
            "end_of_interrupt",
        ),
    ],
    "trap-jaw": [
        _active("spring", _move("push", hexes=2, who="self")),
        _active("grab", _move("swap"), "enemy", 4),
        _active("dash", _move("move", free_action=True), ap=0),
        _active("home-in", _move("toward", toward="marker", mp=3)),  # only while a marker lies about
        _active("stare-down", {"debuff": TRI_KLOPS}, "enemy", 8, test={"stat": "mind", "against": "mind"}),
    ],
}


def integration_pack() -> dict:
    doc, _ = builtin_pack(CONTENT_DIR, "bg-core-starter")
    pack = copy.deepcopy(doc)
    pack["pack"]["id"] = "bg-integration-test"
    for c in pack["characters"]:
        c["abilities"] = list(c.get("abilities", [])) + ABILITIES.get(c["id"], [])
        if c["id"] == MASSIVE:
            c.update(massive=True, base=BASE)
    for w in pack["weapons"]:
        if w["id"] == "magic-blast":
            w.update(targets="any", beneficial={"buff": "protection", "heal": 1})
        if w["id"] == "hook-arm":
            w["extra_effects"] = [{"min": 2, "debuff": TRI_KLOPS}]
    for c in pack["fate_cards"]:
        if c["id"].endswith(("-03", "-07", "-11")):
            c["ability"] = _move("move", free_action=True)
        elif c["id"].endswith(("-05", "-13")):
            c["ability"] = {
                "marker": _marker("omen", "enemies", [{"test": "attack", "narrow": 1}], range_in=6)
            }
        elif c["id"].endswith("-09"):
            c["ability"] = _move("push", hexes=1, who="self")  # no bonus for the massive one (BG-19.10)
    # Platforms in mid-field: climbs that push aside (BG-9.2.10), and a massive base climbing (BG-19.4).
    pack["maps"][0]["terrain"] += [
        {"piece": "deck-1", "kind": "platform", "hexes": ["J17", "K17", "K18", "J18", "L17"]},
        {"piece": "deck-2", "kind": "platform", "hexes": ["N12", "N13", "O12", "O13", "M13"]},
        {"piece": "deck-3", "kind": "platform", "hexes": ["M15", "M14", "N14", "N15"]},
        {"piece": "deck-4", "kind": "platform", "hexes": ["T10", "T9", "S10"]},
        {"piece": "deck-5", "kind": "platform", "hexes": ["T18", "T19", "S19"]},
    ]
    return pack


PACK = integration_pack()
_LOGS: dict[tuple[int, str], dict] = {}


def simulated(seed: int, randomness: str) -> dict:
    if (seed, randomness) not in _LOGS:
        _LOGS[(seed, randomness)] = RULESET.simulate(
            seed, randomness=randomness, content_pack=copy.deepcopy(PACK), forces=FORCES[seed % 2]
        )
    return copy.deepcopy(_LOGS[(seed, randomness)])


def _uses(log: dict) -> Counter:
    """What happened in a game: event types, abilities used (and on whom), massive movements, pushes."""
    seen: Counter = Counter(e["type"] for e in log["events"])
    game = RULESET.start(log, content_pack=copy.deepcopy(PACK))
    for i, event in enumerate(log["events"]):
        t = event["type"]
        if t == "ability":
            seen[event["ability"]] += 1
            if event.get("target") == MASSIVE:
                seen[f"{event['ability']}-on-massive"] += 1
        elif t == "movement" and event["character"] == MASSIVE and event["path"]:
            spec = game.top().spec
            seen[f"massive-{spec['kind']}"] += 1
            if spec.get("object"):
                seen[f"massive-toward-{spec['object']}"] += 1
        elif t == "move" and event.get("push"):
            seen["platform push"] += 1
        elif t == "movement" and event.get("push"):
            seen["movement push"] += 1
        elif t == "attack" and game.units[event["target"]].player == game.units[event["character"]].player:
            seen["beneficial spell"] += 1
        game.apply(i, event)
    return seen


def test_bg_28_5_games_mixing_massive_movement_effects_and_markers_verify_legal():
    """BG-28.5 / BG-19.10 / BG-19.11 / BG-16.3.1 / BG-20.1: fourteen simulated games per randomness mode with
    the integration pack verify legal, every event verified. Between them they move the massive miniature by
    movement effects (toward a character and toward an objective, BG-18.1; charge, jump, teleport, free Move;
    and another character's effect moves it toward that character), send a character toward a marker, push a
    character aside on a climb, place markers, order triggered abilities,
    test abilities, create unique debuffs and cast a beneficial spell: the simulator was offered each. No
    push, pull or swap ever targets the massive miniature, and its swap (only with another massive one) is
    never offered."""
    seen: Counter = Counter()
    for randomness in ("recorded", "seeded"):
        for seed in SEEDS:
            log = simulated(seed, randomness)
            verdict = engine.verify(log, content_pack=copy.deepcopy(PACK))
            assert verdict.status == "legal", (seed, randomness, verdict.summary())
            assert verdict.events_verified == len(log["events"])
            seen += _uses(log)
    for kind in (
        "movement",
        "place_marker",
        "resolve_trigger",
        "interrupt",
        "platform push",
        "beneficial spell",
    ):
        assert seen[kind], (kind, seen)
    wanted = {a["id"] for abilities in ABILITIES.values() for a in abilities if a["kind"] == "active"}
    missing = {a for a in wanted - {"swap-places"} if not seen[a]}
    assert not missing, (missing, seen)
    for effect in (
        "massive-toward",
        "massive-toward-objective",
        "massive-charge",
        "massive-jump",
        "massive-teleport",
        "massive-move",
    ):
        assert seen[effect], (effect, seen)
    assert seen["summon-on-massive"], seen
    assert not seen["swap-places"]
    for refused in ("grasp", "wave", "grab", "rally"):
        assert not seen[f"{refused}-on-massive"], (refused, seen)


@pytest.mark.parametrize("seed", [2, 5])
def test_bg_28_5_offered_events_with_the_integration_pack_are_accepted(seed):
    """BG-28.5: at sampled points of a game with the integration pack (among them each movement, marker and
    trigger choice), events from ``legal_events()`` are accepted by a fresh replay of the same state."""
    log = simulated(seed, "recorded")
    rng = random.Random(seed)
    special = [
        i
        for i, e in enumerate(log["events"])
        if e["type"] in ("movement", "place_marker", "resolve_trigger") or e.get("character") == MASSIVE
    ]
    points = sorted(
        set(rng.sample(range(len(log["events"])), 10) + rng.sample(special, min(12, len(special))))
    )

    offered_events_are_accepted(log, points, rng, per_point=4, pack=PACK)
