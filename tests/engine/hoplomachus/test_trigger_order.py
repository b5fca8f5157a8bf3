"""HR-7.4 (AMB-35): one event, several troops' effects — the active troop's resolve first; one unit's several
effects — in the order its controller (for a rival unit, the players) chooses and the log records (HR-7.4.2)."""

from __future__ import annotations

import copy

from engine.games.hoplomachus import queries as q
from tests.engine.hoplomachus.conftest import PACK_DOC

FENG, MK = "p1:feng", "p2:plutos-refugees-marksman"


def colosseum_attack(hr, pos: int):
    """Skirmish, Colosseum: p2's Marksman (1 HP) next to p1's Feng (Innate Retaliate); p2's favour bead on track
    t2 (Add 3 HP to a unit) at ``pos``; p2's turn, Engagement."""
    g = hr.game(arena="colosseum")
    hr.put(g, FENG, "E5")
    hr.put(g, MK, "E6", hp=1)
    g.s.favour["p2"].update(track="t2", pos=pos)
    return hr.turn(g, "p2", "engagement")


def test_hr_7_4_1_active_troop_first_then_retaliate(hr):
    """HR-7.4.1, AMB-35, HR-7.4: the attack gives p2 (the active troop) favour and triggers Feng's Retaliate at once.
    p2's favour, with the track it chooses and the reward it reaches, resolves first: the Marksman gains 3 HP
    from the reward and then survives Feng's Retaliate."""
    g = colosseum_attack(hr, 4)
    hr.apply(
        g,
        {
            "type": "attack",
            "unit": MK,
            "target": FENG,
            "dice": [f"{c}:hit" for c in q.attack_pool(g, g.s.units[MK])],
        },
    )
    s = g.s
    assert [p["kind"] for p in s.pending] == ["track", "retaliate"]
    assert s.units[MK]["zone"] == "arena" and s.units[MK]["hp"] == 1  # Retaliate has not struck yet
    hr.illegal(g, {"type": "add_hp", "unit": MK}, "HR-4.4.3")  # the track choice comes first
    hr.apply(g, {"type": "track", "track": "t2"})
    # The reward (and, in Skirmish, p1's support chip from above that track, HR-15.5.4) stays ahead of Retaliate.
    assert [p["kind"] for p in s.pending] == ["add_hp", "support", "retaliate"]
    hr.apply(g, {"type": "add_hp", "unit": MK})
    assert s.units[MK]["hp"] == 1 + 3
    hr.apply(g, g.legal_events()[0])  # p1 places the support chip
    assert s.units[MK]["zone"] == "arena" and s.units[MK]["hp"] == 1 + 3 - 1


def test_hr_7_4_1_retaliate_at_once_when_nothing_waits(hr):
    """HR-7.4.1: with no decision from the active troop's effects, Retaliate resolves with the attack."""
    g = colosseum_attack(hr, 0)
    g.s.favour["p2"]["done"] = ["t1", "t3", "t4"]  # only t2 left: the gain needs no choice
    hr.apply(
        g,
        {
            "type": "attack",
            "unit": MK,
            "target": FENG,
            "dice": [f"{c}:hit" for c in q.attack_pool(g, g.s.units[MK])],
        },
    )
    assert g.s.units[MK]["zone"] == "discard"
    assert [(p["kind"], p["player"]) for p in g.s.pending] == [("track", "p1")]  # Feng's favour, after


def feng_repels(hr):
    """Skirmish, Pozzuoli: Feng (p1, Range 1) is given Repel besides Retaliate; p2's Marksman (1 HP) attacks him
    from the adjacent E6 on p2's turn. In Pozzuoli an attack earns no favour, so nothing of p2's waits."""
    pack = copy.deepcopy(PACK_DOC)
    next(u for u in pack["units"] if u["id"] == "feng")["skills"].append("repel")
    g = hr.game(pack=pack)
    hr.put(g, FENG, "E5")
    hr.put(g, MK, "E6", hp=1)
    hr.turn(g, "p2", "engagement")
    return hr.apply(
        g,
        {
            "type": "attack",
            "unit": MK,
            "target": FENG,
            "dice": [f"{c}:hit" for c in q.attack_pool(g, g.s.units[MK])],
        },
    )


