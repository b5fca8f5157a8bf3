"""The worked examples of the specification (§21, WE-01 … WE-11) as tests."""

from __future__ import annotations

import pytest
from fe_support import draw, illegal, pack, play, roll, table

import engine
from engine.games.eternia import RULESET, epic
from engine.games.eternia import queries as q
from engine.games.eternia.scoring import solo_score


def test_we01_teela_against_evil_lyn():
    """WE-01: the rulebook's epic combat, step by step. It checks FE-10.2, FE-10.3, FE-11.0.1, FE-11.1.1,
    FE-11.1.2, FE-11.2.1, FE-11.3.1, FE-11.4.1, FE-11.4.2, FE-11.4.3, FE-11.4.4, FE-11.4.5, FE-11.5.1.H,
    FE-11.5.2.H, FE-11.5.3.1, FE-11.5.3.2, FE-11.5.3.4, FE-11.5.3.5, FE-11.5.3.6, FE-11.5.4.1, FE-11.5.4.2,
    FE-11.5.4.3, FE-11.5.4.5, FE-11.5.5.1, FE-11.5.5.3, FE-11.5.6.1, FE-11.5.6.2, FE-11.5.6.3, FE-11.5.7.H,
    FE-11.5.10.1, FE-11.6.1, FE-6.12.1, FE-6.12.2, FE-6.12.3, FE-6.2.1, FE-16.4.4, FE-11.6.2, AMB-11,
    AMB-28, AMB-33, AMB-35 and FE-22.3 (Teela's mind and initiative, Evil-Lyn's staff)."""
    g = table()
    s = g.s
    teela, lyn, skel = s.heroes["teela"], s.heroes["evil-lyn"], s.heroes["skeletor"]
    teela.area = "castello-dei-nemici"
    lyn.area = "mountains-of-perpetua"
    s.soldiers["mountains-of-perpetua"] = {"ew": 1}
    s.teams["ew"].supply -= 1
    teela.damage, lyn.damage = 2, 2  # both at 6 HP before the combat (the example's inferred values)
    skel.spells = ["fireball"]
    teela.baggage = ["magic-trap"]
    s.teams["motu"].eternium = 10
    play(
        g,
        {"type": "activate", "hero": "Teela"},
        {"type": "move", "hero": "teela", "path": ["Montagne di Perpetua"]},
        {"type": "weapon", "hero": "teela", "weapon": "teela-sword"},
        {"type": "weapon", "hero": "evil-lyn", "weapon": "magic"},
    )
    c = s.combat
    assert c.active.hero == "teela" and c.defender.hero == "evil-lyn"
    play(
        g,
        # 1 T: +1, focus (1/2), +2 → INI
        draw("+1"), {"type": "focus", "hero": "teela"}, draw("+2"), {"type": "place", "hero": "teela", "zone": "initiative"},
        # 2 E: +3 → ATK
        draw("+3"), {"type": "place", "hero": "evil-lyn", "zone": "attack"},
        # 3 T: tool → +1 and +3, keeps +3 → ATK
        draw("strumento"), draw("+1", "+3"), {"type": "keep", "hero": "teela", "card": "+3"},
        {"type": "place", "hero": "teela", "zone": "attack"},
        # 4 E: time beside the board, then surge → DEF
        draw("tempo"), {"type": "place", "hero": "evil-lyn", "zone": "beside"}, draw("impeto"),
        {"type": "place", "hero": "evil-lyn", "zone": "defence"},
        # 5 T: +2 → DEF
        draw("+2"), {"type": "place", "hero": "teela", "zone": "defence"},
        # 6 E: +2 → INI
        draw("+2"), {"type": "place", "hero": "evil-lyn", "zone": "initiative"},
        # 7 T: +1, focus (2/2), flow → ATK (not counted), +1 → DEF
        draw("+1"), {"type": "focus", "hero": "teela"}, draw("flusso"), {"type": "place", "hero": "teela", "zone": "attack"},
        draw("+1"), {"type": "place", "hero": "teela", "zone": "defence"},
        # 8 E: +2 → DEF
        draw("+2"), {"type": "place", "hero": "evil-lyn", "zone": "defence"},
    )  # fmt: skip
    assert c.active.placed == 4 and c.defender.placed == 4 and c.active.focus_used == 2
    assert c.step == "step4" and g.awaiting == {"kind": "step4", "team": "motu"}
    play(
        g,
        {"type": "pass", "team": "motu"},
        {"type": "time", "hero": "evil-lyn", "swap": [["initiative", 0], ["defence", 0]]},
        {"type": "surge", "hero": "evil-lyn", "zone": "initiative"},
        draw("+3"),
        {"type": "place", "hero": "evil-lyn", "zone": "attack"},
        {"type": "soldiers", "hero": "evil-lyn", "attack": 1},
        {"type": "spell", "hero": "skeletor", "spell": "Palla di fuoco"},
    )
    assert q.hp(g, teela) == 4  # Fireball: 6 → 4
    assert [x[0] for x in c.defender.board["attack"]] == ["+3", "+3"]
    assert s.teams["ew"].supply == 15 and "mountains-of-perpetua" not in s.soldiers
    from engine.games.eternia.epic import totals

    assert totals(g, c, c.active) == {"initiative": 5, "attack": 4, "defence": 3}
    assert totals(g, c, c.defender) == {"initiative": 3, "attack": 7, "defence": 4}
    play(g, {"type": "pass", "team": "ew"})
    # Steps 5–7: Evil-Lyn loses the initiative (6 → 5); 4 vs 4 is no damage; 7 − 3 = 4 defeats Teela.
    assert q.hp(g, lyn) == 5 and lyn.area == "mountains-of-perpetua"
    assert teela.area == "castle-grayskull" and teela.damage == 0
    assert s.teams["ew"].vp == 1 and s.teams["ew"].vp_sources == {"enemy_heroes": 1}
    assert g.awaiting == {"kind": "penalty", "hero": "teela", "team": "motu"}
    play(g, {"type": "pay_defeat", "hero": "teela", "eternium": 3, "cards": ["Trappola Magica"]})
    assert s.teams["motu"].eternium == 7 and teela.baggage == []
    assert "magic-trap" in s.discards["shop"] and "fireball" in s.discards["guild"]
    assert s.combat is None and len(s.teams["motu"].deck) == 21 and len(s.teams["ew"].deck) == 21  # step 10
    assert s.turn is None and teela.activated  # FE-6.12.3: her turn ended at once
    assert q.controller(g, "mountains-of-perpetua") == "ew"
    assert g.awaiting["kind"] == "activate" and g.awaiting["team"] == "ew"


