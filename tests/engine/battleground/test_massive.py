"""Massive miniatures (BG-19, BG-13.3.5, BG-AMB-28, BG-DIS-04) on the scenario's test map.

The core box prints no massive miniature, so the bases here are test data: Ram Man is given a two-hex
base, his facing hex in front of the hex he turns about (docs/content-packs.md, "Massive miniatures").
Facing side 0 with the facing hex on K12 he covers K12 and K13; K12's neighbours are K11 (0), L11, L12,
K13 (3), J12, J11, and K13's are K12, L12, L13, K14, J13, J12.
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.content import builtin_pack
from engine.games.battleground import RULESET, footprint
from engine.games.battleground.content import CONTENT_DIR
from engine.games.battleground.guard import threatens
from engine.games.battleground.movement import reachable, speed

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
TWO = {"hexes": [[0, 0], [-1, 0]], "pivot": [-1, 0]}  # the facing hex and the hex behind it (the pivot)
ROLLS = {"attack": {"dice": [2]}, "defence": {"dice": [2]}}


def make_massive(pack: dict, base=TWO, character="ram-man") -> None:
    entry = next(c for c in pack["characters"] if c["id"] == character)
    entry["massive"] = True
    entry["base"] = base


def giant(
    bg,
    *,
    at="K12",
    facing=0,
    speed=(3, 5),
    base=TWO,
    terrain=(),
    platforms=(),
    enemy="Y30",
    enemy_facing=0,
    others=(),
    objectives=(),
    zones=None,
    equipment=(),
    enemy_equipment=(),
):
    """Ram Man (massive, p1) and Skeletor (p2), nobody activated yet."""
    sc = bg.scenario(
        zones=zones or ANYWHERE, terrain=list(terrain), platforms=list(platforms), objectives=list(objectives)
    )
    sc.edit_pack(lambda p: make_massive(p, base))
    bg.stats(sc, "ram-man", speed=speed, strength=1, perception=2, toughness=1, health=9)
    bg.stats(sc, "skeletor", strength=1, perception=2, toughness=1, health=9, speed=(3, 5))
    bg.weapon(sc, "arm-cannon", type="ranged", dice=0, range_in=12)
    sc.place("p1", "ram-man", list(equipment), at, facing=facing)
    for player, name, hex_ in others:
        sc.place(player, name, [], hex_, facing=0)
    sc.place("p2", "skeletor", list(enemy_equipment), enemy, facing=enemy_facing)
    return sc


def ram_moves(sc, path, **fields):
    sc.add("move", character="ram-man", path=path, **fields)
    return sc


def cells(game, key="ram-man") -> list[str]:
    return [game.board.label(h) for h in game.units[key].cells]


# -- adjacency (BG-19.1) -----------------------------------------------------------------------------------
def test_bg_19_1_an_enemy_beside_the_rear_hex_is_engaged(bg):
    """BG-19.1 / BG-10.2.2: Skeletor at K14 touches only Ram Man's rear hex K13, and may hit him in melee;
    Ram Man is engaged, so a ranged attack by him is refused (BG-10.3.2)."""
    sc = giant(bg, enemy="K14")
    bg.begin(sc, "skeletor", player="p2")
    sc.add("attack", character="skeletor", weapon="fists", target="ram-man", **ROLLS)
    bg.accepts(sc)
    game = bg.state(sc)
    assert [u.key for u in game.engaged_with(game.units["ram-man"])] == ["skeletor"]
    sc = giant(bg, enemy="K14", equipment=["arm-cannon"])
    bg.begin(sc, "ram-man")
    sc.add("attack", character="ram-man", weapon="arm-cannon", target="skeletor", **ROLLS)
    bg.rejects(sc, "BG-10.3.2")


def test_bg_19_1_a_move_ends_on_entering_a_hex_beside_any_hex_of_the_base(bg):
    """BG-19.1 / BG-9.2.11: Skeletor's move ends at K14, beside Ram Man's rear hex."""
    sc = giant(bg, enemy="K16", enemy_facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("move", character="skeletor", path=["K15", "K14"])
    bg.accepts(sc)
    sc.doc["events"][-1]["path"] = ["K15", "K14", "J14"]
    bg.rejects(sc, "BG-9.2.11")


def test_bg_19_1_a_massive_miniature_claims_a_token_beside_any_hex_of_its_base(bg):
    """BG-19.1 / BG-7.2.1: the token at K14 is beside Ram Man's rear hex only; he claims it at cleanup."""
    sc = giant(bg, zones=[{"rows": [1, 13]}, {"rows": [14, 30]}], objectives=["K14"])
    sc.deal()
    bg.skip_round(sc)
    game = bg.state(sc)
    assert game.sides["p1"].objectives == 1 and game.units["ram-man"].objectives == 1


