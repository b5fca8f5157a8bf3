"""Properties every Eternia log must keep: simulated games are legal in every mode and option set,
replays are deterministic, offered events are accepted, copies agree, mutations are caught at their event."""

from __future__ import annotations

import copy
import json
import random

import pytest
from fe_support import simulated

import engine
from engine.games.eternia import RULESET

SETTINGS = [
    {},
    {"first_game": True},
    {"options": {"faster_combat": True}},
    {"options": {"initiative_matters": True}},
    {"options": {"stronger_together": True}},
    {"options": {"faster_combat": True, "initiative_matters": True, "stronger_together": True}},
    {"mode": "skirmish"},
    {"mode": "skirmish", "free_heroes": True},
    {"mode": "solo"},
    {"options": {"power_dice": True}},
    {"mode": "solo", "options": {"power_dice": True}},
]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: json.dumps(s, sort_keys=True))
@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
def test_simulated_games_are_legal(settings, randomness):
    for seed in range(4):
        log = simulated(seed, randomness, **settings)
        v = engine.verify(log)
        assert v.legal, v.summary()
        assert v.result["teams"] and {t["outcome"] for t in v.result["teams"]} <= {"win", "loss"}
        assert v.ruleset_version == "fe-0.3.1"


def test_same_seed_same_log_same_verdict_bytes():
    a, b = simulated(11), simulated(11)
    assert a == b
    raw = json.dumps(a).encode()
    assert engine.verify(a).to_json() == engine.verify(b).to_json()
    assert engine.verify(raw).to_json() == engine.verify(raw).to_json()


def test_offered_events_are_accepted_and_copies_agree():
    """Every event legal_events() offers is accepted (on a copy); a copy replays like the original."""
    log = simulated(3, "recorded")
    g = RULESET.start(log)
    rng = random.Random(5)
    for i, event in enumerate(log["events"]):
        if rng.random() < 0.2:
            for offered in g.legal_events()[:12]:
                if offered["type"] in ("draw", "roll") and "cards" not in offered and "faces" not in offered:
                    continue
                trial = g.copy()
                trial.apply(i, copy.deepcopy(offered))
            twin = g.copy()
            assert twin.view() == g.view()
        g.apply(i, event)
    g.finish()
    assert g.s.phase == "over"


def test_copy_is_independent():
    log = simulated(4)
    g = RULESET.start(log)
    for i, event in enumerate(log["events"][:200]):
        g.apply(i, event)
    twin = g.copy()
    before = json.dumps(g.view(), sort_keys=True)
    for i, event in enumerate(log["events"][200:260], start=200):
        twin.apply(i, event)
    assert json.dumps(g.view(), sort_keys=True) == before
    for i, event in enumerate(log["events"][200:], start=200):
        g.apply(i, event)
        if i < 260:
            continue
        twin.apply(i, event)
    assert twin.view() == g.view() and twin.result() == g.result()


def test_a_copy_keeps_its_own_statistics_record():
    """A copy shares the record's rows with the original (State.copy): rows are replaced, never edited, so
    neither sees the other's VP, outposts, cards or combats, and a finished copy counts like the original."""
    log = simulated(5, "recorded", options={"power_dice": True})
    g = RULESET.start(log)
    copies = []
    for i, event in enumerate(log["events"]):
        g.apply(i, event)
        if i % 25 == 0:
            copies.append((i, g.copy(), json.dumps(g.s.record, sort_keys=True)))
    g.finish()
    assert g.s.record["rounds"] and g.s.record["cards"]
    for _, twin, snapshot in copies:
        assert json.dumps(twin.s.record, sort_keys=True) == snapshot  # the original went on without it
    i, twin, _ = copies[len(copies) // 2]
    for j, event in enumerate(log["events"][i + 1 :], start=i + 1):
        twin.apply(j, event)
    twin.finish()
    assert twin.statistics() == g.statistics()


def test_view_is_json():
    log = simulated(6)
    g = RULESET.start(log)
    for i, event in enumerate(log["events"]):
        g.apply(i, event)
        if i % 97 == 0:
            json.dumps(g.view())
    assert g.view()["over"]


def test_a_changed_recorded_draw_is_caught_at_its_event():
    log = simulated(2, "recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "draw" and e.get("deck") == "combat")
    bad = copy.deepcopy(log)
    bad["events"][index]["cards"] = ["+3", "+3", "+3", "+3", "+3"][: len(bad["events"][index]["cards"])] + [
        "+3"
    ]
    v = engine.verify(bad)
    # cited: the rule that makes this combat draw due (step 3, a tool or a surge), not the generic deck rule
    assert v.status == "illegal" and v.error.event_index == index
    assert v.error.rule in ("FE-11.5.3.1", "FE-11.4.5", "FE-11.5.3.3")


def test_a_wrong_outcome_in_a_seeded_log_is_caught():
    log = simulated(2)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll")
    bad = copy.deepcopy(log)
    bad["events"][index]["faces"] = ["reroll"] * 64
    v = engine.verify(bad)
    assert v.status == "illegal" and v.error.event_index == index and v.error.rule == "LOG-4.3"


def test_dropping_an_event_is_caught_there_or_later():
    log = simulated(8)
    rng = random.Random(1)
    for _ in range(20):
        bad = copy.deepcopy(log)
        index = rng.randrange(len(bad["events"]))
        del bad["events"][index]
        v = engine.verify(bad)
        assert v.status in ("illegal", "unreadable"), index
        assert v.error.event_index is None or v.error.event_index >= index
        assert v.error.rule != "ENGINE-DEFECT"


def test_a_truncated_log_is_unreadable():
    log = simulated(9)
    log["events"] = log["events"][:100]
    v = engine.verify(log)
    assert v.status == "unreadable" and v.error.rule == "LOG-5.3" and "not over" in v.error.message


@pytest.mark.parametrize("settings", SETTINGS[:3], ids=lambda s: json.dumps(s, sort_keys=True))
def test_state_invariants_after_every_event(settings):
    """FE-20.1–20.12 hold after every event of simulated games (FE-20.1 HP bounds, FE-20.2 soldiers only
    in outposts that are not bases, FE-20.3 three per outpost and 15 in all, FE-20.4 no enemy in a base,
    FE-20.5 one team per area outside combat, FE-20.6 21 combat cards outside combat, FE-20.7 card limits,
    FE-20.8 no negative pool, FE-20.9 offers of 4, FE-20.10 two standard actions, FE-20.11 revealed victory
    cards, FE-20.12 step 3 limits)."""
    from engine.games.eternia.invariants import violations

    for seed in range(3):
        log = simulated(seed, "recorded", **settings)
        g = RULESET.start(log)
        for i, event in enumerate(log["events"]):
            g.apply(i, event)
            problems = violations(g)
            assert not problems, (i, event, problems)
