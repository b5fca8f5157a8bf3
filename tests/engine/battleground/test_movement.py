"""Focus and Move (BG-9), adjacency and heights (BG-2.1.4, BG-2.2), rotation (BG-9.2.12, BG-12.1)."""

from __future__ import annotations

import pytest

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]


def walker(
    bg,
    *,
    speed=(3, 5),
    terrain=(),
    platforms=(),
    start="K5",
    enemy="Y30",
    ally=None,
    ap=6,
    zones=None,
    facing=3,
):
    """He-Man alone in the north with Skeletor far away (unless placed elsewhere)."""
    sc = bg.scenario(terrain=list(terrain), platforms=list(platforms), zones=zones or ANYWHERE)
    bg.stats(sc, "he-man", speed=speed)
    sc.place("p1", "he-man", ["sword-of-power"], start, facing=facing)
    if ally:
        sc.place("p1", "stratos", ["flamethrower"], ally, facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], enemy, facing=0)
    bg.begin(sc, "he-man", ap=ap)
    return sc


def move(sc, path, **fields):
    sc.add("move", character="he-man", path=path, **fields)
    return sc


# -- Focus -----------------------------------------------------------------------------------------------
def test_bg_9_1_1_focus_makes_the_character_focused_for_1_ap(bg):
    """BG-9.1.1 / BG-6.6.2: the first Focus costs 1 AP."""
    sc = walker(bg, ap=3)
    sc.add("focus", character="he-man")
    game = bg.state(sc)
    assert game.units["he-man"].focused is True and game.frame().ap == 2


def test_bg_amb_15_a_focused_character_cannot_focus_again(bg):
    """BG-9.1.1 / BG-AMB-15: a second focus token is refused."""
    sc = walker(bg, ap=3)
    sc.add("focus", character="he-man").add("focus", character="he-man")
    bg.rejects(sc, "BG-9.1.1")


def test_bg_9_1_3_focused_speed_needs_a_focus_token(bg):
    """BG-9.1.3: only a focused character may use its focused speed."""
    bg.rejects(move(walker(bg), ["K6"], focus=True), "BG-9.1.3")


def test_bg_9_1_3_spending_focus_on_a_move_is_optional(bg):
    """BG-9.1.3 / BG-9.1.5: a Move without focus keeps the token; one with focus spends it."""
    sc = walker(bg, speed=(3, 5))
    sc.add("focus", character="he-man")
    move(sc, ["K6", "K7", "K8"])
    assert bg.state(sc).units["he-man"].focused is True
    move(sc, ["K9", "K10", "K11", "K12", "K13"], focus=True)
    assert bg.state(sc).units["he-man"].focused is False


# -- movement points -----------------------------------------------------------------------------------------
def test_bg_9_2_2_unspent_movement_points_are_lost(bg):
    """BG-9.2.1 / BG-9.2.2: each Move gives the speed anew; MP left from the first do not carry over."""
    sc = walker(bg, speed=(3, 5))
    move(sc, ["K6"])
    move(sc, ["K7", "K8", "K9"])
    assert bg.label(bg.state(sc), "he-man") == "K9"
    move(sc, ["K10", "K11", "K12", "K13"])
    bg.rejects(sc, "BG-9.2.1")


def test_bg_9_2_4_entering_difficult_terrain_costs_1(bg):
    """BG-9.2.4 / BG-2.2.1: difficult terrain is standable at standard height; only starting on it reduces
    speed, and entering it costs the normal 1 MP."""
    sc = walker(
        bg, speed=(3, 5), terrain=[{"piece": "bog", "kind": "difficult", "hexes": ["K6", "K7", "K8"]}]
    )
    move(sc, ["K6", "K7", "K8"])
    assert bg.label(bg.state(sc), "he-man") == "K8"
    move(sc, ["K9", "K10"])  # starts on difficult terrain: 3 − 2 = 1 MP
    bg.rejects(sc, "BG-9.2.4")


# -- standard steps ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "why"),
    [
        (["K7"], "not adjacent"),
        (["K6", "K8"], "skips a hex"),
        (["K6", "K6"], "does not move"),
        (["K5"], "its own hex"),
    ],
)
def test_bg_9_2_3_a_step_goes_to_an_adjacent_hex(bg, path, why):
    """BG-9.2.3: a standard step enters a hex sharing a side with the current one."""
    bg.rejects(move(walker(bg), path), "BG-9.2.3")


@pytest.mark.parametrize("kind", ["low", "high", "ladder"])
def test_bg_9_2_3_no_step_onto_an_obstacle_or_ladder(bg, kind):
    """BG-9.2.3 / BG-2.2.2 / BG-2.2.3 / BG-2.2.8: obstacles and ladders are not hexes to stand on."""
    sc = walker(bg, terrain=[{"piece": "x", "kind": kind, "hexes": ["K6"]}])
    bg.rejects(move(sc, ["K6"]), "BG-9.2.3")