@pytest.mark.parametrize(("at", "focused"), [("K12", False), ("K12", True), ("F20", False)])
def test_bg_amb_21_a_massive_guard_threatens_exactly_where_its_move_search_reaches(bg, at, focused):
    """BG-11.2.3 (3) / BG-AMB-21 with BG-19.2: whether a massive guard could engage an enemy with one Move is
    answered without a search when every hex beside the enemy is more hexes away than the guard has MP (each
    step of a base costs at least 1 MP per hex); for the enemy on every hex of the map the answer is the
    search's own."""
    game = bg.state(giant(bg, at=at))
    guard, enemy = game.units["ram-man"], game.units["skeletor"]
    guard.focused = focused
    mp, _ = speed(game, guard, focused)
    answers = set()
    for h in range(game.board.grid.size):
        if not game.board.standable(h) or h in guard.cells:
            continue
        enemy.hex = h
        goal = footprint.around(game, enemy)
        reach = reachable(game, guard, guard.hex, mp, until=goal)
        searched = any(any(c in goal for c in footprint.cells_at(guard, p)) for p in reach)
        assert threatens(game, guard, enemy) == searched, game.board.label(h)
        answers.add(searched)
    assert answers == {True, False}


# -- setup ------------------------------------------------------------------------------------------------
def test_bg_19_2_the_whole_base_sets_up_in_the_deployment_zone_clear_of_others(bg):
    """BG-2.1.5 / BG-2.1.4 / BG-19.2: every hex of the base is in the zone, free, and on the board."""
    sc = giant(bg, zones=[{"rows": [1, 12]}, {"rows": [14, 30]}])
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-2.1.5")  # the rear hex K13 is outside
    sc = giant(bg, others=[("p1", "he-man", "K13")])
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-2.1.4")
    sc = giant(bg, at="K30")  # the rear hex would be off the board
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-19.2")
    game = bg.state(giant(bg))
    assert cells(game) == ["K12", "K13"] and game.has_massive


# -- movement (BG-19.2, BG-AMB-28) -------------------------------------------------------------------------------
def test_bg_19_2_each_step_translates_the_whole_base_for_1_mp(bg):
    """BG-19.2 / BG-AMB-28: the path lists the facing hex after each step; three steps cost 3 MP."""
    sc = giant(bg, speed=(3, 5))
    bg.begin(sc, "ram-man", ap=6)
    ram_moves(sc, ["K11", "K10", "L10"])
    game = bg.state(sc)
    assert cells(game) == ["L10", "L11"] and game.units["ram-man"].facing == 0
    ram_moves(sc, ["L11", "L12", "L13", "L14"])
    bg.rejects(sc, "BG-9.2.1")


def test_bg_19_2_a_step_moves_the_base_one_hex(bg):
    """BG-19.2: one step moves each hex of the base into an adjacent hex, not two hexes on."""
    sc = giant(bg)
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["K10"]), "BG-19.2")


