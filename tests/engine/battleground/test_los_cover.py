"""Line of sight (BG-10.4, BG-AMB-08, BG-AMB-09), cover (BG-13.3, BG-AMB-10, BG-AMB-11) and range
(BG-2.3, BG-10.3.5, BG-AMB-01) on the scenario's test map."""

from __future__ import annotations

import pytest

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]


def board_of(bg, terrain=(), platforms=()):
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain), platforms=list(platforms))
    sc.place("p1", "stratos", [], "A1").place("p2", "skeletor", [], "Y30")
    return bg.state(sc).board


def sees(board, a, b, **kwargs):
    p = board.grid.parse
    return board.line_of_sight(p(a), p(b), **kwargs)


def shot(
    bg,
    target_hex,
    *,
    terrain=(),
    platforms=(),
    others=(),
    shooter_hex="K12",
    hex_width=1.0,
    options=None,
    dice=(4, 5),
    expect=None,
    range_in=12,
):
    """Man-At-Arms (Perception 2) shoots Skeletor (facing him, so no flank)."""
    sc = bg.scenario(
        zones=ANYWHERE,
        terrain=list(terrain),
        platforms=list(platforms),
        hex_width_in=hex_width,
        options=options,
    )
    bg.stats(sc, "man-at-arms", perception=len(dice))
    bg.stats(sc, "skeletor", toughness=1, health=9)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=range_in)
    sc.place("p1", "man-at-arms", ["arm-cannon"], shooter_hex, facing=3)
    for player, name, hex_ in others:
        sc.place(player, name, [], hex_, facing=0)
    grid = bg.grid
    facing_back = grid.facings_toward(grid.parse(target_hex), grid.parse(shooter_hex))[0]
    sc.place("p2", "skeletor", ["havoc-staff"], target_hex, facing=facing_back)
    bg.begin(sc, "man-at-arms")
    event = {
        "character": "man-at-arms",
        "weapon": "arm-cannon",
        "target": "skeletor",
        "facing": grid.facings_toward(grid.parse(shooter_hex), grid.parse(target_hex))[0],
        "attack": {"dice": list(dice)},
        "defence": {"dice": [1]},
    }
    if expect is not None:
        event["expect"] = {"attack_successes": expect}
    sc.add("attack", **event)
    return sc


# -- line of sight -------------------------------------------------------------------------------------------
def test_bg_10_4_2_only_high_obstacles_block_sight(bg):
    """BG-10.4.2: the same two-hex piece blocks K12 → K18 when high, not when low or difficult terrain or a
    ladder; characters do not block either."""
    for kind, blocks in (("high", True), ("low", False), ("difficult", False), ("ladder", False)):
        board = board_of(bg, terrain=[{"piece": "x", "kind": kind, "hexes": ["K14", "L14"]}])
        assert sees(board, "K12", "K18") is not blocks, kind
    bg.accepts(shot(bg, "K18", others=[("p1", "he-man", "K15")]))


def test_bg_amb_08_grazing_the_corner_of_a_high_obstacle_does_not_block(bg):
    """BG-AMB-08 / BG-10.4.1: one high hex right between K12 and K20 leaves the two lines along its left and
    right corners, which end at different corners of K20: sight."""
    assert sees(board_of(bg, terrain=[{"piece": "pillar", "kind": "high", "hexes": ["K16"]}]), "K12", "K20")