def test_we01_same_zone_twice_is_refused():
    """WE-01's zone-sequence check (FE-11.5.3.6): a card may not follow the previous one into its zone."""
    g = _teela_combat()
    play(g, draw("+2"), {"type": "place", "hero": "teela", "zone": "initiative"}, draw("+3"),
         {"type": "place", "hero": "evil-lyn", "zone": "attack"}, draw("+1"))  # fmt: skip
    msg = illegal(g, {"type": "place", "hero": "teela", "zone": "initiative"}, "FE-11.5.3.6")
    assert "previous card" in msg


def test_we01_focus_beyond_mind_is_refused():
    """FE-11.5.3.5, AMB-14: Teela's mind is 2, so a third focus in the combat is illegal."""
    g = _teela_combat()
    play(
        g,
        draw("+1"),
        {"type": "focus", "hero": "teela"},
        draw("+1"),
        {"type": "focus", "hero": "teela"},
        draw("+1"),
    )
    illegal(g, {"type": "focus", "hero": "teela"}, "FE-11.5.3.5")


def _teela_combat():
    g = table()
    s = g.s
    s.heroes["teela"].area = "castello-dei-nemici"
    s.heroes["evil-lyn"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "teela"}, {"type": "move", "hero": "teela", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "teela", "weapon": "melee"}, {"type": "weapon", "hero": "evil-lyn", "weapon": "magic"})  # fmt: skip
    return g


