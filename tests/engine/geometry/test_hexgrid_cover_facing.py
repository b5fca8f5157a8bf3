"""Cover lines (BG-13.3.2, BG-AMB-10), arcs (BG-12.2, BG-AMB-06) and ranged facing (BG-10.3.1,
BG-AMB-07).

Flat-topped maps are odd-q (B, D, F, … sit half a hex lower), pointy ones odd-r; hex_width_in = 1".
"""

from __future__ import annotations

import pytest

from engine.geometry import HexGrid
from engine.geometry.hexgrid import COVER_CACHE_SIZE

FLAT = HexGrid(25, 30, "flat", "odd-q", 1.0)
POINTY = HexGrid(25, 30, "pointy", "odd-r", 1.0)


def cover(grid: HexGrid, a: str, b: str) -> list[str]:
    return [grid.label(h) for h in grid.cover_line(grid.parse(a), grid.parse(b))]


# ---------------------------------------------------------------------- cover lines


def test_cover_line_along_an_axis_lists_the_hexes_in_between_in_order():
    """BG-13.3.2: the centre-to-centre line crosses the interiors of the hexes between."""
    assert cover(FLAT, "K12", "K16") == ["K13", "K14", "K15"]
    assert cover(FLAT, "K16", "K12") == ["K15", "K14", "K13"]
    assert cover(POINTY, "C5", "H5") == ["D5", "E5", "F5", "G5"]


def test_cover_line_running_along_a_side_lists_both_hexes():
    """BG-AMB-10: a line that runs along the side shared by two hexes passes through both."""
    assert cover(FLAT, "K12", "M12") == ["L11", "L12"]  # along the L11/L12 side
    assert cover(FLAT, "K12", "L10") == ["K11", "L11"]  # along the K11/L11 side
    # Due west, four steps: two shared sides and one hex crossed through its centre.
    assert cover(FLAT, "K12", "G12") == ["J11", "J12", "I12", "H11", "H12"]
    assert cover(POINTY, "K12", "K10") == ["K11", "L11"]


def test_cover_line_ignores_a_hex_touched_only_at_a_corner():
    """BG-AMB-10: meeting a hex in a single point is not passing through it. K12 → F10 goes through the
    corner where H10, H11 and G11 meet, crossing from H11 into G11 and only touching H10."""
    line = cover(FLAT, "K12", "F10")
    assert line == ["J11", "I11", "H11", "G11"]
    assert "H10" not in line


def test_cover_line_at_the_board_edge_drops_off_board_hexes():
    """Along the top edge the line runs on B1's and D1's north sides; the hexes beyond are off the map."""
    assert cover(FLAT, "A1", "E1") == ["B1", "C1", "D1"]


def test_cover_line_of_adjacent_or_identical_hexes_is_empty():
    k12 = FLAT.parse("K12")
    assert FLAT.cover_line(k12, k12) == ()
    for n in FLAT.neighbours(k12):
        assert FLAT.cover_line(k12, n) == ()


def test_caller_excludes_the_hexes_adjacent_to_the_attacker():
    """BG-13.3.2 / BG-AMB-10: characters and obstacles next to the attacker are ignored; the geometry
    lists them and the rules layer drops them."""
    attacker, target = FLAT.parse("K12"), FLAT.parse("K16")
    line = FLAT.cover_line(attacker, target)
    counted = [h for h in line if FLAT.direction_to(attacker, h) is None]
    assert [FLAT.label(h) for h in counted] == ["K14", "K15"]


def test_cover_cache_is_bounded():
    assert FLAT._cover_cached.cache_info().maxsize == COVER_CACHE_SIZE


# ---------------------------------------------------------------------- arcs


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_arcs_of_the_six_adjacent_hexes(grid):
    """BG-12.2 / BG-AMB-06: with f pointing to the middle of the faced side, the faced hex and the two
    beside it (±60°) are front, the other three (±120°, 180°) are rear: 3 front, 3 rear, none halfway."""
    h = grid.parse("K12")
    for facing in range(6):
        arcs = [grid.arc(h, facing, n) for n in grid.neighbours(h)]
        expected = [1 if (k - facing) % 6 in (0, 1, 5) else -1 for k in range(6)]
        assert arcs == expected
        assert arcs.count(1) == 3 and arcs.count(-1) == 3


