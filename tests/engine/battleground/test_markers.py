"""Markers (BG-16.3.1–BG-16.3.6): placement (BG-16.3.2, BG-16.3.3, BG-AMB-39, BG-DIS-10, BG-14.1.4 d), the characters a
marker affects (BG-16.3.4, BG-16.3.5, BG-EX-21), one copy per army (BG-16.3.6, BG-AMB-27) and removal in
cleanup (BG-16.3.1, BG-7.3.1)."""

from __future__ import annotations

import pytest

from engine.games.battleground.ongoing import ongoing_modifiers as modifiers_of
from engine.games.battleground.state import Pending
from tests.engine.battleground.conftest import Toolbox

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
SIGIL = {
    "id": "havoc-sigil",
    "name": "Havoc Sigil",
    "range_in": 8,
    "radius_in": 3,
    "affects": "enemies",
    "modifiers": [{"test": "defence", "dice": -1}],
}


def ability(ability_id: str, effect: dict, **fields) -> dict:
    return {
        "id": ability_id,
        "name": ability_id.replace("-", " ").title(),
        "kind": "active",
        "ap": 1,
        "mana": 0,
        "target": "self",
        "effect": effect,
        **fields,
    }


def sigil(bg, *, marker=None, terrain=(), platforms=(), objectives=(), motu=None, mana=2):
    """Skeletor (K22, facing north) has Havoc Sigil (1 AP): a marker within 8" that takes 1 die from the
    defence tests of enemies within 3" of it. He-Man stands at K14, Stratos at M15, Orko at O16, all MotU."""
    sc = bg.scenario(
        zones=ANYWHERE, terrain=list(terrain), platforms=list(platforms), objectives=list(objectives)
    )
    Toolbox.give(sc, "skeletor", ability("havoc-sigil", {"marker": {**SIGIL, **(marker or {})}}))
    bg.weapon(sc, "magic-blast", type="spell", range_in=10, mana_cost=1)
    for character, where in (motu or {"he-man": "K14", "stratos": "M15", "orko": "O16"}).items():
        sc.place("p1", character, [], where, facing=3)
    sc.place("p2", "skeletor", ["magic-blast"], "K22", facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=5, mana=mana)
    sc.add("ability", character="skeletor", ability="havoc-sigil")
    return sc


def blast(sc, target: str, defence_dice: int, **fields):
    """Skeletor's Magic Blast at ``target``, missing, with ``defence_dice`` dice in the defence roll."""
    return sc.add(
        "attack",
        **fields,
        character="skeletor",
        weapon="magic-blast",
        target=target,
        attack={"dice": [2] * 5},
        defence={"dice": [2] * defence_dice},
    )


# -- the worked example and what a marker affects --------------------------------------------------------------
WALL = [{"piece": "wall", "kind": "high", "hexes": ["N15", "N16"]}]


def test_bg_ex_21_a_marker_affects_characters_in_its_range_and_sight(bg):
    """BG-EX-21 / BG-16.3.5 / BG-16.3.4 / BG-10.4.6: the Havoc Sigil in K16 reaches He-Man (K14) and
    Stratos (M15), within its 3" and in its sight: their defence tests lose a die. Orko (O16) is within 3"
    too, but the wall N15–N16 hides him from the marker: his defence test keeps Mind 4."""
    sc = sigil(bg, terrain=WALL).add("place_marker", character="skeletor", hex="K16")
    game = bg.state(sc)
    (marker,) = game.markers
    assert (marker.id, game.board.label(marker.hex), marker.player) == ("havoc-sigil", "K16", "p2")
    affected = {
        k for k in ("he-man", "stratos", "orko") if modifiers_of(game, game.units[k], "defence", "mind").dice
    }
    assert affected == {"he-man", "stratos"}
    assert modifiers_of(game, game.units["skeletor"], "defence", "mind").dice == 0  # enemies only
    bg.accepts(blast(sc, "he-man", 2))  # Mind 3 − 1
    bg.rejects(
        blast(sigil(bg, terrain=WALL).add("place_marker", character="skeletor", hex="K16"), "he-man", 3),
        "BG-8.2",
    )
    sc = sigil(bg, terrain=WALL).add("place_marker", character="skeletor", hex="K16")
    bg.accepts(blast(sc, "orko", 4, facing=0))  # Mind 4, unaffected
    sc = sigil(bg, terrain=WALL).add("place_marker", character="skeletor", hex="K16")
    bg.rejects(blast(sc, "orko", 3, facing=0), "BG-8.2")


