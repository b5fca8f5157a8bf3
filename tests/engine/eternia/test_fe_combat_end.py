"""Epic combat outcomes (FE-11.5.5–11.5.10), beasts (FE-11.5.*.B), the options of FE-12, wild encounters
(FE-9.6, FE-14) and the end of the game with every tie-break (FE-17)."""

from __future__ import annotations

from fe_support import draw, illegal, pack, play, roll, table

from engine.games.eternia import epic, flow
from engine.games.eternia import queries as q


def _place_all(g, cards_a, cards_d, zones_a, zones_d):
    """Step 3 with known draws: alternately the active and the defending hero draw and place."""
    c = g.s.combat
    for i in range(4):
        for side, cards, zones in ((c.active, cards_a, zones_a), (c.defender, cards_d, zones_d)):
            if side.hero is None:
                continue
            play(g, draw(cards[i]), {"type": "place", "hero": side.hero, "zone": zones[i]})


def _duel_ready(**kw):
    g = table(**kw)
    s = g.s
    s.heroes["he-man"].area = "castello-dei-nemici"
    s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "he-man", "weapon": "thrown"}, {"type": "weapon", "hero": "skeletor", "weapon": "melee"})  # fmt: skip
    return g


ZA = ["attack", "defence", "attack", "defence"]
ZD = ["defence", "attack", "defence", "attack"]


