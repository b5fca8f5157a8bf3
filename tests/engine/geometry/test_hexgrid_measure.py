"""Measurement in inches: centres, corners, nearest-points distance and range (BG-2.3, BG-10.3.5,
BG-AMB-01)."""

from __future__ import annotations

import math

import pytest

from engine.geometry import HexGrid
from engine.geometry.hexgrid import RANGE_TOLERANCE_IN

WIDTHS = [1.0, 1.25, 0.875, 2.0, 1.5]


def float_hex_distance(grid: HexGrid, a: int, b: int) -> float:
    """Independent float oracle: minimum over corners of one hexagon against sides of the other."""

    def point_segment(p, u, v):
        ex, ey = v[0] - u[0], v[1] - u[1]
        t = ((p[0] - u[0]) * ex + (p[1] - u[1]) * ey) / (ex * ex + ey * ey)
        t = min(1.0, max(0.0, t))
        return math.hypot(p[0] - u[0] - t * ex, p[1] - u[1] - t * ey)

    best = math.inf
    for first, second in ((grid.corners(a), grid.corners(b)), (grid.corners(b), grid.corners(a))):
        for p in first:
            for i in range(6):
                best = min(best, point_segment(p, second[i], second[(i + 1) % 6]))
    return best


@pytest.mark.parametrize("orientation,offset", [("flat", "odd-q"), ("pointy", "even-r")])
def test_centres_and_corners_follow_the_hex_width(orientation, offset):
    """BG-AMB-01: centres of neighbours are hex_width_in apart and the circumradius is hex_width_in/√3;
    side d runs from corner d to corner d+1 and its midpoint is halfway to the neighbour's centre."""
    w = 1.25
    grid = HexGrid(25, 30, orientation, offset, w)
    assert grid.centre(grid.parse("A1")) == (0.0, 0.0)
    h = grid.parse("K12")
    cx, cy = grid.centre(h)
    corners = grid.corners(h)
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(w / math.sqrt(3))
    for d, n in enumerate(grid.neighbours(h)):
        nx, ny = grid.centre(n)
        (x0, y0), (x1, y1) = corners[d], corners[(d + 1) % 6]
        assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))
        # The side is shared: the neighbour has the same two corners.
        assert set(map(lambda p: (round(p[0], 9), round(p[1], 9)), (corners[d], corners[(d + 1) % 6]))) <= {
            (round(x, 9), round(y, 9)) for x, y in grid.corners(n)
        }


def test_flat_rows_and_pointy_columns_grow_east_and_south():
    flat = HexGrid(25, 30, "flat", "odd-q", 1.0)
    assert flat.centre(flat.parse("A2")) == pytest.approx((0.0, 1.0))
    assert flat.centre(flat.parse("B1")) == pytest.approx((math.sqrt(3) / 2, 0.5))
    pointy = HexGrid(25, 30, "pointy", "odd-r", 1.0)
    assert pointy.centre(pointy.parse("B1")) == pytest.approx((1.0, 0.0))
    assert pointy.centre(pointy.parse("A2")) == pytest.approx((0.5, math.sqrt(3) / 2))


@pytest.mark.parametrize("orientation,offset", [("flat", "odd-q"), ("pointy", "odd-r")])
def test_same_and_adjacent_hexes_are_zero_inches_apart(orientation, offset):
    """BG-AMB-01: adjacent hexes are 0" apart."""
    grid = HexGrid(25, 30, orientation, offset, 1.25)
    h = grid.parse("K12")
    assert grid.distance_in(h, h) == 0.0
    for n in grid.neighbours(h):
        assert grid.distance_in(h, n) == 0.0
        assert grid.in_range(h, n, 0.0)


@pytest.mark.parametrize("w", WIDTHS)
@pytest.mark.parametrize("orientation,offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r")])
def test_n_steps_along_an_axis_is_exactly_n_minus_one_widths(w, orientation, offset):
    """BG-AMB-01: along a grid axis, hexes n steps apart are exactly (n−1)·hex_width_in apart."""
    grid = HexGrid(25, 30, orientation, offset, w)
    start = grid.parse("M15")
    for d in range(6):
        h = start
        for n in range(1, 12):
            h = grid.neighbour(h, d)
            if h is None:
                break
            assert grid.distance_in(start, h) == (n - 1) * w  # exact, not approximately
            assert grid.distance_in(h, start) == (n - 1) * w


