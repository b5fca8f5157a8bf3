"""Exact lattice predicates behind line of sight, cover and distance (BG-AMB-08, BG-AMB-10, BG-AMB-01),
and the fixed orientation tables (BG-AMB-02)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import HexGrid, lattice
from engine.geometry.labels import column_index
from engine.geometry.layout import (
    AXIAL_DIRECTIONS,
    LATTICE_CORNERS,
    METRIC,
    STEP_NORM2,
    axial_to_lattice,
    offset_to_axial,
)

# A flat-topped hex centred on the origin, as used by the engine, and the same listed anticlockwise.
HEX = LATTICE_CORNERS["flat"]
HEX_REVERSED = tuple(reversed(HEX))
SQUARE = ((0, 0), (2, 0), (2, 2), (0, 2))


@pytest.mark.parametrize("poly", [HEX, HEX_REVERSED], ids=["clockwise", "anticlockwise"])
def test_segment_meets_interior(poly):
    """BG-AMB-08: only the open interior blocks; boundary contact does not."""
    meets = lattice.segment_meets_interior
    assert meets((-5, 0), (5, 0), poly)  # straight through the centre
    assert meets((0, 0), (0, 0 + 1), poly)  # entirely inside, ending on the boundary
    assert meets((2, 0), (-2, 0), poly)  # corner to corner through the middle
    assert not meets((-3, -1), (3, -1), poly)  # along the north side
    assert not meets((-1, -1), (1, -1), poly)  # exactly the north side
    assert not meets((2, 0), (4, 2), poly)  # leaves the east corner outwards
    assert not meets((2, -2), (2, 2), poly)  # touches only the east corner
    assert not meets((5, 5), (9, 9), poly)  # far away
    assert meets((2, -2), (0, 2), poly)  # clips the corner region


@pytest.mark.parametrize("poly", [HEX, HEX_REVERSED], ids=["clockwise", "anticlockwise"])
def test_segment_meets_in_more_than_a_point(poly):
    """BG-AMB-10: crossing the interior or running along a side counts; one point does not."""
    more = lattice.segment_meets_in_more_than_a_point
    assert more((-5, 0), (5, 0), poly)
    assert more((-3, -1), (3, -1), poly)  # along the north side
    assert more((0, -1), (3, -1), poly)  # along half of it
    assert not more((1, -1), (3, -1), poly)  # starts at a corner and leaves along the side's line
    assert not more((2, -2), (2, 2), poly)  # touches a corner only
    assert not more((0, -3), (0, -1), poly)  # stops on the side
    assert not more((5, 5), (9, 9), poly)


def test_clip_segment_intervals():
    clip = lattice.clip_segment
    lo_n, lo_d, hi_n, hi_d = clip((-4, 1), (4, 1), SQUARE, strict=False)
    assert (Fraction(lo_n, lo_d), Fraction(hi_n, hi_d)) == (Fraction(1, 2), Fraction(3, 4))
    assert clip((-4, 2), (4, 2), SQUARE, strict=True) is None  # along the top side
    assert clip((-4, 2), (4, 2), SQUARE, strict=False) is not None
    lo_n, lo_d, hi_n, hi_d = clip((2, 2), (4, 4), SQUARE, strict=False)  # single point at t = 0
    assert Fraction(lo_n, lo_d) == Fraction(hi_n, hi_d) == 0
    assert clip((2, 2), (4, 4), SQUARE, strict=True) is None


def test_half_planes_put_the_inside_on_the_positive_side():
    for poly in (HEX, HEX_REVERSED, SQUARE):
        cx = sum(x for x, _ in poly) / len(poly)
        cy = sum(y for _, y in poly) / len(poly)
        for a, b, c in lattice.half_planes(poly):
            assert a * cx + b * cy + c > 0
            assert all(a * x + b * y + c >= 0 for x, y in poly)


def test_collinear_overlap():
    """BG-10.4.1: two lines overlap when they are collinear and share a part of positive length."""
    overlap = lattice.collinear_overlap
    assert overlap((0, 0), (4, 0), (2, 0), (6, 0))
    assert overlap((0, 0), (4, 0), (6, 0), (2, 0))  # opposite directions
    assert overlap((0, 0), (4, 4), (1, 1), (2, 2))  # one inside the other
    assert not overlap((0, 0), (4, 0), (4, 0), (6, 0))  # touching at one point
    assert not overlap((0, 0), (4, 0), (5, 0), (6, 0))  # same line, apart
    assert not overlap((0, 0), (4, 0), (0, 1), (4, 1))  # parallel
    assert not overlap((0, 0), (4, 0), (2, -1), (2, 1))  # crossing


def test_cross_orientation():
    assert lattice.cross((0, 0), (1, 0), (0, 1)) == 1
    assert lattice.cross((0, 0), (0, 1), (1, 0)) == -1
    assert lattice.cross((0, 0), (1, 1), (3, 3)) == 0


def test_distances_between_squares_and_to_segments():
    """BG-AMB-01: minimum over vertices against edges, both ways, exact."""
    unit = ((0, 0), (1, 0), (1, 1), (0, 1))
    moved = tuple((x + 3, y) for x, y in unit)
    diagonal = tuple((x + 2, y + 2) for x, y in unit)
    touching = tuple((x + 1, y) for x, y in unit)
    assert lattice.polygon_distance2(unit, moved, 1, 1) == 4
    assert lattice.polygon_distance2(unit, diagonal, 1, 1) == 2
    assert lattice.polygon_distance2(unit, touching, 1, 1) == 0
    assert lattice.point_segment_distance2((1, 1), (0, 0), (2, 0), 1, 1) == 1
    assert lattice.point_segment_distance2((3, 1), (0, 0), (2, 0), 1, 1) == 2
    assert lattice.point_segment_distance2((1, 1), (0, 0), (2, 2), 1, 1) == 0
    # Weighted: (1, 0)-(0, 1) in the metric x² + 3y².
    assert lattice.point_segment_distance2((0, 0), (1, 0), (0, 1), 1, 3) == Fraction(3, 4)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_orientation_tables_agree(orientation):
    """Each direction step is one width long (12 weighted units), and side d's midpoint is half the
    step in direction d (side d runs from corner d to corner d + 1)."""
    kx, ky = METRIC[orientation]
    corners = LATTICE_CORNERS[orientation]
    for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS[orientation]):
        x, y = axial_to_lattice(orientation, dq, dr)
        assert kx * x * x + ky * y * y == STEP_NORM2
        (x0, y0), (x1, y1) = corners[d], corners[(d + 1) % 6]
        assert (x0 + x1, y0 + y1) == (x, y)
        # The circumradius is w/√3: 4 weighted units (12 / 3).
        assert kx * x0 * x0 + ky * y0 * y0 == STEP_NORM2 // 3


def test_offset_conventions():
    """BG-AMB-02: odd-q shoves odd (0-based) columns down, even-q the even ones, likewise for rows."""
    assert axial_to_lattice("flat", *offset_to_axial("odd-q", 1, 0))[1] == 1
    assert axial_to_lattice("flat", *offset_to_axial("even-q", 1, 0))[1] == -1
    assert axial_to_lattice("pointy", *offset_to_axial("odd-r", 0, 1))[0] == 1
    assert axial_to_lattice("pointy", *offset_to_axial("even-r", 0, 1))[0] == -1
    with pytest.raises(ValueError):
        offset_to_axial("odd-x", 0, 0)


@pytest.mark.parametrize("text", ["", "A1", "é", "A-"])
def test_column_index_rejects_non_letters(text):
    with pytest.raises(ValueError):
        column_index(text)


FLAT = HexGrid(25, 30, "flat", "odd-q", 1.0)


@settings(max_examples=300, deadline=None)
@given(st.integers(-60, 60), st.integers(-60, 60), st.integers(1, 12))
def test_containing_hexes_are_the_nearest_centres(num_q, num_r, den):
    """The hexes containing a point are exactly those whose centre is nearest (Voronoi cells); checked
    against a brute-force search over a wide window (BG-AMB-18 ties)."""
    found = set(FLAT._containing(num_q, num_r, den))

    def dist2(cq: int, cr: int) -> int:
        dq, dr = num_q - cq * den, num_r - cr * den
        return dq * dq + dr * dr + dq * dr

    q0, r0 = num_q // den, num_r // den
    window = [(q, r) for q in range(q0 - 3, q0 + 4) for r in range(r0 - 3, r0 + 4)]
    best = min(dist2(q, r) for q, r in window)
    assert found == {(q, r) for q, r in window if dist2(q, r) == best}
    assert 1 <= len(found) <= 3
