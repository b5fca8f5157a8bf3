"""Line of sight: corner-to-corner lines blocked by the interior of the union of blocker hexes
(BG-10.4.1, BG-10.4.2, BG-AMB-08).

Geometry used throughout: a flat-topped, odd-q, 25×30 map (BG-2.1.1) with hex_width_in = 1". Corner
numbers follow ``HexGrid.corners``: on flat-topped hexes corner 0 is the west end of the north side,
then clockwise, so corners 0 and 1 are the top ones, 2 the east point, 3 and 4 the bottom ones, 5 the
west point.
"""

from __future__ import annotations

import pytest

from engine.geometry import HexGrid
from engine.geometry.hexgrid import LOS_CACHE_SIZE

FLAT = HexGrid(25, 30, "flat", "odd-q", 1.0)
POINTY = HexGrid(25, 30, "pointy", "odd-r", 1.0)


def hexes(grid: HexGrid, *labels: str) -> frozenset[int]:
    return frozenset(grid.parse(label) for label in labels)


def los(grid: HexGrid, a: str, b: str, *blockers: str, same_origin_corner: bool = False) -> bool:
    return grid.has_los(
        grid.parse(a), grid.parse(b), hexes(grid, *blockers), same_origin_corner=same_origin_corner
    )


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_open_board_always_has_los(grid):
    """BG-10.4.1: with nothing blocking, two non-overlapping lines always exist, from one corner too."""
    sample = range(0, grid.size, 23)
    for a in sample:
        for b in sample:
            assert grid.has_los(a, b, frozenset())
            assert grid.has_los(a, b, frozenset(), same_origin_corner=True)


def test_side_sharing_hexes_see_each_other_whatever_surrounds_them():
    """Lines through the two hexes themselves never leave them, and a and b are never blockers."""
    a = FLAT.parse("K12")
    everything = frozenset(range(FLAT.size))
    for b in FLAT.neighbours(a):
        assert FLAT.has_los(a, b, everything)
        assert FLAT.has_los(a, b, everything, same_origin_corner=True)


def test_a_wall_of_blockers_blocks():
    """BG-10.4.2: a line that passes through a high obstacle is blocked; a continuous wall leaves none."""
    wall = [f"{col}10" for col in "GHIJKLMNO"]
    assert not los(FLAT, "K12", "K8", *wall)
    assert not los(FLAT, "K8", "K12", *wall)
    assert not los(FLAT, "I13", "M7", *wall)
    assert FLAT.unblocked_lines(FLAT.parse("K12"), FLAT.parse("K8"), hexes(FLAT, *wall)) == ()
    # A gap in the wall lets lines through again.
    assert los(FLAT, "K12", "K8", *[h for h in wall if h != "K10"])


def test_single_blocker_on_a_straight_line_leaves_two_grazing_lines():
    """BG-AMB-08: K12 → K10 straight north with K11 blocked. Every line crossing K11's interior is
    blocked, but the two vertical lines through K11's east and west points only touch its corners
    (grazing the outer boundary does not block). They end at different corners of K10 and are
    parallel, so there is LoS — but not from a single corner of K12."""
    a, b = FLAT.parse("K12"), FLAT.parse("K10")
    blockers = hexes(FLAT, "K11")
    # Corner 2 (east point) to corner 2, corner 5 (west point) to corner 5.
    assert FLAT.unblocked_lines(a, b, blockers) == ((2, 2), (5, 5))
    assert FLAT.has_los(a, b, blockers)
    assert not FLAT.has_los(a, b, blockers, same_origin_corner=True)


def test_single_blocker_on_a_straight_line_pointy():
    """The same situation rotated: pointy K12 → M12 along the east axis with L12 blocked."""
    a, b = POINTY.parse("K12"), POINTY.parse("M12")
    blockers = hexes(POINTY, "L12")
    # Top corner 0 to top corner 0, bottom corner 3 to bottom corner 3.
    assert POINTY.unblocked_lines(a, b, blockers) == ((0, 0), (3, 3))
    assert POINTY.has_los(a, b, blockers)
    assert not POINTY.has_los(a, b, blockers, same_origin_corner=True)