def test_bg_16_3_5_a_marker_affects_only_characters_within_its_radius(bg):
    """BG-16.3.5 / BG-10.3.5: measured from the marker's hex as from an attacker: Stratos 1" from the marker
    is affected, He-Man 4" away is not (radius 3")."""
    sc = sigil(bg, motu={"he-man": "K11", "stratos": "M15"}).add(
        "place_marker", character="skeletor", hex="K16"
    )
    game = bg.state(sc)
    assert modifiers_of(game, game.units["stratos"], "defence", "mind").dice == -1
    assert modifiers_of(game, game.units["he-man"], "defence", "mind").dice == 0


def test_bg_16_3_5_a_marker_affects_only_characters_at_its_own_height(bg):
    """BG-16.3.5: He-Man on a platform 1" from the marker is not affected; Stratos beside it on the ground is."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K14"]}]
    sc = sigil(bg, terrain=deck).add("place_marker", character="skeletor", hex="K16")
    game = bg.state(sc)
    assert game.board.height[game.units["he-man"].hex] == 1
    assert modifiers_of(game, game.units["he-man"], "defence", "mind").dice == 0
    assert modifiers_of(game, game.units["stratos"], "defence", "mind").dice == -1


@pytest.mark.parametrize(
    ("affects", "expected"),
    [("enemies", {"he-man"}), ("allies", {"mer-man"}), ("all", {"he-man", "mer-man"})],
)
def test_bg_16_3_4_the_marker_names_the_characters_it_affects(bg, affects, expected):
    """BG-16.3.4: the ability says which characters the marker affects, relative to the army that placed it
    (Skeletor himself, 6 hexes away, is beyond its 3")."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "skeletor", ability("havoc-sigil", {"marker": {**SIGIL, "affects": affects}}))
    sc.place("p1", "he-man", [], "K14", facing=3)
    sc.place("p2", "skeletor", [], "K22", facing=0)
    sc.place("p2", "mer-man", [], "L17", facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("ability", character="skeletor", ability="havoc-sigil").add(
        "place_marker", character="skeletor", hex="K16"
    )
    game = bg.state(sc)
    hit = {
        k
        for k in ("he-man", "mer-man", "skeletor")
        if modifiers_of(game, game.units[k], "defence", "mind").dice
    }
    assert hit == expected


def test_bg_16_3_4_marker_modifiers_change_attack_thresholds(bg):
    """BG-16.3.4 / BG-8.4.1: a marker that narrows the attack tests of enemies within 3": He-Man's 4 no longer
    succeeds against Skeletor (threshold 5), so the log's expected success is refused."""
    sc = bg.scenario(zones=ANYWHERE)
    mark = {**SIGIL, "modifiers": [{"test": "attack", "narrow": 1}]}
    Toolbox.give(sc, "skeletor", ability("havoc-sigil", {"marker": mark}))
    bg.stats(sc, "he-man", strength=1)
    bg.weapon(sc, "sword-of-power", dice=1)  # 2 dice
    sc.place("p1", "he-man", ["sword-of-power"], "K14", facing=3)
    sc.place("p2", "skeletor", [], "K15", facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=1)
    sc.add("ability", character="skeletor", ability="havoc-sigil").add(
        "place_marker", character="skeletor", hex="L16"
    )
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    attack = {
        "character": "he-man",
        "weapon": "sword-of-power",
        "target": "skeletor",
        "attack": {"dice": [4, 1]},
    }
    sc.add("attack", **attack, defence={"dice": [1] * 3}, expect={"attack_successes": 0})
    bg.accepts(sc)
    sc.doc["events"][-1]["expect"] = {"attack_successes": 1}
    bg.rejects(sc, "BG-8.2")


# -- placement -------------------------------------------------------------------------------------------------
def test_bg_16_3_3_the_player_chooses_the_hex_with_the_next_event(bg):
    """BG-16.3.3 / BG-28.5: the hex is the player's choice, so nothing else may happen before it is placed."""
    sc = sigil(bg)
    assert isinstance(bg.state(sc).top(), Pending)
    blast(sc, "he-man", 3)
    bg.rejects(sc, "BG-16.3.3")


def test_bg_16_3_3_a_marker_is_placed_only_when_an_effect_places_one(bg):
    """BG-16.3.3: a place_marker event with no marker waiting is out of order."""
    sc = sigil(bg).add("place_marker", character="skeletor", hex="K16")
    sc.add("place_marker", character="skeletor", hex="K17")
    bg.rejects(sc, "BG-16.3.3")


def test_bg_16_3_3_the_character_resolving_the_ability_places_it(bg):
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "skeletor", ability("havoc-sigil", {"marker": SIGIL}))
    sc.place("p1", "he-man", [], "K14", facing=3)
    sc.place("p2", "skeletor", [], "K22", facing=0)
    sc.place("p2", "mer-man", [], "M22", facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("ability", character="skeletor", ability="havoc-sigil").add(
        "place_marker", character="mer-man", hex="K16"
    )
    bg.rejects(sc, "BG-16.3.3")


@pytest.mark.parametrize(
    ("where", "rule"),
    [
        ("K14", "BG-16.3.2"),  # He-Man stands there
        ("K22", "BG-16.3.2"),  # Skeletor himself
        ("L18", "BG-16.3.2"),  # an objective token
        ("K17", "BG-16.3.2"),  # a low obstacle
        ("H19", "BG-16.3.2"),  # a high obstacle
        ("L17", "BG-16.3.2"),  # difficult terrain (BG-DIS-10: IT/ES, where PL would allow it)
        ("M17", "BG-16.3.2"),  # a ladder
        ("M19", "BG-16.3.2"),  # a platform hex
        ("K16", None),
    ],
)
def test_bg_16_3_2_a_marker_goes_in_an_empty_hex(bg, where, rule):
    """BG-16.3.2 / BG-AMB-39 / BG-DIS-10: no character, no token and no terrain element of any kind, including
    difficult terrain and ladders (IT/ES: "terreno", "terreno"; PL lists only obstacles and ladders)."""
    terrain = [
        {"piece": "crate", "kind": "low", "hexes": ["K17"]},
        {"piece": "pillar", "kind": "high", "hexes": ["H19"]},
        {"piece": "bog", "kind": "difficult", "hexes": ["L17"]},
        {"piece": "ladder", "kind": "ladder", "hexes": ["M17"]},
        {"piece": "deck", "kind": "platform", "hexes": ["M19"]},
    ]
    sc = sigil(bg, terrain=terrain, objectives=["L18"]).add("place_marker", character="skeletor", hex=where)
    if rule is None:
        bg.accepts(sc)
    else:
        bg.rejects(sc, rule)


def test_bg_16_3_2_a_marker_cannot_go_on_another_marker(bg):
    """BG-16.3.2: another army's marker is a token; the hex is not empty."""
    sc = sigil(bg).add("place_marker", character="skeletor", hex="K16")
    Toolbox.give(
        sc,
        "he-man",
        ability("battle-banner", {"marker": {**SIGIL, "id": "battle-banner", "name": "Battle Banner"}}),
    )
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    sc.add("ability", character="he-man", ability="battle-banner").add(
        "place_marker", character="he-man", hex="K16"
    )
    bg.rejects(sc, "BG-16.3.2")
    sc.doc["events"][-1]["hex"] = "K15"
    bg.accepts(sc)


@pytest.mark.parametrize(("where", "rule"), [("K13", "BG-16.3.3"), ("K15", None), ("N16", "BG-16.3.3")])
def test_bg_16_3_3_within_the_placement_range_and_in_sight(bg, where, rule):
    """BG-16.3.3: within the ability's range (K22→K13 is 8", beyond the Sigil's 6") and in the sight of the
    character resolving it (N16 is hidden from K22 behind the wall M17–M18, as the ranged rules see it)."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["M17", "M18", "M19"]}]
    sc = sigil(bg, marker={"range_in": 6}, terrain=wall, motu={"he-man": "A1"})
    sc.add("place_marker", character="skeletor", hex=where)
    if rule is None:
        bg.accepts(sc)
    else:
        bg.rejects(sc, rule)


def test_bg_16_3_3_every_legal_hex_is_offered(bg):
    """BG-16.3.3 / BG-28.5: legal_events lists exactly the hexes the placement accepts: a marker with a 0"
    range goes in one of the hexes around Skeletor (distance 0), here five of six (He-Man holds K21)."""
    sc = sigil(bg, marker={"range_in": 0}, motu={"he-man": "K21"})
    game = bg.state(sc)
    offered = {e["hex"] for e in game.legal_events()}
    assert offered == {"L21", "L22", "K23", "J22", "J21"}
    assert all(e["type"] == "place_marker" and e["character"] == "skeletor" for e in game.legal_events())


def test_bg_16_3_2_no_empty_hex_no_marker(bg):
    """BG-16.3.2: with every hex in reach holding terrain, the marker cannot be placed; the activation goes on."""
    bog = [{"piece": "bog", "kind": "difficult", "hexes": ["K21", "L21", "L22", "K23", "J22", "J21"]}]
    sc = sigil(bg, marker={"range_in": 0}, terrain=bog)
    game = bg.state(sc)
    assert not game.markers and not isinstance(game.top(), Pending)
    bg.accepts(blast(sc, "he-man", 3))


def test_bg_9_2_3_a_marker_does_not_block_movement(bg):
    """BG-9.2.3 / BG-10.4.2 / BG-13.3.2: tokens are no terrain; He-Man walks through the marker's hex (IT/ES
    list only characters, ladders and obstacles as what a step cannot enter)."""
    sc = sigil(bg).add("place_marker", character="skeletor", hex="K16")
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    sc.add("move", character="he-man", path=["K15", "K16", "K17"])
    assert bg.label(bg.state(sc), "he-man") == "K17"
    bg.accepts(sc)


# -- during an interrupt -----------------------------------------------------------------------------------
def guard_sigil(bg):
    """He-Man guards at K12 with Battle Banner (a marker within 8"); Skeletor walks into his sight and He-Man
    interrupts and uses it."""
    sc = bg.scenario(zones=ANYWHERE)
    banner = {**SIGIL, "id": "battle-banner", "name": "Battle Banner"}
    Toolbox.give(sc, "he-man", ability("battle-banner", {"marker": banner}))
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    sc.place("p1", "he-man", ["arm-cannon"], "K12", facing=3)
    sc.place("p2", "skeletor", [], "K25", facing=0)
    bg.begin(sc, "he-man", ap=2)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add("move", character="skeletor", path=["K24", "K23", "K22", "K21", "K20"])
    sc.add("interrupt", character="he-man")
    sc.add("ability", character="he-man", ability="battle-banner")
    return sc


@pytest.mark.parametrize(("where", "rule"), [("K16", "BG-14.1.4"), ("K19", None), ("L20", None)])
def test_bg_14_1_4_d_in_an_interrupt_the_marker_goes_beside_the_interrupted_enemy(bg, where, rule):
    """BG-14.1.4 d / BG-16.3.3: in He-Man's guard interrupt his marker must go next to Skeletor (K20)."""
    sc = guard_sigil(bg)
    game = bg.state(sc)
    assert {e["hex"] for e in game.legal_events()} == {"K19", "L19", "L20", "K21", "J20", "J19"}
    sc.add("place_marker", character="he-man", hex=where)
    if rule is None:
        bg.accepts(sc)
    else:
        bg.rejects(sc, rule)


# -- one copy per army, cleanup ----------------------------------------------------------------------------------
def two_sigils(bg, second_hex: str):
    """Skeletor places the Havoc Sigil in K16; then Trap Jaw, with the same ability, places another copy."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "skeletor", ability("havoc-sigil", {"marker": SIGIL}))
    Toolbox.give(sc, "trap-jaw", ability("havoc-sigil", {"marker": SIGIL}))
    Toolbox.give(sc, "he-man", ability("havoc-sigil", {"marker": SIGIL}))
    sc.place("p1", "he-man", [], "K8", facing=3)
    sc.place("p1", "stratos", [], "A1", facing=3)
    sc.place("p2", "skeletor", [], "K22", facing=0)
    sc.place("p2", "trap-jaw", [], "M22", facing=0)
    bg.begin(sc, "skeletor", player="p2", ap=3)
    sc.add("ability", character="skeletor", ability="havoc-sigil").add(
        "place_marker", character="skeletor", hex="K16"
    )
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    sc.add("ability", character="he-man", ability="havoc-sigil").add(
        "place_marker", character="he-man", hex="K14"
    )
    sc.add("end_activation", player="p1")
    sc.select("motu-fate-03", "ew-fate-03").add("activate", player="p2", character="trap-jaw", bonus="mana")
    sc.add("ability", character="trap-jaw", ability="havoc-sigil").add(
        "place_marker", character="trap-jaw", hex=second_hex
    )
    return sc


@pytest.mark.parametrize("second", ["M17", "K16"])
def test_bg_16_3_6_one_active_copy_of_a_marker_per_army(bg, second):
    """BG-16.3.6 / BG-AMB-27 / BG-DIS-10: the Evil Warriors' second Havoc Sigil removes their first (whose hex
    is then free for it); the Masters' own copy of the same marker stays: each army may have one."""
    sc = two_sigils(bg, second)
    bg.card(sc, "ew-fate-03", initiative=9, ap=3)
    bg.card(sc, "motu-fate-03", initiative=1)
    game = bg.state(sc)
    placed = sorted((m.player, game.board.label(m.hex)) for m in game.markers)
    assert placed == [("p1", "K14"), ("p2", second)]
    bg.accepts(sc)


def test_bg_7_3_1_markers_are_removed_in_cleanup(bg):
    """BG-7.3.1 / BG-16.3.1: the cleanup removes every marker; the next round starts without them."""
    sc = sigil(bg).add("place_marker", character="skeletor", hex="K16")
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    sc.add("end_activation", player="p1")
    assert len(bg.state(sc).markers) == 1
    sc.add("pass", player="p1")  # Skeletor, the Evil Warriors' only character, has activated: they pass
    game = bg.state(sc)
    assert game.round == 2 and game.markers == []
