"""The cleanup phase (BG-7.1–7.6), victory (BG-7.4) and scoring (BG-7.5, BG-AMB-29, BG-AMB-34)."""

from __future__ import annotations

import pytest

ANYWHERE = {"rows": [1, 30]}


def claim(bg, *, he_man="K19", skeletor="K28", token="K20", own_zone=(), terrain=()):
    """Both pass at once in round 1; cleanup then decides whether He-Man claims the token."""
    zone = {"hexes": sorted({he_man, "A1", *own_zone})}
    sc = bg.scenario(zones=[zone, ANYWHERE], objectives=[token], terrain=list(terrain))
    sc.place("p1", "he-man", ["sword-of-power"], he_man, facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], skeletor, facing=0)
    sc.deal()
    sc.add("pass", player="p1").add("pass", player="p2")
    return sc


def claimed(bg, sc) -> int:
    game = bg.state(sc)
    assert game.round == 2
    return game.sides["p1"].objectives


def test_bg_7_2_1_a_character_beside_the_token_claims_it(bg):
    """BG-7.2.1 / BG-7.2.2 / BG-7.5.1 / BG-AMB-29: claiming is automatic: the token leaves the battlefield
    and is worth 20 VP."""
    sc = claim(bg)
    game = bg.state(sc)
    assert game.sides["p1"].objectives == 1 and game.sides["p1"].vp["objectives"] == 20
    assert game.objectives == []
    assert game.units["he-man"].objectives == 1


def test_bg_7_2_1_standing_on_the_token_also_claims_it(bg):
    """BG-7.2.1 (2): in the token's hex or adjacent to it. He-Man walks onto the token."""
    sc = bg.scenario(zones=[{"hexes": ["K18"]}, ANYWHERE], objectives=["K20"])
    sc.place("p1", "he-man", ["sword-of-power"], "K18", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "he-man", ap=1)
    sc.add("move", character="he-man", path=["K19", "K20"]).add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    assert claimed(bg, sc) == 1


@pytest.mark.parametrize(
    ("case", "kwargs"),
    [
        ("enemy beside the character", {"skeletor": "K18"}),
        ("character too far", {"he_man": "K18"}),
        ("enemy beside the token", {"skeletor": "K21"}),
        ("enemy on the token", {"skeletor": "K20"}),
        ("token in the claimer's own zone", {"own_zone": ("K20",)}),
    ],
)
def test_bg_7_2_1_all_four_conditions_are_needed(bg, case, kwargs):
    """BG-7.2.1 (1)–(4): no enemy beside the character; the character in or beside the token's hex; no
    enemy in or beside the token's hex; the token not in the character's own deployment zone."""
    assert claimed(bg, claim(bg, **kwargs)) == 0, case


def test_bg_7_2_3_adjacency_for_claims_follows_heights(bg):
    """BG-7.2.3 / BG-2.1.4: from a platform hex beside the token's hex, He-Man is not adjacent to it."""
    platform = [{"piece": "deck", "kind": "platform", "hexes": ["K19"]}]
    assert claimed(bg, claim(bg, terrain=platform)) == 0