@pytest.mark.parametrize(
    ("terrain", "others", "rule"),
    [
        ([], [("p1", "he-man", "L13")], "BG-19.2"),
        ([{"piece": "rock", "kind": "low", "hexes": ["L13"]}], [], "BG-19.3"),
        ([{"piece": "wall", "kind": "high", "hexes": ["L13"]}], [], "BG-19.3"),
        ([{"piece": "ladder", "kind": "ladder", "hexes": ["L13"]}], [], "BG-19.5"),
    ],
    ids=["character", "low", "high", "ladder"],
)
def test_bg_amb_28_every_footprint_along_the_path_must_fit(bg, terrain, others, rule):
    """BG-AMB-28 / BG-19.2 / BG-19.3 / BG-19.5: the step to L12 would put the rear hex on L13, which holds a
    character, an obstacle or a ladder; it is refused at that event although the final position (facing
    hex L11, rear L12) is free."""
    sc = giant(bg, terrain=terrain, others=others)
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["L12", "L11"]), rule)
    sc = giant(bg, terrain=terrain, others=others)
    bg.begin(sc, "ram-man")
    bg.accepts(ram_moves(sc, ["K11", "L11"]))


def test_bg_amb_28_no_rotation_during_the_move_only_after_it(bg):
    """BG-AMB-28 / BG-9.2.12 / BG-19.7: the base keeps its facing while it moves; the final rotation turns
    it about its pivot (the rear hex), so the facing hex swings round: from K11/K12 facing side 3 puts the
    facing hex on K13."""
    sc = giant(bg)
    bg.begin(sc, "ram-man")
    ram_moves(sc, ["K11"], facing=3)
    game = bg.state(sc)
    assert cells(game) == ["K13", "K12"] and game.units["ram-man"].facing == 3
    assert game.board.label(game.units["ram-man"].hex) == "K13"


def test_bg_19_2_a_rotation_must_leave_the_whole_base_fitting(bg):
    """BG-19.2 / BG-AMB-16: turning in place to side 1 swings the facing hex to L12 (free: accepted); with a
    rock on L12 the base would not fit there (refused)."""
    sc = giant(bg)
    bg.begin(sc, "ram-man")
    ram_moves(sc, [], facing=1)
    game = bg.state(sc)
    assert cells(game) == ["L12", "K13"]
    sc = giant(bg, terrain=[{"piece": "rock", "kind": "low", "hexes": ["L12"]}])
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, [], facing=1), "BG-19.2")


def test_bg_19_2_leaving_an_engaged_position_causes_opportunity_attacks(bg):
    """BG-14.2.1 with BG-19.1: Skeletor beside the rear hex attacks before Ram Man's base leaves."""
    sc = giant(bg, enemy="K14")
    bg.begin(sc, "ram-man")
    ram_moves(sc, ["K11"])
    game = bg.state(sc)
    assert [u.key for u in game.top().remaining] == ["skeletor"]
    assert cells(game) == ["K12", "K13"]


# -- obstacles, platforms, ladders (BG-19.3–19.5) ------------------------------------------------------------
WALL = ["L12", "L13"]  # beside K12 and K13 on one side, M12 and M13 on the other


@pytest.mark.parametrize(("kind", "cost"), [("low", 3), ("high", 6)])
def test_bg_19_3_crossing_an_obstacle_costs_3_or_6(bg, kind, cost):
    """BG-19.3: from K12/K13 over the wall to M12/M13 (K12 and M12 both share a side with the portion L12)
    for 3 MP (low) or 6 MP (high); one MP short is refused."""
    terrain = [{"piece": "wall", "kind": kind, "hexes": WALL}]
    sc = giant(bg, terrain=terrain, speed=(cost, cost + 2))
    bg.begin(sc, "ram-man")
    ram_moves(sc, ["M12"])
    assert cells(bg.state(sc)) == ["M12", "M13"]
    sc = giant(bg, terrain=terrain, speed=(cost - 1, cost + 2))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["M12"]), "BG-9.2.1")