def test_bg_9_2_3_no_step_into_an_allys_hex(bg):
    """BG-9.2.3: a hex with another character (ally or enemy) cannot be entered."""
    bg.rejects(move(walker(bg, ally="K6"), ["K6"]), "BG-9.2.3")


def test_bg_9_2_3_no_step_into_an_enemys_hex(bg):
    sc = walker(bg, enemy="K7")
    bg.rejects(move(sc, ["K6", "K7"]), "BG-9.2.11")  # K6 is beside Skeletor: the move ends there first
    sc = walker(bg, enemy="K6")
    bg.rejects(move(sc, ["K6"]), "BG-9.2.3")


# -- obstacles, platforms, ladders ------------------------------------------------------------------------
LONG_WALL = [{"piece": "wall", "kind": "low", "hexes": ["K7", "K8"]}]


def test_bg_9_2_5_crossing_uses_one_portion(bg):
    """BG-9.2.5 / BG-2.2.7: K6 touches only the K7 portion and K9 only the K8 portion, so K6 → K9 is no
    single crossing; J7 and L8 both share a side with the K8 portion, so J7 → L8 is one (3 MP)."""
    sc = walker(bg, speed=(6, 8), start="K6", terrain=LONG_WALL)
    bg.rejects(move(sc, ["K9"]), "BG-9.2.3")
    sc = walker(bg, speed=(3, 5), start="J7", terrain=LONG_WALL)
    assert bg.label(bg.state(move(sc, ["L8"])), "he-man") == "L8"
    sc = walker(bg, speed=(2, 5), start="J7", terrain=LONG_WALL)
    bg.rejects(move(sc, ["L8"]), "BG-9.2.1")


def test_bg_amb_17_a_crossing_must_land_on_an_empty_hex(bg):
    """BG-AMB-17: the destination of a crossing is an empty hex a character can stand on."""
    sc = walker(
        bg, speed=(3, 5), start="K6", ally="K8", terrain=[{"piece": "wall", "kind": "low", "hexes": ["K7"]}]
    )
    bg.rejects(move(sc, ["K8"]), "BG-9.2.3")


def test_bg_9_2_11_a_crossing_into_a_hex_beside_an_enemy_ends_the_move(bg):
    """BG-9.2.11: the stop applies to every kind of step, crossings included."""
    wall = [{"piece": "wall", "kind": "low", "hexes": ["K7"]}]
    sc = walker(bg, speed=(6, 8), start="K6", enemy="K9", terrain=wall)
    assert bg.label(bg.state(move(sc, ["K8"])), "he-man") == "K8"
    sc = walker(bg, speed=(6, 8), start="K6", enemy="K9", terrain=wall)
    bg.rejects(move(sc, ["K8", "L8"]), "BG-9.2.11")


PLATFORM = [{"piece": "deck", "kind": "platform", "hexes": ["K7", "K8"]}]


def test_bg_9_2_7_climbing_costs_3(bg):
    """BG-9.2.7 / BG-2.2.4 / BG-2.2.9: from a hex beside a platform hex onto it (the higher height) for
    3 MP; then along the platform for 1 MP."""
    sc = walker(bg, speed=(4, 6), start="K6", terrain=PLATFORM)
    move(sc, ["K7", "K8"])
    game = bg.state(sc)
    assert bg.label(game, "he-man") == "K8" and game.board.height[game.units["he-man"].hex] == 1
    sc = walker(bg, speed=(3, 5), start="K6", terrain=PLATFORM)
    bg.rejects(move(sc, ["K7", "K8"]), "BG-9.2.1")


def test_bg_9_2_7_no_climbing_from_under_the_platform(bg):
    """BG-9.2.7: a character directly under a platform cannot climb onto it."""
    sc = walker(
        bg, speed=(6, 8), start="K6", terrain=PLATFORM, platforms=[{"piece": "deck", "under": ["K6"]}]
    )
    bg.rejects(move(sc, ["K7"]), "BG-9.2.3")


def test_bg_9_2_8_descending_costs_3(bg):
    """BG-9.2.8: from a platform hex down to a lower hex beside it for 3 MP."""
    sc = walker(bg, speed=(3, 5), start="K8", terrain=PLATFORM)
    move(sc, ["K9"])
    assert bg.state(sc).board.height[bg.state(sc).units["he-man"].hex] == 0
    sc = walker(bg, speed=(2, 5), start="K8", terrain=PLATFORM)
    bg.rejects(move(sc, ["K9"]), "BG-9.2.1")