def test_halfway_hexes_lie_on_the_line_across_the_facing():
    """BG-12.2: hexes exactly halfway between the arcs (d = 0) are not in the flank."""
    k12 = FLAT.parse("K12")
    # Facing north: the line across runs east–west through K12's centre.
    assert FLAT.arc(k12, 0, FLAT.parse("M12")) == 0
    assert FLAT.arc(k12, 0, FLAT.parse("I12")) == 0
    assert FLAT.arc(k12, 0, FLAT.parse("Q12")) == 0
    assert FLAT.arc(k12, 3, FLAT.parse("M12")) == 0
    # Facing north-east: the line across runs through J10 and L13.
    assert FLAT.arc(k12, 1, FLAT.parse("L13")) == 0
    assert FLAT.arc(k12, 1, FLAT.parse("J10")) == 0
    # Pointy, facing east: the line across runs north–south.
    p = POINTY.parse("K12")
    assert POINTY.arc(p, 1, POINTY.parse("K10")) == 0
    assert POINTY.arc(p, 1, POINTY.parse("K14")) == 0
    assert POINTY.arc(p, 4, POINTY.parse("K16")) == 0


def test_arcs_of_distant_hexes():
    k12 = FLAT.parse("K12")
    assert FLAT.arc(k12, 0, FLAT.parse("K2")) == 1
    assert FLAT.arc(k12, 0, FLAT.parse("X11")) == 1  # far east, half a hex north: front
    assert FLAT.arc(k12, 0, FLAT.parse("X12")) == -1  # far east, half a hex south: rear
    assert FLAT.arc(k12, 0, FLAT.parse("Y12")) == 0  # far east, level: halfway
    assert FLAT.arc(k12, 3, FLAT.parse("K30")) == 1
    assert FLAT.arc(k12, 2, FLAT.parse("A1")) == -1


def test_flank_attack_from_the_rear_arc():
    """BG-12.3: an attack from a hex in the target's rear arc is a flank attack."""
    target = FLAT.parse("K12")
    facing = 0  # north
    attackers = {
        label: FLAT.arc(target, facing, FLAT.parse(label)) < 0 for label in ("K11", "K13", "L12", "M12")
    }
    assert attackers == {"K11": False, "K13": True, "L12": True, "M12": False}


def test_arc_rejects_own_hex_and_bad_facing():
    k12 = FLAT.parse("K12")
    with pytest.raises(ValueError, match="no arc"):
        FLAT.arc(k12, 0, k12)
    with pytest.raises(ValueError, match="direction"):
        FLAT.arc(k12, 6, 0)


# ---------------------------------------------------------------------- ranged facing


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_facing_toward_an_adjacent_hex_is_its_direction(grid):
    """BG-10.3.1: the adjacent hex closest to a side-sharing target is the target itself."""
    h = grid.parse("K12")
    for d, n in enumerate(grid.neighbours(h)):
        assert grid.facings_toward(h, n) == (d,)


def test_facing_toward_a_distant_hex():
    k12 = FLAT.parse("K12")
    assert FLAT.facings_toward(k12, FLAT.parse("K16")) == (3,)
    assert FLAT.facings_toward(k12, FLAT.parse("L9")) == (0,)
    assert FLAT.facings_toward(k12, FLAT.parse("Y1")) == (1,)


def test_facing_ties_list_every_equally_close_side():
    """BG-10.3.1 / BG-AMB-07: two adjacent hexes equally close to the target — the controller picks."""
    k12 = FLAT.parse("K12")
    assert FLAT.facings_toward(k12, FLAT.parse("M12")) == (1, 2)
    assert FLAT.facings_toward(k12, FLAT.parse("Q12")) == (1, 2)
    assert FLAT.facings_toward(k12, FLAT.parse("I12")) == (4, 5)
    p = POINTY.parse("K12")
    assert POINTY.facings_toward(p, POINTY.parse("K10")) == (0, 5)
    assert POINTY.facings_toward(p, POINTY.parse("K16")) == (2, 3)


def test_facing_may_point_at_the_board_edge():
    """Facing is a side of the hex; the neighbour position counts even when it is off the map."""
    a1 = FLAT.parse("A1")
    assert FLAT.neighbour(a1, 1) is None
    assert FLAT.facings_toward(a1, FLAT.parse("C1")) == (1, 2)


def test_facing_toward_own_hex_is_an_error():
    with pytest.raises(ValueError):
        FLAT.facings_toward(5, 5)
