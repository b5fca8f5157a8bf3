"""Solo / co-operative mode (FE-18): the team against the game. Battle and effect cards, the difficulty
levels and the enemy's set-up are the placeholder scenario's (solo-1)."""

from __future__ import annotations

from fe_support import draw, header, illegal, play, roll, setup_draws

from engine.games.eternia import RULESET, effects, solo
from engine.games.eternia import queries as q


def start(difficulty="novice", **setup):
    head = header(ew=[])
    head["players"] = head["players"][:1]
    head["setup"] = {
        "mode": "solo",
        "scenario": "solo-1",
        "starting_team": "motu",
        "difficulty": difficulty,
        **setup,
    }
    g = RULESET.start(head)
    setup_draws(g)
    return g


def test_setup_effect_deck_battle_decks_and_enemy():
    """FE-18.1.2, FE-18.2, FE-18.4.3–6, AMB-50.1: cumulative skull sets; two battle decks; no victory cards."""
    for level, n in (("beginner", 1), ("novice", 2), ("advanced", 3), ("relentless", 4)):
        g = start(level)
        assert all(g.content.effects[c]["skulls"] <= n for c in g.s.decks["effect"])
        assert len(g.s.decks["effect"]) == sum(1 for c in g.content.effects.values() if c["skulls"] <= n)
    assert all(g.content.battle[c]["surge"] for c in g.s.decks["battle-surge"])
    assert not any(g.content.battle[c]["surge"] for c in g.s.decks["battle-plain"])
    assert g.s.heroes["skeletor"].area == "temple-of-serpos" and g.s.soldiers["city-of-targa"] == {"ew": 2}
    assert g.s.teams["motu"].victory_hand == [] and g.awaiting == {"kind": "activate", "team": "motu"}


def test_beginner_soldiers_on_the_nearest_merchants():
    """FE-18.3.1.2, AMB-50.6: one soldier on the nearest mage guild, shop and forge."""
    g = start("beginner")
    assert g.s.soldiers.get("village-of-eldor") == {"motu": 1} and g.s.soldiers.get("village-of-gaz") == {
        "motu": 1
    }
    assert g.s.soldiers.get("castello-dei-nemici") == {"motu": 1}


def _meet_skeletor(g, face="success"):
    s = g.s
    s.heroes["he-man"].area = "halls-of-lithos"
    s.soldiers.pop("halls-of-lithos", None)
    s.teams["ew"].supply += 2
    s.heroes["skeletor"].area = "viper-tower"
    s.heroes["evil-lyn"].area = "temple-of-serpos"
    s.soldiers.pop("viper-tower", None)
    s.teams["ew"].supply += 1
    play(
        g, {"type": "activate", "hero": "he-man"}, {"type": "move", "hero": "he-man", "path": ["viper-tower"]}
    )
    while g.awaiting["kind"] == "draw" and g.awaiting["for"] == "offer":
        play(g, draw(*g.s.decks[g.awaiting["deck"]][:4], deck=g.awaiting["deck"]))
    play(g, {"type": "weapon", "hero": "he-man", "weapon": "melee"})
    if g.difficulty != "relentless":
        play(g, roll(face))
    return s.combat


def test_battle_deck_by_difficulty_and_weapon_match():
    """FE-18.5.2.1–3, AMB-49: Novice: blank or reroll → the surge deck; the card kept matches a weapon of
    the enemy hero; its values are the enemy's."""
    g = start("novice")
    c = _meet_skeletor(g, "reroll")
    assert c.kind == "solo" and c.battle_deck == "battle-surge"
    types = {w["type"] for w in g.content.heroes["skeletor"]["weapons"]}
    wrong = next(b for b in g.s.decks["battle-surge"] if g.content.battle[b]["weapon"] not in types)
    illegal(g, draw(wrong, deck="battle-surge"), "FE-18.5.2")
    right = next(b for b in g.s.decks["battle-surge"] if g.content.battle[b]["weapon"] in types)
    play(g, draw(right, deck="battle-surge"))
    info = g.content.battle[right]
    assert (c.beast["attack"], c.beast["defence"], c.beast["initiative"]) == (
        info["attack"],
        info["defence"],
        info["initiative"],
    )
    assert g.awaiting["kind"] == "draw" and g.awaiting["deck"] == "combat"  # no epic die (FE-18.5.3)
    g2 = start("novice")
    assert _meet_skeletor(g2, "success").battle_deck == "battle-plain"
    assert solo.battle_deck(start("advanced"), "blank") == "battle-plain"
    assert solo.battle_deck(start("beginner"), "blank") == "battle-surge"


