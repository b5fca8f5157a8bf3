"""Support cards (FE-16), merchants (FE-9.10), decks (FE-6.13), combat-deck edge cases (FE-11.3–11.5.3)
and encounters (FE-9.6, FE-9.7, AMB-43)."""

from __future__ import annotations

from fe_support import draw, illegal, play, roll
from fe_support import table as new_table

from engine.games.eternia import effects, epic
from engine.games.eternia import queries as q


def table(**kw):
    g = new_table(**kw)
    for kind in ("shop", "guild", "forge"):
        if g.s.offers[kind] is None:
            g.s.offers[kind] = g.s.decks[kind][:4]
            del g.s.decks[kind][:4]
    return g


def test_one_mount_one_ally_replace_the_old():
    """FE-16.1.3, FE-16.2.2, FE-16.5.2, AMB-25: a new beast, vehicle or ally replaces the one held."""
    g = table()
    hero = g.s.heroes["he-man"]
    effects.give_card(g, hero, "wind-raider")
    effects.give_card(g, hero, "attak-trak")
    assert hero.mount == "attak-trak" and "wind-raider" in g.s.discards["forge"]
    effects.give_card(g, hero, "orko")
    effects.give_card(g, hero, "cringer")
    assert hero.ally == "cringer" and "orko" in g.s.discards["encounter"]


def test_flying_vehicle_gives_flight_and_vehicles_add_movement():
    """FE-16.5.1, FE-16.5.3, FE-6.6.2, FE-16.1.4."""
    g = table()
    hero = g.s.heroes["he-man"]
    base = q.stat(g, hero, "movement")
    effects.give_card(g, hero, "attak-trak")
    assert not q.can_fly(g, hero) and q.stat(g, hero, "movement") == base + 2
    effects.give_card(g, hero, "wind-raider")
    assert q.can_fly(g, hero)
    hero.mount, hero.mount_kind = "sky-turbodactyl", "epic_beast"
    assert q.can_fly(g, hero)


def test_equipment_slots_and_baggage_limit():
    """FE-16.3.1–16.3.4, AMB-25: one artifact and one armour per subtype equipped; the rest to the baggage;
    a sixth baggage card leaves a discard to the owner's choice."""
    g = table()
    hero = g.s.heroes["teela"]
    for card in ["gem-of-magoo", "orb-of-power", "shield-of-ka", "targan-chains"]:
        effects.give_card(g, hero, card)
    assert hero.equipped == {"artifact": "gem-of-magoo", "armour-body": "shield-of-ka"}
    assert hero.baggage == ["orb-of-power", "targan-chains"]
    for card in ["ambrosia", "horn-of-evil", "eternium-flask", "secret-liquid-of-life"]:
        effects.give_card(g, hero, card)
    assert len(hero.baggage) == 6 and g.s.pending[-1] == {
        "kind": "discard",
        "hero": "teela",
        "what": "baggage",
        "count": 1,
    }
    g.advance()
    illegal(g, {"type": "discard", "hero": "teela", "cards": ["gem-of-magoo"]}, "AMB-25")
    play(g, {"type": "discard", "hero": "teela", "cards": ["ambrosia"]})
    assert len(hero.baggage) == 5


def test_equipped_bonuses_count_in_combat():
    """FE-11.5.5.1, FE-16.3.2: equipped armour and artifacts add to the totals; baggage does not."""
    g = table()
    hero = g.s.heroes["teela"]
    effects.give_card(g, hero, "shield-of-ka")
    hero.baggage.append("photanium-plate")
    assert q.combat_bonus(g, hero) == {"attack": 0, "defence": 1, "initiative": 0}


def test_equip_swaps_during_the_turn():
    """FE-16.3.5, FE-9.1.5."""
    g = table()
    hero = g.s.heroes["teela"]
    effects.give_card(g, hero, "gem-of-magoo")
    effects.give_card(g, hero, "orb-of-power")
    play(g, {"type": "activate", "hero": "teela"}, {"type": "equip", "hero": "teela", "card": "orb-of-power"})
    assert hero.equipped["artifact"] == "orb-of-power" and hero.baggage == ["gem-of-magoo"]


def test_two_spells_at_most():
    """FE-16.4.1: a third spell leaves a discard."""
    g = table()
    hero = g.s.heroes["teela"]
    for card in ["fireball", "arcane-shield", "battle-fury"]:
        effects.give_card(g, hero, card)
    assert g.s.pending[-1]["what"] == "spells"


def test_map_spell_on_the_caster():
    """FE-16.4.2, FE-16.4.3, AMB-57: a map spell during the turn; no target means the caster."""
    g = table()
    hero = g.s.heroes["teela"]
    hero.damage = 4
    hero.spells = ["restoration", "fireball"]
    play(g, {"type": "activate", "hero": "teela"})
    illegal(g, {"type": "map_spell", "hero": "teela", "spell": "fireball"}, "FE-16.4.2")
    play(g, {"type": "map_spell", "hero": "teela", "spell": "restoration"})
    assert hero.damage == 1 and "restoration" in g.s.discards["guild"]


