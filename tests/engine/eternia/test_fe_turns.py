"""The round and a hero's turn: organisation (FE-8.2), activation order (FE-8.3), actions and their
limits (FE-9), outposts and soldiers (FE-6.2–6.5), victory cards (FE-6.11)."""

from __future__ import annotations

from fe_support import draw, illegal, play
from fe_support import table as new_table

from engine.games.eternia import flow
from engine.games.eternia import queries as q


def table(**kw):
    """A table whose merchant offers are already revealed, so moves onto merchants draw nothing."""
    g = new_table(**kw)
    for kind in ("shop", "guild", "forge"):
        if g.s.offers[kind] is None:
            g.s.offers[kind] = g.s.decks[kind][:4]
            del g.s.decks[kind][:4]
    return g


def test_activation_alternates_and_each_hero_once():
    """FE-8.3.1–3: the starting team first, then the other; a hero activates once per round."""
    g = table(start="ew")
    assert g.awaiting == {"kind": "activate", "team": "ew"}
    illegal(g, {"type": "activate", "hero": "teela"}, "FE-8.3.2")
    play(g, {"type": "activate", "hero": "skeletor"}, {"type": "end_turn", "hero": "skeletor"})
    assert g.awaiting == {"kind": "activate", "team": "motu"}
    play(g, {"type": "activate", "hero": "teela"}, {"type": "end_turn", "hero": "teela"})
    illegal(g, {"type": "activate", "hero": "skeletor"}, "FE-8.3.3")


def test_a_team_without_heroes_left_is_skipped_and_the_round_ends():
    """FE-8.3.3–4, AMB-09; FE-8.2.1–2: the next round pays day income, the starting team begins again."""
    g = table()
    for hid in ["he-man", "she-ra", "teela"]:
        play(g, {"type": "activate", "hero": hid}, {"type": "end_turn", "hero": hid})
        if hid != "teela":
            ew = {"he-man": "skeletor", "she-ra": "evil-lyn"}[hid]
            play(g, {"type": "activate", "hero": ew}, {"type": "end_turn", "hero": ew})
    assert g.awaiting == {"kind": "activate", "team": "ew"}  # MOTU has none left: skipped
    play(g, {"type": "activate", "hero": "beast-man"}, {"type": "end_turn", "hero": "beast-man"})
    assert g.s.round == 1 and g.is_night()  # the second space is a night: no income
    assert len(g.s.teams["motu"].income) == 1
    assert g.awaiting == {"kind": "activate", "team": "motu"}


def test_day_income_counts_every_controlled_outpost():
    """FE-8.2.2: the Eternium printed on each outpost a team controls, soldiers or heroes."""
    g = table()
    g.s.soldiers["village-of-gaz"] = {"motu": 1}
    g.s.round = 1
    before = g.s.teams["motu"].eternium
    g.s.round += 1
    flow.organisation(g)
    assert g.s.teams["motu"].eternium == before + 2 + 1  # the base and Village of Gaz (pack values)


def test_night_heals_one_at_the_end_of_a_turn():
    """FE-8.2.3, FE-9.1.7."""
    g = table()
    g.s.round = 1
    g.s.heroes["teela"].damage = 3
    play(g, {"type": "activate", "hero": "teela"}, {"type": "end_turn", "hero": "teela"})
    assert g.s.heroes["teela"].damage == 2


def test_two_different_standard_actions_per_turn():
    """FE-9.1.1."""
    g = table()
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "move", "hero": "he-man", "path": ["village-of-gaz"]},
    )
    illegal(g, {"type": "move", "hero": "he-man", "path": ["castello-dei-nemici"]}, "FE-9.1.1")
    play(g, {"type": "fortify", "hero": "he-man", "soldiers": 3})
    illegal(g, {"type": "face_wilds", "hero": "he-man", "pay": False}, "FE-9.1.1")


def test_move_costs_and_forbidden_areas():
    """FE-9.2.1–5, FE-6.3.3, FE-6.6.1: movement points, enemy bases, flight routes only when flying."""
    g = table()
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move", "hero": "he-man", "path": ["village-of-gaz", "castello-dei-nemici", "mountains-of-perpetua",
                                                             "city-of-targa"]}, "FE-9.2.1")  # fmt: skip
    illegal(g, {"type": "move", "hero": "he-man", "path": ["temple-of-serpos"]}, "FE-6.6.1")
    illegal(g, {"type": "move", "hero": "he-man", "path": ["central-tower"]}, "FE-6.1.3")
    g.s.heroes["he-man"].area = "halls-of-lithos"
    illegal(g, {"type": "move", "hero": "he-man", "path": ["temple-of-serpos"]}, "FE-6.3.3")


