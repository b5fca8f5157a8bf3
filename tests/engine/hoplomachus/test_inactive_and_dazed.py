"""Inactive heroes' skills and a sentinel's first turn (HR-2.8.4, HR-15.7.3, HR-5.3.2, HR-7.2.2).

Quoted from the original rulebook (originals/hoplomachus.it.txt):
- HR-2.8.4: «Gli eroi inattivi in combattimento non possono muoversi o attaccare e tutte le loro skill vengono
  ignorate.»
- HR-15.7.3: «All'eroe inattivo viene inflitto un danno qualsiasi. Risolvere completamente il danno prima di
  attivare l'eroe.»
- HR-5.3.2: «La Sentinella guadagna immediatamente i suoi HP quando viene piazzata ed è frastornata il turno in
  cui entra nell'arena.»
- HR-7.2.2: «Un'unità frastornata non può muoversi, attaccare o usare le proprie abilità o skill Speciali.»
"""

from __future__ import annotations

WARRIOR = "p1:kunlun-warrior"
HERO = "p2:plutos-refugees-hero"  # Retaliate (Range 1), chained on F1 in the Colosseum


def colosseum(hr):
    g = hr.game(arena="colosseum")
    g.s.pending.clear()
    return g


def test_hr_15_7_3_a_chained_hero_does_not_retaliate_the_attack_that_wakes_it(hr):
    """HR-2.8.4, HR-15.7.3: the damage is resolved with the hero's skills ignored (no Retaliate, so no favour
    and no track for its player), and only then is the hero activated."""
    g = colosseum(hr)
    hero = g.s.units[HERO]
    assert not hero["active"] and q_skill(g, hero) == ["retaliate"]
    w = hr.put(g, WARRIOR, "F2")
    hr.phase(g, "engagement")
    hr.apply(
        g,
        {
            "type": "attack",
            "unit": "Warrior",
            "target": HERO,
            "dice": ["black:hit", "blue:miss", "yellow:miss"],
        },
    )
    assert hero["active"] and hero["dazed"] and hero["hp"] == 6  # activated once the damage is resolved
    assert w["hp"] == 3  # no Retaliate from a hero whose skills were ignored when the damage was dealt
    assert g.s.favour["p2"]["pos"] == 0  # its player earned nothing from that Retaliate
    assert not any(p["player"] == "p2" for p in g.s.pending)  # and has no track to choose


def test_an_active_hero_still_retaliates(hr):
    """HR-7.1, CF-8: once active, the same hero's Retaliate answers an attack in its Range."""
    g = colosseum(hr)
    hero = g.s.units[HERO]
    hero["active"] = True
    w = hr.put(g, WARRIOR, "F2")
    hr.phase(g, "engagement")
    hr.apply(
        g,
        {
            "type": "attack",
            "unit": "Warrior",
            "target": HERO,
            "dice": ["black:hit", "blue:miss", "yellow:miss"],
        },
    )
    # HR-7.4.1: the attacker's favour (a track to choose) resolves first, then the Retaliate waiting behind it.
    assert [p["kind"] for p in g.s.pending] == ["track", "retaliate"]
    hr.apply(g, {"type": "track", "player": "p1", "track": "t1"})
    assert w["hp"] == 2


def test_hr_5_3_2_a_sentinel_placed_in_the_engagement_phase_cannot_attack_that_turn(hr):
    """HR-5.3.2, HR-7.2.2: a sentinel placed from a support chip gained in the Engagement phase is dazed that
    turn; its First Strike does not lift the daze of entering the arena."""
    g = colosseum(hr)
    hr.put(g, "p2:plutos-refugees-marksman", "F6")
    hr.phase(g, "engagement")
    g.s.pending[:] = [{"kind": "support", "player": "p1"}]
    hr.apply(g, {"type": "support", "player": "p1", "as": "sentinel", "hex": "F7"})
    sentinel = g.s.units["p1:sentinel-1"]
    assert sentinel["dazed"]
    attack = {"type": "attack", "unit": "p1:sentinel-1", "target": "p2:plutos-refugees-marksman",
              "dice": ["blue:hit", "yellow:miss"]}  # fmt: skip
    message = hr.illegal(g, attack, "HR-5.3.2")
    assert "dazed the turn it enters the arena" in message
    g.s.units["p1:sentinel-1"]["dazed"] = False  # a later turn of its troop: it attacks like any unit
    hr.apply(g, attack)


def q_skill(g, u):
    from engine.games.hoplomachus import queries as q

    return [sk.kind for sk in q.udef(g, u).skills]