def test_off_axis_distances_computed_by_hand():
    """BG-AMB-01, flat-topped, w = 1.25".

    K12 → M12 (NE then SE): the nearest points are K12's east corner and M12's west corner, both on
    the line through the centres, 3R apart centre to centre, so the gap is 3R − 2R = R = w/√3.

    K12 → L9 (N, N, NE): the centre offset is (1.5R, −2.5w). Against the doubled hexagon (the Minkowski
    difference of two hexes), the nearest point is its corner (R, −w), so the gap is
    √((0.5R)² + (1.5w)²) = w·√(1/12 + 9/4) = w·√(7/3).
    """
    w = 1.25
    grid = HexGrid(25, 30, "flat", "odd-q", w)
    k12 = grid.parse("K12")
    assert grid.distance_in(k12, grid.parse("M12")) == pytest.approx(w / math.sqrt(3), rel=1e-15)
    assert grid.distance_in(k12, grid.parse("L9")) == pytest.approx(w * math.sqrt(7 / 3), rel=1e-15)


def test_pointy_off_axis_distance_matches_the_flat_one():
    """Rotating the board by 30° turns one orientation into the other; K12 → K10 on odd-r (NE then NW)
    is the two-step "between the axes" hex, w/√3 apart like K12 → M12 on odd-q, while K12 → L10 is
    two steps along the NE axis, exactly w apart."""
    w = 2.0
    grid = HexGrid(25, 30, "pointy", "odd-r", w)
    a, b = grid.parse("K12"), grid.parse("K10")
    assert grid.hex_distance(a, b) == 2
    assert grid.direction_to(a, b) is None
    assert grid.distance_in(a, b) == pytest.approx(w / math.sqrt(3), rel=1e-15)
    assert grid.distance_in(a, grid.parse("L10")) == w


@pytest.mark.parametrize(
    "grid",
    [HexGrid(25, 30, "flat", "odd-q", 1.25), HexGrid(25, 30, "pointy", "even-r", 0.9)],
    ids=["flat", "pointy"],
)
def test_distance_matches_a_float_oracle_and_is_symmetric(grid):
    """The exact result agrees with a plain float vertex/edge computation for every hex, both ways."""
    for a in (grid.parse("K12"), grid.parse("A1"), grid.parse("Y30")):
        for b in range(grid.size):
            d = grid.distance_in(a, b)
            assert d == grid.distance_in(b, a)
            assert d == pytest.approx(float_hex_distance(grid, a, b), abs=1e-9)


def test_distance_is_memoised_per_coordinate_delta():
    """Distances depend only on the lattice delta, so equal deltas share one cached value."""
    grid = HexGrid(25, 30, "flat", "odd-q", 1.0)
    first = grid.distance_in(grid.parse("C3"), grid.parse("F9"))
    cache_size = len(grid._distance_cache)
    # Same column parities, shifted by two columns and one row: the same delta.
    assert grid.distance_in(grid.parse("E4"), grid.parse("H10")) == first
    assert len(grid._distance_cache) == cache_size


def test_flamethrower_range_example():
    """BG-EX-11 with w = 1": a 4" gap is in range of an 8" weapon."""
    grid = HexGrid(25, 30, "flat", "odd-q", 1.0)
    stratos, evil_lyn = grid.parse("K12"), grid.parse("K17")
    assert grid.distance_in(stratos, evil_lyn) == 4.0
    assert grid.in_range(stratos, evil_lyn, 8)
    assert grid.in_range(stratos, evil_lyn, 4)
    assert not grid.in_range(stratos, evil_lyn, 3.5)


def test_in_range_uses_a_small_tolerance():
    """BG-AMB-01: compare with ≤ using a tolerance of 1e-9 inches."""
    assert RANGE_TOLERANCE_IN == 1e-9
    w = 1.25
    grid = HexGrid(25, 30, "flat", "odd-q", w)
    a, b = grid.parse("K12"), grid.parse("M12")
    gap = grid.distance_in(a, b)  # w/√3, irrational
    assert grid.in_range(a, b, gap)
    assert grid.in_range(a, b, w / math.sqrt(3))
    assert grid.in_range(a, b, gap - 5e-10)
    assert not grid.in_range(a, b, gap - 1e-8)
    # 0.1 + 0.2 style rounding must not put an exactly-on-the-limit target out of range.
    c = grid.parse("K16")  # 4 steps: 3·w = 3.75
    assert grid.in_range(a, c, 3.75)
    assert grid.in_range(a, c, 1.25 + 1.25 + 1.25 - 1e-12)
    assert not grid.in_range(a, c, 3.7499)