def test_bg_9_2_8_no_descending_into_a_hex_under_a_platform(bg):
    """BG-9.2.8: the lower hex must not lie directly under a platform."""
    sc = walker(
        bg, speed=(6, 8), start="K8", terrain=PLATFORM, platforms=[{"piece": "deck", "under": ["K9"]}]
    )
    bg.rejects(move(sc, ["K9"]), "BG-9.2.3")


def test_bg_9_2_9_a_ladder_costs_2_at_any_height(bg):
    """BG-9.2.9: from beside a ladder to another hex beside it, up onto a platform or along the ground."""
    terrain = [
        {"piece": "ladder", "kind": "ladder", "hexes": ["K7"]},
        {"piece": "deck", "kind": "platform", "hexes": ["K8"]},
    ]
    sc = walker(bg, speed=(2, 4), start="K6", terrain=terrain)
    move(sc, ["K8"])
    assert bg.state(sc).board.height[bg.state(sc).units["he-man"].hex] == 1
    sc = walker(bg, speed=(1, 4), start="K6", terrain=terrain)
    bg.rejects(move(sc, ["K8"]), "BG-9.2.1")


def test_bg_2_1_4_hexes_at_different_heights_are_not_adjacent(bg):
    """BG-2.1.4 / BG-9.2.11: walking past Skeletor standing on a platform does not end the move, and
    He-Man below cannot attack him in melee (BG-10.2.2)."""
    terrain = [{"piece": "deck", "kind": "platform", "hexes": ["L6"]}]
    sc = walker(bg, speed=(4, 6), start="K4", enemy="L6", terrain=terrain)
    move(sc, ["K5", "K6", "K7", "K8"])
    game = bg.state(sc)
    assert bg.label(game, "he-man") == "K8"
    sc = walker(bg, speed=(4, 6), start="K6", enemy="L6", terrain=terrain)
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"dice": [2]},
        defence={"dice": [2]},
    )
    bg.rejects(sc, "BG-10.2.2")


def test_bg_amb_05_an_edge_blocker_separates_side_sharing_hexes(bg):
    """BG-AMB-05 / BG-2.1.4: with an edge blocker between K5 and K6 they are not adjacent: no step across
    it, and no melee attack across it."""
    sc = walker(bg, start="K5", enemy="K6")
    sc.edit_pack(lambda pack: pack["maps"][0].update(edge_blockers=[["K5", "K6"]]))
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"dice": [2]},
        defence={"dice": [2]},
    )
    bg.rejects(sc, "BG-10.2.2")
    sc = walker(bg, start="K5")
    sc.edit_pack(lambda pack: pack["maps"][0].update(edge_blockers=[["K5", "K6"]]))
    bg.rejects(move(sc, ["K6"]), "BG-9.2.3")


# -- stopping and rotation ---------------------------------------------------------------------------------
def test_bg_9_2_11_entering_a_hex_beside_an_enemy_ends_the_move(bg):
    """BG-9.2.11: He-Man may stop at K8 beside Skeletor (K9) but cannot walk on."""
    sc = walker(bg, speed=(5, 8), enemy="K9")
    assert bg.label(bg.state(move(sc, ["K6", "K7", "K8"])), "he-man") == "K8"
    sc = walker(bg, speed=(5, 8), enemy="K9")
    bg.rejects(move(sc, ["K6", "K7", "K8", "J9"]), "BG-9.2.11")


def test_bg_9_2_12_rotation_after_moving(bg):
    """BG-9.2.12 / BG-12.1: the mover may face any side afterwards; without a facing it keeps its own."""
    sc = walker(bg, facing=3)
    move(sc, ["K6"], facing=5)
    assert bg.state(sc).units["he-man"].facing == 5
    sc = walker(bg, facing=3)
    move(sc, ["K6"])
    assert bg.state(sc).units["he-man"].facing == 3


def test_bg_amb_16_a_move_of_zero_steps_rotates_and_still_costs(bg):
    """BG-AMB-16: an empty path spends no MP, costs AP and advances the Move counter, and allows the
    rotation."""
    sc = walker(bg, ap=3, facing=3)
    move(sc, [], facing=1)
    move(sc, ["K6"])
    game = bg.state(sc)
    assert game.units["he-man"].facing == 1
    assert game.frame().ap == 0 and game.frame().counters["move"] == 2


def test_bg_amb_16_rotating_in_place_next_to_an_enemy_causes_no_opportunity_attack(bg):
    """BG-AMB-16 / BG-14.2.1: a zero-step move does not leave the hex."""
    sc = walker(bg, start="K8", enemy="K9")
    move(sc, [], facing=3)
    game = bg.state(sc)
    assert game.top() is game.frame()