def test_bg_19_3_a_step_pays_for_the_dearest_obstacle_its_base_crosses(bg):
    """BG-19.3: from K12/K13 to I11/I12 the rear hex vaults a high wall at J12 (6 MP). A low rock at J11,
    which the facing hex crosses at the same time, does not make the step cheaper: still 6 MP, so with 3 MP
    it is refused either way, and with 6 MP it is accepted."""
    wall = {"piece": "wall", "kind": "high", "hexes": ["J12"]}
    rock = {"piece": "rock", "kind": "low", "hexes": ["J11"]}
    for terrain in ([wall], [wall, rock]):
        sc = giant(bg, terrain=terrain, speed=(3, 5))
        bg.begin(sc, "ram-man", ap=3)
        bg.rejects(ram_moves(sc, ["I11"]), "BG-9.2.1")
        sc = giant(bg, terrain=terrain, speed=(6, 8))
        bg.begin(sc, "ram-man", ap=3)
        ram_moves(sc, ["I11"])
        assert cells(bg.state(sc)) == ["I11", "I12"]


def test_bg_19_3_no_part_of_the_base_may_end_on_the_obstacle(bg):
    """BG-19.3: a crossing that would leave the rear hex on the wall is no move."""
    sc = giant(bg, terrain=[{"piece": "wall", "kind": "low", "hexes": ["L12", "L13", "M13"]}], speed=(6, 8))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["M12"]), "BG-19.3")