def test_bg_amb_08_two_lines_to_two_different_corners_are_needed(bg):
    """BG-10.4.1 / BG-AMB-08: the wall K14–L14 leaves a single unblocked line to K18: no sight, no shot."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K14", "L14"]}]
    grid = bg.grid
    assert (
        len(
            grid.unblocked_lines(
                grid.parse("K12"), grid.parse("K18"), frozenset({grid.parse("K14"), grid.parse("L14")})
            )
        )
        == 1
    )
    bg.rejects(shot(bg, "K18", terrain=wall), "BG-10.3.3")


@pytest.mark.parametrize(("strict", "legal"), [(False, True), (True, False)])
def test_bg_amb_08_the_same_origin_corner_option(bg, strict, legal):
    """BG-AMB-08 / LOG-2.3: K12 → F14 past a high hex at H13 has two good lines only from different corners
    of K12; the ``los_same_origin_corner`` reading refuses the shot."""
    grid = bg.grid
    high = frozenset({grid.parse("H13")})
    assert grid.has_los(grid.parse("K12"), grid.parse("F14"), high, False)
    assert not grid.has_los(grid.parse("K12"), grid.parse("F14"), high, True)
    sc = shot(
        bg,
        "F14",
        terrain=[{"piece": "rock", "kind": "high", "hexes": ["H13"]}],
        options={"los_same_origin_corner": strict},
    )
    if legal:
        bg.accepts(sc)
    else:
        bg.rejects(sc, "BG-10.3.3")


def test_bg_10_4_5_no_sight_between_a_platform_and_the_hexes_under_it(bg):
    """BG-10.4.5: from the deck (K12) nothing is seen under the deck (K14), and the reverse; a hex under
    another platform is seen."""
    terrain = [
        {"piece": "deck", "kind": "platform", "hexes": ["K12", "K13"]},
        {"piece": "other", "kind": "platform", "hexes": ["O12"]},
    ]
    platforms = [{"piece": "deck", "under": ["K14"]}, {"piece": "other", "under": ["O13"]}]
    board = board_of(bg, terrain=terrain, platforms=platforms)
    assert not sees(board, "K12", "K14") and not sees(board, "K14", "K12")
    assert sees(board, "K12", "O13") and sees(board, "K12", "K16")


def test_bg_amb_09_height_rules_use_board_adjacency(bg):
    """BG-AMB-09 / BG-10.4.3: from a platform, a high obstacle counts only if it shares a side with the
    target's hex on the board plane: the wall beside Evil-Lyn blocks, the crag further off does not."""
    terrain = [
        {"piece": "deck", "kind": "platform", "hexes": ["K12"]},
        {"piece": "wall", "kind": "high", "hexes": ["K19", "J19"]},
        {"piece": "crag", "kind": "high", "hexes": ["K15", "J15", "L15"]},
    ]
    board = board_of(bg, terrain=terrain)
    assert not sees(board, "K12", "K20")
    assert sees(board, "K12", "K17")
    flat = board_of(bg, terrain=terrain[1:])
    assert not sees(flat, "K12", "K17")


# -- cover ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("terrain", "others", "cover"),
    [
        ([], [], False),
        ([{"piece": "x", "kind": "low", "hexes": ["K15"]}], [], True),
        ([{"piece": "x", "kind": "difficult", "hexes": ["K15"]}], [], False),
        ([{"piece": "x", "kind": "ladder", "hexes": ["K15"]}], [], False),
        ([], [("p1", "he-man", "K15")], True),
        ([], [("p2", "trap-jaw", "K15")], True),
        ([{"piece": "x", "kind": "low", "hexes": ["K13"]}], [], False),  # beside the shooter: ignored
        ([], [("p1", "he-man", "K13")], False),
    ],
    ids=[
        "open",
        "low-obstacle",
        "difficult",
        "ladder",
        "ally",
        "enemy",
        "low-beside-shooter",
        "ally-beside-shooter",
    ],
)
def test_bg_13_3_2_cover_at_the_same_height(bg, terrain, others, cover):
    """BG-13.3.2 / BG-13.2.3: characters and obstacles on the centre line give cover (T = 5: [4, 5] → 1);
    difficult terrain and ladders do not; whatever stands beside the shooter is ignored (T = 4 → 2)."""
    bg.accepts(shot(bg, "K18", terrain=terrain, others=others, expect=1 if cover else 2))


def test_bg_amb_10_a_line_along_a_side_passes_through_both_hexes(bg):
    """BG-AMB-10: K12 → Q12 runs along the side between N11 and N12; He-Man at N11 gives cover."""
    assert {"N11", "N12"} <= {
        bg.grid.label(h) for h in bg.grid.cover_line(bg.grid.parse("K12"), bg.grid.parse("Q12"))
    }
    bg.accepts(shot(bg, "Q12", others=[("p1", "he-man", "N11")], expect=1))