def test_entering_enemies_ends_the_move_and_starts_combat():
    """FE-9.2.4, FE-10.2."""
    g = table()
    g.s.heroes["skeletor"].area = "village-of-gaz"
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(
        g, {"type": "move", "hero": "he-man", "path": ["village-of-gaz", "castello-dei-nemici"]}, "FE-9.2.4"
    )
    play(g, {"type": "move", "hero": "he-man", "path": ["village-of-gaz"]})
    assert g.s.combat is not None and g.awaiting == {"kind": "weapon", "hero": "he-man"}


def test_a_flier_crosses_water_and_passes_enemies():
    """FE-9.2.7, FE-6.6.1: 2 MP along a flight route; passing through enemies triggers nothing."""
    g = table()
    hero = g.s.heroes["teela"]
    hero.mount, hero.mount_kind = "wind-raider", "vehicle"
    hero.area = "tower-of-grayskull"
    g.s.heroes["evil-lyn"].area = "viper-tower"
    play(
        g,
        {"type": "activate", "hero": "teela"},
        {"type": "move", "hero": "teela", "path": ["viper-tower", "halls-of-lithos"]},
    )
    assert hero.area == "halls-of-lithos" and g.s.combat is None


def test_move_between_outposts_needs_both_controlled():
    """FE-9.3, AMB-03."""
    g = table()
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move_outposts", "hero": "he-man", "to": "village-of-gaz"}, "FE-9.3.1")
    g.s.soldiers["village-of-gaz"] = {"motu": 1}
    play(g, {"type": "move_outposts", "hero": "he-man", "to": "village-of-gaz"})
    assert g.s.heroes["he-man"].area == "village-of-gaz"
    play(g, {"type": "move", "hero": "he-man", "path": ["castello-dei-nemici"]})  # a different action


def test_fast_travel_between_towers():
    """FE-9.4."""
    g = table()
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "fast_travel", "hero": "he-man", "to": "viper-tower"}, "FE-9.4.1")
    g.s.heroes["he-man"].area = "tower-of-grayskull"
    play(g, {"type": "fast_travel", "hero": "he-man", "to": "Torre Vipera"})
    assert g.s.heroes["he-man"].area == "viper-tower"


def test_fortify_limits():
    """FE-9.5.2, FE-6.3.4, FE-6.2.2, AMB-23."""
    g = table()
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "fortify", "hero": "he-man", "soldiers": 1}, "FE-6.3.4")
    g.s.heroes["he-man"].area = "village-of-gaz"
    illegal(g, {"type": "fortify", "hero": "he-man", "soldiers": 4}, "FE-9.5.2")
    play(g, {"type": "fortify", "hero": "he-man", "soldiers": 3})
    assert g.s.soldiers["village-of-gaz"] == {"motu": 3} and g.s.teams["motu"].supply == 12


def test_move_soldiers_along_a_path_and_the_cap():
    """FE-9.5.3, AMB-22, FE-6.2.2: excess over 3 returns to the supply."""
    g = table()
    g.s.soldiers = {"village-of-gaz": {"motu": 3}, "castello-dei-nemici": {"motu": 2}}
    g.s.teams["motu"].supply = 10
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move_soldiers", "hero": "he-man", "from": "village-of-gaz", "to": "mountains-of-perpetua",
                "soldiers": 1}, "AMB-22")  # fmt: skip
    play(
        g,
        {
            "type": "move_soldiers",
            "hero": "he-man",
            "from": "village-of-gaz",
            "to": "castello-dei-nemici",
            "soldiers": 3,
        },
    )
    assert g.s.soldiers == {"castello-dei-nemici": {"motu": 3}} and g.s.teams["motu"].supply == 12


def test_soldiers_against_soldiers_fight_one_for_one():
    """FE-15.3."""
    g = table()
    g.s.heroes["he-man"].area = "castello-dei-nemici"
    g.s.soldiers = {"castello-dei-nemici": {"motu": 3}, "mountains-of-perpetua": {"ew": 2}}
    play(g, {"type": "activate", "hero": "he-man"},
         {"type": "move_soldiers", "hero": "he-man", "from": "castello-dei-nemici", "to": "mountains-of-perpetua", "soldiers": 3})  # fmt: skip
    assert g.s.soldiers.get("mountains-of-perpetua") == {"motu": 1}


def test_soldiers_against_one_hero_stop_at_zero():
    """FE-15.2.2–3: only as many soldiers as needed to bring the hero to 0; no VP."""
    g = table()
    g.s.heroes["he-man"].area = "castello-dei-nemici"
    g.s.soldiers = {"castello-dei-nemici": {"motu": 3}}
    skel = g.s.heroes["skeletor"]
    skel.area = "mountains-of-perpetua"
    skel.damage = q.max_hp(g, skel) - 2
    play(g, {"type": "activate", "hero": "he-man"},
         {"type": "move_soldiers", "hero": "he-man", "from": "castello-dei-nemici", "to": "mountains-of-perpetua", "soldiers": 3})  # fmt: skip
    assert skel.area == "temple-of-serpos" and skel.damage == 0
    assert g.s.soldiers["mountains-of-perpetua"] == {"motu": 1}
    assert g.s.teams["motu"].vp == 0
    assert g.awaiting["kind"] == "penalty"