def test_relentless_always_the_surge_deck_without_a_roll():
    """FE-18.3.4, FE-18.5.2.1: Relentless: the surge deck, no roll; 2 extra effect cards."""
    g = start("relentless")
    assert g.extra_effect_cards() == 2
    c = _meet_skeletor(g)
    assert c.battle_deck == "battle-surge" and g.awaiting["deck"] == "battle-surge"


def _fight_round(g, right=None):
    c = g.s.combat
    types = {w["type"] for w in g.content.heroes["skeletor"]["weapons"]}
    exclude = c.battle_used[-1] if c.battle_used else None
    right = right or next(
        b for b in g.s.decks[c.battle_deck] if g.content.battle[b]["weapon"] in types and b != exclude
    )
    play(g, draw(right, deck=c.battle_deck))
    for card, zone in zip(["+1", "+2", "+1", "+2"], ["defence", "attack", "defence", "attack"], strict=True):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
    play(g, {"type": "pass", "team": "motu"})
    return right


def test_effect_cards_follow_the_pass_and_act_for_the_enemy():
    """FE-18.3.3, FE-18.5.4.1–2: the battle card's number of effect cards (+1 Advanced); each applies at once; surge
    symbols activate the enemy's surge ability, a zone bonus only with a matching zone identifier, or +1
    defence and +1 attack when nothing applies."""
    g = start("advanced")
    c = _meet_skeletor(g, "blank")
    card = _fight_round(g)
    n = g.content.battle[card]["effects"] + 1
    assert g.awaiting == {"kind": "draw", "deck": "effect", "count": n, "hero": "he-man", "for": "effects"}
    cards = g.s.decks["effect"][:n]
    play(g, draw(*cards, deck="effect"))
    assert c.round == 2 or g.s.combat is None or c.step in ("flee", "outcome")
    assert set(cards) <= set(g.s.discards["effect"])


def test_surge_without_an_applicable_ability_gives_one_and_one():
    g = start("advanced")
    c = _meet_skeletor(g, "blank")
    c.battle = next(b for b, x in g.content.battle.items() if x["surge"] and x["weapon"] == "magic")
    plain = next(e for e, x in g.content.effects.items() if not x["surge"] and x["zone"] == "initiative")
    before = dict(c.defender.bonus)
    solo.apply_effects(g, c, [plain])
    # Skeletor's magic weapon draws and plays a card: no board, so +1 defence and +1 attack instead.
    gained = g.content.effects[plain]["effect"]["bonus"]
    assert (
        c.defender.bonus["defence"] == before["defence"] + 1
        and c.defender.bonus["attack"] == before["attack"] + 1
    )
    assert c.defender.bonus["initiative"] == before["initiative"] + gained["initiative"]


def test_round_two_uses_another_battle_card():
    """FE-18.5.2.4, AMB-49."""
    g = start("novice")
    c = _meet_skeletor(g, "success")
    first = _fight_round(g)
    play(g, draw(*g.s.decks["effect"][: g.awaiting["count"]], deck="effect"))
    if g.s.combat is None or g.awaiting["kind"] != "flee":
        return
    play(g, {"type": "fight_on", "hero": "he-man"}, roll("success"))
    illegal(g, draw(first, deck=c.battle_deck), "AMB-49")