def _she_ra_meets_dylinx():
    g = table()
    g.s.heroes["she-ra"].area = "wilds-1"
    play(g, {"type": "activate", "hero": "she-ra"}, {"type": "face_wilds", "hero": "she-ra", "pay": False},
         draw("Dylinx", deck="encounter"), roll("blank"))  # fmt: skip
    assert g.s.wild.stats == {"attack": 3, "defence": 2, "hp": 3}  # the check failed: no +1
    play(g, roll("blank", "blank", "reroll", "success", "success", "success", "double"))
    return g


def test_we02_she_ra_against_a_dylinx():
    """WE-02: 7 dice, one reroll with one extra die, then the assignment. FE-14.0, FE-14.1, FE-14.2,
    FE-14.3, FE-14.4, FE-6.9.1, FE-6.9.2 (the Dylinx's check fails on a blank), FE-6.9.3, FE-6.9.4, FE-9.6.1,
    FE-9.6.2, FE-9.6.4, FE-16.1.1, FE-16.1.2, FE-22.6 (the Dylinx's printed values), AMB-43, AMB-44."""
    g = _she_ra_meets_dylinx()
    she = g.s.heroes["she-ra"]
    eternium = g.s.teams["motu"].eternium
    play(g, {"type": "reroll", "hero": "she-ra", "extra": [0]}, roll("double", "double"))
    assert g.s.wild.dice == ["double", "blank", "double", "success", "success", "success", "double"]
    play(g, {"type": "assign", "hero": "she-ra", "defence": [0], "attack": [3, 2], "hp": [6, 4, 5]})
    assert she.damage == 0  # max(0, 3 − 3)
    assert g.s.teams["motu"].eternium == eternium + 1  # its (placeholder) reward
    assert g.awaiting == {"kind": "tame", "hero": "she-ra", "card": "dylinx"}  # FE-14.4.2
    play(g, {"type": "tame", "hero": "she-ra", "tame": True})
    assert she.mount == "dylinx" and g.s.teams["motu"].eternium == eternium + 1 - 2


def test_we02_hp_before_defence_is_refused():
    """WE-02 negative: no die on HP while the enemy's defence is above 0 (FE-14.2)."""
    g = _she_ra_meets_dylinx()
    illegal(g, {"type": "assign", "hero": "she-ra", "defence": [3], "hp": [6]}, "FE-14.2")


def test_we02_a_die_is_never_split():
    """WE-02 negative: a double success is one die, assigned whole to one stat (FE-6.9.5)."""
    g = _she_ra_meets_dylinx()
    illegal(g, {"type": "assign", "hero": "she-ra", "defence": [6], "hp": [6]}, "FE-6.9.5")


def test_we02_reroll_extras_limited_to_one_per_reroll_face():
    """FE-6.9.4, AMB-44: one reroll face lets one other die join, not two."""
    g = _she_ra_meets_dylinx()
    illegal(g, {"type": "reroll", "hero": "she-ra", "extra": [0, 1]}, "FE-6.9.4")