def test_bg_19_4_the_whole_base_climbs_onto_a_platform(bg):
    """BG-19.4 / BG-9.2.7 / BG-9.2.8: the whole base climbs from K12/K13 onto the platform L12/L13 for 3 MP
    and descends again for 3 MP; onto a one-hex platform it would not fit."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": WALL}]
    sc = giant(bg, terrain=deck, speed=(3, 5))
    bg.begin(sc, "ram-man", ap=6)
    ram_moves(sc, ["L12"])
    game = bg.state(sc)
    assert cells(game) == ["L12", "L13"] and game.board.height[game.units["ram-man"].hex] == 1
    ram_moves(sc, ["K12"])
    assert cells(bg.state(sc)) == ["K12", "K13"]
    sc = giant(bg, terrain=deck, speed=(2, 5))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["L12"]), "BG-9.2.1")
    sc = giant(bg, terrain=[{"piece": "deck", "kind": "platform", "hexes": ["L12"]}], speed=(6, 8))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["L12"]), "BG-19.4")


def test_bg_19_5_a_ladder_is_a_low_obstacle_for_a_massive_miniature(bg):
    """BG-19.5: Ram Man cannot stand on or use the ladder (2 MP for others); he crosses it for 3 MP."""
    ladder = [{"piece": "ladder", "kind": "ladder", "hexes": ["L12"]}]
    sc = giant(bg, terrain=ladder, speed=(3, 5))
    bg.begin(sc, "ram-man")
    ram_moves(sc, ["M12"])
    assert cells(bg.state(sc)) == ["M12", "M13"]
    sc = giant(bg, terrain=ladder, speed=(2, 5))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["M12"]), "BG-9.2.1")
    sc = giant(bg, terrain=ladder, speed=(3, 5))
    bg.begin(sc, "ram-man")
    bg.rejects(ram_moves(sc, ["L12"]), "BG-19.5")


# -- facing (BG-19.6, BG-19.7) ----------------------------------------------------------------------------------
def shoot_ram(bg, shooter="P12", **fields):
    sc = giant(bg, enemy=shooter, enemy_facing=4, enemy_equipment=["arm-cannon"], **fields)
    bg.begin(sc, "skeletor", player="p2")
    return sc


@pytest.mark.parametrize(("facing", "legal"), [(5, True), (4, True), (3, False)])
def test_bg_19_6_an_attacker_may_face_any_hex_of_a_massive_target(bg, facing, legal):
    """BG-19.6: from P12 the hex closest to K12 is across side 5 and the one closest to K13 across side 4;
    Skeletor may face either, not side 3."""
    sc = shoot_ram(bg)
    sc.add(
        "attack",
        character="skeletor",
        weapon="arm-cannon",
        target="ram-man",
        facing=facing,
        attack={"dice": [2, 2]},
        defence={"dice": [2]},
    )
    if legal:
        bg.accepts(sc)
        assert bg.state(sc).units["skeletor"].facing == facing
    else:
        bg.rejects(sc, "BG-19.6")


def test_bg_19_6_a_melee_attacker_faces_a_hex_of_the_base_it_is_engaged_with(bg):
    """BG-19.6: Skeletor at J12 touches both K12 (side 1) and K13 (side 2): the log chooses."""
    for facing in (1, 2):
        sc = giant(bg, enemy="J12")
        bg.begin(sc, "skeletor", player="p2")
        sc.add("attack", character="skeletor", weapon="fists", target="ram-man", facing=facing, **ROLLS)
        bg.accepts(sc)
    sc = giant(bg, enemy="J12")
    bg.begin(sc, "skeletor", player="p2")
    sc.add("attack", character="skeletor", weapon="fists", target="ram-man", facing=0, **ROLLS)
    bg.rejects(sc, "BG-19.6")


def test_bg_19_7_a_massive_attacker_turns_its_facing_hex_next_to_its_target(bg):
    """BG-19.7: Skeletor at K14 touches only the rear hex; Ram Man turns about his pivot K13 until the facing
    hex shares a side with K14: side 2 (facing hex L13) or side 4 (J13), the log choosing; side 3 would put
    the facing hex on Skeletor and his current facing leaves it on K12, away from K14."""
    for facing, label in ((2, "L13"), (4, "J13")):
        sc = giant(bg, enemy="K14")
        bg.begin(sc, "ram-man")
        sc.add("attack", character="ram-man", weapon="fists", target="skeletor", facing=facing, **ROLLS)
        game = bg.state(sc)
        assert game.board.label(game.units["ram-man"].hex) == label and game.units["ram-man"].facing == facing
        bg.accepts(sc)
    sc = giant(bg, enemy="K14")
    bg.begin(sc, "ram-man")
    sc.add("attack", character="ram-man", weapon="fists", target="skeletor", facing=0, **ROLLS)
    bg.rejects(sc, "BG-19.7")


def test_bg_19_7_an_attack_is_refused_when_no_turn_brings_the_facing_hex_round(bg):
    """BG-19.7: with He-Man on L13 and Stratos on J13 Ram Man cannot turn his facing hex next to Skeletor."""
    sc = giant(bg, enemy="K14", others=[("p1", "he-man", "L13"), ("p1", "stratos", "J13")])
    bg.begin(sc, "ram-man")
    sc.add("attack", character="ram-man", weapon="fists", target="skeletor", **ROLLS)
    bg.rejects(sc, "BG-19.7")


@pytest.mark.parametrize(("range_in", "legal"), [(5, True), (4, False)])
def test_bg_19_7_ranged_attacks_come_from_the_facing_hex_once_turned(bg, range_in, legal):
    """BG-19.7: to shoot Skeletor at K20 Ram Man turns to side 3 (the facing hex K14 is next to K15, the hex
    closest to the target); the range is measured from K14: 5" (hexes n steps apart are n − 1")."""
    sc = giant(bg, enemy="K20", enemy_facing=0, equipment=["arm-cannon"])
    bg.weapon(sc, "arm-cannon", range_in=range_in)
    bg.begin(sc, "ram-man")
    sc.add(
        "attack",
        character="ram-man",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [2, 2]},
        defence={"dice": [2]},
    )
    if legal:
        game = bg.state(sc)
        assert game.board.label(game.units["ram-man"].hex) == "K14" and game.units["ram-man"].facing == 3
        bg.accepts(sc)
    else:
        bg.rejects(sc, "BG-10.3.5")


# -- line of sight and cover (BG-19.8, BG-19.9, BG-13.3.5, BG-DIS-04) --------------------------------------------
def test_bg_19_8_sight_to_any_single_hex_of_the_base(bg):
    """BG-19.8: the high wall I12/I13 hides K13 from E10 but not K12, so Skeletor may shoot Ram Man; a
    one-hex miniature on K13 would be out of sight."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["I12", "I13"]}]
    board_sc = giant(bg, terrain=wall)
    board = bg.state(board_sc).board
    p = board.grid.parse
    assert board.line_of_sight(p("E10"), p("K12")) and not board.line_of_sight(p("E10"), p("K13"))
    sc = shoot_ram(bg, shooter="E10", terrain=wall)
    options = sorted({f for h in ("K12", "K13") for f in bg.grid.facings_toward(p("E10"), p(h))})
    sc.add(
        "attack",
        character="skeletor",
        weapon="arm-cannon",
        target="ram-man",
        facing=options[0],
        attack={"dice": [2, 2]},
        defence={"dice": [2]},
    )
    bg.accepts(sc)