def test_flee_costs_by_difficulty():
    """FE-18.3.2.1 (1 Eternium at Novice against an enemy hero), FE-18.3.1.4 and AMB-48 (free at Beginner)."""
    for level, cost in (("beginner", 0), ("novice", 1), ("advanced", 2)):
        g = start(level)
        c = _meet_skeletor(g, "success")
        assert g.flee_cost(c) == cost


def test_an_enemy_attack_lets_only_a_beginner_flee():
    """FE-11.5.8.1 with FE-18.3.1.4 (AMB-48): the defending hero may flee only at Beginner."""
    g = start("novice")
    s = g.s
    s.heroes["he-man"].area = "mountains-of-perpetua"
    from engine.games.eternia import epic

    epic.start_solo(g, "he-man", "skeletor", "mountains-of-perpetua", enemy_active=True)
    assert not g.may_flee(s.combat)
    g = start("beginner")
    epic.start_solo(g, "he-man", "skeletor", "mountains-of-perpetua", enemy_active=True)
    assert g.may_flee(g.s.combat)


def test_beginner_defeats_cost_nothing_but_count():
    """FE-18.3.1.3, FE-18.6.1."""
    g = start("beginner")
    hero = g.s.heroes["teela"]
    hero.damage = 3
    effects.defeat(g, hero)
    assert not g.s.pending and hero.defeats == 1


def test_reinforcement_fills_enemy_outposts():
    """FE-18.3.2.2, AMB-46: one soldier at a time to every enemy outpost until each has 3 or none are left."""
    g = start("novice")
    solo.reinforce(g)
    for area in ("city-of-targa", "halls-of-lithos", "temple-of-the-oracle", "viper-tower"):
        assert q.soldiers(g, area, "ew") == 3
    assert g.s.teams["ew"].supply == 15 - 12


def test_scoring_against_the_game():
    """FE-18.7.1–2, AMB-50, WE-11: completing the objective ends the scenario; the score is reported as
    the result against the game."""
    g = start("novice")
    g.s.teams["motu"].vp = 9
    g.s.heroes["teela"].defeats = 1
    g.s.heroes["she-ra"].damage, g.s.heroes["he-man"].damage = 2, 5
    g.s.round = g.final_index() - 1
    g.s.heroes["beast-man"].area = "temple-of-serpos"
    g.s.soldiers["city-of-targa"] = {"motu": 1}
    g.s.soldiers["halls-of-lithos"] = {"motu": 1}
    illegal(g, {"type": "draw", "deck": "victory"}, "FE-18.4.6")  # «le carte vittoria non vengono usate»
    play(g, {"type": "scenario_complete", "team": "motu"})
    r = g.result()
    assert r["against_game"] == {"outcome": "win", "score": 13} and r["ended_by"] == "objective"
    assert r["seats"][0]["outcome"] == "win" and r["teams"][0]["score"] == 13


def test_scenario_complete_is_solo_only():
    from fe_support import table

    g = table()
    illegal(g, {"type": "scenario_complete", "team": "motu"}, "FE-18.7.1")


def test_the_simulator_plays_a_given_header_with_its_setup_and_seed():
    """simulate(..., from_header=h): the header (forces, setup FE-18.1, seed) is kept as given and only the
    decisions vary with the seed, so a published challenge can be played many times (docs/challenges.md)."""
    import engine

    first = engine.simulate("motu-fields-of-eternia", 3, mode="solo")
    given = {k: v for k, v in first.items() if k not in ("events", "simulated")}
    games = [engine.simulate("motu-fields-of-eternia", s, from_header=given) for s in (10, 11)]
    for game in games:
        assert {k: v for k, v in game.items() if k != "events"} == {**given, "simulated": True}
        assert engine.verify(game).status == "legal"
    assert games[0]["events"] != games[1]["events"]
    assert engine.commitment_for(given["randomness"]["seed"]) == given["randomness"]["commitment"]