def test_we03_soldiers_against_soldiers_and_heroes():
    """WE-03: EW distributes three hits: Skeletor twice, one soldier. FE-15.1, FE-15.4, FE-15.7, FE-9.5.1,
    FE-9.5.3, AMB-21, AMB-22."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "castello-dei-nemici"
    s.soldiers = {"castello-dei-nemici": {"motu": 3}, "mountains-of-perpetua": {"ew": 2}}
    s.teams["motu"].supply, s.teams["ew"].supply = 12, 13
    s.heroes["skeletor"].area = s.heroes["evil-lyn"].area = "mountains-of-perpetua"
    vp = (s.teams["motu"].vp, s.teams["ew"].vp)
    play(g, {"type": "activate", "hero": "he-man"},
         {"type": "move_soldiers", "hero": "he-man", "from": "castello-dei-nemici", "to": "mountains-of-perpetua", "soldiers": 3})  # fmt: skip
    assert g.awaiting["kind"] == "hits"
    play(g, {"type": "hits", "team": "ew", "targets": ["Skeletor", "skeletor", "soldier"]})
    assert s.teams["motu"].supply == 15 and "motu" not in s.soldiers.get("mountains-of-perpetua", {})
    assert s.heroes["skeletor"].damage == 2 and s.heroes["evil-lyn"].damage == 0
    assert s.soldiers["mountains-of-perpetua"] == {"ew": 1}
    assert q.controller(g, "mountains-of-perpetua") == "ew"
    assert (s.teams["motu"].vp, s.teams["ew"].vp) == vp


def test_we04_merchant_discount():
    """WE-04 (FE-9.10.4): 2 shops lower prices by 1, 3 shops by 2, never below 1."""
    assert q.price(4, 1) == 4 and q.price(4, 2) == 3 and q.price(4, 3) == 2
    assert q.price(2, 3) == 1 and q.price(1, 3) == 1


def test_we04_discount_applies_to_a_purchase():
    """FE-9.10.3–4 through the events: a team holding two shops pays printed cost − 1."""
    g = table()
    s = g.s
    s.heroes["he-man"].area = "village-of-gaz"  # a shop on the MOTU side (placeholder map)
    s.soldiers["halls-of-lithos"] = {"motu": 1}
    s.teams["motu"].supply -= 1
    s.teams["motu"].eternium = 10
    play(
        g, {"type": "activate", "hero": "he-man"}, {"type": "merchant", "hero": "he-man", "merchant": "shop"}
    )
    offer = list(s.decks["shop"][:4])
    play(g, draw(*offer, deck="shop"))
    card = offer[0]
    printed = g.content.support[card]["cost"]
    play(g, {"type": "buy", "hero": "he-man", "cards": [card]})
    assert s.teams["motu"].eternium == 10 - max(1, printed - 1)
    assert card in q.owned_cards(s.heroes["he-man"])
    assert g.awaiting["kind"] == "draw" and g.awaiting["count"] == 1  # refill to 4 (FE-9.10.3.4)


def test_we05_base_modifier():
    """WE-05 (FE-11.4.1): a "+2" in the defence zone raises defence by 2."""
    g = _teela_combat()
    from engine.games.eternia.epic import totals

    c = g.s.combat
    before = totals(g, c, c.active)["defence"]
    play(g, draw("+2"), {"type": "place", "hero": "teela", "zone": "defence"})
    assert totals(g, c, c.active)["defence"] == before + 2


@pytest.mark.parametrize("friends,limit", [(0, 4), (1, 5), (2, 6)])
def test_we06_stronger_together_limits(friends, limit):
    """WE-06 (FE-12.3.2): one more card per other friendly hero in the area."""
    g = table(options={"stronger_together": True})
    s = g.s
    for hid in ["he-man", "she-ra", "teela"]:
        s.heroes[hid].area = "castle-grayskull"
    for hid in ["teela", "he-man", "she-ra"][: friends + 1]:
        s.heroes[hid].area = "mountains-of-perpetua"
    s.heroes["skeletor"].area = "mountains-of-perpetua"
    epic.start_hero(g, "skeletor", "teela", "mountains-of-perpetua")
    assert g.s.combat.defender.limit == limit and g.s.combat.active.limit == 4


def test_we06_without_the_option_the_limit_is_four():
    g = table()
    for hid in ["he-man", "she-ra", "teela", "skeletor"]:
        g.s.heroes[hid].area = "mountains-of-perpetua"
    epic.start_hero(g, "skeletor", "teela", "mountains-of-perpetua")
    assert g.s.combat.defender.limit == 4


def test_we07_withheld_vp_become_eternium():
    """WE-07 (FE-19.10.2): when a scenario withholds the VP for defeating an enemy hero, the team gains
    2 Eternium per VP instead. The same mechanism serves any scenario in the pack that lists it."""
    doc = pack()
    doc["scenarios"]["standard-1"]["no_vp"] = ["enemy_heroes"]
    g = table(doc=doc)
    before = g.s.teams["ew"].eternium
    from engine.games.eternia import effects

    effects.gain_vp(g, "ew", 1, "enemy_heroes")
    assert g.s.teams["ew"].vp == 0 and g.s.teams["ew"].eternium == before + 2


def test_we08_power_dice_base_initiative_added_to_the_roll():
    """WE-08 (FE-13.4.1, FE-13.8, AMB-39.1–2): Beast Man's initiative is 1 success from the dice plus his
    base initiative 2 = 3; the zone's cards give the number of dice, the base is not rolled."""
    g = table(ew=["beast-man", "skeletor", "evil-lyn"], options={"power_dice": True})
    s = g.s
    s.heroes["teela"].area = "castello-dei-nemici"
    s.heroes["beast-man"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "teela"}, {"type": "move", "hero": "teela", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "teela", "weapon": "melee"}, {"type": "weapon", "hero": "beast-man", "weapon": "beast-man-claws"})  # fmt: skip
    zones_t = ["attack", "defence", "attack", "defence"]
    zones_b = ["initiative", "attack", "defence", "attack"]
    for i, (ct, cb) in enumerate(zip(["+1", "+1", "+2", "+1"], ["+1", "+3", "+1", "+3"], strict=True)):
        play(g, draw(ct), {"type": "place", "hero": "teela", "zone": zones_t[i]})
        play(g, draw(cb), {"type": "place", "hero": "beast-man", "zone": zones_b[i]})
    c = g.s.combat
    assert epic._zone_dice(g, c, c.defender) == {"attack": 6, "defence": 1, "initiative": 1}
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    play(g, roll("success"))  # Teela has no initiative dice (no roll); Beast Man rolls 1: a success
    assert c.pd["ini"] == {"active": 3, "defender": 3}  # Beast Man 1 + base 2; Teela 0 dice + base 3
    # a tie (AMB-40): the active side strikes first and nobody loses HP
    assert c.pd["first"] == "active" and c.active.dealt == 0