def test_trade_between_friends_in_one_area():
    """FE-9.9.1–2, FE-16.0, AMB-24."""
    g = table()
    a, b = g.s.heroes["teela"], g.s.heroes["she-ra"]
    a.spells = ["fireball"]
    play(g, {"type": "activate", "hero": "teela"})
    g.s.heroes["skeletor"].area = "temple-of-serpos"
    play(g, {"type": "trade", "hero": "teela", "with": "she-ra", "give": ["fireball"]})
    assert b.spells == ["fireball"] and a.spells == []
    illegal(g, {"type": "trade", "hero": "teela", "with": "she-ra", "take": ["fireball"]}, "FE-9.1.3")


def test_trade_needs_the_same_area():
    g = table()
    g.s.heroes["she-ra"].area = "village-of-gaz"
    g.s.heroes["teela"].spells = ["fireball"]
    play(g, {"type": "activate", "hero": "teela"})
    illegal(g, {"type": "trade", "hero": "teela", "with": "she-ra", "give": ["fireball"]}, "FE-9.9.1")


def test_first_occupation_reveals_the_offer():
    """FE-9.10.1, AMB-07: the first hero on a merchant outpost reveals 4 cards of that type."""
    g = new_table()
    assert g.s.offers["shop"] is None
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "move", "hero": "he-man", "path": ["village-of-gaz"]},
    )
    assert g.awaiting == {"kind": "draw", "deck": "shop", "count": 4, "for": "offer"}
    cards = g.s.decks["shop"][:4]
    play(g, draw(*cards, deck="shop"))
    assert g.s.offers["shop"] == cards


def test_refresh_once_before_buying_and_purchases_go_to_the_hero():
    """FE-9.10.3.2, FE-9.10.5."""
    g = table()
    g.s.soldiers["village-of-gaz"] = {"motu": 1}
    g.s.teams["motu"].supply -= 1
    old = list(g.s.offers["shop"])
    play(
        g,
        {"type": "activate", "hero": "teela"},
        {"type": "merchant", "hero": "teela", "merchant": "shop", "refresh": True},
    )
    new = g.s.decks["shop"][:4]
    play(g, draw(*new, deck="shop"))
    assert g.s.offers["shop"] == new and set(old) <= set(g.s.discards["shop"])
    illegal(g, {"type": "buy", "hero": "teela", "cards": [old[0]]}, "FE-9.10.3")


def test_gaining_a_combat_card_keeps_the_deck_at_21():
    """FE-11.3.3, AMB-34: the card comes from the supply, then one card leaves the game."""
    g = table()
    t = g.s.teams["motu"]
    effects.gain_combat_card(g, "motu", "+3")
    assert len(t.deck) == 22 and t.supply_cards["+3"] == 7
    g.advance()
    illegal(g, {"type": "trim", "team": "motu", "card": "fireball"}, "FE-11.3.3")
    play(g, {"type": "trim", "team": "motu", "card": "+1"})
    assert len(t.deck) == 21 and t.out_of_game == ["+1"] and t.deck.count("+1") == 6
    t.supply_cards["+2"] = 0
    effects.gain_combat_card(g, "motu", "+2")
    assert len(t.deck) == 21  # nothing in the supply: nothing gained


def _combat(g):
    s = g.s
    s.heroes["he-man"].area = "castello-dei-nemici"
    s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "he-man", "weapon": "melee"}, {"type": "weapon", "hero": "skeletor", "weapon": "melee"})  # fmt: skip
    return s.combat


def test_zone_limit_of_four_and_flow_not_counted():
    """FE-11.5.3.7, FE-11.1.2, FE-11.4.2."""
    g = table()
    c = _combat(g)
    side = c.active
    side.board["attack"] = [["+1", True, False, "base"]] * 4
    side.last_zone = "defence"
    assert "attack" not in epic.legal_zones(g, c, side, "+2")
    assert "attack" in epic.legal_zones(g, c, side, "flow")


def test_a_card_with_no_legal_zone_is_discarded_and_counts():
    """FE-11.5.3.8, AMB-35."""
    g = table()
    c = _combat(g)
    side = c.active
    side.board = {"attack": [["+1", True, False, "base"]] * 4, "defence": [["+1", True, False, "base"]] * 4,
                  "initiative": []}  # fmt: skip
    side.last_zone = "initiative"
    play(g, draw("+2"))
    assert side.placed == 1 and "+2" in g.s.teams["motu"].discard and c.turn == "defender"


def test_an_empty_deck_stops_a_player():
    """FE-11.5.3.9: no reshuffle; the other player goes on."""
    g = table()
    c = _combat(g)
    t = g.s.teams["motu"]
    t.discard.extend(t.deck)
    t.deck.clear()
    g.advance()
    assert c.active.out and g.awaiting["hero"] == "skeletor"