def test_a_hero_meeting_only_soldiers():
    """FE-15.5, AMB-19: each enemy soldier is removed and deals 1 HP."""
    g = table()
    g.s.soldiers = {"village-of-gaz": {"ew": 2}}
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "move", "hero": "he-man", "path": ["village-of-gaz"]},
    )
    assert g.s.heroes["he-man"].damage == 2 and "village-of-gaz" not in g.s.soldiers
    assert q.controller(g, "village-of-gaz") == "motu"


def test_rest_at_night_only_and_uses_both_actions():
    """FE-9.8."""
    g = table()
    g.s.heroes["he-man"].damage = 6
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "rest", "hero": "he-man"}, "FE-9.8.1")
    g.s.round = 1
    play(g, {"type": "rest", "hero": "he-man"})
    illegal(g, {"type": "move", "hero": "he-man", "path": ["village-of-gaz"]}, "FE-9.8.2")
    play(g, {"type": "end_turn", "hero": "he-man"})
    assert g.s.heroes["he-man"].damage == 1  # 4, then 1 at the end of a night turn


def test_use_a_merchant_needs_control_and_ends_the_turn():
    """FE-9.10.2, FE-9.1.4."""
    g = table()
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "merchant", "hero": "he-man", "merchant": "shop"}, "FE-9.10.2")
    g.s.soldiers["village-of-gaz"] = {"motu": 1}
    play(
        g,
        {"type": "merchant", "hero": "he-man", "merchant": "shop"},
        {"type": "buy", "hero": "he-man", "cards": []},
    )
    assert g.s.turn is None and g.s.heroes["he-man"].activated


def test_victory_card_claims_follow_their_objective():
    """FE-6.11.2–4, AMB-10: Token Hoard needs 10 or more Eternium from one day income."""
    g = table()
    t = g.s.teams["motu"]
    t.victory_hand = ["orda-di-gettoni", "victory-1", "victory-2"]
    illegal(
        g,
        {"type": "claim_victory", "team": "motu", "card": "Orda di Gettoni", "objective": "primary"},
        "FE-6.11.2",
    )
    t.income.append([0, 10])
    play(g, {"type": "claim_victory", "team": "motu", "card": "Orda di Gettoni", "objective": "primary"})
    assert t.vp == 2 and t.victory_revealed == ["orda-di-gettoni"]
    illegal(
        g,
        {"type": "claim_victory", "team": "motu", "card": "orda-di-gettoni", "objective": "secondary"},
        "FE-6.11.3",
    )


def test_victory_card_limit_discards_the_hand():
    """FE-6.11.4: at as many revealed cards as heroes, the rest of the hand is discarded."""
    g = table()
    t = g.s.teams["motu"]
    t.victory_hand = ["victory-2", "victory-9"]
    t.victory_done = ["victory-3", "victory-4"]
    t.eternium = 9
    play(g, {"type": "claim_victory", "team": "motu", "card": "victory-2", "objective": "primary"})
    assert t.victory_hand == [] and "victory-9" in g.s.discards["victory"]


def test_victory_redraw_costs_one_during_the_team_turn():
    """FE-6.11.5."""
    g = table()
    t = g.s.teams["motu"]
    card = t.victory_hand[0]
    illegal(g, {"type": "redraw_victory", "team": "motu", "cards": [card]}, "FE-6.11.5")
    play(g, {"type": "activate", "hero": "he-man"})
    before = t.eternium
    play(
        g,
        {"type": "redraw_victory", "team": "motu", "cards": [card]},
        draw(g.s.decks["victory"][0], deck="victory"),
    )
    assert t.eternium == before - 1 and card not in t.victory_hand and len(t.victory_hand) == 3


def test_first_game_deploys_on_merchant_outposts_and_protects_heroes():
    """FE-7.1, FE-7.2 (AMB-55)."""
    deployment = {"he-man": "castello-dei-nemici", "she-ra": "village-of-gaz", "teela": "village-of-eldor",
                  "skeletor": "city-of-targa", "evil-lyn": "halls-of-lithos", "beast-man": "temple-of-the-oracle"}  # fmt: skip
    g = new_table(first_game=True, deployment=deployment)
    assert g.s.heroes["teela"].area == "village-of-eldor"
    assert g.s.soldiers["city-of-targa"] == {"ew": 1} and g.s.teams["ew"].supply == 12
    assert 1 in g.s.skulls_done and g.content.track[g.s.round].get("skull") == 1
    assert g.s.offers["shop"] is not None  # AMB-37: offers revealed at setup
    g.s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]}, "FE-7.2")


def test_first_game_deployment_must_use_the_sides_merchants():
    from fe_support import header

    import engine

    head = header(first_game=True, deployment={"he-man": "city-of-targa"})
    v = engine.verify(head)
    assert v.status == "illegal" and v.error.rule == "FE-7.1"