def test_we08_at_most_two_cards_per_zone_and_excess_dice():
    """FE-13.1.1, FE-13.2, AMB-39.3: two cards per zone; beyond 10 dice, automatic successes."""
    g = table(options={"power_dice": True})
    c = _teela_combat_in(g)
    side = c.active
    side.board = {
        "attack": [["+3", True, False, "base"], ["+3", True, False, "base"]],
        "defence": [],
        "initiative": [],
    }
    side.last_zone = "defence"
    assert "attack" not in epic.legal_zones(g, c, side, "+2")
    side.board["defence"] = [["+3", True, False, "base"], ["+3", True, False, "base"]]
    assert sum(epic._zone_dice(g, c, side).values()) == 12


def _teela_combat_in(g):
    s = g.s
    s.heroes["teela"].area = "castello-dei-nemici"
    s.heroes["evil-lyn"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "teela"}, {"type": "move", "hero": "teela", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "teela", "weapon": "melee"}, {"type": "weapon", "hero": "evil-lyn", "weapon": "magic"})  # fmt: skip
    return s.combat


def test_we09_setup_economy():
    """WE-09 (FE-4.1.6, FE-19.5.1, FE-19.5.3): 3 Eternium per hero plus 1 (10) in the standard game; in a
    skirmish 5 per hero (15) before the purchases and 0 after them; solo Beginner 4 per hero plus 2 (14)."""
    g = table()
    for t in g.s.teams.values():  # round 1 is a day: AMB-02, its income is paid on top
        assert t.eternium - sum(amount for _r, amount in t.income) == 10
    from fe_support import header

    head = header()
    head["setup"] = {"mode": "skirmish", "scenario": "skirmish-1", "starting_team": "motu"}
    g = RULESET.start(head)
    assert g.s.teams["motu"].eternium == 15 and g.s.teams["ew"].eternium == 15
    while g.s.setup is not None and g.s.setup["phase"] == "buy":
        aw = g.awaiting
        if aw["kind"] == "draw":
            play(g, draw(*g.s.decks[aw["deck"]][: aw["count"]], deck=aw["deck"]))
        else:
            hero = next(h for h in g.s.teams[aw["team"]].heroes if h not in g.s.setup["passed"])
            play(g, {"type": "skirmish_pass", "hero": hero})
    assert g.s.teams["motu"].eternium == 0 and g.s.teams["ew"].eternium == 0
    head = header(ew=[])
    head["players"] = head["players"][:1]
    head["setup"] = {"mode": "solo", "scenario": "solo-1", "starting_team": "motu", "difficulty": "beginner"}
    g = RULESET.start(head)
    t = g.s.teams["motu"]
    assert t.eternium - sum(amount for _r, amount in t.income) == 14  # FE-18.3.1.1: 4 per hero plus 2