def test_an_immediate_surge_resolves_when_played():
    """FE-11.4.3, FE-11.5.3.3, AMB-32: Ram Man's charge (immediate in the pack) deals its damage at once."""
    g = table(motu=["ram-man", "she-ra", "teela"])
    s = g.s
    s.heroes["ram-man"].area = "castello-dei-nemici"
    s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "ram-man"}, {"type": "move", "hero": "ram-man", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "ram-man", "weapon": "thrown"}, {"type": "weapon", "hero": "skeletor", "weapon": "melee"},
         draw("impeto"), {"type": "place", "hero": "ram-man", "zone": "attack"})  # fmt: skip
    assert s.heroes["skeletor"].damage == 1 and s.combat.active.dealt == 1
    assert s.combat.active.board["attack"][0][2]  # used: it cannot be activated again in step 4


def test_beast_survives_two_rounds_and_flees():
    """FE-11.5.9.3, FE-11.5.9.4, FE-11.5.8.B, AMB-27, AMB-36: no reward, no taming; back into the scenario
    deck; a new epic die each round."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "wilds-2"
    s.decks["scenario"].remove("stridor-the-ancient")
    s.decks["scenario"].insert(0, "stridor-the-ancient")
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "mission", "hero": "he-man"},
         draw("stridor-the-ancient", deck="scenario"), {"type": "weapon", "hero": "he-man", "weapon": "melee"},
         roll("attack+1", die="epic"))  # fmt: skip
    c = s.combat
    for card, zone in zip(["+1", "+1", "+1", "+1"], ["defence", "attack", "defence", "attack"], strict=True):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"}, {"type": "fight_on", "hero": "he-man"},
         roll("defence+1", die="epic"))  # fmt: skip
    assert c.round == 2 and c.epic == {"defence": 1}  # AMB-27: a new epic die each round
    for card, zone in zip(["+2", "+2", "+2", "+2"], ["defence", "attack", "defence", "attack"], strict=True):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
    vp = s.teams["motu"].vp
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert s.combat is None and "stridor-the-ancient" in s.decks["scenario"] and s.teams["motu"].vp == vp


def test_an_enemy_ally_is_fought():
    """FE-9.6.5.1, FE-16.2.1, AMB-43: an ally without the team's symbol is a wild-region combat."""
    g = table()
    g.s.heroes["he-man"].area = "wilds-1"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": False},
         draw("clawful", deck="encounter"))  # fmt: skip
    assert g.s.wild is not None and g.awaiting["kind"] == "roll"


def test_encounter_event_with_a_check():
    """FE-9.6.3, FE-6.9.2: a check is one wild die; success or double succeeds."""
    g = table()
    g.s.heroes["he-man"].area = "wilds-1"
    eternium = g.s.teams["motu"].eternium
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": False},
         draw("event-5", deck="encounter"), roll("double"))  # fmt: skip
    assert g.s.teams["motu"].eternium == eternium + 3 and "event-5" in g.s.discards["encounter"]


def test_an_empty_deck_reshuffles_its_discards():
    """FE-6.13.2 (the combat deck excepted), FE-6.13.1."""
    g = table()
    g.s.heroes["he-man"].area = "wilds-1"
    g.s.discards["encounter"] = list(g.s.decks["encounter"])
    g.s.decks["encounter"] = []
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": False},
         draw("event-1", deck="encounter"))  # fmt: skip
    assert len(g.s.decks["encounter"]) == 31


def test_mission_token_and_result():
    """FE-9.7.1–9.7.3, AMB-45: the token is removed; a completed task scores the card's VP."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "wilds-2"
    play(g, {"type": "activate", "hero": "he-man"})
    s.heroes["she-ra"].area = "wilds-1"
    card = next(c for c in s.decks["scenario"] if c.startswith("mission"))
    play(g, {"type": "mission", "hero": "he-man"}, draw(card, deck="scenario"))
    assert "wilds-2" not in s.mission_tokens
    play(g, {"type": "mission_result", "hero": "he-man", "completed": True})
    assert s.teams["motu"].vp == g.content.missions[card]["vp"] and card in s.discards["scenario"]
    play(g, {"type": "end_turn", "hero": "he-man"}, {"type": "activate", "hero": "skeletor"}, {"type": "end_turn", "hero": "skeletor"},
         {"type": "activate", "hero": "she-ra"})  # fmt: skip
    illegal(g, {"type": "mission", "hero": "she-ra"}, "FE-9.7.1")


def test_the_defending_team_chooses_its_defender():
    """FE-10.3.1–2: one epic combat per enemy hero, each defender chosen by its team."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "castello-dei-nemici"
    s.heroes["skeletor"].area = s.heroes["evil-lyn"].area = "mountains-of-perpetua"
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]},
    )
    assert g.awaiting == {"kind": "defender", "team": "ew", "heroes": ["skeletor", "evil-lyn"]}
    illegal(g, {"type": "defender", "hero": "beast-man"}, "FE-10.3.1")
    play(g, {"type": "defender", "hero": "evil-lyn"})
    assert s.combat.defender.hero == "evil-lyn"