def test_grazing_along_the_outer_side_of_one_blocker_does_not_block():
    """BG-AMB-08: K12 → G12 (due west, four steps) with I12 blocked. Lines that cross I12 are blocked;
    the remaining ones run exactly along I12's north side (y of the top corners) or its south side,
    which are outer boundary of the blockers, so they count and give LoS."""
    a, b = FLAT.parse("K12"), FLAT.parse("G12")
    blockers = hexes(FLAT, "I12")
    top = {(0, 0), (0, 1), (1, 0), (1, 1)}
    bottom = {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert set(FLAT.unblocked_lines(a, b, blockers)) == top | bottom
    assert FLAT.has_los(a, b, blockers)


def test_running_along_the_shared_side_of_two_blockers_blocks():
    """BG-AMB-08: with I11 and I12 both blocked, their common side lies inside the union, so the top
    lines are blocked too. Only the bottom lines are left; they all lie on one straight line and
    overlap, so there is no LoS (compare BG-EX-18a: "blocks every candidate line except one")."""
    a, b = FLAT.parse("K12"), FLAT.parse("G12")
    blockers = hexes(FLAT, "I11", "I12")
    assert set(FLAT.unblocked_lines(a, b, blockers)) == {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert not FLAT.has_los(a, b, blockers)
    assert not los(FLAT, "K12", "G12", "I12", "I13")


def test_two_lines_must_end_at_different_target_corners_and_not_overlap():
    """BG-10.4.1: K12 → M12 along the side shared by L11 and L12. Blocking L12 alone leaves the lines
    through L11; blocking both leaves only lines along their common side, which is inside the union."""
    assert los(FLAT, "K12", "M12", "L12")
    assert los(FLAT, "K12", "M12", "L11")
    assert not los(FLAT, "K12", "M12", "L11", "L12")


def test_same_origin_corner_is_the_stricter_reading():
    """BG-AMB-08 flag ``los_same_origin_corner``: never more LoS than the default reading."""
    cases = [
        ("K12", "K10", ["K11"]),
        ("K12", "G12", ["I12"]),
        ("K12", "M12", ["L12"]),
        ("K12", "K6", ["K9", "J8"]),
        ("C3", "H9", ["E5", "F7"]),
    ]
    for a, b, blockers in cases:
        strict = los(FLAT, a, b, *blockers, same_origin_corner=True)
        assert not strict or los(FLAT, a, b, *blockers)
    assert los(FLAT, "K12", "K10", "K11") and not los(FLAT, "K12", "K10", "K11", same_origin_corner=True)
    assert los(FLAT, "K12", "M12", "L12", same_origin_corner=True)


def test_los_is_not_symmetric_in_general():
    """BG-10.4.1 counts the target's corners: from K12 two unblocked lines leave K12's east corner
    for two different corners of P13, but seen from P13 those lines end at the same corner of K12."""
    a, b = FLAT.parse("K12"), FLAT.parse("P13")
    blockers = hexes(FLAT, "L11", "M13", "P12")
    assert FLAT.unblocked_lines(a, b, blockers) == ((2, 0), (2, 2))
    assert FLAT.has_los(a, b, blockers)
    assert not FLAT.has_los(b, a, blockers)


def test_attacker_and_target_hexes_are_never_blockers():
    assert los(FLAT, "K12", "K10", "K12", "K10")
    assert los(FLAT, "K12", "K10", "K12", "K10", "K11")
    assert not los(FLAT, "K12", "K8", "K12", "K8", *[f"{col}10" for col in "GHIJKLMNO"])


def test_blockers_far_from_both_hexes_do_not_change_the_answer_or_grow_the_cache():
    """Only blockers near the two hexes can touch a corner line; the rest are dropped before the
    memoised computation, so distinct far-away sets share one cache entry."""
    grid = HexGrid(25, 30, "flat", "odd-q", 1.0)
    a, b = grid.parse("K12"), grid.parse("K10")
    near = hexes(grid, "K11")
    far_cells = [grid.parse(label) for label in ("A1", "Y30", "C25", "T3", "X15")]
    for i in range(len(far_cells)):
        assert grid.has_los(a, b, near | frozenset(far_cells[: i + 1]))
    info = grid._los_cached.cache_info()
    assert info.currsize == 1 and info.hits == len(far_cells) - 1


def test_los_cache_is_bounded():
    grid = HexGrid(25, 30, "flat", "odd-q", 1.0)
    assert grid._los_cached.cache_info().maxsize == LOS_CACHE_SIZE


def test_blocker_ids_are_checked():
    with pytest.raises(ValueError, match="is not a hex id"):
        FLAT.has_los(0, 5, frozenset({750}))


def test_height_filtered_blockers_are_the_callers_choice():
    """BG-10.4.3 / BG-AMB-09: when the attacker is higher, only high obstacles adjacent to the target
    block. The caller filters; the geometry just sees fewer blockers."""
    wall = hexes(FLAT, *[f"{col}9" for col in "GHIJKLMNO"])
    attacker, target = FLAT.parse("K12"), FLAT.parse("K8")
    assert not FLAT.has_los(attacker, target, wall)  # same height: the whole wall counts
    adjacent_to_target = frozenset(h for h in wall if FLAT.direction_to(target, h) is not None)
    assert adjacent_to_target == hexes(FLAT, "K9")
    assert FLAT.has_los(attacker, target, adjacent_to_target)  # higher: two lines graze K9's points