def cover_shot(bg, *, terrain=(), others=()):
    """Skeletor (Perception 2) at K20 shoots Ram Man facing him (facing hex K13, rear K12): T = 4 gives
    [4, 5] → 2 successes, T = 5 (cover) → 1."""
    sc = giant(
        bg, at="K13", facing=3, enemy="K20", terrain=terrain, others=others, enemy_equipment=["arm-cannon"]
    )
    bg.begin(sc, "skeletor", player="p2")
    sc.add(
        "attack",
        character="skeletor",
        weapon="arm-cannon",
        target="ram-man",
        attack={"dice": [4, 5]},
        defence={"dice": [1]},
    )
    return sc


@pytest.mark.parametrize(
    ("terrain", "others", "cover"),
    [
        ([], [], False),
        ([{"piece": "rock", "kind": "low", "hexes": ["K14"]}], [], False),
        ([], [("p1", "he-man", "K14")], False),
        ([{"piece": "rock", "kind": "low", "hexes": ["K16"]}], [], True),
        ([], [("p1", "he-man", "K16")], True),
    ],
    ids=["open", "low-beside-base", "character-beside-base", "low-further", "character-further"],
)
def test_bg_19_9_what_stands_beside_a_massive_target_gives_no_cover(bg, terrain, others, cover):
    """BG-19.9 / BG-13.3.5 / BG-DIS-04 (IT/ES: characters and low or high obstacles): a rock or a character
    on K14, beside the base, gives no cover; on K16 they do (BG-13.3.2)."""
    sc = cover_shot(bg, terrain=terrain, others=others)
    sc.doc["events"][-1]["expect"] = {"attack_successes": 1 if cover else 2}
    bg.accepts(sc)