def _defeated(eternium: int, cards: dict[str, int]):
    doc = pack()
    for card in doc["support_cards"]:
        if card["id"] in cards:
            card["cost"] = cards[card["id"]]
    g = table(doc=doc)
    s = g.s
    hero = s.heroes["teela"]
    hero.baggage = list(cards)
    s.teams["motu"].eternium = eternium
    from engine.games.eternia import effects

    effects.defeat(g, hero)
    g.advance()
    return g


def test_we10_pool_short_pays_everything():
    """WE-10 row 1, AMB-12: a pool of 4 and no cards cannot reach 5: the whole pool is paid."""
    g = _defeated(4, {})
    illegal(g, {"type": "pay_defeat", "hero": "teela", "eternium": 3, "cards": []}, "FE-6.12.2")
    play(g, {"type": "pay_defeat", "hero": "teela", "eternium": 4, "cards": []})
    assert g.s.teams["motu"].eternium == 0


def test_we10_card_overpays_without_change():
    """WE-10 row 2: pool 1 and a card of cost 6: the card alone is legal and the pool keeps its 1."""
    g = _defeated(1, {"ambrosia": 6})
    play(g, {"type": "pay_defeat", "hero": "teela", "eternium": 0, "cards": ["ambrosia"]})
    assert g.s.teams["motu"].eternium == 1


@pytest.mark.parametrize("eternium,cards", [(5, []), (2, ["ambrosia"]), (6, []), (3, ["ambrosia"])])
def test_we10_any_mix_reaching_five(eternium, cards):
    """WE-10 row 3: pool 10 and a card of cost 3: 5 Eternium, or the card and 2 Eternium."""
    g = _defeated(10, {"ambrosia": 3})
    play(g, {"type": "pay_defeat", "hero": "teela", "eternium": eternium, "cards": cards})
    assert g.s.teams["motu"].eternium == 10 - eternium


def test_we10_too_little_is_refused():
    g = _defeated(10, {"ambrosia": 3})
    illegal(g, {"type": "pay_defeat", "hero": "teela", "eternium": 1, "cards": ["ambrosia"]}, "FE-6.12.2")


def test_we11_solo_scoring():
    """WE-11 (FE-18.7.2): Novice, completed, 9 VP, 2 enemy outposts, 1 round left, 1 defeat, 7 damage."""
    assert solo_score(vp=9, difficulty="novice", completed=True, enemy_outposts=2, rounds_left=1, defeats=1,
                      damage=7) == 13  # fmt: skip
    assert solo_score(vp=0, difficulty="relentless", completed=True, enemy_outposts=0, rounds_left=0, defeats=0,
                      damage=2) == 10  # fmt: skip


def test_ruleset_registered():
    assert engine.game(RULESET.game_id).ruleset is RULESET
    assert engine.ruleset_version(RULESET.game_id).startswith("fe-")
