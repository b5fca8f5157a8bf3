"""Whole games with markers, unique debuffs, beneficial spells, timed abilities and ability tests: every
simulated game played with a test pack whose first-game characters have them verifies legal with that pack,
and events the engine offers at sampled points are accepted (BG-16.3.1, BG-16.1.6, BG-10.5.2, BG-20.1,
BG-16.4.3, BG-28.5)."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import engine
from engine.core.content import builtin_pack
from engine.games.battleground import RULESET
from engine.games.battleground.content import CONTENT_DIR
from engine.games.battleground.state import Unique
from tests.engine.battleground.conftest import offered_events_are_accepted

TRI_KLOPS = {"unique": "tri-klops", "name": "Tri-Klops", "modifiers": [{"test": "defence", "dice": -1}]}


def _marker(marker_id: str, affects: str, modifiers: list, range_in=8, radius_in=3) -> dict:
    name = marker_id.replace("-", " ").title()
    return {
        "id": marker_id,
        "name": name,
        "range_in": range_in,
        "radius_in": radius_in,
        "affects": affects,
        "modifiers": modifiers,
    }


def _ability(ability_id: str, effect: dict, **fields) -> dict:
    return {"id": ability_id, "name": ability_id.replace("-", " ").title(), "effect": effect, **fields}


ABILITIES = {
    "he-man": [
        _ability(
            "battle-banner",
            {"marker": _marker("battle-banner", "allies", [{"test": "attack", "widen": 1}])},
            kind="passive",
            when="on_activation",
        ),
        _ability(
            "might",
            {"buff": {"unique": "might", "name": "Might", "modifiers": [{"test": "attack", "dice": 1}]}},
            ap=1,
        ),
    ],
    "stratos": [
        _ability("tailwind", {"buff": "haste"}, kind="passive", when="end_of_activation"),
        _ability(
            "sky-mark",
            {"marker": _marker("sky-mark", "enemies", [{"test": "defence", "narrow": 1}])},
            kind="passive",
            when="end_of_activation",
        ),
    ],
    "man-at-arms": [
        _ability("rally", {"ready": True}, ap=2, mana=1, target="ally", range_in=6),
    ],
    "skeletor": [
        _ability(
            "havoc-sigil",
            {"marker": _marker("havoc-sigil", "enemies", [{"test": "defence", "dice": -1}])},
            ap=1,
            mana=1,
        ),
    ],
    "mer-man": [
        _ability("tidal-surge", {"gain_ap": 1}, kind="passive", when="on_interrupt"),
        _ability(
            "whirlpool",
            {"marker": _marker("whirlpool", "all", [{"test": "any", "narrow": 1}], radius_in=1)},
            kind="passive",
            when="end_of_interrupt",
        ),
    ],
    "trap-jaw": [
        _ability(
            "stare-down",
            {"debuff": TRI_KLOPS},
            ap=1,
            target="enemy",
            range_in=8,
            test={"stat": "mind", "against": "mind"},
        ),
    ],
}


def effect_pack() -> dict:
    doc, _ = builtin_pack(CONTENT_DIR, "bg-core-starter")
    pack = copy.deepcopy(doc)
    pack["pack"]["id"] = "bg-effects-test"
    for c in pack["characters"]:
        c["abilities"] = list(c.get("abilities", [])) + ABILITIES.get(c["id"], [])
    for w in pack["weapons"]:
        if w["id"] == "magic-blast":
            w.update(targets="any", beneficial={"buff": "protection", "heal": 1})
        if w["id"] == "hook-arm":
            w["extra_effects"] = [{"min": 2, "debuff": TRI_KLOPS}]
    for c in pack["fate_cards"]:
        if c["id"] in ("ew-fate-01", "motu-fate-05"):
            c["ability"] = {
                "marker": _marker("omen", "enemies", [{"test": "attack", "narrow": 1}], range_in=6)
            }
    return pack


PACK = effect_pack()
SEEDS = range(12)
_LOGS: dict[tuple[int, str], dict] = {}


def simulated(seed: int, randomness: str) -> dict:
    if (seed, randomness) not in _LOGS:
        _LOGS[(seed, randomness)] = RULESET.simulate(
            seed, randomness=randomness, content_pack=copy.deepcopy(PACK)
        )
    return copy.deepcopy(_LOGS[(seed, randomness)])


def check(seed: int, randomness: str) -> Counter:
    log = simulated(seed, randomness)
    verdict = engine.verify(log, content_pack=copy.deepcopy(PACK))
    assert verdict.status == "legal", (seed, randomness, verdict.summary())
    assert verdict.events_verified == len(log["events"])
    return Counter(e["type"] for e in log["events"])


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
def test_bg_16_3_games_with_markers_and_unique_debuffs_verify_legal(randomness):
    """BG-16.3.1 / BG-16.1.6 / BG-10.5.2 / BG-20.1 / BG-16.4.3: simulated games with the test pack verify legal,
    and between them they place markers, order triggered abilities and make ability tests."""
    seen: Counter = Counter()
    for seed in SEEDS:
        seen += check(seed, randomness)
    assert seen["place_marker"] and seen["resolve_trigger"] and seen["ability"], seen


def test_bg_16_1_6_simulated_games_create_unique_debuffs():
    """BG-16.1.6 / BG-AMB-27: replaying the simulated games, the Tri-Klops debuff appears, and never twice at
    once from the same army; markers too are one per army and type (BG-16.3.6)."""
    uniques = markers = 0
    for seed in SEEDS:
        log = simulated(seed, "seeded")
        game = RULESET.start(log, content_pack=copy.deepcopy(PACK))
        for i, event in enumerate(log["events"]):
            game.apply(i, event)
            held = [
                (u.debuff.id, u.debuff.player) for u in game.units.values() if isinstance(u.debuff, Unique)
            ]
            assert len(held) == len(set(held))
            placed = [(m.id, m.player) for m in game.markers]
            assert len(placed) == len(set(placed))
            uniques += len(held)
            markers += len(placed)
    assert uniques and markers


@pytest.mark.parametrize("seed", [1, 4])
def test_bg_28_5_offered_events_with_the_test_pack_are_accepted(seed):
    """BG-28.5: at sampled points of a game with the test pack, events from ``legal_events()`` (pending
    placements and trigger orders included) are accepted by a fresh replay of the same state."""
    log = simulated(seed, "recorded")
    rng = random.Random(seed)
    special = [i for i, e in enumerate(log["events"]) if e["type"] in ("place_marker", "resolve_trigger")]
    points = sorted(set(rng.sample(range(len(log["events"])), 10) + special[:6]))

    offered_events_are_accepted(log, points, rng, per_point=3, pack=PACK)