def test_bg_dis_04_a_high_obstacle_beside_a_massive_target_gives_no_cover(bg):
    """BG-DIS-04: IT/ES ignore high obstacles beside the massive miniature too (PL: only low ones). The
    wall on L13, beside the rear hex, is crossed by the line from O16 to the middle of the base."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["L13"]}]
    sc = giant(bg, enemy="O16", terrain=wall)
    game = bg.state(sc)
    grid, board = game.board.grid, game.board
    line = grid.cover_line_to_base(grid.parse("O16"), game.units["ram-man"].cells)
    assert grid.parse("L13") in line
    assert board.in_cover(grid.parse("O16"), grid.parse("K12"), set())  # a one-hex target would be in cover
    from engine.games.battleground import footprint

    assert not footprint.in_cover(game, grid.parse("O16"), game.units["ram-man"], set())


# -- the content pack --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda c: c.update(massive=True), "base"),  # a massive character without a base
        (lambda c: c.update(base=TWO), "base"),  # a base on a one-hex character
        (lambda c: c.update(massive=True, base={"hexes": [[1, 0], [-1, 0]]}), "base"),  # no facing hex
        (lambda c: c.update(massive=True, base={"hexes": [[0, 0], [-2, 0]]}), "base"),  # two pieces
        (lambda c: c.update(massive=True, base={"hexes": [[0, 0], [-1, 0]], "pivot": [5, 5]}), "base"),
    ],
    ids=["no-base", "not-massive", "no-facing-hex", "two-pieces", "pivot-outside"],
)
def test_log_3_5_a_massive_base_must_be_well_formed(bg, edit, path):
    """LOG-3.5: a massive character states a base of several hexes in one piece, holding its facing hex
    [0, 0] and turning about one of its own hexes; only a massive character states one."""
    sc = bg.scenario()
    sc.edit_pack(lambda p: edit(next(c for c in p["characters"] if c["id"] == "ram-man")))
    sc.place("p1", "ram-man", [], "K5").place("p2", "skeletor", [], "K25")
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")
    assert path in verdict.error.message


# -- whole games ----------------------------------------------------------------------------------------------
BASES = {
    "two": TWO,
    "three": {"hexes": [[0, 0], [-1, 0], [-1, 1]], "pivot": [-1, 0]},
    "seven": {"hexes": [[0, 0], [-1, 0], [-1, 1], [-2, 1], [-2, 0], [-1, -1], [0, -1]], "pivot": [-1, 0]},
}
FORCES = (["first-game-motu", "first-game-ew"], ["first-game-ew", "first-game-motu"])


def massive_pack(shape: str) -> dict:
    """The starter pack with Man-At-Arms (in the first-game MotU force) given a massive test base."""
    doc, _ = builtin_pack(CONTENT_DIR, "bg-core-starter")
    pack = copy.deepcopy(doc)
    pack["pack"]["id"] = "bg-massive-test"
    make_massive(pack, BASES[shape], "man-at-arms")
    return pack


def massive_game(shape: str, seed: int) -> tuple[dict, dict]:
    pack = massive_pack(shape)
    log = RULESET.simulate(seed, content_pack=copy.deepcopy(pack), forces=FORCES[seed % 2])
    return pack, log


@pytest.mark.parametrize("shape", sorted(BASES))
@pytest.mark.parametrize("seed", range(4))
def test_bg_19_2_simulated_games_with_a_massive_miniature_verify_legal(shape, seed):
    """BG-19.1–19.9: the legal events offered for a massive miniature (moves, turns, attacks by and on it)
    are accepted: every simulated game verifies legal, every event verified."""
    pack, log = massive_game(shape, seed)
    verdict = engine.verify(log, content_pack=copy.deepcopy(pack))
    assert verdict.status == "legal", (shape, seed, verdict.summary())
    assert verdict.events_verified == len(log["events"])
    assert any(e["type"] == "move" and e["character"] == "man-at-arms" and e["path"] for e in log["events"])


def test_bg_19_2_a_step_onto_an_obstacle_or_a_miniature_is_rejected_at_that_event():
    """BG-19.2 / BG-19.3 / BG-19.5 / BG-AMB-28 (mutation): in simulated games, each Move of the massive
    miniature is replaced by one step into a position where its base would overlap an obstacle, a ladder
    or another miniature; the log is then illegal at exactly that event."""
    from engine.games.battleground.footprint import occupants

    mutated = 0
    for shape in sorted(BASES):
        for seed in range(6):
            pack, log = massive_game(shape, seed)
            game = RULESET.start(log, content_pack=copy.deepcopy(pack))
            board = game.board
            for i, ev in enumerate(log["events"]):
                if ev["type"] == "move" and ev["character"] == "man-at-arms" and ev["path"]:
                    unit = game.units["man-at-arms"]
                    others = occupants(game, unit)
                    for d in range(6):
                        h = board.grid.neighbour(unit.hex, d)
                        covered = None if h is None else unit.footprint.cells(h, unit.facing)
                        if covered is None or not any(
                            board.kind[c] in ("low", "high", "ladder") or c in others for c in covered
                        ):
                            continue
                        bad = copy.deepcopy(log)
                        bad["events"][i]["path"] = [board.label(h)]
                        verdict = engine.verify(bad, content_pack=copy.deepcopy(pack))
                        assert verdict.status == "illegal", verdict.summary()
                        assert verdict.error.event_index == i, verdict.summary()
                        assert verdict.error.rule in ("BG-19.2", "BG-19.3", "BG-19.5"), verdict.summary()
                        mutated += 1
                        break
                game.apply(i, ev)
    assert mutated >= 8, mutated