def test_bg_amb_29_one_character_may_claim_several_tokens(bg):
    """BG-AMB-29: He-Man at K19 claims the tokens at K20 and K18."""
    sc = bg.scenario(zones=[{"hexes": ["K19"]}, ANYWHERE], objectives=["K20", "K18"])
    sc.place("p1", "he-man", ["sword-of-power"], "K19", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    sc.deal().add("pass", player="p1").add("pass", player="p2")
    game = bg.state(sc)
    assert game.sides["p1"].vp["objectives"] == 40 and game.units["he-man"].objectives == 2


def test_bg_7_3_1_cleanup_removes_buffs_and_debuffs_but_not_focus_guard_wounds_or_mana(bg):
    """BG-7.3.1 / BG-16.1.5 / BG-9.1.2 / BG-11.2.5: after cleanup Empower is gone; focus, guard and mana stay."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K5", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K25", facing=0)
    bg.begin(sc, "he-man", ap=2, mana=2, ability={"buff": "empower"})
    sc.add("focus", character="he-man").add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    game = bg.state(sc)
    he_man = game.units["he-man"]
    assert game.round == 2
    assert (he_man.buff, he_man.focused, he_man.guard, he_man.mana) == (None, True, True, 2)


def test_bg_16_1_3_regeneration_heals_one_wound_when_removed_in_cleanup(bg):
    """BG-16.1.3 / BG-7.3.1: a wounded, regenerating Skeletor loses one wound at cleanup."""
    sc = bg.scenario()
    bg.stats(sc, "he-man", perception=1)
    bg.stats(sc, "skeletor", toughness=1, health=9)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=14, table=[{"min": 1, "wounds": 2}])
    sc.place("p1", "he-man", ["arm-cannon"], "K5", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    bg.begin(sc, "he-man", ap=1)
    sc.add(
        "attack",
        character="he-man",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [1]},
        expect={"wounds": 2},
    )
    sc.add("end_activation", player="p1")
    bg.card(sc, "ew-fate-02", ability={"buff": "regeneration"})
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    game = bg.state(sc)
    assert game.round == 2 and game.units["skeletor"].wounds == 1 and game.units["skeletor"].buff is None


# -- ready characters and gain mana --------------------------------------------------------------------------
def test_bg_7_6_readying_and_cleanup_mana(bg):
    """BG-7.6.1 / BG-7.6.2 / BG-6.7.1: a character not activated gains 1 mana; all are readied; the played
    cards go to the discard pile."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K3", facing=3)
    sc.place("p1", "stratos", ["flamethrower"], "M3", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K28", facing=0)
    bg.begin(sc, "he-man", mana=0)
    sc.add("end_activation", player="p1")
    game = bg.state(sc)
    assert game.units["he-man"].activated and game.units["he-man"].cards_on == ["motu-fate-01"]
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    sc.add("pass", player="p1")
    game = bg.state(sc)
    assert game.round == 2 and game.phase == "organise"
    assert [game.units[k].mana for k in ("he-man", "stratos", "skeletor")] == [0, 1, 0]
    assert not any(u.activated for u in game.units.values())
    assert game.sides["p1"].discard == ["motu-fate-01"] and game.sides["p2"].discard == ["ew-fate-02"]


def test_bg_amb_43_a_completed_mission_does_not_ready_the_character(bg):
    """BG-AMB-43 / BG-17.2.4 / BG-6.7.3: He-Man's glory card went face up to the play area, yet he stays
    activated for the rest of the round."""
    sc = bg.scenario()
    bg.card(
        sc, "motu-glory-1", initiative=9, ap=3, mana=0, mission={"condition": "knockout_with_melee", "vp": 10}
    )
    bg.card(sc, "ew-fate-01", initiative=1, ap=3, mana=0, ability={})
    bg.card(sc, "motu-fate-01", initiative=9, ap=3, mana=0, ability={})
    bg.card(sc, "ew-fate-02", initiative=1, ap=3, mana=0, ability={})
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "trap-jaw", toughness=1, health=1)
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p1", "stratos", ["flamethrower"], "A1", facing=3)
    sc.place("p2", "trap-jaw", ["hook-arm"], "K16", facing=0)
    sc.place("p2", "skeletor", ["havoc-staff"], "Y30", facing=0)
    sc.deal().select("motu-glory-1", "ew-fate-01")
    sc.add("activate", player="p1", character="he-man", bonus="mission")
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="trap-jaw",
        attack={"dice": [5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    game = bg.state(sc)
    assert game.units["he-man"].activated and "motu-glory-1" in game.sides["p1"].play_area
    sc.add("select", player="p1", card="motu-fate-01")
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    bg.rejects(sc, "BG-6.7.3")


# -- victory ---------------------------------------------------------------------------------------------------
def four_rounds(bg, *, orko_cost=None):
    """He-Man claims a token in round 1 (20 VP). If ``orko_cost`` is given, Skeletor first knocks out Orko,
    worth that many VP to EW. Then everybody passes to the end of round 4."""
    sc = bg.scenario(zones=[{"hexes": ["K19", "A1"]}, ANYWHERE], objectives=["K20"])
    sc.place("p1", "he-man", ["sword-of-power"], "K19", facing=3)
    if orko_cost is not None:
        bg.stats(sc, "orko", cost=orko_cost, health=1, toughness=1)
        bg.stats(sc, "skeletor", perception=1)
        bg.weapon(sc, "laser-rifle", type="ranged", range_in=40)
        sc.place("p1", "orko", [], "A1", facing=3)
    sc.place("p2", "skeletor", ["laser-rifle"] if orko_cost is not None else ["havoc-staff"], "K28", facing=0)
    if orko_cost is None:
        sc.deal().add("pass", player="p1").add("pass", player="p2")
        sc.add("organise", player="p1", discard=[], draw=[]).add("organise", player="p2", discard=[], draw=[])
    else:
        bg.begin(sc, "skeletor", player="p2", ap=1)
        sc.add(
            "attack",
            character="skeletor",
            weapon="laser-rifle",
            target="orko",
            attack={"dice": [5]},
            defence={"dice": [1]},
            expect={"knocked_out": True},
        )
        sc.add("end_activation", player="p2")
        sc.add("activate", player="p1", character="he-man", bonus="ability").add(
            "end_activation", player="p1"
        )
        sc.add("organise", player="p1", discard=[], draw=["motu-fate-06"])
        sc.add("organise", player="p2", discard=[], draw=["ew-fate-06"])
    bg.skip_round(sc)
    bg.skip_round(sc)
    sc.add("pass", player="p1").add("pass", player="p2")
    return sc


def test_bg_7_4_3_twenty_vp_ahead_wins_after_round_4(bg):
    """BG-7.4.3 / BG-5.1 / BG-7.4.1: 20–0 after four rounds is a win."""
    verdict = bg.verify(four_rounds(bg), end={})
    assert verdict.status == "legal", verdict.summary()
    assert (verdict.result["outcome"], verdict.result["winner"], verdict.result["rounds_played"]) == (
        "win",
        "p1",
        4,
    )


def test_bg_7_4_3_less_than_twenty_ahead_is_a_draw(bg):
    """BG-7.4.3: 20–1 is a draw."""
    verdict = bg.verify(four_rounds(bg, orko_cost=1), end={})
    assert verdict.status == "legal", verdict.summary()
    assert verdict.result["vp"]["p1"]["total"] == 20 and verdict.result["vp"]["p2"]["total"] == 1
    assert (verdict.result["outcome"], verdict.result["winner"]) == ("draw", None)


def test_bg_7_4_1_nothing_follows_the_end_of_the_game(bg):
    """BG-7.4.1: round 4's cleanup ends the game; a further event is illegal."""
    sc = four_rounds(bg)
    sc.add("pass", player="p1")
    bg.rejects(sc, "BG-7.4.1")


def test_bg_5_1_a_game_is_four_rounds(bg):
    """BG-5.1 / BG-1.7: after three rounds the game is not over (the log would be cut short, LOG-5.3)."""
    sc = four_rounds(bg)
    sc.doc["events"][-2:] = []
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.3")


def knockout_game(bg):
    """He-Man knocks out Skeletor, EW's only character, early in round 1's activation."""
    sc = bg.scenario()
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "skeletor", toughness=1, health=1)
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p1", "stratos", ["flamethrower"], "A1", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    bg.begin(sc, "he-man", ap=3)
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    return sc


def test_bg_7_4_4_a_wiped_out_army_does_not_end_the_game_mid_round(bg):
    """BG-7.4.4: MotU keep acting until they pass; the knock-out victory comes at cleanup (BG-7.4.2)."""
    sc = knockout_game(bg)
    assert bg.state(sc).phase == "act"
    sc.add("move", character="he-man", path=["K16"]).add("end_activation", player="p1")
    sc.add("select", player="p1", card="motu-fate-02")
    sc.add("activate", player="p1", character="stratos", bonus="mana").add("end_activation", player="p1")
    verdict = bg.verify(sc, end={})
    assert verdict.status == "legal", verdict.summary()
    assert (verdict.result["winner"], verdict.result["ended_by"], verdict.result["rounds_played"]) == (
        "p1",
        "knockout",
        1,
    )


def test_bg_7_4_2_both_armies_wiped_out_is_a_draw(bg):
    """BG-7.4.2 / BG-16.1.4: both last characters are cursed at 1 Health; cleanup removes both Curses,
    knocking both out: a draw."""
    sc = bg.scenario()
    for name in ("he-man", "skeletor"):
        bg.stats(sc, name, perception=1, toughness=1, health=1)
    bg.weapon(
        sc,
        "curse-ray",
        type="ranged",
        range_in=20,
        table=[{"min": 1, "wounds": 0}],
        extra_effects=[{"min": 1, "debuff": "curse"}],
    )
    sc.place("p1", "he-man", ["curse-ray"], "K5", facing=3)
    sc.place("p2", "skeletor", ["curse-ray"], "K20", facing=0)
    bg.begin(sc, "he-man", ap=1)
    sc.add(
        "attack",
        character="he-man",
        weapon="curse-ray",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    sc.add("end_activation", player="p1").add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add(
        "attack",
        character="skeletor",
        weapon="curse-ray",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
    )
    sc.add("end_activation", player="p2")
    verdict = bg.verify(sc, end={})
    assert verdict.status == "legal", verdict.summary()
    assert (verdict.result["outcome"], verdict.result["winner"], verdict.result["ended_by"]) == (
        "draw",
        None,
        "knockout",
    )
    assert verdict.result["vp"]["p1"]["knockouts"] > 0 and verdict.result["vp"]["p2"]["knockouts"] > 0


def test_bg_7_4_5_concession_at_any_moment(bg):
    """BG-7.4.5: EW concede while an opportunity attack is pending: MotU win."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    bg.begin(sc, "he-man", ap=3)
    sc.add("move", character="he-man", path=["K14"])
    verdict = bg.verify(sc, end={"type": "concede", "player": "p2"})
    assert verdict.status == "legal"
    assert (verdict.result["outcome"], verdict.result["winner"], verdict.result["ended_by"]) == (
        "win",
        "p1",
        "concession",
    )
    verdict = bg.verify(sc, end={"type": "concede", "player": "p1"})
    assert verdict.result["winner"] == "p2"


def test_bg_7_4_5_agreed_draw_at_any_moment(bg):
    """BG-7.4.5: an agreed draw mid-activation ends the game as a draw, whatever the VP."""
    sc = knockout_game(bg)
    verdict = bg.verify(sc, end={"type": "agree_draw"})
    assert verdict.status == "legal"
    assert (verdict.result["outcome"], verdict.result["ended_by"]) == ("draw", "agreed-draw")
    assert verdict.result["vp"]["p1"]["knockouts"] > 0


def test_bg_amb_34_a_friendly_area_knockout_scores_for_the_opponent(bg):
    """BG-AMB-34 / BG-DIS-11 / BG-7.5.3 / BG-15.1.2: Evil-Lyn's Fireball knocks out Skeletor, her ally; MotU
    (the opponent of his owner) score his cost (30) and his equipment (10)."""
    sc = bg.scenario(zones=[ANYWHERE, ANYWHERE])
    bg.weapon(
        sc,
        "fireball",
        type="spell",
        range_in=10,
        mana_cost=0,
        area={"hexes": 2},
        table=[{"min": 1, "wounds": 1}],
    )
    bg.weapon(sc, "havoc-staff", cost=10)
    bg.stats(sc, "evil-lyn", power=1)
    bg.stats(sc, "skeletor", mind=1, health=1, cost=30)
    bg.stats(sc, "he-man", mind=1, health=9)
    sc.place("p1", "he-man", ["sword-of-power"], "K16", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "M16", facing=3)
    sc.place("p2", "evil-lyn", ["fireball"], "K22", facing=0)
    bg.begin(sc, "evil-lyn", player="p2", ap=1)
    sc.add(
        "attack",
        character="evil-lyn",
        weapon="fireball",
        target="he-man",
        attack={"dice": [2]},
        defence={"dice": [2]},
        additional=[
            {
                "target": "skeletor",
                "attack": {"dice": [5]},
                "defence": {"dice": [1]},
                "expect": {"knocked_out": True},
            }
        ],
    )
    game = bg.state(sc)
    assert not game.units["skeletor"].on_board
    assert game.sides["p1"].vp["knockouts"] == 40 and game.sides["p2"].vp["knockouts"] == 0