def test_round_one_then_flee_or_fight_on():
    """FE-11.5.8, AMB-31: after round 1 with nobody defeated only the active player may flee, for 2
    Eternium, to an adjacent area without enemies; the enemy wins and nobody scores."""
    g = _duel_ready()
    _place_all(g, ["+1"] * 4, ["+1"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert g.awaiting == {"kind": "flee", "hero": "he-man"}
    illegal(g, {"type": "flee", "hero": "skeletor", "to": "central-tower"}, "FE-11.5.8.1")
    illegal(g, {"type": "flee", "hero": "he-man", "to": "temple-of-serpos"}, "FE-11.5.8.2")
    before = g.s.teams["motu"].eternium
    play(g, {"type": "flee", "hero": "he-man", "to": "central-tower"})
    assert g.s.heroes["he-man"].area == "central-tower" and g.s.teams["motu"].eternium == before - 2
    assert g.s.combat is None and g.s.teams["ew"].vp == 0 and len(g.s.teams["motu"].deck) == 21


def test_second_round_damage_decides_and_the_winner_pushes():
    """FE-11.5.9.1, FE-11.5.9.2, FE-11.2.2, FE-11.3.2, AMB-15, AMB-17, AMB-18: round 2 from step 2 (weapons
    kept, the deck not reshuffled); damage over both rounds decides; the winner moves the loser."""
    g = _duel_ready()
    _place_all(g, ["+1"] * 4, ["+1"] * 4, ZA, ZD)
    play(
        g,
        {"type": "pass", "team": "motu"},
        {"type": "pass", "team": "ew"},
        {"type": "fight_on", "hero": "he-man"},
    )
    c = g.s.combat
    assert c.round == 2 and c.step == "place" and c.active.weapon == "he-man-shield-throw"
    assert len(g.s.teams["motu"].deck) == 17  # 21 − 4 played: no reshuffle between rounds
    _place_all(g, ["+2"] * 4, ["+2"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    # Equal totals except initiative: He-Man 3 + 0 against Skeletor 2: Skeletor loses 1 HP per round.
    assert c.active.dealt == 2 and c.defender.dealt == 0
    assert g.awaiting["kind"] == "push" and g.awaiting["hero"] == "skeletor" and g.awaiting["team"] == "motu"
    illegal(g, {"type": "push", "hero": "skeletor", "to": "temple-of-serpos"}, "AMB-18")
    play(g, {"type": "push", "hero": "skeletor", "to": "city-of-targa"})
    assert g.s.heroes["skeletor"].area == "city-of-targa" and g.s.combat is None
    assert len(g.s.teams["ew"].deck) == 21


def test_defeat_in_step_six_gives_one_vp():
    """FE-11.5.6, FE-11.5.7.H.1."""
    g = _duel_ready()
    skel = g.s.heroes["skeletor"]
    skel.damage = q.max_hp(g, skel) - 3
    _place_all(g, ["+3", "+2", "+3", "+3"], ["+1"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert skel.area == "temple-of-serpos" and skel.damage == 0
    assert g.s.teams["motu"].vp == 1 and g.awaiting["kind"] == "penalty"


def test_first_game_no_vp_and_retreat():
    """FE-7.3: no VP for a defeated hero; FE-7.4: a loser with HP retreats to the nearest friendly outpost."""
    deployment = {"he-man": "castello-dei-nemici", "she-ra": "village-of-gaz", "teela": "village-of-eldor",
                  "skeletor": "city-of-targa", "evil-lyn": "halls-of-lithos", "beast-man": "temple-of-the-oracle"}  # fmt: skip
    g = table(first_game=True, deployment=deployment)
    g.s.skulls_done.append(2)  # the protection period is over
    while g.awaiting["kind"] == "draw":
        play(g, draw(*g.s.decks[g.awaiting["deck"]][: g.awaiting["count"]], deck=g.awaiting["deck"]))
    g.s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "he-man", "weapon": "melee"}, {"type": "weapon", "hero": "skeletor", "weapon": "melee"})  # fmt: skip
    _place_all(g, ["+1"] * 4, ["+1"] * 4, ZA, ZD)
    play(
        g,
        {"type": "pass", "team": "motu"},
        {"type": "pass", "team": "ew"},
        {"type": "fight_on", "hero": "he-man"},
    )
    _place_all(g, ["+2"] * 4, ["+2"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    skel = g.s.heroes["skeletor"]
    assert skel.area == "city-of-targa"  # the nearest outpost with an EW miniature (its soldier)
    assert g.s.teams["motu"].vp == 0


def test_faster_combat_one_round_and_fewer_hp_moves():
    """FE-12.1, AMB-30, AMB-13: the nearest friendly outpost, or the base when there is none."""
    g = _duel_ready(options={"faster_combat": True})
    _place_all(g, ["+1"] * 4, ["+1"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    # Skeletor lost the initiative (1 HP); with fewer HP he moves to the nearest EW outpost, or his base.
    assert g.s.combat is None and g.s.heroes["skeletor"].area == "temple-of-serpos"


def test_initiative_matters_doubles():
    """FE-12.2, AMB-30: at least double the opponent's initiative deals 2."""
    g = _duel_ready(options={"initiative_matters": True})
    c = g.s.combat
    _place_all(g, ["+3", "+1", "+1", "+1"], ["+1"] * 4, ["initiative", "attack", "defence", "attack"], ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert epic.totals(g, c, c.active)["initiative"] == 6 and epic.totals(g, c, c.defender)["initiative"] == 2
    assert c.active.dealt == 2


def test_epic_beast_and_the_epic_die():
    """FE-9.7.4, FE-10.4, FE-11.1.3, FE-11.5.1.B, FE-11.5.2.B, FE-11.5.3.B, FE-11.5.4.B, FE-11.5.5.B,
    FE-11.5.6.B, FE-11.5.7.B.2, FE-6.10.1, FE-16.1: only the hero chooses a weapon and only it has a board;
    the epic die helps the beast; a defeated beast gives 1 VP and its reward, and may be tamed."""
    g = table()
    s = g.s
    hero = s.heroes["he-man"]
    hero.area = "wilds-2"
    s.decks["scenario"].remove("great-dragosaur")
    s.decks["scenario"].insert(0, "great-dragosaur")
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "mission", "hero": "he-man"},
         draw("great-dragosaur", deck="scenario"), {"type": "weapon", "hero": "he-man", "weapon": "melee"})  # fmt: skip
    assert g.awaiting["kind"] == "roll" and g.awaiting["die"] == "epic"
    illegal(g, roll("attack+3", die="epic"), "FE-3.4")
    play(g, roll("defence+2", die="epic"))
    c = s.combat
    c.beast["damage"] = c.beast["hp"] - 1
    _place_all(g, ["+3", "+3", "+2", "+3"], [], ["attack", "defence", "attack", "initiative"], [])
    vp = s.teams["motu"].vp
    eternium = s.teams["motu"].eternium
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert s.teams["motu"].vp == vp + 1 and s.teams["motu"].vp_sources["epic_beasts"] == 1
    assert s.teams["motu"].eternium == eternium + 2
    assert g.awaiting == {"kind": "tame", "hero": "he-man", "card": "great-dragosaur"}


def test_wild_event_and_friendly_ally():
    """FE-9.6.3, FE-9.6.5.2: an event applies at once; a friendly ally is acquired or declined for 1."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "wilds-1"
    eternium = s.teams["motu"].eternium
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": True},
         draw("event-1", "orko", deck="encounter"), {"type": "choose", "hero": "he-man", "card": "orko"})  # fmt: skip
    assert s.decks["encounter"][-1] == "event-1"  # the other card goes under the deck
    assert g.awaiting == {"kind": "ally", "hero": "he-man", "card": "orko"}
    play(g, {"type": "ally", "hero": "he-man", "acquire": False})
    assert s.teams["motu"].eternium == eternium - 1 + 1 and "orko" in s.decks["encounter"]


def _final(g):
    g.s.round = g.final_index()
    for h in g.s.heroes.values():
        h.activated = True
    g.s.heroes["beast-man"].activated = False
    g.advance()
    play(g, {"type": "activate", "hero": "beast-man"}, {"type": "end_turn", "hero": "beast-man"})


def test_most_vp_wins():
    """FE-17.1.2, FE-2.4: every player of the winning team shares the win."""
    g = table()
    g.s.teams["ew"].vp = 3
    _final(g)
    r = g.result()
    assert r["winner"] == "ew" and r["ended_by"] == "rounds"
    assert {s["seat"]: s["outcome"] for s in r["seats"]} == {"p1": "loss", "p2": "win"}


def test_tie_break_outposts_then_eternium():
    """FE-17.2.1–2."""
    g = table()
    g.s.soldiers["village-of-gaz"] = {"motu": 1}
    _final(g)
    assert g.result()["winner"] == "motu" and g.result()["ended_by"] == "tie-break-outposts"
    g = table()
    g.s.teams["ew"].eternium += 1
    _final(g)
    assert g.result()["winner"] == "ew" and g.result()["ended_by"] == "tie-break-eternium"


def test_extra_night_round_then_duel():
    """FE-17.2.3–4, AMB-54: an extra night round; still tied, a one-round duel; its winner's team +1 VP."""
    g = table()
    _final(g)
    assert g.s.extra == 1 and g.is_night() and g.awaiting == {"kind": "activate", "team": "motu"}
    for m, e in (("he-man", "skeletor"), ("she-ra", "evil-lyn"), ("teela", "beast-man")):
        play(g, {"type": "activate", "hero": m}, {"type": "end_turn", "hero": m},
             {"type": "activate", "hero": e}, {"type": "end_turn", "hero": e})  # fmt: skip
    assert g.awaiting == {"kind": "duel", "team": "motu"}
    illegal(g, {"type": "duel", "team": "motu", "hero": "skeletor"}, "FE-17.2.4")
    play(g, {"type": "duel", "team": "motu", "hero": "teela"}, {"type": "duel", "team": "ew", "hero": "evil-lyn"},
         {"type": "weapon", "hero": "teela", "weapon": "melee"}, {"type": "weapon", "hero": "evil-lyn", "weapon": "magic"})  # fmt: skip
    _place_all(g, ["+1"] * 4, ["+1"] * 4, ZA, ZD)
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    r = g.result()
    assert g.s.phase == "over" and r["ended_by"] == "duel"
    assert r["winner"] == "motu" and g.s.teams["motu"].vp_sources == {"duel": 1}  # initiative 3 against 2


def test_a_boss_in_play_loses_for_everyone():
    """FE-17.1.1."""
    g = table()
    g.s.bosses.append("evil-seed")
    _final(g)
    r = g.result()
    assert r["winner"] is None and {t["outcome"] for t in r["teams"]} == {"loss"} and r["ended_by"] == "boss"


def test_organisation_order_income_before_skull():
    """AMB-02: day income, then the skull event (recorded as done)."""
    g = table()
    g.s.round = 1
    g.s.round += 1
    flow.organisation(g)
    assert 1 in g.s.skulls_done and g.s.teams["motu"].income[-1][0] == 2


def _at_the_epic_die(doc=None):
    g = table(doc=doc)
    s = g.s
    s.heroes["he-man"].area = "wilds-2"
    s.decks["scenario"].remove("great-dragosaur")
    s.decks["scenario"].insert(0, "great-dragosaur")
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "mission", "hero": "he-man"},
         draw("great-dragosaur", deck="scenario"), {"type": "weapon", "hero": "he-man", "weapon": "melee"})  # fmt: skip
    assert g.awaiting["kind"] == "roll" and g.awaiting["die"] == "epic"
    return g


def test_a_real_epic_die_may_show_every_result_the_rulebook_prints():
    """FE-3.4, FE-6.10.1, AMB-26: the epic die shows +1/+2 attack, defence and initiative or surge (Italian:
    "+1/+2 Iniziativa"); the starter pack's face list is a placeholder without +2 initiative, so a die rolled at
    the table showing it is accepted and the beast gets +2 initiative."""
    g = _at_the_epic_die()
    assert "initiative+2" not in g.chance.faces["epic"]
    play(g, roll("initiative+2", die="epic"))
    assert g.s.combat.epic == {"initiative": 2}


def test_a_pack_with_a_printed_face_list_limits_the_real_die_to_it():
    """FE-3.4: once a corrected pack gives the epic die's faces (not provisional), only those are accepted."""
    doc = pack()
    doc["dice"]["provisional"] = ["wild"]
    g = _at_the_epic_die(doc)
    illegal(g, roll("initiative+2", die="epic"), "FE-3.4")
    play(g, roll("initiative+1", die="epic"))
    assert g.s.combat.epic == {"initiative": 1}
