"""HR-7.4 (AMB-35): one event, several troops' effects — the active troop's resolve first."""

from __future__ import annotations

from engine.games.hoplomachus import queries as q

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