def test_bg_amb_10_a_hex_touched_at_a_corner_gives_no_cover(bg):
    """BG-AMB-10: K12 → F10 only touches H10 at a corner: He-Man there gives no cover; at H11 he does."""
    bg.accepts(shot(bg, "F10", others=[("p1", "he-man", "H10")], expect=2))
    bg.accepts(shot(bg, "F10", others=[("p1", "he-man", "H11")], expect=1))


def test_bg_13_3_3_a_lower_shooter_always_finds_the_target_in_cover(bg):
    """BG-13.3.3: Skeletor on a platform, nothing between: cover all the same."""
    bg.accepts(shot(bg, "K18", terrain=[{"piece": "deck", "kind": "platform", "hexes": ["K18"]}], expect=1))


def test_bg_amb_11_both_on_platforms_use_the_same_height_rule(bg):
    """BG-AMB-11: shooter and target both on platforms: a low obstacle between gives cover again."""
    terrain = [
        {"piece": "a", "kind": "platform", "hexes": ["K12"]},
        {"piece": "b", "kind": "platform", "hexes": ["K18"]},
        {"piece": "x", "kind": "low", "hexes": ["K15"]},
    ]
    bg.accepts(shot(bg, "K18", terrain=terrain, expect=1))
    bg.accepts(shot(bg, "K18", terrain=terrain[:2], expect=2))


def test_bg_13_3_4_from_a_platform_only_high_obstacles_give_cover(bg):
    """BG-13.3.4 / BG-AMB-11: from a platform: a character or low obstacle on the line gives no cover, a high
    obstacle (not beside the shooter or the hexes under its platform) does."""
    deck = {"piece": "deck", "kind": "platform", "hexes": ["K12"]}
    bg.accepts(shot(bg, "K20", terrain=[deck], others=[("p1", "he-man", "K15")], expect=2))
    bg.accepts(shot(bg, "K20", terrain=[deck, {"piece": "x", "kind": "low", "hexes": ["K15"]}], expect=2))
    bg.accepts(shot(bg, "K20", terrain=[deck, {"piece": "x", "kind": "high", "hexes": ["K16"]}], expect=1))
    bg.accepts(
        shot(
            bg,
            "K20",
            terrain=[deck, {"piece": "x", "kind": "high", "hexes": ["K16"]}],
            platforms=[{"piece": "deck", "under": ["K15"]}],
            expect=2,
        )
    )


# -- measurement -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hex_width", "distance"), [(1.0, 8.0), (0.5, 4.0), (2.0, 16.0)])
def test_bg_amb_01_range_scales_with_the_maps_hex_width(bg, hex_width, distance):
    """BG-AMB-01 / BG-2.3.2 / BG-2.3.3 / BG-10.3.5: K12 and K21 are 9 hexes apart, so their nearest points are
    8 hex widths apart; with a 10" weapon the shot is legal unless the hexes are 2" wide."""
    from engine.geometry import HexGrid

    grid = HexGrid(25, 30, "flat", "odd-q", hex_width)
    assert grid.distance_in(grid.parse("K12"), grid.parse("K21")) == pytest.approx(distance)
    sc = shot(bg, "K21", hex_width=hex_width, range_in=10)
    if distance <= 10:
        bg.accepts(sc)
    else:
        bg.rejects(sc, "BG-10.3.5")


def test_bg_10_3_5_range_is_measured_between_nearest_points(bg):
    """BG-10.3.5 / BG-2.3.2: side-sharing hexes are 0" apart and a hex two steps away along a column is 1"
    away: a 1" weapon reaches K14 from K12, not K15."""
    grid = bg.grid
    assert grid.distance_in(grid.parse("K12"), grid.parse("K13")) == 0
    assert grid.distance_in(grid.parse("K12"), grid.parse("K14")) == 1.0
    bg.accepts(shot(bg, "K14", range_in=1))
    bg.rejects(shot(bg, "K15", range_in=1), "BG-10.3.5")