def test_hr_7_4_2_the_controller_orders_one_units_effects(hr):
    """HR-7.4.2: one attack triggers two of Feng's effects at once (Retaliate: the attacker in his Range; Repel: the
    attacker adjacent). His controller, p1, picks their order, and the log records it; both orders are offered."""
    g = feng_repels(hr)
    assert [(p["kind"], p["player"], p["effects"]) for p in g.s.pending] == [
        ("trigger_order", "p1", ["retaliate", "repel"])
    ]
    assert g.s.units[MK]["hp"] == 1  # nothing has resolved yet
    offered = g.legal_events()
    assert sorted(e["order"] for e in offered) == [["repel", "retaliate"], ["retaliate", "repel"]]
    assert {(e["type"], e["player"], e["unit"]) for e in offered} == {("trigger_order", "p1", FENG)}
    # Retaliate first: the Marksman loses its last HP, and Repel finds no attacker left to push.
    first = g.copy()
    hr.apply(first, {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["Retaliate", "Repel"]})
    assert first.s.units[MK]["zone"] == "discard"
    # Repel first: the Marksman is displaced straight away to E7, out of Feng's Range, so Retaliate cannot strike.
    words = g.describe_offer(
        {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["repel", "retaliate"]}
    )
    assert words == "Player 1 resolves Feng's triggered effects: Repel, then Retaliate"
    hr.apply(g, {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["repel", "retaliate"]})
    assert hr.hex(g, MK) == "E7" and g.s.units[MK]["hp"] == 1 and g.s.pending == []


def test_hr_7_4_2_an_order_outside_the_allowed_set_is_refused(hr):
    """HR-7.4.2: the order must name each effect triggered once, be given by the unit's controller, and come before
    anything else; each refusal says what the log should have said."""
    g = feng_repels(hr)
    short = hr.illegal(
        g, {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["retaliate"]}, "HR-7.4.2"
    )
    assert "Retaliate and Repel" in short and '"order": ["retaliate", "repel"]' in short
    twice = {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["retaliate", "retaliate"]}
    hr.illegal(g, twice, "HR-7.4.2")
    extra = {"type": "trigger_order", "player": "p1", "unit": FENG, "order": ["retaliate", "repel", "hurl-2"]}
    hr.illegal(g, extra, "HR-7.4.2")
    wrong = hr.illegal(g, {"type": "trigger_order", "player": "p2", "unit": FENG, "order": ["repel", "retaliate"]},
                       "HR-7.4.2")  # fmt: skip
    assert "controller, p1" in wrong
    hr.illegal(g, {"type": "trigger_order", "player": "p1", "unit": "p1:kunlun-marksman",
                   "order": ["repel", "retaliate"]}, "HR-7.4.2")  # fmt: skip
    assert "trigger_order" in hr.illegal(g, {"type": "end_turn", "player": "p2"}, "HR-7.4.2")


def test_hr_7_4_2_one_effect_needs_no_order(hr):
    """HR-7.4.2, HR-7.5.4, CF-8: an attack that rolls no hit deals no damage, so it triggers neither effect and no
    order is asked for."""
    pack = copy.deepcopy(PACK_DOC)
    next(u for u in pack["units"] if u["id"] == "feng")["skills"].append("repel")
    g = hr.game(pack=pack)
    hr.put(g, FENG, "E5")
    hr.put(g, MK, "E6", hp=1)
    hr.turn(g, "p2", "engagement")
    hr.apply(g, {"type": "attack", "unit": MK, "target": FENG,
                 "dice": [f"{c}:miss" for c in q.attack_pool(g, g.s.units[MK])]})  # fmt: skip
    assert g.s.pending == [] and hr.hex(g, MK) == "E6"


def test_hr_7_4_2_rival_units_order_chosen_by_the_players(hr):
    """HR-7.4.2, HR-1.2.6, HR-7.4.1: titan-3's guard (a rival unit with Retaliate and Repel, provisional) is attacked
    by an adjacent player unit. The players' favour decision comes first (HR-7.4.1); then the players, not the
    titan, order the guard's two effects."""
    g = hr.game(mode="ascension", arena="colosseum", factions=("kunlun",), titan="titan-3")
    hr.rival(g, "titan:titan-3", "F5")
    guard = hr.rival(g, "titan:titan-guard-1", "E3")
    unit4 = hr.put(g, "p1:kunlun-unit-04", "E4")
    hr.turn(g, "p1", "engagement")
    hr.apply(g, {"type": "attack", "unit": unit4["uid"], "target": guard["uid"],
                 "dice": [f"{c}:hit" for c in q.attack_pool(g, unit4)]})  # fmt: skip
    assert [p["kind"] for p in g.s.pending] == ["track", "trigger_order"]
    hr.apply(g, g.legal_events()[0])  # the track
    ev = {"type": "trigger_order", "player": "titan", "unit": guard["uid"], "order": ["repel", "retaliate"]}
    assert "the players choose" in hr.illegal(g, ev, "HR-7.4.2")
    hr.apply(g, {**ev, "player": "p1"})
    assert hr.hex(g, unit4["uid"]) == "E5" and unit4["hp"] == q.udef(g, unit4).health
