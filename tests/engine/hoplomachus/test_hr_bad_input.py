"""Bad input gets a clear verdict, never an engine defect; modes not built yet are refused honestly."""

from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from engine.core.content import pack_hash
from engine.games.hoplomachus.content import CONTENT_DIR

GAME = "hoplomachus-remastered"
JUNK = [
    None,
    0,
    -1,
    10**12,
    "",
    "Z99",
    "p9:nobody",
    "x" * 200,
    [],
    {},
    ["a"],
    {"k": 1},
    True,
    1.5,
    "C4",
    "p1",
]


@pytest.fixture(scope="module")
def log():
    return engine.simulate(GAME, 0, randomness="recorded")


def verdict(doc, **kw):
    return engine.verify(json.loads(json.dumps(doc)), **kw)


@pytest.mark.parametrize("seed", [0, 2, 4, 5, 6, 7, 8])  # every mode (simulator.SETUPS)
def test_fuzzed_events_never_defect(seed):
    log = engine.simulate(GAME, seed, randomness="recorded")
    rng = random.Random(11 + seed)
    for _ in range(120):
        doc = copy.deepcopy(log)
        i = rng.randrange(len(doc["events"]))
        ev = doc["events"][i]
        key = rng.choice(sorted(ev) + ["extra", "type"])
        choice = rng.random()
        if choice < 0.2:
            ev.pop(key, None)
        elif choice < 0.3:
            ev["type"] = rng.choice(
                ["deploy", "attack", "move", "track", "support", "catch_up", "end_turn", "bogus"]
            )
        else:
            ev[key] = rng.choice(JUNK)
        v = verdict(doc)
        assert v.error is None or v.error.rule != "ENGINE-DEFECT", (i, ev, v.summary())


def test_fuzzed_headers_never_defect(log):
    rng = random.Random(5)
    fields = [("setup", "mode"), ("setup", "arena"), ("setup", "order"), ("setup", "sides"), ("setup", "camp"),
              ("setup", "neutral_heroes"), ("players", 0), ("players", 1), ("options", "x")]  # fmt: skip
    for _ in range(120):
        doc = copy.deepcopy(log)
        a, b = rng.choice(fields)
        target = doc.setdefault(a, {}) if a != "players" else doc["players"]
        value = rng.choice(JUNK + [["p2", "p1"], {"p1": "red", "p2": "red"}, "colosseum", "alliance"])
        if isinstance(target, list):
            target[b] = value if rng.random() < 0.5 else {**target[b], "faction": value}
        else:
            target[b] = value
        v = verdict(doc)
        assert v.error is None or v.error.rule != "ENGINE-DEFECT", ((a, b, value), v.summary())


def test_modes_in_the_wrong_arena_or_unknown(log):
    """HR-1.3, HR-14.1.1: each mode has its arena (Ascension: the Colosseum); an unknown mode is refused."""
    doc = copy.deepcopy(log)
    doc["setup"]["mode"] = "ascension"
    doc["setup"]["arena"] = "pozzuoli"
    v = verdict(doc)
    assert v.status == "unreadable" and v.error.rule == "LOG-2.2" and "colosseum" in v.error.message
    doc["setup"]["mode"] = "deathmatch"
    assert verdict(doc).error.rule == "LOG-2.1"


def test_truncated_log_is_unreadable(log):
    doc = copy.deepcopy(log)
    doc["events"] = doc["events"][:10]
    v = verdict(doc)
    assert (
        v.status == "unreadable"
        and v.error.rule == "LOG-5.3"
        and "before the game is over" in v.error.message
    )


def test_event_after_the_end_is_illegal(log):
    doc = copy.deepcopy(log)
    doc["events"].append({"type": "end_turn"})
    v = verdict(doc)
    assert v.status == "illegal" and v.error.rule == "HR-11.1.1"


def test_unknown_option(log):
    doc = copy.deepcopy(log)
    doc["options"] = {"pandemonium_hero_return": "nobody"}
    assert verdict(doc).error.rule == "LOG-2.3"


def test_corrected_pack_with_an_unknown_skill_kind(log):
    from engine.core.content import builtin_pack

    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    pack["skills"][0]["effect"]["kind"] = "teleport"
    doc = copy.deepcopy(log)
    doc["content_pack"]["sha256"] = pack_hash(pack)
    v = verdict(doc, content_pack=pack)
    assert v.status == "unreadable" and v.error.rule == "LOG-3.6"


def test_corrected_pack_is_used(log):
    """An organizer's pack with a different Warrior Health: the verdict names that pack."""
    from engine.core.content import builtin_pack

    pack = copy.deepcopy(builtin_pack(CONTENT_DIR, "hr-core-starter")[0])
    pack["pack"]["version"] = "0.1.1"
    doc = copy.deepcopy(log)
    doc["content_pack"]["sha256"] = pack_hash(pack)
    v = verdict(doc, content_pack=pack)
    assert v.content_pack["version"] == "0.1.1" and v.status == "legal"


def test_italian_names_are_read(hr):
    """HR-2.3.2: a player's faction from the header, in English or Italian."""
    camp = hr.header()["setup"]["camp"]
    g = hr.game(factions=("kunlun", "Rifugiati di Plutone"), camp=camp)
    assert g.s.troops["p2"]["faction"] == "plutos-refugees"
    hr.put(g, "p1:kunlun-warrior", "D6")
    hr.apply(g, {"type": "deploy", "unit": "Tiratore", "hex": "C7"})  # Kunlun's Marksman
    assert g.s.units["p1:kunlun-marksman"]["zone"] == "arena"


def test_a_refusal_says_what_the_log_should_have_said(hr):
    g = hr.game()
    hr.put(g, "p1:kunlun-warrior", "D5")
    hr.put(g, "p2:plutos-refugees-protector", "D4")
    g.s.turn["phase"] = "engagement"
    msg = hr.illegal(g, {"type": "attack", "unit": "Warrior", "target": "Protector", "dice": ["black:hit"]},
                     "HR-8.8.3")  # fmt: skip
    assert "3 dice are rolled (black, blue, yellow)" in msg
